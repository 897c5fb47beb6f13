"""Aula benchmark: prints each figure beside its budget (DESIGN.md). Never part of the tests.

    .venv/bin/python bench/run.py            # everything
    .venv/bin/python bench/run.py --quick    # skip the per-widget Pyodide timings
    .venv/bin/python bench/run.py --no-offline   # skip the offline bundle

Figures:
  cold site build (bench/build_time.py: the cold and the warm build alone); lesson page weight
  without the Python runtime; precomputed-control latency (input -> updated DOM, and to the next
  frame); time to data-python=ready over
  http (headless Chromium reports a fast connection: loader.js starts Python early, on idle);
  live recompute latency; each widget's render time in CPython and in Pyodide.

Live Python on slow links, beside a naive page, and the HTTP cache: bench/network.py.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from conftest import CHROMIUM, CHROMIUM_ARGS, eval_friendly, _Handler  # noqa: E402
from build_time import timed_build  # noqa: E402  (bench/build_time.py: the cold and the warm build alone)

LESSON = "positional-encoding/"
RESULTS = []


def report(name: str, value: str, budget: str, ok: bool | None = None) -> None:
    mark = "" if ok is None else ("  ok" if ok else "  OVER")
    RESULTS.append({"name": name, "value": value, "budget": budget, "ok": ok})
    print(f"{name:<52} {value:>22}   budget {budget}{mark}", flush=True)




def serve(site: Path, top: Path) -> tuple[str, http.server.ThreadingHTTPServer]:
    shutil.copytree(site, top / "aula")
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(top)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}/aula/", httpd


RUNTIME = ("/pyodide-", "/lesson_core-", "py-worker.mjs", ".snapshot.gz")  # versioned names (macros/runtime.py)


LESSON_PAGES = [LESSON, "turing-1-words/", "turing-2-vectors/", "turing-3-generation/", "turing-4-scale/",
                "pt/" + LESSON, "pt/turing-2-vectors/", "real-model/", "pt/real-model/"]


def one_page_weight(browser, url: str) -> int:
    """Bytes a page loads with live Python blocked (HTML, CSS, scripts, images; no runtime)."""
    ctx = browser.new_context()
    pg = ctx.new_page()
    sizes = {}
    pg.on("response", lambda r: sizes.__setitem__(r.url, len(r.body())) if r.ok else None)
    pg.route("**/py-worker.mjs*", lambda route: route.abort())
    pg.goto(url, wait_until="networkidle")
    ctx.close()
    return sum(v for k, v in sizes.items() if not any(m in k for m in RUNTIME))


def page_weight(browser, url: str) -> tuple[int, int]:
    """The lesson page's weight without the runtime, and the runtime's bytes on their own."""
    page_bytes = one_page_weight(browser, url + LESSON)
    runtime = sum(runtime_bytes(browser, url).values())
    return page_bytes, runtime


def runtime_bytes(browser, url: str) -> dict[str, int]:
    """What live Python downloads after the page (the worker's requests included)."""
    ctx = browser.new_context()
    responses = []
    ctx.on("response", lambda r: responses.append(r) if any(m in r.url for m in RUNTIME) else None)
    pg = ctx.new_page()
    pg.goto(url + LESSON)
    pg.wait_for_function("document.documentElement.dataset.python === 'ready'", timeout=120000)
    sizes = {r.url: len(r.body()) for r in responses if r.ok}
    ctx.close()
    return sizes


PRECOMPUTED_JS = """
async ([sel, values]) => {
  const input = document.querySelector(sel);
  const sync = [], frame = [];
  for (const v of values) {
    const t0 = performance.now();
    input.value = v;
    input.dispatchEvent(new Event('input', {bubbles: true}));
    document.querySelector(sel).closest('.aula-widget').getBoundingClientRect();  // style + layout done
    sync.push(performance.now() - t0);
    await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
    frame.push(performance.now() - t0);
  }
  return {sync, frame};
}
"""

LIVE_JS = """
async ([sel, partSel, values]) => {
  const input = document.querySelector(sel);
  const part = document.querySelector(partSel);
  const out = [];
  for (const v of values) {
    const t0 = performance.now();
    await new Promise(resolve => {
      const obs = new MutationObserver(() => { obs.disconnect(); resolve(); });
      obs.observe(part, {childList: true, subtree: true});
      input.value = v;
      input.dispatchEvent(new Event('input', {bubbles: true}));
    });
    out.push(performance.now() - t0);
  }
  return out;
}
"""


def ready_and_live(pg) -> tuple[float, list[float]]:
    """When data-python became ready (ms after navigation), then 21 typed positions' latencies."""
    pg.wait_for_function("document.documentElement.dataset.python === 'ready'", timeout=120000)
    ready = pg.evaluate("window.aula.timings.ready")
    live = pg.evaluate(LIVE_JS, ['.aula-widget[data-widget="pe_fingerprint"] input[data-param="pos"]',
                                 '.aula-widget[data-widget="pe_fingerprint"] .aula-part',
                                 [str(v) for v in range(1000, 100001, 4950)]])
    return ready, live


def heart_in_browser(browser, url: str) -> list[float]:
    """The 500-point generation as a reader meets it: slider to the end, then other points typed."""
    ctx = browser.new_context()
    pg = ctx.new_page()
    pg.goto(url + "turing-4-scale/")
    pg.wait_for_function("document.documentElement.dataset.python === 'ready'", timeout=120000)
    sel = '.aula-widget[data-widget="diffusion_heart_generate"]'
    pg.evaluate("(s) => { const i = document.querySelector(s + ' input[data-param=\"step\"]'); i.value = i.max;"
                " i.dispatchEvent(new Event('input', {bubbles: true})); }", sel)
    times = pg.evaluate(LIVE_JS, [sel + ' input[data-param="point"]', sel + " .aula-part",
                                  ["11", "123", "250", "499", "42"]])
    ctx.close()
    return times


def browser_figures(browser, url: str, runs: int) -> None:
    weight, runtime = page_weight(browser, url)
    report("lesson page weight without the Python runtime", f"{weight / 1e6:.3f} MB", "<= 1 MB", weight <= 1e6)
    report("  (live Python's download, after the page)", f"{runtime / 1e6:.1f} MB", "-")
    for path in LESSON_PAGES[1:]:
        w = one_page_weight(browser, url + path)
        report(f"  page weight: {path}", f"{w / 1e6:.3f} MB", "<= 1 MB", w <= 1e6)

    ready, sync, frame, live = [], [], [], []
    for _ in range(runs):
        ctx = browser.new_context()  # a new context: cold cache each run
        pg = ctx.new_page()
        pg.goto(url + LESSON)
        res = pg.evaluate(PRECOMPUTED_JS, ['.aula-widget[data-widget="pe_heatmap"] input[data-param="pos"]',
                                           [str(v) for v in list(range(1, 50, 2)) * 2]])
        sync += res["sync"]
        frame += res["frame"]
        r, times = ready_and_live(pg)
        ready.append(r)
        live += times
        ctx.close()

    def med(xs):
        return statistics.median(xs)

    def p95(xs):
        return sorted(xs)[int(0.95 * (len(xs) - 1))]

    report("precomputed control: input -> DOM swapped + laid out (median)", f"{med(sync):.2f} ms", "<= 16 ms",
           med(sync) <= 16)
    report("precomputed control: input -> DOM swapped + laid out (p95)", f"{p95(sync):.2f} ms", "<= 16 ms",
           p95(sync) <= 16)
    report("  (input -> after the next animation frame, median)", f"{med(frame):.1f} ms",
           "context: includes waiting for vsync")
    report("data-python=ready after navigation (median)", f"{med(ready) / 1000:.2f} s", "<= 3 s", med(ready) <= 3000)
    report("  (each run)", ", ".join(f"{r / 1000:.2f}" for r in ready) + " s", "-")
    report("live recompute, typed position (median)", f"{med(live):.1f} ms", "<= 50 ms", med(live) <= 50)
    heart = heart_in_browser(browser, url)
    report("heart in the browser: a typed point at the last step (median)", f"{med(heart):.0f} ms",
           "<= 2000 ms (heavy widget)", med(heart) <= 2000)
    report("live recompute, typed position (p95)", f"{p95(live):.1f} ms", "<= 50 ms", p95(live) <= 50)


def offline_figures(browser, tmp: Path, runs: int) -> None:
    """The school bundle: its size, and Python from file:// (issue: offline bundle)."""
    dist = tmp / "dist"
    t0 = time.perf_counter()
    subprocess.run([sys.executable, str(ROOT / "scripts" / "bundle.py"), "--dist", str(dist)], cwd=ROOT, check=True,
                   capture_output=True)
    report("offline bundle build (site + carriers + zip)", f"{time.perf_counter() - t0:.1f} s", "-")
    zipped = (dist / "aula-offline.zip").stat().st_size
    unzipped = sum(p.stat().st_size for p in (dist / "aula-offline").rglob("*") if p.is_file())
    report("offline bundle, zipped", f"{zipped / 1e6:.1f} MB", "<= 30 MB", zipped <= 30e6)
    report("offline bundle, unzipped", f"{unzipped / 1e6:.1f} MB", "-")
    place = tmp / "Aulas de IA" / "lição 1"
    shutil.copytree(dist / "aula-offline", place / "aula-offline")
    url = (place / "aula-offline" / LESSON.rstrip("/")).as_uri() + ".html"
    ready, live = [], []
    for _ in range(runs):
        ctx = browser.new_context()
        pg = ctx.new_page()
        pg.goto(url)
        r, times = ready_and_live(pg)
        ready.append(r)
        live += times
        ctx.close()
    med = statistics.median
    report("file:// data-python=ready after navigation (median)", f"{med(ready) / 1000:.2f} s", "<= 3 s (http budget)",
           med(ready) <= 3000)
    report("  (each run)", ", ".join(f"{r / 1000:.2f}" for r in ready) + " s", "-")
    report("file:// live recompute, typed position (median)", f"{med(live):.1f} ms", "<= 50 ms", med(live) <= 50)


def widget_times(pyodide: bool) -> None:
    import lesson_core

    ids = [w["id"] for w in lesson_core.list_widgets()]
    code = ("import time, lesson_core; t = time.perf_counter(); "
            "lesson_core.render('diffusion_heart_generate', {'step': '16'}, 'es'); print((time.perf_counter() - t) * 1000)")
    heart_cpy = float(subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                                     check=True).stdout)
    cpy = {}
    for wid in ids:
        lesson_core.render(wid, None, "es")  # warm caches the way a page session would
        n, t0 = 0, time.perf_counter()
        while n < 3 or (time.perf_counter() - t0 < 0.3 and n < 50):
            lesson_core.render(wid, None, "es")
            n += 1
        cpy[wid] = (time.perf_counter() - t0) / n * 1000
    pyo = {}
    if pyodide:
        from macros.hooks import lesson_core_zip
        with tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / "core.zip").write_bytes(lesson_core_zip())
            proc = subprocess.run(["node", str(ROOT / "bench" / "pyodide_times.mjs"), str(Path(tmp) / "core.zip")],
                                  cwd=ROOT, capture_output=True, text=True, check=True)
            pyo = json.loads(proc.stdout)
    if pyodide:
        heart = pyo["heart:full"]
        report("heart: 500 points over the full schedule, Pyodide (cold)", f"{heart:.0f} ms", "<= 2000 ms", heart <= 2000)
    report("heart: 500 points over the full schedule, CPython (cold)", f"{heart_cpy:.0f} ms", "-")
    print(f"\n{'widget render time (default call)':<32} {'CPython':>10} {'Pyodide':>10}   budget (light widget, live)")
    for wid in ids:
        p = pyo.get(wid)
        cold = f" (first {pyo[wid + ':first']:.0f})" if p is not None and wid + ":first" in pyo else ""
        print(f"  {wid:<30} {cpy[wid]:>8.2f} ms {(f'{p:8.2f} ms' if p is not None else '       -'):>10}{cold}")
        RESULTS.append({"name": f"render {wid}", "cpython_ms": cpy[wid], "pyodide_ms": p})


def model_figures() -> None:
    """The real model (issue 12): weights per language, next token after 64 tokens and each further
    token in Pyodide (Node), plus CPython for context."""
    from macros.hooks import lesson_core_zip
    for path in sorted((ROOT / "lesson_core" / "model").glob("tensors_*.py")):
        size = path.stat().st_size
        report(f"real model weights in the site: {path.name}", f"{size / 1e6:.3f} MB", "<= 2 MB", size <= 2e6)
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "core.zip").write_bytes(lesson_core_zip())
        proc = subprocess.run(["node", str(ROOT / "bench" / "model_times.mjs"), str(Path(tmp) / "core.zip")],
                              cwd=ROOT, capture_output=True, text=True, check=True)
    for lang, r in json.loads(proc.stdout).items():
        first, step = statistics.median(r["prompt64_ms"]), statistics.median(r["per_token_ms"])
        report(f"real model ({lang}), Pyodide: next token after 64 tokens (median)", f"{first:.0f} ms", "<= 300 ms",
               first <= 300)
        report(f"real model ({lang}), Pyodide: each further token (median)", f"{step:.1f} ms", "<= 50 ms", step <= 50)
        report(f"  (real model ({lang}): the same in CPU time, steadier on a busy machine)",
               f"{statistics.median(r['cpu_prompt64_ms']):.0f} / {statistics.median(r['cpu_per_token_ms']):.1f} ms", "-")
        report(f"  (real model ({lang}): weights decoded on first use)", f"{r['load_ms']:.0f} ms", "-")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="skip Pyodide per-widget timings")
    parser.add_argument("--runs", type=int, default=3, help="page loads for the browser figures")
    parser.add_argument("--no-offline", action="store_true", help="skip the offline bundle figures")
    parser.add_argument("--model", action="store_true", help="only the real model's figures (issue 12)")
    args = parser.parse_args()
    if args.model:
        model_figures()
        return 0

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        seconds, cpu = timed_build(tmp / "site", tmp / "cache", cold=True)  # an empty build cache
        report("full site build, cold", f"{seconds:.1f} s", "<= 30 s", seconds <= 30)
        report("  (the same in CPU time, steadier on a busy machine)", f"{cpu:.1f} s", "-")
        url, httpd = serve(tmp / "site", tmp / "serve")
        from playwright.sync_api import sync_playwright
        with sync_playwright() as p:
            browser = eval_friendly(p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS))
            browser_figures(browser, url, args.runs)
            if not args.no_offline:
                offline_figures(browser, tmp, args.runs)
            browser.close()
        httpd.shutdown()
    widget_times(pyodide=not args.quick)
    if not args.quick:
        model_figures()
    out = ROOT / "bench" / "results"
    out.mkdir(exist_ok=True)
    (out / "latest.json").write_text(json.dumps(RESULTS, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
