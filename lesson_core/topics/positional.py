"""Sinusoidal positional encoding (Vaswani et al., 2017, section 3.5), in plain lists.

    PE(pos, 2i)   = sin(pos / 10000^(2i/d))
    PE(pos, 2i+1) = cos(pos / 10000^(2i/d))

Also: the raw-count alternative, word vector + position code, the rotation
R_k with PE(pos+k) = R_k . PE(pos), and the ambiguity of one slow wave.
Learned position embeddings are described in the lesson, not computed here.

sin and cos come from :mod:`lesson_core.kit.fpmath`, so the build's CPython and the
browser's Pyodide give the same bits even for positions of 100 000 radians.

Example: pe_vector(1, 4) -> [sin 1, cos 1, sin 0.01, cos 0.01]
         = [0.8414..., 0.5403..., 0.00999..., 0.99995...]
"""

from __future__ import annotations

import math

from ..kit import fpmath as fp
from ..kit.messages import ParamError

__all__ = ["BASE", "check_d", "frequency", "wavelength", "pe_vector", "pe_matrix", "add_position",
           "divisor", "rotation_blocks", "rotate", "rotation_check", "raw_count_share", "wave_gap", "distance",
           "dot", "distance_dots", "dot_at_distance"]

BASE = 10000.0  # the constant of the original paper

ODD_D = {
    "es": "La dimensión d tiene que ser un número par mayor que cero: cada onda usa dos casillas, un seno y un coseno.",
    "pt": "A dimensão d precisa ser um número par maior que zero: cada onda usa duas casas, um seno e um cosseno.",
}


def check_d(d: int) -> int:
    """d must be a positive even integer (sin/cos pairs)."""
    if not isinstance(d, int) or d <= 0 or d % 2:
        raise ParamError("d", ODD_D)
    return d


def divisor(i: int, d: int) -> float:
    """10000^(2i/d): pos is divided by this, exactly as the formula is written."""
    return fp.pow(BASE, 2 * i / d)


def frequency(i: int, d: int) -> float:
    """omega_i = 1 / 10000^(2i/d), the angle per position of wave i (0 <= i < d/2)."""
    return 1.0 / divisor(i, d)


def wavelength(i: int, d: int) -> float:
    """Positions per full turn of wave i: 2*pi / omega_i (from 2*pi up to 2*pi*10000)."""
    return 2 * math.pi / frequency(i, d)


def pe_vector(pos: float, d: int) -> list[float]:
    """The position code of ``pos``: d numbers in [-1, 1], sin/cos interleaved."""
    check_d(d)
    out = []
    for i in range(d // 2):
        angle = pos / divisor(i, d)
        out.append(fp.sin(angle))  # PE(pos, 2i)
        out.append(fp.cos(angle))  # PE(pos, 2i+1)
    return out


def pe_matrix(positions: list[int] | range, d: int) -> list[list[float]]:
    """Rows are positions, columns are the d dimensions."""
    return [pe_vector(p, d) for p in positions]


def add_position(word: list[float], pos: int) -> list[float]:
    """x_pos = E(w_pos) + PE(pos): same length, added element by element."""
    code = pe_vector(pos, len(word))
    return [e + p for e, p in zip(word, code)]


def rotation_blocks(k: float, d: int) -> list[tuple[float, float, float, float]]:
    """R_k as its d/2 diagonal 2x2 blocks (a, b, c, e) = [[cos kw, sin kw], [-sin kw, cos kw]].

    With s = sin(pos*w), c = cos(pos*w):
      sin((pos+k)w) =  cos(kw)*s + sin(kw)*c
      cos((pos+k)w) = -sin(kw)*s + cos(kw)*c
    so the block depends on k (and i, d) only, never on pos.
    """
    check_d(d)
    blocks = []
    for i in range(d // 2):
        t = k / divisor(i, d)
        blocks.append((fp.cos(t), fp.sin(t), -fp.sin(t), fp.cos(t)))
    return blocks


def rotate(vec: list[float], k: float) -> list[float]:
    """R_k . vec, block by block."""
    out = []
    for j, (a, b, c, e) in enumerate(rotation_blocks(k, len(vec))):
        s, co = vec[2 * j], vec[2 * j + 1]
        out.append(a * s + b * co)
        out.append(c * s + e * co)
    return out


def rotation_check(pos: float, k: float, d: int) -> dict:
    """Compare PE(pos+k) with R_k . PE(pos); returns both vectors and the largest gap."""
    direct = pe_vector(pos + k, d)
    rotated = rotate(pe_vector(pos, d), k)
    gap = max(abs(x - y) for x, y in zip(direct, rotated))
    return {"direct": direct, "rotated": rotated, "max_error": gap}


def raw_count_share(word: list[float], pos: float) -> float:
    """With the raw count appended as one more number, the share of the vector's
    squared length that is position: pos^2 / (pos^2 + |E|^2)."""
    e2 = math.fsum(x * x for x in word)
    return pos * pos / (pos * pos + e2) if (pos or e2) else 0.0


def distance(u: list[float], v: list[float]) -> float:
    """Euclidean distance."""
    return fp.hypot(*(a - b for a, b in zip(u, v)))


def wave_gap(a: float, b: float, i: int, d: int) -> dict:
    """How far apart positions a and b look through wave i alone, and through the whole code."""
    check_d(d)
    w = frequency(i, d)
    ta, tb = a / divisor(i, d), b / divisor(i, d)
    pa, pb = pe_vector(a, d), pe_vector(b, d)
    one = fp.hypot(fp.sin(ta) - fp.sin(tb), fp.cos(ta) - fp.cos(tb))
    return {
        "frequency": w,
        "sin_a": fp.sin(ta), "sin_b": fp.sin(tb),
        "cos_a": fp.cos(ta), "cos_b": fp.cos(tb),
        "one_wave_distance": one,
        "full_distance": distance(pa, pb),
        "max_distance": math.sqrt(2 * d),  # two opposite points on every circle
    }


def dot(u: list[float], v: list[float]) -> float:
    """The dot product of chapter 2 (math.fsum: the same bits in CPython and Pyodide)."""
    return math.fsum(a * b for a, b in zip(u, v))


def distance_dots(k: float, d: int, positions: list[int] | range) -> list[float]:
    """PE(p) . PE(p + k) for each p: what attention's dot product sees of two places k apart."""
    return [dot(pe_vector(p, d), pe_vector(p + k, d)) for p in positions]


def dot_at_distance(k: float, d: int) -> float:
    """The same dot product from k alone: sum over the waves of cos(k * omega_i), since
    sin(a)sin(b) + cos(a)cos(b) = cos(a - b). No p in it, so every position gives this number.

    Example: dot_at_distance(0, 8) -> 4.0 (each of the 4 waves gives cos 0 = 1)."""
    check_d(d)
    return math.fsum(fp.cos(k / divisor(i, d)) for i in range(d // 2))
