"""The author's loop: save a file, see the served page change. Budget: 3 s (issue 7).

    .venv/bin/python bench/serve_reload.py [--runs 3]

Starts `mkdocs serve` in a temporary copy of the project, then, `--runs` times each:
  markdown  a paragraph added to docs/es/positional-encoding.md;
  widget    a caption changed in lesson_core/widgets/positional.py (the heaviest lesson module),
            which must show in the default view *and* in the precomputed table, and in the served
            lesson_core.zip that the browser's Python unpacks.
Each time is from the write to the first poll (every 50 ms) that sees the change. Beside it, the
CPU seconds the server spent meanwhile (its process and finished children, from /proc): on a
machine shared by many, wall time is mostly waiting for a core; CPU time is what the rebuild costs.
"""

from __future__ import annotations

import argparse
import io
import os
import shutil
import statistics
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from conftest import core_zip_name, fetch, mkdocs_serve  # noqa: E402
BUDGET = 3.0
PAGE = "positional-encoding/"
WIDGET_FILE = "lesson_core/widgets/positional.py"
CAPTION = '"es": f"Posición {pos}: sus {d} números'  # in pe_heatmap's "finger" part (precomputed)


def project_copy(top: Path) -> Path:
    for name in ("mkdocs.yml", "docs", "lesson_core", "macros", "overrides", "scripts"):
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, top / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(src, top / name)
    os.symlink(ROOT / "node_modules", top / "node_modules")
    return top


def cpu_seconds(pid: int) -> float:
    """utime + stime + cutime + cstime of a process, in seconds (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def wait_for(url: str, test, timeout: float = 120.0) -> float:
    """Seconds until `test(body)` holds for the body at `url`."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < timeout:
        if test(fetch(url)):
            return time.perf_counter() - t0
        time.sleep(0.05)
    raise TimeoutError(f"{url}: the change never showed within {timeout:.0f} s")


def zip_has(marker: bytes):
    def test(body: bytes) -> bool:
        try:
            with zipfile.ZipFile(io.BytesIO(body)) as zf:
                return marker in zf.read(WIDGET_FILE)
        except (zipfile.BadZipFile, KeyError):
            return False
    return test


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="aula-serve-") as tmp:
        top = project_copy(Path(tmp))
        t0 = time.perf_counter()
        with mkdocs_serve(top) as (proc, base, _log):
            wait_for(base + PAGE, lambda b: b"aula-widget" in b, timeout=600)
            print(f"{'serve: first page served':<44} {time.perf_counter() - t0:6.2f} s", flush=True)
            times: dict[str, list[float]] = {"markdown": [], "widget": [], "widget (zip for Pyodide)": []}
            cpu: dict[str, list[float]] = {"markdown": [], "widget": []}
            page_md = top / "docs" / "es" / "positional-encoding.md"
            widget_py = top / WIDGET_FILE
            for run in range(args.runs):
                marker = f"Marca{run}x{proc.pid}"
                time.sleep(1.5)  # let the watcher settle after the previous rebuild
                c0 = cpu_seconds(proc.pid)
                page_md.write_text(page_md.read_text(encoding="utf-8") + f"\n\n{marker}\n", encoding="utf-8")
                times["markdown"].append(wait_for(base + PAGE, lambda b: marker.encode() in b))
                cpu["markdown"].append(cpu_seconds(proc.pid) - c0)

                marker = f"Onda{run}x{proc.pid}"
                time.sleep(1.5)
                text = widget_py.read_text(encoding="utf-8")
                assert CAPTION in text, f"{WIDGET_FILE} changed: update CAPTION in this benchmark"
                widget_py.write_text(text.replace(CAPTION, CAPTION.replace("Posición", f"Posición {marker}"), 1),
                                     encoding="utf-8")
                t_write, c0 = time.perf_counter(), cpu_seconds(proc.pid)
                # default view + precomputed table: the marker many times over
                times["widget"].append(wait_for(base + PAGE, lambda b: b.count(marker.encode()) > 2))
                cpu["widget"].append(cpu_seconds(proc.pid) - c0)
                core = core_zip_name(fetch(base + PAGE).decode())  # versioned: a new name for new sources
                wait_for(base + "assets/aula/" + core, zip_has(marker.encode()))
                times["widget (zip for Pyodide)"].append(time.perf_counter() - t_write)
                widget_py.write_text(text, encoding="utf-8")
                wait_for(base + PAGE, lambda b: b"aula-widget" in b and marker.encode() not in b)
                print(f"  run {run + 1}: " + ", ".join(f"{k} {v[-1]:.2f} s" for k, v in times.items())
                      + "; CPU " + ", ".join(f"{k} {v[-1]:.2f} s" for k, v in cpu.items()), flush=True)
            for name, xs in times.items():
                med = statistics.median(xs)
                mark = "ok" if med <= BUDGET else "OVER"
                print(f"{'serve reload: ' + name:<44} median {med:5.2f} s  (min {min(xs):.2f}, max {max(xs):.2f}, "
                      f"n={len(xs)})   budget {BUDGET:.0f} s  {mark}", flush=True)
                if name in cpu:
                    print(f"{'  server CPU meanwhile':<44} median {statistics.median(cpu[name]):5.2f} s", flush=True)
            print(f"load average (1, 5, 15 min): {os.getloadavg()}  on {os.cpu_count()} cores")
            errors = [line for line in (top / "serve.log").read_text().splitlines() if "ERROR" in line]
            if errors:
                print("serve log errors:", *errors[:5], sep="\n  ")
    return 0


if __name__ == "__main__":
    sys.exit(main())
