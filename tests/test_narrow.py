"""Phones first (issue 16): every figure drawn for the width it is shown at.

The core's side: svgkit's layout helpers, and every converted figure drawn twice (wide and narrow,
from the same numbers) with the facts of its summary in the narrow drawing too. The browser's side,
on every page of both languages: at 320, 360, 375 and 412 px no widget figure (or table) is wider
than its box and figure text is 11 px or more (font size times the drawing's scale); at 1280 px every
converted figure shows its wide drawing at its full width, as before. No figure, table or formula
is exempt: every one that once scrolled sideways on a phone has a narrow form.
"""

from __future__ import annotations

import re

import pytest

import lesson_core
from lesson_core.kit import svgkit
from lesson_core.kit.registry import all_widgets
from test_readers import _block_python, _pages

PHONES = [320, 360, 375, 412]
MIN_FIGURE_PX = 11

# Figures drawn wide and narrow by svgkit.figure (the others fit a phone as they are).
CONVERTED = {"attn_demo", "chain_rule", "diffusion_pixel", "emb_3d", "layer_norm", "model_sizes", "pe_ambiguity", "pe_fingerprint",
             "pe_heatmap", "pe_raw_vs_wave", "pe_rotation", "pe_sum", "rm_attention", "rm_scaling", "rm_size",
             "rm_training", "rnn_vs_transformer", "train_logits", "transformer_block", "turing_timeline", "vec_dot",
             "vec_pythagoras"}


# --- the core ----------------------------------------------------------------------------------

def test_ticks_thin_out_with_the_width():
    assert svgkit.nice_ticks(0, 10000, 506, per=120) == [0, 2500, 5000, 7500, 10000]
    assert svgkit.nice_ticks(0, 10000, 210, per=100) == [0, 5000, 10000]
    assert svgkit.thin(list(range(2017, 2026)), 210) == [2017, 2020, 2023]
    assert svgkit.thin(list(range(2017, 2026)), 210, keep_last=True) == [2017, 2020, 2025]
    assert svgkit.thin(list(range(2017, 2026)), 2000) == list(range(2017, 2026))


def test_short_counts_per_language():
    assert [svgkit.short_count(10**e, "es") for e in (7, 9, 10, 12)] == \
        ["10\u00a0M", "mil M", "10\u00a0mil M", "1\u00a0B"]
    assert [svgkit.short_count(10**e, "pt") for e in (7, 9, 10, 12)] == \
        ["10\u00a0mi", "1\u00a0bi", "10\u00a0bi", "1\u00a0tri"]
    assert svgkit.short_count(1.5e9, "pt") == "1,5\u00a0bi"


def test_panels_stack_when_narrow():
    wide, h_wide = svgkit.Frame(svgkit.WIDE).panels(2, 100)
    narrow, h_narrow = svgkit.Frame(svgkit.NARROW).panels(2, 100)
    assert [b.y for b in wide] == [0, 0] and wide[0].x < wide[1].x and h_wide == 100
    assert [b.x for b in narrow] == [10, 10] and narrow[1].y > narrow[0].y + 100 and h_narrow == 212
    assert all(b.x + b.w <= svgkit.NARROW for b in narrow)


def _layouts(html: str) -> tuple[list[str], list[str]]:
    wide = re.findall(r'<div class="aula-lay-wide">(.*?)</div></div>', html, re.S)
    narrow = re.findall(r'<div class="aula-lay-narrow">(.*?)</div></div>', html, re.S)
    return wide, narrow


def test_the_lists_are_consistent():
    ids = {w.id for w in all_widgets()}
    assert CONVERTED <= ids


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_converted_figures_are_drawn_wide_and_narrow(lang):
    """Every svg of a converted widget comes in two layouts: the wide one at 560 units or more,
    the narrow one at most 264 units wide (a 320 px phone's figure box), text at 11 units or more;
    or it is drawn once, at most 264 units wide, for every width (attn_demo's vector planes)."""
    for wid in sorted(CONVERTED):
        for part, html in lesson_core.render(wid, None, lang)["parts"].items():
            wide, narrow = _layouts(html)
            assert len(wide) == len(narrow), (wid, part)
            once = re.sub(r'<div class="aula-lay-(?:wide|narrow)">.*?</svg></div></div>', "", html, flags=re.S)
            small = [float(w) <= svgkit.NARROW for w in re.findall(r'<svg viewBox="0 0 ([\d.]+) [\d.]+" class="aula-svg', once)]
            assert all(small) and html.count('class="aula-svg') == 2 * len(narrow) + len(small), \
                f"{wid}.{part}: a figure drawn only once, too wide for a phone"
            for fig in narrow:
                width = float(re.search(r'viewBox="0 0 ([\d.]+) ', fig).group(1))
                assert width <= svgkit.NARROW, (wid, part, width)
            for fig in wide + narrow:
                for size in re.findall(r'font-size="([\d.]+)"', fig):
                    assert float(size) >= MIN_FIGURE_PX, (wid, part, size)


tr_step = {"es": "paso", "pt": "passo"}


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_layer_norm_bars_carry_every_number_when_narrow(lang):
    """Both panels stacked on a phone, each number under its bar: the three inputs, then the three results."""
    r = lesson_core.render("layer_norm", {"x1": "-2", "x2": "8", "x3": "0"}, lang)
    (wide,), (narrow,) = _layouts(r["parts"]["steps"])
    fmt = lesson_core.kit.fmt.fmt
    want = [fmt(x, lang, 0) for x in r["data"]["xs"]] + [fmt(y, lang, 2) for y in r["data"]["normalized"]]
    for fig in (wide, narrow):
        got = re.findall(r'<text x="[\d.]+" y="[\d.]+" class="aula-tick" text-anchor="middle">([^<]*)</text>', fig)
        assert got == want
    assert len(re.findall(r'class="aula-note"', narrow)) == 2


def _texts(svg_html: str) -> str:
    return " ".join(re.findall(r"<text\b[^>]*>([^<]*)</text>", svg_html))


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_narrow_figures_carry_the_summarys_facts(lang):
    """What a widget's summary says its figure shows, the narrow drawing shows too."""
    r = lesson_core.render("pe_raw_vs_wave", {"pos": "7500"}, lang)
    now = _layouts(r["parts"]["now"])[1][0]
    chart = _layouts(r["parts"]["chart"])[1][0]
    assert r["data"]["pos"] == 7500 and lesson_core.kit.fmt.fmt(7500, lang) in _texts(now)
    assert len(re.findall(r'class="aula-note"', now)) == 2          # both panels, stacked
    assert "−1" in _texts(chart) and "1" in _texts(chart).split()    # the wave's bounds the summary names
    assert 'class="aula-line aula-line-raw"' in chart and 'class="aula-line aula-line-wave"' in chart

    r = lesson_core.render("pe_sum", {"word": "dog", "pos": "20"}, lang)   # every number, each under its bar
    for part, key in (("word", "E"), ("code", "PE"), ("sum", "x")):
        fig = _layouts(r["parts"][part])[1][0]
        centres = sorted(float(x) + float(w) / 2 for x, w in re.findall(r'M([\d.]+) [\d.]+h([\d.]+)v', fig))
        numbers = re.findall(r'<text x="([\d.]+)"[^>]*text-anchor="middle">([^<]*)</text>', fig)
        assert [t for _, t in numbers] == [lesson_core.kit.fmt.fmt(v, lang, 2) for v in r["data"][key]]
        assert [round(float(x), 1) for x, _ in numbers] == [round(c, 1) for c in centres], part
    assert "PE(20)" in _texts(_layouts(r["parts"]["code"])[1][0])

    r = lesson_core.render("pe_heatmap", {"d": "64", "pos": "49"}, lang)   # the same map and strip, squeezed
    for part in ("map", "finger"):
        (wide,), (narrow,) = _layouts(r["parts"][part])
        assert re.findall(r'href="([^"]+)"', narrow) == re.findall(r'href="([^"]+)"', wide), part
    texts = _texts(_layouts(r["parts"]["map"])[1][0]).split()
    assert {"0", "10", "20", "30", "40", "48"} <= set(texts)     # positions down, dimensions up to d across
    assert "49" in _texts(_layouts(r["parts"]["finger"])[1][0]).split()

    r = lesson_core.render("rnn_vs_transformer", {"n": "100000"}, lang)   # n, the RNN's n − 1 steps, 1 step
    chain = _texts(_layouts(r["parts"]["main"])[1][0])
    assert "100000" in chain.split() and lesson_core.kit.fmt.fmt(99999, lang) in chain
    assert chain.split()[:5] == ["1", "2", "3", "…", "100000"] and chain.endswith(" 1 " + tr_step[lang])

    r = lesson_core.render("chain_rule", {"eta": "0.3", "step": "6"}, lang)   # every step taken, the minimum
    (wide,), (narrow,) = _layouts(r["parts"]["main"])
    dots = re.search(r'<path d="([^"]*)" class="aula-dots"', narrow).group(1)
    assert dots.count("h0") == len(r["data"]["ws"]) == 7
    assert "w = " + lesson_core.kit.fmt.fmt(1.5, lang) in _texts(narrow)

    r = lesson_core.render("pe_rotation", {"pos": "99999", "k": "100000", "d": "16"}, lang)   # 4 waves' turns
    (wide,), (narrow,) = _layouts(r["parts"]["main"])
    assert narrow.count('class="aula-ring"') == wide.count('class="aula-ring"') == 4
    turns = re.findall(r"k·ω = ([^<]*) rad", narrow)
    assert turns == re.findall(r"k·ω = ([^<]*) rad", wide) and len(turns) == 4 and "i = 3:" in _texts(narrow)

    # next_token's chart: every candidate,
    # with the probability and the share drawn that the summary gives
    r = lesson_core.render("next_token", {"temperature": "0.5", "top_k": "3", "draws": "100", "seed": "7"}, lang)
    chart = _texts(_layouts(r["parts"]["chart"])[1][0])
    from lesson_core.widgets.turing_sampling import _labels
    assert all(name in chart for name in _labels(lang))
    assert all(lesson_core.kit.fmt.fmt_pct(q, lang) in chart for q in r["data"]["probs"] if q > 0)

    r = lesson_core.render("rm_size", {"model": "deepseekv3"}, lang)   # every model shown, ours named
    (wide,), (narrow,) = _layouts(r["parts"]["chart"])
    names = re.findall(r'class="aula-note"[^>]*>([^<]*)</text>', wide)
    assert len(names) == 6 and re.findall(r'class="aula-note"[^>]*>([^<]*)</text>', narrow) == names
    assert "DeepSeek-V3" in names and "este modelo" in names

    r = lesson_core.render("rm_scaling", None, lang)   # the three curves, every point, the ring where one overtakes
    (wide,), (narrow,) = _layouts(r["parts"]["main"])
    assert narrow.count("<circle") == wide.count("<circle") == 12 + (r["data"]["overtakes_at"] is not None)
    assert {"Transformer", "5-grama", "7-grama"} <= set(_texts(narrow).split())

    r = lesson_core.render("turing_timeline", {"event": "gpt3"}, lang)      # "Acontecimiento 9 de 10"
    line = _layouts(r["parts"]["line"])[1][0]
    assert line.count('class="aula-event"') == 10 and "9" in _texts(line).split()
    assert r["parts"]["line"].count("<li>") == 3                            # the legend, once, in HTML

    r = lesson_core.render("model_sizes", {"model": "deepseekv3"}, lang)    # every model, by name
    chart = _texts(_layouts(r["parts"]["chart"])[1][0])
    from lesson_core.widgets.turing_scale import MODELS, SHORT
    assert all(SHORT.get(m["id"], m["name"]) in chart for m in MODELS)
    assert r["data"]["name"] in chart

    r = lesson_core.render("rm_attention", None, lang)   # the summary's last token and the one it looks at most
    narrow = _layouts(r["parts"]["main"])[1][0]
    from lesson_core.widgets.real_model_views import label
    from lesson_core.model import generate as gen
    tokens = gen.prompt(lang, lesson_core.kit.registry.get("rm_attention").control("text").default).tokens
    labels = [label(gen.token_text(lang, t.id)) for t in tokens]
    top = r["data"]["top"][0]
    assert top >= len(labels) - 7 and labels[top] in _texts(narrow) and labels[-1] in _texts(narrow)
    assert lesson_core.kit.fmt.fmt(len(labels) - 7, lang) + " tokens" in _texts(narrow)   # how many are left out

    from lesson_core.data import vectors as dv
    for turn in ({"yaw": "35", "pitch": "20"}, {"yaw": "-150", "pitch": "-90"}, {"yaw": "90", "pitch": "60"}):
        # emb_3d, cropped to its words: every word and the three axes the summary names, every dot inside
        r = lesson_core.render("emb_3d", {"x": "animal", "y": "vehicle", "z": "food", **turn}, lang)
        narrow = _layouts(r["parts"]["main"])[1][0]
        W, H = map(float, re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', narrow).groups())
        texts = _texts(narrow)
        assert all(dv.label(w, lang) in texts for w in dv.WORD_IDS)
        assert all(names[lang] in texts for d, names in dv.DIMS if d in ("animal", "vehicle", "food"))
        assert all(name.split(" ")[0] in texts for name in re.findall(r"(?:: |; )([^;:.]+?) \d", r["parts"]["summary"]))
        dots = [(float(x), float(y)) for x, y in re.findall(r'<circle cx="([\d.-]+)" cy="([\d.-]+)" r="4.5"', narrow)]
        assert len(dots) == 19 and all(4 <= x <= W - 4 and 4 <= y <= H - 4 for x, y in dots), turn

    r = lesson_core.render("vec_dot", {"ax": "-4", "ay": "2,5", "bx": "5", "by": "-5"}, lang)   # both tips where a, b say
    narrow = _layouts(r["parts"]["main"])[1][0]
    handles = re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="12"[^>]*data-drag-x="(\w)x"[^>]*data-x0="([\d.]+)"'
                         r'[^>]*data-y0="([\d.]+)"[^>]*data-unit="([\d.]+)"', narrow)
    assert [(name, (float(x) - float(x0)) / float(u), (float(y0) - float(y)) / float(u))
            for x, y, name, x0, y0, u in handles] == [("a", -4, 2.5), ("b", 5, -5)]
    assert {"a", "b"} <= set(_texts(narrow).split()) and r["data"]["a"] == [-4, 2.5]

    # emb_table: behind its <details>, one card per word, each with its 8 numbers; the chosen word's among them
    r = lesson_core.render("emb_table", {"word": "puppy"}, lang)
    from lesson_core.data import vectors as dv
    narrow = re.search(r'<div class="aula-tab-narrow">(.*)</div></div>', r["parts"]["table"], re.S).group(1)
    (words,) = _cards(narrow)
    assert narrow.startswith("<details") and [w[0][1] for w in words] == [dv.label(w, lang) for w in dv.WORD_IDS]
    (card,) = [w for w in words if w[0][1] == dv.label("puppy", lang)]
    assert [text for _, text in card[1:]] == [lesson_core.kit.fmt.fmt(v, lang, 2) for v in r["data"]["vector"]]

    # emb_analogy: the sum on its side, a row per dimension: a, − b, + c and the result the summary gives
    r = lesson_core.render("emb_analogy", {"a": "king", "b": "man", "c": "woman"}, lang)
    narrow = re.search(r'<div class="aula-tab-narrow">(.*)</div></div>', r["parts"]["main"], re.S).group(1)
    cells = [re.findall(r"<td>([^<]*)</td>", row) for row in re.findall(r"<tr>(.*?)</tr>", narrow)[1:]]
    assert [row[0] for row in cells] == [names[lang] for _, names in dv.DIMS]
    assert [row[-1] for row in cells] == [lesson_core.kit.fmt.fmt(v, lang, 2) for v in r["data"]["vector"]]
    assert [row[1] for row in cells] == [lesson_core.kit.fmt.fmt(v, lang, 2) for v in dv.VECTORS["king"]]

    # pe_fingerprint: the strip of every number under its position; one card per wave, the fastest's
    # and the slowest's sine and cosine as the summary gives them
    fmt = lesson_core.kit.fmt.fmt
    r = lesson_core.render("pe_fingerprint", {"pos": "77777", "d": "16"}, lang)
    (strip,), (narrow,) = _layouts(r["parts"]["main"])
    assert strip.count("<rect") == 16 and "77777" in _texts(strip).split()
    (waves,) = _cards(r["parts"]["main"])
    code = r["data"]["code"]
    for i in (0, 7):
        card = waves[i]
        assert card[0] == (waves[0][0][0], str(i)) and card[0][0]       # headed "onda i 7"
        assert [text for _, text in card[-2:]] == [fmt(code[2 * i], lang, 4), fmt(code[2 * i + 1], lang, 4)]
        assert fmt(code[2 * i], lang, 4) in r["parts"]["summary"]

    # pe_ambiguity: both positions on the narrow wave, both codes as strips, every number of the
    # comparison (the table on its side)
    r = lesson_core.render("pe_ambiguity", {"a": "3", "b": "300", "i": "7"}, lang)
    wave, one, two = _layouts(r["parts"]["main"])[1]
    assert _texts(wave).split() == ["3", "300"] and 'class="aula-dot-a"' in wave and 'class="aula-dot-b"' in wave
    assert _texts(one) == "3" and _texts(two) == "300" and one.count("<rect") == two.count("<rect") == 16
    turned = re.search(r'<div class="aula-tab-narrow">(.*?)</div></div>', r["parts"]["main"], re.S).group(1)
    for key, digits in (("sin_a", 4), ("sin_b", 4), ("one_wave_distance", 4), ("full_distance", 4)):
        assert f"<td>{fmt(r['data'][key], lang, digits)}</td>" in turned and fmt(r["data"][key], lang, digits) in r["parts"]["summary"]
    assert fmt(r["data"]["max_distance"], lang, 2) in turned

    # vec_pythagoras: the same square, four triangles and the gold one, every side named
    r = lesson_core.render("vec_pythagoras", {"a": "5", "b": "1"}, lang)
    (wide,), (narrow,) = _layouts(r["parts"]["main"])
    assert sorted(_texts(narrow).split()) == sorted(_texts(wide).split()) == ["a", "a", "b", "b", "c"]
    assert narrow.count("Z") == wide.count("Z") == 5 and 'class="aula-inner"' in narrow

    r = lesson_core.render("rm_training", None, lang)     # three lines and the kept step, named in the HTML legend
    assert r["parts"]["main"].count("<li>") == 4 and "aula-legend" in r["parts"]["main"]


def _cards(html: str) -> list[list[list[tuple[str | None, str]]]]:
    """The part's card tables (svgkit.card_table), each as its rows, each row as the (label, text)
    of its cells: what one card shows on a phone, every number after the header it belongs to
    (the table's CSS strings --aula-cN, which aula.css puts before the N-th cell)."""
    import html as _html
    out = []
    for style, tab in re.findall(r'<table class="aula-table aula-table-cards[^"]*"(?: style="([^"]*)")?>(.*?)</table>',
                                 html, re.S):
        labels = {int(n): re.sub(r"\\([0-9a-f]+) ", lambda m: chr(int(m.group(1), 16)), v)
                  for n, v in re.findall(r'--aula-c(\d+):"((?:[^"\\]|\\.)*)"', _html.unescape(style))}
        heads = [_html.unescape(re.sub(r"<[^>]+>", "", t)) for t in re.findall(r"<th[^>]*>(.*?)</th>", tab, re.S)]
        assert all(labels[j] == heads[j - 1] for j in labels), (labels, heads)
        assert all(j in labels for j, head in enumerate(heads[1:], 2) if head), (labels, heads)
        out.append([[(labels.get(j), _html.unescape(re.sub(r"<[^>]+>", "", text)))
                     for j, text in enumerate(re.findall(r"<td>(.*?)</td>", row, re.S), 1)]
                    for row in re.findall(r"<tr>(.*?)</tr>", tab.split("<tbody>")[1], re.S)])
    return out


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

MEASURE_JS = """(minPx) => {
  const shown = (e) => e.getClientRects().length > 0;
  const out = {wide: [], small: [], formulas: [], boxes: [], tables: 0, figures: 0};
  const seen = new Set();
  for (const w of document.querySelectorAll('.aula-widget')) {
    const id = w.dataset.widget;
    for (const box of w.querySelectorAll('.aula-fig, .aula-wide, .aula-scroll, .aula-figs, .aula-tables')) {
      seen.add(box);
      if (!shown(box)) continue;
      if (box.scrollWidth > box.clientWidth + 1) out.wide.push([id, box.className, box.scrollWidth, box.clientWidth]);
    }
    for (const svg of w.querySelectorAll('svg.aula-svg')) {
      if (!shown(svg)) continue;
      out.figures++;
      for (const t of svg.querySelectorAll('text')) {
        const m = shown(t) && t.textContent.trim() ? t.getScreenCTM() : null;
        if (!m) continue;
        const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
        if (px < minPx - 0.01) out.small.push([id, t.textContent.slice(0, 20), px.toFixed(1)]);
      }
    }
  }
  for (const box of document.querySelectorAll('.aula-math, .md-typeset__scrollwrap')) {
    seen.add(box);
    if (box.closest('.aula-widget') || !shown(box)) continue;
    if (box.scrollWidth > box.clientWidth + 1) out.formulas.push([box.className, box.scrollWidth, box.clientWidth]);
  }
  // Any other box of the content column that scrolls sideways: a teacher's plan or answer key, a
  // worksheet's or a class set's table, a quiz's explanation, whatever markup made it.
  for (const box of document.querySelectorAll('.md-content *:not(svg *)')) {
    if (box.tagName === 'TABLE' && !box.closest('.aula-widget') && shown(box)) out.tables++;
    if (seen.has(box) || !shown(box) || !/auto|scroll/.test(getComputedStyle(box).overflowX)) continue;
    if (box.scrollWidth > box.clientWidth + 1) {
      const w = box.closest('.aula-widget');
      out.boxes.push([w ? w.dataset.widget : '', box.tagName.toLowerCase() + '.' + box.className, box.scrollWidth,
                      box.clientWidth]);
    }
  }
  return out;
}"""

# A quiz's explanation shows once the reader answers (a precomputed part, no Python): answer each
# quiz with an option other than the one shown (the device keeps the last answer, in both languages),
# then wait until every feedback part has changed.
ANSWER_JS = """() => {
  const parts = [];
  for (const w of document.querySelectorAll('.aula-widget')) {
    const radio = w.querySelector('input[type=radio][data-param="answer"]:not([value="none"]):not(:checked)');
    const feedback = w.querySelector('.aula-part[data-part="feedback"]');
    if (!radio || !feedback) continue;
    parts.push([feedback, feedback.innerHTML]);
    radio.checked = true;
    radio.dispatchEvent(new Event('change', {bubbles: true}));
  }
  window.__aulaAnswered = parts;
  return parts.length;
}"""
# answered once its feedback changed, or shows an explanation already: an answer restored from an earlier
# page of the sweep (progress is kept per quiz id, shared by both languages) and another wrong option
# give the same explanation
ANSWERED_JS = """() => window.__aulaAnswered.every(([part, before]) =>
  part.innerHTML !== before || part.querySelector('.aula-feedback') !== null)"""
# aula.css lets the browser skip laying out a widget off screen (content-visibility: auto); measured
# there, its boxes keep the sizes of their last layout (a 650 px explanation at 320 px after 1280).
# Measure every widget laid out as it is on screen.
ON_SCREEN_CSS = ".aula-widget { content-visibility: visible !important; }"

WIDE_JS = """() => [...document.querySelectorAll('.aula-figs')].map(f => {
  const wide = f.querySelector('.aula-lay-wide svg'), narrow = f.querySelector('.aula-lay-narrow svg');
  return [f.closest('.aula-widget').dataset.widget, wide.getClientRects().length > 0,
          narrow.getClientRects().length > 0, wide.getBoundingClientRect().width / wide.viewBox.baseVal.width];
})"""


def test_every_figure_fits_a_phone(browser, server, site):
    """At 320, 360, 375 and 412 px, on every page of both languages (lessons, teacher guides,
    worksheets, class sets, glossary): no converted widget's figure or table wider than its box, no
    display formula or Markdown table wider than its column, no other box of the content column
    scrolling sideways (a plan, an answer key, a quiz's explanation once answered), figure text of
    11 px or more."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    pg = context.new_page()
    _block_python(pg)
    problems, figures, tables, answered = [], 0, 0, 0
    pages = _pages(site)
    for kind in ("teacher/", "worksheets/", "teacher/class/"):   # the sweep reaches them in both languages
        assert any(p.startswith(kind) for p in pages) and any(p.startswith("pt/" + kind) for p in pages), kind
    for path in pages:
        pg.goto(server + path)
        pg.add_style_tag(content=ON_SCREEN_CSS)
        name = path or "/"
        for wid, shows_wide, shows_narrow, scale in pg.evaluate(WIDE_JS):
            if not (shows_wide and not shows_narrow and scale >= 1):
                problems.append(f"{name} at 1280px: {wid} does not show its wide figure at full size ({scale:.2f})")
        quizzes = pg.evaluate(ANSWER_JS)
        if quizzes:
            pg.wait_for_function(ANSWERED_JS)
            answered += quizzes
        for width in PHONES:
            pg.set_viewport_size({"width": width, "height": 800})
            pg.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            r = pg.evaluate(MEASURE_JS, MIN_FIGURE_PX)
            figures += r["figures"]
            tables += r["tables"]
            problems += [f"{name} at {width}px: {wid} {cls} is {sw} px wide in a {cw} px box"
                         for wid, cls, sw, cw in r["wide"]]
            problems += [f"{name} at {width}px: {wid} text {t!r} at {px} px" for wid, t, px in r["small"]]
            problems += [f"{name} at {width}px: {cls} {sw} px in {cw}" for cls, sw, cw in r["formulas"]]
            problems += [f"{name} at {width}px: {wid or 'page'} {cls} scrolls: {sw} px in {cw}"
                         for wid, cls, sw, cw in r["boxes"]]
        pg.set_viewport_size({"width": 1280, "height": 800})
    context.close()
    assert figures > 200  # the figures were there to measure (4 widths)
    assert answered >= 10  # every quiz of both languages, answered: its explanation measured too
    assert tables > 100    # tables outside widgets (plans, answer keys, worksheets, Markdown) measured
    assert not problems, "\n".join(problems[:400])
