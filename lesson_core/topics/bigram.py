"""A bigram model: next-word probabilities by counting, and sampling a sentence from them.

The simplest language model of the lesson (seed 003, "Adivinar la siguiente
palabra"): count how often each word follows each other word in a small corpus,
and divide each count by the total for the previous word,

    P(next | prev) = count(prev, next) / count(prev, *)

Sampling repeats "predict, choose, append" (autoregressive generation) until
the full stop token. Probabilities are kept as exact fractions; floats are made
only for display and for the draw.

Example: sentences ["a b .", "a c ."] ->
    counts()["a"] == {"b": 1, "c": 1};  next_table(...)["a"] rows: b 1 1/2, c 1 1/2.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from ..kit.rng import categorical, make_rng

__all__ = ["split", "counts", "next_table", "occurrences", "sample", "MAX_WORDS"]

MAX_WORDS = 30  # a sampled sentence stops here if no full stop came


def split(sentences: Sequence[str]) -> list[list[str]]:
    """Each sentence as its list of tokens (words and the full stop), split on spaces."""
    return [s.split() for s in sentences]


def counts(sentences: Sequence[str]) -> dict[str, dict[str, int]]:
    """prev -> {next: count}, both in order of first appearance.

    Pairs are counted inside sentences only: the full stop ends a sentence and is
    not followed by the next sentence's first word."""
    table: dict[str, dict[str, int]] = {}
    for words in split(sentences):
        for prev, nxt in zip(words, words[1:]):
            row = table.setdefault(prev, {})
            row[nxt] = row.get(nxt, 0) + 1
    return table


def next_table(sentences: Sequence[str], word: str) -> list[tuple[str, int, Fraction]]:
    """Rows (next word, count, probability) after ``word``, most frequent first
    (ties in order of first appearance). Empty if ``word`` is never followed."""
    row = counts(sentences).get(word, {})
    total = sum(row.values())
    ordered = sorted(row.items(), key=lambda kv: -kv[1])  # stable: ties keep first appearance
    return [(w, c, Fraction(c, total)) for w, c in ordered]


def occurrences(sentences: Sequence[str], word: str) -> list[tuple[int, int]]:
    """(sentence index, word index) of every occurrence of ``word``."""
    return [(i, j) for i, words in enumerate(split(sentences)) for j, w in enumerate(words) if w == word]


def sample(sentences: Sequence[str], start: str, seed: int, stop: str = ".",
           max_words: int = MAX_WORDS) -> dict:
    """Write a sentence from ``start``: draw each next word with the bigram probabilities.

    Returns ``{"words": [...], "steps": [...], "ended": bool}``. Each step is
    ``{"prev", "candidates": [(word, count, Fraction)], "u", "chosen"}`` where
    ``u`` in [0, 1) is the draw: the chosen word is the first whose cumulative
    probability exceeds ``u``. ``ended`` is False when ``max_words`` words were
    written without a full stop (or a word with no known successor was reached).
    """
    rng = make_rng(seed)
    words = [start]
    steps = []
    while words[-1] != stop and len(words) < max_words:
        cands = next_table(sentences, words[-1])
        if not cands:
            break
        probs = [float(p) for _, _, p in cands]
        # categorical() draws u = rng.random() * total; reproduce u to show it
        state = rng.getstate()
        u = rng.random()
        rng.setstate(state)
        k = categorical(rng, probs)
        steps.append({"prev": words[-1], "candidates": cands, "u": u, "chosen": cands[k][0]})
        words.append(cands[k][0])
    return {"words": words, "steps": steps, "ended": words[-1] == stop}
