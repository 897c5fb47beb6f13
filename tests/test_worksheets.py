"""Worksheets: every variant's answers solved again independently (numpy or plain counting),
variants that differ between neighbours, and keys that print the core's numbers."""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from lesson_core.kit.fmt import plain
import lesson_core
from lesson_core.classroom import worksheets as ws
from lesson_core.kit.block import render_block
from lesson_core.kit.fmt import fmt

from conftest import assert_clean_html

ALL = [(c, n) for c in ws.CHAPTERS for n in range(1, ws.VARIANTS + 1)]


def np_softmax(z):
    e = np.exp(np.asarray(z, dtype=float) - np.max(z))
    return e / e.sum()


def close(a, b, tol=1e-9):
    np.testing.assert_allclose(np.asarray(a, dtype=float), np.asarray(b, dtype=float), rtol=1e-10, atol=tol)


def solve_bigram(g: dict, lang: str) -> dict:
    words = ws.BIGRAM_WORDS[lang]
    tokens = []
    for n, v, o in g["slots"]:
        tokens += [words["det"], words["noun"][n], words["verb"][v], words["obj"][o], "."]
    # pairs do not cross sentences; every sentence ends with "." and starts with the determiner
    pairs = Counter((a, b) for a, b in zip(tokens, tokens[1:]) if a != ".")
    firsts = Counter(a for a, _ in zip(tokens, tokens[1:]) if a != ".")

    def p(a, b):
        return Fraction(pairs[(a, b)], firsts[a])

    return {"noun": p(words["det"], words["noun"][g["noun"]]), "obj": p(words["verb"][g["verb"]], words["obj"][g["obj"]])}


def solve_bpe(words: list) -> tuple:
    order, counts = [], Counter()
    for word, c in words:
        for i in range(len(word) - 1):
            pair = word[i:i + 2]
            if pair not in counts:
                order.append(pair)
            counts[pair] += c
    top = max(counts.values())
    best = next(p for p in order if counts[p] == top)  # ties: the first pair met reading the corpus

    def merge(word):
        out, i = [], 0
        while i < len(word):
            if word[i:i + 2] == best:
                out.append(best)
                i += 2
            else:
                out.append(word[i])
                i += 1
        return out

    return best, top, [merge(w) for w, _ in words]


def check(ex: dict) -> None:
    g, a = ex["given"], ex["answer"]
    kind = ex["kind"]
    if kind == "pe_value":
        pos = g["pos"]
        close(a["pe"], [np.sin(pos), np.cos(pos), np.sin(pos / 100), np.cos(pos / 100)], 1e-10)
        assert a["divisor"] == 100
    elif kind == "pe_sum":
        pos = g["pos"]
        close(a["x"], np.array(g["word"]) + [np.sin(pos), np.cos(pos), np.sin(pos / 100), np.cos(pos / 100)], 1e-10)
    elif kind == "wavelength":
        div = 10000 ** (2 * g["i"] / g["d"])
        close([a["divisor"], a["wavelength"]], [div, 2 * np.pi * div], 1e-9)
    elif kind == "bigram":
        for lang in ("es", "pt"):
            want = solve_bigram(g, lang)
            assert Fraction(*a["noun"]) == want["noun"] and Fraction(*a["obj"]) == want["obj"]
    elif kind == "bpe":
        best, top, after = solve_bpe(g["words"])
        assert "".join(a["pair"]) == best and a["count"] == top and a["after"] == after
    elif kind == "dot":
        u, v = np.array(g["a"], float), np.array(g["b"], float)
        close([a["dot"], a["norm_a"], a["norm_b"], a["cos"]],
              [u @ v, np.linalg.norm(u), np.linalg.norm(v), u @ v / np.linalg.norm(u) / np.linalg.norm(v)])
    elif kind == "attention":
        s = np.array(g["keys"], float) @ np.array(g["q"], float) / np.sqrt(2)
        close(a["scores"], s)
        close(a["weights"], np_softmax(s))
    elif kind == "layernorm":
        x = np.array(g["x"])
        close([a["mean"], a["var"], a["std"]], [x.mean(), x.var(), x.std()])
        close(a["y"], (x - x.mean()) / x.std())
    elif kind == "temperature":
        close(a["p1"], np_softmax(g["logits"]))
        close(a["pt"], np_softmax(np.array(g["logits"]) / g["t"]))
    elif kind == "train_step":
        z, c = np.array(g["logits"]), g["correct"]
        p = np_softmax(z)
        grad = p - np.eye(3)[c]
        z1 = z - g["eta"] * grad
        close(a["p"], p)
        close(a["grad"], grad)
        close(a["new_logits"], z1)
        close([a["loss"], a["new_loss"]], [-np.log(p[c]), -np.log(np_softmax(z1)[c])])
        assert a["new_loss"] < a["loss"]  # one step against the gradient lowers the loss here
    elif kind == "chain":
        x, t, w0, eta = g["x"], g["target"], g["w0"], g["eta"]
        h = 1e-6  # the slope checked by a central difference, not by the formula
        slope = ((x * (w0 + h) - t) ** 2 - (x * (w0 - h) - t) ** 2) / (2 * h)
        close(a["slope"], slope, 1e-5)
        close([a["loss"], a["w1"], a["loss1"], a["w_min"]],
              [(x * w0 - t) ** 2, w0 - eta * slope, (x * (w0 - eta * slope) - t) ** 2, t / x], 1e-5)
    elif kind == "comparisons":
        assert a["pairs"] == sum(range(1, g["n"] + 1)) and a["rnn_steps"] == g["n"] - 1
    elif kind == "diffusion":
        ab = g["abar"]
        xt = np.sqrt(ab) * g["x0"] + np.sqrt(1 - ab) * g["eps"]
        close([a["keep"], a["noise"], a["xt"], a["x0_back"]], [np.sqrt(ab), np.sqrt(1 - ab), xt, g["x0"]])
    elif kind == "chinchilla":
        assert a["tokens_b"] == 20 * g["params_b"] and a["params_b"] == g["tokens_b"] / 20
    elif kind == "effective":
        w = np.array(g["w"])
        close(w.sum(), 1.0)
        close([a["sum_sq"], a["count"]], [(w ** 2).sum(), 1 / (w ** 2).sum()])
    else:
        pytest.fail(f"no independent check for exercise kind {kind!r}")


@pytest.mark.parametrize("chapter,n", ALL)
def test_answers_solved_independently(chapter, n):
    exercises = ws.variant(chapter, n)
    assert exercises
    for ex in exercises:
        check(ex)


@pytest.mark.parametrize("chapter", ws.CHAPTERS)
def test_variants_differ_and_repeat(chapter):
    givens = [[ex["given"] for ex in ws.variant(chapter, n)] for n in range(1, ws.VARIANTS + 1)]
    for n in range(ws.VARIANTS - 1):
        assert givens[n] != givens[n + 1], f"{chapter}: variants {n + 1} and {n + 2} are the same"
    assert len({repr(g) for g in givens}) >= ws.VARIANTS - 2  # nearly all 30 sheets differ
    assert [ex["given"] for ex in ws.variant(chapter, 5)] == givens[4]  # seeded: the same every time


def test_bad_variant_and_chapter():
    with pytest.raises(ValueError):
        ws.variant("words", 31)
    with pytest.raises(KeyError):
        ws.variant("nope", 1)
    result = lesson_core.render("ws_words", {"variant": 0}, "es")
    assert not result["ok"] and result["error"]["param"] == "variant"


def read_number(text: str, lang: str) -> float:
    """A number as the page prints it (decimal comma, grouped thousands, true minus) back to a float."""
    group = "\u202f" if lang == "es" else "."
    return float(plain(text).replace(group, "").replace(",", ".").replace("\u2212", "-"))


def printed_after(key: str, label: str, lang: str) -> float:
    m = re.search(re.escape(label) + r"\s*([\u2212\d][\d\u202f\u2060.,]*)", key)
    assert m, f"{label!r} not in {key!r}"
    return read_number(m.group(1).rstrip(".,"), lang)


@pytest.mark.parametrize("lang", ["es", "pt"])
@pytest.mark.parametrize("chapter", ws.CHAPTERS)
def test_key_prints_the_core_numbers(chapter, lang):
    for n in (1, 17, 30):
        result = lesson_core.render(f"ws_{chapter}", {"variant": n}, lang)
        sheet, key = result["parts"]["sheet"], result["parts"]["key"]
        assert_clean_html(sheet + key)
        assert f"{n}</strong>" in sheet and f"{n}</strong>" in key
        for ex in result["data"]["exercises"]:
            a = ex["answer"]
            if ex["kind"] == "dot":
                assert printed_after(key, "a·b = ", lang) == a["dot"]
                assert abs(printed_after(key, "cos = ", lang) - a["cos"]) <= 5e-4
            if ex["kind"] == "comparisons":
                assert fmt(a["pairs"], lang) in key and fmt(a["pairs"], lang) not in sheet
            if ex["kind"] == "bigram":
                assert f"= {a['noun'][0]}/{a['noun'][1]}" in key
            if ex["kind"] == "train_step":
                label = {"es": "pérdida ", "pt": "perda "}[lang]
                assert abs(printed_after(key, label, lang) - a["loss"]) <= 5e-4
            if ex["kind"] == "diffusion":
                assert abs(printed_after(key, "x_t = ", lang) - a["xt"]) <= 5e-4
            if ex["kind"] == "chain":
                assert abs(printed_after(key, "dL/dw = ", lang) - a["slope"]) <= 5e-4
    only_sheet = lesson_core.render(f"ws_{chapter}", {"variant": 3, "show": "sheet"}, lang)["parts"]
    only_key = lesson_core.render(f"ws_{chapter}", {"variant": 3, "show": "key"}, lang)["parts"]
    assert only_sheet["key"] == "" and only_sheet["sheet"] and only_key["sheet"] == "" and only_key["key"]


def test_all_variants_precomputed():
    block = render_block("ws_vectors", {}, "es", "w-ws")
    assert block.count("Variante 30") >= 2 and 'data-live="0"' in block  # switches without Python
    assert len(block) < 400_000
