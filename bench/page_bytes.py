"""Bytes until the first answer, per page: the page's HTML with the stylesheets and scripts it
loads (no live-Python runtime), each gzipped as tests/pages_server.py serves them (level 6).
Budget (issue 16): <= 0.3 MB per page. Never part of the tests.

    .venv/bin/python bench/page_bytes.py [site-dir]        # default: site/
"""

from __future__ import annotations

import gzip
import re
import sys
from pathlib import Path
from urllib.parse import urljoin, urlparse

ROOT = Path(__file__).resolve().parent.parent
RUNTIME = ("/pyodide-", "/lesson_core-", "py-worker.mjs", ".snapshot.gz")
BUDGET = 300_000
# a script's own src (not a data-src: a drag grid's file, loaded on the first drag, macros/sidecar.py)
_REF = re.compile(r'<(?:link[^>]*rel="?stylesheet"?[^>]*\shref|script[^>]*\ssrc)="?([^"\s>]+)')


def gz(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), 6, mtime=0))


def page_bytes(site: Path, page: Path) -> tuple[int, int]:
    """(gzipped HTML, gzipped HTML + its local CSS and scripts)."""
    html = page.read_text(encoding="utf-8")
    base = "/" + page.relative_to(site).as_posix()
    total = own = gz(page)
    for ref in set(_REF.findall(html)):
        url = urlparse(urljoin(base, ref))
        if url.scheme or url.netloc or any(m in url.path for m in RUNTIME):
            continue
        target = site / url.path.lstrip("/")
        if target.is_file():
            total += gz(target)
    return own, total


def main() -> None:
    site = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "site"
    pages = sorted(p for p in site.rglob("index.html") if "assets" not in p.parts)
    print(f"{'page':<40} {'HTML gz':>10} {'until answer gz':>16}   budget <= {BUDGET / 1e6:.1f} MB")
    for page in pages:
        own, total = page_bytes(site, page)
        mark = "ok" if total <= BUDGET else "OVER"
        print(f"{page.parent.relative_to(site).as_posix() or '.':<40} {own / 1e6:>8.3f} MB {total / 1e6:>14.3f} MB   {mark}")


if __name__ == "__main__":
    main()
