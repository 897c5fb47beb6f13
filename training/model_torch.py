"""The real model in PyTorch, for training only: the same network as training/model_np.py.

Pre-norm decoder-only Transformer, linear layers without bias stored (out, in), ReLU MLP,
layer-norm epsilon 1e-5, tied embedding, the same initialisation rule and parameter names, so
``to_numpy`` gives a dict that training/model_np.py and lesson_core.model read unchanged (the
tests check the numpy forward against the pure-Python one on the shipped weights). PyTorch is
only here to train faster on 2 cores (autograd and fused kernels instead of numpy's hand-written
backward); it is pinned in training/requirements.txt, never in the site's requirements.
"""

from __future__ import annotations

import math

import numpy as np
import torch
import torch.nn.functional as F

from model_np import EPS, names


def init(cfg: dict, seed: int) -> dict:
    """Parameters as float32 tensors with gradients, initialised as model_np.init."""
    g = torch.Generator().manual_seed(seed)
    d, f, V, T, L = cfg["d"], cfg["ff"], cfg["vocab"], cfg["context"], cfg["layers"]
    std = 0.02

    def normal(*shape, s=std):
        return torch.randn(*shape, generator=g) * s

    p = {"wte": normal(V, d), "wpe": normal(T, d), "lnf_g": torch.ones(d), "lnf_b": torch.zeros(d)}
    for i in range(L):
        p.update({f"{i}.ln1_g": torch.ones(d), f"{i}.ln1_b": torch.zeros(d),
                  f"{i}.wq": normal(d, d), f"{i}.wk": normal(d, d), f"{i}.wv": normal(d, d),
                  f"{i}.wo": normal(d, d, s=std / math.sqrt(2 * L)),
                  f"{i}.ln2_g": torch.ones(d), f"{i}.ln2_b": torch.zeros(d),
                  f"{i}.w1": normal(f, d), f"{i}.w2": normal(d, f, s=std / math.sqrt(2 * L))})
    return {k: v.requires_grad_() for k, v in p.items()}


def forward(p: dict, cfg: dict, ids: torch.Tensor) -> torch.Tensor:
    """Logits (B, T, V)."""
    B, T = ids.shape
    H, d = cfg["heads"], cfg["d"]
    x = p["wte"][ids] + p["wpe"][:T]
    for i in range(cfg["layers"]):
        a = F.layer_norm(x, (d,), p[f"{i}.ln1_g"], p[f"{i}.ln1_b"], EPS)
        q, k, v = (F.linear(a, p[f"{i}.{w}"]).view(B, T, H, d // H).transpose(1, 2) for w in ("wq", "wk", "wv"))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + F.linear(y.transpose(1, 2).reshape(B, T, d), p[f"{i}.wo"])
        m = F.layer_norm(x, (d,), p[f"{i}.ln2_g"], p[f"{i}.ln2_b"], EPS)
        x = x + F.linear(F.relu(F.linear(m, p[f"{i}.w1"])), p[f"{i}.w2"])
    return F.linear(F.layer_norm(x, (d,), p["lnf_g"], p["lnf_b"], EPS), p["wte"])


def loss(p: dict, cfg: dict, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    logits = forward(p, cfg, x)
    return F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y.reshape(-1))


def to_numpy(p: dict, cfg: dict) -> dict:
    return {k: p[k].detach().numpy().astype(np.float64) for k in names(cfg)}


def from_numpy(p: dict) -> dict:
    return {k: torch.tensor(v, dtype=torch.float32) for k, v in p.items()}
