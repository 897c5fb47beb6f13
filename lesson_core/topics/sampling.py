"""Choosing the next token: logits, softmax, temperature, top-k, top-p, sampling.

Follows the order of nanoGPT's ``generate()`` (karpathy/nanoGPT ``model.py``) and of
common samplers: divide the logits by the temperature, softmax, keep the top k,
keep the top-p nucleus (Holtzman et al., 2019, "The Curious Case of Neural Text
Degeneration"), renormalize, draw. Temperature 0 is taken as its limit: the
greedy choice (all the probability on the largest logit, shared if tied).

Sums use ``math.fsum``: it is correctly rounded, so CPython 3.11 and Pyodide's
3.14 (whose built-in ``sum`` of floats is compensated) give the same bits.

Example: softmax([0, ln 3]) -> [0.25, 0.75];
         top_p([0.5, 0.3, 0.2], 0.7) keeps the first two -> [0.625, 0.375, 0.0].
"""

from __future__ import annotations

import math
from random import Random
from typing import Sequence

from .attention import softmax  # one softmax for the whole core
from ..kit import fpmath
from ..kit.messages import ParamError
from ..kit.rng import categorical
from .vectors import dot

__all__ = ["dot", "logits_for", "softmax", "with_temperature", "top_k", "top_p", "next_token_probs",
           "draw", "counts", "prob_ratio"]

BAD_TEMPERATURE = {
    "es": "La temperatura tiene que ser un número mayor o igual que 0.",
    "pt": "A temperatura precisa ser um número maior ou igual a 0.",
}
BAD_K = {
    "es": "top-k tiene que conservar al menos 1 token: elige k = 1 o más.",
    "pt": "O top-k precisa manter pelo menos 1 token: escolha k = 1 ou mais.",
}
BAD_P = {
    "es": "top-p tiene que ser mayor que 0 y como mucho 1: con p = 0 no quedaría ningún token.",
    "pt": "O top-p precisa ser maior que 0 e no máximo 1: com p = 0 não sobraria nenhum token.",
}
BAD_DRAWS = {
    "es": "El número de extracciones tiene que ser un entero entre 0 y 10 000.",
    "pt": "O número de sorteios precisa ser um inteiro entre 0 e 10.000.",
}


def logits_for(h: Sequence[float], vectors: Sequence[Sequence[float]]) -> list[float]:
    """One logit per candidate: h . e_candidate."""
    return [dot(h, e) for e in vectors]


def with_temperature(logits: Sequence[float], temperature: float) -> list[float]:
    """softmax(z / T); T = 0 is the greedy limit (ties share the probability equally)."""
    if not isinstance(temperature, (int, float)) or not math.isfinite(temperature) or temperature < 0:
        raise ParamError("temperature", BAD_TEMPERATURE)
    if temperature == 0:
        m = max(logits)
        best = [1.0 if z == m else 0.0 for z in logits]
        n = math.fsum(best)
        return [b / n for b in best]
    return softmax([z / temperature for z in logits])


def _renormalize(probs: Sequence[float], keep: set[int]) -> list[float]:
    total = math.fsum(probs[i] for i in keep)
    return [p / total if i in keep else 0.0 for i, p in enumerate(probs)]


def _ranked(probs: Sequence[float]) -> list[int]:
    """Indices from most to least probable; ties keep the original order."""
    return sorted(range(len(probs)), key=lambda i: (-probs[i], i))


def top_k(probs: Sequence[float], k: int) -> list[float]:
    """Keep the k most probable tokens (all of them if k >= n), renormalized."""
    if isinstance(k, bool) or not isinstance(k, (int, float)) or not math.isfinite(k) or k < 1 or k != int(k):
        raise ParamError("top_k", BAD_K)
    keep = set(_ranked(probs)[: int(k)])
    return _renormalize(probs, keep)


def top_p(probs: Sequence[float], p: float) -> list[float]:
    """Keep the most probable tokens until their sum reaches at least p, renormalized."""
    if not isinstance(p, (int, float)) or not math.isfinite(p) or p <= 0 or p > 1:
        raise ParamError("top_p", BAD_P)
    keep: set[int] = set()
    acc = []
    for i in _ranked(probs):
        keep.add(i)
        acc.append(probs[i])
        if math.fsum(acc) >= p - 1e-12:  # tolerance: 0.3 + 0.4 must reach 0.7
            break
    return _renormalize(probs, keep)


def next_token_probs(logits: Sequence[float], temperature: float = 1.0, k: int | None = None,
                     p: float = 1.0) -> dict:
    """Every stage: plain softmax, after temperature, after top-k, after top-p (the final one)."""
    plain = softmax(logits)
    warm = with_temperature(logits, temperature)
    after_k = top_k(warm, k if k is not None else len(logits))
    final = top_p(after_k, p)
    return {"plain": plain, "temperature": warm, "top_k": after_k, "final": final}


def draw(rng: Random, probs: Sequence[float], n: int) -> list[int]:
    """n independent draws (indices) with the given probabilities."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0 or n > 10000:
        raise ParamError("draws", BAD_DRAWS)
    return [categorical(rng, probs) for _ in range(n)]


def counts(drawn: Sequence[int], size: int) -> list[int]:
    out = [0] * size
    for i in drawn:
        out[i] += 1
    return out


def prob_ratio(z1: float, z2: float, temperature: float) -> float:
    """p1 / p2 = exp((z1 - z2) / T): softmax's shared denominator cancels."""
    if temperature <= 0:
        raise ParamError("temperature", BAD_TEMPERATURE)
    return fpmath.exp((z1 - z2) / temperature)
