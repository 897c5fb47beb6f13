"""Lesson 4, "Train your own": the precomputed default run, with a slider over the training step.

The run is lesson_core/data/own_default.py (scripts/own_default.py, the command line's function);
the numbers come from :mod:`lesson_core.topics.own_run`.
"""

from __future__ import annotations

import math

from ..data.own_default import RUN, RUNS
from ..kit.controls import Range
from ..kit.fmt import fmt, fmt_int, fmt_pct, tr
from ..kit.html import Markup, h, num, svg
from ..kit.registry import View, widget
from ..kit.svgkit import Frame, figure, legend, line_key, table
from ..topics.own_run import SAMPLE_TEMPERATURE
from .own_text import overfit_note

LESSON = "own"
STEP = {"es": "Paso de entrenamiento", "pt": "Passo de treinamento"}
LOOKS = {"train": ("#2166ac", None), "held": ("#b2182b", None), "ngram": ("currentColor", "6 4"),
         "unigram": ("currentColor", "2 3")}
NAMES = {"train": {"es": "modelo, texto de entrenamiento", "pt": "modelo, texto de treinamento"},
         "held": {"es": "modelo, texto de validación", "pt": "modelo, texto de validação"},
         "ngram": {"es": "recuentos, texto de validación", "pt": "contagens, texto de validação"},
         "unigram": {"es": "frecuencia de cada letra, texto de validación",
                     "pt": "frequência de cada letra, texto de validação"}}


def loss_chart(ckpts: list[dict], at: int, lang: str) -> Markup:
    """Bits per character by step: the model on both parts, the counting models as flat lines, and a
    marker at the step the slider shows."""
    steps = [c["step"] for c in ckpts]
    ys = [c[k] for c in ckpts for k in ("train_bpc", "held_bpc")] + [ckpts[0]["ngram_bpc"], ckpts[0]["unigram_bpc"]]
    lo, hi = math.floor(min(ys) * 2) / 2, math.ceil(max(ys) * 2) / 2
    x_max = max(steps) or 1
    cap = tr(lang, {"es": "Bits por carácter durante el entrenamiento, en el texto de entrenamiento y en el de "
                          "validación, junto a los modelos de recuentos en el texto de validación.",
                    "pt": "Bits por caractere durante o treinamento, no texto de treinamento e no de validação, "
                          "ao lado dos modelos de contagens no texto de validação."})

    def draw(frame: Frame) -> Markup:
        W, H, left, right, top, bottom = frame.width, frame.pick(250, 210), 36, 12, 12, 36

        def X(s: float) -> float:
            return left + (W - left - right) * s / x_max

        def Y(v: float) -> float:
            return top + (H - top - bottom) * (hi - v) / (hi - lo)

        out = []
        v = lo
        while v <= hi + 1e-9:
            out.append(h("line", {"x1": left, "x2": W - right, "y1": num(Y(v)), "y2": num(Y(v)),
                                  "stroke": "currentColor", "stroke-opacity": "0.15"}))
            out.append(h("text", {"x": left - 4, "y": num(Y(v) + 4), "class": "aula-tick", "text-anchor": "end"},
                         fmt(v, lang, 0 if v == int(v) else 1)))
            v += 1.0 if hi - lo > 3 else 0.5
        for s, anchor in ((0, "start"), (x_max, "end")):
            out.append(h("text", {"x": num(X(s)), "y": H - 18, "class": "aula-tick", "text-anchor": anchor},
                         fmt_int(s, lang)))
        out.append(h("text", {"x": num((left + W) / 2), "y": H - 3, "class": "aula-tick", "text-anchor": "middle"},
                     tr(lang, {"es": "pasos de entrenamiento", "pt": "passos de treinamento"})))
        for key in ("ngram", "unigram"):
            y = num(Y(ckpts[0][key + "_bpc"]))
            out.append(h("line", {"x1": left, "x2": W - right, "y1": y, "y2": y, "stroke": "currentColor",
                                  "stroke-width": 1.5, "stroke-dasharray": LOOKS[key][1]}))
        for key in ("train", "held"):
            d = "M" + "L".join(f"{num(X(c['step']))} {num(Y(c[key + '_bpc']))}" for c in ckpts)
            out.append(h("path", {"d": d, "fill": "none", "stroke": LOOKS[key][0], "stroke-width": 2}))
        c = ckpts[at]
        out.append(h("line", {"x1": num(X(c["step"])), "x2": num(X(c["step"])), "y1": top, "y2": H - bottom,
                              "stroke": "currentColor", "stroke-opacity": "0.5"}))
        for key in ("train", "held"):
            out.append(h("circle", {"cx": num(X(c["step"])), "cy": num(Y(c[key + "_bpc"])), "r": 4,
                                    "fill": LOOKS[key][0]}))
        return svg(W, H, out, label=cap)

    keys = [(line_key(None, stroke=colour, stroke_width=2, stroke_dasharray=dash), tr(lang, NAMES[k]))
            for k, (colour, dash) in LOOKS.items()]
    return figure(draw, legend(keys))


def _index(step: int) -> int:
    return next(i for i, c in enumerate(RUNS["es"]["checkpoints"]) if c["step"] == step)


def _facts(lang: str) -> dict:
    run = tr(lang, RUNS)
    ck, info = run["checkpoints"], run["info"]
    best = min(ck, key=lambda c: c["held_bpc"])
    last = ck[-1]
    return {"params": info["params"], "train_chars": info["train_chars"], "held_chars": info["held_chars"],
            "order": info["order"], "context": info["order"] - 1, "chars": info["chars"], "steps": last["step"],
            "batch": last["seen"] // max(1, last["step"]), "seen": last["seen"],
            "ngram_bpc": last["ngram_bpc"], "unigram_bpc": last["unigram_bpc"],
            "best_step": best["step"], "best_held_bpc": best["held_bpc"],
            "final_held_bpc": last["held_bpc"], "final_train_bpc": last["train_bpc"],
            "below_unigram_step": next((c["step"] for c in ck if c["held_bpc"] < c["unigram_bpc"]), None),
            "final_known": last["known_words"] / max(1, last["words"]),
            "lr": RUN["lr"], "seed": RUN["seed"], "every": RUN["every"]}


@widget("own_default", lesson=LESSON,
        title={"es": "Un entrenamiento completo, paso a paso", "pt": "Um treinamento completo, passo a passo"},
        controls=[Range("step", STEP, RUN["steps"], min=0, max=RUN["steps"], step=RUN["every"])],
        parts={"main": ("step",)},
        fields=("params", "train_chars", "held_chars", "order", "context", "chars", "steps", "batch", "seen",
                "ngram_bpc", "unigram_bpc", "best_step", "best_held_bpc", "final_held_bpc", "final_train_bpc",
                "below_unigram_step", "final_known", "lr", "seed", "every"),
        data=lambda p, lang: _facts(lang))
def own_default(p: dict, lang: str) -> View:
    """The default text's run at one checkpoint: the curves with a marker, the losses, the sample."""
    ck = tr(lang, RUNS)["checkpoints"]
    i = _index(p["step"])
    c = ck[i]
    body, summary = checkpoint_view(ck, i, lang)
    return View(parts={"main": body}, summary=summary, data={**_facts(lang), "step": c["step"], "at": c})


PARITY_CASES = [("own_default", {"step": "0"}), ("own_default", {"step": "450"})]


def checkpoint_view(ck: list[dict], i: int, lang: str) -> tuple[Markup, str]:
    """A run at checkpoint ``i`` of ``ck``: the chart, the losses, the sample and what they say, and
    the summary in words. The precomputed run (own_default) and the reader's live run (own_train)
    are drawn by this one function."""
    c = ck[i]
    rows = [[tr(lang, NAMES["train"]), fmt(c["train_bpc"], lang, 2)],
            [tr(lang, NAMES["held"]), fmt(c["held_bpc"], lang, 2)],
            [tr(lang, NAMES["ngram"]), fmt(c["ngram_bpc"], lang, 2)],
            [tr(lang, NAMES["unigram"]), fmt(c["unigram_bpc"], lang, 2)]]
    known = fmt_pct(c["known_words"] / max(1, c["words"]), lang, 0)
    head = tr(lang, {"es": f"Paso {fmt_int(c['step'], lang)}: el modelo vio {fmt_int(c['seen'], lang)} ejemplos.",
                     "pt": f"Passo {fmt_int(c['step'], lang)}: o modelo viu {fmt_int(c['seen'], lang)} exemplos."})
    words = tr(lang, {"es": f"De las {fmt_int(c['words'], lang)} palabras de la muestra, {fmt_int(c['known_words'], lang)} "
                            f"({known}) son palabras del texto de entrenamiento.",
                      "pt": f"Das {fmt_int(c['words'], lang)} palavras da amostra, {fmt_int(c['known_words'], lang)} "
                            f"({known}) são palavras do texto de treinamento."})
    note = overfit_note(ck, i, lang)
    temp = fmt(SAMPLE_TEMPERATURE, lang)
    body = Markup(loss_chart(ck, i, lang) + h("p", {"class": "aula-readout"}, head)
                  + table([tr(lang, {"es": "Bits por carácter", "pt": "Bits por caractere"}), ""], rows)
                  + h("p", None, tr(lang, {"es": f"Muestra (el modelo escribe solo, a temperatura {temp}):",
                                           "pt": f"Amostra (o modelo escreve sozinho, com temperatura {temp}):"}))
                  + h("p", {"class": "aula-sample", "lang": lang}, h("code", None, c["sample"]))
                  + h("p", {"class": "aula-readout"}, words) + h("p", {"class": "aula-readout"}, note))
    summary = head + " " + tr(lang, {
        "es": f"Bits por carácter: {fmt(c['train_bpc'], lang, 2)} en el texto de entrenamiento, "
              f"{fmt(c['held_bpc'], lang, 2)} en el de validación; los recuentos, {fmt(c['ngram_bpc'], lang, 2)}. ",
        "pt": f"Bits por caractere: {fmt(c['train_bpc'], lang, 2)} no texto de treinamento, "
              f"{fmt(c['held_bpc'], lang, 2)} no de validação; as contagens, {fmt(c['ngram_bpc'], lang, 2)}. "}) + words
    return body, summary
