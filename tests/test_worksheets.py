"""Worksheets: every variant's answers solved again independently (numpy or plain counting), and
solved again the way the sheet tells the student to (full precision, each result rounded to the
sheet's decimals), compared with the printed key; no trivial items and no tie in the first BPE merge;
variants that differ between neighbours; the student's sheet never carries a key; class sets."""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from lesson_core.kit.fmt import plain
import lesson_core
import lesson_core.kit.registry
from lesson_core.classroom import worksheets as ws
from lesson_core.kit.block import render_block
from lesson_core.kit.fmt import fmt
from lesson_core.widgets.class_set import class_set_html
from lesson_core.widgets.worksheets import rounding_rule, sheet_html

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

    return best, top, [merge(w) for w, _ in words], sum(1 for v in counts.values() if v == top)


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
        # no trivial item: each fraction is a real part of a whole (not 2/2), counted unreduced
        assert 0 < a["noun"][0] < a["noun"][1] and 0 < a["obj"][0] < a["obj"][1], a
    elif kind == "bpe":
        for lang in ("es", "pt"):
            best, top, after, ties = solve_bpe(g["words"][lang])
            assert "".join(a[lang]["pair"]) == best and a[lang]["count"] == top and a[lang]["after"] == after
            assert ties == 1 and a[lang]["ties"] == 1, f"the first merge is a tie between {ties} pairs"
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
    elif kind == "held_out":
        held = np.array(g["held"])
        best = int(held.argmin())
        assert a["best_step"] == g["steps"][best] and np.all(np.diff(g["train"]) < 0)
        assert a["overfit"] == (best < len(held) - 1 and held[-1] - held[best] > 0.05)
        close(a["gap"], held[-1] - g["train"][-1])
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
    elif kind == "bias":
        diff = np.array(g["b"]) - np.array(g["a"])
        close(a["diff"], diff)
        assert diff[1] > 0 and a["others"] == [j for j in (0, 2, 3) if abs(diff[j]) > 1e-12] and a["others"]
    elif kind == "context":
        assert g["text"] > g["window"] and a["dropped"] == g["text"] - g["window"]
        assert a["first_seen"] == a["dropped"] + 1
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
        sheet, key = result["parts"]["sheet"], str(sheet_html(chapter, n, lang)[1])
        assert_clean_html(sheet + key)
        assert "aula-worksheet-key" not in sheet
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
            if ex["kind"] == "held_out":  # lesson 4's item: the page's own rule for overfitting
                assert abs(printed_after(key, {"es": "diferencia ", "pt": "diferença "}[lang], lang) - a["gap"]) <= 5e-4
                assert ({"es": "sí, hay", "pt": "sim, há"}[lang] in key) == a["overfit"]
    assert "key" not in result["parts"]  # the student's widget has no key part
    with pytest.raises(lesson_core.kit.registry.UnknownParam):  # no way to ask the student's widget for a key
        lesson_core.render(f"ws_{chapter}", {"variant": 3, "show": "key"}, lang)


def as_student(ex: dict) -> list[float]:
    """The results a student writes down, solved as the sheet says: every step with all its digits
    (numpy, float64), in the order the key gives them. Integers and fractions are checked elsewhere."""
    g, kind = ex["given"], ex["kind"]
    if kind in ("pe_value", "pe_sum"):
        pos = g["pos"]
        pe = [np.sin(pos), np.cos(pos), np.sin(pos / 100), np.cos(pos / 100)]
        return [100.0, *pe] if kind == "pe_value" else list(np.array(g["word"]) + pe)
    if kind == "wavelength":
        div = 10000 ** (2 * g["i"] / g["d"])
        return [div, 2 * np.pi * div]
    if kind == "dot":
        u, v = np.array(g["a"], float), np.array(g["b"], float)
        return [u @ v, np.linalg.norm(u), np.linalg.norm(v), u @ v / np.linalg.norm(u) / np.linalg.norm(v)]
    if kind == "attention":
        s = np.array(g["keys"], float) @ np.array(g["q"], float) / np.sqrt(2)
        return [*s, *np_softmax(s)]
    if kind == "layernorm":
        x = np.array(g["x"])
        return [x.mean(), x.var(), x.std(), *((x - x.mean()) / x.std())]
    if kind == "temperature":
        return [*np_softmax(g["logits"]), *np_softmax(np.array(g["logits"]) / g["t"])]
    if kind == "train_step":
        z, c = np.array(g["logits"]), g["correct"]
        p = np_softmax(z)
        grad = p - np.eye(3)[c]
        z1 = z - g["eta"] * grad
        return [*p, -np.log(p[c]), *grad, *z1, *np_softmax(z1), -np.log(np_softmax(z1)[c])]
    if kind == "chain":
        x, t, w0, eta = g["x"], g["target"], g["w0"], g["eta"]
        a = x * w0 - t
        w1 = w0 - eta * 2 * a * x
        return [a, a * a, 2 * a * x, w1, (x * w1 - t) ** 2, t / x]
    if kind == "diffusion":
        ab = g["abar"]
        xt = np.sqrt(ab) * g["x0"] + np.sqrt(1 - ab) * g["eps"]
        return [np.sqrt(ab), np.sqrt(1 - ab), xt, (xt - np.sqrt(1 - ab) * g["eps"]) / np.sqrt(ab)]
    if kind == "chinchilla":
        return [20 * g["params_b"], g["tokens_b"] / 20]
    if kind == "held_out":
        return [g["held"][-1] - g["train"][-1]]
    if kind == "effective":
        sq = float((np.array(g["w"]) ** 2).sum())
        return [sq, 1 / sq]
    return []  # bigram, bpe, comparisons: exact integers and fractions (test_answers_solved_independently)


NUMBER = re.compile(r"[\u2212-]?\d[\d\u202f.,]*")


# Big numbers in words (the Chinchilla item counts in billions of 10^9): the word after the number scales it.
SCALE_WORDS = [(r"\s+(billones|billón|trilhões|trilhão)\b", 1000.0), (r"\s+(mil millones|bilhões|bilhão)\b", 1.0),
               (r"\s+(millones|millón|milhões|milhão)\b", 0.001)]


def numbers_in(text: str, lang: str) -> list[float]:
    text = plain(re.sub(r"<[^>]+>", " ", text))
    out = []
    for m in NUMBER.finditer(text):
        x = read_number(m.group(0).rstrip(".,"), lang)
        scale = next((k for word, k in SCALE_WORDS if re.match(word, text[m.end():])), None)
        out.append(x if scale is None else x * scale)
    return out


@pytest.mark.parametrize("lang", ["es", "pt"])
@pytest.mark.parametrize("chapter,n", ALL)
def test_key_matches_the_sheets_rounding_rule(chapter, n, lang):
    """Every result in the key is the student's result rounded to the sheet's decimals (not fewer:
    3,64 for 3,636 fails), and the sheet says so, with the tolerance."""
    sheet, key = sheet_html(chapter, n, lang)
    rule = rounding_rule(chapter, lang)
    assert rule in str(sheet)
    if chapter != "words":
        assert fmt(ws.DECIMALS, lang) in rule and fmt(ws.TOLERANCE, lang, ws.DECIMALS) in rule
        assert fmt(ws.TOLERANCE, lang, ws.DECIMALS) in str(key)
    items = re.findall(r"<li>(.*?)</li>", str(key))
    exercises = ws.variant(chapter, n)
    assert len(items) == len(exercises)
    half = 0.5 * 10 ** -ws.DECIMALS + 1e-9
    for ex, item in zip(exercises, items):
        printed = numbers_in(item, lang)
        for want in as_student(ex):
            assert any(abs(p - want) <= half for p in printed), (chapter, n, ex["kind"], float(want), item)


def test_class_set_roster_and_page():
    assert ws.roster(1) == [1] and ws.roster(30) == list(range(1, 31))
    assert ws.roster(32)[-2:] == [1, 2] and len(ws.roster(ws.MAX_STUDENTS)) == ws.MAX_STUDENTS
    seats = ws.roster(ws.MAX_STUDENTS)
    assert all(a != b for a, b in zip(seats, seats[1:]))  # neighbours never share a variant
    for bad in (0, ws.MAX_STUDENTS + 1, 500, "treinta", 2.5, True):
        with pytest.raises(ValueError):
            ws.roster(bad)
    for lang in ("es", "pt"):
        html = str(class_set_html("vectors", lang))
        assert_clean_html(html)
        assert html.count('class="aula-worksheet"') == ws.VARIANTS
        assert html.count('class="aula-worksheet-key"') == ws.VARIANTS
        assert f'data-roster="{",".join(map(str, seats))}"' in html
        assert len(html.encode()) < 150_000


def test_all_variants_precomputed():
    block = render_block("ws_vectors", {}, "es", "w-ws")
    assert "Variante 30" in block and 'data-live="0"' in block  # switches without Python
    assert "aula-worksheet-key" not in block and "Clave de respuestas" not in block  # a student's block has no key
    assert len(block) < 400_000
