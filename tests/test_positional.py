"""Positional encoding: reference values against numpy, the rotation identity, the lesson's claims."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lesson_core
from lesson_core.topics import positional as pe
from lesson_core.kit.messages import ParamError


def numpy_pe(positions: np.ndarray, d: int) -> np.ndarray:
    """The formula of Vaswani et al. written the usual vectorized way."""
    i = np.arange(d // 2)
    angles = positions[:, None] / np.power(10000.0, 2 * i[None, :] / d)
    out = np.empty((len(positions), d))
    out[:, 0::2] = np.sin(angles)
    out[:, 1::2] = np.cos(angles)
    return out


def angle_error_bound(positions: np.ndarray, d: int) -> np.ndarray:
    """How far numpy's vectorized angle may sit from ours, per element of the matrix.

    ``np.power`` and the division run in SIMD kernels chosen for the CPU (AVX-512 machines differ
    from AVX2 ones in the last bit), and one ulp of an angle near 100 000 is 1.5e-11. sin and cos
    have slope at most 1, so the reference may differ by a few ulps of the angle itself; 4 ulps
    (the power, the division, and each kernel's documented bound) plus 4 ulps of the result.
    """
    i = np.arange(d // 2)
    angles = positions[:, None] / np.power(10000.0, 2 * i[None, :] / d)
    per_angle = 4 * np.spacing(np.abs(angles)) + 4 * np.spacing(1.0)
    return np.repeat(per_angle, 2, axis=1)


@pytest.mark.parametrize("d", [2, 4, 8, 16, 64, 512])
def test_pe_matrix_matches_numpy(d):
    """Against the usual vectorized numpy formula, within the error its float angle carries."""
    positions = np.array([0, 1, 2, 3, 7, 50, 300, 4999, 5000, 100000])
    ours = np.array(pe.pe_matrix(positions.tolist(), d))
    diff = np.abs(ours - numpy_pe(positions, d))
    bound = angle_error_bound(positions, d)
    worst = np.unravel_index(np.argmax(diff - bound), diff.shape)
    assert (diff <= bound).all(), f"at {worst}: differs by {diff[worst]:.3g}, bound {bound[worst]:.3g}"


@pytest.mark.parametrize("d", [2, 4, 8, 16, 64, 512])
def test_pe_matrix_matches_numpy_on_the_same_angles(d):
    """With the angle computed the core's way (scalar CPython, no SIMD), only sin/cos differ: 1e-15."""
    positions = [0, 1, 2, 3, 7, 50, 300, 4999, 5000, 100000]
    angles = np.array([[p / pe.divisor(i, d) for i in range(d // 2)] for p in positions])
    ref = np.empty((len(positions), d))
    ref[:, 0::2] = np.sin(angles)
    ref[:, 1::2] = np.cos(angles)
    np.testing.assert_allclose(np.array(pe.pe_matrix(positions, d)), ref, rtol=0, atol=1e-15)


def test_known_values():
    assert pe.pe_vector(0, 4) == [0.0, 1.0, 0.0, 1.0]
    v = pe.pe_vector(1, 4)
    assert v[0] == math.sin(1.0) and v[1] == math.cos(1.0)
    assert v[2] == pytest.approx(math.sin(0.01), abs=1e-15)  # 10000^(2/4) = 100
    assert pe.wavelength(0, 16) == pytest.approx(2 * math.pi)
    assert pe.frequency(8, 16) == pytest.approx(1e-4)  # the limit 1/10000 at i = d/2


@pytest.mark.parametrize("d", [0, 3, 7, -2])
def test_bad_dimension_is_a_clear_message(d):
    with pytest.raises(ParamError) as err:
        pe.pe_vector(5, d)
    assert err.value.param == "d"
    assert "par" in err.value.text["es"] and "par" in err.value.text["pt"]
    result = lesson_core.render("pe_fingerprint", {"d": str(d)}, "pt")
    assert result["ok"] is False and result["error"]["param"] == "d"


@settings(max_examples=300, deadline=None)
@given(pos=st.integers(0, 1000), k=st.integers(0, 1000), d=st.sampled_from([2, 4, 8, 16, 64, 128]))
def test_rotation_identity_within_1e_12(pos, k, d):
    assert pe.rotation_check(pos, k, d)["max_error"] <= 1e-12


@settings(max_examples=200, deadline=None)
@given(pos=st.integers(0, 100000), k=st.integers(0, 100000), d=st.sampled_from([4, 16, 64]))
def test_rotation_identity_far_away(pos, k, d):
    # For large angles the only error left is the rounding of pos*w itself:
    # about one ulp of the largest angle, (pos + k) * 2**-52.
    bound = 8 * (pos + k + 1) * 2.0 ** -52
    assert pe.rotation_check(pos, k, d)["max_error"] <= bound


@settings(max_examples=100, deadline=None)
@given(pos=st.integers(0, 100000), k=st.integers(0, 1000))
def test_rotation_depends_on_k_only(pos, k):
    """R_k built once serves every starting position."""
    blocks = pe.rotation_blocks(k, 8)
    assert blocks == pe.rotation_blocks(k, 8)  # no hidden state
    rotated = pe.rotate(pe.pe_vector(pos, 8), k)
    direct = pe.pe_vector(pos + k, 8)
    assert max(abs(a - b) for a, b in zip(rotated, direct)) < 1e-9


@settings(max_examples=200, deadline=None)
@given(pos=st.integers(0, 100000), d=st.sampled_from([2, 8, 16, 512]))
def test_code_is_bounded_with_constant_length(pos, d):
    v = pe.pe_vector(pos, d)
    assert all(-1.0 <= x <= 1.0 for x in v)
    assert sum(x * x for x in v) == pytest.approx(d / 2, rel=1e-12)


def test_raw_count_swamps_meaning_by_word_5000():
    word = [0.8, -0.3, 0.5, 0.1]
    assert pe.raw_count_share(word, 5000) > 0.9999
    assert pe.raw_count_share(word, 0) == 0.0
    data = lesson_core.render("pe_raw_vs_wave", {"pos": "5000"}, "es")["data"]
    assert data["raw_share"] > 0.9999 and max(abs(x) for x in data["code"]) <= 1


def test_one_slow_wave_confuses_3_and_300_but_the_code_does_not():
    slow = pe.wave_gap(3, 300, 7, 16)
    fast = pe.wave_gap(3, 300, 0, 16)
    assert slow["one_wave_distance"] < 0.1       # almost the same height on the slowest wave
    assert fast["one_wave_distance"] > 0.5       # a fast wave tells them apart
    assert slow["full_distance"] > 2.0           # and so does the whole code
    # no other position in 0..1000 shares position 3's code
    code3 = pe.pe_vector(3, 16)
    assert min(pe.distance(code3, pe.pe_vector(p, 16)) for p in range(1001) if p != 3) > 0.1


def test_code_is_added_not_appended():
    word = [0.1] * 8
    x = pe.add_position(word, 4)
    assert len(x) == 8
    assert x == [a + b for a, b in zip(word, pe.pe_vector(4, 8))]
    data = lesson_core.render("pe_sum", {"word": "man", "pos": "4"}, "es")["data"]
    assert data["x"] == [a + b for a, b in zip(data["E"], data["PE"])]
