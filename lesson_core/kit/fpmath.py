"""sin and cos that give the same bits on every platform.

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

import struct

__all__ = ["sin", "cos", "MAX_ARG"]

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
