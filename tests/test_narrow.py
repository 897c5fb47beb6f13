"""Phones first (issue 16): every figure drawn for the width it is shown at.

The core's side: svgkit's layout helpers, and every converted figure drawn twice (wide and narrow,
from the same numbers) with the facts of its summary in the narrow drawing too. The browser's side
is tests/test_readers.py::test_every_figure_fits_a_phone (tests/narrow_checks.py). No figure, table
or formula is exempt: every one that once scrolled sideways on a phone has a narrow form.
"""

from __future__ import annotations

import re

import pytest

import lesson_core
from lesson_core.kit import svgkit
from lesson_core.kit.registry import all_widgets

PHONES = [320, 360, 375, 412]
MIN_FIGURE_PX = 11

# Figures drawn wide and narrow by svgkit.figure (the others fit a phone as they are).
CONVERTED = {"attn_demo", "chain_rule", "diffusion_pixel", "emb_3d", "emb_learn", "layer_norm", "model_sizes", "pe_ambiguity", "pe_fingerprint",
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
