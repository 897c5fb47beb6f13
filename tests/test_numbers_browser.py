"""Numbers as the reader writes them, in Chromium (issue 18, items 1 and 2).

Spanish pages are built with the decimal comma, each marked by lesson_core.kit.fmt (U+2060 before it);
overrides/bridge/numbers.js shows a decimal point to readers who write it: by default from the
browser's languages (es-MX → point, es-ES → comma), or by the header's choice, kept on the device.
Portuguese keeps the comma. The checks walk every text node and the attributes readers meet (aria-label,
aria-valuetext, title) of the whole page: prose, tables, SVG labels, summaries, formulas.
"""

from __future__ import annotations

import json
import re

import pytest

from conftest import NEED_CONNECTION, PY_TIMEOUT, widget
from test_teacher_browser import pdf_text

# Every text a reader can meet, scripts and styles left out (the precomputed tables are data).
TEXTS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.documentElement, 5, {acceptNode: (n) =>
    n.nodeType === 1 && (n.nodeName === 'SCRIPT' || n.nodeName === 'STYLE') ? 2 : 1});
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.nodeType === 3) out.push(n.data);
    else for (const a of ['aria-label', 'aria-valuetext', 'title']) if (n.getAttribute(a)) out.push(n.getAttribute(a));
  }
  return out.join('\\n');
}"""
COMMA, POINT = "\u2060,", "\u2060."
# a decimal comma / point between digits that no mark explains (the header's own "1,5" / "1.5" buttons aside)
BARE_COMMA = re.compile(r"\d,\d")


def reader(browser, locale: str, stored: str | None = None):
    """A fresh browser context for a reader whose browser lists `locale` (and maybe a stored choice), on
    a slow link: live Python starts when a typed number needs it."""
    ctx = browser.new_context(locale=locale)
    ctx.add_init_script(NEED_CONNECTION)
    if stored is not None:
        ctx.add_init_script(f"try {{ localStorage.setItem('aula.numbers', {json.dumps(stored)}); }} catch (e) {{}}")
    pg = ctx.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.on("console", lambda m: pg.errors.append(m.text) if m.type == "error" else None)
    return ctx, pg


def shown(pg) -> str:
    """The page's texts, the header's choice left out."""
    return pg.evaluate(TEXTS).replace("Decimales con coma: 1,5", "").replace("Decimales con punto: 1.5", "") \
        .replace("\n1,5\n", "\n").replace("\n1.5\n", "\n")


def convention(pg) -> str:
    return pg.evaluate("window.aula.numbers.convention()")


def assert_point(text: str) -> None:
    assert COMMA not in text and text.count(POINT) > 5
    unmarked = [m.group(0) for m in re.finditer(r".{0,20}\d,\d.{0,5}", text)]
    assert not unmarked, unmarked[:5]


def assert_comma(text: str) -> None:
    assert POINT not in text and text.count(COMMA) > 5


@pytest.mark.parametrize("path", ["turing-3-generation/", "turing-2-vectors/", "teacher/class/turing-2-vectors/"])
def test_a_point_reader_sees_no_decimal_comma_and_a_comma_reader_no_point(browser, server, path):
    ctx, pg = reader(browser, "es-MX")
    pg.goto(server + path)
    assert convention(pg) == "point"
    assert_point(shown(pg))
    ctx.close()
    ctx, pg = reader(browser, "es-ES")
    pg.goto(server + path)
    assert convention(pg) == "comma"
    assert_comma(shown(pg))
    assert not pg.errors
    ctx.close()


def test_swapped_parts_live_results_and_the_note_on_a_typed_number(browser, server):
    ctx, pg = reader(browser, "es-MX")
    pg.goto(server + "turing-3-generation/")
    w = widget(pg, "train_logits")  # a precomputed swap: the step slider
    w.locator('input[data-param="step"]').fill("7")
    w.locator('input[data-param="step"]').dispatch_event("input")
    assert_point(shown(pg))

    pg.goto(server + "turing-2-vectors/")
    w = widget(pg, "vec_dot")
    assert w.locator('input[data-param="ax"]').input_value() == "3"
    field = w.locator('input[data-param="bx"]')
    field.fill("1,5")  # a point reader's "1,5" is no number of theirs; the comma's 1.5 is read, and said
    note = w.locator(".aula-field-msg").nth(2)
    assert note.inner_text() == "Leído como 1.5."
    assert field.get_attribute("aria-invalid") is None
    pg.wait_for_function("document.querySelector('.aula-widget[data-widget=\"vec_dot\"]')"
                         ".getAttribute('data-rendered-by') === 'python'", timeout=PY_TIMEOUT)
    main = w.locator('.aula-part[data-part="main"]')
    html = main.inner_html()
    assert POINT in html and COMMA not in html
    assert_point(shown(pg))
    field.fill("2.5")
    pg.wait_for_timeout(50)
    assert note.inner_text() == ""
    assert not pg.errors
    ctx.close()


# A typed number refused, by a reader of either convention: how it was read, and which was meant when the
# other convention reads another number (numtext.js checkNumber, messages from lesson_core/kit/messages.py).
REFUSED = [
    ("es-AR", "turing-2-vectors/", "vec_dot", "bx", "1.275", "Leído como 1275: el máximo es 5. ¿Querías decir 1,275?"),
    ("es-MX", "turing-2-vectors/", "vec_dot", "bx", "1,275", "Leído como 1275: el máximo es 5. ¿Querías decir 1.275?"),
    ("es-AR", "turing-2-vectors/", "vec_dot", "by", "-1.275",
     "Leído como \u22121275: el mínimo es \u22125. ¿Querías decir \u22121,275?"),
    ("es-MX", "turing-2-vectors/", "vec_dot", "by", "-1,275",
     "Leído como \u22121275: el mínimo es \u22125. ¿Querías decir \u22121.275?"),
    ("es-AR", "pt/turing-2-vectors/", "vec_dot", "bx", "1.275", "Lido como 1275: o máximo é 5. Você quis dizer 1,275?"),
    ("es-AR", "positional-encoding/", "pe_fingerprint", "d", "1.275",
     "Leído como 1275: el máximo es 512. ¿Querías decir 1,275?"),
    ("es-MX", "positional-encoding/", "pe_fingerprint", "d", "1,275",
     "Leído como 1275: el máximo es 512. ¿Querías decir 1.275?"),
    ("pt-BR", "pt/positional-encoding/", "pe_fingerprint", "d", "1.275",
     "Lido como 1275: o máximo é 512. Você quis dizer 1,275?"),
    # only the other convention reads it: how it was read, nothing to ask
    ("es-MX", "positional-encoding/", "pe_fingerprint", "d", "2,5", "Leído como 2.5: tiene que ser un número entero."),
    ("es-AR", "positional-encoding/", "pe_fingerprint", "d", "2.5", "Leído como 2,5: tiene que ser un número entero."),
    ("pt-BR", "pt/positional-encoding/", "pe_fingerprint", "d", "2.5", "Lido como 2,5: precisa ser um número inteiro."),
    # read the same by both: the plain refusal
    ("es-AR", "turing-2-vectors/", "vec_dot", "bx", "7", "El máximo es 5."),
    ("es-MX", "turing-2-vectors/", "vec_dot", "bx", "7", "El máximo es 5."),
]


@pytest.mark.parametrize("locale, path, widget_id, param, typed_text, said", REFUSED)
def test_a_refused_number_says_how_it_was_read(browser, server, locale, path, widget_id, param, typed_text, said):
    ctx, pg = reader(browser, locale)
    pg.goto(server + path)
    w = widget(pg, widget_id)
    field = w.locator(f'input[data-param="{param}"]')
    before = w.locator(".aula-part").first.inner_html()
    field.fill(typed_text)
    box = pg.locator("#" + field.get_attribute("aria-describedby"))
    assert box.inner_text() == said
    assert field.get_attribute("aria-invalid") == "true"
    assert w.locator(".aula-part").first.inner_html() == before  # the last good figure stays
    assert not pg.errors
    ctx.close()


def test_the_choice_persists_across_pages_and_switches_back(browser, server):
    ctx, pg = reader(browser, "es-ES")
    pg.goto(server + "turing-3-generation/")
    group = pg.locator("[data-aula-numbers-choice]")
    assert group.is_visible() and group.get_attribute("aria-label") == "Separador decimal"
    pg.locator('button[data-convention="point"]').click()
    assert convention(pg) == "point" and pg.locator('button[data-convention="point"]').get_attribute("aria-pressed") == "true"
    assert_point(shown(pg))
    pg.goto(server + "turing-4-scale/")
    assert convention(pg) == "point"
    assert_point(shown(pg))
    pg.locator('button[data-convention="comma"]').click()
    assert_comma(shown(pg))
    pg.goto(server + "positional-encoding/")
    assert convention(pg) == "comma"
    ctx.close()


@pytest.mark.parametrize("locale, expected", [("es-MX", "point"), ("es-US", "point"), ("es-PR", "point"),
                                              ("es-GT", "point"), ("es-ES", "comma"), ("es-AR", "comma"),
                                              ("es", "comma"), ("en-US", "comma")])
@pytest.mark.parametrize("stored", [None, "garbage", '{"v":1}'])
def test_default_from_the_browser_and_a_damaged_choice_falls_back(browser, server, locale, expected, stored):
    ctx, pg = reader(browser, locale, stored)
    pg.goto(server + "turing-1-words/")
    assert convention(pg) == expected
    ctx.close()


def test_portuguese_keeps_the_comma_and_has_no_choice(browser, server):
    ctx, pg = reader(browser, "es-MX", "point")
    pg.goto(server + "pt/turing-3-generation/")
    assert convention(pg) == "comma"
    assert pg.locator("[data-aula-numbers-choice]").count() == 0
    text = pg.evaluate(TEXTS)
    assert "\u2060" not in text and BARE_COMMA.search(text)
    ctx.close()


def test_print_keeps_the_convention(browser, server):
    ctx, pg = reader(browser, "es-MX")
    pg.goto(server + "worksheets/turing-2-vectors/#w=ws_vectors:variant=3")
    text, _ = pdf_text(pg, "A4")  # the PDF's text has a space where the (zero-width) mark was: "0 .178"
    assert "Variante 3" in text and re.search(r"\d ?\.\d", text)
    assert not re.search(r"\d ?,\d", text), re.findall(r".{0,20}\d ?,\d", text)[:5]
    ctx.close()


def test_copying_a_number_leaves_the_mark_behind(browser, server):
    ctx, pg = reader(browser, "es-ES")
    pg.goto(server + "turing-3-generation/")
    copied = pg.evaluate("""() => {
      const el = [...document.querySelectorAll('.md-content p')].find((p) => p.textContent.includes('\\u2060,'));
      const range = document.createRange(); range.selectNodeContents(el);
      const sel = getSelection(); sel.removeAllRanges(); sel.addRange(range);
      const data = new DataTransfer();
      document.dispatchEvent(new ClipboardEvent('copy', {clipboardData: data, bubbles: true, cancelable: true}));
      return [data.getData('text/plain'), data.getData('text/html')];
    }""")
    assert "," in copied[0] and "\u2060" not in copied[0] and "\u2060" not in copied[1]
    ctx.close()


def test_the_search_index_carries_no_marks(site):
    for index in (site / "search" / "search_index.json", site / "pt" / "search" / "search_index.json"):
        text = index.read_text(encoding="utf-8")
        assert "\u2060" not in text and "\\u2060" not in text
    assert "\u2060," in (site / "turing-3-generation" / "index.html").read_text(encoding="utf-8")
