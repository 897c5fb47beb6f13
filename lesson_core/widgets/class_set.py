"""The teacher's class set of one chapter (docs/*/teacher/class/, the ``class_set`` macro): every
variant's sheet and key (worksheets.sheet_html), printed as one job with a sheet per student after a
cover page, and a compact key packet. LESSONS names the lesson page each worksheet chapter goes with.
"""

from __future__ import annotations

from ..classroom import worksheets as ws
from ..kit.fmt import fmt, tr
from ..kit.html import Markup, h
from .worksheets import CHAPTER_TITLES, sheet_html

__all__ = ["LESSONS", "CLASS", "class_messages", "cover_html", "class_set_html"]

LESSONS = {"words": "turing-1-words", "vectors": "turing-2-vectors", "positional": "positional-encoding",
           "generation": "turing-3-generation", "scale": "turing-4-scale"}

CLASS = {
    "students": {"es": "Número de estudiantes", "pt": "Número de estudantes"},
    "prepare": {"es": "Preparar", "pt": "Preparar"},
    "print_sheets": {"es": "Imprimir las fichas", "pt": "Imprimir as folhas"},
    "print_keys": {"es": "Imprimir las claves", "pt": "Imprimir os gabaritos"},
    "sheets": {"es": "Fichas de la clase", "pt": "Folhas da turma"},
    "keys": {"es": "Claves de la clase", "pt": "Gabaritos da turma"},
    "student": {"es": "Estudiante", "pt": "Estudante"},
}


COVER_LINE = {"es": "Grupo: ________________  Fecha: __________  Docente: ____________________",
              "pt": "Turma: ________________  Data: __________  Professor(a): ____________________"}
COVER_QR = {"es": "La lección, para abrirla con la cámara del celular:",
            "pt": "A lição, para abrir com a câmera do celular:"}


def class_messages(lang: str) -> dict[str, str]:
    """What the class-set form says (teacher.js fills {n} and {m}): ready, not written in digits, out of range."""
    lo, hi = fmt(1, lang), fmt(ws.MAX_STUDENTS, lang)
    return tr(lang, {
        "es": {"ready": "Listo: {n} fichas con {m} variantes distintas y sus claves. Al imprimir, cada ficha sale "
                        "en su propia hoja.",
               "digits": f"Escribe el número de estudiantes con cifras, de {lo} a {hi} (por ejemplo, 32).",
               "range": f"La clase debe tener de {lo} a {hi} estudiantes."},
        "pt": {"ready": "Pronto: {n} folhas com {m} variantes diferentes e seus gabaritos. Na impressão, cada folha "
                        "sai em uma página própria.",
               "digits": f"Escreva o número de estudantes com algarismos, de {lo} a {hi} (por exemplo, 32).",
               "range": f"A turma deve ter de {lo} a {hi} estudantes."}})


def cover_html(chapter: str, lang: str, curriculum: Markup | None, code: Markup | None) -> Markup:
    """The print job's first page, for the teacher's pile: the chapter, a group and date line, what the
    lesson covers in the curriculum (the guide's box) and the lesson's QR code, to project or pin up."""
    return h("section", {"class": "aula-class-cover"},
             h("p", {"class": "aula-class-cover-title"},
               h("strong", None, f"{tr(lang, CLASS['sheets'])} · {tr(lang, CHAPTER_TITLES[chapter])}")),
             h("p", {"class": "aula-ws-name"}, tr(lang, COVER_LINE)),
             curriculum,
             h("div", {"class": "aula-class-cover-qr"},
               h("p", None, tr(lang, COVER_QR)), code) if code is not None else None)


def class_set_html(chapter: str, lang: str, curriculum: Markup | None = None, code: Markup | None = None) -> Markup:
    """A teacher's class set of one chapter: a field for the class size, and all the variants' sheets and
    keys, precomputed. teacher.js copies one sheet per student (variants from ws.roster) into one print
    job after a cover page (:func:`cover_html`, with the guide's curriculum box and the lesson's QR code,
    which the macro makes), and the keys of the variants in use into a compact packet (several keys per page)."""
    if chapter not in CHAPTER_TITLES:
        raise KeyError(f"unknown worksheet chapter {chapter!r}; known: {list(CHAPTER_TITLES)}")
    pairs = [sheet_html(chapter, n, lang) for n in range(1, ws.VARIANTS + 1)]
    msgs = class_messages(lang)
    field_id = f"aula-class-{chapter}"
    form = h("form", {"class": "aula-class-form", "novalidate": ""},
             h("label", {"for": field_id}, f"{tr(lang, CLASS['students'])} ({fmt(1, lang)}–{fmt(ws.MAX_STUDENTS, lang)})"),
             " ", h("input", {"id": field_id, "type": "text", "inputmode": "numeric", "size": "4", "autocomplete": "off",
                             "value": str(ws.VARIANTS), "data-aula-class-size": ""}),
             " ", h("button", {"type": "submit", "class": "aula-class-button"}, tr(lang, CLASS["prepare"])),
             h("p", {"class": "aula-class-status", "role": "status", "aria-live": "polite"}),
             h("p", {"class": "aula-class-actions"},
               h("button", {"type": "button", "class": "aula-class-button aula-class-main", "data-aula-print": "sheets"},
                 tr(lang, CLASS["print_sheets"])), " ",
               h("button", {"type": "button", "class": "aula-class-button", "data-aula-print": "keys"},
                 tr(lang, CLASS["print_keys"]))))
    return h("div", {"class": "aula-class-set", "data-chapter": chapter,
                     "data-roster": ",".join(str(v) for v in ws.roster(ws.MAX_STUDENTS)),
                     "data-msg-ready": msgs["ready"], "data-msg-digits": msgs["digits"], "data-msg-range": msgs["range"],
                     "data-label-student": tr(lang, CLASS["student"])},
             form,
             h("div", {"class": "aula-class-source", "hidden": ""},
               [h("section", {"class": "aula-class-copy", "data-variant": n}, sheet)
                for n, (sheet, _) in enumerate(pairs, 1)]),
             h("details", {"class": "aula-class-sheets"}, h("summary", None, tr(lang, CLASS["sheets"])),
               cover_html(chapter, lang, curriculum, code), h("div", {"class": "aula-class-print"})),
             h("details", {"class": "aula-class-keys"}, h("summary", None, tr(lang, CLASS["keys"])),
               h("div", {"class": "aula-class-packet"},
                 [h("section", {"class": "aula-class-key", "data-variant": n}, key)
                  for n, (_, key) in enumerate(pairs, 1)])))
