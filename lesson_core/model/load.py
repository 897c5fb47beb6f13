"""Load the real model of one language from its data module, on first use.

The manifest and vocabulary live in ``weights_<lang>.py`` and the weights in ``tensors_<lang>.py``
(both written by training/train.py), as float16, little-endian, base64-encoded: .py modules travel
in lesson_core's zips like the rest of the core (the weights in a zip of their own, fetched by
real-model pages only), so Pyodide needs nothing but the standard library to read it, and a memory
snapshot of the core does not carry it (the module is imported here, when first asked).
Decoding takes a few tens of milliseconds, once per language and session.

Example: model("es").config -> {"d": 64, "heads": 4, "layers": 2, "ff": 256, "context": 64, ...}.
"""

from __future__ import annotations

import base64
import functools
import importlib
import struct
from dataclasses import dataclass

from ..topics import tokenizer as tok
from ..kit.fmt import check_lang

__all__ = ["Model", "model", "manifest", "vocab", "count_params", "LANGS"]

LANGS = ("es", "pt")


@dataclass
class Model:
    lang: str
    config: dict
    manifest: dict
    entries: list       # vocabulary entries, ids 256 on
    vocab: dict         # entry -> id, for lesson_core.topics.tokenizer.tokenize
    wte: list           # (V, d) token embeddings, also the output layer (tied)
    wpe: list           # (T, d) position embeddings
    layers: list        # one dict per layer: ln1_g, ln1_b, wq, wk, wv, wo, ln2_g, ln2_b, w1, w2
    lnf_g: list
    lnf_b: list

    @property
    def n_params(self) -> int:
        return count_params(self.config)


def count_params(cfg: dict) -> int:
    d, f, V, T, L = cfg["d"], cfg["ff"], cfg["vocab"], cfg["context"], cfg["layers"]
    return V * d + T * d + L * (4 * d + 4 * d * d + 2 * d * f) + 2 * d


def _shapes(cfg: dict) -> list[tuple[str, tuple[int, ...]]]:
    """Names and shapes in storage order (training/model_np.py ``names``)."""
    d, f, V, T = cfg["d"], cfg["ff"], cfg["vocab"], cfg["context"]
    out = [("wte", (V, d)), ("wpe", (T, d))]
    for i in range(cfg["layers"]):
        out += [(f"{i}.ln1_g", (d,)), (f"{i}.ln1_b", (d,)), (f"{i}.wq", (d, d)), (f"{i}.wk", (d, d)),
                (f"{i}.wv", (d, d)), (f"{i}.wo", (d, d)), (f"{i}.ln2_g", (d,)), (f"{i}.ln2_b", (d,)),
                (f"{i}.w1", (f, d)), (f"{i}.w2", (d, f))]
    return out + [("lnf_g", (d,)), ("lnf_b", (d,))]


def _data(lang: str):
    check_lang(lang)
    return importlib.import_module(f"{__package__}.weights_{lang}")


def manifest(lang: str) -> dict:
    """The training manifest (corpus hash, config, seed, losses, history) without decoding weights."""
    return _data(lang).MANIFEST


@functools.cache
def vocab(lang: str) -> dict:
    """The model's tokenizer vocabulary (cached), without decoding its weights: enough to
    tokenize, in either language, on a page that has only its own language's weights."""
    return tok.build_vocab(list(_data(lang).ENTRIES))


@functools.cache
def model(lang: str) -> Model:
    """The decoded model (cached): weights as lists of Python floats, matrices as rows."""
    mod = _data(lang)
    cfg = mod.MANIFEST["config"]
    raw = base64.b64decode(importlib.import_module(f"{__package__}.tensors_{lang}").WEIGHTS)
    flat = struct.unpack(f"<{len(raw) // 2}e", raw)
    pos, params = 0, {}
    for name, shape in _shapes(cfg):
        size = shape[0] * (shape[1] if len(shape) > 1 else 1)
        chunk = flat[pos:pos + size]
        pos += size
        params[name] = [list(chunk[r * shape[1]:(r + 1) * shape[1]]) for r in range(shape[0])] \
            if len(shape) == 2 else list(chunk)
    if pos != len(flat):
        raise ValueError(f"weights_{lang}: {len(flat)} numbers, the config needs {pos}")
    keys = ("ln1_g", "ln1_b", "wq", "wk", "wv", "wo", "ln2_g", "ln2_b", "w1", "w2")
    layers = [{k: params[f"{i}.{k}"] for k in keys} for i in range(cfg["layers"])]
    for ly in layers:  # q, k and v in one pass: the three matrices' rows stacked
        ly["wqkv"] = ly["wq"] + ly["wk"] + ly["wv"]
    entries = list(mod.ENTRIES)
    return Model(lang, cfg, mod.MANIFEST, entries, vocab(lang), params["wte"], params["wpe"], layers,
                 params["lnf_g"], params["lnf_b"])
