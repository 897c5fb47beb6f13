"""Lesson 2, sections 10 and 11: training three logits, and the chain rule on 2w vs 3.

Numbers come from :mod:`lesson_core.topics.training`.
"""

from __future__ import annotations

from ..topics import training as tg
from ..kit.controls import Choice, Range
from ..data.sampling import TRAIN_CORRECT, TRAIN_LOGITS, TRAIN_WORDS
from ..kit.fmt import fmt, tr
from ..kit.html import Markup, h, num, svg
from ..kit.registry import View, widget
from ..kit.svgkit import RED, Frame, figure, paint, card_table

LESSON = "turing"
DOTS = {"fill": "none", "stroke": "currentColor", "stroke-width": 7, "stroke-linecap": "round"}  # a dot per "h0"
STEPS = 12
CHAIN_STEPS = 6
W0 = 0.0

T = {
    "lr": {"es": "Tasa de aprendizaje η", "pt": "Taxa de aprendizado η"},
    "step": {"es": "Paso", "pt": "Passo"},
    "word": {"es": "Palabra siguiente", "pt": "Próxima palavra"},
    "slope": {"es": "pendiente", "pt": "inclinação"},
    "change": {"es": "cambio", "pt": "mudança"},
    "right": {"es": "correcta", "pt": "correta"},
    "loss": {"es": "Pérdida", "pt": "Perda"},
}


def _signed(x: float, lang: str, d: int = 2) -> str:
    text = fmt(x, lang, d)
    return text if text.startswith("\u2212") or set(text) <= set("0,.") else "+" + text


def _sparkline(values: list[float], lang: str, caption: str) -> Markup:
    """The loss over all steps as a line with a dot per step; narrow: the same line, squeezed."""
    vmax = max(values)

    def draw(frame: Frame) -> Markup:
        W, H, left, top = frame.width, 120, 44, 10
        pw, ph = W - left - 8, H - top - 20

        def X(i: int) -> float:
            return left + pw * i / (len(values) - 1)

        def Y(v: float) -> float:
            return top + ph * (1 - v / vmax)

        line = " ".join(f"{num(X(i))},{num(Y(v))}" for i, v in enumerate(values))
        dots = "".join(f"M{num(X(i))} {num(Y(v))}h0" for i, v in enumerate(values))
        return svg(W, H,
                   h("polyline", {"points": line, "class": "aula-line aula-line-faint", "fill": "none",
                                  "stroke": "currentColor", "stroke-opacity": "0.4"}),
                   h("path", {"d": dots, "class": "aula-dots", **DOTS}),
                   h("text", {"x": left - 4, "y": num(Y(vmax) + 4), "class": "aula-tick", "text-anchor": "end"},
                     fmt(vmax, lang, 2)),
                   h("text", {"x": left - 4, "y": num(Y(0)), "class": "aula-tick", "text-anchor": "end"}, "0"),
                   h("text", {"x": num(X(len(values) - 1)), "y": H - 4, "class": "aula-tick", "text-anchor": "end"},
                     str(len(values) - 1)),
                   label=caption)

    return figure(draw)


@widget("train_logits", lesson=LESSON,
        title={"es": "Entrenar tres logits paso a paso", "pt": "Treinar três logits passo a passo"},
        controls=[Choice("lr", T["lr"], 1, style="buttons",
                         options=[(v, v) for v in (0.1, 0.5, 1, 2)]),
                  Range("step", T["step"], 0, min=0, max=STEPS, step=1)],
        parts={"now": ("lr", "step"), "curve": ("lr",)},
        fields=("step", "logits", "probs", "loss", "losses"))
def train_logits(p: dict, lang: str) -> View:
    """Logits, probabilities, slopes p − 1 / p and the next change −η·slope; loss at every step."""
    lr, step = p["lr"], p["step"]
    run = tg.train_logits(TRAIN_LOGITS, TRAIN_CORRECT, lr, STEPS)
    st = run[step]
    words = [tr(lang, w) for w in TRAIN_WORDS]
    rows = []
    for i, w in enumerate(words):
        name = w + (f" ✓ {tr(lang, T['right'])}" if i == TRAIN_CORRECT else "")
        rows.append([name, fmt(st["logits"][i], lang, 2), fmt(st["probs"][i], lang, 3),
                     _signed(st["grad"][i], lang), _signed(-lr * st["grad"][i], lang)])
    head = [tr(lang, T["word"]), "logit z", "p", tr(lang, T["slope"]) + " ∂L/∂z",
            tr(lang, T["change"]) + f" −{fmt(lr, lang)}·∂L/∂z"]
    pc = st["probs"][TRAIN_CORRECT]
    read = tr(lang, {"es": f"Paso {step}/{STEPS} · p({words[TRAIN_CORRECT]}) = {fmt(pc, lang, 3)} · "
                  f"pérdida −ln {fmt(pc, lang, 3)} ≈ {fmt(st['loss'], lang, 3)}",
            "pt": f"Passo {step}/{STEPS} · p({words[TRAIN_CORRECT]}) = {fmt(pc, lang, 3)} · "
                  f"perda −ln {fmt(pc, lang, 3)} ≈ {fmt(st['loss'], lang, 3)}"})
    losses = [s["loss"] for s in run]
    cap = tr(lang, {"es": f"Pérdida en los pasos 0 a {STEPS} con η = {fmt(lr, lang)}",
           "pt": f"Perda nos passos 0 a {STEPS} com η = {fmt(lr, lang)}"})
    hist_head = [tr(lang, T["step"])] + [f"z({w})" for w in words] + [f"p({words[TRAIN_CORRECT]})", tr(lang, T["loss"])]
    hist = [[s["step"]] + [fmt(z, lang, 2) for z in s["logits"]]
            + [fmt(s["probs"][TRAIN_CORRECT], lang, 3), fmt(s["loss"], lang, 3)] for s in run]
    now = Markup(card_table(head, rows) + h("p", {"class": "aula-readout"}, read))
    curve = Markup(_sparkline(losses, lang, cap)
                   + h("details", None, h("summary", None, tr(lang, {"es": "Historial", "pt": "Histórico"})),
                       card_table(hist_head, hist, titled=True, scroll=True)))
    probs = "; ".join(f"p({w}) = {fmt(q, lang, 3)}" for w, q in zip(words, st["probs"]))
    summary = tr(lang, {"es": f"η = {fmt(lr, lang)}. ", "pt": f"η = {fmt(lr, lang)}. "}) + read + ". " + probs + ". " \
        + tr(lang, {"es": f"Pérdida al final (paso {STEPS}): {fmt(losses[-1], lang, 3)}.",
           "pt": f"Perda no fim (passo {STEPS}): {fmt(losses[-1], lang, 3)}."})
    return View(summary=summary, parts={"now": now, "curve": curve},
                data={"lr": lr, "step": step, "logits": st["logits"], "probs": st["probs"], "loss": st["loss"],
                      "grad": st["grad"], "losses": losses})


# --- the chain rule ----------------------------------------------------------------------

def _parabola(runs: list[dict], upto: int, lang: str) -> Markup:
    """L(w) = (2w − 3)² with the steps taken so far as arrows between dots."""
    ws = [W0] + [r["w_next"] for r in runs]
    lo, hi = min(ws + [tg.W_MIN - 1.5]), max(ws + [tg.W_MIN + 1.5])
    pad = 0.08 * (hi - lo)
    lo, hi = lo - pad, hi + pad
    lmax = max(tg.chain_loss(lo), tg.chain_loss(hi))
    label = tr(lang, {"es": "Pérdida (2w − 3)² y los pasos dados", "pt": "Perda (2w − 3)² e os passos dados"})

    def draw(frame: Frame) -> Markup:
        # narrow: the same curve and steps, squeezed to the width and a little shorter
        W, H, left, top = frame.width, frame.pick(220, 180), frame.pick(40, 30), 10
        pw, ph = W - left - 10, H - top - 30

        def X(w: float) -> float:
            return left + pw * (w - lo) / (hi - lo)

        def Y(v: float) -> float:
            return top + ph * (1 - v / lmax)

        # a parabola is exactly one quadratic Bézier: control point where the end tangents meet
        mid = (lo + hi) / 2
        ctrl = tg.chain_loss(lo) + 4 * (2 * lo - 3) * (mid - lo)
        curve = (f"M{num(X(lo))} {num(Y(tg.chain_loss(lo)))}Q{num(X(mid))} {num(Y(ctrl))} "
                 f"{num(X(hi))} {num(Y(tg.chain_loss(hi)))}")
        path = "".join(("M" if i == 0 else "L") + f"{num(X(w))} {num(Y(tg.chain_loss(w)))}"
                       for i, w in enumerate(ws[: upto + 1]))
        dots = "".join(f"M{num(X(w))} {num(Y(tg.chain_loss(w)))}h0" for w in ws[: upto + 1])
        xmin = X(tg.W_MIN)
        return svg(W, H,
                   h("line", {"x1": left, "x2": W - 10, "y1": num(Y(0)), "y2": num(Y(0)), "class": "aula-axis"}),
                   h("line", {"x1": num(xmin), "x2": num(xmin), "y1": top, "y2": num(Y(0)), "class": "aula-guide",
                              "stroke": "currentColor", "stroke-dasharray": "4 4", "stroke-opacity": "0.5"}),
                   h("text", {"x": num(xmin), "y": H - 6, "class": "aula-tick", "text-anchor": "middle"},
                     f"w = {fmt(tg.W_MIN, lang)}"),
                   h("text", {"x": left - 4, "y": num(top + 8), "class": "aula-tick", "text-anchor": "end"},
                     fmt(lmax, lang, 0)),
                   h("path", {"d": curve, "class": "aula-line", "fill": "none", "stroke": "currentColor",
                              "stroke-opacity": "0.5"}),
                   h("path", {"d": path, "class": "aula-line aula-line-path", "fill": "none", **paint(stroke=RED)}),
                   h("path", {"d": dots, "class": "aula-dots", **{**DOTS, "stroke": None}, **paint(stroke=RED)}),
                   label=label)

    return figure(draw)


def _derivation(st: dict, lang: str) -> Markup:
    """One line per local rate: the chain rule written out with this step's numbers."""
    def f(x: float) -> str:
        return fmt(x, lang, 3)

    def par(x: float) -> str:  # a negative factor goes in parentheses: 2·(−1,440)
        return f"({f(x)})" if x < 0 else f(x)

    w, a = st["w"], st["a"]
    lines = [
        f"a = 2·w − 3 = 2·{par(w)} − 3 = {f(a)}",
        f"L = a² = {f(st['loss'])}",
        f"∂L/∂a = 2a = {f(st['dl_da'])}",
        "∂a/∂w = 2",
        f"∂L/∂w = ∂L/∂a · ∂a/∂w = {par(st['dl_da'])} · 2 = {f(st['dl_dw'])}",
        f"w ← w − η·∂L/∂w = {f(w)} − {fmt(st['eta'], lang)}·{par(st['dl_dw'])} = {f(st['w_next'])}",
        f"L = (2·{par(st['w_next'])} − 3)² ≈ {f(st['loss_next'])}",
    ]
    return h("div", {"class": "aula-derivation"}, [h("div", None, line) for line in lines])


@widget("chain_rule", lesson=LESSON,
        title={"es": "La regla de la cadena en una cadena corta", "pt": "A regra da cadeia em uma cadeia curta"},
        controls=[Choice("eta", {"es": "Tamaño de paso η", "pt": "Tamanho do passo η"}, 0.1, style="buttons",
                         options=[(v, v) for v in (0.1, 0.2, 0.3)]),
                  Range("step", T["step"], 0, min=0, max=CHAIN_STEPS, step=1)],
        parts={"main": ("eta", "step")},
        fields=("w", "loss", "next"))
def chain_rule(p: dict, lang: str) -> View:
    """Input 2, prediction 2w, target 3, loss a² with a = 2w − 3, from w = 0; each step written out."""
    eta, step = p["eta"], p["step"]
    runs = tg.chain_run(W0, eta, CHAIN_STEPS)
    ws = [W0] + [r["w_next"] for r in runs]
    w = ws[step]
    nxt = tg.chain_step(w, eta)
    crossed = any((a - tg.W_MIN) * (b - tg.W_MIN) < 0 for a, b in zip(ws[:step], ws[1: step + 1]))
    rose = any(tg.chain_loss(b) > tg.chain_loss(a) for a, b in zip(ws[:step], ws[1: step + 1]))
    target = fmt(1.5, lang)  # the w where the loss (2w − 3)² is 0
    if step == 0:
        verdict = tr(lang, {"es": "Todavía no hay pasos: w = 0, error −3, pérdida 9.",
                   "pt": "Ainda não há passos: w = 0, erro −3, perda 9."})
    elif rose:
        verdict = tr(lang, {"es": f"El paso es demasiado grande: w salta al otro lado de {target} y la pérdida sube.",
                   "pt": f"O passo é grande demais: w pula para o outro lado de {target} e a perda sobe."})
    elif crossed:
        verdict = tr(lang, {"es": f"w salta al otro lado de {target}, pero cada salto es menor: la pérdida baja igualmente.",
                   "pt": f"w pula para o outro lado de {target}, mas cada salto é menor: a perda cai mesmo assim."})
    else:
        verdict = tr(lang, {"es": f"w se acerca a {target} sin pasarse y la pérdida baja en cada paso.",
                   "pt": f"w se aproxima de {target} sem passar do ponto e a perda cai a cada passo."})
    head = tr(lang, {"es": f"Paso {step}/{CHAIN_STEPS}: w = {fmt(w, lang, 3)}, pérdida {fmt(tg.chain_loss(w), lang, 3)}. "
                  f"El siguiente paso:",
            "pt": f"Passo {step}/{CHAIN_STEPS}: w = {fmt(w, lang, 3)}, perda {fmt(tg.chain_loss(w), lang, 3)}. "
                  f"O próximo passo:"})
    body = Markup(_parabola(runs, step, lang) + h("p", {"class": "aula-readout"}, head) + _derivation(nxt, lang)
                  + h("p", {"class": "aula-readout"}, verdict))
    said = head[:-len(tr(lang, {"es": " El siguiente paso:", "pt": " O próximo passo:"}))] + tr(lang, {
        "es": f" Con η = {fmt(eta, lang)}, el siguiente paso lleva w a {fmt(nxt['w_next'], lang, 3)} "
              f"(pérdida {fmt(nxt['loss_next'], lang, 3)}). ",
        "pt": f" Com η = {fmt(eta, lang)}, o próximo passo leva w a {fmt(nxt['w_next'], lang, 3)} "
              f"(perda {fmt(nxt['loss_next'], lang, 3)}). "}) + verdict
    return View(summary=said, parts={"main": body},
                data={"eta": eta, "step": step, "w": w, "loss": tg.chain_loss(w), "ws": ws[: step + 1],
                      "crossed": crossed, "loss_rose": rose, "next": nxt})


PARITY_CASES = [
    ("train_logits", {"lr": "0.5", "step": "7"}),
    ("train_logits", {"lr": "2", "step": "12"}),
    ("chain_rule", {"eta": "0.3", "step": "6"}),
    ("chain_rule", {"eta": "0.2", "step": "3"}),
]
