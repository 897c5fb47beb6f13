"""One training run of the reader's model on the reader's text: the text cleaned and split, the
counting model on the same split, checkpoints with losses in bits per character and a sample.

The text is lowercased and kept to letters of the Latin alphabets (accents included), digits,
spaces and common punctuation; anything else is dropped and counted. The last tenth (cut at a
space) is held out: the model never trains on it. Both the model and the counting models
(``topics.ngram``, Kneser-Ney, the real model's baseline) are scored on the same held-out
characters, each given the characters before it within the held-out part.

``Run`` trains in steps the caller asks for (``advance``), so the browser's worker can train in
slices and report after each; ``checkpoints`` is the whole run at once (the command line and the
page's precomputed default run).

Example: ``prepare("¡Hola, Mundo! 😀")`` -> text "¡hola, mundo! " with 1 character dropped.
"""

from __future__ import annotations

import math

from ..kit import fpmath
from ..kit.rng import categorical, make_rng, randbelow
from . import own_model as om
from .ngram import Counts, bits_per_char

_drain = om.drain
from .sampling import with_temperature

__all__ = ["SIZES", "MAX_CHARS", "MIN_CHARS", "TextError", "prepare", "split", "Run", "checkpoints", "work", "words_of", "held_turn", "TURN"]

MAX_CHARS = 20_000        # longer text is cut here (and the reader told so)
MIN_CHARS = 200           # less than this leaves too little to hold out
MIN_LETTERS = 100
PUNCT = set(" \n.,;:!?¡¿-—'\"()")
PAD = 0                   # id of the "before the text" symbol; characters start at 1
SIZES = {"small": (3, 8, 24), "medium": (4, 10, 48), "large": (5, 12, 96)}  # context, embedding, hidden
BATCH = 16
EVAL_TRAIN = 400          # training examples scored at each checkpoint (a fixed, spread-out sample)
SAMPLE_CHARS = 120
SAMPLE_TEMPERATURE = 0.5
LN2 = fpmath.log(2.0)


class TextError(ValueError):
    """A text the model cannot train on; ``code`` names why (the widget words it)."""

    def __init__(self, code: str, **info):
        super().__init__(code)
        self.code, self.info = code, info


def _kept(ch: str) -> bool:
    return ch in PUNCT or ch.isdigit() and ch.isascii() or ch.isalpha() and ord(ch) < 0x250


def prepare(raw: str) -> dict:
    """The text the model trains on, and what was cut or dropped to get it."""
    cut = max(0, len(raw) - MAX_CHARS)
    text = raw[:MAX_CHARS].lower().replace("\r\n", "\n").replace("\t", " ")
    kept = "".join(ch for ch in text if _kept(ch))
    dropped = len(text) - len(kept)
    letters = sum(1 for ch in kept if ch.isalpha())
    if not raw.strip():
        raise TextError("empty")
    if letters == 0:
        raise TextError("no_letters", dropped=dropped)
    if letters < MIN_LETTERS or len(kept) < MIN_CHARS:
        raise TextError("too_short", have=len(kept), need=MIN_CHARS)
    return {"text": kept, "cut": cut, "dropped": dropped}


def split(text: str) -> tuple[str, str]:
    """The first nine tenths for training, the rest held out, cut at the next space."""
    at = text.find(" ", len(text) * 9 // 10)
    at = len(text) * 9 // 10 if at < 0 else at + 1
    return text[:at], text[at:]


def words_of(text: str) -> list[str]:
    """The words of a text: runs of letters."""
    out, cur = [], []
    for ch in text:
        if ch.isalpha():
            cur.append(ch)
        elif cur:
            out.append("".join(cur))
            cur = []
    if cur:
        out.append("".join(cur))
    return out


TURN = 0.05  # bits per character: how far above its lowest point the held-out loss must rise to count


def held_turn(held: list[float]) -> tuple[int, bool]:
    """The checkpoint with the lowest held-out loss, and whether the loss has risen since by more than
    TURN (the page's sign of overfitting). Example: ``held_turn([4.2, 3.1, 3.0, 3.2])`` -> ``(2, True)``."""
    best = min(range(len(held)), key=held.__getitem__)
    return best, best < len(held) - 1 and held[-1] > held[best] + TURN


def _examples(text: str, ids: dict, context: int, first: int) -> list[tuple[tuple[int, ...], int]]:
    """(context ids, next id) for every position from ``first``; before the text, PAD."""
    seq = [PAD] * context + [ids[c] for c in text]
    return [(tuple(seq[i:i + context]), seq[i + context]) for i in range(first, len(text))]


class Run:
    """A run that trains when asked. ``size`` is a key of SIZES; ``lr`` Adam's learning rate."""

    def __init__(self, raw: str, seed: int = 1, size: str = "medium", lr: float = 0.01, every: int = 25):
        prep = prepare(raw)
        self.prep, self.seed, self.size, self.lr, self.every = prep, seed, size, lr, every
        self.train_text, self.held_text = split(prep["text"])
        self.chars = sorted(set(prep["text"]))
        ids = {c: i + 1 for i, c in enumerate(self.chars)}
        context, dim, hidden = SIZES[size]
        self.model = om.init(len(self.chars) + 1, context, dim, hidden, seed)
        self.opt = om.Adam(self.model, lr)
        self.train = _examples(self.train_text, ids, context, 0)
        every_k = max(1, len(self.train) // EVAL_TRAIN)
        self.train_eval = [ex for ex in _examples(self.train_text, ids, context, 1)[::every_k]]
        self.held = _examples(self.held_text, ids, context, 1)  # the characters bits_per_char scores
        self.rng = make_rng(seed + 1)
        self.step = self.seen = 0
        self.diverged = False
        self.phase = "eval"  # what the units are doing: "train" (a minibatch) or "eval" (a checkpoint)
        counts = Counts(self.train_text, context + 1)
        self.unigram_bpc = bits_per_char(counts.model(1), self.held_text)
        self.ngram_bpc = bits_per_char(counts.model(context + 1), self.held_text)
        self.order = context + 1

    def bits(self, examples) -> float:
        return _drain(self._bits(examples))

    def _bits(self, examples):
        """``bits`` one example per ``yield`` (the worker's slices stop between any two)."""
        losses = []
        for ctx, y in examples:
            losses.append(om.loss_of(self.model, ctx, y))
            yield
        return math.fsum(losses) / len(examples) / LN2

    def advance(self, steps: int) -> bool:
        """Train ``steps`` minibatches; False, before any update, on the first non-finite loss."""
        return all(_drain(self._step()) for _ in range(steps))

    def _step(self):
        """One minibatch, one example per ``yield``; False (and no update) on a non-finite loss."""
        self.phase = "train"
        batch = [self.train[randbelow(self.rng, len(self.train))] for _ in range(BATCH)]
        g = om.zeros_like(self.model)
        try:
            loss = yield from om.grad_units(self.model, batch, g)
        except (OverflowError, ValueError, ZeroDivisionError):
            loss = math.inf
        if not math.isfinite(loss):
            self.diverged = True
            return False
        om.adam_step(self.opt, self.model, g)  # finite gradients: Adam moves each weight by about lr at most
        self.step += 1
        self.seen += BATCH
        return True

    def sample(self, n: int = SAMPLE_CHARS) -> str:
        """``n`` characters drawn from the model after a space, at temperature SAMPLE_TEMPERATURE."""
        return _drain(self._sample(n))

    def _sample(self, n: int):
        rng = make_rng(self.seed + 2)
        C = self.model["context"]
        ctx = [PAD] * (C - 1) + [self.chars.index(" ") + 1 if " " in self.chars else PAD]
        out = []
        for _ in range(n):
            p = om.next_probs(self.model, tuple(ctx[-C:]))
            logits = [fpmath.log(max(q, 1e-300)) for q in p[1:]]
            c = categorical(rng, with_temperature(logits, SAMPLE_TEMPERATURE)) + 1
            out.append(self.chars[c - 1])
            ctx.append(c)
            yield
        return "".join(out)

    def checkpoint(self) -> dict:
        return _drain(self._checkpoint())

    def _checkpoint(self):
        self.phase = "eval"
        sample = yield from self._sample(SAMPLE_CHARS)
        known = set(words_of(self.train_text))
        ws = words_of(sample)
        train_bpc = yield from self._bits(self.train_eval)
        held_bpc = yield from self._bits(self.held)
        return {"step": self.step, "seen": self.seen, "train_bpc": train_bpc, "held_bpc": held_bpc,
                "ngram_bpc": self.ngram_bpc, "unigram_bpc": self.unigram_bpc, "sample": sample,
                "words": len(ws), "known_words": sum(1 for w in ws if w in known)}

    def info(self) -> dict:
        return {"params": om.n_params(self.model), "chars": len(self.chars), "train_chars": len(self.train_text),
                "held_chars": len(self.held_text), "order": self.order, "cut": self.prep["cut"],
                "dropped": self.prep["dropped"], "size": self.size, "lr": self.lr, "seed": self.seed}


def checkpoints(raw: str, steps: int, seed: int = 1, size: str = "medium", lr: float = 0.01, every: int = 25):
    """Yield the run's checkpoints: at step 0, then every ``every`` steps up to ``steps``, or up to
    the last good step when the loss stops being finite (that checkpoint has ``diverged``)."""
    for item in work(Run(raw, seed, size, lr, every), steps):
        if item is not None:
            yield item


def work(run: Run, steps: int):
    """The run as small units of work: ``None`` after each training step, each example scored and
    each sample character, a checkpoint (as ``checkpoints`` yields it) when one is complete. The
    browser's worker takes units until its slice's time is up; since the units are the same however
    they are sliced, so is the curve (tests/test_own_slices.py)."""
    c = yield from run._checkpoint()
    yield {**c, "diverged": False}
    while run.step < steps:
        ok = True
        for _ in range(min(run.every, steps - run.step)):
            ok = yield from run._step()
            if not ok:
                break
        c = yield from run._checkpoint()
        yield {**c, "diverged": not ok}
        if not ok:
            return
