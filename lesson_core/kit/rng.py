"""Reproducible randomness that agrees between the build's CPython and Pyodide.

Python guarantees only ``random.Random(seed).random()`` to be the same across
versions; ``gauss``, ``choice``, ``shuffle``, ``randint`` and friends may change.
So every draw here is built on ``rng.random()`` alone.

Example: ``normal(Random(1))`` is the same float in CPython 3.11 and Pyodide's 3.14.
"""

from __future__ import annotations

import math
from random import Random
from typing import Sequence

from . import fpmath

__all__ = ["Random", "make_rng", "uniform", "normal", "normal_pair", "categorical", "randbelow"]


def make_rng(seed: int) -> Random:
    """A private generator: never the module-level global state."""
    return Random(seed)


def uniform(rng: Random, lo: float, hi: float) -> float:
    return lo + (hi - lo) * rng.random()


def normal_pair(rng: Random) -> tuple[float, float]:
    """Two independent standard normals by Box-Muller, from two rng.random() calls."""
    u1 = 1.0 - rng.random()  # in (0, 1]: log is finite
    u2 = rng.random()
    r = math.sqrt(-2.0 * fpmath.log(u1))
    return r * fpmath.cos(2 * math.pi * u2), r * fpmath.sin(2 * math.pi * u2)


def normal(rng: Random, mu: float = 0.0, sigma: float = 1.0) -> float:
    """One standard normal (the second Box-Muller value is discarded, for simplicity)."""
    return mu + sigma * normal_pair(rng)[0]


def randbelow(rng: Random, n: int) -> int:
    """An integer in [0, n) from rng.random() (not rng.randrange, whose algorithm may change)."""
    if n <= 0:
        raise ValueError("n must be positive")
    return min(int(rng.random() * n), n - 1)


def categorical(rng: Random, probs: Sequence[float]) -> int:
    """Index drawn with the given probabilities (they need not sum exactly to 1)."""
    total = math.fsum(probs)  # sum() of floats changed in Python 3.12 (compensated); fsum agrees everywhere
    u = rng.random() * total
    acc = 0.0
    for i, p in enumerate(probs):
        acc += p
        if u < acc:
            return i
    return len(probs) - 1
