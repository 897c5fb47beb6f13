"""Issue 29, the remaining ideas: the chapter 1 opening's prediction, the real model's residual
stream, and word vectors learned by a tiny skip-gram (computed sentences checked against the core,
the stream against an independent numpy forward pass, the training's gradient against finite
differences)."""

from __future__ import annotations

import math
import re
from pathlib import Path

import numpy as np
import pytest

import lesson_core
from lesson_core.data.emb_corpus import CORPUS, GROUPS
from lesson_core.kit.fmt import plain
from lesson_core.model import generate as gen
from lesson_core.model.load import model
from lesson_core.topics import emb_learn as el
from lesson_core.widgets import checks
from lesson_core.widgets.real_model_residual import SAMPLE
from lesson_core.widgets.turing_quiz import correct_answer

DOCS = Path(__file__).resolve().parent.parent / "docs"
LANGS = ("es", "pt")


def _page(lang: str, name: str) -> str:
    return (DOCS / lang / f"{name}.md").read_text(encoding="utf-8")


# --- chapter 1: a prediction before the history -------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_opening_quiz_marks_what_the_model_does(lang):
    probs = checks.opening_probs(lang)
    assert len(probs) == model(lang).config["vocab"] and all(p > 0 for p in probs)
    assert math.isclose(math.fsum(probs), 1.0, abs_tol=1e-12)
    assert correct_answer("quiz_opening") == "all" and checks._VOCAB[lang] == len(probs)
    text = _page(lang, "turing-1-words")
    assert text.index('widget("quiz_opening")') < text.index('widget("quiz_turing")')
    said = plain(lesson_core.render("quiz_opening", {"answer": "one"}, lang)["parts"]["feedback"])
    assert ("pero no cero" if lang == "es" else "mas não zero") in said


# --- the residual stream --------------------------------------------------------------------------

def _np_stream(lang: str, ids: list[int]) -> list[np.ndarray]:
    """The last token's residual parts from an independent numpy forward pass over the weights."""
    m = model(lang)
    cfg = m.config
    H, d = cfg["heads"], cfg["d"]
    hd = d // H
    T = len(ids)

    def ln(x, g, b):
        mu = x.mean(-1, keepdims=True)
        var = ((x - mu) ** 2).mean(-1, keepdims=True)
        return (x - mu) / np.sqrt(var + 1e-5) * np.array(g) + np.array(b)

    x = np.array([m.wte[i] for i in ids]) + np.array(m.wpe[:T])
    parts = [x[-1].copy()]
    mask = np.triu(np.full((T, T), -np.inf), 1)
    for ly in m.layers:
        a = ln(x, ly["ln1_g"], ly["ln1_b"])
        qkv = a @ np.array(ly["wqkv"]).T
        q, k, v = qkv[:, :d], qkv[:, d:2 * d], qkv[:, 2 * d:]
        out = []
        for h in range(H):
            s = q[:, h * hd:(h + 1) * hd] @ k[:, h * hd:(h + 1) * hd].T / math.sqrt(hd) + mask
            w = np.exp(s - s.max(-1, keepdims=True))
            w /= w.sum(-1, keepdims=True)
            out.append(w @ v[:, h * hd:(h + 1) * hd])
        att = np.concatenate(out, -1) @ np.array(ly["wo"]).T
        x = x + att
        u = ln(x, ly["ln2_g"], ly["ln2_b"]) @ np.array(ly["w1"]).T
        ff = np.maximum(u, 0) @ np.array(ly["w2"]).T
        x = x + ff
        parts += [att[-1], ff[-1]]
    return parts


@pytest.mark.parametrize("lang", LANGS)
def test_residual_parts_match_numpy_and_add_up(lang):
    ids = gen.prompt(lang, SAMPLE[lang]).ids
    run = gen.run_for(lang, ids)
    ref = _np_stream(lang, ids)
    assert len(run.writes) == len(ref) == 1 + 2 * model(lang).config["layers"]
    for got, want in zip(run.writes, ref):
        np.testing.assert_allclose(got, want, atol=1e-9)
    d = lesson_core.render("rm_residual", {"text": SAMPLE[lang]}, lang)["data"]
    assert d["exact"] is True and d["n_parts"] == len(ref)
    np.testing.assert_allclose(d["lengths"], [np.linalg.norm(r) for r in ref], atol=1e-3)


@pytest.mark.parametrize("lang", LANGS)
def test_residual_sentences_hold(lang):
    """«Con solo la primera fila, el modelo apuesta por el mismo token que acaba de leer, «␣y»»;
    «sumando las filas en orden se obtienen exactamente los N números del vector final»; the page's
    text is the widget's."""
    text = _page(lang, "real-model")
    assert f'widget("rm_residual", text="{SAMPLE[lang]}")' in text
    d = lesson_core.render("rm_residual", {"text": SAMPLE[lang]}, lang)["data"]
    last = gen.prompt(lang, SAMPLE[lang]).tokens[-1].piece
    assert d["bets"][0] == last and d["p_best"][0] > 0.9
    assert last.strip() == ("y" if lang == "es" else "e")
    assert ("«␣y»" if lang == "es" else "“␣e”") in text
    assert d["bets"][-1] != last            # the layers move the bet away from the token itself
    assert d["exact"] and d["d"] == model(lang).config["d"]


def test_residual_on_empty_text_says_so():
    r = lesson_core.render("rm_residual", {"text": ""}, "es")
    assert r["ok"] and "vacío" in plain(r["parts"]["main"]).lower() and r["data"]["n_parts"] == 0


# --- word vectors learned -----------------------------------------------------------------------

def test_skipgram_pairs_count_both_neighbours():
    vocab, counts = el.pairs("es")
    i = {w: k for k, w in enumerate(vocab)}
    assert counts[(i["gato"], i["el"])] == 3 and counts[(i["el"], i["gato"])] == 3
    assert (i["gato"], i["pan"]) not in counts
    assert sum(counts.values()) == sum(2 * (len(s.split()) - 1) for s in CORPUS["es"])


def test_skipgram_gradient_matches_finite_differences():
    vocab, counts = el.pairs("es")
    V = len(vocab)
    rng = np.random.default_rng(0)
    v, u, b = rng.normal(size=(V, 2)).tolist(), rng.normal(size=(V, 2)).tolist(), rng.normal(size=V).tolist()
    rows = [[] for _ in range(V)]
    for (w, c), n in sorted(counts.items()):
        rows[w].append((c, n))
    total = sum(counts.values())
    loss, gv, gu, gb = el._loss_and_grads(v, u, b, rows, total)
    eps = 1e-6
    for which, grad in ((v, gv), (u, gu)):
        for i, k in ((0, 0), (3, 1), (V - 1, 0)):
            which[i][k] += eps
            up = el._loss_and_grads(v, u, b, rows, total)[0]
            which[i][k] -= 2 * eps
            down = el._loss_and_grads(v, u, b, rows, total)[0]
            which[i][k] += eps
            assert math.isclose((up - down) / (2 * eps), grad[i][k], abs_tol=1e-6)
    b[2] += eps
    up = el._loss_and_grads(v, u, b, rows, total)[0]
    b[2] -= 2 * eps
    down = el._loss_and_grads(v, u, b, rows, total)[0]
    assert math.isclose((up - down) / (2 * eps), gb[2], abs_tol=1e-6)


@pytest.mark.parametrize("lang", LANGS)
def test_learned_vectors_sentences_hold(lang):
    """«En el paso 0 … ninguna de las N palabras dibujadas tiene como vecina más cercana una de su
    propio grupo»; «desde el paso S, las N tienen al lado una palabra de su grupo»; «los siguen las
    mismas palabras («come», «duerme», «juega»)»; «un vector de dos números»."""
    d = lesson_core.render("emb_learn", {"step": "0"}, lang)["data"]
    assert d["start_together"] == 0 and d["together"] == 0
    assert d["end_together"] == d["words"] == sum(len(w) for _, w in GROUPS[lang])
    assert d["settled_step"] is not None and d["settled_step"] < el.STEPS
    assert d["end_loss"] < d["start_loss"]
    assert el.DIM == 2 and ("vector de dos números" if lang == "es" else "vetor de dois números") in _page(lang, "turing-2-vectors")
    text = _page(lang, "turing-2-vectors")
    animals = GROUPS[lang][0][1]
    for verb in (("come", "duerme", "juega") if lang == "es" else ("come", "dorme", "brinca")):
        assert verb in text and all(f"{a} {verb} ." in " ".join(CORPUS[lang]) for a in animals[:2])
    for quoted in re.findall(r"[«“]((?:el|o|comemos) [^»”]+ \.)[»”]", text):
        assert quoted in CORPUS[lang], quoted
    # the slider's stops are precomputed: a later step shows the path so far
    late = lesson_core.render("emb_learn", {"step": str(el.STEPS)}, lang)
    assert late["parts"]["main"].count("<polyline") == 2 * d["words"]   # wide and narrow drawings
    assert late["data"]["together"] == d["words"]


def test_learned_vectors_refuse_a_step_off_the_slider():
    r = lesson_core.render("emb_learn", {"step": str(el.STEPS + el.EVERY)}, "pt")
    assert not r["ok"] and r["error"]["param"] == "step"


# --- stereotypes on the real model ---------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_stereotype_probes_go_both_ways(lang):
    """«Unas parejas van hacia el estereotipo y otras al revés»; «el modelo no muestra un patrón claro»;
    the probes are the page's own probe (rm_probe_own gives each pair's shift)."""
    from lesson_core.widgets.real_model_bias import PAIRS
    d = lesson_core.render("rm_bias", {}, lang)["data"]
    assert 0 < d["towards"] < d["pairs"] and d["towards"] + d["against"] == d["pairs"] == len(PAIRS[lang])
    c1, c2, a, b = PAIRS[lang][0]
    own = lesson_core.render("rm_probe_own", {"ctx1": c1, "ctx2": c2, "a": a, "b": b}, lang)["data"]
    assert own["transformer"]["shift"] == d["shifts"][0]
    text = _page(lang, "real-model")
    assert ("y otras al revés" if lang == "es" else "e outros ao contrário") in text
    assert quote_pair(c1, c2, lang) in text


def quote_pair(c1: str, c2: str, lang: str) -> str:
    return f"«{c1}» y «{c2}»" if lang == "es" else f"“{c1}” e “{c2}”"


@pytest.mark.parametrize("lang", LANGS)
def test_teacher_pages_cite_the_new_widgets_with_the_pages_defaults(lang):
    guide = (DOCS / lang / "teacher" / "real-model.md").read_text(encoding="utf-8")
    assert f'value("rm_residual", "p_best.0", pct=True, text="{SAMPLE[lang]}")' in guide
    assert 'value("emb_learn", "settled_step")' in (DOCS / lang / "teacher" / "turing-2-vectors.md").read_text(encoding="utf-8")
    assert 'quiz_key("quiz_opening")' in (DOCS / lang / "teacher" / "turing-1-words.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGS)
def test_residual_default_is_text_the_model_has_not_read(lang):
    from test_real_model_claims import _training_text
    assert SAMPLE[lang] not in _training_text(lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_attention_map_says_its_rows_sum_to_one_with_every_token(lang):
    """Review finding 19: on a phone the map shows the last tokens only; the page says the row sums
    to 1 with all of them."""
    said = {"es": "Cada fila suma 1 si se cuentan todos los tokens anteriores",
            "pt": "Cada linha soma 1 quando contamos todos os tokens anteriores"}[lang]
    assert said in _page(lang, "real-model")


def test_the_core_imports_with_one_languages_weights_only():
    """A page's browser has the real model's weights for its own language only: importing the core
    (every widget module) must not decode a model, and the quiz that needs one computes its answer
    on first use."""
    import subprocess
    import sys
    code = ("import importlib.abc, sys\n"
            "class Block(importlib.abc.MetaPathFinder):\n"
            "    def find_spec(self, name, path, target=None):\n"
            "        if name.startswith('lesson_core.model.tensors_'):\n"
            "            raise ModuleNotFoundError(name)\n"
            "sys.meta_path.insert(0, Block())\n"
            "import lesson_core\n"
            "print(lesson_core.render('emb_learn', {'step': '10'}, 'pt')['ok'])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parent.parent)
    assert out.returncode == 0 and out.stdout.strip() == "True", out.stderr[-2000:]
