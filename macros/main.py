"""mkdocs-macros module: thin adapters from a macro call in a page to lesson_core.

In a page::

    {{ widget("pe_heatmap", d=32) }}              the widget's full block, rendered now
    {{ value("pe_ambiguity", "full_distance", digits=3) }}   one computed number, formatted

The page language comes from the page's folder (``docs/es/`` or ``docs/pt/``).
An author's mistake (unknown widget, unknown or bad parameter, unknown data field, a widget
that raises, a view with NaN or broken HTML) stops ``mkdocs build`` with the file, the line
and the macro named, in English; under ``mkdocs serve`` it is logged and shown on the page
instead (see :mod:`macros.authoring`). A widget's block reaches the page through
:func:`macros.authoring.stash`, so Markdown never touches it.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import lesson_core
from lesson_core.classroom import curriculum_view, teacher
from lesson_core.kit.fmt import fmt, fmt_pct, tr
from lesson_core.kit.html import Markup, h
from lesson_core.kit.messages import ParamError
from lesson_core.kit.registry import UnknownParam, UnknownWidget
from lesson_core.widgets import class_set as class_set_view, turing_quiz
from macros import curriculum, devloop, pagecache, pwa, qr
from macros.authoring import MacroError, author_error, call_text, locate, raised_at, stash
from macros.checks import problem
from macros.glossary import glossary_markdown, glossary_sources

__all__ = ["define_env", "page_lang", "MacroError"]

LANGS = ("es", "pt")


class BadView(Exception):
    """A view or precomputed state a reader must not receive (see macros/checks.py)."""


class FieldError(Exception):
    """A `value()` field that is missing or not a finite number."""


def page_lang(page) -> str:
    """'es' or 'pt', from the page's source folder."""
    src = page.file.src_uri if hasattr(page.file, "src_uri") else page.file.src_path
    first = Path(src).parts[0]
    if first in LANGS:
        return first
    locale = getattr(page.file, "locale", None)
    if locale in LANGS:
        return locale
    raise MacroError(f"{src}: page is outside docs/es/ and docs/pt/; cannot tell its language")


def check_view(part: str, values: dict, html: str) -> None:
    """The `check` callback of render_block: every view and precomputed state, before it is kept."""
    found = problem(html)
    if found:
        shown = ", ".join(f"{k}={v!r}" for k, v in values.items())
        raise BadView(f"part {part!r} with {shown}: {found}")


def detail(err: Exception, widget_id: str, lang: str) -> str:
    """The English explanation of a failed macro (a reader's message quoted in the page's language)."""
    if isinstance(err, ParamError):
        said = tr(lang, err.text) if lang in err.text else next(iter(err.text.values()))
        return f"parameter {err.param!r} rejects this value; readers would read: {said}" if err.param else said
    if isinstance(err, UnknownWidget):
        close = difflib.get_close_matches(widget_id, [w["id"] for w in lesson_core.list_widgets()], n=1)
        return f"unknown widget {widget_id!r}" + (f"; did you mean {close[0]!r}?" if close else
                                                  "; `python -m lesson_core list` shows them all")
    if isinstance(err, (UnknownParam, FieldError, BadView)):
        return str(err)
    where = raised_at(err)
    notes = "; ".join(getattr(err, "__notes__", []))
    return (f"the widget raised {type(err).__name__}: {err}" + (f" at {where}" if where else "")
            + (f" ({notes})" if notes else ""))


def lookup(data: dict, field: str, hint=lambda key: ""):
    """The number at a dotted path of a widget's data ("code.3"); explains what exists when missing
    (``hint(key)``: what the widget's ``fields=`` says of a missing top-level field)."""
    node = data
    for key in field.split("."):
        try:
            node = node[int(key)] if isinstance(node, list) else node[key]
        except (KeyError, IndexError, ValueError, TypeError):
            there = (f"indices 0..{len(node) - 1}" if isinstance(node, list)
                     else "fields " + ", ".join(map(repr, node)) if isinstance(node, dict) else "no fields")
            said = hint(key) if node is data else ""
            raise FieldError(f"no data field {field!r} (at {key!r} there are {there}){said}") from None
    if isinstance(node, bool) or not isinstance(node, (int, float)):
        raise FieldError(f"data field {field!r} is not a number: {node!r}")
    if node != node or node in (float("inf"), float("-inf")):
        raise FieldError(f"data field {field!r} is not finite ({node}): the widget computed no usable number")
    return node


def define_env(env):
    counters: dict[tuple, int] = {}
    views = lesson_core.Views()  # this build's: every widget state computed once, by value() and widget()

    def serving() -> bool:
        return devloop.serving(env.conf)

    def _nth(page, key: str) -> int:
        k = (id(page), key)  # a new Page object on every (re)build, so `mkdocs serve` restarts at 0
        counters[k] = counters.get(k, -1) + 1
        return counters[k]

    def _fail(page, name: str, widget_id: str, nth: int, call: str, err: Exception, lang: str) -> str:
        message = f"{locate(page, name, widget_id, nth)}: macro {call}: {detail(err, widget_id, lang)}"
        return author_error(serving(), page, message, inline=name == "value", err=err)

    @env.macro
    def widget(widget_id: str, **params) -> Markup:
        """Inline the full block of a widget (controls, default view, precomputed results)."""
        page = env.page
        nth = _nth(page, "widget:" + widget_id)
        lang = page_lang(page)
        call = call_text("widget", widget_id, (), params)
        try:
            uid = f"w-{widget_id}-{nth}".replace("_", "-")
            block = lambda: lesson_core.render_block(widget_id, params, lang, uid, check=check_view,  # noqa: E731
                                                     views=views)
            if serving():  # kept between rebuilds while the widget's sources are unchanged
                key = (widget_id, repr(sorted(params.items())), lang, uid)
                module = lesson_core.get(widget_id).fn.__module__
                pagecache.uses(page, module)
                return Markup(stash(page, devloop.cached_block(module, key, block)))
            return Markup(stash(page, block()))
        except Exception as err:  # every failure is the author's to see, named by file and line
            return Markup(_fail(page, "widget", widget_id, nth, call, err, lang))

    @env.macro
    def glossary() -> str:
        """The glossary table of the page's language (terms in macros/glossary.py)."""
        lang = page_lang(env.page)
        pagecache.reads(env.page, glossary_sources(lang))  # where each term is taught: the lesson pages
        return glossary_markdown(lang)

    @env.macro
    def value(widget_id: str, field: str, digits: int | None = None, pct: bool = False, **params) -> str:
        """One number from a widget's data (dotted path, list indices allowed: "code.3")."""
        page = env.page
        nth = _nth(page, "value:" + widget_id)
        lang = page_lang(page)
        call = call_text("value", widget_id, (field,), params)
        try:
            data = views.data(widget_id, params, lang)  # the numbers only: no figure is drawn for them
            if serving():  # a memo hit runs no widget code: the page still depends on the widget's module
                pagecache.uses(page, lesson_core.get(widget_id).fn.__module__)
            node = lookup(data, field, lambda key: views.field_hint(widget_id, params, lang, key))
            return fmt_pct(node, lang, digits if digits is not None else 1) if pct else fmt(node, lang, digits)
        except Exception as err:
            return _fail(page, "value", widget_id, nth, call, err, lang)

    # --- teacher pages (issue 11) ---------------------------------------------------------

    def _classroom(name: str, arg: str, render) -> Markup:
        """A teacher-page macro: ``render(lang)`` stashed, or the author's error named by file and line."""
        page = env.page
        nth = _nth(page, f"{name}:{arg}")
        lang = page_lang(page)
        try:
            return Markup(stash(page, render(lang)))
        except Exception as err:
            return Markup(_fail(page, name, arg, nth, call_text(name, arg, (), {}), err, lang))

    @env.macro
    def lesson_plan(lesson_page: str) -> Markup:
        """A lesson page's plans (one 45-minute session, two where needed) with setup and materials."""
        return _classroom("lesson_plan", lesson_page, lambda lang: teacher.plan_html(lesson_page, lang))

    @env.macro
    def class_set(chapter: str) -> Markup:
        """A chapter's class set: one sheet per student in one print job after a cover (the guide's
        curriculum box and the lesson's QR code), and a compact key packet."""
        def render(lang: str) -> Markup:
            lesson = class_set_view.LESSONS.get(chapter, chapter)  # an unknown chapter: class_set_html says so
            box = _curriculum(lambda lang, heads, href: curriculum_view.box_html(lesson, lang, heads, href)) \
                if lesson in class_set_view.LESSONS.values() else None
            url = env.conf["site_url"] + tr(lang, {"es": "", "pt": "pt/"}) + lesson + "/"
            code = qr.qr_figure(url, tr(lang, {"es": "Código QR de la lección", "pt": "Código QR da lição"}))
            return class_set_view.class_set_html(chapter, lang, box, code)
        return _classroom("class_set", chapter, render)

    def _curriculum(render):
        page, conf = env.page, env.conf
        lang = page_lang(page)
        pagecache.reads(page, curriculum.sources(conf["docs_dir"], lang))  # the sections' titles
        return render(lang, curriculum.headings(conf["docs_dir"], lang),
                      curriculum.href_from(page, conf["use_directory_urls"]))

    @env.macro
    def curriculum_box(lesson_page: str) -> Markup:
        """What the lesson covers in the reader's curriculum (BNCC for pt, UNESCO for both), with sections."""
        return _classroom("curriculum_box", lesson_page, lambda lang: _curriculum(
            lambda lang, heads, href: curriculum_view.box_html(lesson_page, lang, heads, href)))

    @env.macro
    def curriculum_overview() -> Markup:
        """The whole course against the reader's curricula: every code with the lessons that meet it."""
        return _classroom("curriculum_overview", "", lambda lang: _curriculum(curriculum_view.overview_html))

    @env.macro
    def course_overview() -> Markup:
        """The teachers' page table: each chapter's classes of 45 minutes and whether it needs calculators."""
        return _classroom("course_overview", "", teacher.course_html)

    @env.macro
    def site_qr() -> Markup:
        """The QR code of the site's address in the page's language (site_url), with the address beside it."""
        lang = page_lang(env.page)
        url = env.conf["site_url"] + tr(lang, {"es": "", "pt": "pt/"})
        return Markup(stash(env.page, qr.qr_figure(url, tr(lang, {"es": "Código QR de la dirección del sitio",
                                                                   "pt": "Código QR do endereço do site"}))))

    @env.macro
    def bundle_link() -> Markup:
        """The offline bundle's download link (the release asset; AULA_BUNDLE_URL, set by the publishing
        workflow), or where to get it when this build has no address for it."""
        url = env.conf["extra"].get("aula_bundle_url") or ""
        lang = page_lang(env.page)
        if url:
            return Markup(stash(env.page, h("div", {"class": "aula-bundle"}, h(
                "a", {"href": url, "class": "md-button md-button--primary", "download": ""},
                tr(lang, {"es": "Descargar aula-offline.zip", "pt": "Baixar aula-offline.zip"})),
                qr.qr_figure(url, tr(lang, {"es": "Código QR de la descarga de la copia sin conexión",
                                            "pt": "Código QR do download da cópia offline"})))))
        return Markup(h("em", None, tr(lang, {"es": "Esta copia del sitio no tiene enlace de descarga: el archivo "
                                                     "aula-offline.zip se publica con cada versión del proyecto, en su "
                                                     "página de versiones; pídelo a quien administra el sitio.",
                                               "pt": "Esta cópia do site não tem link de download: o arquivo "
                                                     "aula-offline.zip é publicado com cada versão do projeto, na "
                                                     "página de versões; peça-o a quem administra o site."})))

    @env.macro
    def live_download(devices: int) -> Markup:
        """What live Python costs on the real-model page: the MB one device fetches (the build's own
        figure, macros/runtime.py), ``devices`` of them together, and the advice; in the offline bundle,
        that nothing is fetched."""
        lang = page_lang(env.page)
        runtime = env.conf["extra"].get("aula_runtime")
        if not runtime:  # the offline bundle carries the runtime: nothing to download
            return Markup(tr(lang, {"es": "En esta copia sin conexión el cálculo en vivo ya viene incluido: no se "
                                          "descarga nada.",
                                    "pt": "Nesta cópia offline o cálculo ao vivo já vem incluído: nada é baixado."}))
        one, total = runtime["wire"] / 1e6, runtime["wire"] * devices / 1e6
        return Markup(tr(lang, {
            "es": "La primera vez que un dispositivo usa el cálculo en vivo, descarga unos {one} MB (el motor de "
                  "Python y los datos del modelo); {n} dispositivos, unos {total} MB en total. Con datos prepagados "
                  "eso pesa: que la abran en la escuela, con wifi, o usen la copia sin conexión, que ya trae Python "
                  "y no descarga nada.",
            "pt": "Na primeira vez que um aparelho usa o cálculo ao vivo, ele baixa cerca de {one} MB (o motor do "
                  "Python e os dados do modelo); {n} aparelhos, cerca de {total} MB no total. Com dados pré-pagos "
                  "isso pesa: peça que a abram na escola, no wi-fi, ou usem a cópia offline, que já traz o Python "
                  "e não baixa nada."}).format(
            one=fmt(round(one, 1), lang, 1), n=fmt(devices, lang), total=fmt(round(total), lang)))

    @env.macro
    def offline_size(which: str) -> Markup:
        """A size the teachers' page quotes for saving on a phone (macros/pwa.py puts it in after the
        build): "all" (every lesson of the page's language), "chapter_min", "chapter_max"."""
        lang = page_lang(env.page)
        if env.conf["extra"].get("aula_offline") or serving():  # no service worker: no size to quote
            pwa.marker(which)  # a wrong name still stops the build
            return Markup(h("em", None, tr(lang, {"es": "el tamaño figura en el sitio publicado",
                                                  "pt": "o tamanho aparece no site publicado"})))
        return Markup(pwa.marker(which))

    @env.macro
    def quiz_key(widget_id: str) -> Markup:
        """A quiz's answer key: question, options with the right one marked, and the explanation."""
        page = env.page
        nth = _nth(page, "quiz_key:" + widget_id)
        lang = page_lang(page)
        try:
            if widget_id not in turing_quiz.QUIZZES:
                raise LookupError(f"{widget_id!r} is not a quiz; quizzes: {sorted(turing_quiz.QUIZZES)}")
            pagecache.uses(page, turing_quiz.__name__)
            return Markup(stash(page, turing_quiz.answer_key(widget_id, lang)))
        except Exception as err:
            return Markup(_fail(page, "quiz_key", widget_id, nth, call_text("quiz_key", widget_id, (), {}), err, lang))
