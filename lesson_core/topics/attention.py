"""One attention head in plain lists (Vaswani et al., 2017, section 3.2.1), for lesson 2, section 7-8.

    q_i = x_i W_Q,  k_j = x_j W_K,  v_j = x_j W_V              # x: (4,), W: (4, 2)
    s_ij = q_i . k_j / sqrt(d)     (d = 2; or no division)     # (T, T)
    s_ij = -inf for j > i          (causal mask)
    w_i  = softmax(s_i)            w_ij = e^(s_ij) / sum_m e^(s_im)
    o_i  = sum_j w_ij v_j                                      # (T, 2)

All together: softmax(Q K^T / sqrt(d_k)) V. A masked score is ``None`` here
(its weight is exactly 0), never a float infinity that could reach a page.

Sums use ``math.fsum``, so the result does not depend on the order of the terms:
without position vectors, reordering the tokens only reorders the outputs, bit
for bit.

Example: softmax([1, 2, None]) -> [0.2689..., 0.7310..., 0.0];
         softmax([11, 12]) is the same list as softmax([1, 2]) (shifts cancel).
"""

from __future__ import annotations

import math
from typing import Sequence

from ..kit import fpmath

__all__ = ["softmax", "shifted_exps", "softmax_steps", "project", "attention", "with_positions", "position_code",
           "POSITION_AMPLITUDE"]

POSITION_AMPLITUDE = 0.5  # lesson 2's position vectors: the sinusoidal code at half its size (the page says so)

Matrix = Sequence[Sequence[float]]


def softmax(scores: Sequence[float | None]) -> list[float]:
    """Weights that are positive, keep the order of the scores and sum to 1.

    ``None`` marks a masked score (weight 0). Subtracting the largest score first
    changes nothing (a common factor e^-m cancels) and keeps e^s from overflowing."""
    exps = shifted_exps(scores)
    total = math.fsum(exps)
    return [e / total for e in exps]


def shifted_exps(scores: Sequence[float | None]) -> list[float]:
    """softmax's numerators: e^(s - max s) for each score (0 for a masked one, None); the largest
    is exactly 1 and none overflows. For a caller that normalizes later (topics.diffusion)."""
    visible = [s for s in scores if s is not None]
    if not visible:
        raise ValueError("softmax of an empty row")
    m = max(visible)
    return [0.0 if s is None else fpmath.exp(s - m) for s in scores]


def softmax_steps(scores: Sequence[float | None]) -> dict:
    """The two steps as the lesson shows them: e^s for each visible score, their sum,
    then each divided by the sum. For the small scores of the lesson (|s| < 700)."""
    exps = [None if s is None else fpmath.exp(s) for s in scores]
    total = math.fsum(e for e in exps if e is not None)
    return {"exps": exps, "total": total, "weights": softmax(scores)}


def project(x: Sequence[float], w: Matrix) -> list[float]:
    """x W: each output number is the dot product of x with one column of W.

    project([1, 0, 0, 0.5], [[2, 0], [0, 1], [0, 0], [1, 1]]) -> [2.5, 0.5]"""
    cols = len(w[0])
    return [math.fsum(x[i] * w[i][j] for i in range(len(x))) for j in range(cols)]


def attention(xs: Sequence[Sequence[float]], head: dict, mask: bool = True, scale: bool = True) -> dict:
    """Run one head over the token vectors ``xs``.

    ``head`` holds "q", "k", "v": three (4, 2) matrices. Returns Q, K, V (T, 2),
    scores and weights (T, T; None / 0.0 where masked) and the outputs (T, 2)."""
    q = [project(x, head["q"]) for x in xs]        # (T, d)
    k = [project(x, head["k"]) for x in xs]        # (T, d)
    v = [project(x, head["v"]) for x in xs]        # (T, d_v)
    d = len(q[0])
    div = math.sqrt(d) if scale else 1.0
    n = len(xs)
    scores = [[(math.fsum(a * b for a, b in zip(q[i], k[j])) / div) if (not mask or j <= i) else None
               for j in range(n)] for i in range(n)]  # (T, T)
    weights = [softmax(row) for row in scores]     # (T, T), rows sum to 1
    outputs = [[math.fsum(w * v[j][c] for j, w in enumerate(row)) for c in range(len(v[0]))]
               for row in weights]                 # (T, d_v)
    return {"q": q, "k": k, "v": v, "d": d, "divisor": div, "scores": scores, "weights": weights,
            "outputs": outputs}


def position_code(pos: int, d: int = 4, amplitude: float = POSITION_AMPLITUDE) -> list[float]:
    """A fixed pattern for each place: ``amplitude`` times the sinusoidal code of
    lesson 1, PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(...)."""
    out = []
    for i in range(d // 2):
        angle = pos / fpmath.pow(10000, 2 * i / d)
        out += [amplitude * fpmath.sin(angle), amplitude * fpmath.cos(angle)]
    return out


def with_positions(xs: Sequence[Sequence[float]]) -> list[list[float]]:
    """x_pos = x + PE(pos), element by element."""
    return [[a + b for a, b in zip(x, position_code(p, len(x)))] for p, x in enumerate(xs)]
