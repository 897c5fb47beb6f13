"""Character n-gram models with interpolated (modified) Kneser-Ney smoothing: counting as a
baseline for the real model.

A model of order n predicts a character from the n-1 before it. Counts alone give zero to
anything unseen, so Kneser-Ney (Chen & Goodman 1998, "An empirical study of smoothing
techniques for language modeling", §3) takes a discount D off every seen count and gives the
freed mass to the next shorter context, down to a uniform share over the alphabet plus one
"unknown" symbol (any character never seen in training):

    P_k(c | h) = max(N_k(hc) - D_k(N_k(hc)), 0) / N_k(h.)  +  gamma_k(h) * P_{k-1}(c | h[1:])
    gamma_k(h) = (D_k1 n1(h) + D_k2 n2(h) + D_k3 n3+(h)) / N_k(h.)
    P_0(c) = 1 / (|alphabet| + 1)

At the highest order N_k is the raw count; below it, the *continuation* count: how many
different characters precede hc in the training text (a character that only ever follows one
context should not be likely in new ones). A context never seen hands everything down
(gamma = 1). The discounts come from the counts of counts n_r of each order:
Y = n1 / (n1 + 2 n2), D1 = 1 - 2Y n2/n1, D2 = 2 - 3Y n3/n2, D3+ = 3 - 4Y n4/n3.

Worked example (tests/test_ngram.py checks it): training text "abab", order 2, alphabet {a, b}
plus the unknown symbol, so P_0 = 1/3. Too little text for the count-of-count estimate, so the
discounts are the fallback 0.5 / 1 / 1.5 (for counts 1 / 2 / 3+).
    order 1, continuation counts: a follows one kind of character (b), b one (a): N(.) = 2, n1 = 2
        P_1(a) = P_1(b) = (1 - 0.5)/2 + (0.5 * 2)/2 * 1/3 = 5/12;  P_1(unknown) = 1/2 * 1/3 = 1/6
    order 2, raw counts after "a": ab x2, so N(a.) = 2, n2(a) = 1 and gamma(a) = 1 * 1 / 2
        P(b | a) = (2 - 1)/2 + 1/2 * 5/12 = 17/24;  P(a | a) = 1/2 * 5/12 = 5/24;  P(unknown | a) = 1/12
    and 17/24 + 5/24 + 2/24 = 1.

Bits per character of a text: the mean of -log2 P(c_i | the up to n-1 characters before it)
over every character after the first. ``Counts`` holds the tables of all orders up to 7 once;
``model(n)`` reads them as an order-n model.
"""

from __future__ import annotations

import math

from ..kit.rng import categorical, make_rng
from .sampling import with_temperature
from ..kit import fpmath

__all__ = ["Counts", "TextCounts", "NGram", "preset_for", "MAX_ORDER", "bits_per_char", "continue_text"]

MAX_ORDER = 7


def _discounts(counts) -> tuple[float, float, float]:
    """Modified KN discounts (D1, D2, D3+) from a table's counts of counts."""
    n = [0, 0, 0, 0, 0]
    for c in counts:
        if c <= 4:
            n[c] += 1
    n1, n2, n3, n4 = n[1:]
    if not (n1 and n2 and n3 and n4):  # too little text for the estimate: the usual single 0.5... 3 discounts
        return 0.5, 1.0, 1.5
    y = n1 / (n1 + 2 * n2)
    ds = (1 - 2 * y * n2 / n1, 2 - 3 * y * n3 / n2, 3 - 4 * y * n4 / n3)
    return tuple(min(max(d, 0.05), r) for d, r in zip(ds, (1, 2, 3)))


def _followers(table: dict) -> dict:
    """context -> {next character: count} over a table of grams."""
    out: dict = {}
    for gram, c in table.items():
        f = out.get(gram[:-1])
        if f is None:
            f = out[gram[:-1]] = {}
        f[gram[-1]] = c
    return out


class Counts:
    """Raw counts of every order up to ``max_order``, continuation counts below it, and the
    discounts of each table: everything a model of any order up to ``max_order`` reads.

    Example: Counts("abab", 2).raw[2] -> {"ab": 2, "ba": 1}; .cont[1] -> {"b": 1, "a": 1}."""

    def __init__(self, text: str, max_order: int = MAX_ORDER):
        self.text, self.max_order = text, max_order
        self.alphabet = frozenset(text)
        self.raw: dict = {}
        self.cont: dict = {}
        for k in range(1, max_order + 1):
            table: dict = {}
            get = table.get
            for i in range(len(text) - k + 1):
                g = text[i:i + k]
                table[g] = get(g, 0) + 1
            self.raw[k] = table
        for k in range(1, max_order):
            cont: dict = {}
            get = cont.get
            for g in self.raw[k + 1]:
                cont[g[1:]] = get(g[1:], 0) + 1
            self.cont[k] = cont
        self.discounts = {("raw", k): _discounts(self.raw[k].values()) for k in self.raw}
        self.discounts.update({("cont", k): _discounts(self.cont[k].values()) for k in self.cont})
        self._tables: dict = {}
        self._models: dict = {}

    def followers(self, kind: str, ctx: str) -> dict | None:
        """{next character: count} after ``ctx`` in the raw (or continuation) table of order len(ctx)+1."""
        key = (kind, len(ctx) + 1)
        if key not in self._tables:
            self._tables[key] = _followers((self.raw if kind == "raw" else self.cont)[len(ctx) + 1])
        return self._tables[key].get(ctx)

    def model(self, order: int) -> "NGram":
        if not 1 <= order <= self.max_order:
            raise ValueError(f"order {order} outside 1..{self.max_order}")
        if order not in self._models:
            self._models[order] = NGram(order, self)
        return self._models[order]


class TextCounts:
    """The same counts as :class:`Counts`, found on demand in the training text for the contexts a
    reader's sentence needs (a few hundred ``str.find`` scans instead of counting every n-gram of
    the text: the browser's way). ``discounts`` are :attr:`Counts.discounts` of the same text,
    computed once at training time. Gives exactly the probabilities of :class:`Counts`."""

    def __init__(self, text: str, discounts: dict, max_order: int = MAX_ORDER, preset: dict | None = None):
        self.text, self.discounts, self.max_order = text, discounts, max_order
        self.alphabet = frozenset(text)
        self._cache: dict = dict(preset or {})  # (kind, ctx) -> followers: the short, frequent contexts
        self._models: dict = {}

    def followers(self, kind: str, ctx: str) -> dict | None:
        key = (kind, ctx)
        if key in self._cache:
            return self._cache[key]
        t, k, out = self.text, len(ctx), {}
        if kind == "raw":
            i = t.find(ctx)
            while 0 <= i < len(t) - k:
                c = t[i + k]
                out[c] = out.get(c, 0) + 1
                i = t.find(ctx, i + 1)
        else:  # continuation: how many different characters come right before ctx + c
            seen: dict = {}
            i = t.find(ctx, 1)
            while 0 < i < len(t) - k:
                seen.setdefault(t[i + k], set()).add(t[i - 1])
                i = t.find(ctx, i + 1)
            out = {c: len(v) for c, v in seen.items()}
        self._cache[key] = out or None
        return self._cache[key]

    model = Counts.model


def preset_for(counts: Counts, upto: int = 3, kinds: tuple = ("cont",)) -> dict:
    """The followers of every context shorter than ``upto`` in the tables of ``kinds`` (a model of
    order n reads "raw" only for its contexts of n-1 characters): the contexts that occur most
    often, so the slowest to find on demand, for :class:`TextCounts`."""
    out = {}
    for kind, tables in (("raw", counts.raw), ("cont", counts.cont)):
        if kind not in kinds:
            continue
        for k in range(1, min(upto, max(tables)) + 1):
            for ctx in {g[:-1] for g in tables[k]}:
                out[(kind, ctx)] = counts.followers(kind, ctx)
    return out


class NGram:
    """An order-n interpolated Kneser-Ney model over a :class:`Counts` or :class:`TextCounts`."""

    def __init__(self, order: int, counts):
        self.order, self.counts = order, counts
        self.alphabet = counts.alphabet
        self.uniform = 1.0 / (len(self.alphabet) + 1)
        self._stats: dict = {}

    def _level(self, ctx: str):
        """(followers, total, gamma numerator) of ctx at its order, or None if never seen."""
        if ctx not in self._stats:
            kind = "raw" if len(ctx) == self.order - 1 else "cont"
            f = self.counts.followers(kind, ctx)
            if f is None:
                self._stats[ctx] = None
            else:
                d1, d2, d3 = self.counts.discounts[(kind, len(ctx) + 1)]
                n = [0, 0, 0, 0]
                for c in f.values():
                    n[min(c, 3)] += 1
                self._stats[ctx] = (f, sum(f.values()), d1 * n[1] + d2 * n[2] + d3 * n[3], (d1, d2, d3))
        return self._stats[ctx]

    def prob(self, context: str, ch: str) -> float:
        """P(ch | the last order-1 characters of context). A context never seen hands all its mass
        down; a character never seen gets only the uniform share passed down to it."""
        h = context[max(0, len(context) - self.order + 1):] if self.order > 1 else ""
        p = self.uniform
        for k in range(len(h) + 1):   # from order 1 (empty context) up to the longest context known
            lv = self._level(h[len(h) - k:])
            if lv is None:
                continue
            f, total, gamma, (d1, d2, d3) = lv
            c = f.get(ch, 0)
            d = 0.0 if c == 0 else (d1 if c == 1 else d2 if c == 2 else d3)
            p = (c - d) / total + gamma / total * p
        return p

    def distribution(self, context: str) -> dict:
        """P over every training character, and "" for the unknown symbol (sums to 1)."""
        out = {ch: self.prob(context, ch) for ch in sorted(self.alphabet)}
        out[""] = self.prob(context, next(chr(c) for c in range(0xE000, 0xF900) if chr(c) not in self.alphabet))
        return out


def bits_per_char(m: NGram, text: str) -> float:
    """Mean -log2 P of every character after the first, each given the text before it."""
    if len(text) < 2:
        raise ValueError("need at least two characters")
    n = m.order - 1
    total = 0.0
    for i in range(1, len(text)):
        total -= fpmath.log2(m.prob(text[max(0, i - n):i], text[i]))
    return total / (len(text) - 1)


def continue_text(m: NGram, text: str, n_chars: int, temperature: float, seed: int) -> str:
    """Draw ``n_chars`` characters after ``text``, each from softmax(log P / temperature) over the
    training characters (chapter 3's temperature; 0 is the likeliest each time), with kit.rng."""
    rng = make_rng(seed)
    chars = sorted(m.alphabet)
    out = text
    for _ in range(n_chars):
        probs = with_temperature([fpmath.log(m.prob(out, c)) for c in chars], temperature)
        out += chars[categorical(rng, probs)]
    return out[len(text):]
