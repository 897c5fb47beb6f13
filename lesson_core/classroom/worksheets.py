"""Printable worksheets: seeded exercise variants per chapter, with every answer computed.

Each chapter has a generator ``(rng) -> [exercise, ...]``. Variant n (1..30) of a
chapter draws from ``make_rng(SEEDS[chapter] * 1000 + n)``, so neighbours in a
class get different numbers, and the same variant always gives the same numbers, to the
last bit, in the build's CPython and in Pyodide (exp and log through kit/fpmath). An exercise is plain JSON-able data::

    {"kind": "dot", "given": {"a": [2, -1], "b": [3, 4]},
     "answer": {"dot": 2.0, "norm_a": 2.236..., "norm_b": 5.0, "cos": 0.178...}}

The given numbers do not depend on the language. Words are each language's own:
the bigram corpus is aligned word for word between Spanish and Portuguese (so its
key is shared), while the BPE exercise draws the same places from two aligned
lists of everyday words (``casa``/``casa``, ``cosa``/``coisa``) and has one key per
language, since merges depend on the letters. The answers are computed with the lesson's own
functions (bigram counts, BPE, softmax, layer norm, the chain rule), the sheet
and key views live in :mod:`lesson_core.widgets.worksheets`.

Example: variant("vectors", 1)[0]["kind"] -> "dot"
"""

from __future__ import annotations

import math
from typing import Callable

from ..topics import bigram, bpe
from ..topics.attention import softmax
from ..topics.positional import divisor, pe_vector, wavelength
from ..topics.own_run import held_turn
from ..topics.sampling import with_temperature
from ..kit.fmt import tr
from ..kit.rng import Random, make_rng, randbelow
from ..topics.training import cross_entropy, gradient
from ..topics.vectors import cosine, dot, norm

__all__ = ["CHAPTERS", "VARIANTS", "SEEDS", "variant", "BIGRAM_WORDS", "BPE_WORDS", "DECIMALS", "TOLERANCE",
           "MAX_STUDENTS", "roster", "bpe_first_merge"]

VARIANTS = 30
# The sheets' rounding rule: every result written to DECIMALS decimals, computed from unrounded
# steps (the key does the same); an answer within TOLERANCE of the key counts as right.
DECIMALS = 3
TOLERANCE = 0.001
# A class set: one sheet per student, 1..MAX_STUDENTS; see roster().
MAX_STUDENTS = 60
SEEDS = {"positional": 11, "words": 12, "vectors": 13, "generation": 14, "scale": 15}
CHAPTERS = tuple(SEEDS)

# Sentences "<det> <noun> <verb> <object> ." built from word lists aligned across languages.
BIGRAM_WORDS = {
    "es": {"det": "el", "noun": ["gato", "perro", "niño"], "verb": ["come", "quiere", "busca"],
           "obj": ["pescado", "pan", "queso"]},
    "pt": {"det": "o", "noun": ["gato", "cachorro", "menino"], "verb": ["come", "quer", "procura"],
           "obj": ["peixe", "pão", "queijo"]},
}
BIGRAM_SENTENCES = 5
# Aligned by meaning, each list in its own language (tests check them against Debian's word lists).
BPE_WORDS = {
    "es": ["casa", "cosa", "masa", "mesa", "peso", "paso", "rosa", "sala", "capa", "tapa", "mapa", "pasa"],
    "pt": ["casa", "coisa", "massa", "mesa", "peso", "passo", "rosa", "sala", "capa", "tampa", "mapa", "passa"],
}


def _pick(rng: Random, items: list):
    return items[randbelow(rng, len(items))]


def _int(rng: Random, lo: int, hi: int) -> int:
    """An integer in [lo, hi]."""
    return lo + randbelow(rng, hi - lo + 1)


def _tenths(rng: Random, lo: int, hi: int) -> float:
    """A number with one decimal in [lo/10, hi/10]."""
    return _int(rng, lo, hi) / 10


# --- chapter: positional encoding ------------------------------------------------------

def _pe_value(rng: Random) -> dict:
    pos, d = _int(rng, 2, 12), 4
    return {"kind": "pe_value", "given": {"pos": pos, "d": d},
            "answer": {"divisor": divisor(1, d), "pe": pe_vector(pos, d)}}


def _pe_sum(rng: Random, pos: int) -> dict:
    word = [_tenths(rng, -10, 10) for _ in range(4)]
    code = pe_vector(pos, 4)
    return {"kind": "pe_sum", "given": {"word": word, "pos": pos},
            "answer": {"pe": code, "x": [w + c for w, c in zip(word, code)]}}


def _wavelength(rng: Random) -> dict:
    d = _pick(rng, [8, 16])
    i = _int(rng, 1, d // 2 - 1)
    return {"kind": "wavelength", "given": {"d": d, "i": i},
            "answer": {"divisor": divisor(i, d), "wavelength": wavelength(i, d)}}


def positional(rng: Random) -> list[dict]:
    first = _pe_value(rng)
    return [first, _pe_sum(rng, first["given"]["pos"]), _wavelength(rng)]


# --- chapter 1: words and tokens --------------------------------------------------------

def _sentences(slots: list[tuple[int, int, int]], lang: str) -> list[str]:
    w = tr(lang, BIGRAM_WORDS)
    return [f"{w['det']} {w['noun'][n]} {w['verb'][v]} {w['obj'][o]} ." for n, v, o in slots]


def _count(sentences: list[str], prev: str, nxt: str) -> list[int]:
    """[count, total]: how often ``nxt`` follows ``prev``, out of all words that follow ``prev``
    (the fraction as a student counts it, not reduced)."""
    rows = bigram.next_table(sentences, prev)
    return [next(c for word, c, _ in rows if word == nxt), sum(c for _, c, _ in rows)]


def _real_choice(slots: list[tuple[int, int, int]]) -> bool:
    """True when both questions are worth counting: more than one noun follows the determiner, and
    some verb is followed by more than one object (a 2/2 item asks nothing)."""
    return len({n for n, _, _ in slots}) > 1 and any(len({o for _, v, o in slots if v == verb}) > 1
                                                     for verb in range(3))


def _bigram(rng: Random) -> dict:
    while True:
        slots = [(randbelow(rng, 3), randbelow(rng, 3), randbelow(rng, 3)) for _ in range(BIGRAM_SENTENCES)]
        if _real_choice(slots):
            break
    # the verb followed by the most different objects (then the most frequent): a real choice follows it
    verb = max(range(3), key=lambda v: (len({o for _, vv, o in slots if vv == v}),
                                        sum(1 for _, vv, _ in slots if vv == v)))
    objs = [o for _, v, o in slots if v == verb]
    obj = _pick(rng, sorted(set(objs)))
    noun = _pick(rng, sorted({n for n, _, _ in slots}))
    answer = {}
    for lang, w in BIGRAM_WORDS.items():
        s = _sentences(slots, lang)
        answer[lang] = {"noun": _count(s, w["det"], w["noun"][noun]), "obj": _count(s, w["verb"][verb], w["obj"][obj])}
    if answer["es"] != answer["pt"]:
        raise ValueError("worksheet bigram: the aligned corpora disagree")
    return {"kind": "bigram", "given": {"slots": [list(s) for s in slots], "noun": noun, "verb": verb, "obj": obj},
            "answer": answer["es"]}


def bpe_first_merge(words: list[list]) -> dict:
    """The first BPE merge of a vocabulary [[word, count], ...], and how many pairs share the top count."""
    stats = bpe.pair_counts([(list(w), c) for w, c in words])
    best = bpe.best_pair(stats)
    top = stats[best]
    return {"pair": list(best), "count": top, "ties": sum(1 for v in stats.values() if v == top),
            "after": [bpe.merge_word(list(w), best) for w, _ in words],
            "counts": [[a, b, n] for (a, b), n in stats.items()]}


def _bpe(rng: Random) -> dict:
    """Four places of the aligned word lists with a count each, redrawn until the first merge leads alone
    in every language (a student counting by hand finds one answer); the words and the key per language."""
    while True:
        pool = list(range(len(BPE_WORDS["es"])))
        picks = []
        for _ in range(4):
            picks.append([pool.pop(randbelow(rng, len(pool))), _int(rng, 1, 9)])
        words = {lang: [[listed[i], c] for i, c in picks] for lang, listed in BPE_WORDS.items()}
        answer = {lang: bpe_first_merge(w) for lang, w in words.items()}
        if all(a["ties"] == 1 for a in answer.values()):
            return {"kind": "bpe", "given": {"words": words}, "answer": answer}


def words(rng: Random) -> list[dict]:
    return [_bigram(rng), _bpe(rng)]


# --- chapter 2: vectors and attention ---------------------------------------------------

def _nonzero_vec(rng: Random, lo: int, hi: int) -> list[int]:
    while True:
        v = [_int(rng, lo, hi), _int(rng, lo, hi)]
        if v != [0, 0]:
            return v


def _dot(rng: Random) -> dict:
    a, b = _nonzero_vec(rng, -4, 4), _nonzero_vec(rng, -4, 4)
    return {"kind": "dot", "given": {"a": a, "b": b},
            "answer": {"dot": dot(a, b), "norm_a": norm(a), "norm_b": norm(b), "cos": cosine(a, b)}}


def _attention(rng: Random) -> dict:
    q = _nonzero_vec(rng, -1, 3)
    keys = [_nonzero_vec(rng, -2, 3) for _ in range(3)]
    scores = [dot(q, k) / math.sqrt(2) for k in keys]
    return {"kind": "attention", "given": {"q": q, "keys": keys},
            "answer": {"dots": [dot(q, k) for k in keys], "scores": scores, "weights": softmax(scores)}}


def _layernorm(rng: Random) -> dict:
    while True:
        xs = [_tenths(rng, -20, 40) for _ in range(4)]
        if len(set(xs)) > 1:
            break
    mean = math.fsum(xs) / 4
    var = math.fsum((x - mean) * (x - mean) for x in xs) / 4
    std = math.sqrt(var)
    return {"kind": "layernorm", "given": {"x": xs},
            "answer": {"mean": mean, "var": var, "std": std, "y": [(x - mean) / std for x in xs]}}


BIAS_AXES = 4  # [persona, femenino, tamaño, juventud] of the bias exercise


def _bias(rng: Random) -> dict:
    """A word and its feminine on four labelled axes (person, female, size, young): the second
    differs on «female» and, drawn by the seed, on one or two other axes (the exercise's bias)."""
    a = [_tenths(rng, 5, 10), 0.0, _tenths(rng, 1, 9), _tenths(rng, 1, 9)]
    b = list(a)
    b[1] = _tenths(rng, 7, 10)
    for j in sorted({_int(rng, 2, 3) for _ in range(_int(rng, 1, 2))}):
        while b[j] == a[j]:
            b[j] = _tenths(rng, 1, 9)
    diff = [y - x for x, y in zip(a, b)]
    return {"kind": "bias", "given": {"a": a, "b": b},
            "answer": {"diff": diff, "others": [j for j in range(BIAS_AXES) if j != 1 and diff[j] != 0]}}


def vectors(rng: Random) -> list[dict]:
    return [_dot(rng), _attention(rng), _layernorm(rng), _bias(rng)]


# --- chapter 3: generation and training -------------------------------------------------

def _logits(rng: Random) -> list[float]:
    while True:
        z = [_tenths(rng, -10, 30) for _ in range(3)]
        if len(set(z)) == 3:
            return z


def _temperature(rng: Random) -> dict:
    z, t = _logits(rng), _pick(rng, [0.5, 2.0])
    return {"kind": "temperature", "given": {"logits": z, "t": t},
            "answer": {"p1": softmax(z), "pt": with_temperature(z, t)}}


def _train_step(rng: Random) -> dict:
    z, c, eta = _logits(rng), randbelow(rng, 3), _pick(rng, [0.5, 1.0])
    g = gradient(z, c)
    z1 = [a - eta * b for a, b in zip(z, g)]
    return {"kind": "train_step", "given": {"logits": z, "correct": c, "eta": eta},
            "answer": {"p": softmax(z), "loss": cross_entropy(z, c), "grad": g, "new_logits": z1,
                       "new_p": softmax(z1), "new_loss": cross_entropy(z1, c)}}


def _chain(rng: Random) -> dict:
    x, t = _int(rng, 1, 3), _int(rng, 1, 6)
    while True:
        w0 = _pick(rng, [0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0])
        if x * w0 != t:
            break
    eta = _pick(rng, [0.05, 0.1])
    a = x * w0 - t
    slope = 2 * a * x
    w1 = w0 - eta * slope
    return {"kind": "chain", "given": {"x": x, "target": t, "w0": w0, "eta": eta},
            "answer": {"a": a, "loss": a * a, "slope": slope, "w1": w1, "loss1": (x * w1 - t) * (x * w1 - t), "w_min": t / x}}


def _comparisons(rng: Random) -> dict:
    n = 10 * _int(rng, 5, 200)
    return {"kind": "comparisons", "given": {"n": n}, "answer": {"pairs": n * (n + 1) // 2, "rnn_steps": n - 1}}


HELD_STEPS = (0, 100, 200, 300, 400)


def _held_out(rng: Random) -> dict:
    """Lesson 4 ("Train your own"): a run's two curves, read with the page's own rule for overfitting
    (own_run.held_turn)."""
    train, held = [_int(rng, 440, 520) / 100], [_int(rng, 440, 520) / 100]
    turn = _int(rng, 2, 5)  # the held-out loss falls until this checkpoint (5: to the end), then rises
    for i in range(1, len(HELD_STEPS)):
        train.append(round(train[-1] - _int(rng, 20, 80) / 100, 2))
        held.append(round(held[-1] + (-_int(rng, 10, 60) if i < turn else _int(rng, 3, 30)) / 100, 2))
    best, turned = held_turn(held)
    return {"kind": "held_out", "given": {"steps": list(HELD_STEPS), "train": train, "held": held},
            "answer": {"best_step": HELD_STEPS[best], "gap": held[-1] - train[-1], "overfit": turned}}


def generation(rng: Random) -> list[dict]:
    return [_temperature(rng), _train_step(rng), _chain(rng), _comparisons(rng), _held_out(rng)]


# --- chapter 4: scale and diffusion -----------------------------------------------------

def _diffusion(rng: Random) -> dict:
    x0, eps = _tenths(rng, -10, 10), _tenths(rng, -20, 20)
    abar = _pick(rng, [0.25, 0.36, 0.49, 0.64, 0.81])
    keep, noise = math.sqrt(abar), math.sqrt(1 - abar)
    xt = keep * x0 + noise * eps
    return {"kind": "diffusion", "given": {"x0": x0, "eps": eps, "abar": abar},
            "answer": {"keep": keep, "noise": noise, "xt": xt, "x0_back": (xt - noise * eps) / keep}}


def _chinchilla(rng: Random) -> dict:
    n = _pick(rng, [1, 3, 7, 13, 30, 65, 70])  # billions of parameters
    d = _pick(rng, [200, 300, 600, 1000, 2000])  # billions of tokens
    return {"kind": "chinchilla", "given": {"params_b": n, "tokens_b": d},
            "answer": {"tokens_b": 20 * n, "params_b": d / 20}}


def _effective(rng: Random) -> dict:
    while True:
        cuts = sorted({_int(rng, 1, 19) for _ in range(3)})
        if len(cuts) == 3:
            break
    parts = [b - a for a, b in zip([0] + cuts, cuts + [20])]
    w = [p / 20 for p in parts]
    sq = math.fsum(x * x for x in w)
    return {"kind": "effective", "given": {"w": w}, "answer": {"sum_sq": sq, "count": 1 / sq}}


def _context(rng: Random) -> dict:
    window = _pick(rng, [64, 2048, 4096, 8192])
    text = window + _int(rng, 1, 3) * _pick(rng, [16, 100, 1000])
    return {"kind": "context", "given": {"window": window, "text": text},
            "answer": {"dropped": text - window, "first_seen": text - window + 1}}


def scale(rng: Random) -> list[dict]:
    return [_diffusion(rng), _chinchilla(rng), _effective(rng), _context(rng)]


GENERATORS: dict[str, Callable[[Random], list[dict]]] = {
    "positional": positional, "words": words, "vectors": vectors, "generation": generation, "scale": scale,
}


def variant(chapter: str, n: int) -> list[dict]:
    """The exercises of variant ``n`` (1..VARIANTS) of a chapter's worksheet."""
    if chapter not in GENERATORS:
        raise KeyError(f"unknown worksheet chapter {chapter!r}; known: {list(GENERATORS)}")
    if not 1 <= n <= VARIANTS:
        raise ValueError(f"variant must be 1..{VARIANTS}")
    return GENERATORS[chapter](make_rng(SEEDS[chapter] * 1000 + n))


def roster(students: int) -> list[int]:
    """The variant of each student of a class set, in seat order: 1, 2, ..., 30, then 1, 2, ... again,
    so neighbours always differ and a class of up to 30 has no repeated sheet.

    Example: roster(32)[-2:] -> [1, 2]"""
    if isinstance(students, bool) or not isinstance(students, int) or not 1 <= students <= MAX_STUDENTS:
        raise ValueError(f"a class set has 1..{MAX_STUDENTS} students")
    return [i % VARIANTS + 1 for i in range(students)]
