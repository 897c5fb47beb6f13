"""The reader's model (lesson_core/topics/own_model.py, own_run.py): the hand-written backward pass
against finite differences and against numpy, determinism, divergence, and the texts it refuses."""

from __future__ import annotations

import copy
import math

import numpy as np
import pytest

from lesson_core.topics import own_model as om
from lesson_core.topics import own_run as orun

BATCH = [((1, 2, 0), 3), ((4, 4, 1), 0), ((0, 0, 0), 2), ((2, 3, 4), 4)]
TEXT = ("la casa de la abuela estaba al final del camino, junto al río. cada tarde la abuela salía a la "
        "puerta y miraba el agua. los niños venían a sentarse con ella, porque sabía contar historias. ") * 3


def small_model(seed: int = 3) -> om.Model:
    m = om.init(vocab=5, context=3, dim=2, hidden=4, seed=seed)
    m["b1"] = [0.1, -0.2, 0.05, 0.3]  # non-zero biases, so their gradients are exercised too
    m["b2"] = [0.2, -0.1, 0.0, 0.4, -0.3]
    return m


def mean_loss(m: om.Model) -> float:
    return math.fsum(om.loss_of(m, c, y) for c, y in BATCH) / len(BATCH)


def test_parameter_count_of_the_docstring_example():
    assert om.n_params(om.init(vocab=5, context=2, dim=3, hidden=4, seed=1)) == 68


def test_gradient_matches_finite_differences():
    m = small_model()
    g = om.zeros_like(m)
    total = om.grads(m, BATCH, g)
    assert total / len(BATCH) == pytest.approx(mean_loss(m), rel=1e-12)
    eps, checked = 1e-6, 0
    for key in ("E", "W1", "W2", "b1", "b2"):
        rows = m[key] if key in om.MATRICES else [m[key]]
        grows = g[key] if key in om.MATRICES else [g[key]]
        for i, row in enumerate(rows):
            for j in range(len(row)):
                keep = row[j]
                row[j] = keep + eps
                up = mean_loss(m)
                row[j] = keep - eps
                down = mean_loss(m)
                row[j] = keep
                assert grows[i][j] == pytest.approx((up - down) / (2 * eps), abs=1e-7), (key, i, j)
                checked += 1
    assert checked == om.n_params(m)


def numpy_grads(m: om.Model, batch):
    """The same model and loss written with numpy arrays, differentiated the textbook way."""
    E, W1, b1, W2, b2 = (np.array(m[k], dtype=float) for k in ("E", "W1", "b1", "W2", "b2"))
    X = np.array([np.concatenate([E[c] for c in ctx]) for ctx, _ in batch])    # (B, CD)
    Y = np.array([y for _, y in batch])
    A = X @ W1.T + b1                                                           # (B, H)
    Hh = A / (1 + np.abs(A))
    Z = Hh @ W2.T + b2                                                          # (B, V)
    P = np.exp(Z - Z.max(axis=1, keepdims=True))
    P /= P.sum(axis=1, keepdims=True)
    loss = -np.log(P[np.arange(len(Y)), Y]).sum()
    dZ = P.copy()
    dZ[np.arange(len(Y)), Y] -= 1
    dZ /= len(Y)
    dH = dZ @ W2
    dA = dH / (1 + np.abs(A)) ** 2
    dX = dA @ W1
    gE = np.zeros_like(E)
    D = E.shape[1]
    for b, (ctx, _) in enumerate(batch):
        for k, c in enumerate(ctx):
            gE[c] += dX[b, k * D:(k + 1) * D]
    return loss, {"E": gE, "W1": dA.T @ X, "b1": dA.sum(0), "W2": dZ.T @ Hh, "b2": dZ.sum(0)}


def test_gradient_matches_numpy_reference():
    m = om.init(vocab=7, context=4, dim=3, hidden=6, seed=11)
    batch = [((1, 2, 0, 6), 3), ((4, 4, 1, 5), 0), ((0, 0, 0, 0), 2), ((2, 3, 4, 6), 6), ((5, 5, 5, 5), 5)]
    g = om.zeros_like(m)
    total = om.grads(m, batch, g)
    ref_loss, ref = numpy_grads(m, batch)
    assert total == pytest.approx(ref_loss, rel=1e-12)
    for key, want in ref.items():
        assert np.allclose(np.array(g[key]), want, rtol=1e-10, atol=1e-13), key


def test_a_training_step_lowers_the_loss_on_its_batch():
    m = small_model()
    before = mean_loss(m)
    opt = om.Adam(m, 0.05)
    for _ in range(20):
        g = om.zeros_like(m)
        om.grads(m, BATCH, g)
        om.adam_step(opt, m, g)
    assert mean_loss(m) < before * 0.5


def test_same_seed_same_curve_and_samples_other_seed_not():
    a = list(orun.checkpoints(TEXT, 40, seed=5, size="small", every=20))
    b = list(orun.checkpoints(TEXT, 40, seed=5, size="small", every=20))
    c = list(orun.checkpoints(TEXT, 40, seed=6, size="small", every=20))
    assert a == b
    assert [x["held_bpc"] for x in a] != [x["held_bpc"] for x in c]
    assert [x["step"] for x in a] == [0, 20, 40]
    assert a[-1]["seen"] == 40 * orun.BATCH


def test_training_beats_uniform_and_the_unigram_is_the_baseline_of_the_same_split():
    run = orun.Run(TEXT, seed=1, size="small", lr=0.02)
    start = run.checkpoint()
    assert start["held_bpc"] == pytest.approx(math.log2(len(run.chars) + 1), abs=0.3)  # about uniform
    run.advance(200)
    after = run.checkpoint()
    assert after["train_bpc"] < start["train_bpc"] - 1
    assert after["held_bpc"] < after["unigram_bpc"]
    from lesson_core.topics.ngram import Counts, bits_per_char
    assert after["unigram_bpc"] == bits_per_char(Counts(run.train_text, 1).model(1), run.held_text)
    assert run.train_text + run.held_text == orun.prepare(TEXT)["text"]


def test_a_diverging_learning_rate_stops_at_the_first_non_finite_loss():
    ckpts = list(orun.checkpoints(TEXT, 2000, seed=1, size="small", lr=1e6, every=10))
    last = ckpts[-1]
    assert last["diverged"] and last["step"] < 2000
    assert all(math.isfinite(c["held_bpc"]) and math.isfinite(c["train_bpc"]) for c in ckpts)


def test_diverged_run_keeps_its_last_good_weights():
    run = orun.Run(TEXT, seed=1, size="small", lr=1e6)
    good = copy.deepcopy(run.model)
    while run.advance(1):
        good = copy.deepcopy(run.model)
    assert run.model == good


@pytest.mark.parametrize("raw, code", [
    ("", "empty"), ("   \n", "empty"), ("a", "too_short"), ("😀" * 300, "no_letters"),
    ("東京は日本の首都です。" * 40, "no_letters"), ("hola " * 10, "too_short"),
])
def test_texts_it_refuses_say_why(raw, code):
    with pytest.raises(orun.TextError) as err:
        orun.prepare(raw)
    assert err.value.code == code


def test_a_long_text_is_cut_and_says_how_much():
    raw = TEXT * 2000
    prep = orun.prepare(raw)
    assert len(prep["text"]) <= orun.MAX_CHARS and prep["cut"] == len(raw) - orun.MAX_CHARS


def test_emoji_are_dropped_and_counted():
    prep = orun.prepare(TEXT + "😀😀")
    assert prep["dropped"] == 2 and "😀" not in prep["text"]


def test_words_of():
    assert orun.words_of("¡hola, mundo! el río") == ["hola", "mundo", "el", "río"]
