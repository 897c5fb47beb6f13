"""MkDocs hooks: thin event handlers; the work is in mathml.py, runtime.py and search.py.

- ``on_config``: for the offline bundle, Material's offline plugin would add an
  iframe-worker shim from a CDN; we point it at the vendored copy first.
- ``on_page_content``: formulas to MathML (KaTeX at build time).
- ``on_post_build``: the vendored runtime, one search index per language, the
  file:// carriers when building the offline bundle.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.plugins import event_priority

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from macros.mathml import render_page_math  # noqa: E402
from macros.runtime import SHIM_URL, lesson_core_zip, vendor, write_carriers  # noqa: E402,F401  (lesson_core_zip: re-exported for tests and bench)
from macros.search import split_search_index  # noqa: E402


def offline_enabled(config) -> bool:
    plugin = config["plugins"].get("material/offline") or config["plugins"].get("offline")
    return bool(plugin and plugin.config.enabled)


@event_priority(100)  # before Material's offline plugin, which would add the shim from a CDN
def on_config(config):
    if offline_enabled(config):
        config["extra"]["polyfills"] = [SHIM_URL]
        config["extra"]["aula_offline"] = True
    return config


def on_page_content(html_text: str, page, config, files):
    return render_page_math(html_text, page.file.src_path)


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
    offline = offline_enabled(config)
    runtime_files = vendor(root, offline)
    split_search_index(root, offline)
    if offline:
        write_carriers(root, runtime_files)
    if offline or not config.get("site_url"):
        # A bundle on a USB stick has no address; without one a sitemap lists "None/...".
        for name in ("sitemap.xml", "sitemap.xml.gz"):
            (root / name).unlink(missing_ok=True)
