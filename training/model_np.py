"""The real model in numpy: forward pass with a cache, and its backward pass written by hand.

A decoder-only Transformer (Radford et al. 2019, GPT-2; layer norm before each block):

    x   = E[ids] + P[:T]                                   # (B, T, d)
    for each layer:
        a = ln1(x);  q, k, v = a Wq^T, a Wk^T, a Wv^T      # (B, H, T, hd) after the split into heads
        S = q k^T / sqrt(hd), causal mask; A = softmax(S)  # (B, H, T, T)
        x = x + (A v, heads joined) Wo^T
        m = ln2(x);  x = x + relu(m W1^T) W2^T             # (B, T, f) inside
    logits = lnf(x) E^T                                    # tied embedding: (B, T, V)

Weights of a linear layer are stored (out, in), as the pure-Python forward reads them
(one output = one row dotted with the input). ReLU, as the original Transformer, keeps
transcendental functions out of the forward pass except the softmax's exp.
Used by training/train.py and by the tests (the numpy cross-check of lesson_core.model).
"""

from __future__ import annotations

import numpy as np

EPS = 1e-5


def init(cfg: dict, rng: np.random.Generator, dtype=np.float32) -> dict:
    d, f, V, T, L = cfg["d"], cfg["ff"], cfg["vocab"], cfg["context"], cfg["layers"]
    std = 0.02
    p = {"wte": rng.normal(0, std, (V, d)), "wpe": rng.normal(0, std, (T, d)),
         "lnf_g": np.ones(d), "lnf_b": np.zeros(d)}
    for i in range(L):
        p.update({f"{i}.ln1_g": np.ones(d), f"{i}.ln1_b": np.zeros(d),
                  f"{i}.wq": rng.normal(0, std, (d, d)), f"{i}.wk": rng.normal(0, std, (d, d)),
                  f"{i}.wv": rng.normal(0, std, (d, d)), f"{i}.wo": rng.normal(0, std / np.sqrt(2 * L), (d, d)),
                  f"{i}.ln2_g": np.ones(d), f"{i}.ln2_b": np.zeros(d),
                  f"{i}.w1": rng.normal(0, std, (f, d)), f"{i}.w2": rng.normal(0, std / np.sqrt(2 * L), (d, f))})
    return {k: v.astype(dtype) for k, v in p.items()}


def names(cfg: dict) -> list[str]:
    """Parameter names in storage order."""
    out = ["wte", "wpe"]
    for i in range(cfg["layers"]):
        out += [f"{i}.{n}" for n in ("ln1_g", "ln1_b", "wq", "wk", "wv", "wo", "ln2_g", "ln2_b", "w1", "w2")]
    return out + ["lnf_g", "lnf_b"]


def from_model(m) -> dict:
    """The parameters of a lesson_core.model Model (lists of floats) as numpy arrays, by name."""
    p = {"wte": np.array(m.wte), "wpe": np.array(m.wpe), "lnf_g": np.array(m.lnf_g), "lnf_b": np.array(m.lnf_b)}
    for i, ly in enumerate(m.layers):
        p.update({f"{i}.{k}": np.array(v) for k, v in ly.items() if k != "wqkv"})
    return p


def _ln(x, g, b):
    mu = x.mean(-1, keepdims=True)
    xc = x - mu
    rstd = 1.0 / np.sqrt((xc * xc).mean(-1, keepdims=True) + EPS)
    xhat = xc * rstd
    return xhat * g + b, (xhat, rstd, g)


def _ln_back(dy, cache):
    xhat, rstd, g = cache
    dxhat = dy * g
    dx = rstd * (dxhat - dxhat.mean(-1, keepdims=True) - xhat * (dxhat * xhat).mean(-1, keepdims=True))
    red = tuple(range(dy.ndim - 1))
    return dx, (dy * xhat).sum(red), dy.sum(red)


def _heads(x, H):  # (B, T, d) -> (B, H, T, hd)
    B, T, d = x.shape
    return x.reshape(B, T, H, d // H).transpose(0, 2, 1, 3)


def _join(x):  # (B, H, T, hd) -> (B, T, d)
    B, H, T, hd = x.shape
    return x.transpose(0, 2, 1, 3).reshape(B, T, H * hd)


def forward(p: dict, cfg: dict, ids: np.ndarray, targets: np.ndarray | None = None):
    """Logits (B, T, V), mean cross-entropy (if targets), the cache for backward, attention per layer."""
    B, T = ids.shape
    H = cfg["heads"]
    hd = cfg["d"] // H
    mask = np.triu(np.ones((T, T), dtype=bool), 1)
    x = p["wte"][ids] + p["wpe"][:T]
    caches, atts = [], []
    for i in range(cfg["layers"]):
        a, ln1 = _ln(x, p[f"{i}.ln1_g"], p[f"{i}.ln1_b"])
        q, k, v = (_heads(a @ p[f"{i}.{w}"].T, H) for w in ("wq", "wk", "wv"))
        s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(hd)
        s = np.where(mask, -np.inf, s)
        s = s - s.max(-1, keepdims=True)
        e = np.exp(s)
        A = e / e.sum(-1, keepdims=True)
        y = _join(A @ v)
        x = x + y @ p[f"{i}.wo"].T
        m, ln2 = _ln(x, p[f"{i}.ln2_g"], p[f"{i}.ln2_b"])
        u = m @ p[f"{i}.w1"].T
        r = np.maximum(u, 0)
        x = x + r @ p[f"{i}.w2"].T
        caches.append((a, ln1, q, k, v, A, y, m, ln2, u, r))
        atts.append(A)
    hf, lnf = _ln(x, p["lnf_g"], p["lnf_b"])
    logits = hf @ p["wte"].T
    loss = None
    if targets is not None:
        z = logits - logits.max(-1, keepdims=True)
        logp = z - np.log(np.exp(z).sum(-1, keepdims=True))
        loss = -np.take_along_axis(logp, targets[..., None], -1).mean()
    return logits, loss, (ids, caches, hf, lnf, logits), atts


def backward(p: dict, cfg: dict, cache, targets: np.ndarray) -> dict:
    """Gradients of the mean cross-entropy with respect to every parameter."""
    ids, caches, hf, lnf, logits = cache
    B, T = ids.shape
    H = cfg["heads"]
    hd = cfg["d"] // H
    g = {k: np.zeros_like(v) for k, v in p.items()}
    z = logits - logits.max(-1, keepdims=True)
    prob = np.exp(z)
    prob /= prob.sum(-1, keepdims=True)
    dlogits = prob
    np.put_along_axis(dlogits, targets[..., None], np.take_along_axis(prob, targets[..., None], -1) - 1, -1)
    dlogits /= B * T                                          # dL/dz = (p - onehot) / N
    g["wte"] += dlogits.reshape(-1, dlogits.shape[-1]).T @ hf.reshape(-1, hf.shape[-1])
    dhf = dlogits @ p["wte"]
    dx, g["lnf_g"], g["lnf_b"] = _ln_back(dhf, lnf)
    for i in reversed(range(cfg["layers"])):
        a, ln1, q, k, v, A, y, m, ln2, u, r = caches[i]
        # MLP: x = x + relu(m W1^T) W2^T
        dr = dx @ p[f"{i}.w2"]
        g[f"{i}.w2"] += dx.reshape(-1, dx.shape[-1]).T @ r.reshape(-1, r.shape[-1])
        du = dr * (u > 0)
        g[f"{i}.w1"] += du.reshape(-1, du.shape[-1]).T @ m.reshape(-1, m.shape[-1])
        dm = du @ p[f"{i}.w1"]
        dxm, g[f"{i}.ln2_g"], g[f"{i}.ln2_b"] = _ln_back(dm, ln2)
        dx = dx + dxm
        # attention: x = x + join(A v) Wo^T
        g[f"{i}.wo"] += dx.reshape(-1, dx.shape[-1]).T @ y.reshape(-1, y.shape[-1])
        dy = _heads(dx @ p[f"{i}.wo"], H)                     # (B, H, T, hd)
        dA = dy @ v.transpose(0, 1, 3, 2)
        dv = A.transpose(0, 1, 3, 2) @ dy
        ds = A * (dA - (dA * A).sum(-1, keepdims=True)) / np.sqrt(hd)
        dq = ds @ k
        dk = ds.transpose(0, 1, 3, 2) @ q
        da = np.zeros_like(a)
        for name, dh in (("wq", dq), ("wk", dk), ("wv", dv)):
            dh = _join(dh)
            g[f"{i}.{name}"] += dh.reshape(-1, dh.shape[-1]).T @ a.reshape(-1, a.shape[-1])
            da += dh @ p[f"{i}.{name}"]
        dxa, g[f"{i}.ln1_g"], g[f"{i}.ln1_b"] = _ln_back(da, ln1)
        dx = dx + dxa
    np.add.at(g["wte"], ids, dx)
    g["wpe"][:T] += dx.sum(0)
    return g
