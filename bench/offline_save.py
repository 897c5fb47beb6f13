"""Saving Aula for offline reading (issue 26): bytes and seconds to save one chapter and all lessons of a
language, at 5 and 20 Mbit/s, and the storage used afterwards.

    .venv/bin/python bench/offline_save.py              # the checkout's site/ (built if missing)
    .venv/bin/python bench/offline_save.py --site DIR   # another build

The site is served by tests/pages_server.py (gzip like GitHub Pages), throttled at the server (one shared
link, a delay before each response), so the service worker's requests are throttled like a page's. A
reader opens the lesson page (not counted), taps "Esta página" or "Todas las lecciones", and the clock
runs from the tap to "saved". Every save is a new browser context (nothing stored before), whose
navigator.connection reports a metered link (as bench/network.py), so that neither live Python nor the
open page's own save (overrides/bridge/save.js, on a fast unmetered link) starts before the tap. The
build's own figures (what the button says) are printed beside the measured ones.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from pages_server import serve  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from network import SLOW  # noqa: E402

LESSON = "positional-encoding/"
PROFILES = [("20 Mbit/s, 40 ms", 20e6 / 8, 0.040), ("5 Mbit/s, 80 ms", 5e6 / 8, 0.080)]
TIMEOUT = 600


def save_once(browser, srv, base: str, group: str) -> dict:
    ctx = browser.new_context(viewport={"width": 360, "height": 740})
    ctx.add_init_script(SLOW)
    pg = ctx.new_page()
    pg.goto(base + LESSON)
    pg.wait_for_load_state("networkidle")
    label = json.loads(pg.locator('meta[name="aula-offline"]').get_attribute("content"))
    pg.locator(".aula-save summary").click()
    before = srv.sent()
    start = time.monotonic()
    pg.locator(f'.aula-save button[data-group^="{group}"]').click()
    end = start + TIMEOUT
    while pg.evaluate("document.querySelector('.aula-save').dataset.state") == "saving" and time.monotonic() < end:
        pg.wait_for_timeout(50)
    seconds = time.monotonic() - start
    state = pg.evaluate("document.querySelector('.aula-save').dataset.state")
    used = pg.evaluate("navigator.storage.estimate().then(e => e.usage)")
    python = pg.evaluate("document.documentElement.dataset.python")
    ctx.close()
    assert python == "off", f"live Python started before the tap ({python}): the figures would count it"
    return {"state": state, "seconds": seconds, "wire": srv.sent() - before, "used": used,
            "label": label["page_label" if group == "page:" else "all_label"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, default=ROOT / "site")
    args = ap.parse_args()
    if not (args.site / "sw.js").exists():
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "--site-dir", str(args.site)], cwd=ROOT,
                       check=True)
    from playwright.sync_api import sync_playwright

    top = Path(tempfile.mkdtemp(prefix="aula-offline-bench-"))
    shutil.copytree(args.site, top / "aula")
    print(f"{'link':<18} {'what':<14} {'on the wire':>12} {'time':>8} {'stored':>9}  button says")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for name, rate, latency in PROFILES:
            srv = serve(top, rate=rate, latency=latency)
            for group, what in (("page:", "one chapter"), ("all:", "all lessons")):
                r = save_once(browser, srv, srv.url + "aula/", group)
                ok = "" if r["state"] == "saved" else f"  ({r['state']})"
                print(f"{name:<18} {what:<14} {r['wire'] / 1e6:>9.2f} MB {r['seconds']:>6.1f} s "
                      f"{r['used'] / 1e6:>6.1f} MB  {r['label'].replace(chr(0x2060), '')}{ok}")
            srv.shutdown()
        browser.close()
    shutil.rmtree(top, ignore_errors=True)
    print("budget: none set by DESIGN.md; the issue asks for these figures (bytes, seconds, storage).")


if __name__ == "__main__":
    main()
