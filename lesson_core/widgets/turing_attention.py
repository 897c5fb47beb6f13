"""Lesson 2 widgets, section 7: one attention head on «El gato se sentó porque él estaba cansado»,
the shift property of softmax (demo and quiz) and the one-line formula softmax(QKᵀ/√d_k)V.

Numbers come from :mod:`lesson_core.topics.attention` and :mod:`lesson_core.data.attention`;
this module only lays them out. The parts of ``attn_demo`` are split by what they
depend on, so the precomputed tables stay small.
"""

from __future__ import annotations

import math

from ..data import attention as da
from ..kit import fpmath
from ..topics.attention import attention, softmax_steps
from ..kit.controls import Choice, Range, Toggle
from ..kit.fmt import fmt, tr
from ..kit.html import Markup, h, num, svg
from ..kit.registry import View, widget
from ..kit.svgkit import NARROW, Frame, figure, fmt_vec, paint, table, table_forms
from .turing_vectors import GOLD, GREY, arrow, arrow_group, label_spots

LESSON = "turing"

T = {
    "token": {"es": "Token que consulta", "pt": "Token que consulta"},
    "head": {"es": "Cabeza", "pt": "Cabeça"},
    "mask": {"es": "Máscara causal", "pt": "Máscara causal"},
    "scale": {"es": "Dividir entre √d", "pt": "Dividir por √d"},
    "score": {"es": "puntuación", "pt": "pontuação"},
    "weight": {"es": "peso", "pt": "peso"},
    "query": {"es": "consulta", "pt": "consulta"},
    "key": {"es": "clave", "pt": "chave"},
    "value": {"es": "valor", "pt": "valor"},
    "output": {"es": "salida", "pt": "saída"},
}

TOKEN_OPTIONS = [(t, da.TOKENS[t]) for t in da.TOKEN_IDS]
HEAD_CONTROL = Choice("head", T["head"], "A", options=[(k, v) for k, v in da.HEAD_NAMES.items()], style="buttons")


def run(head: str, mask: bool, scale: bool) -> dict:
    return attention(da.vectors(), da.HEADS[head], mask=mask, scale=scale)


def _plane(W: float, H: float, ox: float, oy: float) -> Markup:
    """Light axes through the origin (ox, oy)."""
    return h("path", {"d": f"M4 {num(oy)}H{num(W - 4)}M{num(ox)} 4V{num(H - 4)}", **paint(stroke=GREY),
                      "fill": "none", "class": "aula-axis"})


def _vectors_fig(res: dict, i: int, mask: bool, lang: str) -> Markup:
    """The query of token i (gold) and the keys it can see (grey). Every tip lies within 264 units
    (svgkit.NARROW), so this one drawing fits a phone and scales up on a wider screen."""
    W, H, U, ox, oy = NARROW, 230, 80.0, 60.0, 170.0
    toks = da.tokens(lang)
    seen = [j for j in range(len(toks)) if not (mask and j > i)]
    tips = [(ox + U * res["k"][j][0], oy - U * res["k"][j][1]) for j in seen]
    keys = [arrow(ox, oy, x, y, None, None, 6) for x, y in tips]
    q = res["q"][i]
    q_name = f"q({toks[i]})"
    *spots, q_spot = label_spots([(x + 4, y - 4, len(toks[j])) for (x, y), j in zip(tips, seen)]
                                 + [(ox + U * q[0] + 4, oy - U * q[1] + 14, len(q_name))])  # no label over another
    names = [h("text", {"x": num(x), "y": num(y)}, toks[j]) for (x, y), j in zip(spots, seen)]
    label = {"es": f"Consulta de «{toks[i]}» y claves visibles", "pt": f"Consulta de “{toks[i]}” e chaves visíveis"}
    return svg(W, H, _plane(W, H, ox, oy), arrow_group(GREY, "aula-key", 1.5, keys),
               arrow(ox, oy, ox + U * q[0], oy - U * q[1], GOLD, "aula-query", 8, 2.5),
               h("g", {"class": "aula-tick"}, names,
                 h("text", {"x": num(q_spot[0]), "y": num(q_spot[1])}, q_name)),
               label=tr(lang, label))


def _chain_fig(res: dict, i: int, lang: str) -> Markup:
    """Each value shortened by its weight, placed tip to tail; the last tip is the output.
    One drawing for every width, like :func:`_vectors_fig`."""
    W, H, U, ox, oy = NARROW, 230, 300.0, 30.0, 210.0  # outputs lie in [0, 0.77] x [0, 0.63]
    toks = da.tokens(lang)
    parts, names = [], []
    x, y = ox, oy
    for j, w in enumerate(res["weights"][i]):
        if w == 0.0:
            continue
        v = res["v"][j]
        nx, ny = x + U * w * v[0], y - U * w * v[1]
        parts.append(arrow(x, y, nx, ny, None, None, 5))
        if w >= 0.15:
            names.append(h("text", {"x": num((x + nx) / 2 + 6), "y": num((y + ny) / 2 + 4)}, toks[j]))
        x, y = nx, ny
    o = res["outputs"][i]
    label = {"es": f"Salida de «{toks[i]}» = {fmt_vec(o, lang)}", "pt": f"Saída de “{toks[i]}” = {fmt_vec(o, lang)}"}
    return svg(W, H, _plane(W, H, ox, oy), arrow_group(GREY, "aula-value", 1.5, parts),
               arrow(ox, oy, ox + U * o[0], oy - U * o[1], GOLD, "aula-output", 8, 2.5),
               h("g", {"class": "aula-tick"}, names), label=tr(lang, label))


def _weights_table(res: dict, i: int, lang: str) -> Markup:
    """Scores, their powers e^s, the sum and the weights; masked tokens get a dash."""
    toks = da.tokens(lang)
    steps = softmax_steps(res["scores"][i])
    div = "q·k/√2" if res["divisor"] != 1.0 else "q·k"
    head = ["", f"{tr(lang, T['score'])} {div}", "eˢ", tr(lang, T["weight"])]
    rows = [[toks[j], fmt(s, lang, 2), fmt(steps["exps"][j], lang, 2), fmt(steps["weights"][j], lang, 2)]
            for j, s in enumerate(res["scores"][i]) if s is not None]
    rows.append([tr(lang, {"es": "suma", "pt": "soma"}), "", fmt(steps["total"], lang, 2), "1"])
    hidden = [toks[j] for j, s in enumerate(res["scores"][i]) if s is None]
    note = h("p", {"class": "aula-note"}, tr(lang, {"es": "Ocultos por la máscara (peso 0): ", "pt": "Ocultos pela máscara (peso 0): "})
             + ", ".join(hidden)) if hidden else ""
    return Markup(table(head, rows, cls="aula-table aula-attn-table") + note)


@widget("attn_demo", lesson=LESSON,
        title={"es": "Atención: cada token consulta a los demás", "pt": "Atenção: cada token consulta os outros"},
        controls=[Choice("token", T["token"], "he", options=TOKEN_OPTIONS, style="buttons"), HEAD_CONTROL,
                  Toggle("mask", T["mask"], True), Toggle("scale", T["scale"], True)],
        parts={"matrices": ("head",), "vectors": ("token", "head", "mask"),
               "weights": ("token", "head", "mask", "scale"), "chain": ("token", "head", "mask", "scale"),
               "grid": ("head", "mask", "scale")},
        fields=("q", "keys", "scores", "weights", "output"))
def attn_demo(p: dict, lang: str) -> View:
    """Scores q·k/√d, softmax weights, value arrows chained into the output, and the weight grid."""
    i = da.TOKEN_IDS.index(p["token"])
    res = run(p["head"], p["mask"], p["scale"])
    toks = da.tokens(lang)
    x = da.SENTENCE[p["token"]]
    calc = tr(lang, {"es": f"«{toks[i]}» = {fmt_vec(x, lang)} → q = {fmt_vec(res['q'][i], lang)}, "
                  f"k = {fmt_vec(res['k'][i], lang)}, v = {fmt_vec(res['v'][i], lang)}",
            "pt": f"“{toks[i]}” = {fmt_vec(x, lang)} → q = {fmt_vec(res['q'][i], lang)}, "
                  f"k = {fmt_vec(res['k'][i], lang)}, v = {fmt_vec(res['v'][i], lang)}"})
    parts = {
        "matrices": _matrices(p["head"], lang),
        "vectors": Markup(_vectors_fig(res, i, p["mask"], lang) + h("p", {"class": "aula-readout"}, calc)),
        "weights": _weights_table(res, i, lang),
        "chain": Markup(_chain_fig(res, i, lang) + h("p", {"class": "aula-readout"},
                                                     f"{tr(lang, T['output'])}: {fmt_vec(res['outputs'][i], lang)}")),
        "grid": _grid(res, lang),
    }
    seen = "; ".join(f"{toks[j]} {fmt(w, lang, 2)}" for j, w in enumerate(res["weights"][i])
                     if res["scores"][i][j] is not None)
    how = tr(lang, {"es": (f"«{toks[i]}» consulta con la {tr(lang, da.HEAD_NAMES[p['head']])}, "
                  + ("con máscara causal" if p["mask"] else "sin máscara")
                  + (", dividiendo entre √2" if p["scale"] else ", sin dividir") + f". Pesos: {seen}. "
                  f"Salida: {fmt_vec(res['outputs'][i], lang)}."),
           "pt": (f"“{toks[i]}” consulta com a {tr(lang, da.HEAD_NAMES[p['head']])}, "
                  + ("com máscara causal" if p["mask"] else "sem máscara")
                  + (", dividindo por √2" if p["scale"] else ", sem dividir") + f". Pesos: {seen}. "
                  f"Saída: {fmt_vec(res['outputs'][i], lang)}.")})
    return View(summary=how, parts=parts, data={"token": p["token"], "head": p["head"], "mask": p["mask"], "scale": p["scale"],
                                   "q": res["q"][i], "keys": res["k"], "scores": res["scores"][i], "weights": res["weights"][i],
                                   "output": res["outputs"][i], "grid": res["weights"]})


def _matrices(head: str, lang: str) -> Markup:
    """W_Q, W_K, W_V side by side: one row per feature."""
    feats = tr(lang, da.FEATURES)
    m = da.HEADS[head]
    rows = [[feats[r]] + [fmt_vec(m[key][r], lang, 1) for key in ("q", "k", "v")] for r in range(4)]
    return table(["", "W_Q", "W_K", "W_V"], rows, cls="aula-table aula-matrix",
                 caption=tr(lang, da.HEAD_NAMES[head]))


def _grid(res: dict, lang: str) -> Markup:
    """All weights: rows are the querying tokens, columns the tokens they look at. Narrow: the
    same seven rows and columns in narrower cells (the numbers keep their size), column names
    turned further so they fit the narrower columns."""
    toks = da.tokens(lang)
    n = len(toks)
    label = {"es": "Cuadrícula de pesos: filas, tokens que consultan; columnas, tokens consultados",
             "pt": "Grade de pesos: linhas, tokens que consultam; colunas, tokens consultados"}

    def draw(frame: Frame) -> Markup:
        L, R = frame.pick(78, 60), 26
        C = frame.pick(46, (frame.width - L - 12) // n)
        turn, TOP = frame.pick((-35, 70), (-60, 72))
        shades: dict[int, list[str]] = {}  # one path per shade (tenths of weight): fewer elements
        texts = []
        for r, row in enumerate(res["weights"]):
            for c, w in enumerate(row):
                if res["scores"][r][c] is None:
                    continue  # masked: an empty cell
                x, y = L + c * C, TOP + r * R
                shades.setdefault(round(10 * w), []).append(f"M{x} {y}h{C - 2}v{R - 2}h{2 - C}z")
                texts.append(h("text", {"x": num(x + C / 2 - 1), "y": y + 16}, fmt(w, lang, 2)))
        cells = [h("path", {"d": "".join(d), "fill-opacity": num(0.08 + 0.09 * k)}) for k, d in sorted(shades.items())]
        heads = [h("text", {"transform": f"translate({num(L + c * C + C / 2)} {TOP - 6})rotate({turn})"}, t)
                 for c, t in enumerate(toks)]
        rows = [h("text", {"x": L - 6, "y": TOP + r * R + 16}, t) for r, t in enumerate(toks)]
        return svg(frame.pick(L + n * C + 26, frame.width), TOP + n * R + 6,  # wide: room for the last name
                   h("g", {**paint(fill="var(--aula-shade)")}, cells),
                   h("g", {"class": "aula-tick aula-on-shade", "text-anchor": "middle"}, texts),
                   h("g", {"class": "aula-tick"}, heads), h("g", {"class": "aula-tick", "text-anchor": "end"}, rows),
                   label=tr(lang, label))

    return figure(draw)


# --- the shift property ----------------------------------------------------------------

def _he_scores() -> list[float]:
    """The visible scores of «él» under head A, with mask and division: the lesson's worked row."""
    res = run("A", True, True)
    i = da.TOKEN_IDS.index("he")
    return [s for s in res["scores"][i] if s is not None]


@widget("attn_shift", lesson=LESSON,
        title={"es": "Sumar lo mismo a todas las puntuaciones", "pt": "Somar o mesmo a todas as pontuações"},
        controls=[Range("c", {"es": "Constante sumada", "pt": "Constante somada"}, 2, min=-3, max=3, step=1)],
        parts={"main": ("c",)})
def attn_shift(p: dict, lang: str) -> View:
    """The scores of «él» plus a constant c: every e^s is multiplied by e^c, the weights do not move."""
    c = p["c"]
    base = _he_scores()
    shifted = [s + c for s in base]
    a, b = softmax_steps(base), softmax_steps(shifted)
    toks = da.tokens(lang)[:len(base)]
    head = ["", "s", "eˢ", tr(lang, T["weight"]), f"s + {fmt(c, lang)}" if c >= 0 else f"s − {fmt(-c, lang)}",
            "eˢ⁺ᶜ", tr(lang, T["weight"])]
    rows = [[t, fmt(s, lang, 2), fmt(ea, lang, 3), fmt(wa, lang, 3), fmt(s2, lang, 2), fmt(eb, lang, 3), fmt(wb, lang, 3)]
            for t, s, ea, wa, s2, eb, wb in zip(toks, base, a["exps"], a["weights"], shifted, b["exps"], b["weights"])]
    rows.append([tr(lang, {"es": "suma", "pt": "soma"}), "", fmt(a["total"], lang, 3), "1", "", fmt(b["total"], lang, 3), "1"])
    gap = max(abs(x - y) for x, y in zip(a["weights"], b["weights"]))
    note = tr(lang, {"es": f"Cada eˢ queda multiplicado por e^{fmt(c, lang)} = {fmt(fpmath.exp(c), lang, 3)}, y la suma también: "
                  "al dividir, el factor se cancela.",
            "pt": f"Cada eˢ fica multiplicado por e^{fmt(c, lang)} = {fmt(fpmath.exp(c), lang, 3)}, e a soma também: "
                  "ao dividir, o fator se cancela."})
    # narrow: before and after as two stacked tables of four columns (the tokens repeated)
    halves = [table([head[0]] + head[k:k + 3], [[r[0]] + r[k:k + 3] for r in rows], cls="aula-table aula-attn-table")
              for k in (1, 4)]
    body = Markup(table_forms(table(head, rows, cls="aula-table aula-attn-table"), Markup("".join(halves)))
                  + h("p", {"class": "aula-readout"}, note))
    same = "; ".join(f"{t} {fmt(wa, lang, 3)} → {fmt(wb, lang, 3)}" for t, wa, wb in zip(toks, a["weights"], b["weights"]))
    summary = tr(lang, {"es": f"Sumando {fmt(c, lang)} a cada puntuación, cada eˢ se multiplica por {fmt(fpmath.exp(c), lang, 3)} "
                     f"y los pesos no cambian: {same}.",
               "pt": f"Somando {fmt(c, lang)} a cada pontuação, cada eˢ é multiplicado por {fmt(fpmath.exp(c), lang, 3)} "
                     f"e os pesos não mudam: {same}."})
    return View(summary=summary, parts={"main": body}, data={"c": c, "weights": a["weights"], "shifted_weights": b["weights"],
                                            "max_gap": gap})


PARITY_CASES = [
    ("attn_demo", {"token": "tired", "head": "B", "mask": "0", "scale": "0"}),
    ("attn_demo", {"token": "the", "head": "A", "mask": "1", "scale": "0"}),
    ("attn_shift", {"c": -3}),
]
