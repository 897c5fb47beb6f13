"""The rules lesson_core's layout and arithmetic follow, read from its sources (AST scans).

- Layers: ``kit/`` imports nothing from the lessons (``topics``, ``data``, ``classroom``,
  ``widgets``, ``model``); ``topics/`` imports only ``kit/``, ``data/`` and other topics.
- Size: no module over 400 lines, except the generated data (``model/weights_*.py``, ``tensors_*.py``, ``ngram_*.py``).
- One bilingual idiom, in lesson_core and macros: a text in both languages is a ``{"es": ..., "pt": ...}``
  table read by ``tr(lang, table)``, inline or from a catalogue (``tr(lang, T["key"])``). Not allowed:
  a subscript or ``.get()`` by the language (``T[k][lang]``, ``(a if c else b)[lang]``, ``{...}[lang]``),
  a helper taking the texts as ``(es, pt)`` arguments, a ternary or an if/else picking a text by the
  language, a ``.replace()`` swapping words by the language, and a ``{"es", "pt"}`` literal read in
  place without ``tr``. A planted-code self-check proves the scan finds each form.
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


# --- one bilingual idiom: tr(lang, {"es": ..., "pt": ...}) ------------------------------------------

# Where a finding is not a bilingual text, or the file belongs to another branch for now; each entry:
# file -> the exact expressions allowed there (ast.unparse). A stale entry fails too.
IDIOM_EXEMPT = {
    "lesson_core/kit/fmt.py": {"table[check_lang(lang)]"},  # tr itself
    # The set of page paths in each language's folder, for a build message in English: data about
    # the two folders, not a text. (macros/authoring.py is the authoring branch's file.)
    "macros/authoring.py": {"pages[lang]"},
    # The error message of a refused parameter. registry.py is the value() branch's (issue 28): it
    # becomes tr(lang, err.text) there; then remove this entry.
    "lesson_core/kit/registry.py": {"err.text[lang]"},
}
LANG_CODES = ("es", "pt")


def idiom_sources() -> list[tuple[str, ast.Module]]:
    """Every module of lesson_core (the generated data aside) and of macros, by path from the root."""
    core = [(f"lesson_core/{rel}", tree) for rel, tree, _ in SOURCES]
    return core + [(p.relative_to(ROOT).as_posix(), ast.parse(p.read_text(encoding="utf-8"), filename=str(p)))
                   for p in sorted((ROOT / "macros").rglob("*.py"))]


def names_lang(node: ast.AST) -> bool:
    """An expression naming a language: a variable or attribute called like one (lang, lg, page_lang,
    other_lang), or a call of a function called like one (check_lang(x), page_lang(page))."""
    if isinstance(node, ast.Call):
        node = node.func
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
    return name == "lg" or "lang" in name.lower()


def conditions_on_lang(node: ast.AST) -> bool:
    """A condition on the language: lang == "es", check_lang(lang) != "pt", lg in ("es",)..."""
    for cmp in ast.walk(node):
        if isinstance(cmp, ast.Compare):
            sides = [cmp.left, *cmp.comparators]
            codes = [c for s in sides for c in ast.walk(s) if isinstance(c, ast.Constant) and c.value in LANG_CODES]
            if codes and any(names_lang(s) for s in sides):
                return True
    return False


def _is_text(node: ast.AST | None) -> bool:
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str))


def _picks_text(body: list[ast.stmt]) -> bool:
    """A branch that only returns or assigns a literal text (the statement form of a ternary)."""
    return len(body) == 1 and isinstance(body[0], (ast.Return, ast.Assign)) and _is_text(body[0].value)


def _bilingual_dict(node: ast.AST) -> bool:
    """A literal {"es": ..., "pt": ...}: exactly those two keys."""
    if not isinstance(node, ast.Dict) or len(node.keys) != 2:
        return False
    return sorted(k.value for k in node.keys if isinstance(k, ast.Constant)) == list(LANG_CODES)


def _pair_params(fn: ast.AST) -> bool:
    """Parameters for both languages' texts: (es, pt), (text_es, text_pt), (es_label, pt_label)..."""
    args = fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs
    codes = {part for a in args for part in (a.arg.split("_")[0], a.arg.split("_")[-1]) if part in LANG_CODES}
    return codes == set(LANG_CODES)


# where a {"es": ..., "pt": ...} literal may stand: handed to tr or to a declaration (a widget's title,
# a control's label, an option), kept in a catalogue (a name, a table's entry, a returned value)
HOLDS_TEXT = (ast.Call, ast.keyword, ast.Dict, ast.List, ast.Tuple, ast.Set, ast.Assign, ast.AnnAssign,
              ast.Return, ast.Lambda, ast.ListComp, ast.DictComp, ast.GeneratorExp)


def bilingual_forms(tree: ast.Module) -> list[tuple[int, str, str]]:
    """Every bilingual string not written the one way, as (line, form, expression)."""
    parent = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}

    def under_lang_test(node: ast.AST) -> bool:
        while node in parent:
            node, child = parent[node], node
            if isinstance(node, (ast.If, ast.IfExp)) and child is not node.test and conditions_on_lang(node.test):
                return True
            if isinstance(node, ast.BoolOp) and any(conditions_on_lang(v) for v in node.values if v is not child):
                return True
        return False

    out = []
    for node in ast.walk(tree):
        form = None
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and names_lang(node.slice):
            form = "a subscript by the language (X[lang], T[k][lang], (a if c else b)[lang])"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
                and node.args and names_lang(node.args[0]):
            form = "a .get() by the language"
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and _pair_params(node):
            form = "a helper taking the texts as (es, pt) arguments"
        elif isinstance(node, ast.IfExp) and conditions_on_lang(node.test):
            form = "a ternary on the language"
        elif isinstance(node, ast.If) and conditions_on_lang(node.test) and _picks_text(node.body) \
                and (not node.orelse or _picks_text(node.orelse)):
            form = "an if/else picking a text by the language"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "replace" \
                and (under_lang_test(node) or any(names_lang(n) or (isinstance(n, ast.Call) and _called(n) == "tr")
                                                  for a in node.args for n in ast.walk(a))):
            form = "a string swap by the language (.replace)"
        elif _bilingual_dict(node):
            holder = parent.get(node)
            while isinstance(holder, ast.IfExp):
                holder = parent.get(holder)
            if not isinstance(holder, HOLDS_TEXT):
                form = "a {\"es\", \"pt\"} literal read without tr"
        if form:
            out.append((node.lineno, form, ast.unparse(node)))
    return sorted(out)


PLANTED = [  # (source, the form the scan must find in it)
    ('x = T["word"][lang]', "a subscript by the language"),
    ('x = ({"es": "a", "pt": "b"} if p else {"es": "c", "pt": "d"})[lang]', "a subscript by the language"),
    ('x = {"es": "uno", "pt": "um"}[lang]', "a subscript by the language"),
    ('x = {"es": "uno", "pt": "um"}[key]', "literal read without tr"),
    ('x = {"es": "uno", "pt": "um"}.get(code, "")', "literal read without tr"),
    ("x = names.get(page.lang)", "a .get() by the language"),
    ("def _t(lang, es, pt):\n    return es", "(es, pt) arguments"),
    ("def _a(text_es, text_pt):\n    return {}", "(es, pt) arguments"),
    ("f = lambda es, pt: es", "(es, pt) arguments"),
    ("def _probe_control(name, es, pt, default):\n    pass", "(es, pt) arguments"),
    ('q = f"«{w}»" if lang == "es" else f"“{w}”"', "a ternary on the language"),
    ('part = part if lang == "es" or part != "todo" else "tudo"', "a ternary on the language"),
    ('word = "y" if check_lang(lg) == "es" else "e"', "a ternary on the language"),
    ('if lang == "es":\n    s = "todo"\nelse:\n    s = "tudo"', "an if/else picking a text"),
    ('if lang == "pt":\n    return f"{n} vezes"', "an if/else picking a text"),
    ('if lang == "pt":\n    s = s.replace("todo", "tudo")', "a string swap"),
    ('s = lang == "pt" and s.replace("todo", "tudo")', "a string swap"),
    ('s = html.replace(PERMALINK["es"], tr(lang, PERMALINK))', "a string swap"),
]
CLEAN = """
T = {"word": {"es": "palabra", "pt": "palavra"}}
NAMES = [("a", {"es": "uno", "pt": "um"})]
a = tr(lang, {"es": "uno", "pt": "um"}) + tr(lang, T["word"]) + tr(lang, A if p else {"es": "x", "pt": "y"})
w = widget("x", title={"es": "Título", "pt": "Título"}, controls=[Range("n", {"es": "n", "pt": "n"}, 1)])
t = {lg: label(lg) for lg in ("es", "pt")}
d[lang] = 1
if lang == "es" and len(digits) <= 4:
    return digits
s = text.replace(DEC_MARK, "")
path = " ".join(f"{x + pt[0]} {y + pt[1]}" for pt in points) + (lambda pt: pt[0])(p)
"""


@pytest.mark.parametrize("code,form", PLANTED)
def test_the_idiom_scan_finds_each_form(code, form):
    found = bilingual_forms(ast.parse(code))
    assert any(form in f for _, f, _ in found), (code, found)


def test_the_idiom_scan_passes_the_one_idiom():
    assert bilingual_forms(ast.parse(CLEAN)) == []


def test_one_bilingual_idiom():
    """A bilingual string is read only by tr(lang, {"es": ..., "pt": ...}), inline or from a catalogue
    (tr(lang, T["key"])), in every module of lesson_core and macros."""
    found, used = [], set()
    for rel, tree in idiom_sources():
        for line, form, expr in bilingual_forms(tree):
            if expr in IDIOM_EXEMPT.get(rel, ()):
                used.add((rel, expr))
            else:
                found.append(f"{rel}:{line}: {form}: {expr[:90]}")
    stale = {(rel, e) for rel, exprs in IDIOM_EXEMPT.items() for e in exprs} - used
    assert not found, "write tr(lang, {\"es\": ..., \"pt\": ...}) (or tr(lang, T[key])) instead:\n" + "\n".join(found)
    assert not stale, f"IDIOM_EXEMPT entries that no longer occur (remove them): {sorted(stale)}"
