"""Lesson 2 widgets, sections 5-6: word vectors, dot product and cosine, nearest words, analogy.

Numbers come from :mod:`lesson_core.topics.vectors` and :mod:`lesson_core.data.vectors`;
this module only lays them out. Draggable points carry ``data-drag-x`` /
``data-drag-y`` (the parameters they set) and the mapping from SVG units to
values (``data-x0``, ``data-y0``, ``data-unit``: value = (px - x0) / unit,
(y0 - py) / unit); the 3-D view carries ``data-drag-x="yaw"`` and
``data-drag-y="pitch"`` (degrees per SVG unit in ``data-unit``).
"""

from __future__ import annotations

import math

from ..data import vectors as dv
from ..kit import fpmath
from ..topics import vectors as vx
from ..kit.controls import Choice, Number, Range
from ..kit.fmt import fmt, tr
from ..kit.html import Markup, h, num, svg
from ..kit.messages import ParamError
from ..kit.registry import View, widget
from ..kit.svgkit import BLUE, GOLD, GREEN, GREY, GRID, RED, Frame, card_table, figure, fmt_vec, paint, table, table_forms, turned

LESSON = "turing"
__all__ = ["BLUE", "GOLD", "GREY", "RED", "arrow", "arrow_group", "label_spots", "PARITY_CASES"]

T = {
    "word": {"es": "Palabra", "pt": "Palavra"},
    "no_dir": {"es": "El vector cero no tiene dirección: la similitud coseno y el ángulo no están definidos.",
               "pt": "O vetor zero não tem direção: a similaridade de cosseno e o ângulo não estão definidos."},
    "dot": {"es": "Producto escalar", "pt": "Produto escalar"},
    "len": {"es": "Longitud", "pt": "Comprimento"},
    "cos": {"es": "Similitud coseno", "pt": "Similaridade de cosseno"},
    "angle": {"es": "Ángulo", "pt": "Ângulo"},
}
WORD_OPTIONS = [(w, dv.WORDS[w]) for w in dv.WORD_IDS]
DIM_IDS = [d for d, _ in dv.DIMS]
DIM_OPTIONS = [(d, names) for d, names in dv.DIMS]


def arrow(x1: float, y1: float, x2: float, y2: float, colour: str | None, cls: str | None, head: float = 8.0,
          width: float = 2.5) -> Markup:
    """One path: the shaft and a filled head at (x2, y2); nothing for a zero-length arrow.

    With ``colour=None`` the path carries no paint of its own: a surrounding
    ``<g>`` styles many arrows at once (smaller precomputed tables)."""
    length = fpmath.hypot(x2 - x1, y2 - y1)
    if length < 1e-9:
        return Markup("")
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    hl = min(head, length * 0.6)
    bx, by = x2 - ux * hl, y2 - uy * hl
    d = (f"M{num(x1)} {num(y1)}L{num(bx)} {num(by)}"
         f"M{num(x2)} {num(y2)}L{num(bx - uy * hl * 0.5)} {num(by + ux * hl * 0.5)}"
         f"L{num(bx + uy * hl * 0.5)} {num(by - ux * hl * 0.5)}Z")
    if colour is None:
        return h("path", {"d": d, "class": cls})
    return h("path", {"d": d, "class": cls, **paint(stroke=colour, fill=colour), "stroke-width": width})


def arrow_group(colour: str, cls: str, width: float, *arrows: object) -> Markup:
    """Arrows drawn with ``colour=None``, painted together."""
    return h("g", {"class": cls, **paint(stroke=colour, fill=colour), "stroke-width": width}, *arrows)


# --- section 5: the table of word vectors ----------------------------------------------

def _bars(vec: list[float], lang: str) -> Markup:
    """Eight labelled meters (0..1), one per position."""
    return h("ul", {"class": "aula-rank aula-dims"},
             [h("li", None, h("meter", {"min": "0", "max": "1", "value": repr(v)}), f" {tr(lang, names)} {fmt(v, lang, 2)}")
              for v, (_, names) in zip(vec, dv.DIMS)])


@widget("emb_table", lesson=LESSON,
        title={"es": "La tabla de vectores: 19 palabras, 8 números", "pt": "A tabela de vetores: 19 palavras, 8 números"},
        controls=[Choice("word", T["word"], "cat", options=WORD_OPTIONS)],
        parts={"table": (), "row": ("word",)})
def emb_table(p: dict, lang: str) -> View:
    """Every word's 8 hand-labelled numbers; the chosen word's row as bars."""
    word = p["word"]
    vec = dv.VECTORS[word]
    head = [tr(lang, {"es": "palabra", "pt": "palavra"})] + [tr(lang, names) for _, names in dv.DIMS]
    rows = [[dv.label(w, lang)] + [fmt(v, lang, 2) for v in dv.VECTORS[w]] for w in dv.WORD_IDS]
    whole = tr(lang, {"es": f"Toda la tabla: {fmt(len(rows), lang)} palabras, {fmt(len(dv.DIMS), lang)} números cada una",
                      "pt": f"A tabela inteira: {fmt(len(rows), lang)} palavras, {fmt(len(dv.DIMS), lang)} números cada uma"})
    full = table_forms(h("div", {"class": "aula-scroll"}, table(head, rows, cls="aula-table aula-emb-table")),
                          h("details", {"class": "aula-emb-cards"}, h("summary", None, whole), card_table(head, rows)))
    text = tr(lang, {"es": f"Fila de «{dv.label(word, lang)}»: ", "pt": f"Linha de “{dv.label(word, lang)}”: "})
    row = Markup(h("p", {"class": "aula-readout"}, text + fmt_vec(vec, lang)) + _bars(vec, lang))
    named = "; ".join(f"{tr(lang, names)} {fmt(v, lang, 2)}" for v, (_, names) in zip(vec, dv.DIMS))
    return View(summary=text + named + ".", parts={"table": full, "row": row},
                data={"word": word, "vector": vec, "dims": DIM_IDS})


def _axis_choice(name: str, label: dict, default: str) -> Choice:
    return Choice(name, label, default, options=DIM_OPTIONS)


def label_spots(wanted: list[tuple[float, float, int]]) -> list[tuple[float, float]]:
    """Place labels (x, y, characters) top to bottom, pushing one down while it overlaps one
    already placed, so a cluster of words reads as a short list instead of a smudge."""
    placed: list[tuple[float, float, float]] = []
    out: list[tuple[float, float]] = [(0.0, 0.0)] * len(wanted)
    for k in sorted(range(len(wanted)), key=lambda i: (wanted[i][1], wanted[i][0])):
        x, y, n = wanted[k]
        w = 6.5 * n
        while any(abs(y - py) < 12 and x < px + pw and px < x + w for px, py, pw in placed):
            y += 12
        placed.append((x, y, w))
        out[k] = (x, y)
    return out


@widget("emb_3d", lesson=LESSON, one_at_a_time=False,  # turned by dragging: a coarse grid, then live
        title={"es": "Tres de los ocho ejes, en 3D", "pt": "Três dos oito eixos, em 3D"},
        controls=[_axis_choice("x", {"es": "Eje 1", "pt": "Eixo 1"}, "animal"),
                  _axis_choice("y", {"es": "Eje 2", "pt": "Eixo 2"}, "vehicle"),
                  _axis_choice("z", {"es": "Eje 3 (vertical)", "pt": "Eixo 3 (vertical)"}, "food"),
                  Number("yaw", {"es": "Giro (grados)", "pt": "Giro (graus)"}, 35.0, min=-360, max=360,
                         integer=False, width=6, grid=(-175, 185, 30)),
                  Number("pitch", {"es": "Inclinación (grados)", "pt": "Inclinação (graus)"}, 20.0, min=-90,
                         max=90, integer=False, width=6, grid=(-70, 80, 30))],
        # both grids pass through the defaults (35, 20): a finger turns the view sideways only and keeps the
        # pitch, so a drag without Python stays on the grid (and 20 is not pushed to 30)
        parts={"main": ("x", "y", "z", "yaw", "pitch")}, drags=(("yaw", "pitch"),))
def emb_3d(p: dict, lang: str) -> View:
    """The 19 words on three chosen axes, turned by yaw and tilted by pitch (orthographic).
    Narrow, the view is cropped to the words: a scale at which they fit at every turn."""
    axes = [p["x"], p["y"], p["z"]]
    for i, name in ((1, "y"), (2, "z")):
        if axes[i] in axes[:i]:
            raise ParamError(name, {"es": "Elige tres ejes distintos.", "pt": "Escolha três eixos diferentes."})
    idx = [DIM_IDS.index(a) for a in axes]
    data = [[dv.VECTORS[w][i] - 0.5 for i in idx] for w in dv.WORD_IDS]  # about the cube's centre
    names = [dv.label(w, lang) for w in dv.WORD_IDS]
    reach = max(math.sqrt(math.fsum(c * c for c in pt)) for pt in data)  # the same at every turn
    room = 6 + 6.5 * max(len(n) for n in names)  # a label to the right of its dot
    # words on one spot list their labels downwards (label_spots): room under the lowest dot for them
    stack = 12 * (max(data.count(pt) for pt in data) - 1) + 14

    def draw(frame: Frame) -> Markup:
        if frame.narrow:   # cropped to the words: they fill the width whatever the turn
            W = frame.width
            S = (W - 16 - room) / (2 * reach)
            cx, cy = 8 + reach * S, 22 + reach * S
            H = round(cy + reach * S + stack)
        else:
            W, S = 560, 210.0
            cx, cy = W / 2, 220
            H = max(420, round(cy + reach * S + stack))

        def screen(pts: list[list[float]]) -> list[tuple[float, float, float]]:
            return [(cx + S * x, cy - S * y, dpt) for x, y, dpt in vx.rotate_project(pts, p["yaw"], p["pitch"])]

        corners = [[(i & 1) - 0.5, ((i >> 1) & 1) - 0.5, ((i >> 2) & 1) - 0.5] for i in range(8)]
        cs = screen(corners)
        edges = "".join(f"M{num(cs[a][0])} {num(cs[a][1])}L{num(cs[b][0])} {num(cs[b][1])}"
                        for a in range(8) for b in range(a + 1, 8) if bin(a ^ b).count("1") == 1)
        tip = frame.pick(0.65, 0.5)
        tips = screen([[tip, -0.5, -0.5], [-0.5, tip, -0.5], [-0.5, -0.5, tip]])
        axes_text = [tr(lang, dv.DIMS[i][1]) for i in idx]
        pts = screen(data)
        # every label, the axes' too, placed so that none covers another; an axis name stays in the view
        wanted = [(pts[k][0] + 6, pts[k][1] - 5, len(names[k])) for k in range(len(pts))]
        wanted += [(min(max(tx - 3.3 * len(t), 4), W - 4 - 6.6 * len(t)), min(max(ty - 6, 14), H - 4), len(t))
                   for (tx, ty, _), t in zip(tips, axes_text)]
        spots = label_spots(wanted)
        o = cs[0]
        axis_marks = [Markup(arrow(o[0], o[1], tx, ty, GREY, "aula-axis", 7, 1.5)
                             + h("text", {"x": num(sx), "y": num(sy), "class": "aula-axis-label"}, t))
                      for (tx, ty, _), t, (sx, sy) in zip(tips, axes_text, spots[len(pts):])]
        order = sorted(range(len(pts)), key=lambda k: -pts[k][2])  # far first, near drawn on top
        dots = [h("g", None, h("circle", {"cx": num(pts[k][0]), "cy": num(pts[k][1]), "r": 4.5, **paint(fill=BLUE),
                                          "class": "aula-dot"}),
                  h("text", {"x": num(spots[k][0]), "y": num(spots[k][1])}, names[k]))
                for k in order]
        label = tr(lang, {"es": "Vista 3D de las palabras sobre los ejes ", "pt": "Vista 3D das palavras nos eixos "})
        return svg(W, H, h("path", {"d": edges, "class": "aula-grid", **paint(stroke=GRID), "fill": "none"}),
                   axis_marks, h("g", {"class": "aula-tick"}, dots), label=label + ", ".join(axes_text))

    turn = tr(lang, {"es": "Vista 3D: gírala con las flechas del teclado o arrastrando",
            "pt": "Vista 3D: gire com as setas do teclado ou arrastando"})
    view = h("div", {"class": "aula-drag3d", "data-drag-x": "yaw", "data-drag-y": "pitch", "data-unit": "0.5",
                     "data-key-step": "5", "tabindex": "0", "role": "application", "aria-label": turn},
             figure(draw))
    pts = [(280 + 210 * x, 220 - 210 * y, d) for x, y, d in vx.rotate_project(data, p["yaw"], p["pitch"])]
    tops = []
    for i in idx:
        best = sorted(dv.WORD_IDS, key=lambda w: -dv.VECTORS[w][i])[:3]
        tops.append(tr(lang, dv.DIMS[i][1]) + ": " + ", ".join(f"{dv.label(w, lang)} {fmt(dv.VECTORS[w][i], lang, 2)}"
                                                            for w in best))
    summary = tr(lang, {"es": f"Giro {fmt(p['yaw'], lang)}°, inclinación {fmt(p['pitch'], lang)}°. Más altas en cada eje: ",
               "pt": f"Giro {fmt(p['yaw'], lang)}°, inclinação {fmt(p['pitch'], lang)}°. Mais altas em cada eixo: "}) \
        + "; ".join(tops) + "."
    return View(summary=summary, parts={"main": view},
                data={"axes": axes, "yaw": p["yaw"], "pitch": p["pitch"],
                      "points": {w: [pt[0], pt[1], pt[2]] for w, pt in zip(dv.WORD_IDS, pts)}})


# --- section 6: dot product, length, cosine --------------------------------------------

def _num(name: str, default: float) -> Number:
    return Number(name, {"es": name, "pt": name}, default, min=-5, max=5, integer=False, width=5, grid=(-5, 5, 1))


def _plane(a: list[float], b: list[float], lang: str, frame: Frame) -> Markup:
    """A 10 x 10 grid with arrows a (gold) and b (blue) from the origin; the angle marked.
    30 units a step wide (330), 24 narrow (264)."""
    U = frame.pick(30.0, 24.0)
    O, W = 5.5 * U, round(11 * U)
    m = U / 2
    grid = "".join(f"M{num(O + U * k)} {num(m)}V{num(W - m)}M{num(m)} {num(O + U * k)}H{num(W - m)}"
                   for k in range(-5, 6))
    items = [h("path", {"d": grid, "class": "aula-grid", **paint(stroke=GRID), "fill": "none"}),
             h("path", {"d": f"M{num(m)} {num(O)}H{num(W - m)}M{num(O)} {num(m)}V{num(W - m)}", "class": "aula-axis",
                        **paint(stroke=GREY), "fill": "none"})]
    ang_a, ang_b = fpmath.atan2(a[1], a[0]), fpmath.atan2(b[1], b[0])
    if vx.norm(a) > 0 and vx.norm(b) > 0:
        delta = (ang_b - ang_a + math.pi) % (2 * math.pi) - math.pi  # signed, in (-pi, pi]
        r = 26.0
        x1, y1 = O + r * fpmath.cos(ang_a), O - r * fpmath.sin(ang_a)
        x2, y2 = O + r * fpmath.cos(ang_a + delta), O - r * fpmath.sin(ang_a + delta)
        sweep = 0 if delta > 0 else 1
        items.append(h("path", {"d": f"M{num(x1)} {num(y1)}A{num(r)} {num(r)} 0 0 {sweep} {num(x2)} {num(y2)}",
                                "class": "aula-arc", **paint(stroke=GREY), "fill": "none"}))
    for vec, colour, name, (px, py) in ((a, GOLD, "a", ("ax", "ay")), (b, BLUE, "b", ("bx", "by"))):
        tx, ty = O + U * vec[0], O - U * vec[1]
        items.append(arrow(O, O, tx, ty, colour, f"aula-arrow aula-arrow-{name}"))
        move = tr(lang, {"es": f"Punta de {name} = {fmt_vec(vec, lang)}: muévela con las flechas del teclado o arrastrando",
                "pt": f"Ponta de {name} = {fmt_vec(vec, lang)}: mova com as setas do teclado ou arrastando"})
        items.append(h("circle", {"cx": num(tx), "cy": num(ty), "r": 12, "class": "aula-handle",
                                  **paint(fill=colour, stroke=colour), "fill-opacity": "0.25",
                                  "data-drag-x": px, "data-drag-y": py, "data-x0": num(O), "data-y0": num(O),
                                  "data-unit": num(U), "data-key-step": "0.5", "tabindex": "0",
                                  "role": "application", "aria-label": move}))
        items.append(h("text", {"x": num(tx + 10), "y": num(ty - 8), "class": "aula-note"}, name))
    label = tr(lang, {"es": f"Flechas a = {fmt_vec(a, lang)} y b = {fmt_vec(b, lang)}",
             "pt": f"Setas a = {fmt_vec(a, lang)} e b = {fmt_vec(b, lang)}"})
    return svg(W, W, items, label=label)


@widget("vec_dot", lesson=LESSON,
        title={"es": "Producto escalar y similitud coseno", "pt": "Produto escalar e similaridade de cosseno"},
        controls=[_num("ax", 3.0), _num("ay", 2.0), _num("bx", 1.0), _num("by", 3.0)],
        parts={"main": ("ax", "ay", "bx", "by")}, drags=(("ax", "ay"), ("bx", "by")),
        fields=("dot", "len_a", "len_b", "cosine", "angle"))
def vec_dot(p: dict, lang: str) -> View:
    """Two 2-D arrows: dot product, both lengths, cosine and angle; the zero vector has no direction."""
    a, b = [p["ax"], p["ay"]], [p["bx"], p["by"]]
    r = vx.compare(a, b)
    f = lambda x: fmt(x, lang)  # noqa: E731
    par = lambda x: f"({f(x)})" if x < 0 else f(x)  # noqa: E731
    rows = [
        [tr(lang, T["dot"]), f"a·b = {par(a[0])}·{par(b[0])} + {par(a[1])}·{par(b[1])} = {f(r['dot'])}"],
        [tr(lang, T["len"]) + " a", f"|a| = √({par(a[0])}² + {par(a[1])}²) = {fmt(r['len_a'], lang, 3)}"],
        [tr(lang, T["len"]) + " b", f"|b| = √({par(b[0])}² + {par(b[1])}²) = {fmt(r['len_b'], lang, 3)}"],
    ]
    if r["cosine"] is None:
        note = h("p", {"class": "aula-warning", "role": "status"}, tr(lang, T["no_dir"]))
        rows += [[tr(lang, T["cos"]), "—"], [tr(lang, T["angle"]), "—"]]
    else:
        note = None
        rows += [[tr(lang, T["cos"]), f"a·b / (|a|·|b|) = {fmt(r['cosine'], lang, 3)}"],
                 [tr(lang, T["angle"]), fmt(r["angle"], lang, 1) + "°"]]
    body = Markup(figure(lambda frame: _plane(a, b, lang, frame)) + table(["", ""], rows, cls="aula-table aula-readout") + (note or ""))
    said = f"a = {fmt_vec(a, lang)}, b = {fmt_vec(b, lang)}. a·b = {f(r['dot'])}; |a| = {fmt(r['len_a'], lang, 3)}; " \
           f"|b| = {fmt(r['len_b'], lang, 3)}. "
    if r["cosine"] is None:
        said += tr(lang, T["no_dir"])
    else:
        said += f"{tr(lang, T['cos'])} {fmt(r['cosine'], lang, 3)}; {tr(lang, T['angle']).lower()} {fmt(r['angle'], lang, 1)}°."
    return View(summary=said, parts={"main": body}, data={"a": a, "b": b, **r})


@widget("vec_pythagoras", lesson=LESSON,
        title={"es": "Cuatro triángulos en un cuadrado", "pt": "Quatro triângulos em um quadrado"},
        controls=[Range("a", {"es": "Cateto a", "pt": "Cateto a"}, 3, min=1, max=5, step=1),
                  Range("b", {"es": "Cateto b", "pt": "Cateto b"}, 4, min=1, max=5, step=1)],
        parts={"main": ("a", "b")},
        fields=("big", "four", "inner_area", "c"))
def vec_pythagoras(p: dict, lang: str) -> View:
    """The rearrangement proof: (a+b)² − 4·(ab/2) = a² + b² = c²."""
    a, b = p["a"], p["b"]
    g = vx.pythagoras(a, b)
    M = 30.0

    def draw(frame: Frame) -> Markup:
        # the same square on a phone, 264 units a side instead of 300 (its labels keep their size)
        W = min(frame.width, 300)
        k = (W - 2 * M) / g["side"]
        P = lambda pt: f"{num(M + k * pt[0])} {num(W - M - k * pt[1])}"  # noqa: E731
        tri = "".join("M" + "L".join(P(pt) for pt in t) + "Z" for t in g["triangles"])
        inner = "M" + "L".join(P(pt) for pt in g["inner"]) + "Z"
        marks = [(a / 2, -0.35, "a"), (a + b / 2, -0.35, "b"), (g["side"] + 0.3, a / 2, "a"),
                 (g["side"] + 0.3, a + b / 2, "b"), ((g["inner"][0][0] + g["inner"][1][0]) / 2 + 0.3,
                                                       (g["inner"][0][1] + g["inner"][1][1]) / 2 - 0.4, "c")]
        labels = [h("text", {"x": num(M + k * x), "y": num(W - M - k * y + 4), "text-anchor": "middle"}, t)
                  for x, y, t in marks]
        return svg(W, W, h("path", {"d": tri, **paint(fill=GREEN, stroke=GREEN), "fill-opacity": "0.55",
                                    "class": "aula-tri"}),
                   h("path", {"d": inner, **paint(fill=GOLD, stroke=GOLD), "fill-opacity": "0.6", "class": "aula-inner"}),
                   h("g", {"class": "aula-note"}, labels),
                   label=tr(lang, {"es": f"Cuadrado de lado {fmt(a + b, lang)} con cuatro triángulos de catetos {fmt(a, lang)} y {fmt(b, lang)}",
                                   "pt": f"Quadrado de lado {fmt(a + b, lang)} com quatro triângulos de catetos {fmt(a, lang)} e {fmt(b, lang)}"}))

    fig = figure(draw)
    n = lambda x: fmt(x, lang)  # noqa: E731
    steps = [
        tr(lang, {"es": "Área grande", "pt": "Área grande"}) + f": ({n(a)} + {n(b)})² = {n(g['big'])}",
        tr(lang, {"es": "Cuatro triángulos", "pt": "Quatro triângulos"}) + f": 4 · ({n(a)}·{n(b)}/2) = {n(g['four'])}",
        tr(lang, {"es": "Cuadrado dorado", "pt": "Quadrado dourado"}) + f": {n(g['big'])} − {n(g['four'])} = {n(g['inner_area'])}"
        + f" = {n(a)}² + {n(b)}²",
        f"c = √{n(g['inner_area'])} = {n(g['c'])}",
    ]
    body = Markup(fig + h("ol", {"class": "aula-steps"}, [h("li", None, s) for s in steps]))
    return View(summary=". ".join(steps) + ".", parts={"main": body}, data={k2: g[k2] for k2 in ("side", "big", "four", "inner_area", "c")})


# --- nearest words and analogy ---------------------------------------------------------

def _ranking(items: list[tuple[str, float]], lang: str) -> Markup:
    """An ordered list: word, a meter from -1 to 1 with a mark at 0 (a half-full bar is a cosine of 0,
    not "half as similar"), the cosine; a line under it says how to read the bars."""
    legend = tr(lang, {"es": f"Cada barra va de {fmt(-1, lang)} a {fmt(1, lang)}; la raya del centro marca el {fmt(0, lang)}.",
                       "pt": f"Cada barra vai de {fmt(-1, lang)} a {fmt(1, lang)}; o traço no meio marca o {fmt(0, lang)}."})
    return Markup(h("ol", {"class": "aula-rank"},
                    [h("li", None, h("span", {"class": "aula-signed"},
                                     h("meter", {"min": "-1", "max": "1", "value": repr(round(c, 3))})),
                       f" {dv.label(w, lang)} {fmt(c, lang, 3)}")
                     for w, c in items]) + h("p", {"class": "aula-readout"}, legend))


@widget("emb_nearest", lesson=LESSON,
        title={"es": "Las palabras más cercanas", "pt": "As palavras mais próximas"},
        controls=[Choice("word", T["word"], "cat", options=WORD_OPTIONS)],
        parts={"main": ("word",)},
        fields=("ranking",))
def emb_nearest(p: dict, lang: str) -> View:
    """Every other word ranked by cosine similarity over all 8 numbers."""
    word = p["word"]
    ranking = vx.nearest(word, dv.VECTORS)
    head = tr(lang, {"es": f"Similitud coseno con «{dv.label(word, lang)}», con los 8 números:",
            "pt": f"Similaridade de cosseno com “{dv.label(word, lang)}”, com os 8 números:"})
    body = Markup(h("p", {"class": "aula-readout"}, head) + _ranking(ranking, lang))
    near = "; ".join(f"{dv.label(w, lang)} {fmt(c, lang, 3)}" for w, c in ranking[:5])
    last = ranking[-1]
    summary = head + " " + near + tr(lang, {"es": f"… La más lejana: {dv.label(last[0], lang)} {fmt(last[1], lang, 3)}.",
                                   "pt": f"… A mais distante: {dv.label(last[0], lang)} {fmt(last[1], lang, 3)}."})
    return View(summary=summary, parts={"main": body}, data={"word": word, "ranking": [[w, c] for w, c in ranking]})


@widget("emb_analogy", lesson=LESSON, one_at_a_time=False,  # 19 x 19 x 19 choices: live beyond the default
        title={"es": "Aritmética de palabras: a − b + c", "pt": "Aritmética de palavras: a − b + c"},
        controls=[Choice("a", {"es": "a", "pt": "a"}, "king", options=WORD_OPTIONS),
                  Choice("b", {"es": "menos b", "pt": "menos b"}, "man", options=WORD_OPTIONS),
                  Choice("c", {"es": "más c", "pt": "mais c"}, "woman", options=WORD_OPTIONS)],
        parts={"main": ("a", "b", "c")},
        fields=("vector", "ranking"))
def emb_analogy(p: dict, lang: str) -> View:
    """a − b + c position by position, then the nearest words by cosine, the three inputs excluded."""
    a, b, c = p["a"], p["b"], p["c"]
    res = vx.analogy(a, b, c, dv.VECTORS)
    L = lambda w: dv.label(w, lang)  # noqa: E731
    head = [""] + [tr(lang, names) for _, names in dv.DIMS]
    rows = [[f"{L(a)}"] + [fmt(x, lang, 2) for x in dv.VECTORS[a]],
            [f"− {L(b)}"] + [fmt(x, lang, 2) for x in dv.VECTORS[b]],
            [f"+ {L(c)}"] + [fmt(x, lang, 2) for x in dv.VECTORS[c]],
            ["="] + [fmt(x, lang, 2) for x in res["vector"]]]
    grid = table_forms(h("div", {"class": "aula-scroll"}, table(head, rows, cls="aula-table aula-emb-table")),
                          turned(head, rows, cls="aula-table aula-emb-table"))
    if res["zero"] or not res["ranking"]:
        tail = h("p", {"class": "aula-warning", "role": "status"}, tr(lang, T["no_dir"]))
        best = None
    else:
        best = res["ranking"][0][0]
        say = tr(lang, {"es": f"Palabra más cercana (sin contar {L(a)}, {L(b)} ni {L(c)}): «{L(best)}».",
               "pt": f"Palavra mais próxima (sem contar {L(a)}, {L(b)} nem {L(c)}): “{L(best)}”."})
        tail = Markup(h("p", {"class": "aula-readout"}, say) + _ranking(res["ranking"], lang))
    summary = f"{L(a)} − {L(b)} + {L(c)} = {fmt_vec(res['vector'], lang)}. " + (
        tr(lang, T["no_dir"]) if best is None else say + " " + "; ".join(
            f"{L(w)} {fmt(cs, lang, 3)}" for w, cs in res["ranking"]) + ".")
    return View(summary=summary, parts={"main": Markup(grid + tail)},
                data={"vector": res["vector"], "best": best,
                      "ranking": [[w, cs] for w, cs in res["ranking"]]})


PARITY_CASES = [
    ("emb_table", {"word": "puppy"}),
    ("emb_3d", {"x": "person", "y": "female", "z": "royal", "yaw": "-47,5", "pitch": "12,25"}),
    ("vec_dot", {"ax": "0", "ay": "0", "bx": "1,5", "by": "-2"}),
    ("vec_dot", {"ax": "-2,5", "ay": "1", "bx": "2", "by": "5"}),
    ("vec_pythagoras", {"a": 5, "b": 1}),
    ("emb_nearest", {"word": "queen"}),
    ("emb_analogy", {"a": "puppy", "b": "dog", "c": "cat"}),
]
