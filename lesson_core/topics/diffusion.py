"""Diffusion on the smallest possible images: one pixel, and 2-D points in a heart.

Forward process (Ho et al. 2020, DDPM, eq. 4):  x_t = sqrt(abar)*x0 + sqrt(1 - abar)*eps,
with abar the fraction of the image kept; since sqrt(abar)^2 + sqrt(1-abar)^2 = 1, a unit
variance image plus independent unit variance noise keeps unit variance.
Inverting it with a predicted noise eps_hat:  x0_hat = (x_t - sqrt(1 - abar)*eps_hat) / sqrt(abar).

The heart model knows its 240 training points x_i exactly, so its estimate of the clean
point is the exact posterior mean under a uniform prior (Bayes + Gaussian likelihood):
    score_i = -|x_t - sqrt(abar) x_i|^2 / (2 (1 - abar)),   w = softmax(score),
    x0_hat  = sum_i w_i x_i.
Generation runs DDIM (Song et al. 2021, eta = 0, deterministic): from pure noise, at each
step estimate x0_hat, recover eps_hat, and remix them at the next, smaller noise level;
the last step returns x0_hat itself. The schedule is the cosine one (Nichol & Dhariwal 2021).

Speed: |x_t|^2 is the same for every i, so it cancels in the softmax; each score is then
the affine  c*(x . x_i) - d*|x_i|^2  with c = sqrt(abar)/(1-abar), d = abar/(2(1-abar)),
one multiply-add per training point. Sums use math.fsum (correctly rounded) so that
CPython 3.11 and Pyodide's Python agree bit for bit.

Example: noisy_pixel(0.8, 1.5, 1.0) -> 0.8 (at abar = 1 nothing is added);
         noisy_pixel(0.8, 1.5, 0.64) -> 0.8*0.8 + 0.6*1.5 = 1.54.
"""

from __future__ import annotations

import math
from operator import mul

from ..kit import fpmath
from ..kit.messages import ParamError
from ..kit.rng import make_rng, normal_pair
from .attention import shifted_exps

__all__ = ["noisy_pixel", "pixel_estimate", "heart_points", "N_TRAIN", "N_GEN", "STEPS", "SEED",
           "alpha_bars", "noise_vectors", "forward_points", "posterior_mean", "generate", "track"]

N_TRAIN = 240   # training points on the heart curve
N_GEN = 500     # generated points
STEPS = 16      # DDIM steps from pure noise to the heart (cost ~ N_GEN * N_TRAIN * STEPS)
SEED = 2024     # noise for the forward tab (seed) and for generation (seed + 1)

NO_SIGNAL = {
    "es": "Con ᾱ = 0 no queda nada de la imagen: no se puede despejar x₀ (habría que dividir entre 0).",
    "pt": "Com ᾱ = 0 não resta nada da imagem: não dá para isolar x₀ (seria preciso dividir por 0).",
}
BAD_ALPHA = {
    "es": "La fracción conservada ᾱ tiene que estar entre 0 y 1.",
    "pt": "A fração conservada ᾱ precisa estar entre 0 e 1.",
}


def _check_alpha(abar: float) -> float:
    if not isinstance(abar, (int, float)) or not math.isfinite(abar) or abar < 0 or abar > 1:
        raise ParamError("alpha", BAD_ALPHA)
    return float(abar)


def noisy_pixel(x0: float, eps: float, abar: float) -> float:
    """x_t = sqrt(abar) * x0 + sqrt(1 - abar) * eps."""
    abar = _check_alpha(abar)
    return math.sqrt(abar) * x0 + math.sqrt(1.0 - abar) * eps


def pixel_estimate(xt: float, eps_hat: float, abar: float) -> float:
    """x0_hat = (x_t - sqrt(1 - abar) * eps_hat) / sqrt(abar); impossible at abar = 0."""
    abar = _check_alpha(abar)
    if abar == 0:
        raise ParamError("alpha", NO_SIGNAL)
    return (xt - math.sqrt(1.0 - abar) * eps_hat) / math.sqrt(abar)


def heart_points(n: int = N_TRAIN) -> list[tuple[float, float]]:
    """n points of the classic heart curve x = 16 sin^3 t, y = 13 cos t - 5 cos 2t - 2 cos 3t - cos 4t
    at t = 2 pi i / n, centred and scaled so that each coordinate has mean square 1 on average.
    The left half mirrors the right half exactly (x -> -x), so the points' mean x is exactly 0
    whatever the platform's sin and cos round to (n must be even)."""
    half = []
    for i in range(n // 2 + 1):  # t in [0, pi]: the right half, both ends on the axis
        t = 2 * math.pi * i / n
        sin_t = fpmath.sin(t)
        x = 0.0 if i in (0, n // 2) else 16 * (sin_t * sin_t * sin_t)
        half.append((x, 13 * fpmath.cos(t) - 5 * fpmath.cos(2 * t) - 2 * fpmath.cos(3 * t) - fpmath.cos(4 * t)))
    raw = half + [(-x, y) for x, y in reversed(half[1:-1])]  # point n - i mirrors point i
    mx = math.fsum(p[0] for p in raw) / n
    my = math.fsum(p[1] for p in raw) / n
    ms = math.fsum((x - mx) * (x - mx) + (y - my) * (y - my) for x, y in raw) / (2 * n)
    s = 1 / math.sqrt(ms)
    return [((x - mx) * s, (y - my) * s) for x, y in raw]


def _squared_cos(x: float) -> float:
    c = fpmath.cos(x)
    return c * c


def alpha_bars(steps: int = STEPS) -> list[float]:
    """abar_k for noise levels k = 0..steps: 1 at k = 0 (clean), 0 at k = steps (pure noise),
    cosine schedule abar = cos^2(pi/2 (k/steps + s)/(1 + s)) / cos^2(pi/2 s/(1 + s)), s = 0.008."""
    s = 0.008
    f0 = _squared_cos(math.pi / 2 * s / (1 + s))
    out = [_squared_cos(math.pi / 2 * (k / steps + s) / (1 + s)) / f0 for k in range(steps + 1)]
    out[0], out[-1] = 1.0, 0.0
    return out


def noise_vectors(n: int, seed: int) -> list[tuple[float, float]]:
    """n standard normal 2-D vectors by Box-Muller (both values of each pair used)."""
    rng = make_rng(seed)
    return [normal_pair(rng) for _ in range(n)]


def forward_points(points: list[tuple[float, float]], eps: list[tuple[float, float]],
                   abar: float) -> list[tuple[float, float]]:
    """Every training point through x_t = sqrt(abar) x0 + sqrt(1 - abar) eps."""
    a, b = math.sqrt(abar), math.sqrt(1.0 - abar)
    return [(a * x + b * ex, a * y + b * ey) for (x, y), (ex, ey) in zip(points, eps)]


class _Step:
    """The per-step constants of the score: score_i = A_i x + B_i y - C_i (+ a constant)."""

    def __init__(self, points: list[tuple[float, float]], abar: float):
        if abar >= 1:
            raise ValueError("the estimate needs some noise: abar < 1")
        c = math.sqrt(abar) / (1.0 - abar)
        d = abar / (2.0 * (1.0 - abar))
        self.X = [p[0] for p in points]
        self.Y = [p[1] for p in points]
        self.A = [c * x for x in self.X]
        self.B = [c * y for y in self.Y]
        self.C = [d * (x * x + y * y) for x, y in points]
        self.ABC = list(zip(self.A, self.B, self.C))
        self.flat = abar == 0
        self.mean_x, self.mean_y = math.fsum(self.X) / len(points), math.fsum(self.Y) / len(points)

    def _raw(self, x: float, y: float) -> list[float]:
        """exp(score_i - max score): the largest is exactly 1, none overflows."""
        s = [a * x + b * y - c for a, b, c in self.ABC]   # (n,) scores, up to a shared constant
        return shifted_exps(s)

    def weights(self, x: float, y: float) -> list[float]:
        w = self._raw(x, y)
        total = math.fsum(w)
        return [v / total for v in w]

    def mean(self, x: float, y: float) -> tuple[float, float]:
        """sum_i w_i x_i with the softmax weights, normalizing once at the end."""
        if self.flat:  # abar = 0: every score is equal, the estimate is the plain mean
            return self.mean_x, self.mean_y
        w = self._raw(x, y)
        total = math.fsum(w)
        return math.fsum(map(mul, w, self.X)) / total, math.fsum(map(mul, w, self.Y)) / total


def posterior_mean(x: tuple[float, float], abar: float,
                   points: list[tuple[float, float]]) -> tuple[tuple[float, float], list[float]]:
    """The exact estimate of the clean point and the softmax weights of the training points."""
    st = _Step(points, abar)
    w = st.weights(*x)
    return (math.fsum(map(mul, w, st.X)), math.fsum(map(mul, w, st.Y))), w


def _ddim_step(st: _Step, x: float, y: float, a_now: float, b_now: float, a_next: float,
               b_next: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """One DDIM step (eta = 0) for one point: (x0_hat, x at the next, smaller noise level)."""
    ex, ey = st.mean(x, y)                                        # x0_hat, the exact estimate
    nx, ny = (x - a_now * ex) / b_now, (y - a_now * ey) / b_now   # eps_hat, from x_t = a x0 + b eps
    return (ex, ey), (a_next * ex + b_next * nx, a_next * ey + b_next * ny)  # remix one level lower


def _levels(ab: list[float], k: int) -> tuple[float, float, float, float]:
    return math.sqrt(ab[k]), math.sqrt(1.0 - ab[k]), math.sqrt(ab[k - 1]), math.sqrt(1.0 - ab[k - 1])


_CACHE: dict[tuple, dict] = {}
_STEPS_CACHE: dict[tuple, _Step] = {}


def _step_constants(steps: int, k: int) -> _Step:
    key = (steps, k)
    if key not in _STEPS_CACHE:
        _STEPS_CACHE[key] = _Step(heart_points(), alpha_bars(steps)[k])
    return _STEPS_CACHE[key]


def generate(n: int = N_GEN, steps: int = STEPS, seed: int = SEED + 1, done: int | None = None) -> dict:
    """DDIM (eta = 0) from pure noise for n points, at least ``done`` steps of ``steps``
    (all of them by default). A pure function of (n, steps, seed): the run is cached per
    process and extended on demand, so a slider that moves forward re-uses earlier steps.

    Returns {"abar": [abar_k, k = 0..steps], "done": steps taken,
             "path": [[(x, y) after 0, 1, ... done steps] per point],
             "est": [[x0_hat at steps 1..done] per point]}  (step s runs at noise level steps - s + 1)."""
    want = steps if done is None else done
    key = (n, steps, seed)
    run = _CACHE.get(key)
    if run is None:
        start = noise_vectors(n, seed)  # x at noise level `steps`: pure noise
        run = {"abar": alpha_bars(steps), "done": 0, "path": [[p] for p in start], "est": [[] for _ in start]}
        _CACHE[key] = run
    ab = run["abar"]
    while run["done"] < want:
        k = steps - run["done"]          # current noise level
        st = _step_constants(steps, k)
        lv = _levels(ab, k)
        for j in range(n):
            est, nxt = _ddim_step(st, *run["path"][j][-1], *lv)
            run["est"][j].append(est)
            run["path"][j].append(nxt)
        run["done"] += 1
    return run


def track(j: int, n: int = N_GEN, steps: int = STEPS, seed: int = SEED + 1) -> dict:
    """The whole trajectory of generated point j alone (cheap: other points do not affect it);
    the same numbers as ``generate(...)["path"][j]``."""
    if not 0 <= j < n:
        raise ValueError("point index out of range")
    ab = alpha_bars(steps)
    p = noise_vectors(j + 1, seed)[j]
    path, ests = [p], []
    for k in range(steps, 0, -1):
        est, p = _ddim_step(_step_constants(steps, k), *p, *_levels(ab, k))
        ests.append(est)
        path.append(p)
    return {"abar": ab, "path": path, "est": ests}
