"""Numbers typed the way readers write them (lesson_core.kit.numtext), in Python and in the bridge.

Two conventions: "comma" (Portuguese; Spanish from Spain and most of South America) and "point"
(Spanish from Mexico, Central America and the Caribbean). A text is read by the reader's convention;
one the other convention reads as another number is flagged (the field says how it was read).
The bridge's instant check (``readTyped``, ``typed`` and ``checkNumber`` in overrides/bridge/numtext.js,
between the ``numtext:begin`` / ``numtext:end`` markers) must give the same answer as Python for any text
and either convention: hypothesis generates the texts, Node runs the JavaScript on all of them at once.
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
from lesson_core.kit.controls import Number, Range
from lesson_core.kit.fmt import fmt, plain
from lesson_core.kit.messages import MESSAGES, ParamError
from lesson_core.kit.numtext import NumberTextError, read_number, read_param, reading, typed
from lesson_core.kit.registry import get

ROOT = Path(__file__).resolve().parent.parent
BRIDGE = ROOT / "overrides" / "bridge" / "numtext.js"
CONVENTIONS = ("comma", "point")

# (text, value for a comma reader, flagged?, value for a point reader, flagged?)
READ = [
    ("5.000", 5000, True, 5, True), ("100.000", 100000, True, 100, True), ("1.234,5", 1234.5, False, None, None),
    ("0,5", 0.5, False, 0.5, True), (",5", 0.5, False, 0.5, True), ("5,", 5, False, 5, True),
    ("5000", 5000, False, 5000, False), ("5 000", 5000, False, 5000, False), ("100 000", 100000, False, 100000, False),
    ("100\u202f000", 100000, False, 100000, False), ("1\u00a0234,25", 1234.25, False, 1234.25, True),
    ("−12,5", -12.5, False, -12.5, True), ("-3", -3, False, -3, False), ("+7", 7, False, 7, False),
    ("1e5", 100000, False, 100000, False), ("2,5e-3", 0.0025, False, 0.0025, True), ("  42 ", 42, False, 42, False),
    ("1.234.567", 1234567, False, None, None), ("12.345,678", 12345.678, False, None, None),
    ("1.275", 1275, True, 1.275, True), ("1,275", 1.275, True, 1275, True), ("0.5", 0.5, True, 0.5, False),
    ("1,234.5", 1234.5, True, 1234.5, False), ("1,234,567", 1234567, True, 1234567, False),
    ("2.5", 2.5, True, 2.5, False), ("5.00", 5, True, 5, False), ("1.2345", 1.2345, True, 1.2345, False),
    ("1\u2060,5", 1.5, False, 1.5, True),                          # a number copied with its decimal mark
]
NEITHER = ["1.234.5", "1,234,5", "1.234 567", "50 00", "1 234,5.6", "1,2,3"]
OTHER = [("", "empty"), ("   ", "empty"), ("abc", "not_number"), ("5a", "not_number"), ("e5", "not_number"),
         ("nan", "not_finite"), ("-inf", "not_finite"), ("1e999", "not_finite"), ("<b>5</b>", "not_number")]


@pytest.mark.parametrize("text, comma, comma_flag, point, point_flag", READ)
def test_each_convention_reads_its_own_way_and_flags_what_the_other_reads_differently(
        text, comma, comma_flag, point, point_flag):
    assert reading(text, "comma") == (comma, comma_flag)
    if point is None:  # only the comma reads it ("1.234,5"): a point reader gets it flagged
        assert reading(text, "point") == (comma, True)
    else:
        assert reading(text, "point") == (point, point_flag)


@pytest.mark.parametrize("text", NEITHER)
@pytest.mark.parametrize("convention", CONVENTIONS)
def test_a_text_neither_convention_reads_is_refused_not_guessed(text, convention):
    with pytest.raises(NumberTextError) as err:
        read_number(text, convention)
    assert err.value.key == "ambiguous"


@pytest.mark.parametrize("text, key", OTHER)
@pytest.mark.parametrize("convention", CONVENTIONS)
def test_other_bad_entries(text, key, convention):
    with pytest.raises(NumberTextError) as err:
        read_number(text, convention)
    assert err.value.key == key


def test_an_unknown_convention_is_a_programming_error():
    with pytest.raises(ValueError):
        read_number("1", "dot")


def _as_written(x: float, decimals: int, lang: str, convention: str) -> str:
    """fmt(x) as the reader sees it: Spanish with the point swaps its marked decimal commas (numbers.js)."""
    text = fmt(x, lang, decimals)
    return text.replace("\u2060,", "\u2060.") if convention == "point" else text


@settings(max_examples=300, deadline=None)
@given(x=st.floats(min_value=-1e12, max_value=1e12, allow_nan=False), decimals=st.integers(0, 6),
       lang_conv=st.sampled_from([("es", "comma"), ("es", "point"), ("pt", "comma")]))
def test_what_a_page_shows_reads_back(x, decimals, lang_conv):
    """A number as the page shows it ("12 500", "12.500", "−0,25", "−0.25"), copied with or without its
    mark, reads back as the shown value by the reader's convention."""
    lang, convention = lang_conv
    shown = _as_written(x, decimals, lang, convention)
    for text in (shown, plain(shown)):
        assert read_number(text, convention) == float(f"{x:.{decimals}f}")


@settings(max_examples=300, deadline=None)
@given(n=st.integers(-10**15, 10**15), convention=st.sampled_from(CONVENTIONS))
def test_whole_numbers_read_back_without_a_note(n, convention):
    """Spanish groups with spaces in both conventions: a whole number is never flagged."""
    assert reading(plain(fmt(n, "es")), convention) == (n, False)


@settings(max_examples=300, deadline=None)
@given(x=st.floats(min_value=-1e9, max_value=1e9, allow_nan=False), decimals=st.integers(1, 4),
       convention=st.sampled_from(CONVENTIONS))
def test_a_flag_means_the_other_convention_reads_another_number(x, decimals, convention):
    text = plain(_as_written(x, decimals, "es", convention))
    other = "point" if convention == "comma" else "comma"
    value, flagged = reading(text, convention)
    try:
        theirs = read_number(text, other)
    except NumberTextError:
        theirs = None
    assert flagged == (theirs is not None and theirs != value)


@settings(max_examples=300, deadline=None)
@given(x=st.floats(allow_nan=False, allow_infinity=False))
def test_typed_form_reads_back_exactly(x):
    """The bridge sends typed(x) ("0,5", "1,5e-07"); Python reads back the very same float."""
    assert read_number(typed(x)) == x


def test_number_controls_read_the_canonical_form():
    for lang in ("es", "pt"):
        ok = lesson_core.render("pe_fingerprint", {"pos": "5.000"}, lang)
        assert ok["ok"] and ok["data"]["pos"] == 5000 and ok["params"]["pos"] == "5000"
        bad = lesson_core.render("pe_fingerprint", {"pos": "1.234.5"}, lang)
        assert not bad["ok"] and bad["error"]["param"] == "pos"
        assert bad["error"]["message"].startswith({"es": "Número ambiguo", "pt": "Número ambíguo"}[lang])
    assert lesson_core.render("vec_dot", {"ax": "1,5", "ay": "-2"}, "pt")["params"]["ax"] == "1,5"
    with pytest.raises(ParamError):
        get("rnn_vs_transformer").control("n").parse("1.000.0")
    assert get("rnn_vs_transformer").control("n").parse("1.000") == 1000


def test_the_note_is_in_the_fields_messages():
    spec = get("vec_dot").control("ax").spec("es")
    assert spec["msgs"]["read_as"] == "Leído como {value}."
    assert get("vec_dot").control("ax").spec("pt")["msgs"]["read_as"] == "Lido como {value}."


# --- one reader for every control: a slider's value and a typed field ---------------------------

# (what a control is given, the number both read, or the message key both refuse it with);
# the controls run from -5 to 5, the slider by 0.5
BOTH = [("0", 0), ("3", 3), ("-2", -2), ("\u22122", -2), ("+4", 4), (" 4\u00a0", 4), ("0,5", 0.5), ("0.5", 0.5),
        (",5", 0.5), ("5,", 5), ("\u22121,5", -1.5), ("2.5", 2.5), ("1e0", 1), ("2,5e0", 2.5), (3, 3), (2.5, 2.5),
        ("", "empty"), ("   ", "empty"), (None, "empty"), ("abc", "not_number"), ("5a", "not_number"),
        ("e5", "not_number"), ("<b>5</b>", "not_number"), (True, "not_number"), ("nan", "not_finite"),
        ("-inf", "not_finite"), ("\u221e", "not_finite"), ("1e999", "not_finite"), (float("inf"), "not_finite"),
        ("1.234.5", "ambiguous"), ("1,2,3", "ambiguous"), ("50 00", "ambiguous"), ("6", "too_large"),
        ("1 000", "too_large"), ("-6", "too_small"), (-6, "too_small")]
LABEL = {"es": "x", "pt": "x"}


def _outcome(control, raw):
    try:
        return control.parse(raw)
    except ParamError as err:
        return err.text


@pytest.mark.parametrize("raw, expected", BOTH)
def test_a_slider_and_a_field_read_alike(raw, expected):
    """Range and Number read through the one parser (numtext.read_param): the same number or the same message."""
    slider = _outcome(Range("x", LABEL, 0, min=-5, max=5, step=0.5), raw)
    field = _outcome(Number("x", LABEL, 0, min=-5, max=5, integer=False), raw)
    assert slider == field
    if isinstance(expected, str):
        assert isinstance(field, dict) and field["es"].startswith(MESSAGES[expected]["es"].split("{")[0]), field
        assert field["pt"].startswith(MESSAGES[expected]["pt"].split("{")[0]), field
    else:
        assert field == expected


@pytest.mark.parametrize("text, slider, field", [("1.000", 1, 1000), ("1.125", 1.125, 1125), ("1,250", 1250, 1.25)])
def test_where_the_conventions_differ_a_slider_reads_its_browser_value(text, slider, field):
    """A slider's value comes as browsers write it ("1.125"): the point convention; a field's, typed (comma)."""
    assert read_param("x", text, convention="point") == slider
    assert read_param("x", text) == field


def test_every_slider_reads_its_own_stops_back():
    """The browser sends a Range its stop as canon() writes it ("0.3", "1e-07"); each reads back exactly."""
    stops = 0
    for info in lesson_core.list_widgets():
        for control in get(info["id"]).controls:
            if isinstance(control, Range):
                for v in control.values():
                    assert control.parse(control.canon(v)) == v, (info["id"], control.name, v)
                    stops += 1
    assert stops > 100


# --- the same rule in the browser bridge ----------------------------------------------------

def _bridge_source() -> str:
    text = BRIDGE.read_text(encoding="utf-8")
    start, end = text.index("// numtext:begin"), text.index("// numtext:end")
    return text[start:end]


def _python(text: str, convention: str) -> dict:
    try:
        value, flagged = reading(text, convention)
        return {"value": value, "flagged": flagged}
    except NumberTextError as err:
        return {"error": err.key}


def _js(call: str, data: list) -> list:
    """Node runs the bridge's mirror on each item ``d`` of data: ``call`` is a JavaScript expression of d."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is required (scripts/setup.sh installs it)")
    script = _bridge_source() + f"""
const data = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(data.map((d) => {call})));
"""
    out = subprocess.run([node, "-e", script], input=json.dumps(data), capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


def _node(cases: list[list[str]]) -> list[dict]:
    return _js("readTyped(d[0], d[1])", cases)


def _same(texts: list[str]) -> None:
    cases = [[t, c] for t in texts for c in CONVENTIONS]
    for (text, convention), js in zip(cases, _node(cases)):
        py = _python(text, convention)
        if "value" in py and "value" in js:
            assert (py["value"], py["flagged"]) == (float(js["value"]), js["flagged"]), (text, convention)
        else:
            assert py == js, (text, convention)


def test_bridge_agrees_on_the_examples():
    _same([r[0] for r in READ] + NEITHER + [t for t, _ in OTHER])


READER_CHARS = "0123456789" * 3 + ".,  \u00a0\u202f\u2009\u2060-+\u2212eE\tx∞"


@settings(max_examples=6, deadline=None)
@given(texts=st.lists(st.one_of(
    st.text(alphabet=READER_CHARS, max_size=14),
    st.builds(fmt, st.floats(min_value=-1e9, max_value=1e9, allow_nan=False), st.sampled_from(["es", "pt"]),
              st.integers(0, 4)),
    st.builds(lambda t: t.replace("\u2060,", "\u2060."),
              st.builds(fmt, st.floats(min_value=-1e9, max_value=1e9, allow_nan=False), st.just("es"),
                        st.integers(0, 4))),
    st.builds(typed, st.floats(allow_nan=False, allow_infinity=False)),
), min_size=150, max_size=300))
def test_bridge_agrees_with_python_on_generated_texts(texts):
    _same(texts)


# --- the canonical form, and a Number field's whole answer, in the bridge -----------------------------

EDGE_FLOATS = [0.0, -0.0, 0.1, -2.5, 1e-4, 1e-5, 1.5e-7, 5e-324, 1e15 + 0.5, 1e16, 1.2345678901234568e17, 1e21,
               1e22, -1e100, 1.7976931348623157e308, 123.456, 0.30000000000000004]


@settings(max_examples=4, deadline=None)
@given(xs=st.lists(st.floats(allow_nan=False, allow_infinity=False), min_size=200, max_size=300))
def test_bridge_writes_the_canonical_form_as_python(xs):
    """typed(x) in JavaScript is numtext.typed(x): the key of the build's tables and what Python is sent."""
    xs = EDGE_FLOATS + xs
    assert _js("typed(d)", xs) == [typed(x) for x in xs]


def _other(text: str, convention: str):
    """The different number the other convention reads, when both read the text."""
    try:
        mine, theirs = read_number(text, convention), read_number(text, "point" if convention == "comma" else "comma")
    except NumberTextError:
        return None
    return theirs if theirs != mine else None


def test_bridge_names_the_other_reading():
    texts = [r[0] for r in READ] + NEITHER + [t for t, _ in OTHER]
    cases = [[t, c] for t in texts for c in CONVENTIONS]
    for (text, convention), js in zip(cases, _node(cases)):
        assert js.get("other") == _other(text, convention), (text, convention)


def _written(x: float, convention: str) -> str:
    """x as the reader writes it in a sentence (no grouping, the true minus)."""
    text = typed(x).replace(",", ".") if convention == "point" else typed(x)
    return "\u2212" + text[1:] if text.startswith("-") else text


# texts a reader may type into any field: read alike, read differently by the two conventions, or by one only
FIELD_TEXTS = ["1.275", "1,275", "-1.275", "-1,275", "2.5", "2,5", "-2,5", "100.000", "100,000", "1.000.000",
               "1,000,000", "1.234,5", "5", "0", "-7", "250 000", "abc", "", "1.2.3", "1e9", "1,5e-3"]


def _field_answer(control, text: str, lang: str, convention: str) -> dict:
    """What a Number field says for text, from Python: the reading, the control's own refusal (which the
    bridge says as it is when both conventions read the text alike) and the catalogue's messages."""
    msgs = control.spec(lang)["msgs"]
    try:
        value, flagged = reading(text, convention)
    except NumberTextError as err:
        return {"error": msgs[err.key]}
    try:
        control.parse(typed(value))
    except ParamError as err:
        key = ("not_integer" if control.integer and not value.is_integer()
               else "too_small" if value < control.min else "too_large")
        assert err.text[lang] == msgs[key]  # the refusal named here is the control's own
        if not flagged:
            return {"error": msgs[key]}
        said = msgs[key + "_read"].replace("{value}", _written(value, convention))
        other = _other(text, convention)
        return {"error": said + (" " + msgs["meant"].replace("{other}", _written(other, convention)) if other is not None else "")}
    return {"value": typed(value), "note": msgs["read_as"].replace("{value}", _written(value, convention)) if flagged else ""}


def test_every_number_field_answers_as_python_in_the_bridge():
    """Every Number control of every widget, both languages (Spanish in both conventions): the bridge's
    checkNumber gives the control's value, or its message, and a refused number the other convention
    reads differently says how it was read and asks which was meant."""
    from lesson_core.kit.controls import Number
    cases, expected = [], []
    for info in lesson_core.list_widgets():
        for control in get(info["id"]).controls:
            if not isinstance(control, Number):
                continue
            for lang, convention in (("es", "comma"), ("es", "point"), ("pt", "comma")):
                for text in FIELD_TEXTS:
                    cases.append([text, control.spec(lang), convention])
                    expected.append(_field_answer(control, text, lang, convention))
    got = _js("checkNumber(d[0], d[1], d[2])", cases)
    asked = 0
    for case, js, py in zip(cases, got, expected):
        assert js == py, (case[0], case[1]["name"], case[2], js, py)
        asked += "error" in py and ("¿" in py["error"] or "quis dizer" in py["error"])
    assert len(cases) > 300 and asked > 50
    es_ar = _field_answer(get("vec_dot").control("bx"), "1.275", "es", "comma")
    assert es_ar == {"error": "Leído como 1275: el máximo es 5. ¿Querías decir 1,275?"}
    assert _field_answer(get("vec_dot").control("bx"), "1.275", "pt", "comma") == {
        "error": "Lido como 1275: o máximo é 5. Você quis dizer 1,275?"}


FIXED_EDGES = [0.0, 0.05, 0.25, 1.05, 1.25, 2.5, 3.5, 9.95, 999.95, 1234.5, 9999.96, 12345.67, 1e9 + 0.05]


@settings(max_examples=3, deadline=None)
@given(xs=st.lists(st.one_of(st.floats(min_value=0, max_value=1e12, allow_nan=False),
                             st.builds(lambda n: n / 1e6, st.integers(0, 10**14))), min_size=150, max_size=250))
def test_bridge_writes_a_measured_number_as_fmt(xs):
    """fixed(x, places, lang), the bridge's form of a number the page did not build (the storage line,
    save.js), is kit/fmt.fmt(x, lang, places): the same grouping, the same mark, ties rounded to even."""
    cases = [[x, places, lang] for x in FIXED_EDGES + xs for places in (0, 1, 2) for lang in ("es", "pt")]
    assert _js("fixed(d[0], d[1], d[2])", cases) == [fmt(x, lang, places) for x, places, lang in cases]
