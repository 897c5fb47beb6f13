"""Live Python on the network (issue 9): Aula beside a naive page, at three link profiles, one run.

    .venv/bin/python bench/network.py               # build the site, then measure
    .venv/bin/python bench/network.py --snapshot    # also a build with the memory snapshot (AULA_SNAPSHOT=1)

Both pages are served by tests/pages_server.py, which gzips and caches like GitHub Pages and
throttles at the server: one shared link (bandwidth) and a delay before each response (latency),
so the worker's requests are throttled like the page's (DevTools' emulation is per target and
misses a dedicated worker's requests unless attached to it). Bytes are counted on the wire, as
the server sent them (bodies, gzipped).

The naive page is the same lesson page with Aula's scripts replaced by the usual way: boot
Pyodide from its unmodified npm files on load (full standard library and lock file), import
lesson_core, then compute. Aula is measured as a reader on a slow or metered link meets it:
no early start; the reader moves a precomputed slider at once, then types a position (the
need); then opens the next lesson page and types again (runtime from the HTTP cache). Every
visit is a new browser context (empty cache) in a browser that has already shown one page.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from conftest import CHROMIUM, CHROMIUM_ARGS, eval_friendly  # noqa: E402
from pages_server import serve  # noqa: E402

LESSON = "positional-encoding/"
NEXT = "pt/positional-encoding/"
PROFILES = [("no throttling", None, 0.0), ("20 Mbit/s, 40 ms", 20e6 / 8, 0.040), ("5 Mbit/s, 80 ms", 5e6 / 8, 0.080)]
SLOW = ("Object.defineProperty(Navigator.prototype, 'connection', {configurable: true, get: () => "
        "({effectiveType: '3g', saveData: false, addEventListener() {}, removeEventListener() {}})});")
TIMEOUT = 300000

NAIVE_SCRIPT = """<script type="module">
import { loadPyodide } from "../assets/naive-pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: "../assets/naive-pyodide/" });
const zip = await (await fetch("../assets/naive-pyodide/lesson_core.zip")).arrayBuffer();
pyodide.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/aula" });
pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/aula'); import lesson_core");
window.naive = { ready: performance.now() };
const r = JSON.parse(pyodide.pyimport("lesson_core").render_json("pe_heatmap", '{"pos": "17"}', "es"));
document.querySelector('.aula-widget[data-widget="pe_heatmap"] .aula-part[data-part="finger"]').innerHTML = r.parts.finger;
window.naive.answer = performance.now();
</script>"""

FIRST_ANSWER_JS = """
() => new Promise(resolve => {
  const go = () => {
    if (!window.aula) { requestAnimationFrame(go); return; }
    const input = document.querySelector('.aula-widget[data-widget="pe_heatmap"] input[data-param="pos"]');
    const part = document.querySelector('.aula-widget[data-widget="pe_heatmap"] .aula-part[data-part="finger"]');
    const before = part.innerHTML;
    input.value = "17";
    input.dispatchEvent(new Event('input', {bubbles: true}));
    resolve(part.innerHTML !== before ? performance.now() : -1);
  };
  go();
})
"""


def build(dest: Path, snapshot: bool = False) -> None:
    env = {**os.environ, "AULA_SNAPSHOT": "1" if snapshot else "0"}
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "--site-dir", str(dest)],
                   cwd=ROOT, check=True, capture_output=True, env=env)


def add_naive_page(site: Path) -> None:
    """site/naive-pe/: the lesson page booting unmodified Pyodide on load (see module doc)."""
    html = (site / LESSON / "index.html").read_text(encoding="utf-8")
    html = re.sub(r'<script src="[^"]*assets/aula/(aula|loader|readers)\.js"></script>', "", html)
    html = html.replace("</body>", NAIVE_SCRIPT + "</body>")
    (site / "naive-pe").mkdir()
    (site / "naive-pe" / "index.html").write_text(html, encoding="utf-8")
    out = site / "assets" / "naive-pyodide"
    out.mkdir()
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        shutil.copy2(ROOT / "node_modules" / "pyodide" / name, out / name)
    sys.path.insert(0, str(ROOT))
    from macros.runtime import lesson_core_zip
    (out / "lesson_core.zip").write_bytes(lesson_core_zip())


def aula_view(browser, srv, base: str) -> dict:
    """One reader's visit to Aula: first answer, page weight, the need, the next page."""
    ctx = browser.new_context()
    ctx.add_init_script(SLOW)
    pg = ctx.new_page()
    start = srv.sent()
    pg.goto(base + LESSON, wait_until="commit")
    first = pg.evaluate(FIRST_ANSWER_JS)
    at_first = srv.sent() - start
    pg.wait_for_load_state("networkidle")
    weight = srv.sent() - start
    assert pg.evaluate("document.documentElement.dataset.python") == "off"
    before = srv.sent()
    fp = '.aula-widget[data-widget="pe_fingerprint"]'
    pg.fill(fp + ' input[data-param="pos"]', "54321")
    pg.wait_for_function("(s) => document.querySelector(s).innerText.includes('PE(54321, 2i)')", arg=fp + " .aula-part",
                         timeout=TIMEOUT)
    t = pg.evaluate("window.aula.timings")
    runtime = srv.sent() - before
    before = srv.sent()
    pg.goto(base + NEXT)
    pg.wait_for_load_state("networkidle")
    pg.fill(fp + ' input[data-param="pos"]', "909")
    pg.wait_for_function("(s) => document.querySelector(s).innerText.includes('PE(909, 2i)')", arg=fp + " .aula-part",
                         timeout=TIMEOUT)
    t2 = pg.evaluate("window.aula.timings")
    second = srv.sent() - before
    ctx.close()
    return {"first": first, "at_first": at_first, "weight": weight, "ready": t["ready"] - t["need"],
            "answer": t["lastLive"] - t["need"], "runtime": runtime, "second": second,
            "second_ready": t2["ready"] - t2["need"], "restored": t.get("restored"), "phases": t.get("phases") or {}}


def naive_view(browser, srv, base: str) -> dict:
    ctx = browser.new_context()
    pg = ctx.new_page()
    start = srv.sent()
    pg.goto(base + "naive-pe/", wait_until="commit")
    pg.wait_for_function("window.naive && window.naive.answer", timeout=TIMEOUT)
    t = pg.evaluate("window.naive")
    pg.wait_for_load_state("networkidle")
    total = srv.sent() - start
    ctx.close()
    return {"ready": t["ready"], "answer": t["answer"], "bytes": total}


def mb(n: float) -> str:
    return f"{n / 1e6:.2f} MB"


def sec(ms: float) -> str:
    return f"{ms / 1000:.2f} s"


def measure(browser, srv, sites: dict[str, str], runs: int) -> list[dict]:
    # One visit of each page first, not measured: the browser's own first start (its processes,
    # V8 and the wasm engine warming up) would otherwise be charged to the first profile only.
    # Each measured visit still has a new context, so an empty HTTP cache.
    srv.rate, srv.latency = None, 0.0
    aula_view(browser, srv, sites["aula"])
    naive_view(browser, srv, sites["aula"])
    rows = []
    for name, rate, latency in PROFILES:
        srv.rate, srv.latency = rate, latency
        aula = [aula_view(browser, srv, sites["aula"]) for _ in range(runs)]
        naive = [naive_view(browser, srv, sites["aula"]) for _ in range(runs)]
        snap = [aula_view(browser, srv, sites["snap"]) for _ in range(runs)] if "snap" in sites else []
        med = lambda xs, k: statistics.median(x[k] for x in xs)  # noqa: E731
        row = {"profile": name, "aula": {k: med(aula, k) for k in aula[0] if k not in ("restored", "phases")},
               "naive": {k: med(naive, k) for k in naive[0]}}
        if snap:
            row["snapshot"] = {k: med(snap, k) for k in snap[0] if k not in ("restored", "phases")}
            row["snapshot"]["restored"] = all(x["restored"] for x in snap)
        row["phases"] = {k: statistics.median(x["phases"][k] for x in aula) for k in aula[0]["phases"]}
        rows.append(row)
        print_row(row)
    return rows


def print_row(row: dict) -> None:
    a, n = row["aula"], row["naive"]
    print(f"\n## {row['profile']}")
    print(f"{'':<46} {'Aula':>12} {'naive page':>12}   budget")
    lines = [
        ("first answer to a control, after navigation", sec(a["first"]), sec(n["answer"]), "<= 0.5 s (no throttling)"),
        ("bytes until the first answer", mb(a["at_first"]), mb(n["bytes"]), "<= page weight"),
        ("page weight (no interaction, gzip)", mb(a["weight"]), "-", "<= 1 MB"),
        ("live Python ready, after the need", sec(a["ready"]), sec(n["ready"]), "<= 4 s at 20 Mbit/s; <= naive"),
        ("first live answer, after the need", sec(a["answer"]), sec(n["answer"]), "-"),
        ("runtime bytes until ready (wire)", mb(a["runtime"]), mb(n["bytes"]), "<= 6 MB"),
        ("next page: bytes (page + runtime)", mb(a["second"]), "-", "runtime from cache"),
        ("next page: ready after the need", sec(a["second_ready"]), "-", "-"),
    ]
    if "snapshot" in row:
        s = row["snapshot"]
        lines += [("with the memory snapshot: ready after the need", sec(s["ready"]), "", f"restored={s['restored']}"),
                  ("with the memory snapshot: runtime bytes", mb(s["runtime"]), "", "")]
    for label, x, y, budget in lines:
        print(f"{label:<46} {x:>12} {y:>12}   {budget}", flush=True)
    steps = ", ".join(f"{k} {sec(v)}" for k, v in row["phases"].items())
    print(f"  the worker's steps, from its start: {steps}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--snapshot", action="store_true", help="also measure a build with the memory snapshot")
    parser.add_argument("--runs", type=int, default=1, help="visits per profile (medians)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        top = Path(tmp)
        build(top / "aula")
        add_naive_page(top / "aula")
        sites = {"aula": "aula/"}
        if args.snapshot:
            build(top / "snap", snapshot=True)
            sites["snap"] = "snap/"
        srv = serve(top)
        sites = {k: srv.url + v for k, v in sites.items()}
        with sync_playwright() as p:
            browser = eval_friendly(p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS))
            measure(browser, srv, sites, args.runs)
            browser.close()
        srv.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
