"""Platform-independent functions (kit/fpmath): within one unit in the last place of the C library's,
and the same bits under Pyodide."""

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


# --- exp, log, log10, pow, atan2, acos, hypot ---------------------------------------------------

FUNCTIONS = {  # name -> (the C library's, arguments)
    "exp": (math.exp, st.tuples(st.floats(min_value=-745.0, max_value=709.7))),
    "log": (math.log, st.tuples(st.floats(min_value=5e-324, max_value=1.7e308))),
    "log10": (math.log10, st.tuples(st.floats(min_value=5e-324, max_value=1.7e308))),
    "pow": (math.pow, st.tuples(st.floats(min_value=1e-3, max_value=1e5), st.floats(min_value=-8, max_value=8))),
    "atan2": (math.atan2, st.tuples(st.floats(-1e6, 1e6), st.floats(-1e6, 1e6))),
    "acos": (math.acos, st.tuples(st.floats(-1.0, 1.0))),
    "hypot": (math.hypot, st.lists(st.floats(-1e100, 1e100), min_size=0, max_size=6).map(tuple)),
}


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_new_functions_within_one_ulp_of_libm(name):
    ref, args = FUNCTIONS[name]

    @settings(max_examples=1500, deadline=None)
    @given(args)
    def check(xs):
        got, want = getattr(fpmath, name)(*xs), ref(*xs)
        if want == 0.0 or got == 0.0:
            assert abs(got - want) <= 5e-324 or ulps(got, want) <= 1.0, (xs, got, want)
        else:
            assert ulps(got, want) <= 1.0, (xs, got, want)
    check()


def test_special_values_as_math():
    assert fpmath.exp(0.0) == 1.0 and fpmath.exp(-1000.0) == 0.0 and fpmath.exp(math.inf) == math.inf
    assert fpmath.log(1.0) == 0.0 and fpmath.log10(1000.0) == 3.0 and fpmath.log10(1e-5) == -5.0
    assert fpmath.atan2(0.0, -1.0) == math.pi and fpmath.acos(-1.0) == math.pi and fpmath.acos(1.0) == 0.0
    assert fpmath.pow(10000.0, 0.5) == 100.0 and fpmath.pow(2.0, 10.0) == 1024.0
    assert fpmath.hypot(3.0, 4.0) == 5.0 and fpmath.hypot() == 0.0 and fpmath.hypot(1e-300, 1e-300) > 0
    for bad in (lambda: fpmath.log(0.0), lambda: fpmath.log(-1.0), lambda: fpmath.acos(1.5),
                lambda: fpmath.pow(-2.0, 0.5)):
        with pytest.raises(ValueError):
            bad()
    with pytest.raises(OverflowError):
        fpmath.exp(710.0)


PARITY_INPUTS = {
    "exp": [(x / 7,) for x in range(-5200, 4950, 37)] + [(-744.5,), (709.5,), (1e-9,)],
    "log": [(x / 13,) for x in range(1, 4000, 7)] + [(1e-310,), (1e300,)],
    "log10": [(x / 3,) for x in range(1, 3000, 11)] + [(5e-324,)],
    "pow": [(10000.0, 2 * i / d) for d in (4, 8, 16, 64) for i in range(d // 2)],
    "atan2": [(y / 3, x / 5) for y in range(-20, 21, 3) for x in range(-20, 21, 4)],
    "acos": [(c / 97,) for c in range(-97, 98)],
    "hypot": [(x / 3, y / 7, 0.5) for x in range(-9, 9, 2) for y in range(-9, 9, 3)],
    "sin": [(x * 0.731,) for x in range(-3000, 3000, 17)],
    "cos": [(x * 0.731,) for x in range(-3000, 3000, 17)],
}

NODE_SCRIPT = r"""
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";
const [source, inputs] = process.argv.slice(2);
const py = await loadPyodide({ stdout: () => {}, stderr: () => {} });
py.FS.writeFile("/home/pyodide/fpmath.py", readFileSync(source, "utf8"));
py.globals.set("inputs", readFileSync(inputs, "utf8"));
try {
  console.log(py.runPython(`
import sys, json; sys.path.insert(0, "/home/pyodide"); import fpmath
json.dumps({name: [getattr(fpmath, name)(*a).hex() for a in args] for name, args in json.loads(inputs).items()})`));
} catch (err) {
  console.error("PYTHON " + err.message);
  process.exit(1);
}
"""


@pytest.mark.slow
def test_same_bits_in_pyodide(tmp_path):
    """Exact parity: every function gives the same bits under Pyodide (in Node) as here."""
    import json
    import shutil
    import subprocess

    from conftest import ROOT
    if not (ROOT / "node_modules" / "pyodide").is_dir() or not shutil.which("node"):
        pytest.fail("node and node_modules/pyodide are required: run `npm ci`")
    (tmp_path / "inputs.json").write_text(json.dumps(PARITY_INPUTS))
    script = ROOT / "node_modules" / ".fpmath-parity.mjs"  # beside node_modules: `import "pyodide"` resolves
    script.write_text(NODE_SCRIPT)
    try:
        proc = subprocess.run(["node", str(script), str(ROOT / "lesson_core" / "kit" / "fpmath.py"),
                               str(tmp_path / "inputs.json")], cwd=ROOT, capture_output=True, text=True, timeout=600)
    finally:
        script.unlink(missing_ok=True)
    assert proc.returncode == 0, proc.stderr[proc.stderr.find("PYTHON"):][-2000:]
    there = json.loads(proc.stdout.strip().splitlines()[-1])
    here = {name: [getattr(fpmath, name)(*a).hex() for a in args] for name, args in PARITY_INPUTS.items()}
    differ = {name: [PARITY_INPUTS[name][i] for i, (a, b) in enumerate(zip(here[name], there[name])) if a != b]
              for name in here}
    assert not any(differ.values()), differ


@settings(max_examples=1500)
@given(st.floats(min_value=5e-324, max_value=1e308, allow_nan=False, allow_infinity=False))
def test_log2_within_two_ulp_of_libm(x):
    """log2 is log(x) / ln 2 (the bits per character of the real-model lesson): two roundings, so 2 ulp."""
    want = math.log2(x)
    assert abs(fpmath.log2(x) - want) <= 2 * math.ulp(want) or fpmath.log2(x) == want
    assert fpmath.log2(8.0) == 3.0 and fpmath.log2(1.0) == 0.0
