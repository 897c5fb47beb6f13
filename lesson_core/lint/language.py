"""Text in the wrong language: Spanish left on the Portuguese side, or the reverse.

How it decides: a text's words (lower case) are counted against two small lists of very frequent
words that exist in only one of the two languages (``ES_ONLY``: el, los, del, pero, muy, puede,
también, ustedes...; ``PT_ONLY``: não, você, também, em, é, pode, uma, com...). Words that both
languages write the same way (que, de, a, se, por, como, esta, está, no, entre) are in neither
list, nor are words one language uses rarely that the other uses often ("o" is Spanish "or",
"dos" Spanish "two", "da" Spanish "gives"). A text declared in one language is in the wrong one
when it has more of the other language's words than of its own, and at least one (a short
title) or two (a paragraph of more than twelve words).

What is read:
- every ``{"es": ..., "pt": ...}`` literal of a module (titles, control labels, options, the
  values of ``tr(lang, {...})``, reader messages; the literal parts of f-strings), each value
  against its key (:func:`module_strings`);
- every paragraph, heading and list item of a page, without front matter, macros, formulas, code
  and HTML tags (:func:`page_blocks`).

Example: ``wrong_language("Softmax de tres logits con temperatura", "pt")`` -> True.
The whole check of the sources and pages (:func:`findings`) reads each file once per version:
about 0.4 s of CPU for the project, then a few ms (only what changed is read again).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from ..kit.fmt import tr

__all__ = ["ES_ONLY", "PT_ONLY", "SHARED", "WORD", "counts", "wrong_language", "module_strings", "page_blocks",
           "module_findings", "page_findings", "findings", "GENERATED_PREFIXES"]

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
NAMES = {"es": "Spanish", "pt": "Portuguese"}
GENERATED_PREFIXES = ("weights_", "tensors_")  # the real model's numbers (training/train.py): no text


def counts(text: str) -> tuple[int, int]:
    words = WORD.findall(text.lower())
    return sum(w in ES_ONLY for w in words), sum(w in PT_ONLY for w in words)


def wrong_language(text: str, lang: str) -> bool:
    es, pt = counts(text)
    own, other = tr(lang, {"es": (es, pt), "pt": (pt, es)})
    need = 2 if len(WORD.findall(text.lower())) > 12 else 1
    return other >= need and other > own


def _literal_text(node: ast.AST) -> str | None:
    """The text of a str constant, or an f-string's with ``{…}`` for each value; None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else "{…}"
                       for v in node.values)
    return None


_BOTH = re.compile(r"""["']es["'].*["']pt["']|["']pt["'].*["']es["']""", re.S)


def module_strings(source: str) -> list[tuple[int, str, str]]:
    """(line, lang, text) for every value of a ``{"es": ..., "pt": ...}`` literal in a module's
    source (a value that is just a language's own code aside)."""
    if not _BOTH.search(source):  # no such literal can be in it: not worth parsing
        return []
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Dict):
            continue
        keys = [k.value if isinstance(k, ast.Constant) else None for k in node.keys]
        if set(keys) != {"es", "pt"}:
            continue
        for lang, value in zip(keys, node.values):
            text = _literal_text(value)
            if text and text not in ("es", "pt"):
                out.append((value.lineno, lang, text))
    return out


STRIP = [re.compile(p, re.S) for p in (r"^---\n.*?\n---\n", r"\{\{.*?\}\}", r"\{%.*?%\}", r"\$\$.*?\$\$",
                                        r"\$[^$\n]+\$", r"```.*?```", r"`[^`\n]*`", r"<[^>]+>",
                                        r"\]\([^)]*\)")]


def page_blocks(text: str) -> list[tuple[int, str]]:
    """(line, text) of each paragraph, heading or list item of a page's Markdown, without markup."""
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


def _shown(text: str) -> str:
    return repr(text if len(text) <= 80 else text[:77] + "...")


def module_findings(where: str, source: str) -> list[str]:
    """One line per string of a module that reads as the other language: 'lesson_core/x.py:12: ...'."""
    return [f"{where}:{line}: the {tr(lang, NAMES)} text (\"{lang}\") reads as {tr(_other(lang), NAMES)}: {_shown(text)}; "
            f"write it in {tr(lang, NAMES)}"
            for line, lang, text in module_strings(source) if wrong_language(text, lang)]


def page_findings(where: str, text: str, lang: str) -> list[str]:
    """One line per paragraph of a page (docs/<lang>/...) that reads as the other language."""
    return [f"{where}:{line}: this paragraph of a {tr(lang, NAMES)} page reads as {tr(_other(lang), NAMES)}: "
            f"{_shown(block)}; write it in {tr(lang, NAMES)}"
            for line, block in page_blocks(text) if wrong_language(block, lang)]


def _other(lang: str) -> str:
    return tr(lang, {"es": "pt", "pt": "es"})


_seen: dict[str, tuple[bytes, list[str]]] = {}  # shown path -> (its bytes when read, its findings)


def findings(core: Path, docs: Path, shown=str) -> dict[str, list[str]]:
    """``{shown path: [finding, ...]}`` for every module under ``core`` (lesson_core; the generated
    model data aside) and every page of ``docs/es`` and ``docs/pt``; ``shown(path)`` writes a path as
    the author reads it."""
    out: dict[str, list[str]] = {}
    files = [(p, None) for p in sorted(core.rglob("*.py")) if not p.name.startswith(GENERATED_PREFIXES)]
    files += [(p, lang) for lang in NAMES for p in sorted((docs / lang).rglob("*.md"))]
    for path, lang in files:
        try:
            data = path.read_bytes()
        except OSError:  # removed while listed
            continue
        where = shown(path)
        if _seen.get(where, (None,))[0] != data:  # each version of a file read once
            text = data.decode("utf-8")
            try:
                found = page_findings(where, text, lang) if lang else module_findings(where, text)
            except SyntaxError:
                found = []  # importing the module names the mistake
            _seen[where] = (data, found)
        if _seen[where][1]:
            out[where] = _seen[where][1]
    return out
