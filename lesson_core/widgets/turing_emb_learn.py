"""Chapter 2, vectors (issue 29): word vectors moving while they learn.

A slider over the steps of one stored training run (:mod:`lesson_core.topics.emb_learn`, a tiny
skip-gram on a designed corpus): nine words drawn as points of 2 numbers each, with the path each
has followed so far. Every stop is precomputed, so the slider answers at once.
"""

from __future__ import annotations

from ..data.emb_corpus import GROUPS
from ..kit.controls import Range
from ..kit.fmt import fmt, fmt_int, quote, tr
from ..kit.html import Markup, h, num, svg
from ..kit.registry import View, widget
from ..kit.svgkit import dot_key, figure, legend, paint
from ..topics import emb_learn as el

LESSON = "turing"
GROUP_NAMES = {"animal": {"es": "animales", "pt": "animais"}, "vehicle": {"es": "vehículos", "pt": "veículos"},
               "food": {"es": "comida", "pt": "comida"}}
COLOUR = {"animal": "var(--aula-blue)", "vehicle": "var(--aula-red)", "food": "var(--aula-green)"}
STEP = {"es": "Paso de entrenamiento", "pt": "Passo de treinamento"}


def _marker(group: str, x: float, y: float) -> Markup:
    """A dot whose shape also says its group (circle, square, triangle), not only its colour."""
    style = paint(fill=COLOUR[group])
    if group == "animal":
        return h("circle", {"cx": num(x), "cy": num(y), "r": 5, **style})
    if group == "vehicle":
        return h("rect", {"x": num(x - 4.5), "y": num(y - 4.5), "width": 9, "height": 9, **style})
    return h("path", {"d": f"M{num(x)} {num(y - 6)}L{num(x + 5.5)} {num(y + 4)}L{num(x - 5.5)} {num(y + 4)}Z", **style})


def _key(group: str) -> Markup:
    return {"animal": dot_key(None, **paint(fill=COLOUR["animal"])),
            "vehicle": h("rect", {"x": 8, "y": 2, "width": 8, "height": 8, **paint(fill=COLOUR["vehicle"])}),
            "food": h("path", {"d": "M12 1L17 10L7 10Z", **paint(fill=COLOUR["food"])})}[group]


LINE = 13  # px between two labels' baselines


def _apart(labels: list) -> list:
    """Labels [x, y, text] moved down just enough that two near the same x never overlap: points
    that meet at the end of training keep readable names, stacked beside them."""
    placed: list = []
    for x, y, text in sorted(labels, key=lambda t: (t[1], t[0])):
        for px, py, _ in placed:
            if abs(px - x) < 60 and y - py < LINE:
                y = py + LINE
        placed.append([x, y, text])
    return placed


def _facts(lang: str) -> dict:
    """What the page says about the whole run (the same at every stop)."""
    run = el.train(lang)
    ck = run["checkpoints"]
    n = sum(len(words) for _, words in tr(lang, GROUPS))
    counts = [el.together(c["vectors"], lang) for c in ck]
    settled = next((c["step"] for i, c in enumerate(ck) if all(x == n for x in counts[i:])), None)
    return {"words": n, "pairs": run["pairs"], "vocab": len(run["vocab"]), "steps": el.STEPS, "lr": el.LR,
            "start_together": counts[0], "end_together": counts[-1], "settled_step": settled,
            "start_loss": ck[0]["loss"], "end_loss": ck[-1]["loss"]}


@widget("emb_learn", lesson=LESSON,
        title={"es": "Vectores que aprenden", "pt": "Vetores que aprendem"},
        controls=[Range("step", STEP, 0, min=0, max=el.STEPS, step=el.EVERY)],
        parts={"main": ("step",)},
        fields=("words", "pairs", "vocab", "steps", "lr", "start_together", "end_together", "settled_step",
                "start_loss", "end_loss"),
        data=lambda p, lang: _facts(lang))
def emb_learn(p: dict, lang: str) -> View:
    """The nine words' vectors at one step of the stored run, with the path each has followed."""
    run = el.train(lang)
    ck = run["checkpoints"]
    i = min(len(ck) - 1, max(0, int(p["step"]) // el.EVERY))
    c = ck[i]
    drawn = [(g, wd) for g, words in tr(lang, GROUPS) for wd in words]
    xs = [cc["vectors"][wd][0] for cc in ck for _, wd in drawn]
    ys = [cc["vectors"][wd][1] for cc in ck for _, wd in drawn]
    lo_x, hi_x, lo_y, hi_y = min(xs), max(xs), min(ys), max(ys)

    def draw(frame) -> Markup:
        W = frame.width
        H = frame.pick(320, 300)
        pad = 28
        scale = min((W - 2 * pad) / (hi_x - lo_x), (H - 2 * pad) / (hi_y - lo_y))  # one scale: true distances
        ox = (W - scale * (hi_x - lo_x)) / 2
        oy = (H - scale * (hi_y - lo_y)) / 2
        X = lambda x: ox + scale * (x - lo_x)  # noqa: E731
        Y = lambda y: H - oy - scale * (y - lo_y)  # noqa: E731
        out = []
        for g, wd in drawn:
            path = [ck[j]["vectors"][wd] for j in range(i + 1)]
            if len(path) > 1:
                out.append(h("polyline", {"points": " ".join(f"{num(X(a))},{num(Y(b))}" for a, b in path),
                                          "fill": "none", "stroke-width": 1.2, "stroke-opacity": 0.5,
                                          **paint(stroke=COLOUR[g])}))
        labels = []
        for g, wd in drawn:
            a, b = c["vectors"][wd]
            out.append(_marker(g, X(a), Y(b)))
            labels.append([X(a), Y(b) + 4, wd])
        labels = _apart(labels)
        for x, y, wd in labels:
            right = x < W - 70
            out.append(h("text", {"x": num(x + (8 if right else -8)), "y": num(y),
                                  "text-anchor": "start" if right else "end", "class": "aula-dot-label"}, wd))
        return svg(W, max(H, max(y for _, y, _ in labels) + 6), out, label=tr(lang, {"es": f"Vectores de 9 palabras en el paso {c['step']}",
                                              "pt": f"Vetores de 9 palavras no passo {c['step']}"}))

    keys = legend([(_key(g), tr(lang, GROUP_NAMES[g])) for g, _ in tr(lang, GROUPS)])
    near = el.nearest_in_groups(c["vectors"], lang)
    together = el.together(c["vectors"], lang)
    n = len(drawn)
    said = tr(lang, {"es": f"Paso {fmt_int(c['step'], lang)}: la pérdida media es {fmt(c['loss'], lang, 3)}. De las {n} "
                           f"palabras, {together} tienen como vecina más cercana una de su mismo grupo.",
                     "pt": f"Passo {fmt_int(c['step'], lang)}: a perda média é {fmt(c['loss'], lang, 3)}. Das {n} "
                           f"palavras, {together} têm como vizinha mais próxima uma do mesmo grupo."})
    pairs_txt = ", ".join(f"{quote(wd, lang)} → {quote(near[wd], lang)}" for _, wd in drawn)
    nearest = tr(lang, {"es": "Vecina más cercana de cada una: ", "pt": "Vizinha mais próxima de cada uma: "}) + pairs_txt + "."
    body = Markup(figure(draw, keys) + h("p", {"class": "aula-readout"}, said) + h("p", {"class": "aula-note"}, nearest))
    return View(parts={"main": body}, summary=f"{said} {nearest}",
                data={**_facts(lang), "step": c["step"], "loss": c["loss"], "together": together, "near": near})


PARITY_CASES = [("emb_learn", {"step": "150"}), ("emb_learn", {"step": "300"})]
