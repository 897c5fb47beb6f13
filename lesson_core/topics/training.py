"""Training by gradient descent, on two chains small enough to compute by hand.

1. Three output logits and the cross-entropy loss  L = -ln p_correct  with
   p = softmax(z). Its slope with respect to each logit is
       dL/dz_i = p_i - 1   for the correct token,
       dL/dz_i = p_i       for the others,
   and one step is  z_i <- z_i - eta * dL/dz_i.  Every step with eta > 0 raises
   p_correct: the correct logit's lead over each other logit j grows by
   eta * (1 - p_c + p_j) > 0.

2. The chain rule on  input 2 -> prediction 2w -> error a = 2w - 3 -> loss a^2:
       dL/da = 2a,  da/dw = 2,  dL/dw = 2a * 2 = 4a,  w <- w - eta * 4a.
   The update is  w' - 1.5 = (1 - 8 eta)(w - 1.5):  eta = 0.1 shrinks the gap by
   0.2 without crossing the minimum w = 1.5; eta = 0.3 multiplies it by -1.4,
   jumping past the minimum and raising the loss.

Example: logits [0.5, 0.8, 0.2], correct 0 -> p ~ [0.324, 0.437, 0.240],
         loss ~ 1.128, gradient ~ [-0.676, 0.437, 0.240].
"""

from __future__ import annotations

import math
from typing import Sequence

from ..kit import fpmath

from ..kit.messages import ParamError
from .sampling import softmax

__all__ = ["cross_entropy", "gradient", "train_logits", "CHAIN_INPUT", "CHAIN_TARGET", "W_MIN",
           "chain_loss", "chain_step", "chain_run", "difference_quotient"]

BAD_LR = {
    "es": "La tasa de aprendizaje tiene que ser un número positivo.",
    "pt": "A taxa de aprendizado precisa ser um número positivo.",
}


def cross_entropy(logits: Sequence[float], correct: int) -> float:
    """-ln p_correct."""
    return -fpmath.log(softmax(logits)[correct])


def gradient(logits: Sequence[float], correct: int) -> list[float]:
    """dL/dz_i = p_i - [i == correct]."""
    p = softmax(logits)
    return [q - (1.0 if i == correct else 0.0) for i, q in enumerate(p)]


def train_logits(logits: Sequence[float], correct: int, lr: float, steps: int) -> list[dict]:
    """States 0..steps: each with logits, probabilities, loss, gradient (at that state)."""
    if not isinstance(lr, (int, float)) or not math.isfinite(lr) or lr <= 0:
        raise ParamError("lr", BAD_LR)
    z = list(logits)
    out = []
    for s in range(steps + 1):
        p = softmax(z)
        g = [q - (1.0 if i == correct else 0.0) for i, q in enumerate(p)]
        out.append({"step": s, "logits": list(z), "probs": p, "loss": -fpmath.log(p[correct]), "grad": g})
        z = [zi - lr * gi for zi, gi in zip(z, g)]  # one step against the slope
    return out


# --- the chain rule: input 2, prediction 2w, target 3, loss a^2 -----------------------

CHAIN_INPUT = 2.0
CHAIN_TARGET = 3.0
W_MIN = CHAIN_TARGET / CHAIN_INPUT  # 1.5: the error a is zero there


def chain_loss(w: float) -> float:
    a = CHAIN_INPUT * w - CHAIN_TARGET
    return a * a


def chain_step(w: float, eta: float) -> dict:
    """Every local rate of one step, in the order the lesson writes them."""
    pred = CHAIN_INPUT * w            # prediction 2w
    a = pred - CHAIN_TARGET           # error a = 2w - 3
    loss = a * a                      # L = a^2
    dl_da = 2 * a                     # dL/da = 2a
    da_dw = CHAIN_INPUT               # da/dw = 2
    dl_dw = dl_da * da_dw             # chain rule: dL/dw = 2a * 2 = 4a
    w_next = w - eta * dl_dw          # step against the slope
    return {"w": w, "pred": pred, "a": a, "loss": loss, "dl_da": dl_da, "da_dw": da_dw, "dl_dw": dl_dw,
            "eta": eta, "w_next": w_next, "loss_next": chain_loss(w_next)}


def chain_run(w0: float, eta: float, steps: int) -> list[dict]:
    """Steps 1..steps from w0; item i is the step taken from the i-th value of w."""
    if not isinstance(eta, (int, float)) or not math.isfinite(eta) or eta <= 0:
        raise ParamError("eta", BAD_LR)
    out, w = [], w0
    for _ in range(steps):
        st = chain_step(w, eta)
        out.append(st)
        w = st["w_next"]
    return out


def difference_quotient(w: float, hstep: float) -> float:
    """(L(w + h) - L(w)) / h = 4a + 4h: tends to 4a as h -> 0."""
    return (chain_loss(w + hstep) - chain_loss(w)) / hstep
