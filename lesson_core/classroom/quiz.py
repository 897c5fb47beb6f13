"""Small arithmetic behind the quizzes of lesson 2 (seed 003), kept local to the quizzes.

Each quiz's feedback computes its example instead of stating it:

- dot product: dot((3, 1), (-1, 3)) = 3*(-1) + 1*3 = 0 (perpendicular arrows);
- softmax is unchanged by adding one constant c to every score, because
  e^(s_i + c) / sum_j e^(s_j + c) = e^c e^(s_i) / (e^c sum_j e^(s_j));
- temperature: softmax(logits / T); as T -> 0 the largest logit takes almost all
  the probability, e.g. logits (2, 1, 0.5) at T = 0.1 -> top ≈ 0.99995;
- diffusion: x_t = sqrt(abar) * x0 + sqrt(1 - abar) * eps (Ho et al., 2020,
  DDPM eq. 4); at abar = 1 it is x0 exactly.

Example: softmax([0, 0]) -> [0.5, 0.5]; shift_invariance([2, 1, 0.5], 5) -> max difference ~1e-17.
"""

from __future__ import annotations

import math
from typing import Sequence

from ..topics.attention import softmax  # one softmax for the whole core
from ..topics.vectors import dot

__all__ = ["dot", "softmax", "shift_invariance", "diffuse"]


def shift_invariance(scores: Sequence[float], c: float) -> dict:
    """Weights before and after adding ``c`` to every score, and their largest difference."""
    before = softmax(scores)
    after = softmax([s + c for s in scores])
    return {"before": before, "after": after, "max_diff": max(abs(a - b) for a, b in zip(before, after))}


def diffuse(x0: float, eps: float, abar: float) -> float:
    """x_t = sqrt(abar) * x0 + sqrt(1 - abar) * eps, with abar (the kept fraction) in [0, 1]."""
    if not 0.0 <= abar <= 1.0:
        raise ValueError("abar must be in [0, 1]")
    return math.sqrt(abar) * x0 + math.sqrt(1.0 - abar) * eps
