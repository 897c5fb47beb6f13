"""The numpy reference tests do not depend on which SIMD kernels this CPU lets numpy use.

numpy picks vector kernels at run time (SSE, AVX2, AVX-512 ...), and their results may differ in the
last bit. ``NPY_DISABLE_CPU_FEATURES`` switches off every optional extension, so numpy falls back to
its baseline kernels; the reference tests must pass both ways, so they pass on any x86-64 machine.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
# Every unit-test module that compares the core with a numpy reference.
NUMPY_MODULES = sorted(p.name for p in TESTS.glob("test_*.py")
                       if "import numpy" in p.read_text(encoding="utf-8") and p.name != Path(__file__).name)


def optional_simd_features() -> list[str]:
    from numpy._core._multiarray_umath import __cpu_baseline__, __cpu_dispatch__, __cpu_features__

    return [f for f in __cpu_dispatch__ if __cpu_features__.get(f) and f not in __cpu_baseline__]


def test_numpy_references_hold_with_simd_dispatch_limited():
    optional = optional_simd_features()
    if not optional:
        pytest.skip("numpy dispatches to no optional SIMD extension on this CPU")
    env = dict(os.environ, NPY_DISABLE_CPU_FEATURES=" ".join(optional))
    probe = subprocess.run(
        [sys.executable, "-c",
         "from numpy._core._multiarray_umath import __cpu_features__ as f;"
         "import sys; sys.stdout.write(' '.join(k for k, v in f.items() if v))"],
        env=env, capture_output=True, text=True, check=True)
    still_on = set(probe.stdout.split()) & set(optional)
    assert not still_on, f"numpy did not disable {sorted(still_on)}"

    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", "numpy",
         *[str(TESTS / m) for m in NUMPY_MODULES]],
        env=env, capture_output=True, text=True, cwd=TESTS.parent)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and " failed" not in run.stdout, run.stdout[-1000:]
