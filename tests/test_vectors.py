"""Lesson 2, sections 5-6: word vectors, dot product, cosine, nearest words, analogy, 3-D view."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lesson_core  # noqa: F401  (registers the widgets)
from lesson_core.kit.fmt import plain
from lesson_core.data import vectors as dv
from lesson_core.topics import vectors as vx
from lesson_core.kit.registry import render
from lesson_core.widgets import turing_vectors as tv

WIDGETS = ["emb_table", "emb_3d", "vec_dot", "vec_pythagoras", "emb_nearest", "emb_analogy"]
BAD_NUMBER = re.compile(r"\b(nan|inf|infinity)\b", re.IGNORECASE)

finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False)


# --- the data says what the lesson says ---------------------------------------------

def test_table_shape():
    assert len(dv.WORD_IDS) == 19 and len(dv.DIMS) == 8
    assert all(len(v) == 8 for v in dv.VECTORS.values())
    assert set(dv.VECTORS) == set(dv.WORDS)


@pytest.mark.parametrize("lang, expected", [
    ("es", ["perro", "león", "caballo", "cachorro", "gatito"]),
    ("pt", ["cachorro", "leão", "cavalo", "filhote", "gatinho"]),
])
def test_five_nearest_to_cat(lang, expected):
    top = vx.nearest("cat", dv.VECTORS, 5)
    assert [dv.label(w, lang) for w, _ in top] == expected
    # the sixth is far behind: the list is not decided by a rounding hair
    rest = vx.nearest("cat", dv.VECTORS)
    assert rest[4][1] - rest[5][1] > 0.4
    shown = render("emb_nearest", {"word": "cat"}, lang)
    html = shown["parts"]["main"]
    positions = [html.index(f" {w} ") for w in expected]
    assert positions == sorted(positions)


def test_false_friend_cachorro():
    assert dv.label("puppy", "es") == "cachorro" and dv.label("dog", "pt") == "cachorro"
    assert dv.label("puppy", "pt") == "filhote" and dv.label("dog", "es") == "perro"


def test_cat_and_truck_point_apart():
    assert vx.cosine(dv.VECTORS["cat"], dv.VECTORS["dog"]) > 0.99
    assert vx.cosine(dv.VECTORS["cat"], dv.VECTORS["truck"]) < 0.3


@pytest.mark.parametrize("lang, a, b, c, d", [("es", "rey", "hombre", "mujer", "reina"),
                                              ("pt", "rei", "homem", "mulher", "rainha")])
def test_king_minus_man_plus_woman(lang, a, b, c, d):
    res = vx.analogy("king", "man", "woman", dv.VECTORS)
    assert dv.label(res["ranking"][0][0], lang) == d
    assert {w for w, _ in res["ranking"]}.isdisjoint({"king", "man", "woman"})
    assert res["vector"] != dv.VECTORS["queen"]           # approximately, not exactly
    assert 0.99 < res["ranking"][0][1] < 1.0
    out = render("emb_analogy", {}, lang)
    assert out["data"]["best"] == "queen"
    assert [a, b, c] == [dv.label(w, lang) for w in ("king", "man", "woman")]
    assert (f"«{d}»" if lang == "es" else f"“{d}”") in out["parts"]["main"]


def test_three_groups_and_people_in_the_middle():
    """With axes animal, vehicle, food: each group near its axis; the six person words near the origin."""
    idx = [0, 1, 2]
    groups = {"animal": ["cat", "dog", "lion", "horse", "puppy", "kitten"],
              "vehicle": ["car", "truck", "bike", "plane"], "food": ["apple", "bread", "fish"]}
    for axis, words in groups.items():
        k = [d for d, _ in dv.DIMS].index(axis)
        for w in words:
            v = [dv.VECTORS[w][i] for i in idx]
            assert v[k] >= 0.8 and sum(abs(x) for j, x in enumerate(v) if j != k) <= 0.2
    for w in ["man", "woman", "king", "queen", "boy", "girl"]:
        assert vx.norm([dv.VECTORS[w][i] for i in idx]) <= 0.05
    # but on the axes person / female they separate
    assert dv.VECTORS["man"][4] != dv.VECTORS["woman"][4]


# --- the arithmetic, against numpy ------------------------------------------------------

def test_dot_length_cosine_examples():
    assert vx.dot([3, 2], [1, 3]) == 9.0
    assert vx.norm([3, 4]) == 5.0
    assert vx.cosine([1, 0], [0, 2]) == 0.0
    assert vx.angle_deg([1, 0], [0, 2]) == pytest.approx(90.0)
    assert vx.cosine([1, 1], [-2, -2]) == pytest.approx(-1.0)
    r = vx.compare([3, 1], [1, 2])
    assert r["dot"] == 5 and r["angle"] == pytest.approx(45.0)


def test_cosines_match_numpy():
    m = np.array([dv.VECTORS[w] for w in dv.WORD_IDS])
    unit = m / np.linalg.norm(m, axis=1, keepdims=True)
    ref = unit @ unit.T
    for i, a in enumerate(dv.WORD_IDS):
        for j, b in enumerate(dv.WORD_IDS):
            assert vx.cosine(dv.VECTORS[a], dv.VECTORS[b]) == pytest.approx(ref[i, j], abs=1e-12)


@given(st.lists(finite, min_size=1, max_size=8).flatmap(
    lambda a: st.tuples(st.just(a), st.lists(finite, min_size=len(a), max_size=len(a)))))
def test_cosine_in_range_or_undefined(pair):
    a, b = pair
    c = vx.cosine(a, b)
    if vx.norm(a) == 0 or vx.norm(b) == 0:
        assert c is None
    else:
        assert -1.0 <= c <= 1.0
        assert vx.cosine(a, a) == pytest.approx(1.0)
        na, nb = np.linalg.norm(a), np.linalg.norm(b)
        if na > 1e-100 and nb > 1e-100:  # numpy's plain formula underflows below that
            ref = float(np.dot(a, b) / (na * nb))
            assert c == pytest.approx(max(-1.0, min(1.0, ref)), abs=1e-9)


def test_tiny_vectors_keep_their_direction():
    assert vx.cosine([1e-200, 0], [3e-200, 0]) == 1.0
    assert vx.cosine([1e-300, 1e-300], [-1e-300, 1e-300]) == pytest.approx(0.0, abs=1e-15)


@given(st.lists(st.floats(-5, 5), min_size=3, max_size=3), st.floats(-360, 360), st.floats(-90, 90))
def test_rotation_keeps_lengths_and_matches_numpy(p, yaw, pitch):
    (x, y, d), = vx.rotate_project([p], yaw, pitch)
    assert math.hypot(x, y, d) == pytest.approx(vx.norm(p), abs=1e-9)
    a, b = math.radians(yaw), math.radians(pitch)
    rz = np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])
    rx = np.array([[1, 0, 0], [0, math.cos(b), -math.sin(b)], [0, math.sin(b), math.cos(b)]])
    turned = rx @ rz @ np.array(p)  # (x, depth, up) after yaw then pitch
    assert (x, d, y) == pytest.approx((turned[0], turned[1], turned[2]), abs=1e-9)


def test_quarter_turn_sends_x_into_the_screen():
    (x, y, d), = vx.rotate_project([[1, 0, 0]], 90, 0)
    assert (x, y, d) == pytest.approx((0.0, 0.0, 1.0), abs=1e-12)


@pytest.mark.parametrize("a", range(1, 6))
@pytest.mark.parametrize("b", range(1, 6))
def test_pythagoras_rearrangement(a, b):
    g = vx.pythagoras(a, b)
    assert g["big"] - g["four"] == a * a + b * b == g["inner_area"]
    assert g["c"] == pytest.approx(math.sqrt(a * a + b * b))
    for tri in g["triangles"]:  # shoelace area of each green triangle
        (x1, y1), (x2, y2), (x3, y3) = tri
        assert abs((x2 - x1) * (y3 - y1) - (x3 - x1) * (y2 - y1)) / 2 == pytest.approx(a * b / 2)
    inner = g["inner"]
    sides = [math.dist(inner[k], inner[(k + 1) % 4]) for k in range(4)]
    assert sides == pytest.approx([g["c"]] * 4)


# --- the zero vector --------------------------------------------------------------------

@pytest.mark.parametrize("lang, text", [("es", "El vector cero no tiene dirección"),
                                        ("pt", "O vetor zero não tem direção")])
def test_zero_vector_has_no_direction(lang, text):
    out = render("vec_dot", {"ax": "0", "ay": "0", "bx": "1", "by": "2"}, lang)
    assert out["ok"]
    assert text in out["parts"]["main"]
    assert out["data"]["cosine"] is None and out["data"]["angle"] is None
    assert out["data"]["zero"] == ["a"]
    assert not BAD_NUMBER.search(out["parts"]["main"])


def test_vec_dot_readout_values():
    out = render("vec_dot", {"ax": "3", "ay": "2", "bx": "1", "by": "3"}, "es")
    d = out["data"]
    assert d["dot"] == 9 and d["cosine"] == pytest.approx(9 / math.sqrt(130))
    assert "0,789" in plain(out["parts"]["main"]) and "37,9°" in plain(out["parts"]["main"])


# --- every widget renders, and bad input is a message ---------------------------------

@pytest.mark.parametrize("lang", ["es", "pt"])
@pytest.mark.parametrize("wid", WIDGETS)
def test_defaults_render(wid, lang):
    out = render(wid, {}, lang)
    assert out["ok"], out
    for html in out["parts"].values():
        assert not BAD_NUMBER.search(html)
        assert "<script" not in html


@pytest.mark.parametrize("lang", ["es", "pt"])
@pytest.mark.parametrize("wid, params", tv.PARITY_CASES)
def test_parity_cases_render(wid, params, lang):
    assert render(wid, params, lang)["ok"]


@pytest.mark.parametrize("wid, params", [
    ("vec_dot", {"ax": "nan"}), ("vec_dot", {"ay": "inf"}), ("vec_dot", {"bx": ""}), ("vec_dot", {"by": "6"}),
    ("vec_dot", {"ax": "<script>alert(1)</script>"}),
    ("emb_3d", {"yaw": "-inf"}), ("emb_3d", {"pitch": "91"}), ("emb_3d", {"x": "colour"}),
    ("emb_3d", {"x": "animal", "y": "animal"}),
    ("emb_table", {"word": "<script>"}), ("emb_nearest", {"word": ""}),
    ("emb_analogy", {"a": "zzz"}), ("vec_pythagoras", {"a": "6"}), ("vec_pythagoras", {"b": "2.5"}),
])
@pytest.mark.parametrize("lang", ["es", "pt"])
def test_bad_input_is_a_localized_message(wid, params, lang):
    out = render(wid, params, lang)
    assert out["ok"] is False
    assert out["error"]["message"] and "<script" not in out["error"]["message"]


def test_duplicate_axes_message():
    assert render("emb_3d", {"x": "food", "z": "food"}, "pt")["error"] == {
        "param": "z", "message": "Escolha três eixos diferentes."}


def test_3d_labels_every_word_in_its_language():
    html = render("emb_3d", {"x": "person", "y": "female", "z": "royal"}, "pt")["parts"]["main"]
    for w in dv.WORD_IDS:
        assert f">{dv.label(w, 'pt')}<" in html


# --- the drag grid (issue 17): a finger drag answers from the page before Python -------------

@pytest.mark.parametrize("wid, states", [("emb_3d", 13 * 6), ("vec_dot", 2 * 11 * 11 - 1)])
def test_drag_grid_states_are_what_render_gives(wid, states):
    """Every embedded grid state is the live answer for those values (the same render), keyed
    as the bridge keys a part; vec_dot's two handles share the page's own state once."""
    from lesson_core.kit.registry import get, part_key, precompute_grid
    w = get(wid)
    grid = precompute_grid(w, w.defaults(), "pt")
    assert set(grid) == {"main", "summary"} and len(grid["main"]) == states
    for combo in w.grid_combos()[::17]:
        values = {**w.defaults(), **combo}
        live = render(wid, {k: str(v) for k, v in combo.items()}, "pt")["parts"]
        assert grid["main"][part_key(w, "main", values)] == live["main"]
        assert grid["summary"][part_key(w, "summary", values)] == live["summary"]


def test_drag_grid_is_declared_not_wired():
    """drags=... names gridded Numbers; anything else is the author's mistake, named at the @widget."""
    from lesson_core.kit.controls import Number
    from lesson_core.kit.registry import AuthorError, GRID_CAP, _REGISTRY, widget
    assert Number("n", {}, 0, min=-5, max=5, integer=False, grid=(-5, 5, 2.5)).grid_values() == [-5, -2.5, 0, 2.5, 5]
    with pytest.raises(AuthorError, match="drags names 'b', which is not a Number with a grid"):
        widget("zz_grid", lesson="x", title={}, controls=[Number("a", {}, 0, grid=(0, 10, 1)), Number("b", {}, 0)],
               drags=(("a", "b"),))
    with pytest.raises(AuthorError, match=f"more than {GRID_CAP}"):
        widget("zz_grid", lesson="x", title={}, drags=(("a", "b"),),
               controls=[Number("a", {}, 0, grid=(0, 100, 1)), Number("b", {}, 0, grid=(0, 100, 1))])
    assert "zz_grid" not in _REGISTRY


def test_grid_is_in_the_block_and_the_number_spec():
    from lesson_core.kit.block import render_block
    html = str(render_block("vec_dot", None, "es", "w-v"))
    assert html.count('class="aula-drag-grid"') == 1 and '&quot;grid&quot;: [-5, 5, 1]' in html
    assert 'class="aula-drag-grid"' not in str(render_block("vec_pythagoras", None, "es", "w-p"))
