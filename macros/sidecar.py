"""A figure drag's coarse grid in a file of its own, fetched on the first touch, not in the page.

A drag grid (lesson_core ``@widget(drags=...)``) holds every grid state of the widget's parts, wide
and narrow: about 0.8 MB for emb_3d and 1.1 MB for vec_dot, which would triple turing-2-vectors'
HTML and its parse time on a slow phone for a drag most readers never make. The block embeds it as
``<script type="application/json" class="aula-drag-grid">``; after the page is rendered, the build
moves that JSON to ``assets/aula/grids/<hash>.js`` (``window.AulaGrids["<hash>"] = {...}``, a
script, so it loads from file:// too, under the same ``script-src 'self'``) and leaves the element
empty, naming the file: ``data-src`` (relative to the page) and ``data-key``. The bridge (aula.js)
loads it when a drag starts and answers from it once it is there.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
from pathlib import Path

__all__ = ["move_grids", "GRID_DIR"]

GRID_DIR = "assets/aula/grids"
_GRID = re.compile(r'<script type="application/json" class="aula-drag-grid">(.*?)</script>', re.S)


def move_grids(html: str, page_dest: str, site_dir: str | Path) -> str:
    """Every embedded drag grid written to its own script under ``site_dir``/GRID_DIR, the page's
    element emptied and pointed at it. ``page_dest`` is the page's output path ("turing-2-vectors/index.html")."""
    here = posixpath.dirname(page_dest)

    def out(m: re.Match) -> str:
        text = m.group(1)  # JSON made safe inside <script> by kit.block.json_for_script, so safe in a .js too
        key = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
        path = Path(site_dir) / GRID_DIR / f"{key}.js"
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(f'(window.AulaGrids = window.AulaGrids || {{}})["{key}"] = {text};\n', encoding="utf-8")
        src = posixpath.relpath(f"{GRID_DIR}/{key}.js", here or ".")
        return f'<script type="application/json" class="aula-drag-grid" data-src="{src}" data-key="{key}"></script>'

    return _GRID.sub(out, html)
