"""Aula on a slow phone (issue 17, item 7): the first answer of a precomputed control and the long tasks.

    .venv/bin/python bench/slowphone.py                    # builds the site into a temporary folder
    .venv/bin/python bench/slowphone.py --site /tmp/site   # an already built site (mkdocs build --strict)
    .venv/bin/python bench/slowphone.py --runs 5 --trace   # + where the main thread's time goes (one traced run)

The phone: Chromium at 360x640 (mobile, touch, device scale 2) with the CPU slowed 4x
(CDP Emulation.setCPUThrottlingRate), the site served as static files over loopback without gzip,
a cold cache each run. The page: positional-encoding (es), whose first slider is precomputed.

"First answer" is measured the same way whatever the page's scripts do: a script registered before the
page's own ones waits for the page's first slider (an input[type=range] in a widget), moves it one step
as soon as it is in the DOM and, once its widget is parsed to the end, sends it an `input` event every 20 ms
until the widget's view changes (a MutationObserver on its .aula-view and .aula-lead): the time of that change, in ms after
navigation start. That is a reader who moves the slider the moment it shows and keeps trying.
Long tasks come from PerformanceObserver('longtask') (buffered), counted until the load event and
until 3 s after it. Budgets (issue 17): first answer <= 1.2 s (median of the runs), each long task
during load <= 200 ms. Before this work (review phone-2026-12): first answer 2.8-3.3 s, longest task
0.4-0.6 s.

With --trace, one more run records Chromium's trace and prints the main thread's time by event
(HTML parsing, style, layout, script, paint), until the first answer.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from conftest import CHROMIUM, CHROMIUM_ARGS, eval_friendly, _Handler  # noqa: E402

PAGE = "positional-encoding/"
BUDGET_ANSWER_MS = 1200
BUDGET_LONGTASK_MS = 200

# Registered before any page script (Playwright's init script).
PROBE = """
(() => {
  const probe = window.__slowphone = {longtasks: [], answer: null, found: null, watching: null};
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.longtasks.push([e.startTime, e.duration]);
    }).observe({type: 'longtask', buffered: true});
  } catch (e) {}
  function tick() {
    if (probe.answer !== null) return;
    const input = document.querySelector('.aula-widget input[type=range]');
    if (input) {
      const w = input.closest('.aula-widget');
      if (probe.found === null) {
        probe.found = performance.now();
        input.value = String(Number(input.value) + Number(input.step || 1));
      }
      // the view is watched once the widget is parsed to its end (.aula-msgs): the parser's own insertions
      // are not an answer
      if (!probe.watching && w.querySelector('.aula-msgs')) {
        probe.watching = performance.now();
        const obs = new MutationObserver(() => {
          if (probe.answer === null) probe.answer = performance.now();
          obs.disconnect();
        });
        w.querySelectorAll('.aula-view, .aula-lead').forEach(
          (el) => obs.observe(el, {childList: true, subtree: true, characterData: true}));
      }
      if (probe.watching) input.dispatchEvent(new Event('input', {bubbles: true}));
    }
    setTimeout(tick, 20);
  }
  tick();
})();
"""

RESULT_JS = """
() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  return Object.assign({}, window.__slowphone, {
    dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd, fcp: fcp ? fcp.startTime : null,
    bytes: nav.transferSize || nav.encodedBodySize,
  });
}
"""


def serve(site: Path, top: Path) -> tuple[str, http.server.ThreadingHTTPServer]:
    shutil.copytree(site, top / "aula")
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(top)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}/aula/", httpd


def phone(browser):
    ctx = browser.new_context(viewport={"width": 360, "height": 640}, device_scale_factor=2, is_mobile=True,
                              has_touch=True)
    ctx.add_init_script(PROBE)
    pg = ctx.new_page()
    cdp = ctx.new_cdp_session(pg)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    return ctx, pg


def one_run(browser, url: str) -> dict:
    ctx, pg = phone(browser)
    pg.goto(url, wait_until="load")
    pg.wait_for_function("window.__slowphone.answer !== null", timeout=60000, polling=100)
    pg.wait_for_timeout(3000)  # long tasks after load, too
    res = pg.evaluate(RESULT_JS)
    ctx.close()
    return res


DETAIL = ("ParseHTML", "EvaluateScript", "FunctionCall", "UpdateLayoutTree", "Layout", "PrePaint", "Paint",
          "ParseAuthorStyleSheet", "MajorGC", "MinorGC", "TimerFire", "EventDispatch", "FireAnimationFrame",
          "v8.compile", "v8.compileModule", "Commit", "Layerize", "IntersectionObserverController::computeIntersections",
          "TextResourceDecoder::Decode", "DocumentLoader::CommitNavigation", "HitTest", "ScrollLayer")


def traced_run(browser, url: str) -> None:
    """Where the main thread's time goes until the first answer (complete events, self time ignored)."""
    ctx, pg = phone(browser)
    browser.start_tracing(page=pg, categories=["devtools.timeline", "disabled-by-default-devtools.timeline", "v8",
                                          "blink", "loading"])
    pg.goto(url, wait_until="load")
    pg.wait_for_function("window.__slowphone.answer !== null", timeout=60000, polling=100)
    pg.wait_for_timeout(1000)
    res = pg.evaluate(RESULT_JS)
    trace = json.loads(browser.stop_tracing())
    ctx.close()
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    main = None  # the page's renderer main thread: the one that parsed the page's HTML
    for e in events:
        if e.get("name") == "ParseHTML" and url in str(e.get("args", {}).get("beginData", {}).get("url", "")):
            main = (e["pid"], e["tid"])
            break
    starts = [e["ts"] for e in events if e.get("name") == "TracingStartedInBrowser"] or \
             [min(e["ts"] for e in events if e.get("ts"))]
    nav_start = None
    for e in events:
        if e.get("name") == "navigationStart" and (e["pid"], e["tid"]) == main:
            nav_start = e["ts"]
    t0 = nav_start or starts[0]
    end = t0 + max(res["answer"], res["load"]) * 1000
    totals: dict[str, float] = {}
    tops = []
    for e in events:
        if (e.get("pid"), e.get("tid")) != main or e.get("ph") != "X" or "dur" not in e:
            continue
        if e["ts"] > end:
            continue
        name = e["name"]
        if name == "ParseHTML":
            name += f" (lines {e.get('args', {}).get('beginData', {}).get('startLine', '?')}-)"
        totals[e["name"]] = totals.get(e["name"], 0) + e["dur"] / 1000
        if e["name"] in ("RunTask", "ThreadControllerImpl::RunTask") and e["dur"] > 50000:
            tops.append(((e["ts"] - t0) / 1000, e["dur"] / 1000, e.get("tdur", 0) / 1000))
    print(f"\ntraced run: first answer {res['answer']:.0f} ms, DCL {res['dcl']:.0f} ms, load {res['load']:.0f} ms "
          f"(time on the main thread until the first answer or load, by event; nested events count in each)")
    for name, ms in sorted(totals.items(), key=lambda kv: -kv[1])[:25]:
        print(f"  {name:<50} {ms:8.1f} ms")
    print("  tasks over 50 ms (start+duration [the thread's CPU time], ms):",
          ", ".join(f"{s:.0f}+{d:.0f} [{c:.0f}]" for s, d, c in sorted(tops)))
    # what each long task held: its nested events, largest first
    for s, d, c in sorted(tops):
        a, b = t0 + s * 1000, t0 + (s + d) * 1000
        inner: dict[str, float] = {}
        for e in events:
            if (e.get("pid"), e.get("tid")) != main or e.get("ph") != "X" or "dur" not in e:
                continue
            if a <= e["ts"] and e["ts"] + e["dur"] <= b + 1 and e["name"] in DETAIL:
                data = e.get("args", {}).get("data", {})
                what = e["name"] + (" " + data["url"].rsplit("/", 1)[-1][:40] if data.get("url") else "")
                inner[what] = inner.get(what, 0) + e["dur"] / 1000
        top = sorted(inner.items(), key=lambda kv: -kv[1])[:6]
        print(f"    task at {s:.0f} ms ({d:.0f} ms):", ", ".join(f"{n} {ms:.0f}" for n, ms in top))


def load_average() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", help="an already built site (default: build one into a temporary folder)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--page", default=PAGE)
    parser.add_argument("--trace", action="store_true", help="one more run, traced: the main thread's time by event")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        if args.site:
            site = Path(args.site)
        else:
            site = tmp / "site"
            subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "--site-dir", str(site)],
                           cwd=ROOT, check=True, capture_output=True)
        url, httpd = serve(site, tmp / "serve")
        page_bytes = (site / args.page / "index.html").stat().st_size
        from playwright.sync_api import sync_playwright
        with sync_playwright() as p:
            browser = eval_friendly(p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS))
            print(f"{args.page}: {page_bytes / 1000:.0f} KB of HTML; CPU 4x slower, 360x640; "
                  f"load average before: {load_average()}")
            runs = []
            for i in range(args.runs):
                r = one_run(browser, url + args.page)
                runs.append(r)
                load_tasks = [d for s, d in r["longtasks"] if s <= r["load"]]
                print(f"  run {i + 1}: slider found {r['found']:.0f}, first answer {r['answer']:.0f}, FCP "
                      f"{r['fcp'] or 0:.0f}, DCL {r['dcl']:.0f}, load {r['load']:.0f} ms; long tasks until load: "
                      f"{', '.join(f'{d:.0f}' for d in load_tasks) or 'none'}; after load (3 s): "
                      f"{', '.join(f'{d:.0f}' for s, d in r['longtasks'] if s > r['load']) or 'none'}")
            if args.trace:
                traced_run(browser, url + args.page)
            browser.close()
        httpd.shutdown()
    answer = statistics.median(r["answer"] for r in runs)
    longest_load = statistics.median(max([d for s, d in r["longtasks"] if s <= r["load"]] or [0]) for r in runs)
    longest_all = statistics.median(max([d for s, d in r["longtasks"]] or [0]) for r in runs)
    print(f"{'first answer of a precomputed control (median)':<58} {answer:8.0f} ms   budget <= "
          f"{BUDGET_ANSWER_MS} ms{'  ok' if answer <= BUDGET_ANSWER_MS else '  OVER'}")
    print(f"{'  (slider in the DOM -> its first answer, median)':<58} "
          f"{statistics.median(r['answer'] - r['found'] for r in runs):8.0f} ms")
    print(f"{'longest main-thread task until load (median)':<58} {longest_load:8.0f} ms   budget <= "
          f"{BUDGET_LONGTASK_MS} ms{'  ok' if longest_load <= BUDGET_LONGTASK_MS else '  OVER'}")
    print(f"{'  (longest until load + 3 s, median)':<58} {longest_all:8.0f} ms")
    print(f"load average after: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
