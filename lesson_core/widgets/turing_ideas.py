"""Chapter 2 (issue 29): what a pair of words differs in besides «femenino» (bias, on the hand-made
table's own axes); the block: where a Transformer keeps its parameters, and the feed-forward
layer's share, for the real model of the page's language and for GPT-3. Numbers come from
:mod:`lesson_core.topics.params`.
"""

from __future__ import annotations

from ..kit.controls import Choice
from ..data.vectors import DIMS, VECTORS, WORDS
from ..kit.fmt import fmt, fmt_pct, quote, tr
from ..kit.html import Markup, h, num, svg
from ..kit.registry import View, widget
from ..kit.svgkit import Frame, figure, table
from ..model.load import manifest
from ..topics.params import GPT3, budget
from ..topics.scale import big_words

LESSON = "turing"
ROLES = [("embeddings", {"es": "Vectores de tokens y posiciones", "pt": "Vetores de tokens e posições"}),
         ("attention", {"es": "Atención (W_Q, W_K, W_V, W_O)", "pt": "Atenção (W_Q, W_K, W_V, W_O)"}),
         ("feed_forward", {"es": "Red de cada token", "pt": "Rede de cada token"}),
         ("norms", {"es": "Normalizaciones", "pt": "Normalizações"})]
NAMES = {"real": {"es": "El modelo de verdad (capítulo final)", "pt": "O modelo de verdade (capítulo final)"},
         "gpt3": {"es": "GPT-3 (2020)", "pt": "GPT-3 (2020)"}}


def config(which: str, lang: str) -> dict:
    """The sizes of the real model of ``lang`` (its manifest) or of GPT-3."""
    if which == "gpt3":
        return dict(GPT3)
    c = manifest(lang)["config"]
    return {k: c[k] for k in ("d", "layers", "ff", "vocab", "context")}


@widget("ffn_share", lesson=LESSON,
        title={"es": "¿Dónde están los parámetros?", "pt": "Onde estão os parâmetros?"},
        controls=[Choice("model", {"es": "Modelo", "pt": "Modelo"}, "real",
                         options=[(k, v) for k, v in NAMES.items()], style="buttons")],
        parts={"main": ("model",)},
        fields=("ffn_layer_share", "ffn_share", "emb_share", "total", "d", "ff"))
def ffn_share(p: dict, lang: str) -> View:
    """Parameter counts by role, and the feed-forward layer's share of each layer and of the model."""
    cfg = config(p["model"], lang)
    b = budget(**cfg)
    shares = [(tr(lang, name), b[key] / b["total"], b[key]) for key, name in ROLES]

    def draw(frame: Frame) -> Markup:
        # one bar per role; narrow, the label above its bar
        W, left = frame.width, frame.pick(200, 4)
        row = frame.pick(26, 44)
        out = []
        for j, (name, share, _) in enumerate(shares):
            y = 6 + j * row
            bar_y = y if not frame.narrow else y + 19
            pw = W - left - 60
            out.append(h("text", {"x": frame.pick(0, 4), "y": num(y + 13), "class": "aula-tick"}, name))
            out.append(h("rect", {"x": left, "y": num(bar_y), "width": num(max(1.0, pw * share)), "height": 16,
                                  "class": "aula-dot-b" if ROLES[j][0] == "feed_forward" else "aula-dot-a"}))
            out.append(h("text", {"x": num(left + pw * share + 6), "y": num(bar_y + 13), "class": "aula-tick"},
                         fmt_pct(share, lang)))
        return svg(W, 10 + len(shares) * row, out,
                   label=tr(lang, {"es": "Parte de los parámetros de cada función", "pt": "Parte dos parâmetros de cada função"}))

    rows = [(name, big_words(count, lang), fmt_pct(share, lang) if share >= 0.001 else "< " + fmt_pct(0.001, lang))
            for name, share, count in shares]
    rows.append((h("strong", None, tr(lang, {"es": "Total", "pt": "Total"})), big_words(b["total"], lang), ""))
    head = ["", tr(lang, {"es": "Parámetros", "pt": "Parâmetros"}), tr(lang, {"es": "Parte", "pt": "Parte"})]
    d, f = cfg["d"], cfg["ff"]
    said = tr(lang, {"es": f"En cada capa, la atención tiene 4 matrices de {fmt(d, lang)} × {fmt(d, lang)} y la red de "
                           f"cada token, 2 matrices de {fmt(d, lang)} × {fmt(f, lang)}: esa red guarda el "
                           f"{fmt_pct(b['ffn_layer_share'], lang)} de los parámetros de la capa y el "
                           f"{fmt_pct(b['ffn_share'], lang)} de todo el modelo.",
                     "pt": f"Em cada camada, a atenção tem 4 matrizes de {fmt(d, lang)} × {fmt(d, lang)} e a rede de "
                           f"cada token, 2 matrizes de {fmt(d, lang)} × {fmt(f, lang)}: essa rede guarda "
                           f"{fmt_pct(b['ffn_layer_share'], lang)} dos parâmetros da camada e "
                           f"{fmt_pct(b['ffn_share'], lang)} do modelo inteiro."})
    body = Markup(figure(draw) + table(head, rows) + h("p", {"class": "aula-readout"}, said))
    return View(parts={"main": body}, summary=said,
                data={**b, "d": d, "ff": f, "layers": cfg["layers"], "model": p["model"]})


# --- chapter 2, vectors: what else changes between a pair of words (bias) ------------------------

PAIRS = [("man", "woman"), ("king", "queen"), ("boy", "girl")]


def pair_difference(a: str, b: str) -> list[tuple[str, float]]:
    """The axes on which word b differs from word a, with b - a, largest change first."""
    diff = [(dim, y - x) for (dim, _), x, y in zip(DIMS, VECTORS[a], VECTORS[b])]
    return sorted([(dim, round(d, 10)) for dim, d in diff if abs(d) > 1e-9], key=lambda t: -abs(t[1]))


def _bias_data(p: dict, lang: str) -> dict:
    a, b = p["pair"].split("-")
    diff = pair_difference(a, b)
    return {"diff": [d for _, d in diff], "axes": [dim for dim, _ in diff],
            "others": sum(1 for dim, _ in diff if dim != "female")}


@widget("emb_bias", lesson=LESSON,
        title={"es": "¿Qué más cambia al pasar a femenino?", "pt": "O que mais muda ao passar para o feminino?"},
        controls=[Choice("pair", {"es": "Pareja", "pt": "Par"}, "man-woman",
                         options=[(f"{a}-{b}", {lg: f"{tr(lg, WORDS[a])} → {tr(lg, WORDS[b])}" for lg in ("es", "pt")})
                                  for a, b in PAIRS], style="buttons")],
        parts={"main": ("pair",)}, fields=("others", "diff", "axes"), data=_bias_data)
def emb_bias(p: dict, lang: str) -> View:
    """b − a, axis by axis, for a pair of words that should differ only on «femenino»."""
    a, b = p["pair"].split("-")
    diff = pair_difference(a, b)
    names = dict((dim, tr(lang, label)) for dim, label in DIMS)
    rows = [(quote(names[dim], lang), ("+" if d > 0 else "") + fmt(d, lang, 2)) for dim, d in diff]
    head = [tr(lang, {"es": "Casilla", "pt": "Casa"}), f"{tr(lang, WORDS[b])} − {tr(lang, WORDS[a])}"]
    others = [(dim, d) for dim, d in diff if dim != "female"]
    wa, wb = quote(tr(lang, WORDS[a]), lang), quote(tr(lang, WORDS[b]), lang)
    if others:
        listed = tr(lang, {"es": " y ", "pt": " e "}).join(f"{quote(names[dim], lang)} ({fmt(d, lang, 2)})" for dim, d in others)
        many = len(others) > 1
        said = tr(lang, {"es": f"De {wa} a {wb} no solo sube «femenino»: también cambia{'n' if many else ''} {listed}. "
                               "Eso no lo exige el "
                               "significado de las palabras; lo pusimos nosotros al inventar la tabla.",
                         "pt": f"De {wa} para {wb} não sobe só “feminino”: também muda{'m' if many else ''} {listed}. "
                               "Isso não é exigido "
                               "pelo sentido das palavras; fomos nós que colocamos ao inventar a tabela."})
    else:
        said = tr(lang, {"es": f"De {wa} a {wb} solo cambia «femenino».",
                         "pt": f"De {wa} para {wb} só muda “feminino”."})
    body = Markup(table(head, rows) + h("p", {"class": "aula-readout"}, said))
    return View(parts={"main": body}, summary=said, data=_bias_data(p, lang))


PARITY_CASES = [("emb_bias", {"pair": "king-queen"}), ("ffn_share", {"model": "gpt3"}), ("ffn_share", {"model": "real"})]
