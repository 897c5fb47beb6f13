"""Lesson 2, sections 12 and 13: RNN vs Transformer for n tokens; model sizes on a log scale.

Numbers come from :mod:`lesson_core.topics.scale` and :mod:`lesson_core.data.published_models`.
"""

from __future__ import annotations

from ..topics import scale as sc
from ..kit import fpmath
from ..kit.controls import Choice, Number
from ..data.published_models import MODELS
from ..kit.fmt import fmt, fmt_count, fmt_pct, tr
from ..kit.html import Markup, h, num, svg
from ..kit.registry import View, widget
from ..kit.svgkit import BLUE, RED, Frame, figure, paint, short_count, table, text_lines, thin

LESSON = "turing"


def _chain_figure(n: int, lang: str) -> Markup:
    """Up to 10 token boxes (5 when narrow): the RNN's chain of arrows above, one attention arc below;
    narrow, the Transformer's caption broken into lines."""
    rnn_note = tr(lang, {"es": f"RNN: {fmt(max(n - 1, 0), lang)} pasos encadenados",
                         "pt": f"RNN: {fmt(max(n - 1, 0), lang)} passos encadeados"})
    attn_note = tr(lang, {"es": "Transformer: la atención une el último token con el primero en 1 paso",
                          "pt": "Transformer: a atenção liga o último token ao primeiro em 1 passo"})

    def draw(frame: Frame) -> Markup:
        shown = min(n, frame.pick(10, 5))
        W, margin = frame.width, frame.pick(20, 8)
        caption = text_lines(attn_note, margin, 144, frame.pick(90, 38))
        H = 150 + 16 * (len(caption) - 1)
        gap = (W - 2 * margin) / max(shown, 1)
        xs = [margin + gap * (i + 0.5) for i in range(shown)]
        y = 75
        out = []
        for i, x in enumerate(xs):
            last = i == shown - 1
            tag = str(n) if last else ("…" if (n > shown and i == shown - 2) else str(i + 1))
            out.append(h("rect", {"x": num(x - 22), "y": y - 12, "width": 44, "height": 24, "rx": 4,
                                  "class": "aula-token", "fill": "none", "stroke": "currentColor"}))
            out.append(h("text", {"x": num(x), "y": y + 5, "class": "aula-tick", "text-anchor": "middle"}, tag))
        rnn = "".join(f"M{num(a + 8)} {y - 16}Q{num((a + b) / 2)} {y - 44} {num(b - 8)} {y - 16}"
                      for a, b in zip(xs, xs[1:]))
        out.append(h("path", {"d": rnn or "M0 0", "class": "aula-arrow aula-rnn", "fill": "none",
                              **paint(stroke=BLUE), "stroke-width": 1.5}))
        if shown > 1:
            a, b = xs[0], xs[-1]
            low = frame.pick(180, 150)  # the control point: the arc's lowest point is halfway to it
            out.append(h("path", {"d": f"M{num(a)} {y + 14}Q{num((a + b) / 2)} {low} {num(b)} {y + 14}",
                                  "class": "aula-arrow aula-attn", "fill": "none",
                                  **paint(stroke=RED), "stroke-width": 2, "stroke-dasharray": "6 3"}))
        out.append(h("text", {"x": margin, "y": 16, "class": "aula-note"}, rnn_note))
        out.append(caption)
        return svg(W, H, out, label=tr(lang, {"es": "Camino del primer token al último",
                                              "pt": "Caminho do primeiro token ao último"}))

    return figure(draw)


@widget("rnn_vs_transformer", lesson=LESSON,
        title={"es": "RNN frente a Transformer", "pt": "RNN contra Transformer"},
        controls=[Number("n", {"es": "Longitud del texto n (tokens)", "pt": "Comprimento do texto n (tokens)"},
                         1000, min=1, max=sc.MAX_N, integer=True)],
        parts={"main": ("n",)},
        fields=("n", "rnn_path", "rnn_sequential", "comparisons", "comparisons_doubled"))
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
    summary = "n = " + fmt_count(n, {"es": ("token", "tokens"), "pt": ("token", "tokens")}, lang) + ". " + said
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
    """Every published size as a dot (hollow dot: parameters used per token); one static figure.
    Wide: years across, sizes up. Narrow: the axes swapped, one row per model in order of
    publication (a vertical timeline), sizes across with short labels ("10 M", "1 bi")."""
    label = tr(lang, {"es": "Parámetros publicados por año, en escala logarítmica: cada línea vale 10 veces la de abajo.",
             "pt": "Parâmetros publicados por ano, em escala logarítmica: cada linha vale 10 vezes a de baixo."})

    def draw(frame: Frame) -> Markup:
        if frame.narrow:
            W, left, top, row = frame.width, 40, 26, 25
            H = top + row * len(MODELS) + 4
            pw = W - left - 12

            def size_at(v: float) -> float:
                return left + pw * (fpmath.log10(v) - EXP_LO) / (EXP_HI - EXP_LO)

            def at(k: int, m: dict) -> tuple[float, float]:
                return size_at(m["params"]), top + row * (k + 0.5)

            def active_at(k: int, m: dict) -> tuple[float, float]:
                return size_at(m["active"]), top + row * (k + 0.5)
        else:
            W, H, left, top = frame.width, 300, 124, 16
            pw, ph = W - left - 16, H - top - 28
            x0, x1 = 2017.0, 2025.3

            def size_at(v: float) -> float:
                return top + ph * (EXP_HI - fpmath.log10(v)) / (EXP_HI - EXP_LO)

            def at(k: int, m: dict) -> tuple[float, float]:
                return left + pw * (m["year"] + (MONTH[m["id"]] - 0.5) / 12 - x0) / (x1 - x0), size_at(m["params"])

            def active_at(k: int, m: dict) -> tuple[float, float]:
                return at(k, m)[0], size_at(m["active"])

        out = []
        exps = range(EXP_LO, EXP_HI + 1)
        for e in exps:  # a grid line every power of ten; labels as many as fit
            s = num(size_at(10**e))
            line = {"x1": s, "x2": s, "y1": top - 4, "y2": H - 4} if frame.narrow else \
                {"x1": left, "x2": W - 8, "y1": s, "y2": s}
            out.append(h("line", {**line, "class": "aula-grid", "stroke": "currentColor", "stroke-opacity": "0.15"}))
        if frame.narrow:
            out += [h("text", {"x": num(size_at(10**e)), "y": top - 10, "class": "aula-tick",
                               "text-anchor": "end" if e == EXP_HI else "middle"}, short_count(10**e, lang))
                    for e in thin(list(exps), pw, keep_last=True)]
            years = [(k, m["year"]) for k, m in enumerate(MODELS) if k == 0 or MODELS[k - 1]["year"] != m["year"]]
            out += [h("text", {"x": 0, "y": num(top + row * (k + 0.5) + 4), "class": "aula-tick"}, str(y))
                    for k, y in years]
        else:
            out += [h("text", {"x": left - 6, "y": num(size_at(10**e) + 4), "class": "aula-tick", "text-anchor": "end"},
                      sc.big_words(10**e, lang)) for e in exps]
            for year in range(2017, 2026):
                xx = left + pw * (year - x0) / (x1 - x0)
                out.append(h("text", {"x": num(xx), "y": H - 8, "class": "aula-tick", "text-anchor": "middle"}, str(year)))
        for k, m in enumerate(MODELS):
            x, y = at(k, m)
            name = SHORT.get(m["id"], m["name"])
            one = []  # a model's marks form one clickable group: choosing it shows its details
            lo = x
            if m["active"]:
                xa, ya = active_at(k, m)
                lo = min(x, xa)
                one.append(h("line", {"x1": num(x), "x2": num(xa), "y1": num(y), "y2": num(ya), "class": "aula-guide",
                                      "stroke": "currentColor", "stroke-dasharray": "2 2"}))
                one.append(h("circle", {"cx": num(xa), "cy": num(ya), "r": 4, "class": "aula-dot-hollow",
                                        "fill": "none", **paint(stroke=RED)}))
            one.append(h("circle", {"cx": num(x), "cy": num(y), "r": 12, "fill": "transparent",
                                    "class": "aula-hit"}))  # 24 px at the figure's narrowest; 44 px on touch (aula.css)
            one.append(h("circle", {"cx": num(x), "cy": num(y), "r": 4, "class": "aula-dot", **paint(fill=RED)}))
            if frame.narrow:  # the name left of the marks where it fits (about 7 units a letter), else right
                before = lo - 8 - 7 * len(name) >= left
                dx, dy, anchor = (lo - x - 8, 4, "end") if before else (8, 4, "start")
            else:
                dx, dy, anchor = LABEL_AT.get(m["id"], (7, 4, "start"))
            one.append(h("text", {"x": num(x + dx), "y": num(y + dy), "class": "aula-note", "text-anchor": anchor}, name))
            out.append(h("g", {"data-set-param": "model", "data-value": m["id"], "role": "button", "tabindex": "0",
                               "aria-label": f"{m['name']} ({m['year']})"}, one))
        return svg(W, H, out, label=label)

    return figure(draw)


def _detail(m: dict, lang: str) -> Markup:
    rows = _detail_rows(m, lang)
    head = f"{m['name']} · {m['year']} · {m['org']}"
    return Markup(h("p", {"class": "aula-readout aula-strong"}, head) + table(["", ""], rows)
                  + h("p", {"class": "aula-readout"}, tr(lang, m["note"])))


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
        parts={"chart": (), "detail": ("model",)},
        fields=("tokens_per_param", "active_share"))
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
    return f"{m['name']}, {m['year']}, {m['org']}. " + "; ".join(f"{a}: {b}" for a, b in rows) + ". " + tr(lang, m["note"])


PARITY_CASES = [
    ("rnn_vs_transformer", {"n": "1"}),
    ("rnn_vs_transformer", {"n": "4"}),
    ("rnn_vs_transformer", {"n": "100000"}),
    ("model_sizes", {"model": "chinchilla"}),
    ("model_sizes", {"model": "deepseekv3"}),
]
