"""Sections 10-11: training three logits, and the chain rule on 2w vs 3 (lesson_core.topics.training)."""

from __future__ import annotations


import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lesson_core.kit.fmt import plain
from lesson_core import render
from lesson_core.topics import training as tg
from lesson_core.data.sampling import TRAIN_CORRECT, TRAIN_LOGITS, TRAIN_WORDS
from lesson_core.kit.messages import ParamError

WIDGETS = ["train_logits", "chain_rule"]


def test_the_seed_numbers():
    # the seed's table: p - 1 = -0.68 for the correct word, p = 0.44 and 0.24 for the others
    assert TRAIN_LOGITS == [0.5, 0.8, 0.2] and TRAIN_WORDS[TRAIN_CORRECT]["es"] == "esterilla"
    g = tg.gradient(TRAIN_LOGITS, TRAIN_CORRECT)
    assert [round(x, 2) for x in g] == [-0.68, 0.44, 0.24]
    assert tg.cross_entropy(TRAIN_LOGITS, TRAIN_CORRECT) == pytest.approx(1.1283, abs=1e-4)
    z = np.array(TRAIN_LOGITS)
    p = np.exp(z) / np.exp(z).sum()
    assert np.allclose(g, p - np.eye(3)[0], rtol=0, atol=1e-15)
    assert tg.cross_entropy(TRAIN_LOGITS, 0) == pytest.approx(-np.log(p[0]), rel=1e-14)


def test_gradient_matches_a_numerical_slope():
    hstep = 1e-6
    for i in range(3):
        up = list(TRAIN_LOGITS)
        up[i] += hstep
        slope = (tg.cross_entropy(up, 0) - tg.cross_entropy(TRAIN_LOGITS, 0)) / hstep
        assert slope == pytest.approx(tg.gradient(TRAIN_LOGITS, 0)[i], abs=1e-5)


def test_one_step_with_eta_1():
    run = tg.train_logits(TRAIN_LOGITS, 0, 1, 1)
    assert run[1]["logits"] == pytest.approx([0.5 + 0.676, 0.8 - 0.4368, 0.2 - 0.2397], abs=1e-3)
    assert run[1]["probs"][1] < run[0]["probs"][1] and run[1]["probs"][2] < run[0]["probs"][2]


@pytest.mark.parametrize("lr", [0.1, 0.5, 1, 2])
def test_each_step_raises_p_correct_with_every_offered_rate(lr):
    run = tg.train_logits(TRAIN_LOGITS, TRAIN_CORRECT, lr, 12)
    pc = [s["probs"][TRAIN_CORRECT] for s in run]
    assert all(b > a for a, b in zip(pc, pc[1:]))
    gains = [b - a for a, b in zip(pc, pc[1:])]
    assert gains[-1] < gains[0]  # the nearer to 1, the smaller the increase


@given(st.lists(st.floats(-5, 5), min_size=2, max_size=6), st.data(), st.floats(0.01, 10))
def test_a_step_never_lowers_p_correct(logits, data, lr):
    c = data.draw(st.integers(0, len(logits) - 1))
    run = tg.train_logits(logits, c, lr, 1)
    assert run[1]["probs"][c] >= run[0]["probs"][c]
    assert run[1]["loss"] <= run[0]["loss"]


@pytest.mark.parametrize("lr", [0, -1, float("nan"), float("inf")])
def test_bad_rate(lr):
    with pytest.raises(ParamError):
        tg.train_logits(TRAIN_LOGITS, 0, lr, 3)


def test_chain_rule_numbers():
    st0 = tg.chain_step(0.0, 0.1)
    assert (st0["a"], st0["loss"], st0["dl_da"], st0["da_dw"], st0["dl_dw"]) == (-3, 9, -6, 2, -12)
    assert st0["w_next"] == pytest.approx(1.2) and st0["loss_next"] == pytest.approx(0.36)
    big = tg.chain_step(0.0, 0.3)
    assert big["w_next"] == pytest.approx(3.6) and big["loss_next"] == pytest.approx(17.64)
    assert tg.W_MIN == 1.5 and tg.chain_loss(1.5) == 0
    for hstep in (0.1, 0.01, 0.001):  # (L(w+h) - L(w))/h = 4a + 4h -> 4a
        assert tg.difference_quotient(0.0, hstep) == pytest.approx(-12 + 4 * hstep)


def _ws(eta: float, steps: int = 6) -> list[float]:
    return [0.0] + [s["w_next"] for s in tg.chain_run(0.0, eta, steps)]


def test_eta_0_3_overshoots_where_0_1_does_not():
    small, large = _ws(0.1), _ws(0.3)
    assert all(w < 1.5 for w in small)  # approaches from below, never past the minimum
    assert all(tg.chain_loss(b) < tg.chain_loss(a) for a, b in zip(small, small[1:]))
    assert large[1] > 1.5  # the first step already jumps past w = 1.5
    assert all((a - 1.5) * (b - 1.5) < 0 for a, b in zip(large, large[1:]))
    assert all(tg.chain_loss(b) > tg.chain_loss(a) for a, b in zip(large, large[1:]))
    # w' - 1.5 = (1 - 8 eta)(w - 1.5)
    for eta, ws in ((0.1, small), (0.3, large)):
        for a, b in zip(ws, ws[1:]):
            assert b - 1.5 == pytest.approx((1 - 8 * eta) * (a - 1.5))


def test_widget_readouts():
    r = render("train_logits", {}, "es")
    now = plain(r["parts"]["now"])
    assert "+0,68" in now and "−0,44" in now and "−0,24" in now
    assert "≈ 1,128" in now
    pt = render("train_logits", {"lr": "2", "step": "12"}, "pt")
    assert "Passo 12/12" in pt["parts"]["now"] and pt["data"]["losses"][12] < 0.05
    c = plain(render("chain_rule", {}, "es")["parts"]["main"])
    assert "∂L/∂w = ∂L/∂a · ∂a/∂w = (−6,000) · 2 = −12,000" in c
    assert "w ← w − η·∂L/∂w = 0,000 − 0,1·(−12,000) = 1,200" in c
    assert c.count('<div>') >= 7  # one derivative step per line
    big = render("chain_rule", {"eta": "0.3", "step": "2"}, "pt")
    assert big["data"]["crossed"] and big["data"]["loss_rose"] and "a perda sobe" in big["parts"]["main"]
    small = render("chain_rule", {"eta": "0.1", "step": "6"}, "es")
    assert not small["data"]["crossed"] and "sin pasarse" in small["parts"]["main"]
    mid = render("chain_rule", {"eta": "0.2", "step": "3"}, "es")
    assert mid["data"]["crossed"] and not mid["data"]["loss_rose"]


@pytest.mark.parametrize("wid,params", [
    ("train_logits", {"step": "13"}), ("train_logits", {"step": "-1"}), ("train_logits", {"lr": "0.3"}),
    ("train_logits", {"step": "nan"}), ("train_logits", {"step": ""}), ("chain_rule", {"eta": "1"}),
    ("chain_rule", {"step": "inf"}), ("chain_rule", {"step": "<script>"}),
])
@pytest.mark.parametrize("lang", ["es", "pt"])
def test_bad_input_gives_a_message(wid, params, lang):
    r = render(wid, params, lang)
    assert r["ok"] is False and r["error"]["message"] and "<script" not in r["error"]["message"]
