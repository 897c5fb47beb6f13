"""Text in the wrong language: Spanish left on the Portuguese side, or the reverse.

How it decides: a text's words (lower case) are counted against two small lists of very frequent
words that exist in only one of the two languages (``ES_ONLY``: el, los, del, pero, muy, puede,
también, ustedes...; ``PT_ONLY``: não, você, também, em, é, pode, uma, com...). Words that both
languages write the same way (que, de, a, se, por, como, esta, está, no, entre) are in neither
list, nor are words one language uses rarely that the other uses often ("o" is Spanish "or",
"dos" Spanish "two", "da" Spanish "gives"). A text declared in one language is in the wrong one
when it has more of the other language's words than of its own, and at least one (a short
title) or two (a paragraph of more than twelve words).

What is checked:
- every ``{"es": ..., "pt": ...}`` literal in lesson_core (a value that is just a language code aside) (the values of ``tr(lang, {...})``,
  titles, control labels, options, reader messages; the literal parts of f-strings), each value
  against its key;
- every paragraph, heading and list item of the pages, ``docs/es/`` as Spanish and ``docs/pt/``
  as Portuguese (macros, formulas, code and HTML tags left out).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from conftest import ROOT

ES_ONLY = frozenset("""el los las del al y pero muy puede pueden también una un con es son cuando lo eso
esto sus su hay tiene tienen ustedes usted donde dónde entonces cómo qué más mucho muchos mucha ya ni hasta
cuál ellos ella aquí otro otra otros nuevo cada vez palabras siguiente ahora""".split()) - {"cada", "vez"}
PT_ONLY = frozenset("""não você vocês também em é são uma um com mais pode podem ao aos às à na nas do seu sua
seus suas ele ela eles elas isso isto então quando onde muito muitos muita já nem até pelo pela pelos pelas
num numa tem têm aqui outro outra agora""".split())
# spelt the same in both languages: neither list may hold them
SHARED = {"que", "de", "a", "se", "por", "como", "esta", "está", "no", "entre", "o", "dos", "da", "para",
          "porque", "mas"}
WORD = re.compile(r"(?<!\w)[a-záéíóúâêôãõàçñü]+(?!\w)")  # a whole word: not the y of y², nor of x_y


def counts(text: str) -> tuple[int, int]:
    words = WORD.findall(text.lower())
    return sum(w in ES_ONLY for w in words), sum(w in PT_ONLY for w in words)


def wrong_language(text: str, lang: str) -> bool:
    es, pt = counts(text)
    own, other = (es, pt) if lang == "es" else (pt, es)
    need = 2 if len(WORD.findall(text.lower())) > 12 else 1
    return other >= need and other > own


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


def _literal_text(node: ast.AST) -> str | None:
    """The text of a str constant or the literal parts of an f-string; None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return " ".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    return None


def core_strings() -> list[tuple[str, str, str]]:
    """(where, lang, text) for every value of a {"es": ..., "pt": ...} literal in lesson_core."""
    out = []
    for path in sorted((ROOT / "lesson_core").rglob("*.py")):
        if path.name.startswith(("weights_", "tensors_")):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Dict):
                continue
            keys = [k.value if isinstance(k, ast.Constant) else None for k in node.keys]
            if set(keys) != {"es", "pt"}:
                continue
            for lang, value in zip(keys, node.values):
                text = _literal_text(value)
                if text and text not in ("es", "pt"):  # a language's own code
                    out.append((f"{path.relative_to(ROOT)}:{value.lineno}", lang, text))
    return out


def test_widget_strings_are_in_their_language():
    strings = core_strings()
    assert len(strings) > 300  # the scan finds the widgets' strings
    found = [f"{where} [{lang}] {text[:90]!r}" for where, lang, text in strings if wrong_language(text, lang)]
    assert not found, "text in the other language:\n" + "\n".join(found)


STRIP = [re.compile(p, re.S) for p in (r"^---\n.*?\n---\n", r"\{\{.*?\}\}", r"\{%.*?%\}", r"\$\$.*?\$\$",
                                        r"\$[^$\n]+\$", r"```.*?```", r"`[^`\n]*`", r"<[^>]+>",
                                        r"\]\([^)]*\)")]


def page_blocks(path: Path) -> list[tuple[int, str]]:
    """(line, text) of each paragraph, heading or list item of a page, without markup."""
    text = path.read_text(encoding="utf-8")
    for pattern in STRIP:  # replaced by as many newlines, so that line numbers stay right
        text = pattern.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    out, start, block = [], 1, []
    for number, line in enumerate(text.splitlines() + [""], 1):
        item = re.match(r"\s*([-*+]|\d+\.|#+|!!!|\?\?\?|===)\s", line)
        if (not line.strip() or item) and block:
            out.append((start, " ".join(block)))
            block = []
        if line.strip():
            if not block:
                start = number
            block.append(line)
    return out


def test_pages_are_in_their_language():
    found, seen = [], 0
    for lang in ("es", "pt"):
        for path in sorted((ROOT / "docs" / lang).rglob("*.md")):
            for line, text in page_blocks(path):
                seen += 1
                if wrong_language(text, lang):
                    found.append(f"{path.relative_to(ROOT)}:{line}: {text[:100]!r}")
    assert seen > 300
    assert not found, "text in the other language:\n" + "\n".join(found)
