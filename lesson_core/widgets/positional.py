"""Lesson 1 widgets: positional encoding (seeds 000 es, 001 pt).

Numbers come from :mod:`lesson_core.topics.positional`; this module only lays them out.
"""

from __future__ import annotations

import functools
import math

from ..kit import fpmath as fp
from ..topics import positional as pe
from ..kit.controls import Choice, Number, Range
from ..kit.fmt import fmt, fmt_count, fmt_pct, fmt_sci, tr
from ..kit.html import Markup, h, num, svg
from ..data.positional import WORDS
from ..kit.registry import View, widget
from ..kit.svgkit import (Frame, bar_strip, card_table, column_labels, diverging_rgb, figure, fmt_vec, hex_rgb,
                          nice_ticks, png_data_uri, table)

WAVES = {"es": ("onda", "ondas"), "pt": ("onda", "ondas")}  # fmt_count's words

LESSON = "positional"

T = {
    "pos": {"es": "Posición", "pt": "Posição"},
    "d": {"es": "Dimensión del modelo d", "pt": "Dimensão do modelo d"},
    "dim": {"es": "dimensión", "pt": "dimensão"},
    "word": {"es": "Palabra", "pt": "Palavra"},
}


def _word_choice() -> Choice:
    return Choice("word", T["word"], "dog", options=[(k, v[0]) for k, v in WORDS.items()], style="buttons")


# --- 1. raw count against a bounded wave ---------------------------------------------

RAW_WORD = [0.8, -0.3, 0.5, 0.1]
RAW_D = 4


@functools.lru_cache(maxsize=2)  # the same chart beside every position the build precomputes
def _raw_chart(lang: str) -> Markup:
    """Raw count and one wave over positions 0..10 000, on the scale of a word's numbers."""
    label = {"es": "La cuenta cruda sale del marco enseguida; la onda se queda entre −1 y 1.",
             "pt": "A contagem crua sai do quadro logo no começo; a onda fica entre −1 e 1."}
    raw_note = tr(lang, {"es": "↑ cuenta cruda: 1, 2, 3…", "pt": "↑ contagem crua: 1, 2, 3…"})
    wave_note = tr(lang, {"es": "onda: sen(pos/100)", "pt": "onda: sen(pos/100)"})

    def draw(frame: Frame) -> Markup:
        # narrow: the two notes on lines of their own above the plot, ticks every 5000
        W, left, top = frame.width, 44, frame.pick(14, 40)
        H = top + 186
        pw, ph = W - left - 10, H - top - 30
        ymax = 1.5

        def X(p: float) -> float:
            return left + pw * p / 10000

        def Y(v: float) -> float:
            return top + ph * (ymax - max(-ymax, min(ymax, v))) / (2 * ymax)

        wave = " ".join(f"{num(X(p))},{num(Y(fp.sin(p * pe.frequency(1, RAW_D))))}" for p in range(0, 10001, 25))
        raw = f"{num(X(0))},{num(Y(0))} {num(X(1.5))},{num(Y(1.5))}"
        ticks = [h("text", {"x": num(X(p)), "y": H - 8, "class": "aula-tick",
                            "text-anchor": "end" if p == 10000 else "middle"}, fmt(p, lang))
                 for p in nice_ticks(0, 10000, pw, per=frame.pick(120, 100))]
        yt = [h("text", {"x": left - 6, "y": num(Y(v) + 4), "class": "aula-tick", "text-anchor": "end"},
                fmt(v, lang)) for v in (-1, 0, 1)]
        notes = [h("text", {"x": num(X(150)), "y": 24, "class": "aula-note"}, raw_note),
                 h("text", {"x": num(X(10000)), "y": 14 + 24, "class": "aula-note", "text-anchor": "end"}, wave_note)] \
            if frame.narrow else [
                h("text", {"x": num(X(150)), "y": top + 10, "class": "aula-note"}, raw_note),
                h("text", {"x": num(X(10000)), "y": top + 10, "class": "aula-note", "text-anchor": "end"}, wave_note)]
        return svg(W, H,
                   h("rect", {"x": left, "y": num(Y(1)), "width": num(pw), "height": num(Y(-1) - Y(1)),
                              "class": "aula-band"}),
                   yt, ticks,
                   h("polyline", {"points": wave, "class": "aula-line aula-line-wave"}),
                   h("polyline", {"points": raw, "class": "aula-line aula-line-raw"}),
                   notes, label=tr(lang, label))

    return figure(draw)


def share_digits(share: float) -> int:
    """Decimals that show a share near 100 % apart from 100 %: 0.99999996 -> 6 (99,999996 %)."""
    rest = 100 * (1 - share)
    return 1 if rest >= 1 else min(10, math.ceil(-fp.log10(rest)) + 1)


RAW_MAX = 10000  # the slider's last position


@widget("pe_raw_vs_wave", lesson=LESSON,
        title={"es": "Cuenta cruda frente a una onda acotada", "pt": "Contagem crua contra uma onda limitada"},
        controls=[Range("pos", T["pos"], 5000, min=0, max=RAW_MAX, step=250)],
        parts={"chart": (), "now": ("pos",)},
        fields=("raw_share", "pos_max"))
def raw_vs_wave(p: dict, lang: str) -> View:
    """The number a word carries for its place: raw count or a wave code (d = 4)."""
    pos = p["pos"]
    code = pe.pe_vector(pos, RAW_D)
    share = pe.raw_count_share(RAW_WORD, pos)
    biggest = max(abs(x) for x in RAW_WORD)
    left_vals = RAW_WORD + [float(pos)]
    right_vals = pe.add_position(RAW_WORD, pos)
    cap = tr(lang, {"es": ("Palabra + cuenta cruda", "Palabra + código de posición"),
           "pt": ("Palavra + contagem crua", "Palavra + código de posição")})

    def draw(frame: Frame) -> Markup:
        # the two panels side by side when wide, stacked when narrow; the position under its bar
        bars = frame.pick(110, 84)
        boxes, height = frame.panels(2, bars + 30, top=4, gap=20)
        out = []
        for box, caption, vals in zip(boxes, cap, (left_vals, right_vals)):
            out.append(h("text", {"x": num(box.x), "y": num(box.y + 10), "class": "aula-note"}, caption))
            out.append(bar_strip(vals, box.x, box.y + 18, box.w, bars, vmax=2.0))
        first = boxes[0]  # the raw position, under its own (fifth) bar
        out.append(h("text", {"x": num(first.x + first.w * 4.5 / len(left_vals)), "y": num(first.y + bars + 30),
                              "class": "aula-tick", "text-anchor": "middle"}, fmt(pos, lang)))
        return svg(frame.width, 4 + height + 6, out, label=cap[0] + " / " + cap[1])

    fig = figure(draw)
    rows = [
        (tr(lang, {"es": "Mayor número de la palabra", "pt": "Maior número da palavra"}), fmt(biggest, lang, 2)),
        (tr(lang, {"es": "Etiqueta de posición cruda", "pt": "Etiqueta de posição crua"}), fmt(pos, lang)),
        (tr(lang, {"es": "La posición comparada con el mayor número de la palabra",
          "pt": "A posição comparada com o maior número da palavra"}),
         fmt(pos / biggest, lang, 0) + " ×"),
        (tr(lang, {"es": "Parte del tamaño del vector (suma de cuadrados) que se lleva la posición",
          "pt": "Parte do tamanho do vetor (soma dos quadrados) que fica com a posição"}),
         fmt_pct(share, lang, share_digits(share))),
        (tr(lang, {"es": "Parte del tamaño del vector (suma de cuadrados) que queda para el significado",
          "pt": "Parte do tamanho do vetor (soma dos quadrados) que sobra para o sentido"}),
         (fmt(100 * (1 - share), lang, 2) if 1 - share >= 0.0001 else fmt_sci(100 * (1 - share), lang))
         + (tr(lang, {"es": "\u00a0%", "pt": "%"}))),
        (tr(lang, {"es": "Código de onda (d = 4)", "pt": "Código de onda (d = 4)"}), fmt_vec(code, lang)),
    ]
    summary = tr(lang, {"es": f"Posición {fmt(pos, lang)}. Con la cuenta cruda, la posición es {fmt(pos / biggest, lang, 0)} veces el mayor número "
                     f"de la palabra ({fmt(biggest, lang, 2)}) y al significado le queda {rows[4][1]} del tamaño "
                     f"del vector. Con el código de onda los números quedan entre −1 y 1: {rows[5][1]}.",
               "pt": f"Posição {fmt(pos, lang)}. Com a contagem crua, a posição é {fmt(pos / biggest, lang, 0)} vezes o maior número "
                     f"da palavra ({fmt(biggest, lang, 2)}) e ao sentido sobra {rows[4][1]} do tamanho do vetor. "
                     f"Com o código de onda os números ficam entre −1 e 1: {rows[5][1]}."})
    return View(parts={"chart": _raw_chart(lang), "now": Markup(fig + table(["", ""], rows))},
                data={"pos": pos, "pos_max": RAW_MAX, "raw_share": share, "raw_share_digits": share_digits(share),
                      "code": code, "sum": right_vals}, summary=summary)


# --- 2. the set of waves as a heat map, and one position's fingerprint --------------

MAP_POSITIONS = 50


@functools.lru_cache(maxsize=8)  # one map per d and language: the build precomputes it with every position
def _heatmap(d: int, lang: str) -> Markup:
    rows = pe.pe_matrix(range(MAP_POSITIONS), d)
    uri = png_data_uri([[diverging_rgb(v) for v in row] for row in rows])
    label = {"es": f"Mapa de calor: {MAP_POSITIONS} posiciones por {d} dimensiones; oscuro (rojo) +1, claro (azul pálido) −1.",
             "pt": f"Mapa de calor: {MAP_POSITIONS} posições por {d} dimensões; escuro (vermelho) +1, claro (azul-claro) −1."}

    def draw(frame: Frame) -> Markup:
        # narrow: the map squeezed to the width, half as many column labels, the axis title on two lines
        W, H, left, top = frame.width, frame.pick(300, 280), frame.pick(40, 24), 10
        pw, ph = W - left - frame.pick(10, 4), H - top - frame.pick(34, 50)
        xt = [h("text", {"x": num(left + pw * (j + 0.5) / d), "y": top + ph + 14, "class": "aula-tick",
                         "text-anchor": "middle"}, j) for j in range(0, d, max(1, d // frame.pick(8, 4)))]
        yt = [h("text", {"x": left - 4, "y": num(top + ph * (r + 0.5) / MAP_POSITIONS + 4), "class": "aula-tick",
                         "text-anchor": "end"}, r) for r in range(0, MAP_POSITIONS, 10)]
        title = frame.pick(
            h("text", {"x": num(left + pw / 2), "y": H - 4, "class": "aula-note", "text-anchor": "middle"},
              tr(lang, {"es": "dimensión (izquierda: ondas rápidas; derecha: lentas)",
                        "pt": "dimensão (esquerda: ondas rápidas; direita: lentas)"})),
            [h("text", {"x": num(left + pw / 2), "y": H - 22, "class": "aula-note", "text-anchor": "middle"},
               tr(lang, T["dim"])),
             h("text", {"x": left, "y": H - 4, "class": "aula-tick"},
               tr(lang, {"es": "← ondas rápidas", "pt": "← ondas rápidas"})),
             h("text", {"x": num(left + pw), "y": H - 4, "class": "aula-tick", "text-anchor": "end"},
               tr(lang, {"es": "ondas lentas →", "pt": "ondas lentas →"}))])
        return svg(W, H, h("image", {"href": uri, "x": left, "y": top, "width": num(pw), "height": ph,
                                     "preserveAspectRatio": "none", "class": "aula-pixelated"}),
                   xt, yt, title, label=tr(lang, label))

    return figure(draw)


def _strip(code: list[float], lang: str, caption: str) -> Markup:
    """A code as colours and bars, one column per number; narrow, the caption above and the columns
    squeezed to the width."""
    d = len(code)

    def draw(frame: Frame) -> Markup:
        W, left, top = frame.width, frame.pick(40, 4), frame.pick(0, 18)
        cw = (W - left - frame.pick(10, 4)) / d
        cells = [h("rect", {"x": num(left + j * cw), "y": top + 4, "width": num(cw + 0.3), "height": 22,
                            "fill": hex_rgb(diverging_rgb(v))}) for j, v in enumerate(code)]
        return svg(W, top + 112, cells, bar_strip(code, left, top + 32, cw * d, 76, vmax=1.0),
                   h("text", {"x": frame.pick(0, 4), "y": frame.pick(20, 14), "class": "aula-tick"}, caption),
                   label=caption)

    return figure(draw)


@widget("pe_heatmap", lesson=LESSON,
        title={"es": "Muchas ondas: la huella de cada posición", "pt": "Muitas ondas: a impressão digital de cada posição"},
        controls=[Choice("d", T["d"], 16, options=[(8, "8"), (16, "16"), (32, "32"), (64, "64")]),
                  Range("pos", T["pos"], 3, min=0, max=MAP_POSITIONS - 1, step=1)],
        parts={"map": ("d",), "finger": ("d", "pos")})
def heatmap(p: dict, lang: str) -> View:
    """Positions 0..49 by d dimensions as colours; below, the chosen position's code."""
    d, pos = pe.check_d(p["d"]), p["pos"]
    code = pe.pe_vector(pos, d)
    strip = png_data_uri([[diverging_rgb(v) for v in code]])
    caption = tr(lang, {"es": f"Posición {pos}: sus {d} números, de la onda más rápida a la más lenta",
               "pt": f"Posição {pos}: seus {d} números, da onda mais rápida à mais lenta"})
    finger = Markup(figure(lambda frame: svg(
        frame.width, 30, h("text", {"x": 0, "y": 20, "class": "aula-tick"}, pos),
        h("image", {"href": strip, "x": frame.pick(40, 26), "y": 2, "width": frame.width - frame.pick(50, 30),
                    "height": 26, "preserveAspectRatio": "none", "class": "aula-pixelated"}), label=str(pos)))
        + h("p", {"class": "aula-readout"}, caption + ": " + fmt_vec(code[:8], lang) + (" …" if d > 8 else "")))
    summary = tr(lang, {"es": f"Mapa de {MAP_POSITIONS} posiciones por {d} dimensiones. ",
               "pt": f"Mapa de {MAP_POSITIONS} posições por {d} dimensões. "}) + caption + ": " + fmt_vec(code[:8], lang) \
        + (tr(lang, {"es": " y otros {n} números.", "pt": " e mais {n} números."}).format(n=d - 8) if d > 8 else ".")
    return View(parts={"map": _heatmap(d, lang), "finger": finger}, data={"d": d, "pos": pos, "code": code},
                summary=summary)


# --- 3. any position's code, typed: computed live --------------------------------------

@widget("pe_fingerprint", lesson=LESSON,
        title={"es": "El código de cualquier posición", "pt": "O código de qualquer posição"},
        controls=[Number("pos", T["pos"], 3, min=0, max=100000, integer=True),
                  Number("d", T["d"], 16, min=0, max=512, integer=True, width=4)],
        parts={"main": ("pos", "d")},
        fields=("divisors", "periods"))
def fingerprint(p: dict, lang: str) -> View:
    """Type a position (0..100 000) and a dimension: every wave's angle rate, sine and cosine."""
    pos, d = p["pos"], pe.check_d(p["d"])
    code = pe.pe_vector(pos, d)
    head = [tr(lang, {"es": "onda i", "pt": "onda i"}), "ωᵢ = 1/10000^(2i/d)",
            tr(lang, {"es": "periodo (posiciones)", "pt": "período (posições)"}),
            f"sen(pos·ωᵢ) = PE({pos}, 2i)", f"cos(pos·ωᵢ) = PE({pos}, 2i+1)"]
    rows = [[i, fmt_sci(pe.frequency(i, d), lang, 3) if pe.frequency(i, d) < 0.001 else fmt(pe.frequency(i, d), lang, 4),
             fmt(pe.wavelength(i, d), lang, 1), fmt(code[2 * i], lang, 4), fmt(code[2 * i + 1], lang, 4)]
            for i in range(d // 2)]
    # a phone: one card per wave ("onda i 3", then each number after its column's name)
    body = Markup(_strip(code, lang, str(pos)) + card_table(head, rows, titled=True, scroll=True))
    slow = d // 2 - 1
    summary = tr(lang, {"es": f"Posición {fmt(pos, lang)} con d = {d}: {fmt_count(d // 2, WAVES, lang)}. La más rápida (i = 0) da "
                     f"seno {fmt(code[0], lang, 4)} y coseno {fmt(code[1], lang, 4)}; la más lenta (i = {slow}), "
                     f"con un periodo de {fmt(pe.wavelength(slow, d), lang, 1)} posiciones, da seno "
                     f"{fmt(code[2 * slow], lang, 4)} y coseno {fmt(code[2 * slow + 1], lang, 4)}.",
               "pt": f"Posição {fmt(pos, lang)} com d = {d}: {fmt_count(d // 2, WAVES, lang)}. A mais rápida (i = 0) dá "
                     f"seno {fmt(code[0], lang, 4)} e cosseno {fmt(code[1], lang, 4)}; a mais lenta (i = {slow}), "
                     f"com período de {fmt(pe.wavelength(slow, d), lang, 1)} posições, dá seno "
                     f"{fmt(code[2 * slow], lang, 4)} e cosseno {fmt(code[2 * slow + 1], lang, 4)}."})
    return View(parts={"main": body}, data={"pos": pos, "d": d, "code": code,
                                            "divisors": [pe.divisor(i, d) for i in range(d // 2)],
                                            "periods": [pe.wavelength(i, d) for i in range(d // 2)]},
                summary=summary)


# --- 4. word vector + position code ---------------------------------------------------

def _sum_row(name: str, vals: list[float], lang: str, op: str = "") -> Markup:
    """One row of the sum: its name above its bars, each number under its own bar (one x grid)."""
    title = (op + " " + name).strip()

    def draw(frame: Frame) -> Markup:
        left, top, bh = frame.pick(10, 4), 24, frame.pick(84, 64)
        width = frame.width - 2 * left
        return svg(frame.width, top + bh + 20, h("text", {"x": left, "y": 16, "class": "aula-note"}, title),
                   bar_strip(vals, left, top, width, bh, vmax=2.0),
                   column_labels([fmt(v, lang, 2) for v in vals], left, width, top + bh + 14),
                   label=f"{title} = {fmt_vec(vals, lang)}")

    return figure(draw)


@widget("pe_sum", lesson=LESSON,
        title={"es": "Sumar, no pegar: palabra + posición", "pt": "Somar, não colar: palavra + posição"},
        controls=[_word_choice(), Range("pos", T["pos"], 1, min=0, max=20, step=1)],
        parts={"word": ("word",), "code": ("pos",), "sum": ("word", "pos")},
        fields=("E", "PE", "x"))
def word_plus_position(p: dict, lang: str) -> View:
    """x_pos = E(w) + PE(pos) with d = 8: three rows of eight numbers (each row its own part,
    so the page embeds 4 + 21 + 84 small rows instead of 84 whole figures)."""
    label, vec = WORDS[p["word"]]
    pos = p["pos"]
    code = pe.pe_vector(pos, len(vec))
    total = pe.add_position(vec, pos)
    word = tr(lang, label)
    summary = tr(lang, {"es": f"E({word}) = {fmt_vec(vec, lang)}; más PE({pos}) = {fmt_vec(code, lang)}; "
                     f"da x = {fmt_vec(total, lang)}.",
               "pt": f"E({word}) = {fmt_vec(vec, lang)}; mais PE({pos}) = {fmt_vec(code, lang)}; "
                     f"dá x = {fmt_vec(total, lang)}."})
    return View(summary=summary, parts={"word": _sum_row(f"E({word})", vec, lang),
                       "code": _sum_row(f"PE({pos})", code, lang, "+"),
                       "sum": _sum_row(f"x = E({word}) + PE({pos})", total, lang, "=")},
                data={"word": p["word"], "pos": pos, "E": vec, "PE": code, "x": total})


PARITY_CASES = [
    ("pe_fingerprint", {"pos": "100000", "d": "512"}),
    ("pe_fingerprint", {"pos": "77777", "d": "2"}),
    ("pe_heatmap", {"d": "64", "pos": "49"}),
    ("pe_raw_vs_wave", {"pos": "10000"}),
    ("pe_sum", {"word": "bites", "pos": "20"}),
]
