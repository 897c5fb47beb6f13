"""Character n-grams with interpolated Kneser-Ney (lesson_core.topics.ngram): the docstring's
worked example by hand, probabilities summing to 1, the on-demand counts equal to the full
tables, and bits per character on held-out text falling with the order."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lesson_core.topics import ngram as N

TRAIN = ("La escuela tiene una biblioteca pequeña. Los niños leen libros en la biblioteca. "
         "La maestra lee un cuento y los niños escuchan. El cuento habla de una zorra y unas uvas. ") * 3
HELD = "Los niños leen un cuento en la escuela. La zorra mira las uvas."


def test_worked_example_by_hand():
    c = N.Counts("abab", 2)
    assert c.raw[2] == {"ab": 2, "ba": 1} and c.cont[1] == {"b": 1, "a": 1}
    m = c.model(2)
    dist = m.distribution("a")
    for got, want in ((dist["b"], Fraction(17, 24)), (dist["a"], Fraction(5, 24)), (dist[""], Fraction(1, 12))):
        assert got == pytest.approx(float(want), abs=1e-15)
    low = c.model(2).distribution("")  # the empty context: order 1's continuation counts
    assert low["a"] == pytest.approx(5 / 12) and low[""] == pytest.approx(1 / 6)
    assert m.prob("zzz", "b") == pytest.approx(5 / 12)  # an unseen context hands everything down


@pytest.mark.parametrize("order", range(1, 8))
def test_probabilities_sum_to_one_over_the_alphabet_and_unknown(order):
    m = N.Counts(TRAIN).model(order)
    for ctx in ("", "La esc", "os niñ", "qwerty", "\u00e9\u4e2d", "a. "):
        assert math.fsum(m.distribution(ctx).values()) == pytest.approx(1.0, abs=1e-12)
        assert all(p > 0 for p in m.distribution(ctx).values())


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="abc .", min_size=2, max_size=40), st.text(alphabet="abcx .", max_size=8))
def test_sums_to_one_for_any_text_and_context(text, ctx):
    m = N.Counts(text, 4).model(4)
    assert math.fsum(m.distribution(ctx).values()) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("order", [1, 3, 5, 7])
def test_on_demand_counts_give_the_same_probabilities(order):
    full = N.Counts(TRAIN)
    lazy = N.TextCounts(TRAIN, full.discounts)
    a, b = full.model(order), lazy.model(order)
    for i in range(1, len(HELD)):
        assert b.prob(HELD[:i], HELD[i]) == pytest.approx(a.prob(HELD[:i], HELD[i]), rel=1e-12)
    assert N.bits_per_char(b, HELD) == pytest.approx(N.bits_per_char(a, HELD), rel=1e-12)


def test_held_out_bits_per_char_fall_with_order_then_unknown_costs_more():
    c = N.Counts(TRAIN)
    bpc = [N.bits_per_char(c.model(n), HELD) for n in range(1, 6)]
    assert all(x > y for x, y in zip(bpc, bpc[1:])), bpc
    assert bpc[0] < math.log2(len(c.alphabet) + 1)  # order 1 beats uniform guessing
    assert N.bits_per_char(c.model(5), "Los niños \u4e2d\u6587") > N.bits_per_char(c.model(5), "Los niños leen")


def test_continuation_is_seeded_and_greedy_at_zero():
    m = N.Counts(TRAIN).model(5)
    assert N.continue_text(m, "Los ni", 6, 0.5, 3) == N.continue_text(m, "Los ni", 6, 0.5, 3)
    assert N.continue_text(m, "Los ni", 4, 0, 1) == "ños "
    with pytest.raises(ValueError):
        N.Counts("abc", 3).model(4)
