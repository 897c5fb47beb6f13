"""Saving Aula on a phone for offline reading: what a save takes and what the control says.

Pure data, no I/O: ``macros/pwa.py`` lists the built site's files and calls :func:`groups` and
:func:`size_text`; the service worker (``overrides/bridge/sw/main.js``) and the control
(``overrides/bridge/save.js``) receive the result as JSON.

A *save group* is what one tap stores: the page itself (or every page of one language), the files
those pages refer to, the files every page needs (theme, bridge, search) and the live-Python runtime,
so a saved page opens offline with its figures, formulas, search and live Python.

Example: ``groups({"a/index.html": ("es", ["x.css"])}, {"es": ["s.js"]}, ["py.wasm"])`` ->
``{"page:a/index.html": ["a/index.html", "py.wasm", "s.js", "x.css"],
"all:es": ["a/index.html", "py.wasm", "s.js", "x.css"]}``.
"""

from __future__ import annotations

from .fmt import fmt, tr

__all__ = ["MESSAGES", "groups", "group_bytes", "size_text", "messages"]

MESSAGES: dict[str, dict[str, str]] = {
    "save_title": {"es": "Guardar sin conexión", "pt": "Salvar para usar offline"},
    "save_intro": {
        "es": "Guarda las lecciones en este teléfono para leerlas sin datos ni wifi, con sus figuras y el "
              "cálculo en vivo.",
        "pt": "Guarde as lições neste celular para ler sem dados nem Wi-Fi, com as figuras e o cálculo ao vivo.",
    },
    "save_page": {"es": "Esta página ({size})", "pt": "Esta página ({size})"},
    "save_all": {"es": "Todas las lecciones en español ({size})",
                 "pt": "Todas as lições em português ({size})"},
    "saving": {"es": "Guardando… {pct} %", "pt": "Salvando… {pct} %"},
    "saved_page": {"es": "Esta página está guardada.", "pt": "Esta página está salva."},
    "saved_all": {"es": "Todas las lecciones están guardadas.", "pt": "Todas as lições estão salvas."},
    "saved_auto": {
        "es": "Como la conexión es rápida y sin límite de datos, esta página se guardó automáticamente para "
              "leerla sin conexión.",
        "pt": "Como a conexão é rápida e sem franquia de dados, esta página foi salva automaticamente para ler "
              "offline.",
    },
    "stored": {"es": "Ocupa {used} MB en este dispositivo (libre: {free} MB).",
               "pt": "Ocupa {used} MB neste aparelho (livre: {free} MB)."},
    "remove": {"es": "Borrar lo guardado", "pt": "Apagar o que foi salvo"},
    "removed": {"es": "Se borró lo guardado.", "pt": "O que estava salvo foi apagado."},
    "err_full": {
        "es": "No hay espacio suficiente en este dispositivo, o el navegador no permite guardar. La página "
              "sigue funcionando en línea.",
        "pt": "Não há espaço suficiente neste aparelho, ou o navegador não permite salvar. A página continua "
              "funcionando online.",
    },
    "err_offline": {
        "es": "Se cortó la conexión antes de terminar: no quedó nada a medias. Vuelve a tocar el botón "
              "cuando tengas conexión y se retoma.",
        "pt": "A conexão caiu antes do fim: nada ficou pela metade. Toque de novo no botão quando tiver "
              "conexão e o salvamento continua.",
    },
    "err_busy": {"es": "Ya se está guardando en otra pestaña; espera a que termine.",
                 "pt": "Já está salvando em outra aba; espere terminar."},
    "err_changed": {"es": "Hay una versión nueva de las lecciones: espera un momento y vuelve a tocar el botón.",
                    "pt": "Há uma versão nova das lições: espere um momento e toque de novo no botão."},
    "reload": {"es": "Ver la versión nueva", "pt": "Ver a versão nova"},
    "updated": {"es": "Las lecciones se actualizaron a una versión nueva.",
                "pt": "As lições foram atualizadas para uma versão nova."},
    "offline_title": {"es": "Sin conexión", "pt": "Sem conexão"},
    "offline_text": {
        "es": "Esta página no está guardada en este dispositivo. Estas sí se pueden abrir sin conexión:",
        "pt": "Esta página não está salva neste aparelho. Estas podem ser abertas sem conexão:",
    },
    "offline_none": {"es": "Todavía no hay nada guardado. Con conexión, usa «Guardar sin conexión» al final "
                           "de cualquier página.",
                     "pt": "Ainda não há nada salvo. Com conexão, use “Salvar para usar offline” no fim de "
                           "qualquer página."},
}

APP: dict[str, dict[str, str]] = {
    "name": {"es": "Aula: cómo funcionan los modelos de lenguaje",
             "pt": "Aula: como funcionam os modelos de linguagem"},
    "short_name": {"es": "Aula", "pt": "Aula"},
}

CONTROL_KEYS = ("save_title", "save_intro", "saving", "saved_page", "saved_all", "saved_auto", "stored", "remove",
                "removed", "err_full", "err_offline", "err_busy", "err_changed", "reload", "updated")


def groups(pages: dict[str, tuple[str, list[str]]], shared: dict[str, list[str]],
           runtime: list[str]) -> dict[str, list[str]]:
    """Save groups: ``pages`` maps each page (its path under the site) to its language and the files
    it refers to; ``shared`` maps a language to the files every
    page of that language needs; ``runtime`` is live Python. Each page gets ``page:<path>``, each
    language ``all:<lang>``; every list is sorted and has no repeats."""
    out: dict[str, list[str]] = {}
    every: dict[str, set[str]] = {}
    for path, (lang, refs) in pages.items():
        files = {path, *refs, *tr(lang, shared), *runtime}
        out["page:" + path] = sorted(files)
        every.setdefault(lang, set()).update(files)
    for lang, files in every.items():
        out["all:" + lang] = sorted(files)
    return out


def group_bytes(files: list[str], sizes: dict[str, int]) -> int:
    """Bytes a group stores: the sum of its files' sizes."""
    return sum(sizes[f] for f in files)


def size_text(n_bytes: int, lang: str) -> str:
    """A size in megabytes as the reader writes it, one decimal: 12 345 678 -> "12,3 MB"."""
    return fmt(round(n_bytes / 1e6, 1), lang, 1) + " MB"


def messages(lang: str) -> dict[str, str]:
    """The control's messages in ``lang``."""
    return {key: tr(lang, MESSAGES[key]) for key in CONTROL_KEYS}
