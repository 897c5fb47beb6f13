"""Phones first (issue 16): tables, formulas and the glossary drawn for a phone. A table reads as cards
(svgkit.card_table: every number after the header it belongs to, whatever the header holds), the
narrow forms of attention and diffusion and the display formulas say what the wide ones say, a long
formula breaks at its relations, then at plus and minus. Figures: tests/test_narrow.py; the browser's
sweep of every page: tests/test_readers.py::test_every_figure_fits_a_phone (tests/narrow_checks.py).
"""

from __future__ import annotations

import re

import pytest

import lesson_core
from lesson_core.kit import svgkit
from test_narrow import _cards, _layouts, _texts

def test_card_labels_survive_any_header():
    """A header the reader typed (rm_probe_own's contexts) reaches the cards intact and cannot
    break out of its CSS string or carry a url( past the HTML rule."""
    from macros.checks import problem
    header = 'a "b" \\ url(x); }\n<i>'
    html = svgkit.card_table(["Modelo", header, ""], [["T", "1", "2"]], titled=True)
    style = re.search(r'style="([^"]*)"', html).group(1)
    assert problem(html) is None and "url(" not in style.replace(" ", "") and "\n" not in style
    ((((first, title), (label, one), (none, two)),),) = _cards(html)
    assert (first, title, label, one, none, two) == ("Modelo", "T", header, "1", None, "2")


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_narrow_tables_carry_the_summarys_facts(lang):
    """Lesson 2's and the real model's tables read as one card per row on a phone (the same markup):
    each card holds its row's numbers, each after its column's header, as the summary gives them."""
    from fractions import Fraction
    from lesson_core.kit.fmt import fmt
    from lesson_core.widgets.turing_text import _w, frac

    r = lesson_core.render("bigram_table", {"word": "the"}, lang)   # every next word, its count and share
    (rows,) = _cards(r["parts"]["main"])
    assert len(rows) == len(r["data"]["rows"]) + 1                      # and the total
    for (w, c, pr), card in zip(r["data"]["rows"], rows):
        assert card[1][1] == str(c) and card[2][1] == frac(Fraction(pr).limit_denominator(100), lang)
        assert card[1][0] and card[2][0] and card[0][0] is None      # labelled numbers under the word
    assert rows[-1][1][1] == str(r["data"]["total"])

    r = lesson_core.render("bigram_sampler", {"start": "cat", "seed": "3"}, lang)   # every draw, in order
    (rows,) = _cards(r["parts"]["main"])
    assert [card[3][1] for card in rows] == [fmt(u, lang, 3) for u in r["data"]["draws"]]
    assert [card[4][1] for card in rows] == [_w(w, lang) for w in r["data"]["words"][1:]]
    assert rows[0][0][0] == ("Paso" if lang == "es" else "Passo")      # each card says which step it is
    assert 'class="aula-tables"><div class="aula-scroll">' in r["parts"]["main"]   # the tall box, lifted on a phone

    r = lesson_core.render("next_token", {"temperature": "0.5", "top_k": "3", "top_p": "0.6"}, lang)
    from lesson_core.widgets.turing_sampling import _labels
    (logits,) = _cards(r["parts"]["logits"])                            # each logit h·e, by candidate
    assert [card[0][1] for card in logits] == _labels(lang)
    assert [card[3][1] for card in logits] == [fmt(z, lang, 2) for z in r["data"]["logits"]]
    (stages,) = _cards(r["parts"]["table"])                             # every stage's probabilities
    assert [card[4][1] for card in stages] == [fmt(q, lang, 3) for q in r["data"]["probs"]]
    assert stages[0][3][0] == "top-k (k = 3)" and stages[0][4][0] == "top-p (p = " + fmt(0.6, lang, 2) + ")"

    r = lesson_core.render("train_logits", {"lr": "0.5", "step": "7"}, lang)   # the curve, the step, the history
    (narrow,) = _layouts(r["parts"]["curve"])[1]
    assert re.search(r'class="aula-dots"', narrow) and narrow.count("h0") == len(r["data"]["losses"]) == 13
    assert {fmt(max(r["data"]["losses"]), lang, 2), "0", "12"} <= set(_texts(narrow).split())
    (now,) = _cards(r["parts"]["now"])
    assert [card[2][1] for card in now] == [fmt(q, lang, 3) for q in r["data"]["probs"]]
    (hist,) = _cards(r["parts"]["curve"])
    assert [card[-1][1] for card in hist] == [fmt(v, lang, 3) for v in r["data"]["losses"]]

    r = lesson_core.render("rm_next", None, lang)                       # the ten tokens, each with its probability
    (rows,) = _cards(r["parts"]["main"])
    assert [card[1][1] for card in rows] == [fmt(p, lang, 3) for _, p in r["data"]["top"]]

    r = lesson_core.render("rm_probes", None, lang)                     # per probe, each model's shift and verdict
    tables = _cards(r["parts"]["main"])
    probes = [k for k in r["data"] if k not in ("passed", "flipped", "distance")]
    yes = {"es": "sí", "pt": "sim"}[lang]
    assert len(tables) == len(probes)
    for name, rows in zip(probes, tables):
        assert [card[3][1] for card in rows] == [fmt(m["shift"], lang, 1) for m in r["data"][name].values()]
        assert [card[4][1] == yes for card in rows] == [m["learned"] for m in r["data"][name].values()]
        assert [card[5][1] == yes for card in rows] == [m["flips"] for m in r["data"][name].values()]

    r = lesson_core.render("rm_probe_own", None, lang)                  # the summary's two numbers
    ((transformer, *_),) = _cards(r["parts"]["main"])
    t = r["data"]["transformer"]
    assert transformer[0][1] == "Transformer" and [transformer[1][1], transformer[2][1]] == \
        [fmt(t["first"], lang, 1), fmt(t["second"], lang, 1)]


def _forms(html: str) -> str:
    """The narrow form of a table (svgkit.table_forms)."""
    return re.search(r'<div class="aula-tab-narrow">(.*?)</div></div>(?!.*aula-tab-narrow)', html, re.S).group(1)


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_narrow_forms_of_attention_and_diffusion(lang):
    """Issue 16 for the attention, Transformer block and diffusion widgets: what the summary says,
    the phone's drawing or table says too."""
    fmt = lesson_core.kit.fmt.fmt
    from lesson_core.data import attention as da
    toks = da.tokens(lang)

    # attn_demo: the whole grid, every token, every weight in its cell; the queried token among them
    r = lesson_core.render("attn_demo", {"token": "he", "head": "B", "mask": "0", "scale": "1"}, lang)
    (wide,), (narrow,) = _layouts(r["parts"]["grid"])
    cells = lambda fig: _texts(re.search(r'aula-on-shade"[^>]*>(.*?)</g>', fig).group(1)).split()  # noqa: E731
    assert cells(narrow) == cells(wide) == [fmt(w, lang, 2) for row in r["data"]["grid"] for w in row]
    assert all(t in _texts(narrow) for t in toks) and toks[da.TOKEN_IDS.index("he")] in r["parts"]["summary"]
    assert all(fmt(w, lang, 2) in r["parts"]["summary"] for w in r["data"]["weights"])

    # transformer_block: every part, the chosen one marked and named
    r = lesson_core.render("transformer_block", {"part": "ffn"}, lang)
    (wide,), (narrow,) = _layouts(r["parts"]["diagram"])
    assert re.findall(r'data-value="(\w+)"', narrow) == re.findall(r'data-value="(\w+)"', wide) and narrow.count("data-value=") == 9
    assert re.search(r'is-active"[^>]*data-value="ffn"', narrow) and r["parts"]["summary"].split(":")[0] in _texts(narrow)

    # diffusion_pixel: x₀, ε and x_t named, each at its value on the −3…3 line
    r = lesson_core.render("diffusion_pixel", {"alpha": "0.3", "x0": "-0.5", "eps": "1.5"}, lang)
    (narrow,) = _layouts(r["parts"]["main"])[1]
    assert fmt(r["data"]["xt"], lang, 3) in r["parts"]["summary"] and {"x₀", "ε", "x_t", "−3", "3"} <= set(_texts(narrow).split())
    xs = [float(x) for x in re.findall(r'<circle cx="([\d.]+)"', narrow)]
    assert xs == pytest.approx([20 + 224 * (r["data"][k] + 3) / 6 for k in ("x0", "eps", "xt")], abs=0.01)

    # the hearts: no text to keep legible, so one drawing that shrinks with its box
    for wid, params in (("diffusion_heart_noise", {"step": "16"}), ("diffusion_heart_generate", {"step": "6"})):
        html = lesson_core.render(wid, params, lang)["parts"]["main"]
        fig = re.search(r"<svg.*?</svg>", html, re.S).group(0)
        assert 'class="aula-svg aula-squeeze"' in fig and "<text" not in fig and html.count("<svg") == 1

    # attn_shift: before and after stacked; every weight the summary gives, in both
    r = lesson_core.render("attn_shift", {"c": "-3"}, lang)
    tables = re.findall(r"<tbody>(.*?)</tbody>", _forms(r["parts"]["main"]), re.S)
    assert len(tables) == 2 and re.findall(r"<td>([^<]*)</td></tr>", tables[0])[:5] == \
        re.findall(r"<td>([^<]*)</td></tr>", tables[1])[:5] == [fmt(w, lang, 3) for w in r["data"]["weights"]]
    assert all(f"{t} {fmt(w, lang, 3)} → {fmt(w, lang, 3)}" in r["parts"]["summary"] for t, w in zip(toks, r["data"]["weights"]))

    # attn_formula: one card per row; the last card is the summary's last row
    r = lesson_core.render("attn_formula", {"piece": "W", "mask": "1"}, lang)
    ((*_, last),) = _cards(r["parts"]["main"])
    assert len(_cards(r["parts"]["main"])[0]) == 7 and last[0] == (None, toks[-1])
    assert "; ".join(f"{k} {v}" for k, v in last[1:]) in r["parts"]["summary"] and [k for k, _ in last[1:]] == toks


def test_a_long_formula_breaks_at_its_relations_then_at_plus_and_minus():
    """mathbreak's narrow form, with a width of one em per four characters of TeX."""
    from macros import mathbreak
    width = lambda tex: len(tex.strip()) / 4  # noqa: E731
    tex = r"\mathbf{q} = 0{,}2\cdot(0;\ 0{,}2) + 1\cdot(1{,}6;\ 0{,}2) + 0\cdot(0;\ 0{,}6) = (1{,}6;\ 0{,}24)"
    lines = mathbreak.narrow_tex(tex, width).split("\\\\")
    assert len(lines) >= 3 and lines[0].startswith("\\begin{aligned}\n\\mathbf{q} & = ")
    assert any(line.strip().startswith("& \\quad +") for line in lines)      # a "+" leads a continuation line
    assert lines[-1].strip().startswith("& = (1{,}6")                          # the last "=" leads its own
    assert all(width(line.replace("&", "").replace("\\quad", "")) <= mathbreak.BUDGET_EM + 1 for line in lines[1:-1])
    # a remark after \qquad and a "⟹" after \quad start lines of their own; each equation is aligned at its "="
    two = mathbreak.narrow_tex(r"s_i = \frac{a}{b} + \frac{c}{d} + \frac{e}{f} + \frac{g}{h}, \qquad w_i = \frac{e^{s_i}}{\sum_j e^{s_j}}",
                               width)
    assert "\\\\\nw_i & = " in two
    assert mathbreak.break_class(mathbreak.BUDGET_EM) is None and mathbreak.break_class(25) == "aula-break-30"


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_the_glossary_reads_as_cards(lang):
    """The glossary is one table; as cards (under 600 px) each cell but the term and its meaning
    names its column, with the header's own words."""
    from macros.glossary import T as GT, TERMS, glossary_markdown
    text = glossary_markdown(lang)
    assert text.startswith('<div class="aula-glossary" markdown>') and text.endswith("</div>")
    rows = [line for line in text.splitlines() if line.startswith('| <span id="')]
    assert len(rows) == len(TERMS)
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split(" | ")]
        labels = [re.findall(r'<span class="aula-gl-label">([^<]*): </span>', c) for c in cells]
        assert labels == [[], [GT["other"][lang]], [GT["english"][lang]], [], [GT["where"][lang]]], row


def _leaves(mathml: str) -> str:
    """A formula's symbols in reading order, without the spacing."""
    return re.sub(r"\s", "", "".join(re.findall(r"<m(?:i|n|o|text)\b[^>]*>([^<]*)</m", mathml)))


def test_narrow_formulas_say_what_the_wide_ones_say(site):
    """Every long formula of the built site comes in both forms; the narrow one holds the same
    symbols in the same order (only the lines differ), and every form break class is styled."""
    css = (site / "assets" / "aula" / "aula.css").read_text(encoding="utf-8")
    broken = 0
    for page in sorted(site.rglob("index.html")):
        text = page.read_text(encoding="utf-8")
        for cls, wide, narrow in re.findall(r'<div class="aula-math (aula-break-\d+)" data-search-exclude>'
                                            r'<div class="aula-math-wide">(.*?)</div><div class="aula-math-narrow">'
                                            r"(.*?)</div></div>", text, re.S):
            broken += 1
            assert f".{cls} > .aula-math-narrow" in css, cls
            assert "<mtable" in narrow and _leaves(narrow) == _leaves(wide), (page, _leaves(wide)[:60])
    assert broken >= 26  # 13 (es) and 14 (pt) formulas wider than a phone's column


# --- the browser --------------------------------------------------------------------------------
