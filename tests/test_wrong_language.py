"""Text in the wrong language: Spanish left on the Portuguese side, or the reverse.

How it decides: see ``lesson_core/lint/language.py`` (frequent words found in only one of the
two languages, counted).

What is checked:
- every ``{"es": ..., "pt": ...}`` literal in lesson_core (a value that is just a language code aside) (the values of ``tr(lang, {...})``,
  titles, control labels, options, reader messages; the literal parts of f-strings), each value
  against its key;
- every paragraph, heading and list item of the pages, ``docs/es/`` as Spanish and ``docs/pt/``
  as Portuguese (macros, formulas, code and HTML tags left out).

The check itself is ``lesson_core/lint/language.py``, which every build and ``mkdocs serve`` run
too (each finding an author mistake at its file and line); these tests pin how it decides and that
the project passes it.
"""

from __future__ import annotations

import pytest

from conftest import ROOT
from lesson_core.lint.language import (ES_ONLY, GENERATED_PREFIXES, PT_ONLY, SHARED, module_strings, page_blocks,
                                        wrong_language)


def test_the_lists_hold_only_one_language_s_words():
    assert not ES_ONLY & PT_ONLY and not (ES_ONLY | PT_ONLY) & SHARED


@pytest.mark.parametrize("text,lang,wrong", [
    ("Softmax de tres logits con temperatura", "pt", True),
    ("Softmax de três logits com temperatura", "pt", False),
    ("Softmax de tres logits con temperatura", "es", False),
    ("Você pode mover o controle e ver o que muda.", "es", True),
    ("Ustedes pueden mover el control y ver qué cambia.", "pt", True),
    ("Ustedes pueden mover el control y ver qué cambia.", "es", False),
    ("Temperatura", "pt", False), ("média de x² e y²", "pt", False),
])
def test_the_check_decides(text, lang, wrong):
    assert wrong_language(text, lang) is wrong


def core_strings() -> list[tuple[str, str, str]]:
    """(where, lang, text) for every value of a {"es": ..., "pt": ...} literal in lesson_core."""
    out = []
    for path in sorted((ROOT / "lesson_core").rglob("*.py")):
        if path.name.startswith(GENERATED_PREFIXES):
            continue
        for line, lang, text in module_strings(path.read_text(encoding="utf-8")):
            out.append((f"{path.relative_to(ROOT)}:{line}", lang, text))
    return out


def test_widget_strings_are_in_their_language():
    strings = core_strings()
    assert len(strings) > 300  # the scan finds the widgets' strings
    found = [f"{where} [{lang}] {text[:90]!r}" for where, lang, text in strings if wrong_language(text, lang)]
    assert not found, "text in the other language:\n" + "\n".join(found)


def test_pages_are_in_their_language():
    found, seen = [], 0
    for lang in ("es", "pt"):
        for path in sorted((ROOT / "docs" / lang).rglob("*.md")):
            for line, text in page_blocks(path.read_text(encoding="utf-8")):
                seen += 1
                if wrong_language(text, lang):
                    found.append(f"{path.relative_to(ROOT)}:{line}: {text[:100]!r}")
    assert seen > 300
    assert not found, "text in the other language:\n" + "\n".join(found)
