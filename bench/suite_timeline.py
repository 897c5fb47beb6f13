"""Where the test suite's time goes: runs the README's test command with AULA_TIMELINE set
(tests/conftest.py records when each test ran, on which worker) and prints the wall and CPU time,
each worker's busy time and its idle tail, the files by cost, the pages each file loaded in Chromium
and the starts of live Python among them, and the slowest tests.

    .venv/bin/python bench/suite_timeline.py                 # the whole suite
    .venv/bin/python bench/suite_timeline.py --read DIR      # summarise an earlier run's records
    .venv/bin/python bench/suite_timeline.py -- tests/test_x.py   # extra arguments for scripts/test.sh
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


CPUACCT = Path("/sys/fs/cgroup/cpuacct")


def _cgroup() -> Path | None:
    """A fresh cgroup-v1 CPU accounting group (root only), so that the CPU time counted includes
    Chromium's: its processes are not reaped by pytest, and getrusage(RUSAGE_CHILDREN) misses them."""
    if not (CPUACCT / "cgroup.procs").exists():
        return None
    group = CPUACCT / f"aula-suite-{os.getpid()}"
    try:
        group.mkdir(exist_ok=True)
        return group
    except OSError:
        return None


def run(extra: list[str], folder: Path) -> dict:
    group = _cgroup()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.time()

    def enter():  # in the child, before exec: it and everything it starts count in the group
        if group:
            (group / "cgroup.procs").write_text(str(os.getpid()))

    proc = subprocess.run(["bash", "scripts/test.sh", "-q", "-p", "no:cacheprovider", *extra], cwd=ROOT,
                          env={**os.environ, "AULA_TIMELINE": str(folder)}, capture_output=True, text=True,
                          preexec_fn=enter)
    wall = time.time() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    # pytest's own report stays with the records: which tests failed, and why
    (folder / "pytest.out").write_text(proc.stdout + proc.stderr, encoding="utf-8")
    lines = proc.stdout.strip().splitlines()
    tail = lines[-1:] or [""]
    failed = [line for line in lines if line.startswith(("FAILED ", "ERROR "))]
    out = {"wall": wall, "user": after.ru_utime - before.ru_utime, "sys": after.ru_stime - before.ru_stime,
           "result": tail[0], "rc": proc.returncode, "all": None, "failed": failed}
    if group:
        out["all"] = int((group / "cpuacct.usage").read_text()) / 1e9
        for worker in [group, *group.iterdir()]:  # each worker's own group too (tests/conftest.py)
            if worker.is_dir():
                for pid in (worker / "cgroup.procs").read_text().split():  # a straggler: to the root group
                    try:
                        (CPUACCT / "cgroup.procs").write_text(pid)
                    except OSError:
                        pass
        for worker in [*(w for w in group.iterdir() if w.is_dir()), group]:
            try:
                worker.rmdir()
            except OSError:
                pass  # emptied a moment later; a leftover group costs nothing
    return out


def summarise(folder: Path, top: int = 25) -> None:
    rows = []
    for f in sorted(folder.glob("*.jsonl")):
        rows += [dict(json.loads(line), worker=f.stem) for line in f.read_text().splitlines() if line]
    if not rows:
        print("no records")
        return
    t0, t1 = min(r["start"] for r in rows), max(r["end"] for r in rows)
    print(f"{len(rows)} tests, {t1 - t0:.0f} s from the first test to the last")
    by_worker = collections.defaultdict(list)
    for r in rows:
        by_worker[r["worker"]].append(r)
    for w, rs in sorted(by_worker.items()):
        busy = sum(r["end"] - r["start"] for r in rs)
        last = max(r["end"] for r in rs)
        files = list(dict.fromkeys(r["file"] for r in sorted(rs, key=lambda r: r["start"])))
        print(f"  {w}: busy {busy:.0f} s, done {last - t0:.0f} s (idle tail {t1 - last:.0f} s), "
              f"{len(files)} files, first {files[:3]}")
    per_file, cpu_file = collections.Counter(), collections.Counter()
    for r in rows:
        per_file[r["file"]] += r["end"] - r["start"]
        cpu_file[r["file"]] += r.get("cpu", 0.0)
    counted = any("cpu" in r for r in rows)  # each worker's own cgroup: CPU per test, Chromium included
    if counted:
        print(f"CPU counted per test: {sum(cpu_file.values()):.0f} s")
    print("files by cost (wall s" + (", CPU s" if counted else "") + "):")
    for name, s in (cpu_file if counted else per_file).most_common(top):
        print(f"  {per_file[name]:7.1f}" + (f"  {cpu_file[name]:7.1f}" if counted else "") + f"  {name}")
    loads = collections.defaultdict(lambda: [0, 0, 0.0])  # file -> [pages, pythons, CPU]
    for r in rows:
        entry = loads[r["file"]]
        entry[0] += r.get("pages", 0)
        entry[1] += r.get("pythons", 0)
        entry[2] += r.get("cpu", 0.0)
    if any(p or y for p, y, _ in loads.values()):
        pages, pythons = sum(v[0] for v in loads.values()), sum(v[1] for v in loads.values())
        print(f"browser loads: {pages} pages, {pythons} starts of live Python (tests/contexts.py LOADED); "
              "files by starts (pages, starts" + (", CPU s" if counted else "") + "):")
        for name, (p, y, c) in sorted(loads.items(), key=lambda kv: (kv[1][1], kv[1][0]), reverse=True)[:top]:
            print(f"  {p:5d}  {y:5d}" + (f"  {c:7.1f}" if counted else "") + f"  {name}")
    print("slowest tests (wall s" + (", CPU s" if counted else "") + "):")
    for r in sorted(rows, key=lambda r: r.get("cpu", r["end"] - r["start"]), reverse=True)[:top]:
        print(f"  {r['end'] - r['start']:7.1f}" + (f"  {r.get('cpu', 0):7.1f}" if counted else "") + f"  {r['id']}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--read", type=Path, help="summarise the records in this folder; run nothing")
    ap.add_argument("extra", nargs="*", help="arguments passed to scripts/test.sh")
    args = ap.parse_args()
    if args.read:
        summarise(args.read)
        return
    folder = Path(tempfile.mkdtemp(prefix="aula-timeline-"))
    r = run(args.extra, folder)
    print(f"wall {r['wall']:.0f} s; CPU of pytest and its reaped children {r['user']:.0f} s user + "
          f"{r['sys']:.0f} s sys; {r['result']}; records in {folder}")
    if r["all"] is not None:
        print(f"CPU of everything it ran, Chromium included (cgroup): {r['all']:.0f} s "
              f"({r['all'] / r['wall'] * 100:.0f} % of one core, {os.cpu_count()} cores)")
    else:
        print("(no cgroup accounting here, so Chromium's CPU is not counted)")
    summarise(folder)
    if r["failed"]:
        print(f"failed or in error ({len(r['failed'])}; pytest's report: {folder / 'pytest.out'}):")
        for line in r["failed"]:
            print("   ", line[:200])
    sys.exit(r["rc"])


if __name__ == "__main__":
    main()
