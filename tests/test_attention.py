"""Lesson 2, section 7: one attention head on «El gato se sentó porque él estaba cansado»."""

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
from lesson_core.topics.attention import attention, project, softmax, softmax_steps
from lesson_core.kit.block import render_block
from lesson_core.kit.registry import render
from lesson_core.widgets import turing_attention as ta

BAD_NUMBER = re.compile(r"\b(nan|inf|infinity)\b", re.IGNORECASE)
HE, CAT, SAT = (da.TOKEN_IDS.index(t) for t in ("he", "cat", "sat"))
scores_st = st.lists(st.floats(-50, 50), min_size=1, max_size=12)


def np_attention(head: str, mask: bool, scale: bool) -> dict:
    x = np.array(da.vectors())                        # (7, 4)
    w = da.HEADS[head]
    q, k, v = x @ np.array(w["q"]), x @ np.array(w["k"]), x @ np.array(w["v"])  # (7, 2)
    s = q @ k.T / (math.sqrt(2) if scale else 1.0)      # (7, 7)
    if mask:
        s = np.where(np.tril(np.ones_like(s)) == 1, s, -np.inf)
    e = np.exp(s - s.max(axis=1, keepdims=True))
    weights = e / e.sum(axis=1, keepdims=True)
    return {"q": q, "k": k, "v": v, "scores": s, "weights": weights, "outputs": weights @ v}


# --- the sentence --------------------------------------------------------------------

def test_tokens_and_features():
    assert " ".join(da.tokens("es")) == "El gato se sentó porque él estaba cansado"
    assert " ".join(da.tokens("pt")) == "O gato se sentou porque ele estava cansado"
    assert da.FEATURES["es"] == ["cosa", "pronombre", "acción", "descripción"]
    assert da.FEATURES["pt"] == ["coisa", "pronome", "ação", "descrição"]
    for head in da.HEADS.values():
        assert all(len(m) == 4 and all(len(r) == 2 for r in m) for m in head.values())


def test_he_attends_mostly_to_cat_in_head_a():
    res = attention(da.vectors(), da.HEADS["A"], mask=True, scale=True)
    row = res["weights"][HE]
    assert max(range(7), key=row.__getitem__) == CAT
    assert row[CAT] == pytest.approx(0.5366, abs=1e-4)
    assert row[5] == row[6] == 0.0                     # «estaba», «cansado» are not visible yet
    assert res["outputs"][HE][0] > res["outputs"][HE][1]  # mostly "thing" information


def test_turning_off_the_division_changes_he_to_cat():
    on = attention(da.vectors(), da.HEADS["A"], mask=True, scale=True)["weights"][HE]
    off = attention(da.vectors(), da.HEADS["A"], mask=True, scale=False)["weights"][HE]
    assert off[CAT] == pytest.approx(0.6846, abs=1e-4)
    assert off[CAT] - on[CAT] > 0.1
    assert all(off[j] < on[j] for j in range(5) if j != CAT)  # the others lose weight
    es_on = plain(render("attn_demo", {"token": "he"}, "es")["parts"]["weights"])
    es_off = plain(render("attn_demo", {"token": "he", "scale": "0"}, "es")["parts"]["weights"])
    assert "0,54" in es_on and "0,68" in es_off


def test_head_b_looks_for_the_action():
    res = attention(da.vectors(), da.HEADS["B"], mask=True, scale=True)
    for i in (HE, da.TOKEN_IDS.index("tired")):
        assert max(range(7), key=res["weights"][i].__getitem__) == SAT


def test_causal_mask_hides_later_tokens():
    res = attention(da.vectors(), da.HEADS["A"], mask=True, scale=True)
    for i, row in enumerate(res["scores"]):
        assert all((s is None) == (j > i) for j, s in enumerate(row))
    assert res["weights"][0] == [1.0, 0, 0, 0, 0, 0, 0]


@pytest.mark.parametrize("head, mask, scale", list(itertools.product("AB", [True, False], [True, False])))
def test_attention_matches_numpy(head, mask, scale):
    ours = attention(da.vectors(), da.HEADS[head], mask=mask, scale=scale)
    ref = np_attention(head, mask, scale)
    for key in ("q", "k", "v", "weights", "outputs"):
        assert np.allclose(np.array(ours[key]), ref[key], atol=1e-12), key
    s = np.array([[-np.inf if x is None else x for x in row] for row in ours["scores"]])
    assert np.array_equal(np.isinf(s), np.isinf(ref["scores"]))
    assert np.allclose(s[np.isfinite(s)], ref["scores"][np.isfinite(ref["scores"])], atol=1e-12)


def test_project_is_vector_times_matrix():
    assert project([1, 0, 0, 0.5], [[2, 0], [0, 1], [0, 0], [1, 1]]) == [2.5, 0.5]


# --- softmax -------------------------------------------------------------------------

def test_softmax_matches_numpy():
    s = [0.38, 1.83, 0.2, 0.08, 0.48]
    e = np.exp(s)
    assert softmax(s) == pytest.approx(list(e / e.sum()), abs=1e-15)
    steps = softmax_steps(s)
    assert steps["total"] == pytest.approx(e.sum())
    assert softmax([1, 2, None]) == pytest.approx([0.2689414213699951, 0.7310585786300049, 0.0])


@given(scores_st)
def test_softmax_sums_to_one_and_keeps_order(scores):
    w = softmax(scores)
    assert math.fsum(w) == pytest.approx(1.0, abs=1e-12)
    assert all(x > 0 for x in w)
    for a, b in itertools.combinations(range(len(scores)), 2):
        if scores[a] > scores[b]:
            assert w[a] >= w[b]


@given(scores_st, st.floats(-100, 100))
def test_softmax_ignores_shifts(scores, c):
    assert softmax([s + c for s in scores]) == pytest.approx(softmax(scores), abs=1e-12)


@pytest.mark.parametrize("head, mask, scale", list(itertools.product("AB", [True, False], [True, False])))
@pytest.mark.parametrize("c", [-3.0, 0.5, 7.0])
def test_adding_a_constant_to_all_scores_leaves_weights_unchanged(head, mask, scale, c):
    res = attention(da.vectors(), da.HEADS[head], mask=mask, scale=scale)
    for row, weights in zip(res["scores"], res["weights"]):
        shifted = [None if s is None else s + c for s in row]
        assert softmax(shifted) == pytest.approx(weights, abs=1e-12)


@pytest.mark.parametrize("c", range(-3, 4))
def test_shift_widget(c):
    out = render("attn_shift", {"c": c}, "pt")
    assert out["ok"] and out["data"]["max_gap"] < 1e-12
    assert out["data"]["weights"][1] == pytest.approx(0.5366, abs=1e-4)


# --- the widgets -----------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["es", "pt"])
def test_every_demo_combination_renders(lang):
    w = lesson_core.get("attn_demo")
    for combo in itertools.product(*(c.values() for c in w.controls)):
        out = render("attn_demo", dict(zip([c.name for c in w.controls], combo)), lang)
        assert out["ok"]
        for html in out["parts"].values():
            assert not BAD_NUMBER.search(html)
        assert math.fsum(out["data"]["weights"]) == pytest.approx(1.0)


def test_grid_shows_every_visible_weight():
    """In both drawings (wide, and a phone's: issue 16)."""
    out = render("attn_demo", {"mask": "0"}, "es")
    assert out["parts"]["grid"].count("<text") == 2 * (49 + 7 + 7)
    out = render("attn_demo", {"mask": "1"}, "es")
    assert out["parts"]["grid"].count("<text") == 2 * (28 + 7 + 7)


@pytest.mark.parametrize("lang", ["es", "pt"])
@pytest.mark.parametrize("wid, params", ta.PARITY_CASES)
def test_parity_cases_render(wid, params, lang):
    out = render(wid, params, lang)
    assert out["ok"] and all(not BAD_NUMBER.search(v) for v in out["parts"].values())


@pytest.mark.parametrize("wid, params", [("attn_demo", {"token": "it"}), ("attn_demo", {"head": "C"}),
                                         ("attn_demo", {"mask": "maybe"}), ("attn_demo", {"scale": ""}),
                                         ("attn_shift", {"c": "nan"}), ("attn_shift", {"c": "4"}),
                                         ("attn_shift", {"c": "0.5"})])
@pytest.mark.parametrize("lang", ["es", "pt"])
def test_bad_input(wid, params, lang):
    out = render(wid, params, lang)
    assert out["ok"] is False and out["error"]["message"]


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_page_weight_of_the_demo(lang):
    """Its 56 precomputed combinations must stay a modest share of the page budget."""
    assert len(render_block("attn_demo", None, lang, "t").encode()) < 250_000  # with the narrow grid (issue 16)


def test_pt_wording():
    html = render("attn_demo", {"token": "he", "head": "B"}, "pt")["parts"]
    assert "ele" in html["weights"] and "Cabeça B" in html["matrices"]
