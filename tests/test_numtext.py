"""Numbers typed the way readers write them (lesson_core.kit.numtext), in Python and in the bridge.

The bridge's instant check (``readTyped`` in overrides/assets/aula/aula.js, between the
``numtext:begin`` / ``numtext:end`` markers) must give the same answer as Python for any text:
hypothesis generates the texts, Node runs the JavaScript on all of them at once.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lesson_core
from lesson_core.kit.fmt import fmt
from lesson_core.kit.messages import ParamError
from lesson_core.kit.numtext import NumberTextError, read_number, typed
from lesson_core.kit.registry import get

ROOT = Path(__file__).resolve().parent.parent
BRIDGE = ROOT / "overrides" / "assets" / "aula" / "aula.js"

READ = [
    ("5.000", 5000), ("100.000", 100000), ("1.234,5", 1234.5), ("0,5", 0.5), (",5", 0.5), ("5,", 5),
    ("5000", 5000), ("5 000", 5000), ("100 000", 100000), ("100\u202f000", 100000), ("1\u00a0234,25", 1234.25),
    ("−12,5", -12.5), ("-3", -3), ("+7", 7), ("1e5", 100000), ("2,5e-3", 0.0025), ("  42 ", 42),
    ("1.234.567", 1234567), ("12.345,678", 12345.678),
]
AMBIGUOUS = ["1.234.5", "1,234,5", "5.00", "0.5", "1.5", ".5", "0.500", "1234.567", "1.234 567", "50 00",
             "1,234.5", "1.2345"]
OTHER = [("", "empty"), ("   ", "empty"), ("abc", "not_number"), ("5a", "not_number"), ("e5", "not_number"),
         ("nan", "not_finite"), ("-inf", "not_finite"), ("1e999", "not_finite"), ("<b>5</b>", "not_number")]


@pytest.mark.parametrize("text, expected", READ)
def test_readers_notation(text, expected):
    assert read_number(text) == expected


@pytest.mark.parametrize("text", AMBIGUOUS)
def test_an_ambiguous_entry_is_refused_not_guessed(text):
    with pytest.raises(NumberTextError) as err:
        read_number(text)
    assert err.value.key == "ambiguous"


@pytest.mark.parametrize("text, key", OTHER)
def test_other_bad_entries(text, key):
    with pytest.raises(NumberTextError) as err:
        read_number(text)
    assert err.value.key == key


@settings(max_examples=300, deadline=None)
@given(x=st.floats(min_value=-1e12, max_value=1e12, allow_nan=False), decimals=st.integers(0, 6),
       lang=st.sampled_from(["es", "pt"]))
def test_what_a_page_prints_reads_back(x, decimals, lang):
    """fmt(x) as either language prints it ("12 500", "12.500", "−0,25") reads back as the shown value."""
    assert read_number(fmt(x, lang, decimals)) == float(f"{x:.{decimals}f}")


@settings(max_examples=300, deadline=None)
@given(n=st.integers(-10**15, 10**15), lang=st.sampled_from(["es", "pt"]))
def test_whole_numbers_read_back(n, lang):
    assert read_number(fmt(n, lang)) == n


@settings(max_examples=300, deadline=None)
@given(x=st.floats(allow_nan=False, allow_infinity=False))
def test_typed_form_reads_back_exactly(x):
    """The bridge sends typed(x) ("0,5", "1,5e-07"); Python reads back the very same float."""
    assert read_number(typed(x)) == x


def test_number_controls_read_the_readers_notation():
    for lang in ("es", "pt"):
        ok = lesson_core.render("pe_fingerprint", {"pos": "5.000"}, lang)
        assert ok["ok"] and ok["data"]["pos"] == 5000 and ok["params"]["pos"] == "5000"
        bad = lesson_core.render("pe_fingerprint", {"pos": "5.00"}, lang)
        assert not bad["ok"] and bad["error"]["param"] == "pos"
        assert bad["error"]["message"].startswith({"es": "Número ambiguo", "pt": "Número ambíguo"}[lang])
    assert lesson_core.render("vec_dot", {"ax": "1,5", "ay": "-2"}, "pt")["params"]["ax"] == "1,5"
    with pytest.raises(ParamError):
        get("rnn_vs_transformer").control("n").parse("1.000.0")
    assert get("rnn_vs_transformer").control("n").parse("1.000") == 1000


# --- the same rule in the browser bridge ----------------------------------------------------

def _bridge_source() -> str:
    text = BRIDGE.read_text(encoding="utf-8")
    start, end = text.index("// numtext:begin"), text.index("// numtext:end")
    return text[start:end]


def _python(text: str) -> dict:
    try:
        return {"value": read_number(text)}
    except NumberTextError as err:
        return {"error": err.key}


def _node(texts: list[str]) -> list[dict]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is required (scripts/setup.sh installs it)")
    script = _bridge_source() + """
const texts = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(texts.map((t) => readTyped(t))));
"""
    out = subprocess.run([node, "-e", script], input=json.dumps(texts), capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


def _same(texts: list[str]) -> None:
    for text, js in zip(texts, _node(texts)):
        py = _python(text)
        if "value" in py and "value" in js:
            assert py["value"] == float(js["value"]), text
        else:
            assert py == js, text


def test_bridge_agrees_on_the_examples():
    _same([t for t, _ in READ] + AMBIGUOUS + [t for t, _ in OTHER])


READER_CHARS = "0123456789" * 3 + ".,  \u00a0\u202f\u2009-+\u2212eE\tx∞"


@settings(max_examples=6, deadline=None)
@given(texts=st.lists(st.one_of(
    st.text(alphabet=READER_CHARS, max_size=14),
    st.builds(fmt, st.floats(min_value=-1e9, max_value=1e9, allow_nan=False), st.sampled_from(["es", "pt"]),
              st.integers(0, 4)),
    st.builds(typed, st.floats(allow_nan=False, allow_infinity=False)),
), min_size=150, max_size=300))
def test_bridge_agrees_with_python_on_generated_texts(texts):
    _same(texts)
