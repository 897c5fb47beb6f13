"""Shared helpers for the phone tests (issue 31): the reviewer's phone, and the decimal checks.

The phone is the review's (../shared/reviews/phone-2027-01.md): 360x740, device scale 2, mobile, touch,
dark, es-MX for Spanish pages (the point convention) and pt-BR for Portuguese ones (the comma)."""

from __future__ import annotations

import contextlib
import re

from conftest import NEED_CONNECTION

LOCALE = {"": "es-MX", "pt/": "pt-BR"}
LESSONS = ["positional-encoding/", "turing-1-words/", "turing-2-vectors/", "turing-3-generation/",
           "turing-4-scale/", "real-model/"]


@contextlib.contextmanager
def phone(browser, lang: str, width: int = 360, height: int = 740):
    """A page on the review's phone in the language folder `lang` ("" or "pt/"); page errors fail."""
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True, color_scheme="dark", locale=LOCALE[lang])
    context.add_init_script(NEED_CONNECTION)  # live Python waits for a need, as on a phone's data plan
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    try:
        yield pg
        assert not errors, errors[:3]
    finally:
        context.close()


# A decimal written the other way: es-MX (point) shows no "1,5"; pt-BR (comma) no "1.5". Spanish
# thousands are a thin space, so a Spanish digit-comma-digit is a decimal, except a pair "(0,0)".
# Portuguese thousands are groups of three after a point ("5.000", "19.869,2"); "4.0" in a licence name
# and a model's version ("Llama 3.1") are names, not decimals.
_COMMA = re.compile(r"(?<![\d\u2060])\(?\d+(?:\u2060)?,\d+\)?")
_POINT = re.compile(r"\d+(?:\.\d+)+")
NAMES = ("4.0 Internacional", "BY-SA 4.0", "Llama 3.1", "3.1 ")


def stray_decimals(text: str, lang: str) -> list[str]:
    """Snippets of `text` whose decimal mark is not the reader's: a comma on a Spanish (point) page
    (marked or not: the mark must have been swapped), a point on a Portuguese page.

    >>> stray_decimals("0.5 y (0,0) y 12 500", "")
    []
    >>> stray_decimals("T = 1\\u2060,0", "")
    ['T = 1\\u2060,0']
    >>> stray_decimals("5.000 e 19.869,2 e 0,5 mas 0.5", "pt/")
    ['mas 0.5']
    >>> stray_decimals("em http://127.0.0.1:8000 e DOI 10.54675/ABCD", "pt/")
    []
    """
    found = []
    if lang == "":
        for m in _COMMA.finditer(text):
            if not (m.group().startswith("(") and m.group().endswith(")")):
                found.append(text[max(0, m.start() - 4):m.end()])
        return found
    for m in _POINT.finditer(text):
        groups = m.group().split(".")
        if 1 <= len(groups[0]) <= 3 and groups[0] != "0" and all(len(g) == 3 for g in groups[1:]):
            continue  # thousands
        around = text[max(0, m.start() - 20):m.end() + 16]
        before = text[max(0, m.start() - 4):m.start()]
        if before.endswith(("://", "DOI ", "doi:", "doi.org/")):
            continue  # an address or a DOI ("http://127.0.0.1:8000", "DOI 10.54675/..."): a name, not a number
        if not any(n in around for n in NAMES):
            found.append(text[max(0, m.start() - 4):m.end()])
    return found
