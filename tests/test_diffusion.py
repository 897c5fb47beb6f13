"""Section 14: the noisy pixel, the heart's exact estimate and DDIM generation (lesson_core.topics.diffusion)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lesson_core.kit.fmt import plain
from lesson_core.topics import diffusion as df
from lesson_core import render
from lesson_core.kit.messages import ParamError

WIDGETS = ["diffusion_pixel", "diffusion_heart_noise", "diffusion_heart_generate"]
HEART = df.heart_points()
finite = st.floats(-5, 5)


@given(finite, finite)
def test_at_alpha_bar_1_xt_is_x0(x0, eps):
    assert df.noisy_pixel(x0, eps, 1.0) == x0


@given(finite, finite, st.floats(0.01, 1.0))
def test_the_estimate_inverts_the_noise(x0, eps, ab):
    xt = df.noisy_pixel(x0, eps, ab)
    assert df.pixel_estimate(xt, eps, ab) == pytest.approx(x0, abs=1e-9)


def test_pixel_numbers_and_limits():
    assert df.noisy_pixel(0.8, 1.5, 0.64) == pytest.approx(0.8 * 0.8 + 0.6 * 1.5)
    assert df.noisy_pixel(0.8, 1.5, 0.0) == 1.5  # pure noise
    with pytest.raises(ParamError):
        df.pixel_estimate(1.5, 1.5, 0.0)
    with pytest.raises(ParamError):
        df.noisy_pixel(0.8, 1.5, 1.2)


def test_heart_points():
    assert len(HEART) == 240
    xs, ys = np.array(HEART).T
    assert abs(xs.mean()) < 1e-12 and abs(ys.mean()) < 1e-12
    assert ((xs ** 2 + ys ** 2).mean() / 2) == pytest.approx(1.0, abs=1e-12)
    for i in range(1, 120):  # mirror symmetric: t and 2 pi - t
        assert HEART[240 - i][0] == pytest.approx(-HEART[i][0], abs=1e-12)
        assert HEART[240 - i][1] == pytest.approx(HEART[i][1], abs=1e-12)


def test_forward_noise_ends_in_a_round_cloud():
    eps = df.noise_vectors(240, df.SEED)
    assert df.forward_points(HEART, eps, 1.0) == HEART
    assert df.forward_points(HEART, eps, 0.0) == eps
    cloud = np.array(df.forward_points(HEART, eps, 0.0))
    assert abs(cloud[:, 0].std() - cloud[:, 1].std()) < 0.2  # round: both directions alike
    ab = df.alpha_bars()
    assert ab[0] == 1.0 and ab[-1] == 0.0 and all(a > b for a, b in zip(ab, ab[1:]))


def _numpy_estimate(x, ab):
    pts = np.array(HEART)
    score = -((np.array(x) - math.sqrt(ab) * pts) ** 2).sum(axis=1) / (2 * (1 - ab))  # the lesson's formula
    w = np.exp(score - score.max())
    w /= w.sum()
    return w @ pts, w


@given(st.floats(-3, 3), st.floats(-3, 3), st.floats(0.0, 0.995))
def test_the_estimate_matches_numpy(x, y, ab):
    (ex, ey), w = df.posterior_mean((x, y), ab, HEART)
    ref, wref = _numpy_estimate((x, y), ab)
    assert np.allclose([ex, ey], ref, rtol=0, atol=1e-9)
    assert np.allclose(w, wref, rtol=1e-6, atol=1e-12)


def test_the_estimate_sharpens_as_noise_falls():
    x = (0.5, 0.4)
    broad = df.posterior_mean(x, 0.05, HEART)[1]
    sharp = df.posterior_mean(x, 0.99, HEART)[1]
    assert max(broad) < 0.01 and max(sharp) > 10 * max(broad)  # blurry mean early, few points late
    mean = np.array(HEART).mean(axis=0)
    assert np.allclose(df.posterior_mean(x, 0.0, HEART)[0], mean, atol=1e-12)  # no signal: the plain mean


def _nearest(points):
    pts = np.array(HEART)
    d = np.sqrt(((np.array(points)[:, None, :] - pts[None, :, :]) ** 2).sum(axis=2))
    return d.min(axis=1), d.argmin(axis=1)


def test_generated_points_end_near_the_heart():
    run = df.generate()
    assert run["done"] == df.STEPS and len(run["path"]) == 500
    start = np.array([p[0] for p in run["path"]])
    assert start.std() == pytest.approx(1.0, abs=0.1)  # they start as pure noise
    dist, idx = _nearest([p[-1] for p in run["path"]])
    spacing = np.mean([math.dist(HEART[i], HEART[(i + 1) % 240]) for i in range(240)])
    # threshold: on average a generated point is nearer to the heart than two neighbouring
    # training points are to each other (spacing ~ 0.045, cloud radius ~ 1.7)
    assert spacing == pytest.approx(0.045, abs=0.001)
    assert dist.mean() < spacing and dist.max() < 0.15
    start_dist, _ = _nearest(start)
    assert start_dist.mean() > 10 * dist.mean()
    assert len(set(idx.tolist())) > 150  # spread along the whole heart, not collapsed on a few points


def test_generation_is_cached_pure_and_per_point():
    run = df.generate()
    assert df.generate() is run
    assert df.track(321)["path"] == run["path"][321] and df.track(321)["est"] == run["est"][321]
    # the last step returns the last estimate itself
    assert all(p[-1] == e[-1] for p, e in zip(run["path"][:50], run["est"][:50]))
    saved = dict(df._CACHE)
    df._CACHE.clear()
    try:
        again = df.generate(done=4)
        assert [p[:5] for p in again["path"]] == [p[:5] for p in run["path"]]
    finally:
        df._CACHE.clear()
        df._CACHE.update(saved)


def test_widget_readouts():
    r = render("diffusion_pixel", {"alpha": "1"}, "es")
    assert r["data"]["xt"] == 0.8 and "= 0,800" in plain(r["parts"]["main"])
    z = render("diffusion_pixel", {"alpha": "0"}, "pt")
    assert z["ok"] and z["data"]["estimate"] is None and "dividir por 0" in z["parts"]["main"]
    n = render("diffusion_heart_noise", {"step": "16"}, "es")
    assert n["data"]["alpha_bar"] == 0.0 and 0.8 < n["data"]["spread"] < 1.2
    g = render("diffusion_heart_generate", {"step": "6", "point": "321"}, "pt")
    assert g["ok"] and "ponto 321" in g["parts"]["main"] and g["data"]["effective_points"] > 1


@pytest.mark.parametrize("wid,params", [
    ("diffusion_pixel", {"alpha": "1.1"}), ("diffusion_pixel", {"alpha": "nan"}), ("diffusion_pixel", {"x0": "2"}),
    ("diffusion_heart_noise", {"step": "3"}), ("diffusion_heart_generate", {"point": "500"}),
    ("diffusion_heart_generate", {"point": "-1"}), ("diffusion_heart_generate", {"point": "abc"}),
    ("diffusion_heart_generate", {"point": ""}), ("diffusion_heart_generate", {"point": "inf"}),
    ("diffusion_heart_generate", {"point": "<script>"}),
])
@pytest.mark.parametrize("lang", ["es", "pt"])
def test_bad_input_gives_a_message(wid, params, lang):
    r = render(wid, params, lang)
    assert r["ok"] is False and r["error"]["message"] and "<script" not in r["error"]["message"]
