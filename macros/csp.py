"""The Content Security Policy of every page, as a ``<meta http-equiv>`` (GitHub Pages sets no headers).

overrides/main.html puts ``<meta http-equiv="Content-Security-Policy" content="aula-csp">`` at the
top of ``<head>``; :func:`apply` (hooks.py: ``on_post_page``, and ``on_post_template`` for the 404
pages) fills it in once the page's HTML is final:

- ``script-src 'self'`` plus the sha256 of each inline script the page carries (the theme's and
  ours), computed here from the page itself, never typed by hand; the scripts are found by the
  standard library's HTML parser (:func:`scripts`), so the spelling of a block's markup (attribute
  order, quotes) does not matter; ``'wasm-unsafe-eval'`` for
  Pyodide's WebAssembly; no ``'unsafe-inline'``, no ``'unsafe-eval'``;
- the offline bundle (file://) adds ``blob:`` for scripts and workers (live Python runs in a worker
  started from a ``blob:`` URL, which imports Pyodide's modules from ``blob:`` URLs and inherits
  this policy), and the hash of the inline script that Material's file:// search shim
  (iframe-worker, vendored) writes into its frame for this page's search worker;
- under ``mkdocs serve``, livereload's inline script (new on every request) has its hash added
  as the server injects it (:func:`allow_livereload`);
- ``style-src 'self' 'unsafe-inline'``: figures colour SVG through ``style`` attributes
  (``style="fill:var(--aula-red)"``), and a style cannot run script; ``img-src 'self' data:``
  (inline images in figures, the theme's icons); ``object-src 'none'``; ``base-uri 'self'``.

Example: a page whose only inline script is ``x=1`` gets
``script-src 'self' 'sha256-…' 'wasm-unsafe-eval'`` (the hash of ``x=1``).
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from html.parser import HTMLParser
from pathlib import Path

__all__ = ["apply", "policy", "scripts", "inline_scripts", "allow_livereload"]

ROOT = Path(__file__).resolve().parent.parent
SHIM = ROOT / "node_modules" / "iframe-worker" / "shim" / "index.js"
META = '<meta http-equiv="Content-Security-Policy" content="aula-csp">'
_JS_TYPES = {"", "text/javascript", "application/javascript", "module", "text/ecmascript"}


class _Scripts(HTMLParser):
    """Every ``<script>`` element of a page, as the browser's parser sees it: its attributes and its
    text (the standard library's HTML parser: attribute order, quoting and the markup around it do
    not matter, and a script's text ends where the browser ends it)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.found: list[tuple[dict, str]] = []
        self._open: tuple[dict, list] | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "script":
            self._open = ({k: v or "" for k, v in attrs}, [])

    def handle_data(self, data):
        if self._open is not None:
            self._open[1].append(data)

    def handle_endtag(self, tag):
        if tag == "script" and self._open is not None:
            self.found.append((self._open[0], "".join(self._open[1])))
            self._open = None


def scripts(html: str) -> list[tuple[dict, str]]:
    """(attributes, text) of every script element in ``html``, in order."""
    parser = _Scripts()
    parser.feed(html)
    parser.close()
    return parser.found


def inline_scripts(html: str) -> list[str]:
    """The text of every inline script the browser would run (JSON data blocks are not run)."""
    return [text for attrs, text in scripts(html) if _runs(attrs)]


def _runs(attrs: dict) -> bool:
    """An inline script the browser runs: no ``src``, a JavaScript type (not a JSON data block)."""
    return "src" not in attrs and attrs.get("type", "").strip().lower() in _JS_TYPES


def digest(script: str) -> str:
    """A CSP hash source for one inline script (line ends as the HTML parser hands them over)."""
    text = script.replace("\r\n", "\n").replace("\r", "\n")
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


def policy(hashes: list[str], offline: bool) -> str:
    blob = " blob:" if offline else ""
    return "; ".join([
        "default-src 'self'",
        "script-src 'self'" + blob + "".join(" " + h for h in dict.fromkeys(hashes)) + " 'wasm-unsafe-eval'",
        "worker-src 'self'" + blob,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ])


def apply(html: str, offline: bool) -> str:
    """The page with its policy in the meta tag main.html left for it."""
    if META not in html:
        return html
    found = scripts(html)
    run = [text for attrs, text in found if _runs(attrs)]
    if offline:
        run += shim_scripts(found)
    return html.replace(META, META.replace("aula-csp", policy([digest(s) for s in run], offline)), 1)


def shim_scripts(found: list[tuple[dict, str]]) -> list[str]:
    """The inline script iframe-worker writes into its frame for this page's search worker (file://):
    its template with the shim's two functions and the worker's address, as the page (its
    ``scripts``) passes it."""
    config = [text for attrs, text in found if attrs.get("id") == "__config"]
    if not config or not SHIM.exists():
        return []
    url = json.loads(config[0])["search"]
    source = SHIM.read_text(encoding="utf-8")
    template = re.search(r"document\.write\(`(.*?)`\)", source, re.S).group(1).replace("\\/", "/")
    body = re.search(r"<script>(.*?)</script>", template, re.S).group(1)
    return [re.sub(r"\$\{(\w+)\}", lambda m: _function_source(source, m.group(1)) or url, body)]


def _function_source(source: str, name: str) -> str | None:
    """`function name(...){...}` as written in the shim (what the function's toString() gives)."""
    start = source.find(f"function {name}(")
    if start < 0:
        return None
    depth, i = 0, source.index("{", start)
    while True:
        depth += {"{": 1, "}": -1}.get(source[i], 0)
        i += 1
        if depth == 0:
            return source[start:i]


def allow_livereload(server) -> None:
    """`mkdocs serve` injects livereload's inline script into each page it sends, a new one per
    request: its hash joins that response's script-src."""
    inject = getattr(server, "_inject_js_into_html", None)
    if inject is None or getattr(inject, "aula_csp", False):
        return

    def injected(content: bytes, epoch):
        out = inject(content, epoch)
        text = out.decode("utf-8")
        added = inline_scripts(text)[-1:]  # livereload's, injected before </body>
        if not added or "script-src 'self'" not in text:
            return out
        return text.replace("script-src 'self'", "script-src 'self' " + digest(added[0]), 1).encode("utf-8")

    injected.aula_csp = True
    server._inject_js_into_html = injected
