"""Drag grids leave the page: the widget's block (lesson_core/kit/block.py) names a script of its own
and hands its text to the build, which writes it into the site (macros/sidecar.py); the bridge loads
it on the first drag (tests/test_touch_browser.py drags from it with live Python blocked)."""

from __future__ import annotations

import json
import re
from urllib.parse import urljoin

import pytest

from lesson_core.kit.block import GRID_DIR, Block, render_block
from macros.sidecar import BRIDGE_DIR, write_files

PREFIX = '(window.AulaGrids = window.AulaGrids || {{}})["{}"] = '


def test_a_grid_is_a_file_the_block_names(tmp_path):
    block = render_block("vec_dot", None, "es", "w-v")
    assert isinstance(block, Block) and len(block.files) == 1
    (path, text), = block.files.items()
    src, key = re.search(r'class="aula-drag-grid" data-src="([^"]+)" data-key="(\w+)"></script>', block).groups()
    assert src == path == f"{GRID_DIR}/{key}.js"
    assert text.startswith(PREFIX.format(key))
    grid = json.loads(text[len(PREFIX.format(key)):].rstrip().rstrip(";"))
    assert set(grid) and all(len(states) > 1 for states in grid.values())  # every dragged part, many states
    assert text[len(PREFIX.format(key)):].rstrip().rstrip(";") not in block  # not in the page
    # the same grid elsewhere (another page, the other build): the same name and text
    again = render_block("vec_dot", None, "es", "w-v-1")
    assert again.files == block.files
    # the other language's grid is another file
    assert render_block("vec_dot", None, "pt", "w-v").files.keys() != block.files.keys()
    # a widget without drags refers to no file
    plain = render_block("vec_pythagoras", None, "es", "w-p")
    assert plain.files == {} and "aula-drag-grid" not in plain


def test_the_build_writes_a_blocks_files_once(tmp_path):
    write_files({"grids/abc.js": "x = 1;\n"}, tmp_path)
    written = tmp_path / BRIDGE_DIR / "grids" / "abc.js"
    assert written.read_text(encoding="utf-8") == "x = 1;\n"
    write_files({"grids/abc.js": "x = 1;\n"}, tmp_path)  # another page with the same grid
    assert written.read_text(encoding="utf-8") == "x = 1;\n"
    with pytest.raises(ValueError, match="outside the bridge's folder"):
        write_files({"../../evil.js": ""}, tmp_path)


def test_the_built_pages_carry_no_grid(site):
    """Every built page names its grids and embeds none; each named file exists where the page's
    bridge (assets/aula/aula.<hash>.js, which resolves data-src against its own folder) looks for it."""
    named = 0
    for page in site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert not re.search(r'class="aula-drag-grid">[^<]', html), page
        srcs = re.findall(r'class="aula-drag-grid" data-src="([^"]+)"', html)
        if not srcs:
            continue
        bridge = re.search(r'<script src="([^"]*assets/aula/aula\.[0-9a-f]+\.js)"', html).group(1)
        for src in srcs:
            url = urljoin(urljoin(page.as_uri(), bridge), src)
            assert url.startswith(site.as_uri() + "/" + BRIDGE_DIR + "/" + GRID_DIR + "/"), (page, url)
            assert (site / url[len(site.as_uri()) + 1:]).is_file(), (page, src)
            named += 1
    assert named >= 4  # emb_3d and vec_dot, both languages
