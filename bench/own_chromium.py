"""The reader's model training in Chromium's Pyodide, on the built site's own runtime files, with the
CPU slowed 4x (DevTools' CPU throttling): examples per second, and the time its goals take there
(the live widget's own code, Session.slice, in slices, with its checkpoints).

    .venv/bin/python bench/own_chromium.py [--rate 4] [--steps 40] [--goals 60]

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

# Pyodide and lesson_core in the page (the worker's own code, run on the page so the CPU can be
# slowed), then a Python script with the text as TEXT; the script's last expression is returned.
RUN_JS = """async ([pyodideUrl, coreUrl, text, script]) => {
  const { loadPyodide } = await import(pyodideUrl);
  const py = await loadPyodide({ indexURL: new URL(".", pyodideUrl).href });
  const zip = new Uint8Array(await (await fetch(coreUrl)).arrayBuffer());
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/aula" });
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/aula')");
  py.globals.set("TEXT", text);
  return py.runPython(script);
}"""

# Examples per second of a plain run (Run.advance): {size}, {steps}.
BENCH_PY = """
import json, time
from lesson_core.topics.own_run import Run
run = Run(TEXT, 1, "{size}", 0.01)
t = time.perf_counter()
run.advance({steps})
json.dumps({{"examples": run.seen, "seconds": time.perf_counter() - t}})
"""

# The goals (issue 25), with the worker's own code: Session.slice in slices of SLICE_SECONDS, checkpoint
# evaluation included, for at most {limit} seconds of wall time; the first checkpoint (and the time) at which
# the held-out loss is below the unigram's, and at which half of the sample's words are words of the text.
GOALS_PY = """
import json, time
from lesson_core.kit.registry import get, parse_params
from lesson_core.widgets.own_train import SLICE_SECONDS, Session
s = Session(parse_params(get("own_train"), {{"example": "own", "text": TEXT, "size": "{size}"}}), "es")
t0, goals, took = time.perf_counter(), {{}}, []
while time.perf_counter() - t0 < {limit} and not s.done:
    a = time.perf_counter()
    new = s.slice(SLICE_SECONDS)
    took.append(time.perf_counter() - a)
    if new:
        c, at = s.ckpts[-1], time.perf_counter() - t0
        if c["held_bpc"] < c["unigram_bpc"]:
            goals.setdefault("below_unigram", [round(at, 1), c["step"]])
        if c["words"] and c["known_words"] >= c["words"] / 2:
            goals.setdefault("half_words", [round(at, 1), c["step"]])
json.dumps({{"goals": goals, "seen": s.run.seen, "seconds": time.perf_counter() - t0,
            "per_second": s.state()["per_second"], "last": s.ckpts[-1],
            "slices_ms": [round(1000 * x) for x in sorted(took)]}})
"""


def goals(page, cdp, base, pyodide, core, rate: float, limit: float) -> None:
    """Time to the goals on a 2-3 KB text (the default story) with the CPU slowed ``rate`` times."""
    text = TEXTS[DEFAULT]["text"]["es"]
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    for size in ("small", "medium"):
        out = json.loads(page.evaluate(RUN_JS, [base + pyodide, base + core, text,
                                                GOALS_PY.format(size=size, limit=limit)]))
        g, last, ms = out["goals"], out["last"], out["slices_ms"]
        said = lambda k: f"{g[k][0]} s (step {g[k][1]})" if k in g else f"not within {limit:g} s"
        print(f"{size:>6}, CPU slowed {rate:g}x, {len(text.encode())} bytes: {out['per_second']:.0f} examples/s "
              f"while training, {out['seen']} examples in {out['seconds']:.0f} s; slices (budget 50 ms): median "
              f"{ms[len(ms) // 2]} ms, 95th percentile {ms[len(ms) * 95 // 100]} ms, longest {ms[-1]} ms; held-out below the unigram: {said('below_unigram')} "
              f"(budget 60 s); half the sample's words from the text: {said('half_words')} (budget 60 s); "
              f"at the end held {last['held_bpc']:.2f}, unigram {last['unigram_bpc']:.2f}, "
              f"{last['known_words']}/{last['words']} words known")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rate", type=float, default=4)
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--goals", type=float, default=60, help="seconds for the goals run (0: skip it)")
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
            out = json.loads(page.evaluate(RUN_JS, [base + pyodide, base + core, TEXTS[DEFAULT]["text"]["es"],
                                                    BENCH_PY.format(size=size, steps=args.steps)]))
            plain = out["examples"] / out["seconds"]
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.rate})
            out = json.loads(page.evaluate(RUN_JS, [base + pyodide, base + core, TEXTS[DEFAULT]["text"]["es"],
                                                    BENCH_PY.format(size=size, steps=args.steps)]))
            slow = out["examples"] / out["seconds"]
            print(f"{size:>6}: {plain:6.0f} examples/s in Chromium, {slow:6.0f} with the CPU slowed {args.rate:g}x")
        if args.goals:
            goals(page, cdp, base, pyodide, core, args.rate, args.goals)
        browser.close()
    srv.shutdown()


if __name__ == "__main__":
    main()
