"""Byte-pair encoding, learned step by step on a tiny word-count corpus (seed 003).

Start from single characters; repeatedly count adjacent pairs (each word's pairs
weighted by the word's frequency) and merge the most frequent pair everywhere.
Ties go to the pair found first when reading the corpus in order (words in
order, pairs left to right), as ``max`` over an insertion-ordered dict does in
karpathy/minbpe ``get_stats``/``merge``; Sennrich et al. (2016) introduced BPE
for words. Characters stand in for bytes here, and words do not cross.

Example with the lesson's corpus low×5, lower×2, newest×6, widest×3:
    pair_counts at step 0: ('e','s') 9 and ('s','t') 9 tie for most; ('e','s') occurs
    first (in «newest»), so merge 1 is e+s -> "es"; merge 2 is es+t -> "est" (9);
    then l+o, lo+w (7), n+e, ne+w, new+est (6), w+i, wi+d, wid+est (3), low+e, lowe+r (2).
"""

from __future__ import annotations

from typing import Sequence

__all__ = ["CORPUS", "pair_counts", "best_pair", "merge_word", "train", "state_at", "learn"]

CORPUS: list[tuple[str, int]] = [("low", 5), ("lower", 2), ("newest", 6), ("widest", 3)]

Pair = tuple[str, str]


def pair_counts(words: Sequence[tuple[Sequence[str], int]]) -> dict[Pair, int]:
    """Adjacent pairs -> frequency-weighted count, in order of first occurrence.

    Example: [(["l","o","w"], 5)] -> {("l","o"): 5, ("o","w"): 5}."""
    stats: dict[Pair, int] = {}
    for pieces, freq in words:
        for pair in zip(pieces, pieces[1:]):
            stats[pair] = stats.get(pair, 0) + freq
    return stats


def best_pair(stats: dict[Pair, int]) -> Pair | None:
    """The most frequent pair; on a tie, the first occurring (max keeps the first maximum)."""
    return max(stats, key=stats.__getitem__) if stats else None


def merge_word(pieces: Sequence[str], pair: Pair) -> list[str]:
    """Replace every non-overlapping occurrence of ``pair`` (left to right) by its join.

    Example: merge_word(["e","s","e","s"], ("e","s")) -> ["es", "es"]."""
    out, i = [], 0
    while i < len(pieces):
        if i + 1 < len(pieces) and (pieces[i], pieces[i + 1]) == pair:
            out.append(pieces[i] + pieces[i + 1])
            i += 2
        else:
            out.append(pieces[i])
            i += 1
    return out


def train(corpus: Sequence[tuple[str, int]] = CORPUS, max_merges: int = 100) -> list[dict]:
    """Every state from 0 merges until no pair is left (or ``max_merges``).

    State k: ``{"words": [(pieces, freq)], "merges": [(pair, count)] (k of them),
    "stats": pair counts now, "next": the pair merged next (or None), "tied": the
    other pairs with the same top count, "vocab": base characters then merged tokens}``."""
    words = [(list(w), f) for w, f in corpus]
    base: list[str] = []
    for w, _ in corpus:
        for ch in w:
            if ch not in base:
                base.append(ch)
    merges: list[tuple[Pair, int]] = []
    states = []
    while True:
        stats = pair_counts(words)
        nxt = best_pair(stats)
        tied = [p for p, c in stats.items() if nxt is not None and c == stats[nxt] and p != nxt]
        states.append({"words": [(list(p), f) for p, f in words], "merges": list(merges), "stats": stats,
                       "next": nxt, "tied": tied, "vocab": base + [a + b for (a, b), _ in merges]})
        if nxt is None or len(merges) >= max_merges:
            return states
        merges.append((nxt, stats[nxt]))
        words = [(merge_word(p, nxt), f) for p, f in words]


def state_at(step: int, corpus: Sequence[tuple[str, int]] = CORPUS) -> dict:
    """The state after ``step`` merges (clamped to the last state)."""
    states = train(corpus)
    return states[max(0, min(step, len(states) - 1))]


def learn(corpus: Sequence[tuple[str, int]], n_merges: int) -> list[tuple[Pair, int]]:
    """The first ``n_merges`` merges (pair, count) of :func:`train`, without keeping every state.

    Same rule, same tie-breaking, for a corpus of thousands of words (the real model's
    tokenizer, :mod:`lesson_core.model`). Stops early when no pair is left."""
    words = [(list(w), f) for w, f in corpus]
    merges: list[tuple[Pair, int]] = []
    while len(merges) < n_merges:
        stats = pair_counts(words)
        nxt = best_pair(stats)
        if nxt is None:
            break
        merges.append((nxt, stats[nxt]))
        words = [(merge_word(p, nxt), f) if len(p) > 1 else (p, f) for p, f in words]
    return merges
