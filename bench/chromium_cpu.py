"""What one page load costs Chromium, in CPU seconds (cgroup accounting, Chromium included), with
the tests' flags or with extra ones: the measure behind tests/conftest.py CHROMIUM_ARGS.

    .venv/bin/python bench/chromium_cpu.py [--pages N] [--rounds R] [--mode M] ["--flags=--a --b" ...]

Each flag set (the first is always the tests' own) launches one Chromium, waits 3 s for its start-up,
then opens each of the first N lesson pages of both languages at 1280 px, waits until readers.js has
marked the page and a second has passed; R rounds, flag sets interleaved. --mode says what is
measured: `page` a fresh context per page (as the `page` fixture does), `reuse` one context for every
page, `blank` a fresh context per load showing about:blank (a context's own cost), `tab` a fresh page
per load in one context, about:blank, `idle` nothing but the waits, `python` as `page` with a fast
link, so live Python starts early, and waits until it is ready (`python` minus `page`: a start).

Measured 2026-12-03 under load (6 pages x 2 languages), CPU per load: page 1.66 s, reuse 0.69 s,
blank 0.93 s, tab 0.79 s, idle 0.08 s; 2026-12-03, quieter, 3 pages x 2 languages: page 1.40 s,
reuse 0.65 s, tab 0.80 s. A new page costs about as much CPU as loading a lesson in it;
no flag tried (site isolation off, --in-process-gpu, --disable-gpu-compositing, --no-zygote,
--renderer-process-limit=1) nor blocking the search index saved more than 3 %.
2026-12-03 (a slower machine), 2 pages x 2 languages x 2 rounds: page 2.1 s, python 7.3 s, so a start
of live Python costs about 5.2 s of CPU (--js-flags=--no-wasm-tier-up: 7.5 s, no saving)."""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
import conftest  # noqa: E402
from test_readers import MARKED_JS, _lessons  # noqa: E402

CPUACCT = Path("/sys/fs/cgroup/cpuacct")


def usage(group: Path) -> float:
    return int((group / "cpuacct.usage").read_text()) / 1e9


def serve(site: Path) -> str:
    top = Path(tempfile.mkdtemp())
    (top / conftest.SUBPATH).symlink_to(site, target_is_directory=True)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(conftest._Handler, directory=str(top)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}/{conftest.SUBPATH}/"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pages", type=int, default=6)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--flags", action="append", default=[], help="extra Chromium flags, one set per option")
    ap.add_argument("--mode", default="page", choices=["page", "blank", "reuse", "idle", "tab", "handed", "python"],
                    help="page: a fresh context per page; blank: fresh contexts showing about:blank "
                         "(the context's own cost); reuse: one context for every page")
    ap.add_argument("--block", action="append", default=[], help="URL globs to abort in every page")
    args = ap.parse_args()
    group = CPUACCT / f"aula-chromium-{os.getpid()}"
    group.mkdir()
    (group / "cgroup.procs").write_text(str(os.getpid()))  # this process and Chromium, from here on
    site = ROOT / "site"
    url = serve(site)
    lessons = _lessons(site)
    paths = [p for p in lessons if not p.startswith("pt/")][:args.pages] + \
            [p for p in lessons if p.startswith("pt/")][:args.pages]
    from playwright.sync_api import sync_playwright
    sets = [""] + args.flags
    totals = {s: 0.0 for s in sets}
    with sync_playwright() as p:
        for _ in range(args.rounds):
            for flags in sets:
                b = p.chromium.launch(executable_path=conftest.CHROMIUM, headless=True,
                                      args=conftest.CHROMIUM_ARGS + flags.split())
                if args.mode == "handed":
                    b = conftest.eval_friendly(b)  # new_context() hands out pooled contexts
                time.sleep(3)  # the launch's own work done
                t0 = usage(group)
                ctx = None
                for path in paths:
                    if ctx is None:
                        ctx = b.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
                        ctx.add_init_script(conftest.FAST_CONNECTION if args.mode == "python"
                                            else conftest.NEED_CONNECTION)
                        pg = ctx.new_page()
                        for glob in args.block:
                            pg.route(glob, lambda route: route.abort())
                    if args.mode == "idle":
                        pass
                    elif args.mode == "tab":  # a fresh page (tab) in the one context, about:blank
                        pg.close()
                        pg = ctx.new_page()
                    elif args.mode == "blank":
                        pg.goto("about:blank")
                    else:
                        pg.goto(url + path)
                        pg.wait_for_function(MARKED_JS, arg=1280)
                        if args.mode == "python":  # the page's live Python started early, and ready
                            conftest.wait_python(pg)
                    time.sleep(1)
                    if args.mode not in ("reuse", "idle", "tab"):
                        ctx.close()
                        ctx = None
                if ctx:
                    ctx.close()
                totals[flags] += usage(group) - t0
                b.close()
    n = args.rounds * len(paths)
    for flags in sets:
        print(f"{totals[flags] / n:6.3f} s CPU per page load  {flags or '(the tests flags)'}")
    (CPUACCT / "cgroup.procs").write_text(str(os.getpid()))  # back to the root group; Chromium has exited
    try:
        group.rmdir()
    except OSError:
        pass  # a straggler still inside: the group goes when it does


if __name__ == "__main__":
    main()
