"""MkDocs hooks: formulas to MathML at build time, and the vendored browser runtime.

- ``on_page_content``: pymdownx.arithmatex (generic mode) leaves ``\\(..\\)`` and
  ``\\[..\\]`` in spans/divs of class ``arithmatex``; KaTeX (from npm, run once per
  page by Node) turns them into MathML, so pages need no math script, font or CDN.
- ``on_post_build``: copies the Pyodide runtime from ``node_modules/pyodide`` and a
  zip of ``lesson_core`` into ``assets/`` of the built site, for the browser bridge.
"""

from __future__ import annotations

import html
import io
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

ROOT = Path(__file__).resolve().parent.parent
KATEX_SCRIPT = ROOT / "scripts" / "katex-render.cjs"
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
# What the runtime needs to start without any network: no packages are loaded from a CDN.
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")

MATH_RE = re.compile(
    r'<(span|div) class="arithmatex">\s*(\\\(|\\\[)(.*?)(\\\)|\\\])\s*</\1>', re.S)

_cache: dict[tuple[str, bool], str] = {}


def render_math(items: list[tuple[str, bool]]) -> list[dict]:
    """Render [(tex, display)] with KaTeX in one Node process."""
    payload = json.dumps([{"tex": t, "display": d} for t, d in items])
    proc = subprocess.run(["node", str(KATEX_SCRIPT)], input=payload, capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    if proc.returncode != 0:
        raise PluginError(f"KaTeX failed to run: {proc.stderr.strip()[:500]}")
    return json.loads(proc.stdout)


def on_page_content(html_text: str, page, config, files):
    found = [(m.group(3), m.group(2) == "\\[") for m in MATH_RE.finditer(html_text)]
    todo = sorted({(html.unescape(t), d) for t, d in found} - set(_cache))
    if todo:
        for (tex, display), res in zip(todo, render_math(todo)):
            if "error" in res:
                raise PluginError(f"{page.file.src_path}: formula {tex!r} does not render: {res['error']}")
            _cache[(tex, display)] = res["html"]

    def swap(m: re.Match) -> str:
        display = m.group(2) == "\\["
        out = _cache[(html.unescape(m.group(3)), display)]
        return f'<div class="aula-math">{out}</div>' if display else out

    return MATH_RE.sub(swap, html_text)


def lesson_core_zip() -> bytes:
    """lesson_core's .py files as a zip, unpacked by the browser into Pyodide's file system."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted((ROOT / "lesson_core").rglob("*.py")):
            info = zipfile.ZipInfo(str(path.relative_to(ROOT)), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, path.read_bytes())
    return buf.getvalue()


def _copy_if_changed(src: Path, dst: Path) -> None:
    if dst.exists() and dst.stat().st_size == src.stat().st_size and dst.stat().st_mtime >= src.stat().st_mtime:
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)


def site_root(config) -> Path:
    """The top of the built site (the i18n plugin builds other languages into sub-folders)."""
    site = Path(config["site_dir"])
    for lang in ("pt",):
        if site.name == lang and (site.parent / "index.html").exists():
            return site.parent
    return site


def split_search_index(root: Path) -> None:
    """One search index per language, so results stay in the reader's language.

    The i18n plugin writes a single index with every language; Portuguese pages
    live under ``pt/``. The Spanish index keeps the rest; the Portuguese one gets
    the ``pt/`` entries with locations relative to ``pt/`` (see overrides/main.html)."""
    index = root / "search" / "search_index.json"
    if not index.exists() or not (root / "pt").is_dir():
        return
    data = json.loads(index.read_text(encoding="utf-8"))
    docs = data["docs"]
    es = [d for d in docs if not d["location"].startswith("pt/")]
    pt = [{**d, "location": d["location"][3:]} for d in docs if d["location"].startswith("pt/")]
    if not pt:
        return  # already split (hooks may run once per language)
    for target, entries, lang in ((index, es, "es"), (root / "pt" / "search" / "search_index.json", pt, "pt")):
        target.parent.mkdir(parents=True, exist_ok=True)
        conf = {**data["config"], "lang": [lang]}
        target.write_text(json.dumps({"config": conf, "docs": entries}, ensure_ascii=False), encoding="utf-8")


@event_priority(-200)  # after mkdocs-static-i18n (-100), which rewrites the merged search index
def on_post_build(config):
    if not PYODIDE_DIR.is_dir():
        raise PluginError("node_modules/pyodide is missing: run `npm ci` first (see README)")
    root = site_root(config)
    for name in PYODIDE_FILES:
        _copy_if_changed(PYODIDE_DIR / name, root / "assets" / "pyodide" / name)
    (root / "assets" / "aula").mkdir(parents=True, exist_ok=True)
    (root / "assets" / "aula" / "lesson_core.zip").write_bytes(lesson_core_zip())
    split_search_index(root)
    if not config.get("site_url"):
        # Without an absolute site URL a sitemap can only list "None/..." addresses.
        for name in ("sitemap.xml", "sitemap.xml.gz"):
            (root / name).unlink(missing_ok=True)
