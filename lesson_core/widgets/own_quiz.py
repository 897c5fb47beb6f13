"""Lesson 4's quiz: which pair of curves shows overfitting. The right option is the one the lesson's
own rule (widgets.own_text.overfit_note, the sentence under the page's figure) calls overfitting."""

from __future__ import annotations

from ..kit.fmt import fmt, tr
from ..kit.html import Markup, h
from .own_text import overfit_note
from .turing_quiz import make_quiz

# Three short runs, as (training, held-out) bits per character at each checkpoint.
PATTERNS = {
    "both_fall": [(5.0, 5.0), (4.0, 4.1), (3.5, 3.7), (3.2, 3.5)],
    "held_up": [(5.0, 5.0), (3.8, 3.9), (3.0, 3.6), (2.4, 3.9)],
    "flat": [(5.0, 5.0), (4.9, 5.0), (4.9, 4.9), (4.8, 4.9)],
}


def _ckpts(key: str) -> list[dict]:
    return [{"step": 100 * i, "train_bpc": a, "held_bpc": b} for i, (a, b) in enumerate(PATTERNS[key])]


def _overfits(key: str) -> bool:
    ck = _ckpts(key)
    return overfit_note(ck, len(ck) - 1, "es").startswith("Sobreajuste")


def _said(key: str, lang: str) -> str:
    train = " → ".join(fmt(a, lang, 1) for a, _ in PATTERNS[key])
    held = " → ".join(fmt(b, lang, 1) for _, b in PATTERNS[key])
    return tr(lang, {"es": f"entrenamiento {train}; validación {held}", "pt": f"treinamento {train}; validação {held}"})


CORRECT = next(k for k in PATTERNS if _overfits(k))


def _explain(lang: str) -> Markup:
    ck = _ckpts(CORRECT)
    return Markup(h("p", None, overfit_note(ck, len(ck) - 1, lang)))


make_quiz(
    "quiz_own_overfit",
    {"es": "Pregunta: ¿dónde memoriza el modelo?", "pt": "Pergunta: onde o modelo decora?"},
    {"es": "Tres entrenamientos dan estas pérdidas, en bits por carácter, en cuatro momentos. ¿Cuál muestra "
           "sobreajuste?",
     "pt": "Três treinamentos dão estas perdas, em bits por caractere, em quatro momentos. Qual mostra "
           "sobreajuste?"},
    [(k, {"es": _said(k, "es"), "pt": _said(k, "pt")}) for k in PATTERNS],
    CORRECT, _explain, lesson="own")
