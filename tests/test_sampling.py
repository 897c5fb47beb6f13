"""Section 9: logits h·e, softmax, temperature, top-k, top-p and draws (lesson_core.topics.sampling)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lesson_core.kit.fmt import plain
from lesson_core import render
from lesson_core.topics import sampling as smp
from lesson_core.data.sampling import CANDIDATES, H
from lesson_core.kit.messages import ParamError
from lesson_core.kit.rng import make_rng
from lesson_core.widgets.turing_sampling import LOGITS

WIDGETS = ["next_token"]
probs_lists = st.lists(st.floats(0.001, 1.0), min_size=1, max_size=12).map(
    lambda xs: [x / math.fsum(xs) for x in xs])


def test_logits_are_dot_products_written_in_the_lesson():
    assert LOGITS == pytest.approx([2.96, 2.76, 2.72, 2.42, 1.36, 0.8, 0.16, -0.46], abs=1e-12)
    assert LOGITS[0] == pytest.approx(2 * 1 + 0.6 * 0.8 + 0.8 * 0.6 + (-1.5) * 0)
    assert np.allclose(LOGITS, np.array([v for _, _, v in CANDIDATES]) @ np.array(H))


def test_mat_is_the_most_likely_and_food_and_moon_the_least():
    p = smp.softmax(LOGITS)
    names = [k for k, _, _ in CANDIDATES]
    assert max(range(len(p)), key=p.__getitem__) == names.index("mat")
    assert sorted(names, key=lambda k: p[names.index(k)])[:2] == ["pizza", "moon"]
    assert p[0] == pytest.approx(0.27786646, abs=1e-8)


def test_softmax_matches_numpy():
    z = np.array(LOGITS)
    ref = np.exp(z - z.max()) / np.exp(z - z.max()).sum()
    assert np.allclose(smp.softmax(LOGITS), ref, rtol=1e-14, atol=0)
    assert math.fsum(smp.softmax(LOGITS)) == pytest.approx(1.0, abs=1e-15)


def test_temperature_zero_is_greedy_and_one_changes_nothing():
    assert smp.with_temperature(LOGITS, 0) == [1.0] + [0.0] * 7
    assert smp.with_temperature([1.0, 3.0, 3.0], 0) == [0.0, 0.5, 0.5]  # ties share
    assert smp.with_temperature(LOGITS, 1) == smp.softmax(LOGITS)
    cold = smp.with_temperature(LOGITS, 0.1)
    assert cold[0] > 0.8  # near 0, almost always the most likely (the quiz)
    hot = smp.with_temperature(LOGITS, 2)
    assert max(hot) - min(hot) < max(smp.softmax(LOGITS)) - min(smp.softmax(LOGITS))


@given(st.floats(0.05, 5.0))
def test_temperature_ratio_is_exp_of_logit_gap_over_t(t):
    p = smp.with_temperature(LOGITS, t)
    assert p[0] / p[2] == pytest.approx(math.exp((LOGITS[0] - LOGITS[2]) / t), rel=1e-9)
    assert smp.prob_ratio(LOGITS[0], LOGITS[2], t) == pytest.approx(p[0] / p[2], rel=1e-9)


@given(probs_lists, st.integers(1, 15))
def test_top_k_keeps_the_k_largest_and_renormalizes(probs, k):
    out = smp.top_k(probs, k)
    kept = [i for i, q in enumerate(out) if q > 0]
    expect = sorted(range(len(probs)), key=lambda i: (-probs[i], i))[: min(k, len(probs))]
    assert sorted(kept) == sorted(expect)
    assert math.fsum(out) == pytest.approx(1.0, abs=1e-12)
    total = math.fsum(probs[i] for i in kept)
    for i in kept:
        assert out[i] == pytest.approx(probs[i] / total, rel=1e-12)


@given(probs_lists, st.floats(0.01, 1.0))
def test_top_p_keeps_the_smallest_nucleus_reaching_p(probs, p):
    out = smp.top_p(probs, p)
    order = sorted(range(len(probs)), key=lambda i: (-probs[i], i))
    kept = [i for i in order if out[i] > 0]
    assert kept == order[: len(kept)]  # a prefix of the ranking
    assert math.fsum(probs[i] for i in kept) >= p - 1e-9
    assert math.fsum(probs[i] for i in kept[:-1]) < p  # one fewer would not reach p
    assert math.fsum(out) == pytest.approx(1.0, abs=1e-12)


def test_top_p_example_of_the_docstring():
    assert smp.top_p([0.5, 0.3, 0.2], 0.7) == pytest.approx([0.625, 0.375, 0.0])
    assert smp.top_p([0.5, 0.3, 0.2], 1) == [0.5, 0.3, 0.2]


@pytest.mark.parametrize("p", [0, -0.1, 1.0000001, 2, float("nan"), float("inf")])
def test_top_p_outside_0_1_is_a_clear_error(p):
    with pytest.raises(ParamError) as err:
        smp.top_p([0.5, 0.5], p)
    assert err.value.param == "top_p" and "0" in err.value.text["es"] and "1" in err.value.text["pt"]


@pytest.mark.parametrize("k", [0, -1, 0.5, float("nan")])
def test_top_k_below_1_is_a_clear_error(k):
    with pytest.raises(ParamError) as err:
        smp.top_k([0.5, 0.5], k)
    assert err.value.param == "top_k" and "k = 1" in err.value.text["es"]


def test_draws_follow_the_probabilities_and_repeat_with_the_seed():
    p = smp.softmax(LOGITS)
    drawn = smp.draw(make_rng(5), p, 10000)
    share = [c / 10000 for c in smp.counts(drawn, len(p))]
    assert max(abs(a - b) for a, b in zip(share, p)) < 0.02
    assert drawn[:50] == smp.draw(make_rng(5), p, 50)
    only = smp.draw(make_rng(1), smp.top_k(p, 2), 500)
    assert set(only) == {0, 1}  # filtered tokens never come out


def test_next_token_readouts():
    r = render("next_token", {"draws": "100", "seed": "3"}, "es")
    assert sum(r["data"]["counts"]) == 100
    assert "100 extracciones" in r["parts"]["chart"]
    assert "2,96" in plain(r["parts"]["logits"]) and "esterilla" in r["parts"]["logits"]
    pt = render("next_token", {"temperature": "0", "draws": "1"}, "pt")
    assert pt["data"]["probs"][0] == 1.0 and "Saiu “esteira”" in pt["parts"]["chart"]
    assert "e^((2,96 − 2,72) / 1,0) ≈ 1,271" in plain(render("next_token", {}, "es")["parts"]["ratio"])
    k1 = render("next_token", {"top_k": "2", "top_p": "0.6"}, "es")
    assert [q > 0 for q in k1["data"]["probs"]] == [True, True] + [False] * 6
    k2 = render("next_token", {"top_k": "2", "top_p": "0.5"}, "es")  # 0,55 alone reaches 0,5
    assert k2["data"]["probs"] == [1.0] + [0.0] * 7


@pytest.mark.parametrize("params,param", [
    ({"top_k": "0"}, "top_k"), ({"top_p": "0"}, "top_p"), ({"temperature": "nan"}, "temperature"),
    ({"temperature": "inf"}, "temperature"), ({"temperature": ""}, "temperature"), ({"temperature": "5"}, "temperature"),
    ({"top_p": "1.5"}, "top_p"), ({"seed": "0"}, "seed"), ({"draws": "7"}, "draws"),
    ({"temperature": "<script>alert(1)</script>"}, "temperature"),
])
@pytest.mark.parametrize("lang", ["es", "pt"])
def test_bad_input_gives_a_message(params, param, lang):
    r = render("next_token", params, lang)
    assert r["ok"] is False and r["error"]["param"] == param and r["error"]["message"]
    assert "<script" not in r["error"]["message"]

