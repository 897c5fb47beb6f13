"""Vectors for lesson 2, sections 5-6: dot product, length, cosine, nearest words, analogy,
the rotatable 3-D view and the Pythagoras rearrangement, in plain lists of floats.

    a . b      = a1*b1 + a2*b2 + ...
    |a|        = sqrt(a . a)                  (Pythagoras, one square per number)
    cos(a, b)  = a . b / (|a| |b|)            undefined when a or b is the zero vector
    angle      = arccos(cos(a, b))

Sums use ``math.fsum`` (correctly rounded), so a result does not depend on the
order of the terms: the same numbers in another order give the same float.

Example: dot([3, 2], [1, 4]) -> 11.0; norm([3, 4]) -> 5.0;
         cosine([1, 0], [0, 2]) -> 0.0; cosine([0, 0], [1, 1]) -> None.

Sources: the seed of lesson 2 (section «¿Cuánto se parecen dos vectores?»);
Mikolov et al. (2013) for the king - man + woman analogy, which there holds only
approximately, as here.
"""

from __future__ import annotations

import math
from typing import Mapping, Sequence

from ..kit import fpmath

__all__ = ["dot", "norm", "cosine", "angle_deg", "compare", "ranked", "nearest", "combine",
           "analogy", "rotate_project", "pythagoras"]

Vec = Sequence[float]


def dot(a: Vec, b: Vec) -> float:
    """Multiply position by position and add: dot([1, 2, 3], [4, 5, 6]) -> 32.0."""
    if len(a) != len(b):
        raise ValueError("vectors of different lengths")
    return math.fsum(x * y for x, y in zip(a, b))


def norm(a: Vec) -> float:
    """Length by Pythagoras, sqrt(a1^2 + a2^2 + ...): norm([3, 4]) -> 5.0.

    ``math.hypot`` computes the same root without squares underflowing to 0
    (norm([1e-200]) is 1e-200, not 0), so only the zero vector has length 0."""
    return fpmath.hypot(*a)


def cosine(a: Vec, b: Vec) -> float | None:
    """a . b / (|a| |b|), kept in [-1, 1]; None when either vector is zero (no direction).

    Computed as (a/|a|) . (b/|b|): the same number, without products that
    underflow or overflow for very small or very large entries."""
    na, nb = norm(a), norm(b)
    if na == 0.0 or nb == 0.0:
        return None
    c = math.fsum((x / na) * (y / nb) for x, y in zip(a, b))
    return max(-1.0, min(1.0, c))  # rounding can step a hair outside [-1, 1]


def angle_deg(a: Vec, b: Vec) -> float | None:
    """The angle between two arrows in degrees (0..180); None if either is zero."""
    c = cosine(a, b)
    return None if c is None else math.degrees(fpmath.acos(c))


def compare(a: Vec, b: Vec) -> dict:
    """Every reading of the dot-product widget at once.

    compare([3, 1], [1, 2]) -> dot 5, |a| = sqrt(10), |b| = sqrt(5),
    cosine 5 / sqrt(50) = 0.7071..., angle 45 degrees.
    ``zero`` lists which arrows ("a", "b") are the zero vector."""
    zero = [name for name, v in (("a", a), ("b", b)) if norm(v) == 0.0]
    return {"dot": dot(a, b), "len_a": norm(a), "len_b": norm(b),
            "cosine": cosine(a, b), "angle": angle_deg(a, b), "zero": zero}


def ranked(target: Vec, table: Mapping[str, Vec], exclude: Sequence[str] = ()) -> list[tuple[str, float]]:
    """Every word of ``table`` but the excluded ones, by cosine with ``target``, largest first.

    Ties keep the table's order (the sort is stable). Empty if ``target`` is zero."""
    out = []
    for word, vec in table.items():
        if word in exclude:
            continue
        c = cosine(target, vec)
        if c is not None:
            out.append((word, c))
    out.sort(key=lambda wc: -wc[1])
    return out


def nearest(word: str, table: Mapping[str, Vec], k: int | None = None) -> list[tuple[str, float]]:
    """The other words ordered by cosine with ``word``; the first ``k`` if given."""
    out = ranked(table[word], table, exclude=(word,))
    return out if k is None else out[:k]


def combine(a: Vec, b: Vec, c: Vec) -> list[float]:
    """a - b + c, position by position."""
    return [x - y + z for x, y, z in zip(a, b, c)]


def analogy(a: str, b: str, c: str, table: Mapping[str, Vec], k: int = 5) -> dict:
    """a - b + c and the words nearest to it, the three inputs excluded.

    With the lesson's table: analogy("king", "man", "woman") ranks "queen" first."""
    target = combine(table[a], table[b], table[c])
    return {"vector": target, "ranking": ranked(target, table, exclude=(a, b, c))[:k],
            "zero": norm(target) == 0.0}


def rotate_project(points: Sequence[Vec], yaw_deg: float, pitch_deg: float) -> list[tuple[float, float, float]]:
    """Turn 3-D points and look at them along the depth axis (orthographic view).

    The data axes are x (right), y (into the screen), z (up). First a turn by
    ``yaw`` about the vertical axis z, then a tilt by ``pitch`` about the screen's
    horizontal axis (positive pitch looks from above). Returns (screen_x, screen_y,
    depth) per point, screen_y pointing up, larger depth = farther away.

    Example: rotate_project([[1, 0, 0]], 90, 0) -> [(0.0, 0.0, 1.0)] (up to rounding):
    a quarter turn sends the x axis into the screen.
    """
    ya, pa = math.radians(yaw_deg), math.radians(pitch_deg)
    cy, sy, cp, sp = fpmath.cos(ya), fpmath.sin(ya), fpmath.cos(pa), fpmath.sin(pa)
    out = []
    for x, y, z in points:
        x1 = x * cy - y * sy          # yaw: turn in the floor plane
        y1 = x * sy + y * cy
        depth = y1 * cp - z * sp      # pitch: tilt about the screen's x axis
        up = y1 * sp + z * cp
        out.append((x1, up, depth))
    return out


def pythagoras(a: float, b: float) -> dict:
    """Four right triangles with legs a, b inside a square of side a + b.

    The corners of the tilted inner square sit on the sides of the big one at
    (a, 0), (a+b, a), (b, a+b), (0, b). Its area is the big square minus the four
    triangles: (a+b)^2 - 4 * (a*b/2) = a^2 + b^2 = c^2.

    Example: pythagoras(3, 4) -> big 49, triangles 24, inner 25, c 5.
    """
    if a < 0 or b < 0:
        raise ValueError("legs must be non-negative")
    s = a + b
    inner = [(a, 0.0), (s, a), (b, s), (0.0, b)]
    corners = [(0.0, 0.0), (s, 0.0), (s, s), (0.0, s)]
    # each triangle: a corner of the big square and the two inner corners beside it
    triangles = [[corners[0], inner[0], inner[3]], [corners[1], inner[1], inner[0]],
                 [corners[2], inner[2], inner[1]], [corners[3], inner[3], inner[2]]]
    big = s * s
    four = 4 * (a * b / 2)
    return {"side": s, "big": big, "triangle": a * b / 2, "four": four, "inner_area": big - four,
            "sum_squares": a * a + b * b, "c": fpmath.hypot(a, b), "inner": inner, "triangles": triangles}
