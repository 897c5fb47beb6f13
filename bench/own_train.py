"""The reader's model (lesson 4): training speed and what a run reaches, beside the design's budgets.

    .venv/bin/python bench/own_train.py            # CPython and Pyodide under Node
    .venv/bin/python bench/own_train.py --steps 400

Figures: examples per second in CPython 3.11 and in Pyodide under Node (training only, each size);
on the default text (about 2.6 KB, the size of a text a student types), the examples it takes until
the held-out loss is below the unigram's and until half of the sample's words are words of the text,
and the time that is at each measured speed and at a quarter of Pyodide's (a phone with the CPU
slowed 4x, the budget's case: within 60 s). The bytes the default run adds to its page and live
Python's weight are bench/page_bytes.py's and bench/network.py's figures. Never part of the tests.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lesson_core.data.own_texts import DEFAULT, TEXTS  # noqa: E402
from lesson_core.topics.own_run import BATCH, Run, checkpoints  # noqa: E402
from macros.hooks import lesson_core_zip  # noqa: E402
from macros.runtime import compiled_core  # noqa: E402
from macros.stdlib import trimmed_stdlib  # noqa: E402

BUDGET_S = 60.0
SLOWDOWN = 4


def cpython_rate(text: str, size: str, steps: int) -> float:
    run = Run(text, 1, size, 0.01)
    t = time.perf_counter()
    run.advance(steps)
    return run.seen / (time.perf_counter() - t)


def pyodide_rate(text: str, size: str, steps: int, folder: Path) -> float:
    args = {"text": text, "steps": 0, "every": 1, "size": size, "lr": 0.01, "seed": 1, "timed_steps": steps}
    (folder / "args.json").write_text(json.dumps(args), encoding="utf-8")
    proc = subprocess.run(["node", str(ROOT / "tests" / "own_node.mjs"), str(folder / "core.zip"),
                           str(folder / "stdlib.zip"), str(folder / "args.json"), str(folder / "out.json")],
                          cwd=ROOT, capture_output=True, text=True, timeout=900)
    if proc.returncode:
        raise SystemExit(proc.stderr[-2000:])
    out = json.loads((folder / "out.json").read_text())
    return out["examples"] / out["seconds"]


def goals(text: str, size: str, steps: int, every: int) -> dict:
    """Examples seen at the first checkpoint below the unigram, and at the first with half its words known."""
    below = half = None
    for c in checkpoints(text, steps, 1, size, 0.01, every):
        if below is None and c["held_bpc"] < c["unigram_bpc"]:
            below = c["seen"]
        if half is None and c["words"] and c["known_words"] * 2 >= c["words"]:
            half = c["seen"]
        if below is not None and half is not None:
            break
    return {"below_unigram": below, "half_words": half}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=200, help="timed training steps per measurement")
    ap.add_argument("--goal-steps", type=int, default=900)
    args = ap.parse_args()
    text = TEXTS[DEFAULT]["text"]["es"]
    print(f"default text: {len(text.encode('utf-8'))} bytes, batch {BATCH}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        source = lesson_core_zip()
        (folder / "core.zip").write_bytes(compiled_core(source))
        (folder / "stdlib.zip").write_bytes(trimmed_stdlib(source))
        rates = {}
        for size in ("small", "medium", "large"):
            rates[size] = (cpython_rate(text, size, args.steps), pyodide_rate(text, size, args.steps, folder))
            print(f"{size:>6}: {rates[size][0]:7.0f} examples/s CPython, {rates[size][1]:7.0f} examples/s Pyodide (Node)")
    for size in ("small", "medium"):
        g = goals(text, size, args.goal_steps, 30)
        py = rates[size][1]
        for name, seen in g.items():
            if seen is None:
                print(f"{size:>6} {name}: not reached in {args.goal_steps} steps")
                continue
            slow = seen / (py / SLOWDOWN)
            print(f"{size:>6} {name}: {seen} examples; {seen / py:5.1f} s in Pyodide (Node), "
                  f"{slow:5.1f} s at a quarter of that speed (budget {BUDGET_S:.0f} s: "
                  f"{'within' if slow <= BUDGET_S else 'OVER'})")


if __name__ == "__main__":
    main()
