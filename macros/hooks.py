"""MkDocs hooks: thin event handlers; the work is in mathml.py, runtime.py, search.py,
authoring.py (what authors see) and devloop.py (the `mkdocs serve` loop).

- ``on_startup``: remember the command (build, serve, gh-deploy).
- ``on_config``: under ``mkdocs serve``, reload changed lesson_core/macros code and keep serving
  through author mistakes; a build for publishing needs the site's address; for the offline
  bundle, Material's offline plugin would add an iframe-worker shim from a CDN; we point it at
  the vendored copy first. Otherwise the runtime's versioned file names, which main.html gives
  each page (macros/runtime.py); the bridge's bundle names and the teacher kit's messages, for main.html.
- ``on_serve``: also watch lesson_core/, macros/ and overrides/; livereload's script gets its
  hash in each page's Content Security Policy.
- ``on_files``: the bridge's ES modules (overrides/bridge/) are not copied into the site.
- ``on_pre_build``: every page has its twin in the other language and is in the nav; no text in
  the other language (macros/lint.py).
- ``on_page_markdown``: a lesson's first bold use of each glossary term links to the glossary.
- ``on_page_content``: permalink titles in the page's language, formulas to MathML (KaTeX at
  build time), then the widgets' blocks, each checked for a phone's width and its labels (macros/lint.py).
- ``on_post_page``, ``on_template_context``, ``on_post_template``: the files the widget blocks
  refer to, a drag's grid (sidecar.py); a 404 page per language (chrome.py); then finish.py
  ``page``, plain Python: lang="pt-BR" on Portuguese pages, the bridge's scripts into the slot the
  page's content left after its first widget, and every page's Content Security Policy.
- ``on_post_build``: the bridge's bundles (jsbundle.py), then finish.py ``site``, plain Python: the
  vendored runtime, one search index per language, the file:// carriers when building the offline
  bundle; a build with author mistakes stops here,
  after every page of both languages was rendered and each mistake logged on one line
  (macros/authoring.py ``mistake``).
"""

from __future__ import annotations

import importlib
import logging
import os
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

from jinja2 import TemplateSyntaxError
from mkdocs.exceptions import PluginError
from mkdocs_macros.errors import format_error
from mkdocs.plugins import event_priority

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from macros import devloop  # noqa: E402  (kept across rebuilds: it holds the source stamps)

devloop.import_core()  # a lesson_core that does not import stops mkdocs here with one line: its file and line
from macros.runtime import SHIM_URL, lesson_core_zip  # noqa: E402,F401  (lesson_core_zip: re-exported for tests and bench)

log = logging.getLogger("mkdocs.plugins.aula")
COMMAND = "build"
LOCAL_HOSTS = {"", "127.0.0.1", "localhost", "0.0.0.0", "::1"}


class _DropMacrosEcho(logging.Filter):
    """mkdocs-macros echoes what its error formatter returned; ours logged the mistake already."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "AULABLOCK" not in record.getMessage()


def _m(name: str):
    """A macros module as it is now (`mkdocs serve` may have reloaded it since the last build)."""
    return importlib.import_module("macros." + name)


def offline_enabled(config) -> bool:
    plugin = config["plugins"].get("material/offline") or config["plugins"].get("offline")
    return bool(plugin and plugin.config.enabled)


serving = devloop.serving


def with_snapshot(config) -> bool:
    """A memory snapshot only for the benchmark's comparison (AULA_SNAPSHOT=1), never under serve."""
    return os.environ.get("AULA_SNAPSHOT") == "1" and not serving(config)


def on_startup(command, dirty):
    global COMMAND
    COMMAND = command
    if command == "serve":
        # compiled modules kept outside the watched folders: a new .pyc beside the sources would
        # trigger another rebuild, and no .pyc at all would recompile lesson_core on every reload
        sys.pycache_prefix = str(Path(tempfile.gettempdir()) / "aula-pycache")


def publishing_problem() -> str | None:
    """Why this build may not be published, when it is one (AULA_PUBLISH=1 or `mkdocs gh-deploy`)."""
    if COMMAND != "gh-deploy" and os.environ.get("AULA_PUBLISH", "").lower() not in ("1", "true", "yes"):
        return None
    url = urlsplit(os.environ.get("AULA_SITE_URL", ""))
    if url.scheme in ("http", "https") and (url.hostname or "") not in LOCAL_HOSTS:
        return None
    return ("a build for publishing needs the site's address: set AULA_SITE_URL, e.g. "
            "AULA_SITE_URL=https://<user>.github.io/<repo>/ (the GitHub Pages workflow takes it from the "
            "repository's Pages settings); without it canonical links and the sitemap would point to "
            f"{os.environ.get('AULA_SITE_URL') or '127.0.0.1'}")


@event_priority(100)  # before the macros plugin imports macros/main.py (and lesson_core) for this build
def on_config(config):
    devloop.quiet()
    if not getattr(config["plugins"].get("i18n"), "building", False):  # not the i18n plugin's nested pt build
        _m("authoring").clear()  # each mistake once per build of both languages
    # mkdocs-macros formats errors by type (functools.singledispatch): every error it catches in a
    # page (a Jinja syntax error, an unknown name) becomes one line naming the file's line, front
    # matter included; it never exits the build (on_error_fail), which stops after the last page
    macros_plugin = config["plugins"]["macros"]  # its macros are registered by the time a page is rendered
    for kind in (Exception, TemplateSyntaxError):  # mkdocs-macros registers its own for the latter
        format_error.register(kind)(lambda err, markdown, page: _m("authoring").macro_error_text(
            err, markdown, page, _m("authoring").project_macros(getattr(macros_plugin, "macros", {}))))
    config["plugins"]["macros"].config["on_error_fail"] = False
    macros_log = logging.getLogger("mkdocs.plugins.mkdocs_macros.util")
    if not any(isinstance(f, _DropMacrosEcho) for f in macros_log.filters):
        macros_log.addFilter(_DropMacrosEcho())
    if COMMAND == "serve":
        devloop.lenient()  # first: an author's mistake logged from here on does not abort the rebuild
        devloop.refresh_modules()
        devloop.import_core()
        devloop.git_info_once()
        config["extra"]["aula_serve"] = True
    config["extra"]["aula_version"] = _m("version").version()  # the footer (overrides/partials/copyright.html)
    config["extra"]["aula_built"] = _m("version").build_date()
    config["extra"]["aula_generator"] = _m("version").generator()  # <meta name="generator"> (overrides/main.html)
    config["extra"]["aula_html_rule"] = _m("checks").RULE  # for safehtml.js (overrides/main.html)
    config["extra"]["aula_js"] = _m("jsbundle").names()  # the bridge's bundles (overrides/main.html)
    messages = importlib.import_module("lesson_core.kit.messages")  # as it is now (serve reloads it)
    config["extra"]["aula_page_msgs"] = {lang: messages.page_messages(lang) for lang in ("es", "pt")}  # teacher kit
    found = publishing_problem()
    if found:
        raise PluginError(found)
    if offline_enabled(config):
        config["extra"]["polyfills"] = [SHIM_URL]
        config["extra"]["aula_offline"] = True
    else:
        config["extra"]["aula_runtime"] = runtime_files(config)["config"]
    return config


def runtime_files(config) -> dict:
    """The browser's runtime for this build (macros/runtime.py). Under `mkdocs serve`, while the saved
    lesson_core does not import, the last good one: the browser runs the code the pages were built with."""
    if serving(config) and devloop.IMPORT_ERROR[0] and devloop.LAST_RUNTIME:
        return devloop.LAST_RUNTIME[0]
    made = _m("runtime").runtime_files(with_snapshot(config), compiled=not serving(config))
    devloop.LAST_RUNTIME[:] = [made]
    return made


def on_serve(server, config, builder):
    for name in (*devloop.WATCHED, "overrides"):
        server.watch(str(ROOT / name))
    _m("csp").allow_livereload(server)
    return server


def on_env(env, config, files):
    env.bytecode_cache = devloop.TEMPLATES  # compiled once per process, not once per language and rebuild
    return env


def on_files(files, config):
    """The bridge's ES modules (overrides/bridge/, a theme folder) stay out of the site: on_post_build
    writes their bundles."""
    sources = _m("jsbundle").SOURCES
    for file in [f for f in files if f.abs_src_path and Path(f.abs_src_path).is_relative_to(sources)]:
        files.remove(file)
    return files


def on_pre_build(config):
    authoring, docs = _m("authoring"), Path(config["docs_dir"])
    nav = authoring.nav_missing(docs, config["nav"], config.config_file_path, config.get("not_in_nav"))
    for page, message in authoring.twins_missing(docs) + nav:
        authoring.page_mistake(page, message)
    _m("lint").check_sources(ROOT / "lesson_core", docs)  # text in the other language


def on_page_markdown(markdown: str, page, config, files):
    """The first bold use of each glossary term on a lesson page links to the glossary."""
    glossary, lang = _m("glossary"), _m("chrome").config_lang(config)
    has_glossary = (Path(config["docs_dir"]) / lang / glossary.PAGE).exists()
    if has_glossary and page.file.src_uri.split("/")[-1] in glossary.LESSON_PAGES:
        return glossary.link_first_uses(markdown, lang)
    return markdown


def on_page_content(html_text: str, page, config, files):
    html_text = _m("chrome").localize_headings(html_text, _m("chrome").config_lang(config))
    authoring = _m("authoring")
    source = Path(authoring.shown_path(Path(page.file.abs_src_path)))
    def report(message):  # in the terminal and on the page; a build stops after the last page
        return authoring.author_error(serving(config), page, message, inline=True)
    html_text = _m("mathml").render_page_math(html_text, page.file.src_path, source, report)
    if _m("chrome").config_lang(config) == "es":  # the decimal commas authors typed, marked like fmt's
        html_text = _m("numbers").mark_decimal_commas(html_text)
    _m("lint").check_blocks(page, serving(config))  # views wider than a phone, markup in labels
    return authoring.unstash(html_text, page)


@event_priority(-2000)  # last: the policy hashes the page's inline scripts as they will be sent
def on_post_page(output: str, page, config):
    _m("sidecar").write_files(_m("authoring").page_files(page), config["site_dir"])
    return _m("finish").page(output, _m("chrome").config_lang(config), offline_enabled(config))


_SAVED_SWITCHER: list = []  # the language switcher's links while the 404 page is rendered


def on_template_context(context, template_name, config):
    chrome = _m("chrome")
    if template_name == chrome.NOT_FOUND_FILE:
        # the i18n plugin sets extra.alternate as an attribute per page (templates read that first)
        # and reads the item back for the next language: both are put back after the 404 page
        extra = config["extra"]
        _SAVED_SWITCHER[:] = [extra.get("alternate"), extra.__dict__.get("alternate")]
        extra["alternate"] = extra.alternate = chrome.home_alternates(config)
    return context


def on_post_template(output: str, template_name: str, config):
    chrome = _m("chrome")
    if template_name != chrome.NOT_FOUND_FILE:
        return output
    if _SAVED_SWITCHER:
        extra = config["extra"]
        item, attr = _SAVED_SWITCHER
        if item is None:
            extra.pop("alternate", None)
        else:
            extra["alternate"] = item
        if attr is None:
            extra.__dict__.pop("alternate", None)
        else:
            extra.alternate = attr
    output = _m("finish").page(output, chrome.config_lang(config), offline_enabled(config))
    return chrome.place_not_found(output, config, site_root(config))


def site_root(config) -> Path:
    """The top of the built site (the i18n plugin builds Portuguese into pt/)."""
    site = Path(config["site_dir"])
    if site.name == "pt" and (site.parent / "index.html").exists():
        return site.parent
    return site


@event_priority(-200)  # after mkdocs-static-i18n (-100), which rewrites the merged search index
def on_post_build(config):
    root = site_root(config)
    if root != Path(config["site_dir"]):
        return  # the nested Portuguese build: the main build's hook runs after it, once
    found = _m("authoring").MISTAKES
    if found and not serving(config):
        raise PluginError(f"{len(found)} author mistake{'s' if len(found) > 1 else ''} (listed above, one per "
                          "line): the build stops; `mkdocs serve` shows each on its page, `mkdocs build -v` "
                          "adds the tracebacks")
    offline = offline_enabled(config)
    _m("jsbundle").write(root, offline)
    _m("finish").site(root, runtime_files(config), offline, bool(config.get("site_url")), app=not serving(config))
