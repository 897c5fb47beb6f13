"""Drawings for the real-model lesson: token chips, the attention map, loss curves, the size axis.

Pure views: they take numbers computed by :mod:`lesson_core.model` and return Markup.
"""

from __future__ import annotations

import math

from ..topics import tokenizer as tok
from ..kit.fmt import fmt, tr
from ..kit.html import Markup, h, num, svg
from ..kit.svgkit import Frame, figure, legend, line_key, short_count, text_lines
from ..topics.scale import big_words
from ..kit import fpmath

__all__ = ["chips", "attention_map", "loss_chart", "size_axis", "label", "scaling_chart"]

SUP = str.maketrans("0123456789", "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079")


def label(text: str, limit: int = 10) -> str:
    """A token as a short visible label: ␣ for a space, control characters by name."""
    shown = tok.visible(text)
    return shown if len(shown) <= limit else shown[:limit - 1] + "…"


def chips(tokens: list, dropped: int) -> Markup:
    """One chip per token (id below); a character outside the vocabulary as its byte chips."""
    out, i = [], 0
    while i < len(tokens):
        t = tokens[i]
        cls = "aula-chip" + (" aula-chip-dim" if i < dropped else "")
        if not t.is_byte:
            out.append(h("span", {"class": cls}, h("bdi", {"class": "aula-chip-text"}, tok.visible(t.piece)),
                         h("span", {"class": "aula-chip-id"}, t.id)))
            i += 1
            continue
        n = len(t.piece.encode("utf-8"))
        group = tokens[i:i + n]
        if n == 1:  # an ASCII character: its byte is an ordinary token of this vocabulary
            out.append(h("span", {"class": cls, "title": f"{t.id:02X}"},
                         h("bdi", {"class": "aula-chip-text"}, tok.visible(t.piece)),
                         h("span", {"class": "aula-chip-id"}, t.id)))
        else:
            out.append(h("span", {"class": "aula-chip-group", "title": f"U+{ord(t.piece):04X}"},
                         h("bdi", {"class": "aula-chip-char"}, tok.visible(t.piece)),
                         [h("span", {"class": "aula-chip aula-chip-byte"},
                            h("span", {"class": "aula-chip-text"}, f"{b.id:02X}"),
                            h("span", {"class": "aula-chip-id"}, b.id)) for b in group]))
        i += len(group)
    return h("div", {"class": "aula-chips", "dir": "ltr"}, out)


def attention_map(rows: list, labels: list[str], first: int, caption: str, lang: str = "es") -> Markup:
    """Weights of the shown tokens (rows: who looks, columns: at whom), from position ``first`` on.
    Opacity is the square root of the weight (in 20 steps), so that small weights stay visible.
    Narrow: the last tokens that fit (7 at 22 units a cell), and a note of how many are left out.

    ``rows[i]`` is the full attention row of token ``first + i`` (weights over positions 0..first+i)."""
    cell, left, top = 22, 84, 84

    def draw(frame: Frame) -> Markup:
        keep = min(len(labels), int((frame.width - left - 8) // cell)) if frame.narrow else len(labels)
        skip = len(labels) - keep  # tokens left out of this drawing (their weights too)
        n = keep
        W, H = left + n * cell + 8, top + n * cell + 8 + (18 if skip else 0)
        levels: dict[int, list[str]] = {}  # cells grouped by shade (20 steps): one path per shade keeps pages light
        for i, row in enumerate(rows[skip:]):
            for j in range(i + 1):
                level = max(1, round(20 * math.sqrt(row[first + skip + j])))
                levels.setdefault(level, []).append(f"M{left + j * cell} {top + i * cell}h{cell - 1}v{cell - 1}h{1 - cell}z")
        out = [h("path", {"d": "".join(cells), "fill": "#b2182b", "fill-opacity": num(level / 20)})
               for level, cells in sorted(levels.items())]
        for k, text in enumerate(labels[skip:]):
            out.append(h("text", {"x": left - 4, "y": top + k * cell + 15, "class": "aula-tick", "text-anchor": "end"},
                         text))
            x = left + k * cell + 15
            out.append(h("text", {"x": x, "y": top - 4, "class": "aula-tick", "text-anchor": "start",
                                  "transform": f"rotate(-60 {x} {top - 4})"}, text))
        if skip:
            out.append(h("text", {"x": 0, "y": H - 4, "class": "aula-tick"},
                         tr(lang, {"es": f"+ {fmt(first + skip, lang)} tokens anteriores (no caben)",
                                   "pt": f"+ {fmt(first + skip, lang)} tokens anteriores (não cabem)"})))
        return svg(max(W, 200 if skip else W), H, out, label=caption, cls="aula-attn-map")

    return figure(draw)


def _grid(lo: float, hi: float, step: float, Y, x0: float, x1: float, lang: str, digits: int) -> list:
    """Horizontal grid lines from lo to hi with their labels on the left."""
    out, v = [], lo
    while v <= hi + 1e-9:
        out.append(h("line", {"x1": x0, "x2": x1, "y1": num(Y(v)), "y2": num(Y(v)), "stroke": "currentColor",
                              "stroke-opacity": "0.15"}))
        out.append(h("text", {"x": x0 - 4, "y": num(Y(v) + 4), "class": "aula-tick", "text-anchor": "end"},
                     fmt(v, lang, digits)))
        v += step
    return out


def loss_chart(history: list, bigram: float, lang: str, kept: int | None = None) -> Markup:
    """Training and validation loss by step, and the bigram's validation loss as a dashed line;
    a ring on the validation curve at step ``kept`` (the checkpoint kept); the legend in HTML
    under the plot (it wraps on a phone)."""
    steps = [s for s, _, _ in history]
    ys = [v for _, a, b in history for v in (a, b)] + [bigram]
    lo, hi = math.floor(min(ys) * 2) / 2, math.ceil(max(ys) * 2) / 2
    x_max = max(steps)
    names = tr(lang, {"es": ("entrenamiento", "validación", "recuentos (validación)"),
             "pt": ("treinamento", "validação", "contagens (validação)")})
    looks = (("#2166ac", None), ("#b2182b", None), ("currentColor", "6 4"))
    cap = tr(lang, {"es": "Pérdida (promedio de −ln p por token) durante el entrenamiento: texto de entrenamiento, texto de "
                 "validación y el modelo de recuentos (bigramas) en el texto de validación.",
           "pt": "Perda (média de −ln p por token) durante o treinamento: texto de treinamento, texto de "
                 "validação e o modelo de contagens (bigramas) no texto de validação."})

    def draw(frame: Frame) -> Markup:
        W, H, left, right, top, bottom = frame.width, frame.pick(260, 220), 44, 12, 12, 36

        def X(s: float) -> float:
            return left + (W - left - right) * s / x_max

        def Y(v: float) -> float:
            return top + (H - top - bottom) * (hi - v) / (hi - lo)

        out = _grid(lo, hi, 0.5, Y, left, W - right, lang, 1)
        for s, anchor in ((0, "start"), (x_max // 2, "middle"), (x_max, "end")):
            out.append(h("text", {"x": num(X(s)), "y": H - 18, "class": "aula-tick", "text-anchor": anchor},
                         fmt(s, lang)))
        out.append(h("text", {"x": num((left + W) / 2), "y": H - 3, "class": "aula-tick", "text-anchor": "middle"},
                     tr(lang, {"es": "pasos de entrenamiento", "pt": "passos de treinamento"})))
        for k, (colour, dash) in ((1, looks[0]), (2, looks[1])):
            d = "M" + "L".join(f"{num(X(row[0]))} {num(Y(row[k]))}" for row in history)
            out.append(h("path", {"d": d, "fill": "none", "stroke": colour, "stroke-width": 2, "stroke-dasharray": dash}))
        out.append(h("line", {"x1": left, "x2": W - right, "y1": num(Y(bigram)), "y2": num(Y(bigram)),
                              "stroke": "currentColor", "stroke-width": 1.5, "stroke-dasharray": "6 4"}))
        for row in history:
            if row[0] == kept:
                out.append(h("circle", {"cx": num(X(row[0])), "cy": num(Y(row[2])), "r": 7, "fill": "none",
                                        "stroke": "currentColor", "stroke-width": 1.5}))
        return svg(W, H, out, label=cap)

    keys = [(line_key(None, stroke=colour, stroke_width=2, stroke_dasharray=dash), name)
            for (colour, dash), name in zip(looks, names)]
    if kept is not None:
        keys.append((h("circle", {"cx": 12, "cy": 6, "r": 4.5, "fill": "none", "stroke": "currentColor",
                                  "stroke-width": 1.5}),
                     tr(lang, {"es": f"paso {fmt(kept, lang)}: parámetros guardados",
                               "pt": f"passo {fmt(kept, lang)}: parâmetros guardados"})))
    return figure(draw, legend(keys))


def size_axis(points: list[tuple[str, float, bool]], lang: str) -> Markup:
    """Every size on one logarithmic axis, from ten thousand to a trillion; ours highlighted.
    Wide: names staggered on three levels above the axis; narrow: one name per row, every other
    power of ten labelled and the axis title broken into lines."""
    lo, hi = 4, 12
    title = tr(lang, {"es": "parámetros (escala logarítmica: cada marca vale 10 veces la anterior)",
                      "pt": "parâmetros (escala logarítmica: cada marca vale 10 vezes a anterior)"})
    cap = tr(lang, {"es": f"Tamaños en parámetros, de {big_words(min(p for _, p, _ in points), lang)} a "
                 f"{big_words(max(p for _, p, _ in points), lang)}, en escala logarítmica.",
           "pt": f"Tamanhos em parâmetros, de {big_words(min(p for _, p, _ in points), lang)} a "
                 f"{big_words(max(p for _, p, _ in points), lang)}, em escala logarítmica."})
    ranked = sorted(points, key=lambda p: p[1])

    def draw(frame: Frame) -> Markup:
        W, left, right = frame.width, 16, 16
        y0 = frame.pick(120, 22 + 18 * len(ranked))
        notes = text_lines(title, left, y0 + 40, frame.pick(120, 44), cls="aula-tick", step=14)
        H = frame.pick(200, y0 + 46 + 14 * (len(notes) - 1))
        if not frame.narrow:
            notes = [h("text", {"x": left, "y": H - 8, "class": "aula-tick"}, title)]

        def X(v: float) -> float:
            return left + (W - left - right) * (math.log10(v) - lo) / (hi - lo)

        out = [h("line", {"x1": left, "x2": W - right, "y1": y0, "y2": y0, "class": "aula-axis"})]
        for e in range(lo, hi + 1):
            x = num(X(10**e))
            out.append(h("line", {"x1": x, "x2": x, "y1": y0 - 4, "y2": y0 + 4, "class": "aula-axis"}))
            if not frame.narrow or e % 2 == 0:
                out.append(h("text", {"x": x, "y": y0 + 18, "class": "aula-tick", "text-anchor": "middle"},
                             "10" + str(e).translate(SUP)))
        for k, (name, params, ours) in enumerate(ranked):
            x = X(params)
            top = frame.pick(y0 - 30 - 18 * (k % 3), 18 + 18 * k)   # where the leader line ends
            colour = "#2166ac" if ours else "#b2182b"
            out.append(h("line", {"x1": num(x), "x2": num(x), "y1": y0, "y2": top, "stroke": colour,
                                  "stroke-opacity": "0.5"}))
            out.append(h("circle", {"cx": num(x), "cy": y0, "r": 6 if ours else 4, "fill": colour}))
            if frame.narrow:   # the name beside the top of its line, on the side with room
                at = {"x": num(x - 6 if x > W / 2 else x + 6), "y": top + 4,
                      "text-anchor": "end" if x > W / 2 else "start"}
            else:
                at = {"x": num(x), "y": top - 4, "text-anchor": "end" if x > W - 60 else "middle"}
            out.append(h("text", {**at, "class": "aula-note", "font-weight": "bold" if ours else None}, name))
        return svg(W, H, out, notes, label=cap)

    return figure(draw)


def scaling_chart(xs: list, curves: dict, over: int | None, lang: str) -> Markup:
    """Held-out bits per character against training characters (logarithmic axis, one tick per
    point), one line per model; a ring where the first curve drops below the second. Narrow: the
    key two to a line above the plot, short tick labels ("154 mil") and the axis title broken into lines."""
    ys = [v for c in curves.values() for v in c]
    lo, hi = math.floor(min(ys) * 4) / 4, math.ceil(max(ys) * 4) / 4
    lx0, lx1 = fpmath.log2(xs[0]), fpmath.log2(xs[-1])
    axis = tr(lang, {"es": "caracteres de entrenamiento (escala logarítmica)",
                     "pt": "caracteres de treinamento (escala logarítmica)"})
    colours = ("#b2182b", "#2166ac", "#4d9221")

    def draw(frame: Frame) -> Markup:
        rows = (len(curves) + 1) // 2   # narrow: the key two to a line above the plot
        W, left, right, top = frame.width, 44, 12, frame.pick(12, 14 + 16 * rows)
        chars = frame.pick(90, 38)
        lines = len(text_lines(axis, 0, 0, chars))
        H, bottom = frame.pick(260, 240 + 14 * lines), frame.pick(40, 26 + 14 * lines)

        def X(v: float) -> float:
            return left + (W - left - right) * (fpmath.log2(v) - lx0) / ((lx1 - lx0) or 1)

        def Y(v: float) -> float:
            return top + (H - top - bottom) * (hi - v) / ((hi - lo) or 1)

        out = _grid(lo, hi, 0.25, Y, left, W - right, lang, 2)
        for k, x in enumerate(xs):
            anchor = "start" if k == 0 else "end" if k == len(xs) - 1 else "middle"
            out.append(h("text", {"x": num(X(x)), "y": H - bottom + 18, "class": "aula-tick", "text-anchor": anchor},
                         frame.pick(fmt(x, lang), short_count(round(x, -3), lang))))
        out += text_lines(axis, frame.pick((left + W) / 2, left), H - bottom + 35, chars, cls="aula-tick", step=14,
                          anchor=frame.pick("middle", None))
        dashes = (None, "6 4", "2 3")
        for k, (name, vals) in enumerate(curves.items()):
            c, dash = colours[k % 3], dashes[k % 3]
            out.append(h("path", {"d": "M" + "L".join(f"{num(X(x))} {num(Y(y))}" for x, y in zip(xs, vals)),
                                  "fill": "none", "stroke": c, "stroke-width": 2, "stroke-dasharray": dash}))
            out += [h("circle", {"cx": num(X(x)), "cy": num(Y(y)), "r": 3.5, "fill": c}) for x, y in zip(xs, vals)]
            kx, ky = frame.pick((W - right - 150, top + 10 + 16 * k), (left + 110 * (k % 2), 12 + 16 * (k // 2)))
            out.append(h("line", {"x1": num(kx), "x2": num(kx + 20), "y1": ky, "y2": ky, "stroke": c, "stroke-width": 2,
                                  "stroke-dasharray": dash}))
            out.append(h("text", {"x": num(kx + 26), "y": ky + 4, "class": "aula-tick"}, name))
        if over is not None:
            first = next(iter(curves.values()))
            out.append(h("circle", {"cx": num(X(xs[over])), "cy": num(Y(first[over])), "r": 9, "fill": "none",
                                    "stroke": "currentColor", "stroke-width": 1.5}))
        return svg(W, H, out, label=cap)

    cap = tr(lang, {"es": "Bits por carácter en el texto de validación según cuánto texto de entrenamiento leyó cada "
                          "modelo: " + "; ".join(f"{n} " + ", ".join(fmt(y, lang, 2) for y in v) for n, v in curves.items()),
                    "pt": "Bits por caractere no texto de validação conforme quanto texto de treinamento cada modelo "
                          "leu: " + "; ".join(f"{n} " + ", ".join(fmt(y, lang, 2) for y in v) for n, v in curves.items())})
    return figure(draw)
