"""What authors meet: the build's checks of widget HTML, widgets inside admonitions, lists and
content tabs, missing twin pages, pages missing from the nav, widgets that raise or compute NaN,
mistakes in a widget's declaration, builds for publishing; every mistake on one line, all listed.

The builds run in a small copy of the project (two pages per language), so each costs seconds."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from macros.authoring import TOKEN_RE, missing_twins, stash, unstash
from macros.checks import problem
from mini_project import CONTEXTS_ES, CONTEXTS_PT, mini_project, mkdocs_build

# --- builds of a small copy of the project (tests/mini_project.py) --------------------------

@pytest.fixture(scope="module")
def mini(tmp_path_factory) -> Path:
    top = mini_project(tmp_path_factory.mktemp("mini"))
    proc = mkdocs_build(top)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return top


@pytest.mark.slow
def test_widgets_work_inside_admonitions_lists_and_tabs(mini):
    doc = BeautifulSoup((mini / "site" / "contexts" / "index.html").read_text(encoding="utf-8"), "html.parser")
    article = doc.find("article")
    assert "AULABLOCK" not in str(article)
    for selector, widget_id in ((".admonition", "pe_fingerprint"), ("li", "pe_sum"), (".tabbed-block", "tokenizer")):
        found = article.select(f'{selector} .aula-widget[data-widget="{widget_id}"]')
        assert len(found) == 1, (selector, widget_id)
        w = found[0]
        assert json.loads(w["data-base"]), widget_id           # the attribute is whole, valid JSON
        assert w.select(".aula-view .aula-part"), widget_id
        assert "aula-widget" not in w.get_text()                # no markup shown as text
    tok = article.select_one('.aula-widget[data-widget="tokenizer"]')
    assert json.loads(tok["data-base"])["text"] == 'dijo "hola" <script>alert(1)</script>'
    assert not tok.select(".aula-view script")                  # the reader's text stays text
    assert article.select(".tabbed-set input") and len(article.select(".tabbed-block")) == 2
    assert re.search(r"La distancia es \d", article.get_text())


def break_and_build(mini: Path, path: str, text: str | None, env: dict | None = None, args: list | None = None) -> str:
    """Build with one file changed (or removed when text is None); returns the output; restores it."""
    target = mini / path
    original = target.read_bytes() if target.exists() else None
    try:
        if text is None:
            target.unlink()
        else:
            target.write_text(text, encoding="utf-8")
        proc = mkdocs_build(mini, env, args)
        assert proc.returncode != 0, "the build should have stopped"
        return proc.stdout + proc.stderr
    finally:
        if original is None:
            target.unlink(missing_ok=True)
        else:
            target.write_bytes(original)


@pytest.mark.slow
def test_missing_twin_stops_the_build(mistakes):
    assert mistakes.once(r"docs/pt/only-es.md is missing: docs/es/only-es.md has no Portuguese twin"), mistakes.out[-2000:]


BAD_WIDGETS = '''
from ..kit.controls import Range
from ..kit.html import Markup, h
from ..kit.registry import View, widget


@widget("bad_nan", lesson="bad", title={"es": "x", "pt": "x"},
        controls=[Range("t", {"es": "T", "pt": "T"}, 1, min=0, max=3, step=1)])
def bad_nan(p, lang):
    x = float("nan") if p["t"] == 3 else 1.0
    return View(parts={"main": Markup(f"<p>entropía: {x:.2f} bits</p>")}, data={"x": x})


@widget("bad_raise", lesson="bad", title={"es": "x", "pt": "x"},
        controls=[Range("t", {"es": "T", "pt": "T"}, 1, min=0, max=3, step=1)])
def bad_raise(p, lang):
    return View(parts={"main": h("p", None, str(1 / (2 - p["t"])))})
'''


WIDGET_MISTAKES = [
    ('{{ widget("bad_nan") }}',
     r"macro widget\('bad_nan'\): part 'main' with t=3: a non-finite number in the text: 'nan'"),
    ('{{ widget("bad_raise") }}',
     r"macro widget\('bad_raise'\): the widget raised ZeroDivisionError: .* at "
     r"lesson_core/widgets/zz_bad.py:\d+ \(while precomputing part 'main' with t=2\)"),
    ('{{ value("bad_nan", "x", t=3) }}', r"data field 'x' is not finite"),
    ('{{ value("pe_ambiguity", "nope") }}', r"no data field 'nope' \(at 'nope' there are fields '"),
    ('{{ widget("pe_fingerprnt") }}', r"unknown widget 'pe_fingerprnt'; did you mean 'pe_fingerprint'\?"),
    ('{{ widget("pe_fingerprint", d=7) }}', r"parameter 'd' rejects this value; readers would read: .*par"),
]


@pytest.mark.slow
@pytest.mark.parametrize("n", range(len(WIDGET_MISTAKES)), ids=[c for c, _ in WIDGET_MISTAKES])
def test_widget_mistakes_name_page_line_widget_and_parameters(mistakes, n):
    call, expect = WIDGET_MISTAKES[n]
    line = mistakes.lines["es"][call]
    assert mistakes.once(rf"docs/es/contexts.md:{line}: .*{expect}"), (call, line, mistakes.out[-3000:])


@pytest.mark.slow
@pytest.mark.parametrize("env", [{"AULA_PUBLISH": "1", "AULA_SITE_URL": ""}, {"AULA_PUBLISH": "1", "AULA_SITE_URL": "http://127.0.0.1:8000/aula/"}])
def test_a_build_for_publishing_needs_the_address(mini, env):
    proc = mkdocs_build(mini, {k: v for k, v in env.items()})
    assert proc.returncode != 0
    assert "a build for publishing needs the site's address: set AULA_SITE_URL" in proc.stdout + proc.stderr


def test_live_failure_tells_the_author_where(monkeypatch):
    """What the browser's console shows when a widget raises for a typed value (aula.js logs it
    with the widget id and parameters; the reader sees py_error in their language)."""
    import lesson_core
    from lesson_core.kit.registry import get

    def broken(p, lang):
        return 1 / 0
    monkeypatch.setattr(get("pe_fingerprint"), "fn", broken)
    out = json.loads(lesson_core.render_json("pe_fingerprint", '{"pos": "12"}', "pt"))
    assert out["ok"] is False and out["error"]["message"] is None
    assert out["error"]["internal"].startswith("ZeroDivisionError: division by zero (at tests/test_authoring.py:")


@pytest.mark.slow
def test_jinja_syntax_error_names_the_files_line(mini):
    out = break_and_build(mini, "docs/es/contexts.md", CONTEXTS_ES + '\n{{ widget("pe_sum" }}\n')
    line = len(CONTEXTS_ES.splitlines()) + 2                  # counted in the file, front matter included
    assert f"docs/es/contexts.md:{line}: macro syntax error: unexpected '}}'" in out, out[-2000:]


@pytest.mark.slow
def test_formula_error_names_the_files_line(mini):
    out = break_and_build(mini, "docs/es/contexts.md", CONTEXTS_ES + "\n$$ \\softmx(x) $$\n")
    line = len(CONTEXTS_ES.splitlines()) + 2
    assert f'docs/es/contexts.md:{line}: formula "\\softmx(x)" does not render' in out, out[-2000:]


# Each macro mistake, on a page of its own language: the build names the file, the line and the macro
# (these were four whole-site builds in tests/test_build.py; one build of the mini project sees them all).
PAGE_MISTAKES = [
    ('{{ widget("pe_nope") }}', "unknown widget 'pe_nope'"),
    ('{{ widget("pe_heatmap", colour=3) }}', "has no parameter 'colour'"),
    ('{{ widget("pe_fingerprint", d=7) }}', "parameter 'd'"),
    ('{{ value("pe_ambiguity", "no_such_field") }}', "no data field 'no_such_field'"),
]


@pytest.mark.slow
@pytest.mark.parametrize("n", range(len(PAGE_MISTAKES)), ids=[c for c, _ in PAGE_MISTAKES])
def test_macro_mistake_names_file_line_and_macro(mistakes, n):
    call, expect = PAGE_MISTAKES[n]
    macro = call.strip("{} ").split("(")[0] + "("
    line = mistakes.lines["pt"][call]
    hits = [ln for ln in mistakes.out.splitlines() if f"docs/pt/contexts.md:{line}: macro {macro}" in ln and expect in ln]
    assert len(hits) == 1, (call, line, mistakes.out[-4000:])


# --- every mistake on one line, all of them listed -----------------------------------------

def test_declaration_mistakes_name_the_widget_line():
    """A duplicate id, a control kind the page does not know and a default a control cannot take
    are raised when the module is imported, naming the file and line of its @widget(."""
    import inspect

    from lesson_core.kit.controls import Choice, Range
    from lesson_core.kit.registry import AuthorError, _REGISTRY, widget

    here = "tests/test_authoring.py"
    line = inspect.currentframe().f_lineno
    cases = [
        (lambda: widget("pe_sum", lesson="x", title={}), 1, r"widget 'pe_sum': the id is already declared at "
         r"lesson_core/widgets/positional.py:\d+; widget ids are global"),
        (lambda: widget("zz_kind", lesson="x", title={}, controls=["range"]), 3,
         r"'range' is not a control the page knows; use one of Choice, Range, Toggle, Number, Text"),
        (lambda: widget("zz_range", lesson="x", title={}, controls=[Range("t", {}, 5, min=0, max=3)]), 5,
         r"Range 't': the default 5 is refused \(readers would read: .*\); make it one of 0, 1, 2, 3"),
        (lambda: widget("zz_choice", lesson="x", title={}, controls=[Choice("c", {}, "z", options=[("a", "A")])]), 7,
         r"Choice 'c': the default 'z' is refused .*; make it one of a"),
    ]
    for make, offset, expect in cases:
        with pytest.raises(AuthorError) as caught:
            make()
        message = str(caught.value)
        assert "\n" not in message and re.search(expect, message), message
        assert re.match(rf"(.*/)?{here}:{line + offset + 1}: widget ", message), message
    assert not {"zz_kind", "zz_range", "zz_choice"} & set(_REGISTRY)


BAD_DECLARATION = BAD_WIDGETS.replace("Range(\"t\", {\"es\": \"T\", \"pt\": \"T\"}, 1, min=0, max=3, step=1)])\ndef bad_nan",
                                      "Range(\"t\", {\"es\": \"T\", \"pt\": \"T\"}, 5, min=0, max=3, step=1)])\ndef bad_nan")


def declaration_build(mini: Path, source: str) -> tuple[str, int]:
    """The build's output with lesson_core/widgets/zz_bad.py written from ``source``, and the line of
    its bad_nan @widget(."""
    assert source != BAD_WIDGETS
    module = mini / "lesson_core" / "widgets" / "zz_bad.py"
    try:
        out = break_and_build(mini, "lesson_core/widgets/zz_bad.py", source)
    finally:
        module.unlink(missing_ok=True)
    return out, source.splitlines().index('@widget("bad_nan", lesson="bad", title={"es": "x", "pt": "x"},') + 1


@pytest.mark.slow
def test_a_declaration_mistake_stops_the_build_in_one_line(mini):
    out, line = declaration_build(mini, BAD_DECLARATION)
    assert re.search(rf"lesson_core/widgets/zz_bad.py:{line}: widget 'bad_nan': Range 't': the default 5 is refused", out), out[-3000:]
    assert "Traceback" not in out, out[-3000:]


@pytest.mark.slow
def test_a_page_missing_from_the_nav_stops_the_build(mistakes):
    for lang in ("es", "pt"):
        assert mistakes.once(rf"docs/{lang}/extra.md: the page is not in the nav \(mkdocs.yml:\d+\).*add `- extra.md` "
                             "to the nav"), mistakes.out[-3000:]


@pytest.mark.slow
def test_every_mistake_is_listed_on_one_line_and_the_build_stops_at_the_end(mistakes):
    """Mistakes on pages of both languages and a missing twin: each on one line, all of them, no
    traceback (those with -v), and the build fails after the last page."""
    expected = [r"docs/pt/only-es.md is missing: docs/es/only-es.md has no Portuguese twin",
                r"docs/es/only-es.md: the page is not in the nav",
                r"docs/es/contexts.md:\d+: macro widget\('pe_fingerprnt'\): unknown widget",
                r"docs/es/contexts.md:\d+: macro value\('pe_ambiguity', 'nope'\): no data field 'nope'",
                r"docs/pt/contexts.md:\d+: macro widget\('pe_sum', word='gato'\): parameter 'word' rejects",
                r"docs/pt/contexts.md:\d+: UndefinedError: 'nope' is undefined; only the macros"]
    for pattern in expected:
        assert mistakes.once(pattern), (pattern, mistakes.out[-4000:])
    assert re.search(rf"\b{mistakes.count} author mistakes \(listed above, one per line\): the build stops",
                     mistakes.out), mistakes.out[-2000:]
    assert "Traceback" not in mistakes.out and "Macro Rendering Error" not in mistakes.out, mistakes.out[-4000:]
    assert "Traceback" in mistakes.verbose


def test_a_page_left_out_on_purpose_is_not_a_mistake(tmp_path):
    """mkdocs.yml's `not_in_nav` (the teachers' class sets) exempts a page from the nav check, and only it."""
    from mkdocs.config.config_options import PathSpec

    from macros.authoring import outside_nav
    for lang in ("es", "pt"):
        (tmp_path / lang / "teacher" / "class").mkdir(parents=True)
        (tmp_path / lang / "index.md").write_text("x", encoding="utf-8")
        (tmp_path / lang / "teacher" / "class" / "a.md").write_text("x", encoding="utf-8")
        (tmp_path / lang / "stray.md").write_text("x", encoding="utf-8")
    spec = PathSpec().run_validation("/*/teacher/class/*.md")
    found = outside_nav(tmp_path, ["index.md"], None, spec)
    assert len(found) == 2 and all("stray.md: the page is not in the nav" in m for m in found), found
    assert len(outside_nav(tmp_path, ["index.md"], None, None)) == 4


# --- the mistakes that used to pass silently (issue 28): named by the build at their own line -------

SILENT = """
from ..kit.controls import Range
from ..kit.fmt import tr
from ..kit.html import h, svg
from ..kit.registry import View, widget


@widget("zz_silent", lesson="bad", title={"es": "Silencio", "pt": "Silêncio"},
        controls=[Range("t", {"es": "Temperatura <b>T</b>",
                              "pt": "Temperatura T"}, 1, min=0, max=3, step=1)])
def zz_silent(p, lang):
    said = tr(lang, {"es": "La barra es muy larga.",
                     "pt": "La barra es muy larga y no cabe en el teléfono."})
    return View(parts={"main": svg(900, 60, h("text", {"x": 1, "y": 30}, "x"), label=said)}, summary=said)
"""
SPANISH_ON_PT = "Esta frase quedó en español: los lectores de la página no la pueden leer y es muy larga."


@pytest.mark.slow
def test_the_silent_mistakes_stop_the_build_at_their_own_lines(mistakes):
    """A string in the other language (a widget module's, a page's paragraph), a view wider than
    a phone's box (every state checked) and markup in a label: each one line naming its file and
    line, in the build's format; the unknown-macro line lists every macro."""
    lines = SILENT.splitlines()
    at = {key: next(i for i, line in enumerate(lines, 1) if key in line)
          for key in ("@widget(", "<b>T</b>", "no cabe")}
    expected = [
        rf"lesson_core/widgets/zz_silent.py:{at['no cabe']}: the Portuguese text \(\"pt\"\) reads as Spanish: "
        r"'La barra es muy larga y no cabe en el teléfono.'; write it in Portuguese",
        rf"lesson_core/widgets/zz_silent.py:{at['@widget(']}: widget 'zz_silent': part 'main': a figure 900 units "
        r"wide, more than the 264 a phone's figure box holds \(svgkit.NARROW\)",
        rf"lesson_core/widgets/zz_silent.py:{at['<b>T</b>']}: widget 'zz_silent': the label of Range 't' holds markup "
        r"\(<b>\), which readers would see",
        rf"docs/pt/contexts.md:{mistakes.lines['pt'][SPANISH_ON_PT]}: this paragraph of a Portuguese page reads as Spanish",
        rf"docs/es/contexts.md:{mistakes.lines['es']['{{ nope() }}']}: UndefinedError: 'nope' is undefined; only the "
        r"macros widget\(\), .*class_set\(\), .*bundle_link\(\).* exist",
    ]
    for pattern in expected:
        assert mistakes.once(pattern), (pattern, mistakes.out[-4000:])
    assert "fmt.py" not in mistakes.out and "Traceback" not in mistakes.out, mistakes.out[-4000:]


# --- one build of the small project that holds every mistake the build lists and goes on after ----

class Mistakes:
    """The output of one build of the mini project made with every mistake that the build lists
    and goes past: widget, value and page mistakes on pages of both languages, a missing twin,
    pages outside the nav, and the silent mistakes (other-language text, a too-wide view, markup in
    a label). Each test reads its own lines; one build instead of fifteen. ``lines[lang][text]``
    is the line of each added call or paragraph on that language's page; ``verbose`` the same build
    with -v; ``count`` how many distinct mistakes the build should count."""

    def __init__(self, out: str, verbose: str, lines: dict, count: int):
        self.out, self.verbose, self.lines, self.count = out, verbose, lines, count

    def once(self, pattern: str) -> bool:
        """Whether exactly one line of the output matches ``pattern``."""
        return sum(1 for ln in self.out.splitlines() if re.search(pattern, ln)) == 1


def _with_lines(text: str, additions: list[str]) -> tuple[str, dict[str, int]]:
    where = {}
    for added in additions:
        text += "\n\nTexto.\n\n"
        where[added] = len(text.splitlines()) + 1
        text += added + "\n"
    return text, where


@pytest.fixture(scope="module")
def mistakes(mini) -> Mistakes:
    es_calls = [c for c, _ in WIDGET_MISTAKES] + ['{{ widget("zz_silent") }}', "{{ nope() }}"]
    pt_calls = [c for c, _ in PAGE_MISTAKES] + ['{{ widget("pe_sum", word="gato") }}', "{{ nope() }}", SPANISH_ON_PT]
    es, es_at = _with_lines(CONTEXTS_ES, es_calls)
    pt, pt_at = _with_lines(CONTEXTS_PT, pt_calls)
    written = {"lesson_core/widgets/zz_bad.py": BAD_WIDGETS, "lesson_core/widgets/zz_silent.py": SILENT,
               "docs/pt/contexts.md": pt, "docs/es/only-es.md": "# Solo\n",
               "docs/es/extra.md": "# Extra\n", "docs/pt/extra.md": "# Extra\n"}
    for path, text in written.items():
        (mini / path).write_text(text, encoding="utf-8")
    try:
        out = break_and_build(mini, "docs/es/contexts.md", es)
        verbose = break_and_build(mini, "docs/es/contexts.md", es, args=["-v"])
    finally:
        for path in written:
            (mini / path).unlink()
        (mini / "docs/pt/contexts.md").write_text(CONTEXTS_PT, encoding="utf-8")
    # every added call or paragraph is one mistake, but zz_silent's call, whose three mistakes are
    # its module's (counted here); a missing twin; three pages outside the nav
    count = (len(es_calls) - 1) + len(pt_calls) + 3 + 1 + 3
    return Mistakes(out, verbose, {"es": es_at, "pt": pt_at}, count)


LABEL_WITHOUT_PT = BAD_WIDGETS.replace('controls=[Range("t", {"es": "T", "pt": "T"}, 1, min=0, max=3, step=1)])\ndef bad_nan',
                                       'controls=[Range("t", {"es": "T"}, 1, min=0, max=3, step=1)])\ndef bad_nan')


@pytest.mark.slow
def test_a_label_without_portuguese_stops_the_build_at_the_widget_line(mini):
    out, line = declaration_build(mini, LABEL_WITHOUT_PT)
    assert re.search(rf"lesson_core/widgets/zz_bad.py:{line}: widget 'bad_nan': Range 't': its label has no "
                     "Portuguese text", out), out[-3000:]
    assert "fmt.py" not in out and "Traceback" not in out, out[-3000:]
