"""Byte-pair encoding on low×5, lower×2, newest×6, widest×3: the merge order and the tie rule."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lesson_core
from lesson_core.topics import bpe

LANGS = ("es", "pt")
EXPECTED = [("e", "s", 9), ("es", "t", 9), ("l", "o", 7), ("lo", "w", 7), ("n", "e", 6), ("ne", "w", 6),
            ("new", "est", 6), ("w", "i", 3), ("wi", "d", 3), ("wid", "est", 3), ("low", "e", 2), ("lowe", "r", 2)]


def reference_bpe(corpus):
    """An independent BPE: words as tuples in a Counter; ties by first occurrence in reading order."""
    words = [(tuple(w), f) for w, f in corpus]
    merges = []
    while True:
        stats, order = Counter(), []
        for pieces, f in words:
            for pair in zip(pieces, pieces[1:]):
                if pair not in stats:
                    order.append(pair)
                stats[pair] += f
        if not stats:
            return merges
        top = max(stats.values())
        best = next(p for p in order if stats[p] == top)
        merges.append((best[0], best[1], top))
        new = []
        for pieces, f in words:
            out, i = [], 0
            while i < len(pieces):
                if pieces[i:i + 2] == best:
                    out.append(best[0] + best[1])
                    i += 2
                else:
                    out.append(pieces[i])
                    i += 1
            new.append((tuple(out), f))
        words = new


def test_merge_order_of_the_lesson():
    states = bpe.train()
    got = [(a, b, c) for (a, b), c in states[-1]["merges"]]
    assert got == EXPECTED
    assert got == reference_bpe(bpe.CORPUS)


def test_first_merge_is_e_s_by_the_tie_rule():
    s0 = bpe.train()[0]
    assert s0["stats"][("e", "s")] == 9 and s0["stats"][("s", "t")] == 9
    assert max(s0["stats"].values()) == 9 and s0["next"] == ("e", "s") and s0["tied"] == [("s", "t")]
    # the rule itself: on a tie, the pair met first when reading the corpus wins
    assert bpe.best_pair({("s", "t"): 9, ("e", "s"): 9}) == ("s", "t")
    assert bpe.train([("st", 1), ("es", 1)])[0]["next"] == ("s", "t")
    assert bpe.train([("es", 1), ("st", 1)])[0]["next"] == ("e", "s")


def test_second_merge_is_es_t():
    s1 = bpe.state_at(1)
    assert s1["merges"] == [(("e", "s"), 9)] and s1["next"] == ("es", "t") and s1["stats"][("es", "t")] == 9
    assert s1["words"][2] == (["n", "e", "w", "es", "t"], 6)


def test_final_state_each_word_is_one_piece():
    last = bpe.state_at(99)
    assert last["next"] is None and last["stats"] == {}
    assert [p for p, _ in last["words"]] == [["low"], ["lower"], ["newest"], ["widest"]]
    assert len(last["vocab"]) == 10 + 12 and "est" in last["vocab"] and "low" in last["vocab"]


def test_helpers_examples():
    assert bpe.pair_counts([(["l", "o", "w"], 5)]) == {("l", "o"): 5, ("o", "w"): 5}
    assert bpe.merge_word(["e", "s", "e", "s"], ("e", "s")) == ["es", "es"]
    assert bpe.merge_word(list("aaa"), ("a", "a")) == ["aa", "a"]  # non-overlapping, left to right
    assert bpe.best_pair({}) is None


@settings(max_examples=150, deadline=None)
@given(corpus=st.lists(st.tuples(st.text(alphabet="abcde", min_size=1, max_size=7), st.integers(1, 9)),
                       min_size=1, max_size=6, unique_by=lambda t: t[0]))
def test_random_corpora_agree_with_reference_and_keep_words(corpus):
    states = bpe.train(corpus)
    assert [(a, b, c) for (a, b), c in states[-1]["merges"]] == reference_bpe(corpus)
    for s in states:
        assert ["".join(p) for p, _ in s["words"]] == [w for w, _ in corpus]
        if s["next"] is not None:
            assert s["stats"][s["next"]] == max(s["stats"].values())


# --- widget ----------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_widget_every_step(lang):
    for step in range(0, 13):
        r = lesson_core.render("bpe_steps", {"step": step}, lang)
        assert r["ok"] and r["data"]["merges"] == ["".join(m[:2]) for m in EXPECTED[:step]]
        html = r["parts"]["main"]
        assert not re.search(r"\bnan\b|\binf\b", html, re.I)
    r0 = lesson_core.render("bpe_steps", {}, lang)["parts"]["main"]
    assert "e + s" in r0 and "s + t" in r0 and "newest" in r0 and "9" in r0
    r12 = lesson_core.render("bpe_steps", {"step": 12}, lang)
    assert r12["data"]["next"] is None and r12["data"]["pieces"] == [["low"], ["lower"], ["newest"], ["widest"]]


@pytest.mark.parametrize("bad", ["13", "-1", "nan", "inf", "", "1.5", "abc"])
@pytest.mark.parametrize("lang", LANGS)
def test_widget_bad_step(bad, lang):
    r = lesson_core.render("bpe_steps", {"step": bad}, lang)
    assert r["ok"] is False and r["error"]["param"] == "step" and r["error"]["message"]
