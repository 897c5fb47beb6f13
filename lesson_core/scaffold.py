"""``python -m lesson_core new-lesson NAME``: the files of a new lesson, following every convention.

Writes, in the project at ``root`` (the folder with mkdocs.yml):
  docs/es/NAME.md, docs/pt/NAME.md        the twin pages (a widget, a value(), a formula, an admonition)
  lesson_core/widgets/NAME.py             one example widget, with PARITY_CASES
  tests/test_NAME.py                      tests pinning the example's numbers
  mkdocs.yml                              NAME.md appended to nav:
and refuses to overwrite anything. ``python -m lesson_core check NAME`` then runs every check the
lesson needs (lesson_core/lint: both languages, a phone's width, labels; and tests/test_NAME.py). Run only from the command line (never imported by lesson_core).

Example: ``new_lesson("softmax", Path("."))`` -> the paths written, widget id ``softmax_example``.
"""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["new_lesson", "next_steps", "NAME_RE"]

NAME_RE = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")

PAGE = {
    "es": '''---
title: {title}
---

# {title}

Escribe aquí la lección, en español y para quien la lee en español. Cada número de la página sale de
`lesson_core`: el doble de {{{{ value("{wid}", "x", digits=1) }}}} es {{{{ value("{wid}", "double", digits=1) }}}}.

En las fórmulas, la coma decimal va entre llaves: $x = 0{{,}}5$ (así KaTeX no la toma por una lista).

$$ y = 2x $$

{{{{ widget("{wid}") }}}}

!!! note "Para pensar"

    ¿Qué pasa con $y$ cuando $x$ vale {{{{ value("{wid}", "x", x=1.5, digits=1) }}}}?
''',
    "pt": '''---
title: {title}
---

# {title}

Escreva aqui a aula, em português e para quem a lê em português. Cada número da página vem do
`lesson_core`: o dobro de {{{{ value("{wid}", "x", digits=1) }}}} é {{{{ value("{wid}", "double", digits=1) }}}}.

Nas fórmulas, a vírgula decimal vai entre chaves: $x = 0{{,}}5$ (assim o KaTeX não a confunde com uma lista).

$$ y = 2x $$

{{{{ widget("{wid}") }}}}

!!! note "Para pensar"

    O que acontece com $y$ quando $x$ vale {{{{ value("{wid}", "x", x=1.5, digits=1) }}}}?
''',
}

WIDGET = '''"""Widgets of the lesson "{name}" (docs/es/{name}.md, docs/pt/{name}.md).

Computations belong in lesson_core/topics/<topic>.py (standard library only, plain lists and floats);
this module only lays them out. Replace the example with the lesson's widgets.
"""

from __future__ import annotations

from ..kit.controls import Range
from ..kit.fmt import fmt, tr
from ..kit.html import h, num, svg
from ..kit.messages import ParamError
from ..kit.registry import View, widget
from ..kit.svgkit import Frame, figure

LESSON = "{name}"


@widget("{wid}", lesson=LESSON,
        title={{"es": "Ejemplo: el doble de un número", "pt": "Exemplo: o dobro de um número"}},
        controls=[Range("x", {{"es": "Número x", "pt": "Número x"}}, 0.5, min=0, max=2, step=0.1, decimals=1)])
def example(p: dict, lang: str) -> View:
    """y = 2x as a bar (every stop of the slider is precomputed at build time)."""
    x = p["x"]
    if x == 0:
        raise ParamError("x", {{"es": "Elige un número mayor que 0.", "pt": "Escolha um número maior que 0."}})
    y = 2 * x
    caption = tr(lang, {{"es": f"El doble de {{fmt(x, lang, 1)}} es {{fmt(y, lang, 1)}}.",
                        "pt": f"O dobro de {{fmt(x, lang, 1)}} é {{fmt(y, lang, 1)}}."}})

    def draw(frame: Frame):  # drawn twice from the same numbers: wide, and narrow for a phone (264 units)
        W, H = frame.width, 60
        length = (W - 40) * y / 4  # y is at most 4; room is left for the number
        bar = h("rect", {{"x": 0, "y": 10, "width": num(length), "height": 24, "class": "aula-pos"}})
        label = h("text", {{"x": num(length + 6), "y": 27, "class": "aula-tick"}}, fmt(y, lang, 1))
        return svg(W, H, bar, label, label=caption)

    view = figure(draw) + h("p", {{"class": "aula-readout"}}, caption)
    return View(parts={{"main": view}}, data={{"x": x, "double": y}}, summary=caption)  # summary: for screen readers


# Non-default calls that the parity test runs under Pyodide and CPython (identical JSON required).
PARITY_CASES = [("{wid}", {{"x": "1.7"}})]
# Heavy default computations to warm into the browser's Python snapshot (usually none):
# WARM_CASES = [("{wid}", {{}})]
'''

TEST = '''"""The lesson "{name}": its example widget's numbers, pinned."""

import pytest

import lesson_core
from lesson_core.kit.fmt import plain


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_example_doubles(lang):
    result = lesson_core.render("{wid}", {{"x": "0.7"}}, lang)
    assert result["ok"] and result["data"] == {{"x": 0.7, "double": 1.4}}
    assert "1,4" in plain(result["parts"]["main"])  # Spanish marks its decimal comma (fmt)


def test_example_refuses_zero_in_the_readers_language():
    bad = lesson_core.render("{wid}", {{"x": "0"}}, "pt")
    assert not bad["ok"] and bad["error"] == {{"param": "x", "message": "Escolha um número maior que 0."}}
'''


def _titles(name: str) -> str:
    return name.replace("-", " ").capitalize()


def add_to_nav(config: str, page: str) -> str:
    """mkdocs.yml's text with `page` after the last lesson page at the top of nav: (before any
    section such as the teachers' one; comments kept)."""
    match = re.search(r"^nav:\n((?:[ \t]+-[^\n]*\n|[ \t]*#[^\n]*\n)+)", config, re.M)
    if not match:
        raise ValueError("mkdocs.yml has no top-level nav: list to add the page to")
    indent = re.match(r"([ \t]+)-", match.group(1)).group(1)
    pages = [m for m in re.finditer(rf"^{indent}- [^:\n]+\.md[ \t]*\n", match.group(1), re.M)
             if m.group(0).strip() != "- glossary.md"]  # the glossary closes the lessons
    at = match.start(1) + (pages[-1].end() if pages else len(match.group(1)))
    return config[:at] + f"{indent}- {page}\n" + config[at:]


def next_steps(name: str) -> str:
    """What the author does after the scaffold: the one command that checks the new lesson."""
    return (f"next: link the page from docs/es/index.md and docs/pt/index.md, write both pages, preview with "
            f"`bash scripts/serve.sh`, and check the lesson with `.venv/bin/python -m lesson_core check {name}` "
            f"(both languages' text, a phone's width and the labels of every state of its widgets, then "
            f"tests/test_{name.replace('-', '_')}.py)")


def new_lesson(name: str, root: Path) -> list[Path]:
    """Write the lesson's files (see the module docstring); returns them. Raises ValueError on a
    bad name, outside a project, or when a file exists already."""
    if not NAME_RE.fullmatch(name):
        raise ValueError(f"lesson name {name!r}: use lowercase letters, digits and single hyphens, e.g. 'softmax-temperature'")
    config_path = root / "mkdocs.yml"
    if not config_path.is_file():
        raise ValueError(f"{root.resolve()} has no mkdocs.yml: run this in the project's folder (or pass --root)")
    module = name.replace("-", "_")
    wid = f"{module}_example"
    values = {"name": name, "wid": wid, "title": _titles(name)}
    files = {root / "docs" / lang / f"{name}.md": text.format(**values) for lang, text in PAGE.items()}
    files[root / "lesson_core" / "widgets" / f"{module}.py"] = WIDGET.format(**values)
    files[root / "tests" / f"test_{module}.py"] = TEST.format(**values)
    existing = [str(p) for p in files if p.exists()]
    if existing:
        raise ValueError("not overwriting " + ", ".join(existing))
    config = add_to_nav(config_path.read_text(encoding="utf-8"), f"{name}.md")
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    config_path.write_text(config, encoding="utf-8")
    return [*files, config_path]
