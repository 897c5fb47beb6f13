"""Lesson 2 widgets, section 8: the Transformer block, layer normalization step by step,
why attention needs positions, and the one-line formula softmax(QKᵀ/√d_k)V.

Numbers come from :mod:`lesson_core.topics.transformer` and :mod:`lesson_core.topics.attention`.
The diagram's parts carry ``data-set-param="part"`` and ``data-value``: a click
on one may set the ``part`` control (the explanation also follows the control).
"""

from __future__ import annotations

from ..data import attention as da
from ..topics import transformer as tf
from ..kit.controls import Choice, Range, Toggle
from ..kit.fmt import fmt, tr
from ..kit.html import Markup, h, num, svg
from ..kit.registry import View, widget
from ..kit.svgkit import PAPER, Frame, card_table, figure, fmt_vec, paint, table
from .turing_attention import run
from .turing_text import q
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


# --- layer normalization of two numbers --------------------------------------------------

def _x_range(name: str, default: int) -> Range:
    return Range(name, {"es": name, "pt": name}, default, min=-4, max=10, step=2)


@widget("layer_norm", lesson=LESSON,
        title={"es": "Normalizar dos números, paso a paso", "pt": "Normalizar dois números, passo a passo"},
        controls=[_x_range("x1", 2), _x_range("x2", 6)],
        parts={"steps": ("x1", "x2")},
        fields=("mean", "devs", "var", "std", "normalized"))
def layer_norm(p: dict, lang: str) -> View:
    """Mean, deviations, variance, standard deviation with ε, normalized values (scale 1, shift 0)."""
    s = tf.layer_norm_steps([float(p["x1"]), float(p["x2"])])
    f = lambda x, d=None: fmt(x, lang, d)  # noqa: E731
    x1, x2 = p["x1"], p["x2"]
    (d1, d2), (y1, y2) = s["devs"], s["normalized"]
    par = lambda x: f"({f(x)})" if x < 0 else f(x)  # noqa: E731
    sd = tr(lang, {"es": "desviación estándar", "pt": "desvio padrão"})
    eps = fmt(s["eps"], lang, 5)
    steps = [
        (tr(lang, {"es": "media", "pt": "média"}), f"({par(x1)} + {par(x2)}) / 2 = {f(s['mean'])}"),
        (tr(lang, {"es": "desviaciones", "pt": "desvios"}),
         f"{par(x1)} − {par(s['mean'])} = {f(d1)};  {par(x2)} − {par(s['mean'])} = {f(d2)}"),
        (tr(lang, {"es": "varianza", "pt": "variância"}), f"({par(d1)}² + {par(d2)}²) / 2 = {f(s['var'])}"),
        (sd, f"√({f(s['var'])} + ε) = √({f(s['var'])} + {eps}) = {f(s['std'], 6)}"),
        (tr(lang, {"es": "normalizados", "pt": "normalizados"}),
         f"{par(d1)} / {f(s['std'], 6)} = {f(y1, 6)};  {par(d2)} / {f(s['std'], 6)} = {f(y2, 6)}"),
    ]
    items = [h("li", None, h("strong", None, name + ": "), expr) for name, expr in steps]
    if s["var"] == 0.0:
        extra = {"es": "Los dos números son iguales: la varianza es 0 y, sin ε, dividiríamos 0 entre 0. Con ε el resultado es 0.",
                 "pt": "Os dois números são iguais: a variância é 0 e, sem ε, dividiríamos 0 por 0. Com ε o resultado é 0."}
    else:
        extra = {"es": "Con dos números distintos el resultado queda siempre muy cerca de −1 y 1: ε lo aleja un poco.",
                 "pt": "Com dois números diferentes o resultado fica sempre muito perto de −1 e 1: ε o afasta um pouco."}
    body = Markup(h("ol", {"class": "aula-steps"}, items) + h("p", {"class": "aula-note"}, tr(lang, extra)))
    summary = ". ".join(f"{name.capitalize()}: {expr}" for name, expr in steps) + ". " + tr(lang, extra)
    return View(summary=summary, parts={"steps": body}, data={k: s[k] for k in ("mean", "devs", "var", "eps", "std", "normalized")})


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
        fields=("gap",))
def word_order(p: dict, lang: str) -> View:
    """«perro muerde persona» and «persona muerde perro» through head A without mask."""
    res = tf.word_order(p["pos"])
    word = lambda t: da.ORDER_WORDS[t][lang]  # noqa: E731
    blocks = []
    for run_ in res["runs"]:
        sentence = " ".join(word(t) for t in run_["ids"])
        rows = [[h("strong", None, word(t)) if t == "dog" else word(t), fmt_vec(x, lang), fmt_vec(o, lang)]
                for t, x, o in zip(run_["ids"], run_["xs"], run_["outputs"])]
        head = ["", ({"es": "entrada: rasgos + posición", "pt": "entrada: características + posição"} if p["pos"] else
                     {"es": "entrada: 4 rasgos", "pt": "entrada: 4 características"})[lang],
                tr(lang, {"es": "salida de la cabeza A", "pt": "saída da cabeça A"})]
        blocks.append(table(head, rows, cls="aula-table", caption=q(sentence, lang)))
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
    return View(summary=outs + tr(lang, verdict), parts={"main": body}, data={"pos": p["pos"], "dog_outputs": dogs, "gap": res["gap"], "same": res["same"]})


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
    ("layer_norm", {"x1": 4, "x2": 4}),
    ("layer_norm", {"x1": -4, "x2": 10}),
    ("word_order", {"pos": True}),
    ("attn_formula", {"piece": "O", "mask": False}),
    ("attn_formula", {"piece": "K", "mask": True}),   # a table with a card per row on a phone (issue 16)
]
