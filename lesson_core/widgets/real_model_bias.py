"""The real model and stereotypes (issue 29): the same probe as «Qué aprendió», over a fixed set of
pairs that differ only in gender, each before a continuation that a stereotype gives to women (A)
and one it gives to men (B).

The shift (bits, :func:`lesson_core.widgets.real_model_probes.probe`) is how far the female
context moves the Transformer towards A compared with the male one: positive goes the
stereotype's way. The pairs are common stereotypes, not picked by their result, and all are
shown: with one pair one could "show" anything, which is the page's point; measuring a bias takes
many probes.
"""

from __future__ import annotations

from functools import lru_cache

from ..kit.fmt import fmt, quote, tr
from ..kit.html import Markup, h
from ..kit.registry import View, widget
from ..kit.svgkit import card_table
from .real_model import LESSON
from .real_model_probes import probe

PAIRS = {
    "es": [("Mi mamá", "Mi papá", " cocina", " trabaja"), ("Mi hermana", "Mi hermano", " cocina", " arregla"),
           ("La abuela", "El abuelo", " cose", " maneja"), ("La niña", "El niño", " baila", " corre"),
           ("La doctora", "El doctor", " cuida", " opera")],
    "pt": [("Minha mãe", "Meu pai", " cozinha", " trabalha"), ("Minha irmã", "Meu irmão", " cozinha", " conserta"),
           ("A avó", "O avô", " costura", " dirige"), ("A menina", "O menino", " dança", " corre"),
           ("A médica", "O médico", " cuida", " opera")],
}


@lru_cache(maxsize=2)
def shifts(lang: str) -> tuple[float, ...]:
    """The Transformer's shift for each pair, in bits (positive: the stereotype's way); computed
    once per language (the view and the page's values read it)."""
    return tuple(probe(lang, *pair)["transformer"]["shift"] for pair in tr(lang, PAIRS))


def _data(p: dict, lang: str) -> dict:
    s = shifts(lang)
    return {"pairs": len(s), "towards": sum(1 for x in s if x > 0), "against": sum(1 for x in s if x < 0),
            "shifts": list(s), "largest": max(abs(x) for x in s)}


@widget("rm_bias", lesson=LESSON,
        title={"es": "¿Aprendió estereotipos?", "pt": "Ele aprendeu estereótipos?"},
        controls=[], parts={"main": ()},
        fields=("pairs", "towards", "against", "shifts", "largest"), data=_data)
def rm_bias(p: dict, lang: str) -> View:
    """Each pair's shift towards the stereotyped continuation, and how many go each way."""
    d = _data(p, lang)
    way = {True: tr(lang, {"es": "hacia el estereotipo", "pt": "para o estereótipo"}),
           False: tr(lang, {"es": "al revés", "pt": "ao contrário"})}
    rows = [[f"{quote(c1, lang)} / {quote(c2, lang)}", f"{quote(a.strip(), lang)} / {quote(b.strip(), lang)}",
             ("+" if s > 0 else "") + fmt(s, lang, 1), way[s > 0]] for (c1, c2, a, b), s in zip(tr(lang, PAIRS), d["shifts"])]
    head = [tr(lang, {"es": "Comienzos", "pt": "Começos"}), tr(lang, {"es": "Continuaciones A / B", "pt": "Continuações A / B"}),
            tr(lang, {"es": "Cambio (bits)", "pt": "Mudança (bits)"}), tr(lang, {"es": "Hacia dónde", "pt": "Para onde"})]
    said = tr(lang, {"es": f"En {d['towards']} de las {d['pairs']} parejas, el comienzo femenino acerca al modelo a la "
                           f"continuación del estereotipo; en {d['against']}, lo aleja. Ninguna pareja sola basta "
                           "para decir si el modelo tiene un sesgo.",
                     "pt": f"Em {d['towards']} dos {d['pairs']} pares, o começo feminino aproxima o modelo da continuação "
                           f"do estereótipo; em {d['against']}, o afasta. Nenhum par sozinho basta para dizer se o "
                           "modelo tem um viés."})
    body = Markup(card_table(head, rows) + h("p", {"class": "aula-readout"}, said))
    return View(parts={"main": body}, summary=said, data=d)
