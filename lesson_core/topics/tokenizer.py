"""Greedy longest-match tokenization with a byte fallback (seed 003, "Dividir el texto en fragmentos").

At each position take the longest vocabulary entry that the text starts with;
if none, the current character becomes its UTF-8 bytes, each a token whose id
is the byte value (0-255). So every string can be tokenized, and the tokens'
bytes always concatenate back to the text's UTF-8 (the round trip the tests
check with hypothesis). Real byte-level tokenizers (GPT-2 and after) learn
their vocabulary by BPE (see :mod:`lesson_core.topics.bpe`) and apply merges rather
than longest match; longest match is the simpler rule the lesson shows.

Example, with vocabulary {"机器": 256, "学习": 257, "猫": 258}:
    tokenize("猫咪", v)   -> 猫 (258), then 咪 = bytes E5 92 AA (229, 146, 170)
    tokenize("机器学习", v) -> 机器 (256), 学习 (257)
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

__all__ = ["Token", "build_vocab", "tokenize", "detokenize", "bound", "clean", "visible", "MAX_CHARS"]

MAX_CHARS = 2000  # the widget tokenizes and shows at most this many characters


class Token(NamedTuple):
    id: int          # 0-255 for a byte, 256+ for a vocabulary entry
    data: bytes      # the UTF-8 bytes this token stands for
    piece: str       # the vocabulary entry, or the whole character a byte comes from
    index: int       # for a byte token: its place in the character's bytes (0, 1, ...); else 0

    @property
    def is_byte(self) -> bool:
        return self.id < 256


def build_vocab(entries: Sequence[str]) -> dict[str, int]:
    """Entry -> id, numbered from 256 in order; duplicates and empty entries are author errors."""
    vocab: dict[str, int] = {}
    for e in entries:
        if not e or e in vocab:
            raise ValueError(f"bad or repeated vocabulary entry {e!r}")
        vocab[e] = 256 + len(vocab)
    return vocab


def _lengths_by_first(vocab: dict[str, int]) -> dict[str, list[int]]:
    """First character -> the lengths of the entries starting with it, longest first."""
    out: dict[str, set[int]] = {}
    for e in vocab:
        out.setdefault(e[0], set()).add(len(e))
    return {k: sorted(v, reverse=True) for k, v in out.items()}


def tokenize(text: str, vocab: dict[str, int]) -> list[Token]:
    """Greedy longest match; characters outside the vocabulary fall back to their bytes.

    Runs in O(len(text) * longest entry). ``text`` must be encodable as UTF-8
    (see :func:`clean` for lone surrogates)."""
    firsts = _lengths_by_first(vocab)
    fallback: dict[str, list[Token]] = {}  # a character's byte tokens, built once per call
    out: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        for length in firsts.get(text[i], ()):
            piece = text[i:i + length]
            if piece in vocab:
                out.append(Token(vocab[piece], piece.encode("utf-8"), piece, 0))
                i += length
                break
        else:
            ch = text[i]
            if ch not in fallback:
                fallback[ch] = [Token(b, bytes([b]), ch, k) for k, b in enumerate(ch.encode("utf-8"))]
            out.extend(fallback[ch])
            i += 1
    return out


def detokenize(tokens: Sequence[Token]) -> bytes:
    """The bytes the tokens stand for, concatenated."""
    return b"".join(t.data for t in tokens)


def clean(text: str) -> tuple[str, int]:
    """Replace lone surrogates (not valid in UTF-8; a browser can send them) by U+FFFD.
    Returns the text and how many were replaced."""
    bad = sum(1 for ch in text if 0xD800 <= ord(ch) <= 0xDFFF)
    if not bad:
        return text, 0
    return "".join("\ufffd" if 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in text), bad


def bound(text: str, max_chars: int = MAX_CHARS) -> tuple[str, bool]:
    """The first ``max_chars`` characters, and whether anything was cut."""
    return (text[:max_chars], True) if len(text) > max_chars else (text, False)


# Characters that print as nothing (or move other text) are shown by name.
_NAMED = {"\n": "\\n", "\t": "\\t", "\r": "\\r", " ": "␣"}
_INVISIBLE = [(0x00, 0x1F), (0x7F, 0xA0), (0xAD, 0xAD), (0x034F, 0x034F), (0x061C, 0x061C),
              (0x1680, 0x1680), (0x180E, 0x180E), (0x2000, 0x200F), (0x2028, 0x202F), (0x205F, 0x206F),
              (0x3000, 0x3000), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFF9, 0xFFFB),
              (0xD800, 0xDFFF), (0xE0000, 0xE007F), (0xE0100, 0xE01EF)]
_COMBINING = [(0x0300, 0x036F), (0x1AB0, 0x1AFF), (0x1DC0, 0x1DFF), (0x20D0, 0x20FF), (0xFE20, 0xFE2F)]


def _in(ranges: list[tuple[int, int]], cp: int) -> bool:
    return any(lo <= cp <= hi for lo, hi in ranges)


def visible(text: str) -> str:
    """Text safe to look at: control, format, bidi and space-like characters as
    ``\\n`` or ``U+200D``, a combining mark on a dotted circle (◌́), a space as ␣.

    Example: visible("a\\u200db\\n") -> "aU+200Db\\\\n". Uses fixed code-point
    ranges, not ``unicodedata``, so CPython and Pyodide agree whatever their
    Unicode versions."""
    out = []
    for ch in text:
        cp = ord(ch)
        if ch in _NAMED:
            out.append(_NAMED[ch])
        elif _in(_INVISIBLE, cp):
            out.append(f"U+{cp:04X}")
        elif _in(_COMBINING, cp):
            out.append("\u25cc" + ch)
        else:
            out.append(ch)
    return "".join(out)
