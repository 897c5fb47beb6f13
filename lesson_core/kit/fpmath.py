"""The functions whose results may differ between the build's CPython and Pyodide, made the same.

Rule (README, "One arithmetic for both Pythons"; enforced by tests/test_core_rules.py): outside
this module lesson_core uses from :mod:`math` only what IEEE-754 rounds exactly (``sqrt``,
``fsum``, ``floor``, ``ldexp``...), never ``math.exp``/``log``/``sin``/``cos``/``atan2``/``hypot``/...,
``pow`` or ``**`` on a float; it calls these instead.

- ``sin``, ``cos`` (below), ``exp``, ``log``, ``log10``: fdlibm's algorithms (Sun Microsystems,
  1993) in IEEE-754 additions, multiplications, divisions and exact scalings only, so every
  platform computes the same bits; within 1 ulp of the C library's.
- ``pow``, ``atan2``, ``acos``: in :mod:`decimal` at 34 digits (its operations are correctly
  rounded by specification, on every platform), then rounded once to a float.
- ``hypot``: ``sqrt(fsum(x * x))``, both correctly rounded.

The rest of this docstring is about sin and cos.

``math.sin`` calls the platform's C library: glibc for the build's CPython, musl
in Pyodide. For large arguments (a position of 100 000 is 100 000 radians) the two
can differ in the last bit, and the page built at build time would then disagree
with the page recomputed in the browser. These functions use only IEEE-754
additions, multiplications and roundings, which every platform performs
identically, following fdlibm (Sun Microsystems, 1993): ``__kernel_sin``,
``__kernel_cos`` and the medium-size argument reduction of ``__ieee754_rem_pio2``.

Accuracy: within 1 ulp of the true value for |x| < 2**19 * pi/2 (about 820 000),
the range the lessons use; larger arguments are refused rather than answered badly.

Example: sin(1.0) -> 0.8414709848078965 (as math.sin(1.0)).
"""

from __future__ import annotations

import functools
import math
import struct
from decimal import Context, Decimal

__all__ = ["sin", "cos", "exp", "log", "log2", "log10", "pow", "hypot", "atan2", "acos", "MAX_ARG"]

# pi/2 split so that n * PIO2_1 is exact for n < 2**20 (fdlibm's pio2_1, pio2_1t)
INVPIO2 = 6.36619772367581382433e-01
PIO2_1 = 1.57079632673412561417e+00
PIO2_1T = 6.07710050650619224932e-11
PIO2_2 = 6.07710050630396597660e-11
PIO2_2T = 2.02226624879595063154e-21
MAX_ARG = 2.0**19 * 1.5707963267948966

S1, S2, S3 = -1.66666666666666324348e-01, 8.33333333332248946124e-03, -1.98412698298579493134e-04
S4, S5, S6 = 2.75573137070700676789e-06, -2.50507602534068634195e-08, 1.58969099521155010221e-10
C1, C2, C3 = 4.16666666666666019037e-02, -1.38888888888741095749e-03, 2.48015872894767294178e-05
C4, C5, C6 = -2.75573143513906633035e-07, 2.08757232129817482790e-09, -1.13596475577881948265e-11


def _high_word(x: float) -> int:
    return struct.unpack(">II", struct.pack(">d", x))[0] & 0x7FFFFFFF


def _high_only(x: float) -> float:
    """x with its low 32 bits cleared."""
    hi = struct.unpack(">II", struct.pack(">d", x))[0]
    return struct.unpack(">d", struct.pack(">II", hi, 0))[0]


def _kernel_sin(x: float, y: float) -> float:
    """sin(x + y) for |x| <= pi/4, y the tail of x (fdlibm __kernel_sin, iy = 1)."""
    z = x * x
    v = z * x
    r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)))
    return x - ((z * (0.5 * y - v * r) - y) - v * S1)


def _kernel_cos(x: float, y: float) -> float:
    """cos(x + y) for |x| <= pi/4 (fdlibm __kernel_cos)."""
    z = x * x
    r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))))
    ix = _high_word(x)
    if ix < 0x3FD33333:  # |x| < 0.3
        return 1.0 - (0.5 * z - (z * r - x * y))
    qx = 0.28125 if ix > 0x3FE90000 else _high_only(x / 4)
    hz = 0.5 * z - qx
    a = 1.0 - qx
    return a - (hz - (z * r - x * y))


def _reduce(x: float) -> tuple[int, float, float]:
    """n, y0, y1 with x = n*pi/2 + y0 + y1 and |y0 + y1| <= pi/4 (fdlibm's medium case)."""
    if not (-MAX_ARG <= x <= MAX_ARG):
        raise ValueError(f"argument {x!r} outside the supported range")
    if abs(x) <= 0.7853981633974483:  # pi/4: nothing to reduce
        return 0, x, 0.0
    n = int(abs(x) * INVPIO2 + 0.5)
    t = abs(x)
    r = t - n * PIO2_1
    w = n * PIO2_1T
    y0 = r - w
    # a second pass when the first lost too many bits to cancellation
    j = (_high_word(t) >> 20)
    i = j - ((_high_word(y0) >> 20) & 0x7FF)
    if i > 16:
        t2 = r
        w = n * PIO2_2
        r = t2 - w
        w = n * PIO2_2T - ((t2 - r) - w)
        y0 = r - w
    y1 = (r - y0) - w
    if x < 0:
        return -n, -y0, -y1
    return n, y0, y1


def sin(x: float) -> float:
    n, y0, y1 = _reduce(float(x))
    q = n & 3
    if q == 0:
        return _kernel_sin(y0, y1)
    if q == 1:
        return _kernel_cos(y0, y1)
    if q == 2:
        return -_kernel_sin(y0, y1)
    return -_kernel_cos(y0, y1)


def cos(x: float) -> float:
    n, y0, y1 = _reduce(float(x))
    q = n & 3
    if q == 0:
        return _kernel_cos(y0, y1)
    if q == 1:
        return -_kernel_sin(y0, y1)
    if q == 2:
        return -_kernel_cos(y0, y1)
    return _kernel_sin(y0, y1)


# --- exp, log, log10: fdlibm's e_exp.c, e_log.c, e_log10.c ------------------------------------

LN2_HI, LN2_LO, INV_LN2 = 6.93147180369123816490e-01, 1.90821492927058770002e-10, 1.44269504088896338700e+00
P1, P2, P3 = 1.66666666666666019037e-01, -2.77777777770155933842e-03, 6.61375632143793436117e-05
P4, P5 = -1.65339022054652515390e-06, 4.13813679705723846039e-08
EXP_MAX, EXP_MIN = 7.09782712893383973096e+02, -7.45133219101941108420e+02
LG1, LG2, LG3 = 6.666666666666735130e-01, 3.999999999940941908e-01, 2.857142874366239149e-01
LG4, LG5, LG6, LG7 = 2.222219843214978396e-01, 1.818357216161805012e-01, 1.531383769920937332e-01, 1.479819860511658591e-01
IVLN10, LOG10_2HI, LOG10_2LO = 4.34294481903251816668e-01, 3.01029995663611771306e-01, 3.69423907715893078616e-13


def exp(x: float) -> float:
    """e**x (fdlibm __ieee754_exp; the last scaling by 2**k is math.ldexp, which is exact).

    Example: exp(0.5) -> 1.6487212707001282."""
    x = float(x)
    if x != x or x == math.inf:
        return x
    if x > EXP_MAX:
        raise OverflowError("math range error")
    if x < EXP_MIN:
        return 0.0
    ax = abs(x)
    if ax < 2.0**-28:
        return 1.0 + x
    k, hi, lo = 0, x, 0.0
    if ax > 0.5 * 0.6931471805599453:
        if ax < 1.5 * 0.6931471805599453:
            k = 1 if x > 0 else -1
        else:
            k = int(INV_LN2 * x + (0.5 if x > 0 else -0.5))
        hi = x - k * LN2_HI
        lo = k * LN2_LO
        x = hi - lo
    t = x * x
    c = x - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))))
    if k == 0:
        return 1.0 - ((x * c) / (c - 2.0) - x)
    return math.ldexp(1.0 - ((lo - (x * c) / (2.0 - c)) - hi), k)


def _log_parts(x: float) -> tuple[float, int, int]:
    """x = 2**k * m with m in [1, 2) (exact), and fdlibm's 20 high bits of m's fraction."""
    m, e = math.frexp(x)
    m, k = 2.0 * m, e - 1
    return m, k, int((m - 1.0) * 1048576.0)


def log(x: float) -> float:
    """The natural logarithm (fdlibm __ieee754_log; math.frexp splits x exactly).

    Example: log(10.0) -> 2.302585092994046."""
    x = float(x)
    if x != x or x == math.inf:
        return x
    if x <= 0.0:
        raise ValueError("math domain error")
    m, k, hx = _log_parts(x)
    if (hx + 0x95F64) & 0x100000:  # m >= sqrt(2): m/2, so that f = m - 1 is in [sqrt(2)/2 - 1, sqrt(2) - 1)
        m, k = 0.5 * m, k + 1
    f = m - 1.0
    s = f / (2.0 + f)
    dk = float(k)
    z = s * s
    w = z * z
    r = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7))) + w * (LG2 + w * (LG4 + w * LG6))
    if 0x6147A <= hx <= 0x6B851:
        hfsq = 0.5 * f * f
        return dk * LN2_HI - ((hfsq - (s * (hfsq + r) + dk * LN2_LO)) - f)
    return dk * LN2_HI - ((s * (f - r) - dk * LN2_LO) - f)


def log2(x: float) -> float:
    """log(x) / ln 2 in IEEE operations only (the same bits everywhere; within 2 ulp of math.log2).

    Example: log2(8.0) -> 3.0"""
    return log(x) / 0.6931471805599453


def log10(x: float) -> float:
    """The base-10 logarithm (fdlibm __ieee754_log10).

    Example: log10(1000.0) -> 3.0."""
    x = float(x)
    if x != x or x == math.inf:
        return x
    if x <= 0.0:
        raise ValueError("math domain error")
    m, k, _ = _log_parts(x)
    i = 1 if k < 0 else 0
    y = float(k + i)
    z = y * LOG10_2LO + IVLN10 * log(0.5 * m if i else m)
    return z + y * LOG10_2HI


def hypot(*xs: float) -> float:
    """The length of a vector: sqrt of the correctly rounded sum of its squares, the vector first
    scaled by a power of two (exactly) so that no square overflows or underflows to 0.

    Example: hypot(3.0, 4.0) -> 5.0."""
    xs = [abs(float(x)) for x in xs]
    top = max(xs, default=0.0)
    if top == 0.0 or not math.isfinite(top):
        return math.fsum(xs) if top != top else top
    e = math.frexp(top)[1]
    scaled = [math.ldexp(x, -e) for x in xs]
    return math.ldexp(math.sqrt(math.fsum(x * x for x in scaled)), e)


# --- pow, atan2, acos: in decimal, then one rounding ------------------------------------------

_CTX = Context(prec=34)
_PI = Decimal("3.141592653589793238462643383279502884197")


@functools.lru_cache(maxsize=4096)  # the lessons raise a few bases to a few exponents, many times
def pow(x: float, y: float) -> float:
    """x**y for x > 0 (or an integer y), rounded once from 34 correct digits.

    Example: pow(10000.0, 0.5) -> 100.0."""
    x, y = float(x), float(y)
    if y == 0.0:
        return 1.0
    if x == 0.0:
        if y < 0:
            raise ZeroDivisionError("0.0 cannot be raised to a negative power")
        return 0.0
    if x < 0 and not y.is_integer():
        raise ValueError("math domain error")
    out = float(_CTX.power(Decimal(x), Decimal(y)))
    if math.isinf(out):
        raise OverflowError("math range error")
    return out


def _atan(t: Decimal) -> Decimal:
    """arctan of t >= 0: halve the angle until t <= 0.1 (atan t = 2 atan(t / (1 + sqrt(1 + t*t)))),
    then the Taylor series."""
    ctx, doubling = _CTX, 1
    while t > Decimal("0.1"):
        t = ctx.divide(t, ctx.add(1, ctx.sqrt(ctx.add(1, ctx.multiply(t, t)))))
        doubling *= 2
    total, term, t2, k = t, t, ctx.multiply(t, t), 1
    while True:
        term = ctx.minus(ctx.multiply(term, t2))
        k += 2
        step = ctx.divide(term, k)
        if step == 0 or abs(step) < abs(total) * Decimal("1e-40"):
            break
        total = ctx.add(total, step)
    return ctx.multiply(total, doubling)


def atan2(y: float, x: float) -> float:
    """The angle of the point (x, y), in (-pi, pi].

    Example: atan2(1.0, 1.0) -> 0.7853981633974483."""
    y, x = float(y), float(x)
    if not (math.isfinite(x) and math.isfinite(y)) or x == 0.0 or y == 0.0:
        return math.atan2(y, x)  # the special values: CPython returns constants itself
    ax, ay = Decimal(abs(x)), Decimal(abs(y))
    angle = _atan(_CTX.divide(ay, ax)) if ay <= ax else _CTX.subtract(_PI / 2, _atan(_CTX.divide(ax, ay)))
    if x < 0:
        angle = _CTX.subtract(_PI, angle)
    return math.copysign(float(angle), y)


def acos(c: float) -> float:
    """The angle whose cosine is c, in [0, pi].

    Example: acos(0.5) -> 1.0471975511965979."""
    c = float(c)
    if not -1.0 <= c <= 1.0:
        raise ValueError("math domain error")
    if c == 1.0:
        return 0.0
    if c == -1.0:
        return float(_PI)
    d = Decimal(c)
    s = _CTX.sqrt(_CTX.subtract(1, _CTX.multiply(d, d)))  # sin of the angle, > 0
    angle = _atan(_CTX.divide(abs(d), s)) if abs(d) <= s else _CTX.subtract(_PI / 2, _atan(_CTX.divide(s, abs(d))))
    return float(_CTX.subtract(_PI / 2, angle) if c > 0 else _CTX.add(_PI / 2, angle))
