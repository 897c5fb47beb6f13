"""The real model, continued (issue 29): greedy decoding loops and a confident wrong "fact".

The model continues the reader's text at temperature 0 (always the most probable token); the
view finds the piece that then repeats itself and shows how sure the model was of its first
word, with its own probabilities (temperature 1, no top-k or top-p). Numbers come from
:mod:`lesson_core.model.generate`. Probabilities are returned rounded to 6 decimals, like every
real-model widget: the forward pass's dot products may differ in the last bits between the
build's CPython and Pyodide (see :mod:`lesson_core.model.forward`).
"""

from __future__ import annotations

import math

from ..kit.controls import Text
from ..kit.fmt import fmt, fmt_pct, quote, tr
from ..kit.html import Markup, h
from ..kit.registry import View, widget
from ..kit.svgkit import table
from ..model import generate as gen
from ..model.forward import Run
from ..model.load import model
from ..topics.sampling import next_token_probs, softmax
from .real_model import LESSON, _empty, _notes

GREEDY_PROMPT = {"es": "El agua hierve a", "pt": "A água ferve a"}
GREEDY_NEW = gen.MAX_NEW


def longest_loop(ids: list[int], min_period: int = 2) -> tuple[int, int, int]:
    """The piece repeated back to back the most times: (start, period, times), with times >= 2, or
    (0, 0, 0) if no piece of at least ``min_period`` tokens follows itself.

    Example: longest_loop([7, 1, 2, 1, 2, 1, 2]) -> (1, 2, 3)."""
    best = (0, 0, 0)
    n = len(ids)
    for period in range(min_period, n // 2 + 1):
        for start in range(n - 2 * period + 1):
            times = 1
            while ids[start + times * period:start + (times + 1) * period] == ids[start:start + period]:
                times += 1
            if times >= 2 and times * period > best[2] * best[1]:
                best = (start, period, times)
    return best


def greedy(lang: str, text: str) -> dict:
    """Greedy continuation of ``text``: the new ids, the model's own probability of each (at T = 1),
    and the longest loop in them."""
    keep = model(lang).config["context"] - GREEDY_NEW
    pr = gen.prompt(lang, text, keep=keep)
    if not pr.tokens:
        return {"prompt": pr, "ids": []}
    run = Run(model(lang))
    run.feed_all(pr.ids)
    ids, sure = [], []
    for _ in range(GREEDY_NEW):
        logits = run.logits()
        final = next_token_probs(logits, 0.0, 1, 1.0)["final"]  # temperature 0: all on the top token
        choice = final.index(max(final))
        ids.append(choice)
        sure.append(softmax(logits)[choice])                     # how sure the model itself was (T = 1)
        run.feed(choice)
    start, period, times = longest_loop(ids)
    return {"prompt": pr, "ids": ids, "sure": sure, "loop_start": start, "loop_period": period, "loop_times": times}


@widget("rm_greedy", lesson=LESSON,
        title={"es": "Siempre el más probable: bucles y «datos» inventados",
               "pt": "Sempre o mais provável: laços e “fatos” inventados"},
        controls=[Text("text", {"es": "Tu texto", "pt": "Seu texto"}, GREEDY_PROMPT["es"], max_len=gen.MAX_CHARS,
                       rows=2)],
        parts={"main": ("text",)},
        fields=("first", "first_p", "loop", "loop_times", "mean_p"))
def rm_greedy(p: dict, lang: str) -> View:
    """Temperature 0: the most probable token every time, its probability, and the loop it falls into."""
    g = greedy(lang, p["text"])
    pr, ids = g["prompt"], g["ids"]
    if not ids:
        return _empty(lang, data={"first": "", "first_p": 0.0, "loop": "", "loop_times": 0, "mean_p": 0.0})
    first = gen.token_text(lang, ids[0])
    loop_ids = ids[g["loop_start"]:g["loop_start"] + g["loop_period"]]
    loop = gen.vocab_text(lang, loop_ids) if loop_ids else ""
    in_loop = set(range(g["loop_start"], g["loop_start"] + g["loop_period"] * g["loop_times"])) if loop_ids else set()
    marks = [h("mark", {"class": "aula-gen" + (" aula-gen-alt" if k in in_loop else ""),
                        "title": fmt(q, lang, 3)}, gen.token_text(lang, i))
             for k, (i, q) in enumerate(zip(ids, g["sure"]))]
    shown = h("p", {"class": "aula-sentence"}, h("span", {"class": "aula-prompt"},
                                                    pr.text if not pr.dropped else "…" + gen.vocab_text(lang, pr.ids)),
              marks)
    mean_p = math.fsum(g["sure"]) / len(ids)   # fsum: the built-in sum of floats is compensated from 3.12 only
    rows = [(tr(lang, {"es": "Primer token que añade", "pt": "Primeiro token que acrescenta"}), quote(first, lang)),
            (tr(lang, {"es": "Probabilidad que el modelo le daba", "pt": "Probabilidade que o modelo dava a ele"}),
             fmt_pct(g["sure"][0], lang)),
            (tr(lang, {"es": "Probabilidad media de los tokens elegidos", "pt": "Probabilidade média dos tokens escolhidos"}),
             fmt_pct(mean_p, lang))]
    if loop_ids:
        rows.append((tr(lang, {"es": "Trozo que se repite seguido", "pt": "Trecho que se repete em seguida"}),
                     f"{quote(loop, lang)} × {g['loop_times']}"))
        said = tr(lang, {"es": f"Con temperatura 0 el modelo cae en un bucle: {quote(loop, lang)} se repite "
                               f"{g['loop_times']} veces seguidas (resaltado).",
                         "pt": f"Com temperatura 0 o modelo cai num laço: {quote(loop, lang)} se repete "
                               f"{g['loop_times']} vezes seguidas (destacado)."})
    else:
        said = tr(lang, {"es": "En estos tokens no hay ningún trozo que se repita seguido.",
                         "pt": "Nestes tokens não há nenhum trecho que se repita em seguida."})
    sure = g["sure"][0]
    how = tr(lang, {"es": "no estaba seguro" if sure < 0.5 else "estaba bastante seguro",
                    "pt": "não estava seguro" if sure < 0.5 else "estava bem seguro"})
    said += " " + tr(lang, {"es": f"De su primer token, {quote(first, lang)}, el modelo {how}: le daba un "
                                  f"{fmt_pct(sure, lang)} de probabilidad. Pero el texto no muestra ninguna duda: "
                                  "con temperatura 0 se escribe el más probable, aunque sea poco probable.",
                            "pt": f"Do seu primeiro token, {quote(first, lang)}, o modelo {how}: dava a ele "
                                  f"{fmt_pct(sure, lang)} de probabilidade. Mas o texto não mostra nenhuma dúvida: "
                                  "com temperatura 0 sai o mais provável, mesmo que seja pouco provável."})
    body = Markup("".join(_notes(pr, lang, kept_for=model(lang).config["context"] - GREEDY_NEW)) + shown
                  + table(["", ""], rows) + h("p", {"class": "aula-readout"}, said))
    added = tr(lang, {"es": "El modelo añadió: ", "pt": "O modelo acrescentou: "}) + gen.vocab_text(lang, ids)
    return View(parts={"main": body}, summary=f"{added}. {said}",
                data={"ids": ids, "first": first, "first_p": round(g["sure"][0], 6), "loop": loop,
                      "loop_times": g["loop_times"], "mean_p": round(mean_p, 6), "text": gen.vocab_text(lang, ids)})


PARITY_CASES = [("rm_greedy", {"text": "Había una vez"})]
