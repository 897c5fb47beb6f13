"""Lesson 4, "Train your own": what the run says in words, and the run as the command line and the
page's precomputed default run read it (one function, ``run_data``).

Numbers come from :mod:`lesson_core.topics.own_run`.
"""

from __future__ import annotations

import json

from ..classroom.worksheets import DECIMALS
from ..kit.fmt import fmt, fmt_int, fmt_upto, tr
from ..topics.own_run import MAX_CHARS, TURN, TextError, checkpoints, held_turn, Run

__all__ = ["DEFAULT_RUN", "run_data", "train_lines", "text_problem", "overfit_note", "trimmed_note", "diverged_note",
           "held_out_item"]

DEFAULT_RUN = {"seed": 1, "steps": 900, "every": 30, "size": "medium", "lr": 0.01}

BAD_TEXT = {
    "empty": {"es": "El texto está vacío: escribe o pega un texto, o elige uno de los ejemplos.",
              "pt": "O texto está vazio: digite ou cole um texto, ou escolha um dos exemplos."},
    "no_letters": {"es": "Este modelo aprende letras del alfabeto latino (con tildes y ñ), y el texto no tiene "
                         "ninguna: emojis y otras escrituras se dejan de lado. Prueba con un texto en español.",
                   "pt": "Este modelo aprende letras do alfabeto latino (com acentos e ç), e o texto não tem "
                         "nenhuma: emojis e outras escritas ficam de fora. Tente um texto em português."},
    "too_short": {"es": "El texto es demasiado corto: tiene {have} caracteres útiles y hacen falta al menos {need}, "
                        "para poder apartar una parte como texto de validación.",
                  "pt": "O texto é curto demais: tem {have} caracteres úteis e são precisos pelo menos {need}, "
                        "para poder separar uma parte como texto de validação."},
}


def text_problem(err: TextError, lang: str) -> str:
    """The reader's message for a text the model cannot train on."""
    info = {k: fmt_int(v, lang) for k, v in err.info.items()}
    return tr(lang, BAD_TEXT[err.code]).format(**info)


def trimmed_note(cut: int, dropped: int, lang: str) -> str:
    """What was left out of the reader's text, in words ('' when nothing was)."""
    out = []
    if cut:
        out.append(tr(lang, {"es": f"El texto era largo: se usan sus primeros {fmt_int(MAX_CHARS, lang)} caracteres "
                                   f"y se dejan fuera {fmt_int(cut, lang)}.",
                             "pt": f"O texto era longo: são usados os primeiros {fmt_int(MAX_CHARS, lang)} caracteres "
                                   f"e ficam de fora {fmt_int(cut, lang)}."}))
    if dropped:
        out.append(tr(lang, {"es": f"Se dejaron de lado {fmt_int(dropped, lang)} caracteres que el modelo no aprende "
                                   "(emojis, otras escrituras, símbolos).",
                             "pt": f"Ficaram de fora {fmt_int(dropped, lang)} caracteres que o modelo não aprende "
                                   "(emojis, outras escritas, símbolos)."}))
    return " ".join(out)


def overfit_note(ckpts: list[dict], upto: int, lang: str) -> str:
    """Whether the held-out loss has turned up by checkpoint ``upto``, in computed words."""
    best, turned = held_turn([c["held_bpc"] for c in ckpts[: upto + 1]])
    now = ckpts[upto]
    if upto == 0:
        return tr(lang, {"es": "Todavía no aprendió nada: sus probabilidades son casi iguales para todas las letras.",
                         "pt": "Ainda não aprendeu nada: as probabilidades são quase iguais para todas as letras."})
    if turned:
        b = ckpts[best]
        return tr(lang, {
            "es": f"Sobreajuste: la pérdida en el texto de validación fue mínima en el paso {fmt_int(b['step'], lang)} "
                  f"({fmt(b['held_bpc'], lang, 2)} bits por carácter) y ahora sube ({fmt(now['held_bpc'], lang, 2)}), "
                  f"mientras la de entrenamiento sigue bajando ({fmt(now['train_bpc'], lang, 2)}): el modelo empieza a "
                  "memorizar su texto en lugar de aprender la lengua.",
            "pt": f"Sobreajuste: a perda no texto de validação foi mínima no passo {fmt_int(b['step'], lang)} "
                  f"({fmt(b['held_bpc'], lang, 2)} bits por caractere) e agora sobe ({fmt(now['held_bpc'], lang, 2)}), "
                  f"enquanto a de treinamento continua caindo ({fmt(now['train_bpc'], lang, 2)}): o modelo começa a "
                  "decorar o texto em vez de aprender a língua."})
    return tr(lang, {
        "es": f"Las dos pérdidas siguen bajando o casi: {fmt(now['train_bpc'], lang, 2)} bits por carácter en el texto "
              f"de entrenamiento y {fmt(now['held_bpc'], lang, 2)} en el de validación. Todavía no hay sobreajuste.",
        "pt": f"As duas perdas continuam caindo ou quase: {fmt(now['train_bpc'], lang, 2)} bits por caractere no texto "
              f"de treinamento e {fmt(now['held_bpc'], lang, 2)} no de validação. Ainda não há sobreajuste."})


def run_data(raw: str, seed: int, steps: int, every: int, size: str, lr: float) -> dict:
    """The whole run: its facts (parameters, split, baselines) and every checkpoint."""
    info = Run(raw, seed, size, lr, every).info()
    return {"info": info, "checkpoints": list(checkpoints(raw, steps, seed, size, lr, every))}


def train_lines(raw: str, lang: str, seed: int, steps: int, every: int, size: str, lr: float, as_json: bool):
    """The command line's output, a line per checkpoint as it is reached; 'error: ...' for a bad text."""
    try:
        run = Run(raw, seed, size, lr, every)
    except TextError as err:
        yield "error: " + text_problem(err, lang)
        return
    info = run.info()
    note = trimmed_note(info["cut"], info["dropped"], lang)
    if note and not as_json:
        yield note
    for c in checkpoints(raw, steps, seed, size, lr, every):
        row = {"step": c["step"], "examples": c["seen"], "train_bpc": c["train_bpc"], "held_bpc": c["held_bpc"],
               "counting_held_bpc": c["ngram_bpc"], "unigram_held_bpc": c["unigram_bpc"], "sample": c["sample"],
               "sample_words": c["words"], "sample_words_in_text": c["known_words"], "diverged": c["diverged"],
               "params": info["params"]}
        if as_json:
            yield json.dumps(row, ensure_ascii=False)
        else:
            yield (f"{c['step']:>6} {c['seen']:>8} {c['train_bpc']:.3f} {c['held_bpc']:.3f} "
                   f"{c['ngram_bpc']:.3f} {c['sample'][:60]!r}")
        if c["diverged"]:
            yield "error: " + diverged_note(lr, c["step"], lang)


def diverged_note(lr: float, step: int, lang: str) -> str:
    """Why a run stopped on its first non-finite loss, after the last good ``step``."""
    return tr(lang, {
        "es": f"La tasa de aprendizaje {fmt(lr, lang)} es demasiado alta: la pérdida dejó de ser un número "
              f"finito después del paso {fmt_int(step, lang)}, y el entrenamiento se detuvo ahí.",
        "pt": f"A taxa de aprendizado {fmt(lr, lang)} é alta demais: a perda deixou de ser um número "
              f"finito depois do passo {fmt_int(step, lang)}, e o treinamento parou aí."})


def held_out_item(g: dict, a: dict, lang: str) -> tuple:
    """The chapter-3 worksheet's item from this lesson (classroom/worksheets._held_out): its statement
    and its key, results rounded as the sheets round them."""
    rows = "; ".join(f"{fmt(s, lang)}: {fmt(t, lang, 2)} / {fmt(v, lang, 2)}"
                     for s, t, v in zip(g["steps"], g["train"], g["held"]))
    turn = fmt(TURN, lang, 2)
    st = tr(lang, {"es": f"Un entrenamiento, en bits por carácter (paso: entrenamiento / validación): {rows}. ¿En qué "
                         f"paso fue mínima la pérdida de validación? ¿Cuánto supera al final a la de entrenamiento? "
                         f"¿Hay sobreajuste (la de validación subió más de {turn} desde su mínimo)?",
                   "pt": f"Um treinamento, em bits por caractere (passo: treinamento / validação): {rows}. Em que passo "
                         f"a perda de validação foi mínima? Quanto ela supera a de treinamento no fim? Há sobreajuste "
                         f"(a de validação subiu mais de {turn} desde o mínimo)?"})
    yes = {"es": ("sí, hay sobreajuste", "no, todavía no"), "pt": ("sim, há sobreajuste", "não, ainda não")}
    key = tr(lang, {"es": f"Mínimo en el paso {fmt(a['best_step'], lang)}; diferencia {fmt_upto(a['gap'], lang, DECIMALS)}; ",
                    "pt": f"Mínimo no passo {fmt(a['best_step'], lang)}; diferença {fmt_upto(a['gap'], lang, DECIMALS)}; "}) \
        + tr(lang, yes)[0 if a["overfit"] else 1] + "."
    return st, key
