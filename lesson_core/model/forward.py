"""The real model's forward pass in plain Python, one token at a time, with a key/value cache.

For each new token at position t (nanoGPT's ``model.py``, one row at a time):

    x = E[id] + P[t]                                         # (d,)
    per layer:  a = ln1(x);  q, k, v = Wq a, Wk a, Wv a      # (d,) each (one stacked matrix), H heads of hd
                keys and values of t are appended to the cache
                per head h:  w = softmax(q_h . k_h[j] / sqrt(hd), j = 0..t)   # attends to the past only
                             o_h = sum_j w_j v_h[j]
                x = x + Wo (o_1 ... o_H);   x = x + W2 relu(W1 ln2(x))
    logits = E lnf(x)                                        # (V,), only when asked

x is the residual stream: each attention and each MLP adds what it computes to it, and
``Run.writes`` keeps those additions for the last token read with output, so that
x == E[id] + P[t] + attn_1 + mlp_1 + attn_2 + mlp_2, summed in that order (bit for bit).

Dot products are ``math.sumprod`` where the Python has it (3.12 on, so Pyodide: one C loop,
several times faster than the pure-Python ``sum(map(mul, row, x))``, the budget being 300 ms
for 64 tokens there) and ``sum(map(mul, row, x))`` on the build's CPython 3.11. Both are
accurate to about 1e-16 relative (sumprod in extended precision, ``sum`` of floats compensated
from 3.12), so the build and Pyodide may differ in the last bits; layer norm and softmax use
``fsum``. What a widget shows or returns is rounded (at most 6 decimals), which the parity
test checks. Caching keys and values makes each further token cost one pass through the
layers instead of a pass over the whole text.

Example: run = Run(model("es")); run.feed_all([72, 111]); run.logits() -> 583 floats.
"""

from __future__ import annotations

import math
from operator import mul

from ..topics.attention import softmax
from .load import Model

__all__ = ["Run", "layer_norm", "matvec", "dot", "EPS"]

EPS = 1e-5
fsum = math.fsum


def _dot_py311(a: list, b: list) -> float:
    return sum(map(mul, a, b))


dot = getattr(math, "sumprod", _dot_py311)   # Python 3.12+ (Pyodide): C; 3.11 (the build): pure Python


def matvec(w: list, x: list) -> list:
    """W x with W stored as rows (out, in)."""
    return [dot(row, x) for row in w]


def layer_norm(x: list, g: list, b: list) -> list:
    n = len(x)
    mu = fsum(x) / n
    xc = [v - mu for v in x]
    rstd = 1.0 / math.sqrt(fsum(map(mul, xc, xc)) / n + EPS)
    return [v * rstd * gi + bi for v, gi, bi in zip(xc, g, b)]


class Run:
    """One text going through the model. ``attention[layer][head][t]`` is row t of the map."""

    def __init__(self, m: Model):
        self.m = m
        cfg = m.config
        self.H, self.hd = cfg["heads"], cfg["d"] // cfg["heads"]
        self.scale = 1.0 / math.sqrt(self.hd)
        L = cfg["layers"]
        self.keys = [[[] for _ in range(self.H)] for _ in range(L)]                    # [l][h][t] -> (hd,)
        self.vcols = [[[[] for _ in range(self.hd)] for _ in range(self.H)] for _ in range(L)]  # [l][h][j][t]
        self._attention = [[[] for _ in range(self.H)] for _ in range(L)]
        self._queued: list = []     # (t, a): last-layer rows of the attention map not yet computed
        self.ids: list[int] = []
        self.x: list | None = None  # the last position's output of the last layer
        self.writes: list | None = None  # what built self.x: [E[id] + P[t], attn 1, mlp 1, attn 2, ...]

    @property
    def attention(self) -> list:
        """``attention[layer][head][t]``: the weights row t gives to positions 0..t. The last
        layer's rows of tokens read without output are computed here, when first asked: reading
        a text needs only their keys and values (the rows come out bit for bit the same)."""
        if self._queued:
            ly, li = self.m.layers[-1], len(self.m.layers) - 1
            for t, a in self._queued:
                q = matvec(ly["wq"], a)
                for h in range(self.H):
                    self._attention[li][h][t] = self._weights(q, li, h, t)
            self._queued = []
        return self._attention

    def _weights(self, q: list, li: int, h: int, t: int) -> list:
        lo = h * self.hd
        qh, scale = q[lo:lo + self.hd], self.scale
        keys = self.keys[li][h]
        return softmax([dot(qh, kj) * scale for kj in (keys if len(keys) == t + 1 else keys[:t + 1])])

    @property
    def room(self) -> int:
        return self.m.config["context"] - len(self.ids)

    def feed(self, token: int, output: bool = True) -> None:
        """Push one token through every layer; its keys and values join the cache.

        ``output=False`` skips what only this position's own next-token scores need: the
        last layer's query, attention, output projection and MLP (its keys and values are
        computed; its attention row waits until :attr:`attention` is read). Reading a text,
        only the last token needs them."""
        m, H, hd, d = self.m, self.H, self.hd, self.m.config["d"]
        t = len(self.ids)
        if t >= m.config["context"]:
            raise ValueError("context full")
        x = [a + b for a, b in zip(m.wte[token], m.wpe[t])]
        writes = [x]                # the residual stream: x is always the sum of these, in this order
        last = len(m.layers) - 1
        for li, ly in enumerate(m.layers):
            a = layer_norm(x, ly["ln1_g"], ly["ln1_b"])
            if li == last and not output:   # keys and values only; the map's rows when asked
                k, v = matvec(ly["wk"], a), matvec(ly["wv"], a)
                for h in range(H):
                    lo = h * hd
                    self.keys[li][h].append(k[lo:lo + hd])
                    for j, col in enumerate(self.vcols[li][h]):
                        col.append(v[lo + j])
                    self._attention[li][h].append(None)
                self._queued.append((t, a))
                self.ids.append(token)
                self.x = self.writes = None
                return
            qkv = matvec(ly["wqkv"], a)
            out = []
            for h in range(H):
                lo = h * hd
                self.keys[li][h].append(qkv[d + lo:d + lo + hd])
                cols = self.vcols[li][h]
                for j, col in enumerate(cols):
                    col.append(qkv[2 * d + lo + j])
                w = self._weights(qkv, li, h, t)
                self._attention[li][h].append(w)
                out += [dot(w, col) for col in cols]
            writes.append(matvec(ly["wo"], out))
            x = [a + b for a, b in zip(x, writes[-1])]
            u = matvec(ly["w1"], layer_norm(x, ly["ln2_g"], ly["ln2_b"]))
            writes.append(matvec(ly["w2"], [z if z > 0.0 else 0.0 for z in u]))
            x = [a + b for a, b in zip(x, writes[-1])]
        self.ids.append(token)
        self.x, self.writes = x, writes

    def feed_all(self, tokens) -> None:
        """Read a text: every token, the last one with its output (for :meth:`logits`)."""
        tokens = list(tokens)
        for i, t in enumerate(tokens):
            self.feed(t, output=i == len(tokens) - 1)

    def hidden(self, x: list | None = None) -> list:
        """The last position's vector (or ``x``, a partial sum of the stream) after the final layer norm."""
        return layer_norm(self.x if x is None else x, self.m.lnf_g, self.m.lnf_b)

    def logits(self, x: list | None = None) -> list:
        """Scores of every vocabulary entry as the next token (tied embedding: E h); ``x``: read
        them from a partial sum of the residual stream instead of the last layer's output."""
        if self.x is None and x is None:
            raise ValueError("no output: feed a token with output=True first")
        return matvec(self.m.wte, self.hidden(x))
