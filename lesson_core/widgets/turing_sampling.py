"""Lesson 2, section 9: choosing the next token (logits, softmax, temperature, top-k, top-p, draws).

Numbers come from :mod:`lesson_core.topics.sampling` and :mod:`lesson_core.data.sampling`.
"""

from __future__ import annotations

from ..topics import sampling as smp
from ..kit.controls import Choice, Range, seed_range
from ..data.sampling import CANDIDATES, CONTEXT, FEATURES, H
from ..kit.fmt import fmt, fmt_pct, tr
from ..kit.html import Markup, h, num, svg
from ..kit.registry import View, widget
from ..kit.rng import make_rng
from ..kit.svgkit import GOLD, GREEN, GREY, Frame, card_table, figure, fmt_vec, paint

LESSON = "turing"

T = {
    "temperature": {"es": "Temperatura T", "pt": "Temperatura T"},
    # what each filter keeps, in the label itself: a phone reaches the sliders before the prose explains them
    "top_k": {"es": "top-k: solo los k más probables", "pt": "top-k: só os k mais prováveis"},
    "top_p": {"es": "top-p: los más probables hasta sumar p", "pt": "top-p: os mais prováveis até somar p"},
    "draws": {"es": "Extraer", "pt": "Sortear"},
    "word": {"es": "Candidato", "pt": "Candidato"},
    "vector": {"es": "Vector e", "pt": "Vetor e"},
    "logit": {"es": "Logit h · e", "pt": "Logit h · e"},
    "prob": {"es": "Probabilidad", "pt": "Probabilidade"},
    "dropped": {"es": "descartado", "pt": "descartado"},
}

LOGITS = smp.logits_for(H, [vec for _, _, vec in CANDIDATES])
MAT, SOFA = 0, 2  # the two candidates compared in the temperature ratio


def _labels(lang: str) -> list[str]:
    return [tr(lang, lab) for _, lab, _ in CANDIDATES]


def _logit_table(lang: str) -> Markup:
    """Each logit as h . e, written out term by term."""
    rows = []
    for (_, lab, vec), z in zip(CANDIDATES, LOGITS):
        terms = " + ".join(f"{fmt(a, lang, 1) if a >= 0 else '(' + fmt(a, lang, 1) + ')'}·{fmt(b, lang, 1)}"
                           for a, b in zip(H, vec))
        rows.append([tr(lang, lab), fmt_vec(vec, lang, 1), terms, fmt(z, lang, 2)])
    head = [tr(lang, T["word"]), tr(lang, T["vector"]), "h · e", tr(lang, T["logit"])]
    feats = ", ".join(tr(lang, FEATURES))
    cap = tr(lang, {"es": f"h = {fmt_vec(H, lang, 1)}; rasgos: [{feats}]",
           "pt": f"h = {fmt_vec(H, lang, 1)}; características: [{feats}]"})
    return card_table(head, rows, caption=cap, scroll=True)


def _chart(final: list[float], share: list[float] | None, n: int, lang: str) -> Markup:
    """One row per candidate: a wide bar for the probability, a thin one for the share drawn.
    Wide: the name left of its bar, the numbers after it; narrow: name and numbers on a line above
    a bar that takes the whole width."""
    labels = _labels(lang)
    label = tr(lang, {"es": "Barras anchas: probabilidad. Barras finas: proporción extraída.",
             "pt": "Barras largas: probabilidade. Barras finas: proporção sorteada."})

    def draw(frame: Frame) -> Markup:
        W, row, left, right, bar_y = frame.width, frame.pick(26, 36), frame.pick(96, 4), frame.pick(70, 4), frame.pick(3, 16)
        pw = W - left - right
        out = []
        for i, (lab, p) in enumerate(zip(labels, final)):
            y = 4 + i * row
            out.append(h("text", {"x": frame.pick(left - 6, left), "y": num(y + frame.pick(15, 11)),
                                  "class": "aula-tick", "text-anchor": frame.pick("end", "start")}, lab))
            out.append(h("rect", {"x": left, "y": num(y + bar_y), "width": num(max(pw * p, 0.5)), "height": 12,
                                  "class": "aula-bar-prob" if p > 0 else "aula-bar-off",
                                  **paint(fill=GREEN if p > 0 else GREY)}))
            if share is not None:
                out.append(h("rect", {"x": left, "y": num(y + bar_y + 14), "width": num(max(pw * share[i], 0.5)),
                                      "height": 4, "class": "aula-bar-drawn", **paint(fill=GOLD)}))
            text = fmt_pct(p, lang) if p > 0 else tr(lang, T["dropped"])
            if share is not None:
                text += f" · {fmt_pct(share[i], lang, 0)}"
            out.append(h("text", frame.pick({"x": num(left + pw * p + 4), "y": num(y + 14), "class": "aula-note"},
                                             {"x": W - right, "y": num(y + 11), "class": "aula-note", "text-anchor": "end"}),
                         text))
        return svg(W, row * len(labels) + 8, out, label=label)

    return figure(draw)


@widget("next_token", lesson=LESSON,
        title={"es": "Elegir el siguiente token", "pt": "Escolher o próximo token"},
        controls=[Range("temperature", T["temperature"], 1, min=0, max=2, step=0.1, decimals=1),
                  Range("top_k", T["top_k"], 8, min=1, max=len(CANDIDATES), step=1),
                  Range("top_p", T["top_p"], 1, min=0.05, max=1, step=0.05, decimals=2),
                  Choice("draws", T["draws"], 0, style="buttons",
                         options=[(0, {"es": "nada todavía", "pt": "nada ainda"}),
                                  (1, {"es": "uno", "pt": "um"}), (100, "100")]),
                  seed_range(1, min=1, max=30)],
        # on a phone what the sliders change comes right under them (issue 17): the fixed logits above the
        # controls, the chart before the long table of stages
        parts={"logits": (), "ratio": ("temperature",), "chart": ("temperature", "top_k", "top_p", "draws", "seed"),
               "table": ("temperature", "top_k", "top_p")},
        lead=("logits",),
        after=("draws", "seed"),  # the draws under the chart they fill, so the sliders sit near it too
        fields=("logits", "probs", "ratio"))
def next_token(p: dict, lang: str) -> View:
    """Logits h·e, softmax with temperature, top-k and top-p filters, and draws against the result."""
    temp, k, top = p["temperature"], p["top_k"], p["top_p"]
    stages = smp.next_token_probs(LOGITS, temp, k, top)
    final = stages["final"]
    n = p["draws"]
    drawn = smp.draw(make_rng(p["seed"]), final, n)
    tally = smp.counts(drawn, len(final))
    share = [c / n for c in tally] if n else None
    labels = _labels(lang)

    # the ratio of the two close candidates under this temperature
    z1, z2 = LOGITS[MAT], LOGITS[SOFA]
    if temp > 0:
        ratio = smp.prob_ratio(z1, z2, temp)
        ratio_text = tr(lang, {"es": f"p({labels[MAT]}) / p({labels[SOFA]}) = e^(({fmt(z1, lang, 2)} − {fmt(z2, lang, 2)}) / "
                            f"{fmt(temp, lang, 1)}) ≈ {fmt(ratio, lang, 3)}",
                      "pt": f"p({labels[MAT]}) / p({labels[SOFA]}) = e^(({fmt(z1, lang, 2)} − {fmt(z2, lang, 2)}) / "
                            f"{fmt(temp, lang, 1)}) ≈ {fmt(ratio, lang, 3)}"})
    else:
        ratio = None
        ratio_text = tr(lang, {"es": f"Con T = 0 no se divide: se elige siempre el logit mayor, «{labels[MAT]}».",
                      "pt": f"Com T = 0 não se divide: escolhe-se sempre o maior logit, “{labels[MAT]}”."})

    head = [tr(lang, T["word"]), "softmax(z)", f"T = {fmt(temp, lang, 1)}", f"top-k (k = {k})",
            f"top-p (p = {fmt(top, lang, 2)})"]
    rows = [[labels[i]] + [fmt(stages[s][i], lang, 3) for s in ("plain", "temperature", "top_k", "final")]
            for i in range(len(labels))]
    kept = sum(1 for q in final if q > 0)
    summary = tr(lang, {"es": f"Quedan {kept} de {len(final)} candidatos; sus probabilidades vuelven a sumar 1.",
               "pt": f"Restam {kept} de {len(final)} candidatos; suas probabilidades voltam a somar 1."})

    if n == 0:
        # the Tirada slider changes nothing until something is drawn: say what to press first
        status = tr(lang, {"es": "Todavía no se extrae nada: elige «uno» o «100» en «Extraer»; después, la tirada "
                                 "cambia qué sale.",
                           "pt": "Nada sorteado ainda: escolha “um” ou “100” em “Sortear”; depois, a rodada muda o "
                                 "que sai."})
    elif n == 1:
        status = tr(lang, {"es": f"Salió «{labels[drawn[0]]}».", "pt": f"Saiu “{labels[drawn[0]]}”."})
    else:
        top_i = max(range(len(tally)), key=lambda i: (tally[i], -i))
        status = tr(lang, {"es": f"{n} extracciones; la más frecuente: «{labels[top_i]}» ({tally[top_i]} veces).",
                  "pt": f"{n} sorteios; o mais frequente: “{labels[top_i]}” ({tally[top_i]} vezes)."})
    chart = Markup(h("p", {"class": "aula-readout"}, tr(lang, CONTEXT)) + _chart(final, share, n, lang)
                   + h("p", {"class": "aula-readout"}, status))
    probs = "; ".join(f"{labels[i]} {fmt_pct(q, lang)}" for i, q in enumerate(final) if q > 0)
    said = f"T = {fmt(temp, lang, 1)}, top-k {k}, top-p {fmt(top, lang, 2)}. " + summary + " " + probs + ". " \
        + (status if n else "")
    return View(summary=said.strip(), parts={"logits": _logit_table(lang),
                       "ratio": h("p", {"class": "aula-readout"}, ratio_text),
                       "table": Markup(card_table(head, rows, scroll=True)
                                       + h("p", {"class": "aula-readout"}, summary)),
                       "chart": chart},
                data={"logits": LOGITS, "probs": final, "stages": stages, "draws": n, "seed": p["seed"],
                      "counts": tally, "drawn": drawn[:1] if n == 1 else [], "ratio": ratio})


PARITY_CASES = [
    ("next_token", {"temperature": "0.5", "top_k": "3", "draws": "100", "seed": "7"}),
    ("next_token", {"temperature": "0", "draws": "1"}),
    ("next_token", {"top_p": "0.6", "temperature": "1.5", "draws": "100", "seed": "3"}),
]
