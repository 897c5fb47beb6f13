"""Formulas to MathML at build time with KaTeX (vendored from npm), one Node process per page.

pymdownx.arithmatex (generic mode) leaves ``\\(..\\)`` and ``\\[..\\]`` in spans/divs
of class ``arithmatex``; :func:`render_page_math` swaps each for KaTeX's MathML, so
pages need no math script, no math font and no CDN.
"""

from __future__ import annotations

import html
import json
import re
import subprocess
from pathlib import Path

from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parent.parent
KATEX_SCRIPT = ROOT / "scripts" / "katex-render.cjs"
MATH_RE = re.compile(r'<(span|div) class="arithmatex">\s*(\\\(|\\\[)(.*?)(\\\)|\\\])\s*</\1>', re.S)

_cache: dict[tuple[str, bool], str] = {}


def render_math(items: list[tuple[str, bool]]) -> list[dict]:
    """Render [(tex, display)] with KaTeX in one Node process."""
    payload = json.dumps([{"tex": t, "display": d} for t, d in items])
    proc = subprocess.run(["node", str(KATEX_SCRIPT)], input=payload, capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    if proc.returncode != 0:
        raise PluginError(f"KaTeX failed to run: {proc.stderr.strip()[:500]}")
    return json.loads(proc.stdout)


def formula_line(source: Path | None, tex: str) -> str:
    """':12' for the first line of the page's source that holds the formula's first line, or ''."""
    first = tex.strip().splitlines()[0].strip() if tex.strip() else ""
    try:
        lines = source.read_text(encoding="utf-8").splitlines() if source and first else []
    except OSError:
        lines = []
    return next((f":{i + 1}" for i, line in enumerate(lines) if first in line), "")


def render_page_math(html_text: str, src_path: str, source: Path | None = None, on_error=None) -> str:
    """Every formula of a page as MathML. A formula KaTeX refuses stops the build, naming the file
    and line; with ``on_error(message)`` (``mkdocs serve``) it is reported there and the page shows
    the message in the formula's place."""
    found = [(m.group(3), m.group(2) == "\\[") for m in MATH_RE.finditer(html_text)]
    todo = sorted({(html.unescape(t), d) for t, d in found} - set(_cache))
    failed: dict[tuple[str, bool], str] = {}
    if todo:
        for (tex, display), res in zip(todo, render_math(todo)):
            if "error" in res:
                where = f"{source or src_path}{formula_line(source, tex)}"
                message = f'{where}: formula "{tex.strip()}" does not render: {res["error"]}'
                if on_error is None:
                    raise PluginError(message)
                failed[(tex, display)] = on_error(message)
                continue
            _cache[(tex, display)] = res["html"]

    def swap(m: re.Match) -> str:
        display = m.group(2) == "\\["
        key = (html.unescape(m.group(3)), display)
        if key in failed:
            return failed[key]
        out = _cache[key]
        return f'<div class="aula-math" data-search-exclude>{out}</div>' if display else out

    return MATH_RE.sub(swap, html_text)
