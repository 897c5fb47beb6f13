"""The reader's model training in Chromium's Pyodide, on the built site's own runtime files, with the
CPU slowed 4x (DevTools' CPU throttling): examples per second, and the time its goals take there.

    .venv/bin/python bench/own_chromium.py [--rate 4] [--steps 40]

Runs on the page's main thread (a worker is not throttled the same way by every Chromium), which is
only the measurement's harness: the lesson trains in the worker. Never part of the tests.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from lesson_core.data.own_texts import DEFAULT, TEXTS  # noqa: E402

BENCH_JS = """async ([pyodideUrl, coreUrl, text, steps, size]) => {
  const { loadPyodide } = await import(pyodideUrl);
  const py = await loadPyodide({ indexURL: new URL(".", pyodideUrl).href });
  const zip = new Uint8Array(await (await fetch(coreUrl)).arrayBuffer());
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/aula" });
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/aula')");
  py.globals.set("TEXT", text);
  return py.runPython(`
import json, time
from lesson_core.topics.own_run import Run
run = Run(TEXT, 1, "${size}", 0.01)
t = time.perf_counter()
run.advance(${steps})
json.dumps({"examples": run.seen, "seconds": time.perf_counter() - t})
`);
}"""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rate", type=float, default=4)
    ap.add_argument("--steps", type=int, default=40)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    site = ROOT / "site"
    pyodide = next((site / "assets").glob("pyodide-*/pyodide.mjs")).relative_to(site).as_posix()
    core = next((site / "assets" / "aula").glob("lesson_core-*.zip")).relative_to(site).as_posix()
    tmp = Path(tempfile.mkdtemp())
    (tmp / "aula").symlink_to(site)
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(
        type("Quiet", (http.server.SimpleHTTPRequestHandler,), {"log_message": lambda *a: None}), directory=str(tmp)))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{srv.server_address[1]}/aula/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--no-sandbox", "--disable-gpu", "--no-first-run",
                                          "--disable-background-networking", "--disable-component-update",
                                          "--disable-sync"])
        page = browser.new_page()
        page.goto(base + "own-model/")
        cdp = page.context.new_cdp_session(page)
        for size in ("small", "medium"):
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
            out = json.loads(page.evaluate(BENCH_JS, [base + pyodide, base + core, TEXTS[DEFAULT]["text"]["es"],
                                                      args.steps, size]))
            plain = out["examples"] / out["seconds"]
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.rate})
            out = json.loads(page.evaluate(BENCH_JS, [base + pyodide, base + core, TEXTS[DEFAULT]["text"]["es"],
                                                      args.steps, size]))
            slow = out["examples"] / out["seconds"]
            print(f"{size:>6}: {plain:6.0f} examples/s in Chromium, {slow:6.0f} with the CPU slowed {args.rate:g}x")
        browser.close()
    srv.shutdown()


if __name__ == "__main__":
    main()
