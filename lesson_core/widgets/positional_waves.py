"""Lesson 1 widgets, continued: advancing k positions is a rotation; one slow wave is ambiguous
where the whole code is not. Numbers come from :mod:`lesson_core.topics.positional`.
"""

from __future__ import annotations

import math

from ..kit import fpmath as fp
from ..topics import positional as pe
from ..kit.controls import Choice, Number, Range
from ..kit.fmt import fmt, fmt_count, fmt_sci, tr
from ..kit.html import Markup, h, num, svg
from ..kit.registry import View, widget
from ..kit.svgkit import Frame, figure, table, table_forms, turned
from .positional import LESSON, T, _strip

POSITIONS = {"es": ("posición", "posiciones"), "pt": ("posição", "posições")}  # fmt_count's words


# --- 5. the rotation R_k ------------------------------------------------------------

def _circle(i: int, pos: int, k: int, d: int, cx: float, lang: str, top: float = 0,
            narrow: bool = False) -> Markup:
    """Wave i's (sin, cos) pair for pos and pos + k on a circle; narrow, its label on two lines."""
    w = pe.frequency(i, d)
    r, cy = 42, 56 + top
    pts = []
    for q, cls in ((pos, "aula-dot-a"), (pos + k, "aula-dot-b")):
        # (sin, cos) drawn as (x, y): the pair moves round the circle as pos grows
        x, y = cx + r * fp.sin(q * w), cy - r * fp.cos(q * w)
        pts.append(h("circle", {"cx": num(x), "cy": num(y), "r": 5, "class": cls}) if q == pos else
                   h("rect", {"x": num(x - 5), "y": num(y - 5), "width": 10, "height": 10, "class": cls}))
    return h("g", None, h("circle", {"cx": num(cx), "cy": cy, "r": r, "class": "aula-ring"}), pts,
             [h("text", {"x": num(cx), "y": 118 + top + 14 * n, "class": "aula-tick", "text-anchor": "middle"}, line)
              for n, line in enumerate([f"i = {i}:", f"k·ω = {fmt(k * w, lang, 3)} rad"] if narrow else
                                       [f"i = {i}: k·ω = {fmt(k * w, lang, 3)} rad"])])


@widget("pe_rotation", lesson=LESSON,
        title={"es": "Avanzar k posiciones es girar", "pt": "Avançar k posições é girar"},
        controls=[Number("pos", T["pos"], 10, min=0, max=100000),
                  Number("k", {"es": "Paso k", "pt": "Passo k"}, 5, min=0, max=100000),
                  Choice("d", T["d"], 8, options=[(4, "4"), (8, "8"), (16, "16")])],
        parts={"main": ("pos", "k", "d"), "dots": ("k", "d")}, fields=("dot_k", "dot_spread", "dot_last"))
def rotation(p: dict, lang: str) -> View:
    """PE(pos+k) computed directly against R_k·PE(pos), where R_k is built from k alone."""
    pos, k, d = p["pos"], p["k"], pe.check_d(p["d"])
    check = pe.rotation_check(pos, k, d)
    blocks = pe.rotation_blocks(k, d)
    shown = min(4, d // 2)
    label = tr(lang, {"es": "Cada par (seno, coseno) gira el mismo ángulo k·ω",
                      "pt": "Cada par (seno, cosseno) gira o mesmo ângulo k·ω"})

    def draw(frame: Frame) -> Markup:
        # wide: the circles in a row; narrow: two per row
        per, row = frame.pick(4, 2), frame.pick(124, 138)
        return svg(frame.width, row * -(-shown // per), [
            _circle(i, pos, k, d, frame.width / (2 * per) * (2 * (i % per) + 1) if frame.narrow else 70 + 140 * i,
                    lang, row * (i // per), frame.narrow) for i in range(shown)], label=label)

    fig = figure(draw)
    sub = str(k).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))
    head = ["", f"PE({fmt(pos + k, lang)})", f"R{sub}·PE({fmt(pos, lang)})", "|Δ|"]
    rows = [[j, fmt(a, lang, 6), fmt(b, lang, 6), fmt_sci(abs(a - b), lang)]
            for j, (a, b) in enumerate(zip(check["direct"], check["rotated"]))]
    err = check["max_error"]
    verdict = tr(lang, {"es": f"Diferencia máxima: {fmt_sci(err, lang)} (errores de redondeo de la máquina).",
               "pt": f"Diferença máxima: {fmt_sci(err, lang)} (erros de arredondamento da máquina)."})
    legend = h("p", {"class": "aula-note"}, h("span", {"class": "aula-key-a"}, "●"), f" pos = {fmt(pos, lang)}   ",
               h("span", {"class": "aula-key-b"}, "■"), f" pos + k = {fmt(pos + k, lang)}")
    body = Markup(fig + legend + h("div", {"class": "aula-scroll"}, table(head, rows))
                  + h("p", {"class": "aula-readout"}, verdict))
    summary = tr(lang, {"es": f"d = {d}: PE({fmt(pos + k, lang)}) calculado directamente y R{sub}·PE({fmt(pos, lang)}), "
                     f"el código de {fmt(pos, lang)} girado {fmt_count(k, POSITIONS, lang)}, coinciden. ",
               "pt": f"d = {d}: PE({fmt(pos + k, lang)}) calculado diretamente e R{sub}·PE({fmt(pos, lang)}), "
                     f"o código de {fmt(pos, lang)} girado {fmt_count(k, POSITIONS, lang)}, coincidem. "}) + verdict
    dots, dot_k, spread, said = _distance_part(k, d, lang)
    return View(summary=summary + " " + said, parts={"main": body, "dots": dots},
                data={"dot_k": dot_k, "dot_spread": spread, "dot_last": DOT_POSITIONS[-1], "pos": pos, "k": k, "d": d, "max_error": err, "direct": check["direct"],
                      "rotated": check["rotated"], "blocks": [list(b) for b in blocks]})


DOT_POSITIONS = range(0, 50)


def _distance_part(k: float, d: int, lang: str) -> tuple[Markup, float, float, str]:
    """PE(p)·PE(p+k) for every p from 0 to 49, drawn as dots on one axis: a flat row, because the
    dot product is the sum of cos(k·ωᵢ), with no p in it."""
    dots = pe.distance_dots(k, d, DOT_POSITIONS)
    dot_k = pe.dot_at_distance(k, d)
    spread = max(dots) - min(dots)
    top = d / 2  # the dot product of two codes lies in [-d/2, d/2]
    label = tr(lang, {"es": f"PE(p)·PE(p + {fmt(k, lang)}) para p de 0 a {DOT_POSITIONS[-1]}",
                      "pt": f"PE(p)·PE(p + {fmt(k, lang)}) para p de 0 a {DOT_POSITIONS[-1]}"})

    def draw(frame: Frame) -> Markup:
        W, left, y0, ph = frame.width, 40, 8, 110
        pw = W - left - 10

        def Y(v: float) -> float:
            return y0 + ph * (top - v) / (2 * top)

        marks = [h("circle", {"cx": num(left + pw * j / (len(dots) - 1)), "cy": num(Y(v)), "r": 3,
                              "class": "aula-dot-b"}) for j, v in enumerate(dots)]
        yt = [h("text", {"x": left - 6, "y": num(Y(v) + 4), "class": "aula-tick", "text-anchor": "end"}, fmt(v, lang))
              for v in (top, 0, -top)]
        xt = [h("text", {"x": num(left + pw * p / DOT_POSITIONS[-1]), "y": y0 + ph + 16, "class": "aula-tick",
                         "text-anchor": "middle"}, p) for p in (0, 10, 20, 30, 40, 49)]
        axis = h("line", {"x1": left, "x2": left + pw, "y1": num(Y(0)), "y2": num(Y(0)), "class": "aula-axis"})
        return svg(W, y0 + ph + 22, axis, yt, xt, marks, label=label)

    said = tr(lang, {"es": f"Para cada posición p de 0 a {DOT_POSITIONS[-1]}, PE(p)·PE(p + {fmt(k, lang)}) vale "
                           f"{fmt(dot_k, lang, 4)}, lo mismo que la suma de cos({fmt(k, lang)}·ωᵢ) de las {d // 2} ondas: "
                           f"entre el mayor y el menor hay {fmt_sci(spread, lang) if spread else '0'}. "
                           "El producto escalar solo depende de la distancia k.",
                     "pt": f"Para cada posição p de 0 a {DOT_POSITIONS[-1]}, PE(p)·PE(p + {fmt(k, lang)}) vale "
                           f"{fmt(dot_k, lang, 4)}, o mesmo que a soma de cos({fmt(k, lang)}·ωᵢ) das {d // 2} ondas: "
                           f"entre o maior e o menor a diferença é {fmt_sci(spread, lang) if spread else '0'}. "
                           "O produto escalar só depende da distância k."})
    body = Markup(h("p", {"class": "aula-note"}, label) + figure(draw) + h("p", {"class": "aula-readout"}, said))
    return body, dot_k, spread, said


# --- 6. one slow wave is ambiguous; the whole code is not ----------------------------

AMB_D = 16


@widget("pe_ambiguity", lesson=LESSON,
        title={"es": "¿3 o 300? Una onda lenta frente al código completo",
               "pt": "3 ou 300? Uma onda lenta contra o código completo"},
        controls=[Number("a", {"es": "Posición A", "pt": "Posição A"}, 3, min=0, max=100000),
                  Number("b", {"es": "Posición B", "pt": "Posição B"}, 300, min=0, max=100000),
                  Range("i", {"es": "Onda i (0 rápida, 7 lenta)", "pt": "Onda i (0 rápida, 7 lenta)"}, 7,
                        min=0, max=AMB_D // 2 - 1, step=1)],
        parts={"main": ("a", "b", "i")},
        fields=("sin_a", "sin_b", "one_wave_distance", "full_distance", "max_distance"))
def ambiguity(p: dict, lang: str) -> View:
    """Heights of positions a and b on wave i alone, and the distance between their full codes (d = 16)."""
    a, b, i = p["a"], p["b"], p["i"]
    g = pe.wave_gap(a, b, i, AMB_D)
    w = pe.frequency(i, AMB_D)
    span = max(a, b, 1) * 1.15

    def draw(frame: Frame) -> Markup:
        # narrow: the same wave squeezed to the width, the two positions under it
        W, H, left, top, ph = frame.width, 150, frame.pick(36, 8), 10, 110
        pw = W - left - 10
        samples = 160

        def X(q: float) -> float:
            return left + pw * q / span

        def Y(v: float) -> float:
            return top + ph * (1 - v) / 2

        curve = " ".join(f"{num(X(span * s / samples))},{num(Y(fp.sin(span * s / samples * w)))}"
                         for s in range(samples + 1))
        marks = [h("g", None, h("circle", {"cx": num(X(q)), "cy": num(Y(fp.sin(q * w))), "r": 5, "class": cls}),
                   h("text", {"x": num(X(q)), "y": H - 6, "class": "aula-tick", "text-anchor": "middle"}, fmt(q, lang)))
                 for q, cls in ((a, "aula-dot-a"), (b, "aula-dot-b"))]
        return svg(W, H, h("line", {"x1": left, "x2": W - 10, "y1": num(Y(0)), "y2": num(Y(0)), "class": "aula-axis"}),
                   h("polyline", {"points": curve, "class": "aula-line aula-line-wave"}), marks,
                   label=tr(lang, {"es": f"Onda {i}: sen(pos·ω) entre 0 y {fmt(span, lang, 0)}",
                                   "pt": f"Onda {i}: sen(pos·ω) entre 0 e {fmt(span, lang, 0)}"}))

    fig = figure(draw)
    close = g["one_wave_distance"] < 0.1 * math.sqrt(2)
    one = tr(lang, {"es": ("casi no se distinguen" if close else "se distinguen"),
           "pt": ("quase não se distinguem" if close else "se distinguem")})
    rows = [
        [tr(lang, {"es": f"Solo la onda {i}", "pt": f"Só a onda {i}"}), fmt(g["sin_a"], lang, 4), fmt(g["sin_b"], lang, 4),
         fmt(g["one_wave_distance"], lang, 4), one],
        [tr(lang, {"es": "Código completo (d = 16)", "pt": "Código completo (d = 16)"}), "—", "—",
         fmt(g["full_distance"], lang, 4),
         tr(lang, {"es": f"máximo posible {fmt(g['max_distance'], lang, 2)}", "pt": f"máximo possível {fmt(g['max_distance'], lang, 2)}"})],
    ]
    head = ["", f"sen({fmt(a, lang)}·ω)", f"sen({fmt(b, lang)}·ω)",
            tr(lang, {"es": "distancia", "pt": "distância"}), ""]
    strips = Markup(_strip(pe.pe_vector(a, AMB_D), lang, fmt(a, lang)) + _strip(pe.pe_vector(b, AMB_D), lang, fmt(b, lang)))
    body = Markup(fig + table_forms(table(head, rows), turned(head, rows)) + strips)
    summary = tr(lang, {"es": f"Posiciones {fmt(a, lang)} y {fmt(b, lang)}. Solo en la onda {i}: alturas "
                     f"{fmt(g['sin_a'], lang, 4)} y {fmt(g['sin_b'], lang, 4)}, distancia "
                     f"{fmt(g['one_wave_distance'], lang, 4)}: {one}. Con el código completo (d = 16): distancia "
                     f"{fmt(g['full_distance'], lang, 4)}, de un máximo posible de {fmt(g['max_distance'], lang, 2)}.",
               "pt": f"Posições {fmt(a, lang)} e {fmt(b, lang)}. Só na onda {i}: alturas "
                     f"{fmt(g['sin_a'], lang, 4)} e {fmt(g['sin_b'], lang, 4)}, distância "
                     f"{fmt(g['one_wave_distance'], lang, 4)}: {one}. Com o código completo (d = 16): distância "
                     f"{fmt(g['full_distance'], lang, 4)}, de um máximo possível de {fmt(g['max_distance'], lang, 2)}."})
    return View(parts={"main": body}, data={"a": a, "b": b, "i": i, **g}, summary=summary)


PARITY_CASES = [
    ("pe_rotation", {"pos": "99999", "k": "100000", "d": "16"}),
    ("pe_ambiguity", {"a": "12345", "b": "54321", "i": "0"}),
]
