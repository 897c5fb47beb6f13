"""Lesson 2 quizzes: the arithmetic behind each answer, and the quiz widgets' behaviour."""

from __future__ import annotations

import math
import re
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lesson_core.kit.fmt import plain
import lesson_core
from lesson_core.classroom import quiz
from lesson_core.kit.messages import ParamError
from lesson_core.kit.registry import get
from lesson_core.topics.sampling import with_temperature  # the core's one temperature softmax
from lesson_core.widgets import turing_quiz as tq

LANGS = ("es", "pt")
QUIZZES = {"quiz_bigram": "1/3", "quiz_dot_zero": "b", "quiz_attention_shift": "same",
           "quiz_temperature": "top", "quiz_diffusion_alpha": "x0"}
finite = st.floats(-30, 30, allow_nan=False)


def np_softmax(x):
    e = np.exp(np.asarray(x) - np.max(x))
    return e / e.sum()


# --- arithmetic ------------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(scores=st.lists(finite, min_size=1, max_size=8))
def test_softmax_matches_numpy(scores):
    np.testing.assert_allclose(quiz.softmax(scores), np_softmax(scores), rtol=1e-12, atol=1e-15)
    assert math.isclose(sum(quiz.softmax(scores)), 1.0, rel_tol=1e-12)


@settings(max_examples=200, deadline=None)
@given(scores=st.lists(finite, min_size=1, max_size=8), c=st.floats(-100, 100, allow_nan=False))
def test_adding_a_constant_leaves_weights_unchanged(scores, c):
    assert quiz.shift_invariance(scores, c)["max_diff"] < 1e-9


def test_shift_example_in_the_feedback():
    r = quiz.shift_invariance([2.0, 1.0, 0.5], 5.0)
    np.testing.assert_allclose(r["before"], np_softmax([2, 1, 0.5]), rtol=1e-12)
    assert r["max_diff"] < 1e-15 and round(r["before"][0], 4) == 0.6285


def test_temperature_near_zero_picks_the_most_likely():
    logits = [2.0, 1.0, 0.5]
    np.testing.assert_allclose(with_temperature(logits, 0.5), np_softmax(np.array(logits) / 0.5), rtol=1e-12)
    cold = with_temperature(logits, 0.1)
    assert cold[0] == pytest.approx(1 / (1 + math.exp(-10) + math.exp(-15)), rel=1e-12)
    assert with_temperature(logits, 0.01)[0] > 0.999999
    hot = with_temperature(logits, 100.0)
    assert max(hot) - min(hot) < 0.01  # a high temperature flattens instead
    assert with_temperature(logits, 0.0) == [1.0, 0.0, 0.0]  # the greedy limit: the sampling lesson's rule
    with pytest.raises(ParamError):
        with_temperature(logits, -1.0)


def test_dot_products_and_the_only_perpendicular_pair():
    dots = {k: quiz.dot(u, v) for k, (u, v) in tq.DOT_PAIRS.items()}
    assert dots == {"a": 4, "b": 0, "c": 4, "d": -2}
    for u, v in tq.DOT_PAIRS.values():
        assert quiz.dot(u, v) == float(np.dot(u, v))
    with pytest.raises(ValueError):
        quiz.dot([1], [1, 2])


@settings(max_examples=200, deadline=None)
@given(x0=finite, eps=finite)
def test_diffusion_ends(x0, eps):
    assert quiz.diffuse(x0, eps, 1.0) == x0
    assert quiz.diffuse(x0, eps, 0.0) == eps
    mid = quiz.diffuse(x0, eps, 0.5)
    assert mid == pytest.approx((x0 + eps) / math.sqrt(2), abs=1e-12)
    with pytest.raises(ValueError):
        quiz.diffuse(x0, eps, 1.5)


def test_bigram_answer_comes_from_the_corpus():
    assert tq.BIGRAM_P == Fraction(1, 3)
    assert tq.N_AFTER == {"es": 3, "pt": 3}


# --- widgets ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("wid,right", QUIZZES.items())
def test_each_quiz(wid, right, lang):
    w = get(wid)
    answer = w.control("answer")
    assert answer.style == "buttons" and answer.default == "none" and w.parts["feedback"] == ("answer",)
    r = lesson_core.render(wid, {}, lang)
    assert r["ok"] and r["data"]["correct"] is None and r["parts"]["question"].strip()
    for value in answer.values()[1:]:
        r = lesson_core.render(wid, {"answer": value}, lang)
        assert r["ok"] and r["data"]["correct"] == (value == right) and r["data"]["right_answer"] == right
        html = r["parts"]["feedback"]
        assert ("aula-ok" in html) == (value == right)
        assert not re.search(r"\bnan\b|\binf\b", html, re.I) and "<script" not in html
    assert w.precomputable("feedback")


@pytest.mark.parametrize("wid", QUIZZES)
@pytest.mark.parametrize("bad", ["maybe", "", "nan"])
def test_bad_answer_is_a_message(wid, bad):
    for lang in LANGS:
        r = lesson_core.render(wid, {"answer": bad}, lang)
        assert r["ok"] is False and r["error"]["param"] == "answer" and r["error"]["message"]


def test_feedback_shows_the_computation():
    fb = lesson_core.render("quiz_dot_zero", {"answer": "b"}, "es")["parts"]["feedback"]
    assert "3·(−1) + 1·3" in fb
    fb = lesson_core.render("quiz_attention_shift", {"answer": "grow"}, "pt")["parts"]["feedback"]
    assert fb.count("(0,6285; 0,2312; 0,1402)") == 2
    fb = plain(lesson_core.render("quiz_temperature", {"answer": "top"}, "es")["parts"]["feedback"])
    assert "1 − 1,1·10⁻⁷" in fb
    fb = lesson_core.render("quiz_diffusion_alpha", {"answer": "eps"}, "pt")["parts"]["feedback"]
    assert "<td>0,800</td>" in fb and "−1,200" in fb
    fb = lesson_core.render("quiz_bigram", {"answer": "1/2"}, "es")["parts"]["feedback"]
    assert "«sillas»" in fb and "1/3 = 0,333" in plain(fb)


def test_quiz_question_comes_before_its_answer_buttons():
    html = str(lesson_core.render_block("quiz_dot_zero", None, "es", "w-q"))
    assert html.index('class="aula-question"') < html.index('class="aula-controls"') < html.index('class="aula-view"')
    assert html.count('class="aula-question"') == 1


@pytest.mark.parametrize("lead", [("q",), ("missing",)])
def test_a_lead_part_must_be_a_declared_static_part(lead):
    from lesson_core.kit.controls import Choice
    from lesson_core.kit.registry import AuthorError, _REGISTRY, widget
    deco = widget("zz_lead", lesson="x", title={}, controls=[Choice("a", {}, "x", options=[("x", "X")])],
                  parts={"q": ("a",), "s": ()}, lead=lead)
    with pytest.raises(AuthorError, match=f"lead part '{lead[0]}'"):
        deco(lambda p, lang: None)
    assert "zz_lead" not in _REGISTRY
