"""The real model's tokenizer: a vocabulary learned by the lesson's BPE, applied by the
lesson's greedy longest match with byte fallback.

Training (``training/train.py``) splits the corpus into words, each with the space
before it (" casa", " de", ","), as GPT-2 does, so that no vocabulary entry spans two
words; counts them; and learns merges with :func:`lesson_core.topics.bpe.learn` (chapter 1's
BPE, the same rule and tie-breaking). The entries are the corpus's non-ASCII characters
(á, ñ, ç …) and every merged piece; ASCII characters are their byte tokens (0-255).
Encoding uses :func:`lesson_core.topics.tokenizer.tokenize` (chapter 1): the longest entry at
each position, else the character's UTF-8 bytes, so any text has tokens.

Example: word_counts(["el gato, el perro"]) -> [("el", 1), (" gato", 1), (",", 1), (" el", 1), (" perro", 1)].
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from ..topics import bpe
from ..topics import tokenizer as tok

__all__ = ["WORD", "words", "word_counts", "entries_from", "encode", "decode", "piece"]

# a word with the space before it: letters, digits, or a run of other symbols; or spaces alone
WORD = re.compile(r" ?[^\W\d_]+| ?\d+| ?[^\w\s]+|\s+")


def words(text: str) -> list[str]:
    return WORD.findall(text)


def word_counts(texts: Iterable[str]) -> list[tuple[str, int]]:
    """(word, count) in order of first appearance (BPE's tie-breaking reads the corpus in order)."""
    counts: dict[str, int] = {}
    for text in texts:
        for w in words(text):
            counts[w] = counts.get(w, 0) + 1
    return list(counts.items())


def entries_from(corpus: Sequence[tuple[str, int]], n_merges: int) -> list[str]:
    """Vocabulary entries (ids from 256 on): non-ASCII characters, then merged pieces in merge order."""
    chars = []
    for w, _ in corpus:
        for ch in w:
            if ord(ch) > 127 and ch not in chars:
                chars.append(ch)
    out = list(chars)
    seen = set(out)
    for (a, b), _ in bpe.learn(corpus, n_merges):
        if a + b not in seen:  # two different merges can spell the same piece
            seen.add(a + b)
            out.append(a + b)
    return out


def encode(text: str, vocab: dict[str, int]) -> list[int]:
    """Token ids: greedy longest match, byte fallback (``vocab`` from tokenizer.build_vocab)."""
    return [t.id for t in tok.tokenize(text, vocab)]


def piece(i: int, entries: Sequence[str]) -> bytes:
    """The UTF-8 bytes token ``i`` stands for."""
    return bytes([i]) if i < 256 else entries[i - 256].encode("utf-8")


def decode(ids: Sequence[int], entries: Sequence[str]) -> str:
    """Text of the ids; a byte sequence cut inside a character shows as U+FFFD."""
    return b"".join(piece(i, entries) for i in ids).decode("utf-8", errors="replace")
