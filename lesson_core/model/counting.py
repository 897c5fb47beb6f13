"""The counting models beside the real model, on the same training text: chapter 1's token
bigram (add-k, the k best on the held-out text, as training/train.py chose it) and character
n-grams with interpolated Kneser-Ney (lesson_core.topics.ngram).

Half the training text (every 2nd paragraph; all of it would put the runtime over its wire budget)
travels as its token ids in ``ngram_<lang>.py`` (written by training/train.py): decoded, it is the
character n-gram's text; its adjacent pairs are the bigram's counts. So the live counting models
are those of the manifest's 1/2 scaling point, and the widgets say so. The
n-gram counts a reader's sentence needs are found in that text on demand (TextCounts), so the
browser never counts every n-gram of it; the held-out comparison itself is computed once at
training time and read from the manifest.

Scores are bits per character over the same characters for every model: those after the text's
first token (the Transformer has nothing to predict the first token from).

Example: sentence_bits("es", "La zorra miró las uvas.") -> {"transformer": ..., "bigram": ..., "ngram5": ...}.
"""

from __future__ import annotations

import base64
import importlib
import math
import zlib
from array import array
from collections import Counter

from ..kit.fmt import check_lang
from ..topics import ngram as N
from ..topics.sampling import softmax, with_temperature
from ..kit.rng import categorical, make_rng
from .forward import Run
from .load import model
from .vocab import decode, piece
from ..kit import fpmath

__all__ = ["training_ids", "ngram", "bigram_probs", "sentence_bits", "LIVE_ORDERS"]

LIVE_ORDERS = (5,)     # the character n-gram scored live (the held-out table has orders 1-7)
_CACHE: dict = {}


def _data(lang: str):
    check_lang(lang)
    return importlib.import_module(f"{__package__}.ngram_{lang}")


def training_ids(lang: str) -> list[int]:
    if ("ids", lang) not in _CACHE:
        a = array("H")
        a.frombytes(zlib.decompress(base64.b64decode(_data(lang).IDS)))
        if a.itemsize != 2 or array("H", [1]).tobytes() != b"\x01\x00":
            a.byteswap()  # stored little-endian
        _CACHE[("ids", lang)] = a.tolist()
    return _CACHE[("ids", lang)]


def ngram(lang: str, order: int) -> N.NGram:
    """The character n-gram of this order on the model's training text."""
    if ("text", lang) not in _CACHE:
        d = _data(lang)
        entries = model(lang).entries
        pieces = [piece(i, entries) for i in range(256 + len(entries))]
        text = b"".join(map(pieces.__getitem__, training_ids(lang))).decode("utf-8")
        discounts = {(kind, k): tuple(v) for kind, k, v in d.DISCOUNTS}
        preset = {(kind, ctx): dict(zip(chars, counts)) for kind, ctx, chars, counts in d.PRESET}
        _CACHE[("text", lang)] = N.TextCounts(text, discounts, preset=preset)
    return _CACHE[("text", lang)].model(order)


def _bigram(lang: str) -> dict:
    if ("bigram", lang) not in _CACHE:
        rows: dict = {}
        ids = training_ids(lang)
        for (a, b), c in Counter(zip(ids, ids[1:])).items():
            row = rows.get(a)
            if row is None:
                row = rows[a] = {}
            row[b] = c
        _CACHE[("bigram", lang)] = {a: (row, sum(row.values())) for a, row in rows.items()}
    return _CACHE[("bigram", lang)]


def bigram_probs(lang: str, prev: int) -> list[float]:
    """P(next token | prev) for every vocabulary id: (count + k) / (row total + k V)."""
    k, V = _data(lang).BIGRAM_K, model(lang).config["vocab"]
    row, total = _bigram(lang).get(prev, ({}, 0))
    z = total + k * V
    return [(row.get(i, 0) + k) / z for i in range(V)]


def transformer_nats(lang: str, ids: list[int]) -> list[float]:
    """-ln P of every token after the first (ids within the context)."""
    run, out = Run(model(lang)), []
    for t, (a, b) in enumerate(zip(ids, ids[1:])):
        run.feed(a)
        out.append(-fpmath.log(softmax(run.logits())[b]))
    return out


def sentence_bits(lang: str, ids: list[int]) -> dict:
    """Bits per character of the text of ``ids`` after its first token, for each model."""
    entries = model(lang).entries
    head, text = decode(ids[:1], entries), decode(ids, entries)
    chars = len(text) - len(head)
    if chars < 1:
        raise ValueError("need a second token")
    ln2 = fpmath.log(2)
    fsum = math.fsum  # exactly rounded sums: the same in CPython 3.11 and Pyodide
    out = {"chars": chars, "transformer": fsum(transformer_nats(lang, ids)) / ln2 / chars,
           "bigram": fsum(-fpmath.log(bigram_probs(lang, a)[b]) for a, b in zip(ids, ids[1:])) / ln2 / chars}
    for order in LIVE_ORDERS:
        m = ngram(lang, order)
        out[f"ngram{order}"] = -fsum(fpmath.log2(m.prob(text[:i], text[i])) for i in range(len(head), len(text))) / chars
    return out


def bigram_continue(lang: str, last: int, n: int, temperature: float, seed: int) -> list[int]:
    """n tokens drawn from the bigram rows (chapter 3's temperature), each after the one before."""
    rng, out = make_rng(seed), []
    for _ in range(n):
        probs = with_temperature([fpmath.log(p) for p in bigram_probs(lang, last)], temperature)
        last = categorical(rng, probs)
        out.append(last)
    return out
