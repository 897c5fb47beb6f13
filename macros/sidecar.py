"""The files a page's widget blocks refer to, written into the site beside the bridge.

A widget's block (lesson_core/kit/block.py ``Block``) is final HTML: where it needs a file of its
own (a figure drag's coarse grid, ``grids/<hash>.js``, fetched on the first drag rather than with
the page), it names the file and hands over its text in ``Block.files``. ``macros/authoring.py``
``stash`` keeps those with the page; after the page is rendered, :func:`write_files` writes them
under the bridge's folder, ``assets/aula/`` (hooks.py ``on_post_page``). Names are content hashes,
so a grid shared by pages or by both languages is one file, written once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Mapping

__all__ = ["write_files", "BRIDGE_DIR"]

BRIDGE_DIR = "assets/aula"  # the bridge's folder in the site (overrides/assets/aula/): aula.js resolves from here


def write_files(files: Mapping[str, str], site_root: str | Path) -> None:
    """Each file (path under the bridge's folder -> text) written under ``site_root``/BRIDGE_DIR,
    unless a build of this site already wrote it (same name, same content)."""
    folder = (Path(site_root) / BRIDGE_DIR).resolve()
    for rel, text in files.items():
        path = (folder / rel).resolve()
        if not path.is_relative_to(folder):
            raise ValueError(f"a block's file {rel!r} lies outside the bridge's folder")
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
