"""A character-level MLP a reader trains in the browser: Bengio et al. (2003), made small.

The model reads the ``context`` characters before a position, looks each one up in an
embedding table, joins the vectors, passes them through one hidden layer and scores every
character of the alphabet; softmax turns the scores into probabilities::

    x      = [E[c1], ..., E[cC]]                  # (C*D,)   the context's embeddings, joined
    a      = W1 x + b1                            # (H,)
    h      = a / (1 + |a|)                        # (H,)     softsign: tanh's shape, no exp
    z      = W2 h + b2                            # (V,)     one score per character
    p      = softmax(z)                           # (V,)
    loss   = -ln p[y]

The backward pass is written out by hand (``grads``), one line per derivative, and checked
against finite differences and a numpy reference (tests/test_own_model.py). Training is
Adam on minibatches. Only IEEE-754 operations whose bits agree on every platform: dot
products are ``math.fsum`` (correctly rounded), exp and log go through ``kit.fpmath``, random
numbers through ``kit.rng``; CPython 3.11 and Pyodide give the same bits for the same steps.

Why softsign and not tanh: ``fpmath.exp`` is pure Python; a tanh per hidden unit would cost
more than the rest of the step. Softsign needs one division.

Example: ``init(vocab=5, context=2, dim=3, hidden=4, seed=1)`` has 5*3 + 4*6 + 4 + 5*4 + 5 = 68
parameters; ``loss_of(model, (0, 1), 2)`` is about ln 5 at the start (all scores near 0).
"""

from __future__ import annotations

import math
from operator import mul

from ..kit import fpmath
from ..kit.rng import make_rng, uniform
from .attention import softmax

__all__ = ["Model", "init", "n_params", "forward", "loss_of", "grads", "grad_units", "drain", "Adam", "adam_step",
           "zeros_like", "next_probs"]

Model = dict  # {"E": V x D, "W1": H x CD, "b1": H, "W2": V x H, "b2": V, "context": C}
MATRICES = ("E", "W1", "W2")
VECTORS = ("b1", "b2")


def init(vocab: int, context: int, dim: int, hidden: int, seed: int) -> Model:
    """Small uniform weights (scaled by 1/sqrt(fan-in)), zero biases, from one seeded generator."""
    rng = make_rng(seed)

    def mat(rows: int, cols: int, scale: float) -> list[list[float]]:
        return [[uniform(rng, -scale, scale) for _ in range(cols)] for _ in range(rows)]

    return {"context": context,
            "E": mat(vocab, dim, 1.0),
            "W1": mat(hidden, context * dim, 1.0 / math.sqrt(context * dim)),
            "b1": [0.0] * hidden,
            "W2": mat(vocab, hidden, 1.0 / math.sqrt(hidden)),
            "b2": [0.0] * vocab}


def n_params(m: Model) -> int:
    return sum(len(m[k]) * len(m[k][0]) for k in MATRICES) + sum(len(m[k]) for k in VECTORS)


def forward(m: Model, ctx: tuple[int, ...]) -> tuple[list[float], list[float], list[float], list[float]]:
    """(x, a, h, p) for one context of ``context`` character ids."""
    E = m["E"]
    x = [v for c in ctx for v in E[c]]                                          # (C*D,)
    a = [b + math.fsum(map(mul, w, x)) for w, b in zip(m["W1"], m["b1"])]       # (H,)
    h = [u / (1.0 + abs(u)) for u in a]                                          # (H,)
    z = [b + math.fsum(map(mul, w, h)) for w, b in zip(m["W2"], m["b2"])]       # (V,)
    return x, a, h, softmax(z)


def next_probs(m: Model, ctx: tuple[int, ...]) -> list[float]:
    return forward(m, ctx)[3]


def loss_of(m: Model, ctx: tuple[int, ...], y: int) -> float:
    """-ln p[y], in nats."""
    return -fpmath.log(max(forward(m, ctx)[3][y], 1e-300))


def zeros_like(m: Model) -> Model:
    out: Model = {"context": m["context"]}
    for k in MATRICES:
        out[k] = [[0.0] * len(row) for row in m[k]]
    for k in VECTORS:
        out[k] = [0.0] * len(m[k])
    return out


def grads(m: Model, batch: list[tuple[tuple[int, ...], int]], g: Model) -> float:
    """Add the gradient of the batch's mean loss to ``g``; return the batch's summed loss (nats).

    The weight gradients are sums over the batch of outer products (dz h^T, da x^T): each entry is
    one ``fsum`` over the batch, so the inner loops run in C. A non-finite loss comes back as
    ``inf`` and ``g`` is then not to be used: the caller stops training."""
    return drain(grad_units(m, batch, g))


def drain(units):
    """Run a generator of units of work to its end; its return value."""
    while True:
        try:
            next(units)
        except StopIteration as stop:
            return stop.value


def grad_units(m: Model, batch: list[tuple[tuple[int, ...], int]], g: Model):
    """``grads`` one example per ``yield`` (the browser's worker stops between any two); returns the loss."""
    n = len(batch)
    D = len(m["E"][0])
    W1T, W2T = list(zip(*m["W1"])), list(zip(*m["W2"]))                        # (CD, H), (H, V)
    xs, hs, das, dzs = [], [], [], []
    total = 0.0
    for ctx, y in batch:
        x, a, h, p = forward(m, ctx)
        if not p[y] > 0.0:
            return math.inf
        total -= fpmath.log(p[y])
        dz = [q / n for q in p]                                                  # dL/dz = (p - onehot(y)) / n
        dz[y] -= 1.0 / n
        dh = [math.fsum(map(mul, dz, col)) for col in W2T]                      # dL/dh = W2^T dz
        da = [d / ((1.0 + abs(u)) * (1.0 + abs(u))) for d, u in zip(dh, a)]    # softsign' = 1/(1+|a|)^2
        dx = [math.fsum(map(mul, da, col)) for col in W1T]                      # dL/dx = W1^T da
        gE = g["E"]
        for k, c in enumerate(ctx):                                              # dL/dE[c] += its slice of dx
            gE[c] = [r + d for r, d in zip(gE[c], dx[k * D:(k + 1) * D])]
        xs.append(x), hs.append(h), das.append(da), dzs.append(dz)
        yield
    for key, ds, ins, bias in (("W2", dzs, hs, "b2"), ("W1", das, xs, "b1")):   # dL/dW = sum_batch d in^T
        gw, gb = g[key], g[bias]
        cols = list(zip(*ins))                                                   # (inputs, batch)
        for j, d in enumerate(zip(*ds)):                                         # d: output j over the batch
            gw[j] = [r + math.fsum(map(mul, d, col)) for r, col in zip(gw[j], cols)]
            gb[j] += math.fsum(d)
    return total


class Adam:
    """Kingma & Ba (2015) with the usual betas; its moments have the model's shape."""

    def __init__(self, m: Model, lr: float, beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-8):
        self.lr, self.b1, self.b2, self.eps = lr, beta1, beta2, eps
        self.m1, self.m2, self.t = zeros_like(m), zeros_like(m), 0
        self.p1 = self.p2 = 1.0  # beta1**t and beta2**t, by multiplication (no pow)


def adam_step(opt: Adam, m: Model, g: Model) -> None:
    """One update of every parameter from the gradient ``g``."""
    opt.t += 1
    opt.p1 *= opt.b1
    opt.p2 *= opt.b2
    b1, b2, eps = opt.b1, opt.b2, opt.eps
    step = opt.lr * math.sqrt(1.0 - opt.p2) / (1.0 - opt.p1)  # bias corrections folded into the step

    def rows(w, gw, m1, m2):
        new_m1 = [b1 * u + (1.0 - b1) * d for u, d in zip(m1, gw)]
        new_m2 = [b2 * u + (1.0 - b2) * d * d for u, d in zip(m2, gw)]
        new_w = [x - step * u / (math.sqrt(s) + eps) for x, u, s in zip(w, new_m1, new_m2)]
        return new_w, new_m1, new_m2

    for k in MATRICES:
        for i in range(len(m[k])):
            m[k][i], opt.m1[k][i], opt.m2[k][i] = rows(m[k][i], g[k][i], opt.m1[k][i], opt.m2[k][i])
    for k in VECTORS:
        m[k], opt.m1[k], opt.m2[k] = rows(m[k], g[k], opt.m1[k], opt.m2[k])
