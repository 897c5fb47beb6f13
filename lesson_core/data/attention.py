"""Hand-made tokens and attention heads for lesson 2, sections 7-8 (seed 003).

Each token has 4 features in the order [thing, pronoun, action, description]
(es: [cosa, pronombre, acción, descripción]; pt: [coisa, pronome, ação, descrição]).
The sentence is «El gato se sentó porque él estaba cansado» / «O gato se sentou
porque ele estava cansado»: seven tokens, «se sentó» / «se sentou» counted as one.

Two heads, each three (4, 2) matrices, one row per feature:
- head A: a pronoun's query points where a thing's key points, so «él» looks
  mostly at «gato» (weight 0.54 with the division by sqrt(2), 0.68 without);
- head B: every query asks for an action, so tokens look mostly at «se sentó».
The values carry "thing" information on the first axis and "action" on the second.

The numbers are illustrative; a real model learns its matrices. Checked in
tests/test_attention.py.
"""

from __future__ import annotations

from ..kit.fmt import tr

__all__ = ["FEATURES", "SENTENCE", "TOKEN_IDS", "TOKENS", "HEADS", "HEAD_NAMES",
           "ORDER_WORDS", "ORDER_SENTENCES", "ORDER_FEATURES", "tokens", "vectors"]

FEATURES: dict[str, list[str]] = {
    "es": ["cosa", "pronombre", "acción", "descripción"],
    "pt": ["coisa", "pronome", "ação", "descrição"],
}

# token id -> [thing, pronoun, action, description]
TOKEN_IDS: list[str] = ["the", "cat", "sat", "because", "he", "was", "tired"]
SENTENCE: dict[str, list[float]] = {
    "the":     [0.2, 0.0, 0.0, 0.1],
    "cat":     [1.0, 0.0, 0.0, 0.1],
    "sat":     [0.0, 0.0, 1.0, 0.0],
    "because": [0.0, 0.0, 0.2, 0.2],
    "he":      [0.2, 1.0, 0.0, 0.0],
    "was":     [0.0, 0.0, 0.7, 0.1],
    "tired":   [0.0, 0.0, 0.1, 1.0],
}
TOKENS: dict[str, dict[str, str]] = {
    "the": {"es": "El", "pt": "O"},
    "cat": {"es": "gato", "pt": "gato"},
    "sat": {"es": "se sentó", "pt": "se sentou"},
    "because": {"es": "porque", "pt": "porque"},
    "he": {"es": "él", "pt": "ele"},
    "was": {"es": "estaba", "pt": "estava"},
    "tired": {"es": "cansado", "pt": "cansado"},
}

#         rows: thing, pronoun, action, description; columns: the two numbers
HEADS: dict[str, dict[str, list[list[float]]]] = {
    "A": {
        "q": [[0.0, 0.2], [1.6, 0.2], [0.0, 0.6], [0.2, 0.4]],
        "k": [[1.6, 0.0], [0.1, 0.0], [0.0, 1.2], [0.1, 0.5]],
        "v": [[1.0, 0.0], [0.2, 0.1], [0.0, 1.0], [0.3, 0.6]],
    },
    "B": {
        "q": [[0.0, 0.8], [0.0, 1.2], [0.0, 0.3], [0.0, 1.4]],
        "k": [[0.4, 0.0], [0.2, 0.0], [0.0, 1.6], [0.3, 0.2]],
        "v": [[0.2, 1.0], [0.1, 0.2], [1.0, 0.1], [0.5, 0.3]],
    },
}
HEAD_NAMES: dict[str, dict[str, str]] = {
    "A": {"es": "Cabeza A", "pt": "Cabeça A"},
    "B": {"es": "Cabeza B", "pt": "Cabeça B"},
}

# Section 8, "why position": the same three words in two orders, through head A, no mask.
ORDER_WORDS: dict[str, dict[str, str]] = {
    "dog": {"es": "perro", "pt": "cachorro"},
    "bites": {"es": "muerde", "pt": "morde"},
    "person": {"es": "persona", "pt": "pessoa"},
}
ORDER_FEATURES: dict[str, list[float]] = {
    "dog": [1.0, 0.0, 0.0, 0.2],
    "bites": [0.0, 0.0, 1.0, 0.1],
    "person": [0.9, 0.0, 0.0, 0.1],
}
ORDER_SENTENCES: list[list[str]] = [["dog", "bites", "person"], ["person", "bites", "dog"]]


def tokens(lang: str) -> list[str]:
    """The sentence's tokens in ``lang``: tokens("pt")[4] -> "ele"."""
    return [tr(lang, TOKENS[t]) for t in TOKEN_IDS]


def vectors() -> list[list[float]]:
    """The seven feature vectors, in sentence order."""
    return [list(SENTENCE[t]) for t in TOKEN_IDS]
