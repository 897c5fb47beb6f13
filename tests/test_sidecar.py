"""Drag grids leave the page (macros/sidecar.py): the build writes each widget's grid to a script of
its own, and the page's element only names it; the bridge loads it on the first drag
(tests/test_touch_browser.py drags from it with live Python blocked)."""

from __future__ import annotations

import json
import re

from macros.sidecar import GRID_DIR, move_grids


def test_a_grid_moves_to_its_own_file(tmp_path):
    grid = '{"main":{"1|2":"<svg><\\/svg>"}}'
    page = f'<div class="aula-widget"><script type="application/json" class="aula-drag-grid">{grid}</script></div>'
    out = move_grids(page, "turing-2-vectors/index.html", tmp_path)
    src, key = re.search(r'class="aula-drag-grid" data-src="([^"]+)" data-key="(\w+)"></script>', out).groups()
    assert grid not in out and src == f"../{GRID_DIR}/{key}.js"
    text = (tmp_path / GRID_DIR / f"{key}.js").read_text(encoding="utf-8")
    prefix = f'(window.AulaGrids = window.AulaGrids || {{}})["{key}"] = '
    assert text.startswith(prefix) and json.loads(text[len(prefix):].rstrip().rstrip(";")) == json.loads(grid)
    # the same grid on another page: the same file, named from where that page is
    assert move_grids(page, "pt/turing-2-vectors/index.html", tmp_path).count(f"../../{GRID_DIR}/{key}.js") == 1
    assert move_grids("<p>no grid</p>", "index.html", tmp_path) == "<p>no grid</p>"


def test_the_built_pages_carry_no_grid(site):
    """Every built page names its grids and embeds none; each named file exists."""
    named = 0
    for page in site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert not re.search(r'class="aula-drag-grid">[^<]', html), page
        for src in re.findall(r'class="aula-drag-grid" data-src="([^"]+)"', html):
            assert (page.parent / src).resolve().is_file(), (page, src)
            named += 1
    assert named >= 4  # emb_3d and vec_dot, both languages
