"""Platform-independent sin/cos: within one unit in the last place of the C library's."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lesson_core.kit import fpmath


def ulps(a: float, b: float) -> float:
    return abs(a - b) / math.ulp(b) if b else abs(a - b) / math.ulp(0.0)


@settings(max_examples=3000, deadline=None)
@given(st.floats(min_value=-fpmath.MAX_ARG, max_value=fpmath.MAX_ARG, allow_nan=False))
def test_within_one_ulp_of_libm(x):
    assert ulps(fpmath.sin(x), math.sin(x)) <= 1.0
    assert ulps(fpmath.cos(x), math.cos(x)) <= 1.0


@pytest.mark.parametrize("x", [0.0, 1.0, 0.5, math.pi / 4, 3.0, 300.0, 100000.0])
def test_reference_values(x):
    assert fpmath.sin(x) == pytest.approx(math.sin(x), rel=0, abs=2.3e-16)
    assert fpmath.cos(x) == pytest.approx(math.cos(x), rel=0, abs=2.3e-16)


def test_identities_and_signs():
    assert fpmath.sin(0.0) == 0.0 and fpmath.cos(0.0) == 1.0
    assert math.copysign(1.0, fpmath.sin(-0.0)) == -1.0
    for x in (0.1, 2.0, 1234.5, 99999.0):
        assert fpmath.sin(-x) == -fpmath.sin(x) and fpmath.cos(-x) == fpmath.cos(x)
        assert fpmath.sin(x) ** 2 + fpmath.cos(x) ** 2 == pytest.approx(1.0, abs=4e-16)


def test_refuses_what_it_cannot_answer_well():
    with pytest.raises(ValueError):
        fpmath.sin(1e7)
    with pytest.raises(ValueError):
        fpmath.cos(float("nan"))
