"""Questions a reader asks the real model: its tokens for a text, the next-token
probabilities, attention maps, a sampled continuation, nearest tokens.

Input is bounded before any work: at most MAX_CHARS characters are tokenized, and only
the last ``context`` tokens are kept (the model has no position beyond them). A
continuation keeps the last ``context - n_new`` tokens of the text, so the new tokens
fit: the model never sees more than ``context`` tokens at once.

Sampling follows chapter 3 (lesson_core.topics.sampling: temperature, then top-k, then top-p)
and draws with lesson_core.kit.rng, so a seed gives the same text in the build and in the
browser.

Example: prompt("es", "El gato").ids -> token ids; next_probs(...) -> 583 probabilities.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from ..topics import tokenizer as tok
from ..kit.rng import categorical, make_rng
from ..topics.sampling import next_token_probs, softmax
from ..topics.vectors import cosine
from .forward import Run
from .load import manifest, model, vocab
from .vocab import decode, piece

__all__ = ["Prompt", "prompt", "run_for", "next_probs", "generate", "nearest", "MAX_CHARS", "MAX_NEW",
           "token_text", "vocab_text"]

MAX_CHARS = 2000   # characters read from the reader's text
MAX_NEW = 32       # tokens a continuation may add


@dataclass
class Prompt:
    text: str              # what was tokenized (bounded, lone surrogates replaced)
    tokens: list           # lesson_core.topics.tokenizer.Token, the kept ones
    dropped: int           # tokens cut from the start (beyond the context)
    cut_chars: bool        # the text was longer than MAX_CHARS
    bad_chars: int         # lone surrogates replaced by U+FFFD

    @property
    def ids(self) -> list[int]:
        return [t.id for t in self.tokens]


def prompt(lang: str, text: str, keep: int | None = None) -> Prompt:
    """Tokenize the reader's text with the model's vocabulary; keep the last ``keep`` tokens
    (default: the context)."""
    keep = manifest(lang)["config"]["context"] if keep is None else keep  # no weights needed to tokenize
    bounded, cut = tok.bound(text, MAX_CHARS)
    bounded, bad = tok.clean(bounded)
    tokens = tok.tokenize(bounded, vocab(lang))
    dropped = max(0, len(tokens) - keep)
    return Prompt(bounded, tokens[dropped:], dropped, cut, bad)


_RUNS: dict = {}


def run_for(lang: str, ids: list[int]) -> Run:
    """The model run over ``ids`` (a few recent ones cached: widgets of a page share one text).
    Do not feed more tokens into the returned run; generation makes its own."""
    key = (lang, tuple(ids))
    if key not in _RUNS:
        if len(_RUNS) >= 6:
            _RUNS.pop(next(iter(_RUNS)))
        r = Run(model(lang))
        r.feed_all(ids)
        _RUNS[key] = r
    return _RUNS[key]


def next_probs(lang: str, ids: list[int]) -> list[float]:
    """P(next token) for every vocabulary id, after ``ids``."""
    return softmax(run_for(lang, ids).logits())


def token_text(lang: str, i: int) -> str:
    """A token as text; a lone byte of a longer character as <E2>."""
    data = piece(i, model(lang).entries)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return f"<{data[0]:02X}>"


def generate(lang: str, ids: list[int], n: int, temperature: float, top_k: int, top_p: float,
             seed: int, on_step: Callable[[list[dict]], None] | None = None) -> list[dict]:
    """Draw ``n`` tokens one at a time. Each step: the chosen id, its final probability, the
    number of candidates left after top-k and top-p. ``ids`` must leave room for ``n`` tokens.
    ``on_step(steps)`` sees the steps so far after each token but the last (a page shows them)."""
    m = model(lang)
    if len(ids) + n > m.config["context"] or not ids:
        raise ValueError("prompt too long for the continuation (or empty)")
    rng = make_rng(seed)
    run = Run(m)
    run.feed_all(ids)
    steps = []
    for _ in range(n):
        final = next_token_probs(run.logits(), temperature, top_k, top_p)["final"]
        choice = categorical(rng, final)
        steps.append({"id": choice, "p": final[choice], "kept": sum(1 for q in final if q > 0.0)})
        if on_step is not None and len(steps) < n:
            on_step(steps)
        run.feed(choice)
    return steps


def nearest(lang: str, token: int, k: int = 8) -> list[tuple[int, float]]:
    """The k tokens whose embedding vectors have the highest cosine with ``token``'s."""
    m = model(lang)
    e = m.wte[token]
    scores = []
    for i, row in enumerate(m.wte):
        c = cosine(e, row)
        if i != token and c is not None and math.isfinite(c):
            scores.append((c, i))
    scores.sort(key=lambda s: (-s[0], s[1]))
    return [(i, c) for c, i in scores[:k]]


def vocab_text(lang: str, ids: list[int]) -> str:
    """The text of a list of ids (a character cut between tokens shows as U+FFFD)."""
    return decode(ids, model(lang).entries)
