"""The build's last steps as plain Python: no MkDocs object goes in, so a generator without
``hooks:`` (Zensical) could run them as a step after its build (README, "The generator").

- :func:`page`: a rendered page's last touches: ``lang="pt-BR"`` on Portuguese pages
  (macros/chrome.py), the bridge's scripts moved into the slot after the first widget
  (macros/bridge.py), and the Content Security Policy with the hashes of the page's inline
  scripts (macros/csp.py), last, once nothing else changes the page;
- :func:`site`: the built site's last touches: the vendored Python runtime (macros/runtime.py),
  one search index per language (macros/search.py), the file:// carriers of the offline bundle,
  no sitemap where the site has no address, and the installable web app (macros/pwa.py);
- :func:`built_pages`: :func:`page` on every HTML file of a built site, the language told by the
  folder (``pt/`` is Portuguese). It changes nothing on a page that is already finished.

``macros/hooks.py`` calls :func:`page` from ``on_post_page`` and :func:`site` from
``on_post_build``.
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path

from macros import bridge, chrome, csp, pwa, runtime, search
from macros.memo import by_text

__all__ = ["page", "site", "built_pages", "drop_from_sitemap"]

KEYS_PAGES = "/teacher/class/"  # the class sets, with their answer keys (overrides/main.html marks them noindex)


@by_text()
def page(html: str, lang: str, offline: bool) -> str:
    """A rendered page (``lang``: "es" or "pt") as it is sent to readers (a pure step: under serve,
    an unchanged page is not parsed again)."""
    html = chrome.declare_lang(html, lang)
    html = bridge.place_bridge(html)
    return csp.apply(html, offline)


def site(root: Path, runtime_made: dict, offline: bool, has_address: bool, app: bool = False) -> None:
    """The built site at ``root`` completed: ``runtime_made`` is macros/runtime.py's
    ``runtime_files()`` for this build; ``app``: the web app and its service worker (macros/pwa.py),
    last, once every other file is final (not for the file:// bundle, not under ``mkdocs serve``)."""
    files = runtime.vendor(root, runtime_made, offline)
    search.split_search_index(root, offline)
    if offline:
        runtime.write_carriers(root, files)
    if offline or not has_address:
        # A bundle on a USB stick has no address; without one a sitemap lists "None/...".
        for name in ("sitemap.xml", "sitemap.xml.gz"):
            (root / name).unlink(missing_ok=True)
    else:
        drop_from_sitemap(root, KEYS_PAGES)
    if app and not offline:
        pwa.write(root)


def drop_from_sitemap(root: Path, marker: str) -> None:
    """sitemap.xml and sitemap.xml.gz without the <url> entries whose address contains ``marker``."""
    path = Path(root) / "sitemap.xml"
    if not path.exists():
        return
    text = path.read_text(encoding="utf-8")
    kept = re.sub(r"\s*<url>(?:(?!</url>).)*?" + re.escape(marker) + r".*?</url>", "", text, flags=re.S)
    if kept != text:
        path.write_text(kept, encoding="utf-8")
        (Path(root) / "sitemap.xml.gz").write_bytes(gzip.compress(kept.encode("utf-8"), mtime=0))


def built_pages(root: Path, offline: bool) -> list[Path]:
    """:func:`page` applied to every HTML file under ``root``; returns the files it changed."""
    changed = []
    for path in sorted(Path(root).rglob("*.html")):
        rel = path.relative_to(root).parts
        text = path.read_text(encoding="utf-8")
        done = page(text, "pt" if rel[0] == "pt" else "es", offline)
        if done != text:
            path.write_text(done, encoding="utf-8")
            changed.append(path)
    return changed
