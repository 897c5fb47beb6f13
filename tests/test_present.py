"""The projector view (issue 27): every widget's "Proyectar" shows it alone over the whole screen; at
1920×1080 its figure text is 24 px or more as rendered; arrow keys and a clicker's PageDown step the
focused control; Escape and the button return to the page with the state kept. Also on a phone, by
touch, in Portuguese."""

from __future__ import annotations

import pytest

from conftest import _open_page, NEED_CONNECTION, widget
from lesson_core.kit.messages import MESSAGES

MIN_PX = 24

# The smallest figure text of a widget as drawn (font size × the SVG's scale on screen), over the
# drawings that show; null when the widget draws no text.
SMALLEST_TEXT = """(w) => {
  let least = null;
  w.querySelectorAll('svg.aula-svg text').forEach((t) => {
    if (!t.getClientRects().length || !t.textContent.trim()) return;
    const px = parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a;
    if (least === null || px < least) least = px;
  });
  return least;
}"""

UNSTYLED = "(v) => v.innerHTML.replace(/ style=\"[^\"]*\"/g, '')"  # the figure, without the sizes given to it


def project(pg, w):
    w.locator(".aula-present-button").click()
    pg.wait_for_function("(w) => w.classList.contains('aula-projecting')", arg=w.element_handle())


@pytest.mark.parametrize("path", ["positional-encoding/", "turing-2-vectors/", "turing-4-scale/"])
def test_every_widget_s_figure_text_is_large_at_1080p(page, server, path):
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(server + path)
    widgets = page.locator(".aula-widget")
    measured = 0
    for i in range(widgets.count()):
        w = widgets.nth(i)
        if not w.locator("svg.aula-svg text").count():
            continue
        project(page, w)
        box = w.bounding_box()
        assert box["x"] <= 1 and box["y"] <= 1 and box["width"] >= 1900 and box["height"] >= 1060
        least = w.evaluate(SMALLEST_TEXT)
        assert least is None or least >= MIN_PX - 0.01, (w.get_attribute("data-widget"), least)
        page.keyboard.press("Escape")
        page.wait_for_function("(w) => !w.classList.contains('aula-projecting')", arg=w.element_handle())
        measured += least is not None
    assert measured >= 2


def test_keys_step_the_control_and_escape_keeps_the_state(page, server):
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(server + "positional-encoding/")
    w = widget(page, "pe_raw_vs_wave")
    w.scroll_into_view_if_needed()
    before = page.evaluate("scrollY")
    slider = w.locator('input[type="range"]').first
    start = slider.input_value()
    figure = w.locator(".aula-view").inner_html()
    project(page, w)
    assert w.locator(".aula-present-button").text_content() == MESSAGES["present_exit"]["es"]
    page.keyboard.press("ArrowRight")  # focus is on the button: the first control steps
    one = slider.input_value()
    assert float(one) > float(start)
    slider.focus()
    page.keyboard.press("PageDown")  # a presenter's clicker: one step, not a jump
    two = slider.input_value()
    assert float(two) > float(one)
    page.keyboard.press("PageUp")
    assert slider.input_value() == one
    page.wait_for_function("([w, f]) => w.querySelector('.aula-view').innerHTML !== f",
                           arg=[w.element_handle(), figure])
    shown = w.locator(".aula-view").evaluate(UNSTYLED)
    page.keyboard.press("Escape")
    page.wait_for_function("(w) => !w.classList.contains('aula-projecting')", arg=w.element_handle())
    assert slider.input_value() == one and w.locator(".aula-view").evaluate(UNSTYLED) == shown
    assert abs(page.evaluate("scrollY") - before) < 5
    assert page.evaluate("document.activeElement.classList.contains('aula-present-button')")
    assert w.locator(".aula-present-button").text_content() == MESSAGES["present"]["es"]


@pytest.fixture
def phone(browser, server):
    context = browser.new_context(viewport={"width": 360, "height": 780}, has_touch=True, is_mobile=True)
    context.add_init_script(NEED_CONNECTION)
    pg = context.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    yield pg
    assert not pg.errors
    context.close()


def test_on_a_phone_by_touch_in_portuguese(phone, server):
    phone.goto(server + "pt/positional-encoding/")
    w = widget(phone, "pe_raw_vs_wave")
    button = w.locator(".aula-present-button")
    assert button.text_content() == MESSAGES["present"]["pt"]
    assert button.bounding_box()["height"] >= 44
    button.tap()
    phone.wait_for_function("(w) => w.classList.contains('aula-projecting')", arg=w.element_handle())
    box = w.bounding_box()
    assert box["x"] <= 1 and box["width"] >= 359
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    assert phone.evaluate("(w) => w.scrollWidth <= w.clientWidth + 1", w.element_handle())
    slider = w.locator('input[type="range"]').first
    slider.focus()
    phone.keyboard.press("ArrowRight")
    value = slider.input_value()
    button.tap()
    phone.wait_for_function("(w) => !w.classList.contains('aula-projecting')", arg=w.element_handle())
    assert button.text_content() == MESSAGES["present"]["pt"] and slider.input_value() == value
