"""Lesson 2, sections 12 and 13: RNN vs Transformer for n tokens; model sizes on a log scale.

Numbers come from :mod:`lesson_core.topics.scale` and :mod:`lesson_core.data.published_models`.
"""

from __future__ import annotations

import math

from ..topics import scale as sc
from ..kit import fpmath
from ..kit.controls import Choice, Number
from ..data.published_models import MODELS
from ..kit.fmt import fmt, fmt_pct, tr
from ..kit.html import Markup, h, num, svg
from ..kit.registry import View, widget
from ..kit.svgkit import BLUE, RED, paint, table

LESSON = "turing"


def _chain_figure(n: int, lang: str) -> Markup:
    """Up to 10 token boxes: the RNN's chain of arrows above, one attention arc below."""
    shown = min(n, 10)
    W, H = 560, 150
    gap = (W - 40) / max(shown, 1)
    xs = [20 + gap * (i + 0.5) for i in range(shown)]
    y = 75
    out = []
    for i, x in enumerate(xs):
        last = i == shown - 1
        tag = str(n) if last else ("…" if (n > shown and i == shown - 2) else str(i + 1))
        out.append(h("rect", {"x": num(x - 22), "y": y - 12, "width": 44, "height": 24, "rx": 4, "class": "aula-token",
                              "fill": "none", "stroke": "currentColor"}))
        out.append(h("text", {"x": num(x), "y": y + 5, "class": "aula-tick", "text-anchor": "middle"}, tag))
    rnn = "".join(f"M{num(a + 8)} {y - 16}Q{num((a + b) / 2)} {y - 44} {num(b - 8)} {y - 16}"
                  for a, b in zip(xs, xs[1:]))
    out.append(h("path", {"d": rnn or "M0 0", "class": "aula-arrow aula-rnn", "fill": "none",
                          **paint(stroke=BLUE), "stroke-width": 1.5}))
    if shown > 1:
        a, b = xs[0], xs[-1]
        out.append(h("path", {"d": f"M{num(a)} {y + 14}Q{num((a + b) / 2)} {H + 30} {num(b)} {y + 14}",
                              "class": "aula-arrow aula-attn", "fill": "none",
                              **paint(stroke=RED), "stroke-width": 2, "stroke-dasharray": "6 3"}))
    out.append(h("text", {"x": 20, "y": 16, "class": "aula-note"},
                 tr(lang, {"es": f"RNN: {fmt(max(n - 1, 0), lang)} pasos encadenados",
                  "pt": f"RNN: {fmt(max(n - 1, 0), lang)} passos encadeados"})))
    out.append(h("text", {"x": 20, "y": H - 6, "class": "aula-note"},
                 tr(lang, {"es": "Transformer: la atención une el último token con el primero en 1 paso",
                  "pt": "Transformer: a atenção liga o último token ao primeiro em 1 passo"})))
    return svg(W, H, out, label=tr(lang, {"es": "Camino del primer token al último", "pt": "Caminho do primeiro token ao último"}))


@widget("rnn_vs_transformer", lesson=LESSON,
        title={"es": "RNN frente a Transformer", "pt": "RNN contra Transformer"},
        controls=[Number("n", {"es": "Longitud del texto n (tokens)", "pt": "Comprimento do texto n (tokens)"},
                         1000, min=1, max=sc.MAX_N, integer=True)],
        parts={"main": ("n",)})
def rnn_vs_transformer(p: dict, lang: str) -> View:
    """Steps from the first token to the last, sequential steps, comparisons per head n(n+1)/2."""
    r = sc.rnn_vs_transformer(p["n"])
    n = r["n"]
    f = lambda x: fmt(x, lang)  # noqa: E731
    head = ["", "RNN", "Transformer"]
    rows = [
        [tr(lang, {"es": "Pasos del primer token al último", "pt": "Passos do primeiro token ao último"}),
         f(r["rnn_path"]), f(r["transformer_path"])],
        [tr(lang, {"es": "Pasos que deben hacerse uno tras otro (entrenamiento)",
          "pt": "Passos que precisam ser feitos um após o outro (treinamento)"}),
         f(r["rnn_sequential"]), f(r["transformer_sequential"])],
        [tr(lang, {"es": "Comparaciones por cabeza y capa", "pt": "Comparações por cabeça e camada"}),
         "—", f(r["comparisons"])],
    ]
    ratio = r["comparisons_doubled"] / r["comparisons"]
    double = tr(lang, {"es": f"Con {f(2 * n)} tokens serían {f(r['comparisons_doubled'])}: {fmt(ratio, lang, 2)} veces más.",
              "pt": f"Com {f(2 * n)} tokens seriam {f(r['comparisons_doubled'])}: {fmt(ratio, lang, 2)} vezes mais."})
    lines = sc.gauss_lines(n, lang)
    deriv = h("div", {"class": "aula-derivation"}, [h("div", None, line) for line in lines])
    body = Markup(_chain_figure(n, lang) + table(head, rows) + deriv + h("p", {"class": "aula-readout"}, double))
    said = "; ".join(f"{row[0]}: RNN {row[1]}, Transformer {row[2]}" for row in rows[:2]) + "; " \
        + f"{rows[2][0]}: {rows[2][2]}. " + double
    summary = tr(lang, {"es": f"n = {f(n)} tokens. ", "pt": f"n = {f(n)} tokens. "}) + said
    return View(summary=summary, parts={"main": body}, data=dict(r))


# --- model sizes on a log scale -----------------------------------------------------------

# fractional year of publication (month / 12), to spread points of the same year
MONTH = {"transformer": 6, "gpt": 6, "bert": 10, "gpt2": 2, "t5": 10, "gpt3": 5, "gopher": 12, "instructgpt": 3,
         "chinchilla": 3, "palm": 4, "llama": 2, "mixtral": 12, "llama31": 7, "deepseekv3": 12}
# label placement (dx, dy, anchor) where the default, right of the point, would collide
LABEL_AT = {"gopher": (-7, 4, "end"), "instructgpt": (-7, 4, "end"), "chinchilla": (-7, 4, "end"),
            "llama31": (-7, 4, "end"), "deepseekv3": (-4, -8, "end"), "mixtral": (-7, 18, "end")}
SHORT = {"llama31": "Llama 3.1"}  # chart labels; the detail gives the full name
BY_ID = {m["id"]: m for m in MODELS}
EXP_LO, EXP_HI = 7, 12  # 10 million .. 1 trillion (10^12)


def _size_chart(lang: str) -> Markup:
    """Every published size as a dot (hollow dot: parameters used per token); one static figure."""
    W, H, left, top = 560, 300, 124, 16
    pw, ph = W - left - 16, H - top - 28
    x0, x1 = 2017.0, 2025.3

    def X(m: dict) -> float:
        return left + pw * (m["year"] + (MONTH[m["id"]] - 0.5) / 12 - x0) / (x1 - x0)

    def Y(v: float) -> float:
        return top + ph * (EXP_HI - fpmath.log10(v)) / (EXP_HI - EXP_LO)

    out = []
    for e in range(EXP_LO, EXP_HI + 1):
        y = num(Y(10**e))
        out.append(h("line", {"x1": left, "x2": W - 8, "y1": y, "y2": y, "class": "aula-grid",
                              "stroke": "currentColor", "stroke-opacity": "0.15"}))
        out.append(h("text", {"x": left - 6, "y": num(Y(10**e) + 4), "class": "aula-tick", "text-anchor": "end"},
                      sc.big_words(10**e, lang)))
    for year in range(2017, 2026):
        xx = left + pw * (year - x0) / (x1 - x0)
        out.append(h("text", {"x": num(xx), "y": H - 8, "class": "aula-tick", "text-anchor": "middle"}, str(year)))
    for m in MODELS:
        x, y = X(m), Y(m["params"])
        one = []  # a model's marks form one clickable group: choosing it shows its details
        if m["active"]:
            ya = Y(m["active"])
            one.append(h("line", {"x1": num(x), "x2": num(x), "y1": num(y), "y2": num(ya), "class": "aula-guide",
                                  "stroke": "currentColor", "stroke-dasharray": "2 2"}))
            one.append(h("circle", {"cx": num(x), "cy": num(ya), "r": 4, "class": "aula-dot-hollow",
                                    "fill": "none", **paint(stroke=RED)}))
        one.append(h("circle", {"cx": num(x), "cy": num(y), "r": 12, "fill": "transparent",
                                "class": "aula-hit"}))  # 24 px at the figure's narrowest; 44 px on touch (aula.css)
        one.append(h("circle", {"cx": num(x), "cy": num(y), "r": 4, "class": "aula-dot", **paint(fill=RED)}))
        dx, dy, anchor = LABEL_AT.get(m["id"], (7, 4, "start"))
        one.append(h("text", {"x": num(x + dx), "y": num(y + dy), "class": "aula-note", "text-anchor": anchor},
                      SHORT.get(m["id"], m["name"])))
        out.append(h("g", {"data-set-param": "model", "data-value": m["id"], "role": "button", "tabindex": "0",
                           "aria-label": f"{m['name']} ({m['year']})"}, one))
    label = tr(lang, {"es": "Parámetros publicados por año, en escala logarítmica: cada línea vale 10 veces la de abajo.",
             "pt": "Parâmetros publicados por ano, em escala logarítmica: cada linha vale 10 vezes a de baixo."})
    return svg(W, H, out, label=label)


def _detail(m: dict, lang: str) -> Markup:
    rows = _detail_rows(m, lang)
    head = f"{m['name']} · {m['year']} · {m['org']}"
    return Markup(h("p", {"class": "aula-readout aula-strong"}, head) + table(["", ""], rows)
                  + h("p", {"class": "aula-readout"}, m["note"][lang]))


def _detail_rows(m: dict, lang: str) -> list[list[str]]:
    bw = lambda x: sc.big_words(x, lang)  # noqa: E731
    rows = [[tr(lang, {"es": "Parámetros", "pt": "Parâmetros"}), bw(m["params"])]]
    if m["active"]:
        rows.append([tr(lang, {"es": "Parámetros usados por token", "pt": "Parâmetros usados por token"}),
                     f"{bw(m['active'])} ({fmt_pct(m['active'] / m['params'], lang)})"])
    if m["tokens"]:
        ratio = sc.tokens_per_param(m["tokens"], m["params"])
        rows.append([tr(lang, {"es": "Tokens de entrenamiento", "pt": "Tokens de treinamento"}), bw(m["tokens"])])
        rows.append([tr(lang, {"es": "Tokens por parámetro", "pt": "Tokens por parâmetro"}),
                     f"{bw(m['tokens'])} / {bw(m['params'])} ≈ {fmt(round(ratio, 1), lang)}"])
    base = BY_ID["transformer"]["params"]
    if m["id"] != "transformer":
        rows.append([tr(lang, {"es": "Frente al Transformer de 2017", "pt": "Comparado ao Transformer de 2017"}),
                     tr(lang, {"es": f"{fmt(round(m['params'] / base), lang)} veces más parámetros",
                      "pt": f"{fmt(round(m['params'] / base), lang)} vezes mais parâmetros"})])
    return rows


@widget("model_sizes", lesson=LESSON,
        title={"es": "Tamaños de modelos en escala logarítmica", "pt": "Tamanhos de modelos em escala logarítmica"},
        controls=[Choice("model", {"es": "Modelo", "pt": "Modelo"}, "gpt3",
                         options=[(m["id"], f"{m['name']} ({m['year']})") for m in MODELS])],
        parts={"chart": (), "detail": ("model",)})
def model_sizes(p: dict, lang: str) -> View:
    """Published sizes from 65 million to 671 thousand million; models with unpublished sizes are left out."""
    m = BY_ID[p["model"]]
    data = {k: m[k] for k in ("id", "name", "year", "params", "active", "tokens")}
    if m["tokens"]:
        data["tokens_per_param"] = sc.tokens_per_param(m["tokens"], m["params"])
    if m["active"]:
        data["active_share"] = m["active"] / m["params"]
    return View(summary=_said(m, lang), parts={"chart": _size_chart(lang), "detail": _detail(m, lang)}, data=data)


def _said(m: dict, lang: str) -> str:
    """The detail in words: the chosen model, its numbers and its note."""
    rows = _detail_rows(m, lang)
    return f"{m['name']}, {m['year']}, {m['org']}. " + "; ".join(f"{a}: {b}" for a, b in rows) + ". " + m["note"][lang]


PARITY_CASES = [
    ("rnn_vs_transformer", {"n": "1"}),
    ("rnn_vs_transformer", {"n": "4"}),
    ("rnn_vs_transformer", {"n": "100000"}),
    ("model_sizes", {"model": "chinchilla"}),
    ("model_sizes", {"model": "deepseekv3"}),
]
