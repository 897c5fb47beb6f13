"""Lesson 2 widgets, section 8: the Transformer block, layer normalization of three numbers step by step,
why attention needs positions, and the one-line formula softmax(QKᵀ/√d_k)V.

Numbers come from :mod:`lesson_core.topics.transformer` and :mod:`lesson_core.topics.attention`.
The diagram's parts carry ``data-set-param="part"`` and ``data-value``: a click
on one may set the ``part`` control (the explanation also follows the control).
"""

from __future__ import annotations

from ..data import attention as da
from ..topics import transformer as tf
from ..topics.attention import POSITION_AMPLITUDE
from ..kit.controls import Choice, Range, Toggle
from ..kit.fmt import fmt, fmt_upto, quote, tr
from ..kit.html import Markup, h, num, svg
from ..kit.registry import View, widget
from ..kit.svgkit import PAPER, Frame, bar_strip, card_table, column_labels, figure, fmt_vec, paint, table
from .turing_attention import run
from .turing_vectors import BLUE, GOLD, GREY, arrow

LESSON = "turing"
PART_IDS = [pid for pid, _, _ in tf.BLOCK_PARTS]

# --- the block diagram --------------------------------------------------------------

# part id -> (centre y, box height, width); drawn bottom (input) to top (output)
LAYOUT = {"input": (478, 36, 230), "norm1": (410, 30, 170), "attn": (352, 36, 230), "res1": (298, 24, 24),
          "norm2": (244, 30, 170), "ffn": (186, 36, 230), "res2": (132, 24, 24), "output": (44, 36, 260)}


def _part_attrs(pid: str, active: str, name: str) -> dict:
    on = pid == active
    attrs = {"class": "aula-block-part is-active" if on else "aula-block-part", "data-set-param": "part",
             "data-value": pid, "tabindex": "0", "role": "button", "aria-pressed": "true" if on else "false",
             "aria-label": name}
    if on:  # the others take the paint of the surrounding group
        attrs.update({**paint(fill=GOLD, stroke=GOLD), "fill-opacity": "0.35", "stroke-width": 3})
    return attrs


def _block_svg(active: str, lang: str) -> Markup:
    """The diagram, drawn for its width (svgkit.figure). Narrow: the same boxes, heights and
    labels on a 264-unit stage, the column moved left and the widest boxes narrowed to fit."""
    names = {pid: tr(lang, name) for pid, name, _ in tf.BLOCK_PARTS}
    label = tr(lang, {"es": "Diagrama de una capa del Transformer; parte seleccionada: ",
             "pt": "Diagrama de uma camada do Transformer; parte selecionada: "}) + names[active]

    def draw(frame: Frame) -> Markup:
        W = frame.pick(400, frame.width)
        CX, SKIP_X, widest = frame.pick((190, 340, 260), (120, 246, 220))
        flow = "".join(f"M{CX} {a}V{b}" for a, b in ((460, 425), (395, 370), (334, 310), (286, 259), (229, 204),
                                                     (168, 144), (120, 62)))
        skips = f"M{CX} 444H{SKIP_X}V298H{CX + 12}M{CX} 272H{SKIP_X}V132H{CX + 12}"
        boxes, labels = [], []
        for pid, (cy, bh, bw) in LAYOUT.items():
            bw = min(bw, widest if pid != "output" else 2 * CX - 8)  # the output sits outside the stack
            if pid.startswith("res"):
                boxes.append(h("g", _part_attrs(pid, active, names[pid]), h("circle", {"cx": CX, "cy": cy, "r": 12}),
                               h("circle", {"cx": CX, "cy": cy, "r": 12, "class": "aula-hit", "fill": "transparent",
                                            "stroke": "none"})))
                labels.append(h("text", {"x": CX, "y": cy + 6}, "+"))
                labels.append(h("text", {"x": CX - 22, "y": cy + 5, "text-anchor": "end"}, names[pid]))
            else:
                hit = max(bh, 44)  # a finger-sized target around a thin box; the boxes are 54 or more apart
                boxes.append(h("g", _part_attrs(pid, active, names[pid]),
                               h("rect", {"x": CX - bw // 2, "y": cy - bh // 2, "width": bw, "height": bh, "rx": 6}),
                               h("rect", {"x": CX - bw // 2, "y": cy - hit // 2, "width": bw, "height": hit,
                                          "class": "aula-hit", "fill": "transparent", "stroke": "none"})))
                labels.append(h("text", {"x": CX, "y": cy + 5}, names[pid]))
        sx, sw = frame.pick((60, 310), (CX - widest // 2 - 6, SKIP_X - CX + widest // 2 + 14))
        stack = h("g", {**_part_attrs("stack", active, names["stack"]), "fill-opacity": "0.12"},
                  h("rect", {"x": sx, "y": 112, "width": sw, "height": 340, "rx": 10, "stroke-dasharray": "6 4",
                             **paint(fill=GOLD if active == "stack" else "none")}))
        return svg(W, 510,
                   h("path", {"d": flow + skips, **paint(stroke=GREY), "fill": "none", "stroke-width": 1.5}),
                   h("g", {**paint(fill=PAPER, stroke=GREY), "stroke-width": 1.2}, stack, boxes),
                   h("g", {"class": "aula-note", "text-anchor": "middle", "pointer-events": "none"}, labels),
                   h("text", {"x": sx + 10, "y": 440, "class": "aula-note"}, names["stack"]),
                   label=label)

    return figure(draw)


@widget("transformer_block", lesson=LESSON,
        title={"es": "Una capa del Transformer", "pt": "Uma camada do Transformer"},
        controls=[Choice("part", {"es": "Parte", "pt": "Parte"}, "attn", style="buttons",
                         options=[(pid, name) for pid, name, _ in tf.BLOCK_PARTS])],
        parts={"diagram": ("part",), "explain": ("part",)})
def transformer_block(p: dict, lang: str) -> View:
    """The block as a diagram; the chosen part is highlighted and explained."""
    pid = p["part"]
    _, name, text = tf.BLOCK_PARTS[PART_IDS.index(pid)]
    explain = h("div", {"class": "aula-explain"}, h("p", None, h("strong", None, tr(lang, name))),
                h("p", None, tr(lang, text)))
    return View(summary=f"{tr(lang, name)}: {tr(lang, text)}", parts={"diagram": _block_svg(pid, lang), "explain": explain}, data={"part": pid})


# --- layer normalization of three numbers ------------------------------------------------

NAMES = ("x1", "x2", "x3")
DEFAULTS = (2, 2, 8)   # two equal numbers and one far off: the same pattern comes out, centred and resized
LN_MIN, LN_MAX = -2, 8  # 6 stops each: 216 combinations, all precomputed (registry.PRECOMPUTE_CAP)


def _x_range(name: str, default: int) -> Range:
    return Range(name, {"es": name, "pt": name}, default, min=LN_MIN, max=LN_MAX, step=2)


def _shape_note(s: dict, lang: str) -> dict:
    """The preserved shape in one sentence: the ratio of two deviations survives normalization."""
    if s["var"] == 0.0:
        return {"es": "Los tres números son iguales: la varianza es 0 y, sin ε, dividiríamos 0 entre 0. Con ε el "
                      "resultado es 0 para los tres.",
                "pt": "Os três números são iguais: a variância é 0 e, sem ε, dividiríamos 0 por 0. Com ε o resultado "
                      "é 0 para os três."}
    order = sorted((i for i in range(len(s["xs"])) if s["devs"][i] != 0), key=lambda i: abs(s["devs"][i]))
    near, far = order[0], order[-1]
    f = lambda x, d=None: fmt(x, lang, d)  # noqa: E731
    xs, ys = s["xs"], s["normalized"]
    ratio = abs(s["devs"][far] / s["devs"][near])
    if ratio == 1.0:
        return {"es": f"{f(xs[near])} y {f(xs[far])} están igual de lejos de la media, y sus resultados, "
                      f"{f(ys[near], 3)} y {f(ys[far], 3)}, igual de lejos de 0: la forma se conserva.",
                "pt": f"{f(xs[near])} e {f(xs[far])} estão à mesma distância da média, e os resultados, "
                      f"{f(ys[near], 3)} e {f(ys[far], 3)}, à mesma distância de 0: a forma se mantém."}
    return {"es": f"{f(xs[far])} estaba {fmt_upto(ratio, lang, 2)} veces más lejos de la media que {f(xs[near])}, y su resultado "
                  f"también queda {fmt_upto(ratio, lang, 2)} veces más lejos de 0 ({f(ys[far], 3)} frente a {f(ys[near], 3)}): "
                  "la forma se conserva.",
            "pt": f"{f(xs[far])} estava {fmt_upto(ratio, lang, 2)} vezes mais longe da média do que {f(xs[near])}, e o resultado "
                  f"também fica {fmt_upto(ratio, lang, 2)} vezes mais longe de 0 ({f(ys[far], 3)} contra {f(ys[near], 3)}): "
                  "a forma se mantém."}


def _ln_bars(s: dict, lang: str) -> Markup:
    """The numbers before and after, as bars: side by side when wide, stacked when narrow. Each
    panel has its zero line; the first a dashed line at the mean, which the second puts at 0."""
    cap = tr(lang, {"es": ("Antes (línea discontinua: la media)", "Después de normalizar"),
                    "pt": ("Antes (linha tracejada: a média)", "Depois de normalizar")})
    top = max(abs(x) for x in s["xs"]) or 1.0

    def draw(frame: Frame) -> Markup:
        bars = frame.pick(72, 96)  # side by side, short enough that a handout keeps the chapter in 6 pages
        boxes, height = frame.panels(2, bars + 44, top=4, gap=24)
        out = []
        for k, (box, caption, vals, vmax) in enumerate(zip(boxes, cap, (s["xs"], s["normalized"]), (top, 1.5))):
            y0 = box.y + 18
            out.append(h("text", {"x": num(box.x), "y": num(box.y + 10), "class": "aula-note"}, caption))
            out.append(bar_strip(vals, box.x, y0, box.w, bars, vmax=vmax))
            out += column_labels([fmt(v, lang, 0 if k == 0 else 2) for v in vals], box.x, box.w, y0 + bars + 16)
            if k == 0:
                ym = y0 + bars / 2 - (bars / 2) * s["mean"] / vmax
                out.append(h("line", {"x1": num(box.x), "x2": num(box.x + box.w), "y1": num(ym), "y2": num(ym),
                                      "stroke-dasharray": "5 4", "stroke-width": 1.5, **paint(stroke=GREY)}))
        return svg(frame.width, 4 + height + 4, out, label=cap[0] + " / " + cap[1])

    return figure(draw)


@widget("layer_norm", lesson=LESSON,
        title={"es": "Normalizar tres números, paso a paso", "pt": "Normalizar três números, passo a passo"},
        controls=[_x_range(n, d) for n, d in zip(NAMES, DEFAULTS)],
        parts={"steps": NAMES},
        fields=("xs", "mean", "devs", "var", "std", "normalized"))
def layer_norm(p: dict, lang: str) -> View:
    """Mean, deviations, variance, standard deviation with ε, normalized values (scale 1, shift 0),
    and the numbers before and after as bars: the same pattern, centred on 0 and resized."""
    xs = [p[n] for n in NAMES]
    s = tf.layer_norm_steps([float(x) for x in xs])
    f = lambda x, d=None: fmt(x, lang, d)  # noqa: E731
    par = lambda x: f"({f(x)})" if x < 0 else f(x)  # noqa: E731
    n, m, sd6 = len(xs), s["mean"], f(s["std"], 6)
    sd = tr(lang, {"es": "desviación estándar", "pt": "desvio padrão"})
    eps = fmt(s["eps"], lang, 5)
    steps = [
        (tr(lang, {"es": "media", "pt": "média"}), f"({' + '.join(par(x) for x in xs)}) / {n} = {f(m)}"),
        (tr(lang, {"es": "desviaciones", "pt": "desvios"}),
         ";  ".join(f"{par(x)} − {par(m)} = {f(d)}" for x, d in zip(xs, s["devs"]))),
        (tr(lang, {"es": "varianza", "pt": "variância"}),
         f"({' + '.join(par(d) + '²' for d in s['devs'])}) / {n} = {f(s['var'])}"),
        (sd, f"√({f(s['var'])} + ε) = √({f(s['var'])} + {eps}) = {sd6}"),
        (tr(lang, {"es": "normalizados", "pt": "normalizados"}),
         ";  ".join(f"{par(d)} / {sd6} = {f(y, 6)}" for d, y in zip(s["devs"], s["normalized"]))),
    ]
    items = [h("li", None, h("strong", None, name + ": "), expr) for name, expr in steps]
    extra = tr(lang, _shape_note(s, lang))
    body = Markup(h("ol", {"class": "aula-steps"}, items) + _ln_bars(s, lang) + h("p", {"class": "aula-note"}, extra))
    summary = ". ".join(f"{name.capitalize()}: {expr}" for name, expr in steps) + ". " + extra
    return View(summary=summary, parts={"steps": body},
                data={"xs": xs, **{k: s[k] for k in ("mean", "devs", "var", "eps", "std", "normalized")}})


# --- why position: the same words in two orders -------------------------------------

def _order_plane(dogs: list[list[float]], lang: str) -> Markup:
    W, H, U, ox, oy = 240, 200, 140.0, 30.0, 180.0  # outputs stay within [0, 1.5] x [0, 1.1]
    a = arrow(ox, oy, ox + U * dogs[0][0], oy - U * dogs[0][1], GOLD, "aula-output", 9, 4)
    b = arrow(ox, oy, ox + U * dogs[1][0], oy - U * dogs[1][1], BLUE, "aula-output-b", 7, 1.8)
    axes = h("path", {"d": f"M4 {num(oy)}H{W - 4}M{num(ox)} 4V{H - 4}", **paint(stroke=GREY), "fill": "none"})
    label = {"es": "Salidas de «perro» en las dos oraciones", "pt": "Saídas de “cachorro” nas duas frases"}
    return svg(W, H, axes, a, b, label=tr(lang, label))


@widget("word_order", lesson=LESSON,
        title={"es": "¿Por qué hace falta la posición?", "pt": "Por que a posição é necessária?"},
        controls=[Toggle("pos", {"es": "Sumar vectores de posición", "pt": "Somar vetores de posição"}, False)],
        parts={"main": ("pos",)},
        fields=("gap", "amplitude"))
def word_order(p: dict, lang: str) -> View:
    """«perro muerde persona» and «persona muerde perro» through head A without mask."""
    res = tf.word_order(p["pos"])
    word = lambda t: tr(lang, da.ORDER_WORDS[t])  # noqa: E731
    blocks = []
    for run_ in res["runs"]:
        sentence = " ".join(word(t) for t in run_["ids"])
        rows = [[h("strong", None, word(t)) if t == "dog" else word(t), fmt_vec(x, lang), fmt_vec(o, lang)]
                for t, x, o in zip(run_["ids"], run_["xs"], run_["outputs"])]
        head = ["", tr(lang, {"es": "entrada: rasgos + posición", "pt": "entrada: características + posição"} if p["pos"] else
                     {"es": "entrada: 4 rasgos", "pt": "entrada: 4 características"}),
                tr(lang, {"es": "salida de la cabeza A", "pt": "saída da cabeça A"})]
        blocks.append(table(head, rows, cls="aula-table", caption=quote(sentence, lang)))
    dog = word("dog")
    if res["same"]:
        verdict = {"es": f"Las dos salidas de «{dog}» son idénticas: sin posiciones, la atención no distingue quién muerde a quién.",
                   "pt": f"As duas saídas de “{dog}” são idênticas: sem posições, a atenção não distingue quem morde quem."}
    else:
        verdict = {"es": f"Las salidas de «{dog}» difieren (distancia {fmt(res['gap'], lang, 3)}): las capas siguientes pueden usar esa diferencia.",
                   "pt": f"As saídas de “{dog}” diferem (distância {fmt(res['gap'], lang, 3)}): as camadas seguintes podem usar essa diferença."}
    dogs = [r["dog"] for r in res["runs"]]
    body = Markup("".join(blocks) + _order_plane(dogs, lang)
                  + h("p", {"class": "aula-readout"}, tr(lang, verdict)))
    outs = tr(lang, {"es": "Salidas de «{d}»: {a} y {b}. ", "pt": "Saídas de “{d}”: {a} e {b}. "}).format(
        d=dog, a=fmt_vec(dogs[0], lang), b=fmt_vec(dogs[1], lang))
    return View(summary=outs + tr(lang, verdict), parts={"main": body},
                data={"pos": p["pos"], "dog_outputs": dogs, "gap": res["gap"], "same": res["same"],
                      "amplitude": POSITION_AMPLITUDE})


# --- the one-line formula -----------------------------------------------------------

PIECES = [
    ("Q", "Q", {"es": "Q: una fila por token, su consulta (7 × 2).", "pt": "Q: uma linha por token, sua consulta (7 × 2)."}),
    ("K", "Kᵀ", {"es": "Kᵀ: las claves puestas como columnas (2 × 7).", "pt": "Kᵀ: as chaves postas como colunas (2 × 7)."}),
    ("S", "QKᵀ/√d_k", {"es": "QKᵀ/√d_k: en la fila i y la columna j, la puntuación de la consulta i con la clave j (7 × 7).",
                       "pt": "QKᵀ/√d_k: na linha i e na coluna j, a pontuação da consulta i com a chave j (7 × 7)."}),
    ("W", "softmax", {"es": "softmax en cada fila: la cuadrícula de pesos; cada fila suma 1.",
                      "pt": "softmax em cada linha: a grade de pesos; cada linha soma 1."}),
    ("V", "V", {"es": "V: una fila por token, su valor (7 × 2).", "pt": "V: uma linha por token, seu valor (7 × 2)."}),
    ("O", {"es": "salida", "pt": "saída"}, {"es": "El producto por V: cada fila es la media ponderada de los valores, la salida de ese token (7 × 2).",
                 "pt": "O produto por V: cada linha é a média ponderada dos valores, a saída desse token (7 × 2)."}),
]


# the formula's text in segments; each segment belongs to the pieces that contain it
SEGMENTS = [("softmax(", "WO"), ("Q", "QSWO"), ("Kᵀ", "KSWO"), (" / √d_k", "SWO"), (")", "WO"), (" V", "VO")]


def _formula(active: str) -> Markup:
    """softmax(QKᵀ / √d_k) V with the chosen piece marked."""
    return h("p", {"class": "aula-formula"},
             [h("mark", None, text) if active in owners else text for text, owners in SEGMENTS])


def _matrix(head: list[str], rows: list[list[str]]) -> Markup:
    """A piece as a table; one with a column per token (7 × 7, or Kᵀ) is, on a phone, one card
    per row: the row's name, then each column's name and number."""
    if len(head) > 4:
        return card_table(head, rows)
    return h("div", {"class": "aula-scroll"}, table(head, rows, cls="aula-table aula-matrix"))


@widget("attn_formula", lesson=LESSON,
        title={"es": "La fórmula en una línea", "pt": "A fórmula em uma linha"},
        controls=[Choice("piece", {"es": "Pieza", "pt": "Peça"}, "S", style="buttons",
                         options=[(pid, text) for pid, text, _ in PIECES]),
                  Toggle("mask", {"es": "Máscara causal", "pt": "Máscara causal"}, True)],
        parts={"main": ("piece", "mask")})
def attn_formula(p: dict, lang: str) -> View:
    """softmax(QKᵀ/√d_k)V for the sentence under head A: every piece as a table."""
    res = run("A", p["mask"], True)
    toks = da.tokens(lang)
    pid = p["piece"]
    cell = lambda x: "—" if x is None else fmt(x, lang, 2)  # noqa: E731
    if pid == "K":
        head, rows = [""] + toks, [[f"k{c + 1}"] + [cell(k[c]) for k in res["k"]] for c in range(2)]
    else:
        mat = {"Q": res["q"], "S": res["scores"], "W": res["weights"], "V": res["v"], "O": res["outputs"]}[pid]
        cols = toks if pid in ("S", "W") else ["1", "2"]
        head, rows = [""] + cols, [[toks[r]] + [cell(x) for x in row] for r, row in enumerate(mat)]
    text = dict((k, t) for k, _, t in PIECES)[pid]
    note = {"es": "Con máscara, «—» es una puntuación excluida (como −∞): su peso es 0.",
            "pt": "Com máscara, “—” é uma pontuação excluída (como −∞): seu peso é 0."}
    body = Markup(_formula(pid) + h("p", {"class": "aula-readout"}, tr(lang, text))
                  + _matrix(head, rows)
                  + (h("p", {"class": "aula-note"}, tr(lang, note)) if p["mask"] and pid == "S" else ""))
    last = rows[-1]
    summary = tr(lang, text) + " " + tr(lang, {"es": "Con máscara causal. " if p["mask"] else "Sin máscara. ",
                                      "pt": "Com máscara causal. " if p["mask"] else "Sem máscara. "}) \
        + tr(lang, {"es": "Última fila, ", "pt": "Última linha, "}) + f"{last[0]}: " \
        + "; ".join(f"{c} {x}" for c, x in zip(head[1:], last[1:])) + "."
    return View(summary=summary, parts={"main": body}, data={"piece": pid, "mask": p["mask"], "d_k": res["d"]})


PARITY_CASES = [
    ("transformer_block", {"part": "ffn"}),
    ("layer_norm", {"x1": 4, "x2": 4, "x3": 4}),
    ("layer_norm", {"x1": -2, "x2": 8, "x3": 0}),
    ("word_order", {"pos": True}),
    ("attn_formula", {"piece": "O", "mask": False}),
    ("attn_formula", {"piece": "K", "mask": True}),   # a table with a card per row on a phone (issue 16)
]
