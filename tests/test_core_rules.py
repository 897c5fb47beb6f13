"""The rules lesson_core's layout and arithmetic follow, read from its sources (AST scans).

- Layers: ``kit/`` imports nothing from the lessons (``topics``, ``data``, ``classroom``,
  ``widgets``, ``model``); ``topics/`` imports only ``kit/``, ``data/`` and other topics.
- Size: no module over 400 lines, except the generated data (``model/weights_*.py``, ``tensors_*.py``, ``ngram_*.py``).
- One localisation idiom: no ``{"es": ..., "pt": ...}[lang]`` subscript (``tr(lang, {...})``).
- One softmax: ``exp`` over a list (``[exp(s - m) for s in scores]``) only in
  ``topics/attention.py``; a function named ``*softmax*`` only there. The temperature version is
  ``topics.sampling.with_temperature``.
- One arithmetic for both Pythons (the build's CPython 3.11, Pyodide's newer Python): a function
  whose result depends on the platform's C library goes through ``kit/fpmath.py``. Outside it,
  ``math`` is used only for what IEEE-754 rounds exactly or what involves no rounding
  (``ALLOWED_MATH``), the builtin ``pow`` not at all, and ``**`` only on an integer literal base
  (``10**6``): ``x ** 2`` on a float calls the C library's ``pow`` (write ``x * x``), ``x ** 0.5``
  too (write ``math.sqrt(x)``, or ``fpmath.pow``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from conftest import ROOT

CORE = ROOT / "lesson_core"
GENERATED = {"model/weights_es.py", "model/weights_pt.py", "model/tensors_es.py", "model/tensors_pt.py",
             "model/ngram_es.py", "model/ngram_pt.py"}  # written by training/train.py
LESSON_LAYERS = {"topics", "data", "classroom", "widgets", "model"}
MAX_LINES = 400
# math functions that round exactly once by IEEE-754 (sqrt, fsum), do no rounding at all (floor,
# frexp, ldexp, copysign...), or are integer arithmetic: the same bits on every platform.
# degrees/radians are one multiplication by a constant.
ALLOWED_MATH = {"sqrt", "fsum", "floor", "ceil", "trunc", "fabs", "copysign", "isfinite", "isnan", "isinf",
                "isclose", "ldexp", "frexp", "modf", "fmod", "ulp", "nextafter", "degrees", "radians", "prod",
                "isqrt", "gcd", "lcm", "comb", "perm", "factorial", "pi", "e", "tau", "inf", "nan"}
FPMATH = "kit/fpmath.py"
# Where the rule does not apply yet, and why (each entry: file -> the only hits allowed there).
EXEMPT = {
    # An x coordinate on the log axis of the real model's loss chart, rounded to 2 decimals by
    # html.num() before it is drawn (never shown as a number). The file belongs to the real-model
    # lesson's own work (issue 20 leaves it to that branch): fpmath.log10 is the replacement.
    "widgets/real_model_views.py": {"math.log10"},
}


def sources() -> list[tuple[str, ast.Module, str]]:
    out = []
    for path in sorted(CORE.rglob("*.py")):
        rel = path.relative_to(CORE).as_posix()
        if rel not in GENERATED:
            text = path.read_text(encoding="utf-8")
            out.append((rel, ast.parse(text, filename=str(path)), text))
    return out


SOURCES = sources()


def imported_layers(rel: str, tree: ast.Module) -> set[str]:
    """The lesson_core subpackages a module imports (absolute or relative)."""
    package = rel.split("/")[:-1]
    out = set()
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name.split(".") for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                parts = base + (node.module.split(".") if node.module else [])
                names = [parts] if node.module else [parts + [a.name] for a in node.names]
                names = [["lesson_core", *n] for n in names]
            else:
                names = [(node.module or "").split(".")]
        for parts in names:
            if parts[0] == "lesson_core" and len(parts) > 1:
                out.add(parts[1])
    return out


def test_layers_import_one_way():
    found = []
    for rel, tree, _ in SOURCES:
        layer = rel.split("/")[0]
        used = imported_layers(rel, tree) - {layer}
        if layer == "kit" and used & (LESSON_LAYERS | {"scaffold"}):
            found.append(f"lesson_core/{rel} (kit) imports {sorted(used & LESSON_LAYERS)}")
        if layer == "topics" and used - {"kit", "data"}:
            found.append(f"lesson_core/{rel} (topics) imports {sorted(used - {'kit', 'data'})}")
    assert not found, "imports against the layers: " + "; ".join(found)


def test_the_scan_sees_relative_and_absolute_imports():
    tree = ast.parse("from ..widgets import x\nfrom lesson_core.model import y\nfrom . import fmt\nimport lesson_core.data.bigram")
    assert imported_layers("kit/z.py", tree) == {"widgets", "model", "kit", "data"}


def test_no_module_over_400_lines():
    long = [f"lesson_core/{rel}: {text.count(chr(10))} lines" for rel, _, text in SOURCES
            if text.count("\n") > MAX_LINES]
    assert not long, f"split these modules (at most {MAX_LINES} lines each): {long}"


def lang_subscripts(tree: ast.Module) -> list[int]:
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Dict)
            and any(isinstance(k, ast.Constant) and k.value in ("es", "pt") for k in node.value.keys)]


def test_one_localisation_idiom():
    assert lang_subscripts(ast.parse('x = {"es": "uno", "pt": "um"}[lang]')) == [1]
    found = [f"lesson_core/{rel}:{line}" for rel, tree, _ in SOURCES for line in lang_subscripts(tree)]
    assert not found, "write tr(lang, {...}) instead of {...}[lang] at " + ", ".join(found)


def _called(node: ast.AST) -> str:
    func = node.func if isinstance(node, ast.Call) else None
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def softmaxes(tree: ast.Module) -> list[int]:
    """Lines of a list of exp's (a softmax written out) or of a function named like one."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.ListComp, ast.GeneratorExp)) and any(
                _called(n) == "exp" for n in ast.walk(node.elt)):
            out.append(node.lineno)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and "softmax" in node.name:
            out.append(node.lineno)
    return sorted(out)


def test_one_softmax():
    assert softmaxes(ast.parse("w = [fpmath.exp(v - m) for v in s]\ndef softmax_t(z, t): pass")) == [1, 2]
    found = [f"lesson_core/{rel}:{line}" for rel, tree, _ in SOURCES if rel != "topics/attention.py"
             for line in softmaxes(tree)]
    assert not found, ("use topics.attention.softmax (or topics.sampling.with_temperature) instead of a "
                       "softmax written out at " + ", ".join(found))


def int_power(node: ast.BinOp) -> bool:
    """An integer literal raised to an exponent with no division and no float literal (10**e):
    integer arithmetic, exact."""
    return (isinstance(node.left, ast.Constant) and type(node.left.value) is int
            and not any(isinstance(n, ast.Div) or (isinstance(n, ast.Constant) and isinstance(n.value, float))
                        for n in ast.walk(node.right)))


def platform_arithmetic(tree: ast.Module) -> list[str]:
    """What in a module may compute different bits in CPython 3.11 and Pyodide."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "math" \
                and node.attr not in ALLOWED_MATH:
            out.append(f"{node.lineno}: math.{node.attr}")
        elif isinstance(node, ast.ImportFrom) and node.module in ("math", "cmath", "statistics"):
            bad = [a.name for a in node.names if node.module != "math" or a.name not in ALLOWED_MATH]
            if bad:
                out.append(f"{node.lineno}: from {node.module} import {', '.join(bad)}")
        elif isinstance(node, ast.Import) and any(a.name in ("cmath", "statistics") for a in node.names):
            out.append(f"{node.lineno}: import cmath/statistics")
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow) and not int_power(node):
            out.append(f"{node.lineno}: ** on a float (the C library's pow)")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "pow":
            out.append(f"{node.lineno}: pow()")
    return out


@pytest.mark.parametrize("code,bad", [
    ("math.exp(1)", True), ("math.log10(2)", True), ("math.sin(x)", True), ("math.hypot(a, b)", True),
    ("from math import exp", True), ("x ** 2", True), ("2.0 ** k", True), ("pow(a, b)", True),
    ("10 ** (2 * i / d)", True), ("10 ** 0.5", True),
    ("math.sqrt(2)", False), ("math.fsum(xs)", False), ("10**6", False), ("10**e", False), ("fpmath.exp(1)", False),
])
def test_the_arithmetic_scan_decides(code, bad):
    assert bool(platform_arithmetic(ast.parse(code))) is bad


def test_one_arithmetic_for_both_pythons():
    found = [f"lesson_core/{rel}:{hit}" for rel, tree, _ in SOURCES if rel != FPMATH
             for hit in platform_arithmetic(tree) if hit.split(": ", 1)[1] not in EXEMPT.get(rel, ())]
    assert not found, ("results that may differ between CPython 3.11 and Pyodide (use lesson_core.kit.fpmath, "
                       "x * x for a square, math.sqrt for a root): " + "; ".join(found))
