"""How word vectors are learned: a tiny skip-gram (Mikolov et al., 2013) on a designed corpus.

Each word w gets an input vector v_w of 2 numbers (so it can be drawn) and an output vector u_c
with a bias b_c. The model guesses the words next to w, one position left or right:

    P(c | w) = softmax_c(u_c . v_w + b_c)                      # over the whole vocabulary
    loss = mean over every (w, c) pair in the text of -ln P(c | w)

and plain gradient descent moves every number a little each step (full batch, the pairs counted
once). Words whose neighbours are the same end up with vectors that point the same way: nobody
tells the model that «gato» and «perro» are animals. Left out: negative sampling, subsampling
and windows wider than 1, which large corpora need and this one does not.

Everything is deterministic: the start comes from :func:`lesson_core.kit.rng.make_rng`, the
softmax from :mod:`lesson_core.topics.attention` (fpmath's exp), sums are ``fsum``.

Example: train("es")["checkpoints"][0]["vectors"]["gato"] -> the random start of «gato».
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..data.emb_corpus import CORPUS, GROUPS
from ..kit import fpmath
from ..kit.fmt import tr
from ..kit.rng import make_rng, normal
from .attention import softmax

__all__ = ["pairs", "train", "cosine", "nearest_in_groups", "together", "STEPS", "EVERY", "LR", "SEED", "DIM"]

DIM = 2          # numbers per word: a point on the page
STEPS = 300      # gradient steps of the stored run
EVERY = 10       # a checkpoint every EVERY steps (the slider's stops)
LR = 1.0         # learning rate
SEED = 9
START_SCALE = 1.0


def pairs(lang: str) -> tuple[list[str], dict[tuple[int, int], int]]:
    """The vocabulary (first-seen order) and how often each (word, neighbour) pair occurs, one
    position to the left or to the right, inside a sentence."""
    vocab: list[str] = []
    index: dict[str, int] = {}
    counts: dict[tuple[int, int], int] = {}
    for sentence in tr(lang, CORPUS):
        words = sentence.split()
        for wd in words:
            if wd not in index:
                index[wd] = len(vocab)
                vocab.append(wd)
        for i, wd in enumerate(words):
            for j in (i - 1, i + 1):
                if 0 <= j < len(words):
                    key = (index[wd], index[words[j]])
                    counts[key] = counts.get(key, 0) + 1
    return vocab, counts


def _loss_and_grads(v: list, u: list, b: list, rows: list, total: int):
    """Mean -ln P over the pairs, and its gradient for v, u, b. ``rows``: for each word, its
    [(neighbour, count)]."""
    V = len(v)
    gv = [[0.0] * DIM for _ in range(V)]
    gu = [[0.0] * DIM for _ in range(V)]
    gb = [0.0] * V
    loss = []
    for w, row in enumerate(rows):
        if not row:
            continue
        n = sum(c for _, c in row)
        p = softmax([math.fsum(u[c][k] * v[w][k] for k in range(DIM)) + b[c] for c in range(V)])
        err = [n * pc for pc in p]                      # d(sum of -ln P)/d score = n p - count
        for c, cnt in row:
            err[c] -= cnt
            loss.append(-cnt * fpmath.log(p[c]))
        for c in range(V):
            e = err[c] / total
            if e == 0.0:
                continue
            for k in range(DIM):
                gv[w][k] += e * u[c][k]
                gu[c][k] += e * v[w][k]
            gb[c] += e
    return math.fsum(loss) / total, gv, gu, gb


@lru_cache(maxsize=2)
def train(lang: str) -> dict:
    """The stored run: checkpoints every EVERY steps, each with the step, the mean loss and the
    input vector of every word (rounded to 6 decimals)."""
    vocab, counts = pairs(lang)
    V = len(vocab)
    rng = make_rng(SEED)
    v = [[normal(rng, 0.0, START_SCALE) for _ in range(DIM)] for _ in range(V)]
    u = [[normal(rng, 0.0, START_SCALE) for _ in range(DIM)] for _ in range(V)]
    b = [0.0] * V
    rows = [[] for _ in range(V)]
    for (w, c), n in sorted(counts.items()):
        rows[w].append((c, n))
    total = sum(counts.values())
    checkpoints = []
    for step in range(STEPS + 1):
        loss, gv, gu, gb = _loss_and_grads(v, u, b, rows, total)
        if step % EVERY == 0:
            checkpoints.append({"step": step, "loss": round(loss, 6),
                                "vectors": {wd: [round(x, 6) for x in v[i]] for i, wd in enumerate(vocab)}})
        if step == STEPS:
            break
        for i in range(V):
            for k in range(DIM):
                v[i][k] -= LR * gv[i][k]
                u[i][k] -= LR * gu[i][k]
            b[i] -= LR * gb[i]
    return {"vocab": vocab, "pairs": total, "checkpoints": checkpoints}


def cosine(a: list[float], b: list[float]) -> float:
    """cos of the angle between two 2-D vectors (0 for a zero vector)."""
    na, nb = fpmath.hypot(*a), fpmath.hypot(*b)
    return 0.0 if na == 0 or nb == 0 else math.fsum(x * y for x, y in zip(a, b)) / (na * nb)


def nearest_in_groups(vectors: dict[str, list[float]], lang: str) -> dict[str, str]:
    """For each word of the drawn groups, the closest other drawn word (the distance on the page)."""
    words = [wd for group in tr(lang, GROUPS) for wd in group[1]]
    return {wd: min((o for o in words if o != wd),
                    key=lambda o: (fpmath.hypot(*(x - y for x, y in zip(vectors[wd], vectors[o]))), o))
            for wd in words}


def together(vectors: dict[str, list[float]], lang: str) -> int:
    """How many drawn words have, as their closest drawn word, one of their own group."""
    group = {wd: g for g, words in tr(lang, GROUPS) for wd in words}
    return sum(1 for wd, o in nearest_in_groups(vectors, lang).items() if group[wd] == group[o])
