"""The real model's residual stream (issue 29): the sum every layer writes into.

For the last token of the reader's text, the vector that the next-token scores are read from is
a sum: the token's vector plus its position's, then what each attention and each feed-forward
layer adds (:attr:`lesson_core.model.forward.Run.writes`). The view lists those additions, the
length of each, and the token the model would bet on if it read the scores from the partial sum
after each one (the final layer norm and the tied embedding applied early, the "logit lens",
nostalgebraist 2020).

Example: for «El tren salió de la estación a las ocho y» the five parts, summed in order, give
the last layer's output bit for bit.
"""

from __future__ import annotations

import math

from ..kit.controls import Text
from ..kit.fmt import fmt, fmt_pct, quote, tr
from ..kit.html import Markup, h
from ..kit.registry import View, widget
from ..kit.svgkit import card_table
from ..model import generate as gen
from ..model.load import model
from ..topics.sampling import softmax
from .real_model import LESSON, _empty, _notes
from .real_model_views import label

SAMPLE = {"es": "El tren salió de la estación a las ocho y", "pt": "O trem saiu da estação às oito horas e"}


def _part_name(k: int, lang: str) -> str:
    if k == 0:
        return tr(lang, {"es": "Vector del token + vector de su posición", "pt": "Vetor do token + vetor da posição"})
    layer, ffn = (k + 1) // 2, k % 2 == 0
    what = ({"es": "Red de cada token", "pt": "Rede de cada token"} if ffn else {"es": "Atención", "pt": "Atenção"})
    return f"{tr(lang, what)}, {tr(lang, {'es': 'capa', 'pt': 'camada'})} {layer}"


def stream(lang: str, ids: list[int]) -> dict:
    """The residual stream of the last token: each part's length, the best next token read from the
    sum so far (and its probability), the final best token's probability at each stage, and whether
    the parts add up to the last layer's output exactly."""
    run = gen.run_for(lang, ids)
    parts, total, stages = run.writes, None, []
    for w in parts:
        total = list(w) if total is None else [a + b for a, b in zip(total, w)]   # the forward pass's order
        probs = softmax(run.logits(total))
        best = max(range(len(probs)), key=lambda i: (probs[i], -i))
        stages.append({"length": math.sqrt(math.fsum(v * v for v in w)), "best": best, "p_best": probs[best],
                       "probs": probs})
    final = stages[-1]["best"]
    for s in stages:
        s["p_final"] = s.pop("probs")[final]
    return {"stages": stages, "exact": total == run.x, "d": len(total), "final": final}


@widget("rm_residual", lesson=LESSON,
        title={"es": "La corriente residual: la suma que atraviesa las capas",
               "pt": "O fluxo residual: a soma que atravessa as camadas"},
        controls=[Text("text", {"es": "Tu texto", "pt": "Seu texto"}, SAMPLE["es"], max_len=gen.MAX_CHARS, rows=2)],
        parts={"main": ("text",)},
        fields=("n_parts", "exact", "bets", "p_best", "p_final", "largest", "layers", "d"))
def rm_residual(p: dict, lang: str) -> View:
    """What each layer adds to the last token's vector, and the model's bet after each addition."""
    pr = gen.prompt(lang, p["text"])
    if not pr.tokens:
        return _empty(lang, data={"n_parts": 0, "exact": False, "bets": [], "p_best": [], "p_final": [], "largest": 0,
                                  "layers": 0, "d": 0})
    s = stream(lang, pr.ids)
    st = s["stages"]
    longest = max(x["length"] for x in st)
    largest = max(range(len(st)), key=lambda k: st[k]["length"])
    word = lambda i: h("code", None, label(gen.token_text(lang, i), 14))  # noqa: E731
    rows = [[_part_name(k, lang),
             h("meter", {"min": 0, "max": f"{longest:.4f}", "value": f"{x['length']:.4f}"}, fmt(x["length"], lang, 1)),
             fmt(x["length"], lang, 1), word(x["best"]), fmt_pct(x["p_best"], lang)] for k, x in enumerate(st)]
    head = [tr(lang, {"es": "Lo que se suma", "pt": "O que é somado"}), "",
            tr(lang, {"es": "Longitud", "pt": "Comprimento"}),
            tr(lang, {"es": "Apuesta con la suma hasta aquí", "pt": "Aposta com a soma até aqui"}),
            tr(lang, {"es": "Su probabilidad", "pt": "Probabilidade dela"})]
    last = quote(label(gen.token_text(lang, pr.ids[-1]), 14), lang)
    first, final = (quote(label(gen.token_text(lang, st[k]["best"]), 14), lang) for k in (0, -1))
    n, d = len(st), fmt(s["d"], lang)
    adds = (tr(lang, {"es": f"sumadas en orden, dan exactamente los {d} números del vector final",
                      "pt": f"somadas em ordem, dão exatamente os {d} números do vetor final"}) if s["exact"] else
            tr(lang, {"es": "sumadas en orden, dan el vector final", "pt": "somadas em ordem, dão o vetor final"}))
    said = tr(lang, {"es": f"El vector del último token, {last}, es la suma de estas {n} partes: {adds}. Con solo el "
                           f"vector del token y el de su posición, el modelo apostaría por {first} "
                           f"({fmt_pct(st[0]['p_best'], lang)}); con todas las partes, por {final} "
                           f"({fmt_pct(st[-1]['p_best'], lang)}). La parte más larga es «{_part_name(largest, lang)}».",
                     "pt": f"O vetor do último token, {last}, é a soma destas {n} partes: {adds}. Só com o vetor do "
                           f"token e o da posição, o modelo apostaria em {first} ({fmt_pct(st[0]['p_best'], lang)}); "
                           f"com todas as partes, em {final} ({fmt_pct(st[-1]['p_best'], lang)}). A parte mais "
                           f"longa é “{_part_name(largest, lang)}”."})
    body = Markup("".join(_notes(pr, lang)) + card_table(head, rows, inline=True) + h("p", {"class": "aula-readout"}, said))
    return View(parts={"main": body}, summary=said,
                data={"n_parts": n, "exact": s["exact"], "d": s["d"], "largest": largest, "layers": (n - 1) // 2,
                      "lengths": [round(x["length"], 4) for x in st],
                      "bets": [gen.token_text(lang, x["best"]) for x in st],
                      "p_best": [round(x["p_best"], 6) for x in st],
                      "p_final": [round(x["p_final"], 6) for x in st]})


PARITY_CASES = [("rm_residual", {"text": "Había una vez"})]
