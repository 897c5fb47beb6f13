"""Lesson 2, section 8: the Transformer block, layer normalization, why position, the formula."""

from __future__ import annotations

import itertools
import math
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lesson_core  # noqa: F401  (registers the widgets)
from lesson_core.kit.fmt import plain
from lesson_core.data import attention as da
from lesson_core.topics import transformer as tf
from lesson_core.topics.attention import attention
from lesson_core.kit.fmt import fmt
from lesson_core.kit.registry import render
from lesson_core.widgets import turing_transformer as tt

BAD_NUMBER = re.compile(r"\b(nan|inf|infinity)\b", re.IGNORECASE)
WIDGETS = ["transformer_block", "layer_norm", "word_order", "attn_formula"]


# --- layer normalization --------------------------------------------------------------

def test_layer_norm_worked_example():
    s = tf.layer_norm_steps([2, 6])
    assert (s["mean"], s["devs"], s["var"]) == (4.0, [-2.0, 2.0], 4.0)
    assert s["std"] == pytest.approx(math.sqrt(4.00001))
    assert s["normalized"] == pytest.approx([-0.99999875, 0.99999875], abs=1e-9)


def test_equal_numbers_need_epsilon():
    s = tf.layer_norm_steps([4, 4])
    assert s["var"] == 0.0 and s["normalized"] == [0.0, 0.0]
    assert s["std"] == pytest.approx(math.sqrt(1e-5))


@given(st.lists(st.floats(-1e3, 1e3), min_size=2, max_size=8))
def test_layer_norm_matches_numpy(xs):
    x = np.array(xs)
    ref = (x - x.mean()) / np.sqrt(x.var() + 1e-5)   # numpy's var divides by n, as here
    assert tf.layer_norm(xs) == pytest.approx(list(ref), abs=1e-9)
    out = tf.layer_norm(xs)
    assert math.fsum(out) == pytest.approx(0.0, abs=1e-9)   # centred
    assert np.var(out) <= 1.0 + 1e-12                        # spread at most 1 (ε pulls it below)


def test_layer_norm_widget_steps():
    out = render("layer_norm", {"x1": 8, "x2": -2, "x3": 0}, "es")
    assert out["ok"] and out["data"]["mean"] == 2 and out["data"]["var"] == pytest.approx(56 / 3)
    html = plain(out["parts"]["steps"])
    assert "(8 + (−2) + 0) / 3 = 2" in html and "0,00001" in html
    assert "(6² + (−4)² + (−2)²) / 3 = 18,667" in html
    assert "desviación estándar" in html
    assert "desvio padrão" in render("layer_norm", {}, "pt")["parts"]["steps"]
    same = render("layer_norm", {"x1": 4, "x2": 4, "x3": 4}, "pt")
    assert same["data"]["normalized"] == [0.0, 0.0, 0.0] and "0 por 0" in same["parts"]["steps"]


def test_layer_norm_keeps_the_shape_and_says_so():
    """Three numbers (issue 29, finding 15): the ratio of two deviations survives normalization,
    and the widget's sentence states the ratio it computed."""
    w = lesson_core.get("layer_norm")
    assert w.combos("steps", w.defaults()) is not None and len(w.combos("steps", w.defaults())) == 6 ** 3
    d = render("layer_norm", {}, "es")["data"]
    assert d["xs"][0] == d["xs"][1] and d["devs"][2] == -2 * d["devs"][0]   # the page's «el doble de lejos»
    assert d["normalized"][0] == d["normalized"][1] and d["normalized"][2] == pytest.approx(-2 * d["normalized"][0])
    html = plain(render("layer_norm", {}, "es")["parts"]["steps"])
    assert "8 estaba 2 veces más lejos de la media que 2" in html and "1,414 frente a −0,707" in html
    pt = plain(render("layer_norm", {"x1": 0, "x2": 4, "x3": 8}, "pt")["parts"]["steps"])
    assert "0 e 8 estão à mesma distância da média" in pt
    for a, b, c in itertools.product(w.control("x1").values(), repeat=3):
        s = tf.layer_norm_steps([a, b, c])
        for i, j in itertools.combinations(range(3), 2):
            if s["devs"][j]:
                assert s["normalized"][i] / s["normalized"][j] == pytest.approx(s["devs"][i] / s["devs"][j])


def test_two_numbers_always_give_nearly_minus_one_and_one():
    """The page's aside: with two different numbers the result is always close to −1 and +1."""
    for a, b in itertools.permutations(range(-4, 11, 2), 2):
        lo, hi = sorted(tf.layer_norm([a, b]))
        assert lo == pytest.approx(-1, abs=1e-5) and hi == pytest.approx(1, abs=1e-5)


# --- why position -----------------------------------------------------------------------

def test_without_positions_dog_is_the_same_in_both_orders():
    res = tf.word_order(False)
    a, b = (r["dog"] for r in res["runs"])
    assert a == b and res["same"] and res["gap"] == 0.0  # bit for bit
    # and every output is just moved to the word's new place
    first, second = res["runs"]
    for t in ("dog", "bites", "person"):
        assert first["outputs"][first["ids"].index(t)] == second["outputs"][second["ids"].index(t)]


def test_with_positions_dog_differs():
    res = tf.word_order(True)
    assert not res["same"] and res["gap"] > 0.1


def test_word_order_uses_head_a_without_mask():
    xs = [da.ORDER_FEATURES[t] for t in ("dog", "bites", "person")]
    ref = attention(xs, da.HEADS["A"], mask=False, scale=True)["outputs"][0]
    assert tf.word_order(False)["runs"][0]["dog"] == ref


@pytest.mark.parametrize("lang, dog", [("es", "perro"), ("pt", "cachorro")])
def test_word_order_widget(lang, dog):
    off = render("word_order", {"pos": "0"}, lang)
    on = render("word_order", {"pos": "1"}, lang)
    assert off["data"]["same"] is True and on["data"]["same"] is False
    assert (f"«{dog}»" if lang == "es" else f"“{dog}”") in off["parts"]["main"]
    sentence = {"es": "«perro muerde persona»", "pt": "“cachorro morde pessoa”"}[lang]
    assert sentence in off["parts"]["main"]


# --- the block diagram --------------------------------------------------------------------

@pytest.mark.parametrize("pid", tt.PART_IDS)
def test_each_part_is_highlighted_and_explained(pid):
    for lang in ("es", "pt"):
        out = render("transformer_block", {"part": pid}, lang)
        diagram = out["parts"]["diagram"]
        assert diagram.count("is-active") == 2   # once in each drawing, wide and narrow (issue 16)
        for lay in diagram.split('class="aula-lay-narrow"'):
            assert f'class="aula-block-part is-active" data-set-param="part" data-value="{pid}"' in lay
            assert lay.count('data-set-param="part"') == len(tt.PART_IDS)
        name = dict((p, n) for p, n, _ in tf.BLOCK_PARTS)[pid][lang]
        assert name in out["parts"]["explain"]


# --- the formula --------------------------------------------------------------------------

@pytest.mark.parametrize("mask", [True, False])
def test_formula_output_is_the_demo_output(mask):
    res = attention(da.vectors(), da.HEADS["A"], mask=mask, scale=True)
    html = render("attn_formula", {"piece": "O", "mask": mask}, "es")["parts"]["main"]
    for row in res["outputs"]:
        for x in row:
            assert f"<td>{fmt(x, 'es', 2)}</td>" in html
    x = np.array(da.vectors())
    q, k, v = (x @ np.array(da.HEADS["A"][m]) for m in "qkv")
    s = q @ k.T / math.sqrt(2)
    if mask:
        s = np.where(np.tril(np.ones_like(s)) == 1, s, -np.inf)
    w = np.exp(s - s.max(axis=1, keepdims=True))
    w /= w.sum(axis=1, keepdims=True)
    assert np.allclose(w @ v, np.array(res["outputs"]), atol=1e-12)


def test_formula_marks_the_piece():
    html = render("attn_formula", {"piece": "V"}, "pt")["parts"]["main"]
    assert "<mark> V</mark>" in html and html.count("<mark>") == 1
    assert render("attn_formula", {"piece": "S"}, "es")["parts"]["main"].count("<mark>") == 3


# --- every widget ----------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["es", "pt"])
@pytest.mark.parametrize("wid", WIDGETS)
def test_defaults_render(wid, lang):
    out = render(wid, {}, lang)
    assert out["ok"]
    for html in out["parts"].values():
        assert not BAD_NUMBER.search(html) and "<script" not in html


@pytest.mark.parametrize("lang", ["es", "pt"])
@pytest.mark.parametrize("wid, params", tt.PARITY_CASES)
def test_parity_cases_render(wid, params, lang):
    assert render(wid, params, lang)["ok"]


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_every_layer_norm_stop_renders(lang):
    w = lesson_core.get("layer_norm")
    for a, b, c in itertools.product(*(w.control(n).values() for n in ("x1", "x2", "x3"))):
        out = render("layer_norm", {"x1": a, "x2": b, "x3": c}, lang)
        assert out["ok"] and not BAD_NUMBER.search(out["parts"]["steps"])


@pytest.mark.parametrize("wid, params", [
    ("layer_norm", {"x1": "3"}), ("layer_norm", {"x2": "12"}), ("layer_norm", {"x1": "nan"}), ("layer_norm", {"x3": "-4"}),
    ("layer_norm", {"x2": ""}), ("transformer_block", {"part": "<script>alert(1)</script>"}),
    ("word_order", {"pos": "2"}), ("attn_formula", {"piece": "X"}), ("attn_formula", {"mask": "inf"}),
])
@pytest.mark.parametrize("lang", ["es", "pt"])
def test_bad_input(wid, params, lang):
    out = render(wid, params, lang)
    assert out["ok"] is False and out["error"]["message"] and "<script" not in out["error"]["message"]
