"""The real model: pure-Python forward against numpy, the tokenizer, the manifest's claims,
sampling, bad input, and a short training run that lowers the loss."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lesson_core
from lesson_core.topics import bpe
from lesson_core.model import generate as gen
from lesson_core.model import vocab as V
from lesson_core.model.forward import Run
from lesson_core.model.load import count_params, manifest, model

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "training"))
import model_np as M  # noqa: E402
import train as T  # noqa: E402

LANGS = ("es", "pt")


numpy_params = M.from_model


@pytest.mark.parametrize("lang", LANGS)
def test_pure_python_forward_equals_numpy(lang):
    m = model(lang)
    ids = gen.prompt(lang, "El agua del río baja desde la montaña hasta el mar, y la escuela ve el río. " * 4).ids
    assert len(ids) == m.config["context"]  # a full context: the budget's case
    logits, _, _, atts = M.forward(numpy_params(m), m.config, np.array([ids]))
    run = Run(m)
    for t, i in enumerate(ids):
        run.feed(i)
        if t in (0, 7, len(ids) - 1):  # the key/value cache gives every position's logits
            assert np.max(np.abs(np.array(run.logits()) - logits[0, t])) < 1e-9
    for layer in range(m.config["layers"]):
        for head in range(m.config["heads"]):
            mine = run.attention[layer][head]
            ref = atts[layer][0, head]
            for t in range(len(ids)):
                assert np.max(np.abs(np.array(mine[t]) - ref[t, :t + 1])) < 1e-9
                assert np.max(np.abs(ref[t, t + 1:]), initial=0.0) == 0.0  # causal: nothing from the future


def test_numpy_backward_matches_finite_differences():
    cfg = {"d": 8, "ff": 12, "vocab": 11, "context": 6, "layers": 2, "heads": 2}
    rng = np.random.default_rng(0)
    p = {k: v + rng.normal(0, 0.3, v.shape) for k, v in M.init(cfg, rng, np.float64).items()}
    ids, tg = rng.integers(0, 11, (2, 5)), rng.integers(0, 11, (2, 5))
    _, _, cache, _ = M.forward(p, cfg, ids, tg)
    g = M.backward(p, cfg, cache, tg)
    for k in p:
        idx = tuple(rng.integers(0, s) for s in p[k].shape)
        old = p[k][idx]
        p[k][idx] = old + 1e-6
        up = M.forward(p, cfg, ids, tg)[1]
        p[k][idx] = old - 1e-6
        down = M.forward(p, cfg, ids, tg)[1]
        p[k][idx] = old
        assert abs((up - down) / 2e-6 - g[k][idx]) < 1e-6, k


@pytest.mark.parametrize("lang", LANGS)
def test_manifest_claims_hold(lang):
    man = manifest(lang)
    # the committed weights were trained on the corpus as it is now
    assert man["corpus_sha256"] == T.read_corpus(ROOT / "training" / "corpus" / lang)[2]
    assert man["val_loss"] < man["bigram_val_loss"] - 0.1  # clearly below the bigram baseline
    assert man["train_loss"] < man["val_loss"] + 1.0
    assert man["history"][-1][0] == man["steps"] and man["best_step"] <= man["steps"]
    size = sum((ROOT / "lesson_core" / "model" / f"{kind}_{lang}.py").stat().st_size for kind in ("weights", "tensors"))
    assert size <= 2_000_000  # weights in the site, per language
    m = model(lang)
    assert len(m.wte) == m.config["vocab"] == 256 + len(m.entries)
    assert count_params(m.config) == sum(np.array(v).size for v in numpy_params(m).values())


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=60))
def test_any_text_round_trips_through_the_tokenizer(text):
    text = text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
    m = model("es")
    assert V.decode(V.encode(text, m.vocab), m.entries) == text


def test_bpe_learn_follows_the_lesson():
    merges = bpe.learn(bpe.CORPUS, 5)
    assert [a + b for (a, b), _ in merges] == ["es", "est", "lo", "low", "ne"]
    assert [c for _, c in merges] == [9, 9, 7, 7, 6]


def test_token_tax_each_language_pays_more_under_the_other_tokenizer():
    es = lesson_core.render("rm_tokens", {"text": "La escuela tiene una biblioteca pequeña llena de libros."}, "es")
    pt = lesson_core.render("rm_tokens", {"text": "A escola tem uma biblioteca pequena cheia de livros."}, "pt")
    assert es["data"]["n_other"] > es["data"]["n_tokens"] and es["data"]["tax"] > 0
    assert pt["data"]["n_other"] > pt["data"]["n_tokens"]


def test_generation_is_seeded_and_greedy_at_temperature_zero():
    ids = gen.prompt("es", "El agua").ids
    a = gen.generate("es", ids, 5, 1.0, 50, 0.9, seed=3)
    assert a == gen.generate("es", ids, 5, 1.0, 50, 0.9, seed=3)
    greedy = gen.generate("es", ids, 3, 0, 1, 1.0, seed=0)
    probs = gen.next_probs("es", ids)
    assert greedy[0]["id"] == max(range(len(probs)), key=probs.__getitem__) and greedy[0]["p"] == 1.0
    r = lesson_core.render("rm_generate", {"text": "El agua", "n": 4, "top_k": 1}, "es")
    assert len(r["data"]["ids"]) == 4 and all(k == 1 for k in r["data"]["kept"])


@pytest.mark.parametrize("text", ["", "  ", "👋🏽 \u0301 \x00\x07 <script>alert(1)</script>", "ж" * 5000,
                                  "\ud800 lone", "a " * 500])
@pytest.mark.parametrize("wid", ["rm_tokens", "rm_attention", "rm_next", "rm_generate"])
def test_bad_input_gives_a_result_or_a_message(wid, text):
    params = {"text": text, "n": 4} if wid == "rm_generate" else {"text": text}
    r = lesson_core.render(wid, params, "pt")
    assert r["ok"], r
    html = "".join(r["parts"].values())
    assert "<script>" not in html and "NaN" not in html and "Infinity" not in html
    if not text:
        assert "vazia" in html
    if text == "a " * 500:  # longer than the context: the last tokens, and it says so
        assert ("ficam de fora" if wid == "rm_tokens" else "deixamos de fora") in html


def test_generation_never_exceeds_the_context():
    ctx = model("es").config["context"]
    r = lesson_core.render("rm_generate", {"text": "la casa " * 200, "n": 32}, "es")
    assert len(r["data"]["ids"]) == 32
    assert f"solo ve {ctx - 32} tokens" in r["parts"]["main"]


def test_nearest_tokens_are_ranked_by_cosine():
    r = lesson_core.render("rm_neighbors", {"word": "agua"}, "es")
    cos = [c for _, c in r["data"]["near"]]
    assert cos == sorted(cos, reverse=True) and all(-1 <= c <= 1 for c in cos)
    assert lesson_core.render("rm_neighbors", {"word": " "}, "es")["data"]["token"] is None


def test_a_short_training_run_lowers_the_loss():
    opts = {**T.TRAIN, "steps": 60, "eval_every": 30, "batch": 8, "warmup": 5, "lr": 1e-2, "engine": "numpy",
            "patience": 0}
    res = T.train("es", T.TINY, opts, ROOT / "training" / "corpus" / "es", log=lambda *_: None)
    hist = res["manifest"]["history"]
    uniform = np.log(res["manifest"]["config"]["vocab"])  # the loss of the untrained model (weights near 0)
    assert hist[-1][2] < hist[0][2] < uniform     # validation loss kept falling
    assert hist[-1][2] < uniform - 1.0 and hist[-1][1] < uniform - 1.0
    text = T.module_text(res)
    assert hashlib.sha256(text.encode()).hexdigest() == hashlib.sha256(T.module_text(res).encode()).hexdigest()
