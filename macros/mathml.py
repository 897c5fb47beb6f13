"""Formulas to MathML at build time with KaTeX (vendored from npm), one Node process per build.

pymdownx.arithmatex (generic mode) leaves ``\\(..\\)`` and ``\\[..\\]`` in spans/divs
of class ``arithmatex``; :func:`render_page_math` swaps each for KaTeX's MathML, so
pages need no math script, no math font and no CDN.
"""

from __future__ import annotations

import atexit
import html
import json
import re
import select
import subprocess
import tempfile
from pathlib import Path

from mkdocs.exceptions import PluginError

from macros import mathbreak

ROOT = Path(__file__).resolve().parent.parent
KATEX_SCRIPT = ROOT / "scripts" / "katex-render.cjs"
MATH_RE = re.compile(r'<(span|div) class="arithmatex">\s*(\\\(|\\\[)(.*?)(\\\)|\\\])\s*</\1>', re.S)

_cache: dict[tuple[str, bool], str] = {}
_widths: dict[str, float] = {}            # TeX (a formula's piece) -> estimated width in em
_narrow: dict[str, tuple[str, str]] = {}  # a long display formula's TeX -> (break class, narrow MathML)


class _Katex:
    """scripts/katex-render.cjs, started on the first formula and kept for the process: a build
    (both languages, every page and every measuring round) or a `mkdocs serve` session asks one
    Node process, one JSON line per batch, instead of starting Node each time."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen | None = None
        self.errors = tempfile.TemporaryFile()  # KaTeX's stderr, read only when it fails

    def ask(self, payload: bytes, timeout: float = 120) -> list[dict]:
        if self.proc is None or self.proc.poll() is not None:
            self.errors.seek(0)
            self.errors.truncate()
            self.proc = subprocess.Popen(["node", str(KATEX_SCRIPT)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=self.errors, cwd=ROOT)
        try:
            self.proc.stdin.write(payload + b"\n")
            self.proc.stdin.flush()
            ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
            line = self.proc.stdout.readline() if ready else b""
        except OSError:  # the process ended: its stderr says why
            line = b""
        if not line.endswith(b"\n"):
            self.close()
            self.errors.seek(0)
            raise PluginError(f"KaTeX failed to run: {self.errors.read().decode(errors='replace').strip()[-500:]}")
        return json.loads(line)

    def close(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None


_KATEX = _Katex()
atexit.register(_KATEX.close)


def render_math(items: list[tuple[str, bool]]) -> list[dict]:
    """Render [(tex, display)] with KaTeX (one Node process for the whole build)."""
    return _KATEX.ask(json.dumps([{"tex": t, "display": d} for t, d in items]).encode())


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

    _narrow_forms([t for t, d in found if d and (html.unescape(t), d) in _cache])

    def swap(m: re.Match) -> str:
        display = m.group(2) == "\\["
        key = (html.unescape(m.group(3)), display)
        if key in failed:
            return failed[key]
        out = _cache[key]
        if not display:
            return out
        if key[0] in _narrow and _narrow[key[0]][1]:
            cls, narrow = _narrow[key[0]]
            return (f'<div class="aula-math {cls}" data-search-exclude><div class="aula-math-wide">{out}</div>'
                    f'<div class="aula-math-narrow">{narrow}</div></div>')
        return f'<div class="aula-math" data-search-exclude>{out}</div>'

    return MATH_RE.sub(swap, html_text)


def _measure(texs: set[str]) -> None:
    """Estimated widths (em) of pieces of TeX, rendered in one Node process; a piece KaTeX refuses
    counts as very wide, so it is never packed with another."""
    todo = sorted(texs - set(_widths))
    for tex, res in zip(todo, render_math([(t, True) for t in todo]) if todo else []):
        _widths[tex] = mathbreak.width_em(res["html"]) if "html" in res else 99.0


def _narrow_forms(texs: list[str]) -> None:
    """For each display formula wider than a phone's column, its narrow form (mathbreak.py), once."""
    todo = {}
    for tex in dict.fromkeys(html.unescape(t) for t in texs):
        if tex in _narrow:
            continue
        cls = mathbreak.break_class(mathbreak.width_em(_cache[(tex, True)]))
        if cls is None:
            _narrow[tex] = ("", "")
        else:
            todo[tex] = cls
    if not todo:
        return
    _measure({p.strip() for tex in todo for p in mathbreak.candidate_pieces(tex)})
    forms: dict[str, str] = {}
    for _ in range(6):  # each round measures the lines the packing tried and did not know yet
        misses: set[str] = set()

        def width(piece: str) -> float:
            piece = piece.strip()
            if piece and piece not in _widths:
                misses.add(piece)
            return _widths.get(piece, 0.0)

        forms = {tex: mathbreak.narrow_tex(tex, width) for tex in todo}
        if not misses:
            break
        _measure(misses)
    rendered = render_math([(forms[tex], True) for tex in todo])
    for tex, res in zip(todo, rendered):
        _narrow[tex] = (todo[tex], res.get("html", ""))
