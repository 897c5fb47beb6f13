"""Sections 12-13: RNN vs Transformer counts, model sizes, big numbers in words (lesson_core.topics.scale)."""

from __future__ import annotations


import pytest
from hypothesis import given
from hypothesis import strategies as st

from lesson_core.kit.fmt import plain
from lesson_core import render
from lesson_core.topics import scale as sc
from lesson_core.data.published_models import MODELS
from lesson_core.kit.messages import ParamError
from conftest import assert_clean_html as clean

NNBSP = "\u202f"
BY_ID = {m["id"]: m for m in MODELS}


def test_1000_tokens_give_500_500_comparisons():
    r = sc.rnn_vs_transformer(1000)
    assert r["comparisons"] == 500500
    assert (r["rnn_path"], r["transformer_path"], r["rnn_sequential"], r["transformer_sequential"]) == (999, 1, 1000, 1)
    assert r["comparisons_doubled"] == 2001000  # doubling the length almost quadruples the work


@given(st.integers(1, 3000))
def test_comparisons_is_the_sum_1_to_n(n):
    assert sc.comparisons(n) == sum(range(1, n + 1)) == n * (n + 1) // 2


def test_one_token_has_no_path():
    r = sc.rnn_vs_transformer(1)
    assert (r["rnn_path"], r["transformer_path"], r["comparisons"]) == (0, 0, 1)


@pytest.mark.parametrize("n", [0, -3, 100001, 2.5, True, "7"])
def test_bad_n(n):
    with pytest.raises(ParamError):
        sc.rnn_vs_transformer(n)


def test_gauss_pairing_lines():
    es = sc.gauss_lines(1000, "es")
    assert es[-1] == f"S = 1{NNBSP}001{NNBSP}000 / 2 = 500{NNBSP}500"
    assert "1000 parejas, cada una suma 1001" in es[3]
    pt = sc.gauss_lines(1000, "pt")
    assert pt[-1] == "S = 1.001.000 / 2 = 500.500" and "1.000 pares, cada um soma 1.001" in pt[3]
    small = sc.gauss_lines(4, "es")
    assert small[0] == "S = 1 + 2 + 3 + 4" and small[2] == "2S = (1 + 4) + (2 + 3) + (3 + 2) + (4 + 1)"


@pytest.mark.parametrize("x,es,pt", [
    (65e6, "65 millones", "65 milhões"), (1e6, "1 millón", "1 milhão"), (1e9, "mil millones", "1 bilhão"),
    (1.5e9, "1,5 mil millones", "1,5 bilhão"), (175e9, "175 mil millones", "175 bilhões"),
    (671e9, "671 mil millones", "671 bilhões"), (1e12, "1 billón", "1 trilhão"),
    (1.4e12, "1,4 billones", "1,4 trilhão"), (15.6e12, "15,6 billones", "15,6 trilhões"),
    (2048, "2048", "2.048"), (500500, f"500{NNBSP}500", "500.500"),
])
def test_big_numbers_in_words(x, es, pt):
    assert plain(sc.big_words(x, "es")) == es and sc.big_words(x, "pt") == pt


def test_model_data():
    sizes = [m["params"] for m in MODELS]
    assert min(sizes) == 65 * 10**6 and max(sizes) == 671 * 10**9
    assert BY_ID["gpt3"]["params"] == 175 * 10**9 and BY_ID["gpt3"]["tokens"] == 300 * 10**9
    assert BY_ID["gpt2"]["params"] == 1.5e9 and BY_ID["instructgpt"]["params"] == 1.3e9
    assert sc.tokens_per_param(BY_ID["chinchilla"]["tokens"], BY_ID["chinchilla"]["params"]) == 20
    assert BY_ID["deepseekv3"]["active"] == 37 * 10**9
    assert {BY_ID["gpt"]["year"], BY_ID["bert"]["year"]} == {2018}
    assert all(m["params"] for m in MODELS)  # unknown sizes are omitted, never None
    assert not any(m["name"].startswith(("GPT-4", "Claude", "Gemini")) for m in MODELS)
    assert len({m["id"] for m in MODELS}) == len(MODELS)


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_widgets_render_by_default(lang):
    for wid in ("rnn_vs_transformer", "model_sizes"):
        r = render(wid, {}, lang)
        assert r["ok"]
        for html in r["parts"].values():
            clean(html)


def test_widget_numbers_per_language():
    es = render("rnn_vs_transformer", {"n": "1000"}, "es")["parts"]["main"]
    assert f"<td>500{NNBSP}500</td>" in es and "<td>999</td>" in es
    pt = render("rnn_vs_transformer", {"n": "1000"}, "pt")["parts"]["main"]
    assert "<td>500.500</td>" in pt and "4,00 vezes" in pt
    g3 = render("model_sizes", {"model": "gpt3"}, "es")["parts"]["detail"]
    assert "175 mil millones" in g3 and "300 mil millones" in g3 and "1750 × 100" not in g3
    ch = render("model_sizes", {"model": "chinchilla"}, "pt")["parts"]["detail"]
    assert "1,4 trilhão / 70 bilhões ≈ 20" in ch
    ds = render("model_sizes", {"model": "deepseekv3"}, "es")["parts"]["detail"]
    assert "37 mil millones (5,5\u00a0%)" in plain(ds)
    chart = render("model_sizes", {}, "pt")["parts"]["chart"]
    assert "1 trilhão" in chart and "10 milhões" in chart


@pytest.mark.parametrize("params", [{"n": "0"}, {"n": "100001"}, {"n": "abc"}, {"n": "1.5"}, {"n": ""},
                                    {"n": "nan"}, {"n": "inf"}, {"n": "<script>"}])
@pytest.mark.parametrize("lang", ["es", "pt"])
def test_bad_input_gives_a_message(params, lang):
    r = render("rnn_vs_transformer", params, lang)
    assert r["ok"] is False and r["error"]["message"]
    assert render("model_sizes", {"model": "gpt4"}, lang)["ok"] is False
