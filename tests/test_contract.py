"""The widget contract: formatting, escaping, controls, render, the command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import lesson_core
from conftest import assert_clean_html
from lesson_core.kit.block import json_for_script
from lesson_core.kit.controls import SEED_LABEL, Number, Range
from lesson_core.kit.fmt import fmt, fmt_pct, fmt_sci, fmt_upto, plain
from lesson_core.kit.html import Markup, esc, h
from lesson_core.kit.messages import ParamError
from lesson_core.kit.registry import PRECOMPUTE_CAP, UnknownParam, UnknownWidget, get, precompute


def test_fmt_per_language():
    # a Spanish decimal comma is marked (U+2060 before it), so the page can show it as a point
    assert fmt(0.1, "es") == "0\u2060,1" and fmt(0.1, "pt") == "0,1"
    assert fmt(5000, "es") == "5000" and fmt(5000, "pt") == "5.000"
    assert fmt(500500, "es") == "500\u202f500" and fmt(500500, "pt") == "500.500"
    assert fmt(-0.5, "pt", 2) == "\u22120,50"
    assert fmt(-0.0001, "es", 2) == "0\u2060,00"           # no "−0,00"
    assert fmt_pct(1 / 3, "es") == "33\u2060,3\u00a0%" and fmt_pct(1 / 3, "pt") == "33,3%"
    assert fmt_pct(0.25, "es") == "25\u00a0%" and fmt_pct(0.5, "pt", 2) == "50%"
    assert fmt_upto(1.5, "es", 3) == "1\u2060,5" and fmt_upto(2.0004, "pt", 3) == "2"
    assert fmt_sci(2.3e-12, "es") == "2\u2060,3·10⁻¹²" and plain(fmt_sci(2.3e-12, "es")) == "2,3·10⁻¹²"
    with pytest.raises(ValueError):
        fmt(float("nan"), "es")


def test_escape_by_default():
    assert h("b", {"title": 'a"b'}, "<script>") == '<b title="a&quot;b">&lt;script&gt;</b>'
    assert h("p", None, Markup("<i>x</i>")) == "<p><i>x</i></p>"
    assert esc("&") == "&amp;"
    assert "</script" not in json_for_script({"x": "</script><b>"})


def test_number_control_parsing():
    c = Number("pos", {"es": "P", "pt": "P"}, 3, min=0, max=100000)
    assert c.parse(" 42 ") == 42 and c.parse("100\u202f000") == 100000 and c.parse(7) == 7
    cases = {"": "empty", "abc": "not_number", "1,5": "not_integer", "-1": "too_small",
             "1000000000000": "too_large", "nan": "not_finite", "inf": "not_finite"}
    for raw, key in cases.items():
        with pytest.raises(ParamError) as err:
            c.parse(raw)
        from lesson_core.kit.messages import MESSAGES
        expected_start = MESSAGES[key]["es"].split("{")[0]
        assert err.value.text["es"].startswith(expected_start), raw


def test_range_stops_are_canonical_like_browser_values():
    r = Range("t", {"es": "", "pt": ""}, 0.3, min=0, max=1, step=0.1)
    assert [r.canon(v) for v in r.values()][:4] == ["0", "0.1", "0.2", "0.3"]
    assert r.parse("0.7") == 0.7
    with pytest.raises(ParamError):
        r.parse("0.75")


def test_every_seed_control_is_the_shared_one():
    """One seed control with one label per language: every control that fixes a widget's draws, found by
    its name or by a label naming a seed or a round, is seed_range's (the very SEED_LABEL, not a copy)."""
    words = ("seed", "semilla", "semente", "tirada", "rodada", "sorteo", "sorteio")
    seeds = []
    for info in lesson_core.list_widgets():
        for c in get(info["id"]).controls:
            said = " ".join([c.name, *c.label.values()]).lower()
            if any(w in said for w in words):
                assert isinstance(c, Range) and c.name == "seed" and c.label is SEED_LABEL and c.step == 1, \
                    (info["id"], c.name, c.label)
                seeds.append(info["id"])
    assert {"bigram_sampler", "next_token", "rm_generate"} <= set(seeds)
    assert f">{SEED_LABEL['pt']}</label>" in get("next_token").control("seed").html("pt", 1, "w")


def test_render_shapes_and_errors():
    ok = lesson_core.render("pe_heatmap", {"d": "32", "pos": "7"}, "pt")
    assert ok["ok"] and set(ok["parts"]) == {"map", "finger", "summary"} and ok["params"] == {"d": "32", "pos": "7"}
    bad = lesson_core.render("pe_fingerprint", {"pos": "-1"}, "es")
    assert bad == {"widget": "pe_fingerprint", "lang": "es", "ok": False,
                   "error": {"param": "pos", "message": "El mínimo es 0."}}
    with pytest.raises(UnknownWidget):
        lesson_core.render("nope", None, "es")
    with pytest.raises(UnknownParam):
        lesson_core.render("pe_heatmap", {"zz": 1}, "es")
    out = json.loads(lesson_core.render_json("pe_fingerprint", '{"pos": "12"}', "es"))
    assert out["ok"] and out["data"]["pos"] == 12


def test_precomputed_table_matches_live_render():
    """Every precomputed entry equals what render() returns for those parameters."""
    w = get("pe_heatmap")
    table = precompute(w, w.defaults(), "es")
    assert len(table["finger"]) == 4 * 50 <= PRECOMPUTE_CAP
    assert len(table["map"]) == 4
    live = lesson_core.render("pe_heatmap", {"d": "64", "pos": "17"}, "es")
    assert table["finger"]["64|17"] == live["parts"]["finger"]
    assert table["map"]["64"] == live["parts"]["map"]


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_every_widget_renders_without_nan(lang):
    for info in lesson_core.list_widgets():
        result = lesson_core.render(info["id"], None, lang)
        assert result["ok"], info["id"]
        text = json.dumps(result)
        assert "NaN" not in text and "Infinity" not in text, info["id"]
        for html in result["parts"].values():
            assert_clean_html(html)


def test_cli_list_and_show():
    out = subprocess.run([sys.executable, "-m", "lesson_core", "list"], capture_output=True, text=True, check=True)
    ids = {w["id"] for w in json.loads(out.stdout)}
    assert {"pe_heatmap", "pe_fingerprint", "pe_rotation", "pe_sum", "pe_ambiguity", "pe_raw_vs_wave"} <= ids
    out = subprocess.run([sys.executable, "-m", "lesson_core", "show", "pe_rotation", "--lang", "pt",
                          "--param", "pos=100000", "--param", "k=7"], capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    assert data["ok"] and data["data"]["pos"] == 100000 and data["data"]["max_error"] < 1e-9
    bad = subprocess.run([sys.executable, "-m", "lesson_core", "show", "pe_fingerprint", "--param", "d=7"],
                         capture_output=True, text=True)
    assert bad.returncode == 1 and json.loads(bad.stdout)["error"]["param"] == "d"


def test_large_parts_precompute_each_control_moved_alone():
    """next_token's table has 21 x 8 x 20 combinations: too many for the page, so the build
    embeds each slider moved alone from the defaults; combinations go live."""
    w = get("next_token")
    table = precompute(w, w.defaults(), "es")["table"]
    # the sliders start at the smallest valid value (k = 1, p = 0,05);
    # the defaults' key appears once per slider but is stored once
    assert len(table) == 21 + (8 - 1) + (20 - 1)
    live = lesson_core.render("next_token", {"temperature": "0.5"}, "es")
    assert table["0.5|8|1"] == live["parts"]["table"]
    assert "0.5|3|1" not in table
