"""A widget's texts in both languages, checked where the widget is declared.

A title, a control's label or an option's label without its Portuguese (or Spanish) text would
otherwise fail only when a page in that language is built, inside ``tr()``
(``KeyError: 'pt' at lesson_core/kit/fmt.py``). :func:`text_problems` finds them when the module is
imported; ``registry.widget`` names the ``@widget(`` line.

Example: ``text_problems({"es": "Ejemplo"}, [])`` ->
``["its title has no Portuguese text ({'es': 'Ejemplo'}); write {"es": ..., "pt": ...}, one text per language"]``.
"""

from __future__ import annotations

from typing import Any, Sequence

from .fmt import LANGS, tr

__all__ = ["text_problems"]

_LANGUAGE = {"es": "Spanish", "pt": "Portuguese"}


def _bilingual_problem(what: str, table: Any) -> str | None:
    """Why ``table`` is not a text in each language, ``{"es": ..., "pt": ...}``, or None."""
    if not isinstance(table, dict):
        return f"{what} is {table!r}, not a text per language; write {{\"es\": ..., \"pt\": ...}}"
    texts = {k for k, v in table.items() if isinstance(v, str)}
    missing = [tr(lang, _LANGUAGE) for lang in LANGS if lang not in texts]
    if missing:
        return (f"{what} has no {' and no '.join(missing)} text ({table!r}); write "
                "{\"es\": ..., \"pt\": ...}, one text per language")
    return None


def text_problems(title: Any, controls: Sequence[Any]) -> list[str]:
    """The title, control labels and option labels that lack a language. An option's label may
    also be one text for both languages (a name, a symbol) or a number, shown with ``fmt``."""
    found = [_bilingual_problem("its title", title)]
    for c in controls:
        kind = f"{type(c).__name__} {c.name!r}"
        found.append(_bilingual_problem(f"{kind}: its label", c.label))
        for value, label in getattr(c, "options", ()):
            if isinstance(label, dict):
                found.append(_bilingual_problem(f"{kind}: the label of option {value!r}", label))
    return [f for f in found if f]
