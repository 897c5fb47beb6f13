"""The site build's time, cold and warm, beside its budget (DESIGN.md: <= 30 s cold). Never part of the tests.

    .venv/bin/python bench/build_time.py             # a cold build, then a warm one
    .venv/bin/python bench/build_time.py --runs 3    # each three times (the median is reported)
    .venv/bin/python bench/build_time.py --profile   # also a cProfile of a warm build: where the time goes

Cold: a fresh process into an empty folder with an empty build cache (macros/stdlib.py; a folder of
the benchmark's, not ~/.cache/aula/), as on a fresh machine: the Node jobs (Pyodide compiling Python
for the browser) run again. Warm: the same with the cache as the cold build left it. Each figure is wall time and CPU time
(user + system, the build's Node processes included); on a busy machine CPU time is the steadier one.
"""

from __future__ import annotations

import argparse
import os
import pstats
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


BUDGET = 30.0  # seconds, cold (DESIGN.md)
BUILD = [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "--site-dir"]
# mkdocs under cProfile, with its default timer (the clock): a CPU timer costs a system call per
# function call, which made the profile six times slower and skewed it toward small functions
PROFILED = """
import cProfile, sys
from mkdocs.__main__ import cli
out, sys.argv = sys.argv[1], ["mkdocs", *sys.argv[2:]]
profile = cProfile.Profile()
try:
    profile.runcall(cli)
except SystemExit as done:
    code = done.code
profile.dump_stats(out)
sys.exit(code)
"""


def timed_build(dest: Path, cache: Path, cold: bool, profile: Path | None = None) -> tuple[float, float]:
    """(wall, CPU) seconds of one `mkdocs build --strict` in a fresh process, with `cache` as its build
    cache (the user's, shared by other copies of the project, is left alone); `cold` empties it first."""
    shutil.rmtree(dest, ignore_errors=True)
    if cold:
        shutil.rmtree(cache, ignore_errors=True)
    cache.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "XDG_CACHE_HOME": str(cache)}
    command = BUILD + [str(dest)]
    if profile:
        command = [sys.executable, "-c", PROFILED, str(profile), *BUILD[3:], str(dest)]
    t0 = time.perf_counter()
    proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)  # the child's usage, its waited-for Node processes included
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"the build failed:\n{out.decode(errors='replace')[-3000:]}")
    return wall, usage.ru_utime + usage.ru_stime


def where_the_time_goes(profile: Path, top: int = 30) -> None:
    """The project's own functions and the generator's events by cumulative time, as shares of the
    build's process (its Node processes aside; cProfile's overhead inflates pure Python, and on a busy
    machine the seconds include waiting for a core: read the shares)."""
    stats = pstats.Stats(str(profile))
    def shown(fn: str, name: str) -> bool:  # the project's functions, and the generator's events
        return (fn.startswith(str(ROOT)) and "/.venv/" not in fn) or (fn.endswith("mkdocs/plugins.py")
                                                                      and name.startswith("on_"))
    rows = [(ct, nc, f"{Path(fn).relative_to(ROOT) if fn.startswith(str(ROOT)) else fn}:{line}({name})")
            for (fn, line, name), (cc, nc, tt, ct, callers) in stats.stats.items() if shown(fn, name)]
    total = max(ct for (fn, line, name), (cc, nc, tt, ct, callers) in stats.stats.items())
    print(f"\nwhere a warm build's time goes (cProfile, {total:.1f} s in all; cumulative, overlapping):")
    for ct, nc, name in sorted(rows, reverse=True)[:top]:
        print(f"  {ct:7.2f} s {100 * ct / total:5.1f} %  {nc:>8} calls  {name}")


def report(name: str, runs: list[tuple[float, float]], budget: float | None) -> None:
    wall, cpu = statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs)
    mark = "" if budget is None else ("  ok" if wall <= budget else "  OVER")
    each = ", ".join(f"{w:.1f}/{c:.1f}" for w, c in runs)
    print(f"{name:<28} {wall:6.1f} s wall {cpu:6.1f} s CPU   budget {'<= %d s' % budget if budget else '-'}{mark}"
          f"   (each run, wall/CPU: {each})", flush=True)


def load() -> str:
    return "load average " + " ".join(f"{x:.1f}" for x in os.getloadavg()) + f" on {os.cpu_count()} cores"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=1, help="builds of each kind (median reported)")
    parser.add_argument("--profile", action="store_true", help="also profile a warm build with cProfile")
    args = parser.parse_args()
    print(load(), "(before)")
    with tempfile.TemporaryDirectory() as tmp:
        site, cache = Path(tmp) / "site", Path(tmp) / "cache"
        cold = [timed_build(site, cache, cold=True) for _ in range(args.runs)]
        report("full site build, cold", cold, BUDGET)
        warm = [timed_build(site, cache, cold=False) for _ in range(args.runs)]
        report("full site build, warm", warm, None)
        if args.profile:
            timed_build(site, cache, cold=False, profile=Path(tmp) / "build.prof")
            where_the_time_goes(Path(tmp) / "build.prof")
    print(load(), "(after)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
