"""How long the tokenizer takes on long and hostile input (what tests/test_tokenizer.py checks for
correctness; timing is the benchmark's business, never a test's).

    .venv/bin/python bench/tokenizer_times.py            # median of 5 runs per case, CPU and wall
"""

from __future__ import annotations

import statistics
import time

import lesson_core
from lesson_core.topics import tokenizer as tok
from lesson_core.data.tokenizer import VOCAB

CASES = {"a x 100 000": "a" * 100_000, "family emoji x 20 000": "👩‍👩‍👧" * 20_000,
         "CJK x 25 000": "机器学习" * 25_000, "NUL x 100 000": "\x00" * 100_000,
         "combining accent x 50 000": "e\u0301" * 50_000, "a x 10 000 000": "a" * 10_000_000}

VOCAB_ES = tok.build_vocab(VOCAB["es"])


def timed(fn, runs: int = 5) -> tuple[float, float]:
    wall, cpu = [], []
    for _ in range(runs):
        w, c = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - w)
        cpu.append(time.process_time() - c)
    return statistics.median(wall), statistics.median(cpu)


def main() -> None:
    print(f"{'case':28} {'widget (bounded)':>22} {'core, 100 000 chars':>22}")
    for name, text in CASES.items():
        w1, c1 = timed(lambda: lesson_core.render("tokenizer", {"text": text}, "es"))
        short = text[:100_000]
        w2, c2 = timed(lambda: tok.detokenize(tok.tokenize(short, VOCAB_ES)))
        print(f"{name:28} {w1:8.3f} s ({c1:.3f} CPU) {w2:8.3f} s ({c2:.3f} CPU)")


if __name__ == "__main__":
    main()
