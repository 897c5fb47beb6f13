"""A phone with a thumb (issue 17): quizzes read in order with their options once, controls big enough
for a finger, sliders that let a vertical swipe scroll the page.

Phone emulation: 360x640, is_mobile, has_touch (so `(pointer: coarse)` matches), as the review
(../shared/reviews/phone-2026-12.md) measured."""

from __future__ import annotations

import pytest

from conftest import FAST_CONNECTION, NEED_CONNECTION, normalized, wait_python, widget

pytestmark = [pytest.mark.browser]

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
QUIZ_PAGE = "turing-2-vectors/"


@pytest.fixture
def phone(browser, server, request):
    """A phone on a slow link: live Python starts on need, or early for a test marked `live_python`."""
    context = browser.new_context(**PHONE)
    context.add_init_script(FAST_CONNECTION if request.node.get_closest_marker("live_python") else NEED_CONNECTION)
    pg = context.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    yield pg
    assert not pg.errors, pg.errors[:3]
    context.close()


@pytest.mark.parametrize("lang", ["", "pt/"])
def test_quiz_options_once_and_question_first(phone, server, lang):
    phone.goto(server + lang + QUIZ_PAGE)
    quiz = widget(phone, "quiz_dot_zero")
    quiz.scroll_into_view_if_needed()
    listed = quiz.locator(".aula-quiz-options")
    assert listed.count() == 1 and not listed.is_visible(), "the print-only list shows on screen"
    buttons = quiz.locator(".aula-choice .aula-radio")
    assert buttons.count() == 5 and all(buttons.nth(i).is_visible() for i in range(5))
    question = quiz.locator(".aula-question")
    assert question.is_visible()
    q_box, first = question.bounding_box(), buttons.first.bounding_box()
    assert q_box["y"] + q_box["height"] <= first["y"], "the question must come before the answer buttons"
    # in the document too (screen readers read in this order)
    assert quiz.evaluate("w => !!(w.querySelector('.aula-question').compareDocumentPosition("
                         "w.querySelector('.aula-choice')) & Node.DOCUMENT_POSITION_FOLLOWING)")
    phone.emulate_media(media="print")
    assert listed.is_visible(), "print keeps its list of options"


# what a finger presses: the widgets' controls, "Copiar enlace", the Python pill's button
TARGETS = (".aula-widget .aula-radio, .aula-widget select, .aula-widget input[type=text], .aula-widget textarea, "
           ".aula-widget input[type=range], .aula-widget input[type=checkbox], .aula-widget button, "
           ".aula-share-button, .aula-py-action:not([hidden])")


@pytest.mark.parametrize("path", ["positional-encoding/", QUIZ_PAGE, "pt/turing-3-generation/"])
def test_every_control_is_thumb_sized(phone, server, path):
    phone.goto(server + path)
    phone.wait_for_load_state("load")
    assert phone.evaluate("matchMedia('(pointer: coarse)').matches")
    small = phone.eval_on_selector_all(TARGETS, """els => els
        .filter(e => e.getClientRects().length)
        .map(e => [e.className || e.tagName + '.' + e.type, e.getBoundingClientRect()])
        .filter(([, r]) => r.width < 43.5 || r.height < 43.5)
        .map(([n, r]) => `${n} ${Math.round(r.width)}x${Math.round(r.height)}`)""")
    assert phone.locator(".aula-share-button").count() > 0
    assert not small, small[:8]


def test_slider_is_full_width_with_its_value_on_the_label_line(phone, server):
    phone.goto(server + "positional-encoding/")
    rng = phone.locator(".aula-widget .aula-range").first
    rng.scroll_into_view_if_needed()
    box = rng.bounding_box()
    slider = rng.locator("input[type=range]").bounding_box()
    label, out = rng.locator("label").bounding_box(), rng.locator("output").bounding_box()
    form = rng.locator("xpath=ancestor::form[1]").bounding_box()
    assert slider["width"] >= form["width"] - 2, (slider, form)
    assert box["width"] >= form["width"] - 2
    assert abs((label["y"] + label["height"] / 2) - (out["y"] + out["height"] / 2)) < 12, (label, out)
    assert out["y"] + out["height"] <= slider["y"] + 1, "the value sits above the slider, on the label's line"


def touch_drag(pg, x0: float, y0: float, dx: float, dy: float, steps: int = 10, held=None):
    """A finger from (x0, y0) moved by (dx, dy), as raw touch events (headless Chromium ignores
    Input.synthesizeScrollGesture; these scroll the page as a finger would). ``held()``, if given,
    runs while the finger is still down, and its result is returned."""
    cdp = pg.context.new_cdp_session(pg)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, steps + 1):
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchMove", "touchPoints": [{"x": x0 + dx * i / steps, "y": y0 + dy * i / steps}]})
    out = held() if held else None
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    return out


def test_vertical_swipe_on_a_slider_scrolls_the_page_and_keeps_its_value(phone, server):
    phone.goto(server + "positional-encoding/")
    phone.wait_for_load_state("load")
    slider = phone.locator(".aula-widget input[type=range]").first
    slider.evaluate("s => s.scrollIntoView({block: 'center'})")
    before = slider.input_value()
    assert slider.evaluate("s => getComputedStyle(s).touchAction") == "pan-y"
    r = slider.bounding_box()
    # start away from the thumb, where a tap would move it, and swipe up
    x = r["x"] + (r["width"] * 0.9 if float(before) <= float(slider.get_attribute("max")) / 2 else r["width"] * 0.1)
    y = r["y"] + r["height"] / 2
    scrolled = phone.evaluate("scrollY")
    touch_drag(phone, x, y, 0, -250)
    phone.wait_for_timeout(300)  # let the scroll settle; not a timing assertion
    assert slider.input_value() == before
    assert phone.evaluate("scrollY") > scrolled + 50, "the swipe scrolls the page"


def drag_values(w, names) -> list[str]:
    return w.evaluate("(w, names) => names.map(n => w.querySelector(`[data-param=\"${n}\"]`).value)", names)


@pytest.mark.live_python
@pytest.mark.parametrize("wid,grip", [("vec_dot", ".aula-lay-narrow [data-drag-x]"), ("emb_3d", ".aula-drag3d")])
def test_a_finger_drag_moves_the_figure_not_the_page(phone, server, wid, grip):
    phone.goto(server + QUIZ_PAGE)
    wait_python(phone)  # a drag step goes live; no status line appears above the figure meanwhile
    w = widget(phone, wid)
    handle = w.locator(grip).first
    handle.evaluate("e => e.scrollIntoView({block: 'center'})")
    names = handle.evaluate("e => [e.getAttribute('data-drag-x'), e.getAttribute('data-drag-y')]")
    before = drag_values(w, names)
    r = handle.bounding_box()
    view_y, scrolled = w.locator(".aula-view").bounding_box()["y"], phone.evaluate("scrollY")
    # sideways: a 3-D view turns by a sideways finger and lets a vertical swipe scroll (issue 31)
    def held():  # while the finger is down (a drag past the edge says so only once it lifts)
        phone.wait_for_timeout(300)  # let a scroll, if any, settle; not a timing assertion
        return phone.evaluate("scrollY"), w.locator(".aula-view").bounding_box()["y"]
    now, view_now = touch_drag(phone, r["x"] + r["width"] / 2, r["y"] + r["height"] / 2, 60, -10, held=held)
    after = drag_values(w, names)
    assert after != before, "the drag moved the figure's values"
    assert now == scrolled, "the page scrolled under a finger drag"
    assert abs(view_now - view_y) < 2, "the figure moved away from the finger"
    phone.wait_for_timeout(300)  # after the lift: a note may come, and the figure stays where it was
    assert abs(w.locator(".aula-view").bounding_box()["y"] - view_y) < 2, "the figure moved after the lift"


# --- without Python: the drag grid (issue 17, item 1) -----------------------------------------

def _no_python(pg):
    pg.route("**/py-worker.mjs*", lambda route: route.abort())


# the widget's grid, as the build wrote it to a file of its own (macros/sidecar.py) and the drag loaded it
GRID_JS = """(w) => window.AulaGrids[w.querySelector('script.aula-drag-grid').dataset.key]"""


@pytest.mark.parametrize("wid,grip", [("vec_dot", '.aula-lay-narrow [data-drag-x="ax"]'), ("emb_3d", ".aula-drag3d")])
def test_a_finger_drag_answers_from_the_grid_without_python(phone, server, wid, grip):
    """Python blocked: a finger drag at 360 px (the narrow copy of the figure) snaps to the build's grid,
    the figure shows that grid state, whole (both parts of one answer), and the page does not scroll."""
    _no_python(phone)
    phone.goto(server + QUIZ_PAGE)
    w = widget(phone, wid)
    handle = w.locator(grip).first
    handle.evaluate("e => e.scrollIntoView({block: 'center'})")
    assert handle.is_visible()
    names = handle.evaluate("e => [e.getAttribute('data-drag-x'), e.getAttribute('data-drag-y')]")
    before = drag_values(w, names)
    figure = w.locator('.aula-part[data-part="main"]').inner_html()
    r = handle.bounding_box()
    scrolled = phone.evaluate("scrollY")
    touch_drag(phone, r["x"] + r["width"] / 2, r["y"] + r["height"] / 2, -70, 10)
    phone.wait_for_timeout(300)  # let a scroll, if any, settle; not a timing assertion
    after = drag_values(w, names)
    assert after != before and phone.evaluate("scrollY") == scrolled
    assert w.evaluate("w => w.querySelector('script.aula-drag-grid').textContent") == ""  # not in the page
    grid = w.evaluate(GRID_JS)
    deps = w.locator('.aula-part[data-part="main"]').get_attribute("data-deps").split(",")
    key = w.evaluate("(w, deps) => { const v = window.aula.read(w).values; return deps.map(d => v[d]).join('|'); }",
                     deps)
    assert key in grid["main"], (key, list(grid["main"])[:5])   # snapped to a grid point
    shown = w.locator('.aula-part[data-part="main"]').inner_html()
    assert shown != figure and shown == normalized(phone, grid["main"][key])
    assert w.locator(".aula-part.aula-summary").inner_html() == normalized(phone, grid["summary"][key])
    assert w.get_attribute("data-rendered-by") != "python"


def test_the_narrow_handle_follows_the_finger(phone, server):
    """At 360 px the narrow copy of vec_dot is the one on screen, and a drag is read in its coordinates:
    the finger released over the grid point (−2, 4) of the narrow figure sets a = (−2, 4)."""
    _no_python(phone)
    phone.goto(server + QUIZ_PAGE)
    w = widget(phone, "vec_dot")
    handle = w.locator('[data-drag-x="ax"]').nth(1)
    assert not w.locator('[data-drag-x="ax"]').first.is_visible() and handle.is_visible()
    handle.evaluate("e => e.scrollIntoView({block: 'center'})")
    target = handle.evaluate("""h => {
      const m = h.ownerSVGElement.getScreenCTM(), u = +h.dataset.unit;
      const p = new DOMPoint(+h.dataset.x0 - 2 * u, +h.dataset.y0 - 4 * u).matrixTransform(m);
      return [p.x, p.y]; }""")
    r = handle.bounding_box()
    x0, y0 = r["x"] + r["width"] / 2, r["y"] + r["height"] / 2
    touch_drag(phone, x0, y0, target[0] - x0, target[1] - y0)
    assert drag_values(w, ["ax", "ay"]) == ["-2", "4"]


# --- −/+ beside a long slider (item 2) --------------------------------------------------------

def test_step_buttons_step_a_long_slider(phone, server):
    """A slider with more than 20 steps has − and + buttons, named in the page's language, 44 px for a
    thumb; each press moves one step (a tap and the keyboard alike), and a short slider has none."""
    phone.goto(server + "positional-encoding/")
    rng = phone.locator(".aula-range:has(.aula-step)").first
    slider = rng.locator("input[type=range]")
    minus, plus = rng.locator('.aula-step[data-step="-1"]'), rng.locator('.aula-step[data-step="1"]')
    assert plus.get_attribute("aria-label").startswith("Subir «") and minus.get_attribute("aria-label").startswith("Bajar «")
    steps = (float(slider.get_attribute("max")) - float(slider.get_attribute("min"))) / float(slider.get_attribute("step"))
    assert steps > 20
    for b in (minus, plus):
        box = b.bounding_box()
        assert box["width"] >= 43.5 and box["height"] >= 43.5
    rng.scroll_into_view_if_needed()
    w = rng.locator("xpath=ancestor::div[contains(@class, 'aula-widget')][1]")
    start = float(slider.input_value())
    summary = w.locator(".aula-summary").inner_html()
    plus.tap()
    assert float(slider.input_value()) == start + float(slider.get_attribute("step"))
    assert rng.locator("output").inner_text() != "" and w.locator(".aula-summary").inner_html() != summary
    minus.focus()
    phone.keyboard.press("Enter")
    phone.keyboard.press("Enter")
    assert float(slider.input_value()) == start - float(slider.get_attribute("step"))
    short = phone.locator(".aula-range:not(:has(.aula-step)) input[type=range]").evaluate_all(
        "els => els.map(e => (e.max - e.min) / e.step)")
    assert short and max(short) <= 20
    phone.goto(server + "pt/positional-encoding/")
    assert phone.locator(".aula-step").first.get_attribute("aria-label").startswith("Diminuir “")


# --- a swap keeps a scrolled box where the reader left it (item 4) ----------------------------

def test_a_swap_keeps_the_scroll_of_a_box_inside_the_part(phone, server):
    """The reader scrolled bigram_table's table (kept short here, so its box scrolls whatever its
    layout: on a phone the rows are cards) and picks another word: the part is swapped from the
    build's table, the box stays where the reader left it."""
    phone.goto(server + "turing-1-words/")
    phone.add_style_tag(content=".aula-widget[data-widget=bigram_table] .aula-part .aula-wide "
                                "{ max-height: 120px; overflow: auto; }")
    w = widget(phone, "bigram_table")
    part = w.locator('.aula-part[data-part="main"]')
    box = part.locator(".aula-wide").first
    box.evaluate("b => b.scrollIntoView({block: 'center'})")
    assert box.evaluate("b => b.scrollHeight > b.clientHeight + 40")
    box.evaluate("b => { b.scrollTop = 37; }")
    before = part.inner_html()
    select = w.locator('select[data-param="word"]')
    select.select_option(index=2 if select.evaluate("s => s.selectedIndex") != 2 else 3)
    assert part.inner_html() != before, "the part was swapped (from the build's table)"
    assert part.locator(".aula-wide").first.evaluate("b => b.scrollTop") == 37


# --- landscape (item 8) -----------------------------------------------------------------------

LANDSCAPE = {"viewport": {"width": 844, "height": 390}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
FIG_JS = """() => {
  const room = innerHeight - document.querySelector('.md-header').getBoundingClientRect().height;
  const out = {room, tall: [], small: 1e9, n: 0};
  for (const svg of document.querySelectorAll('.aula-widget svg.aula-svg')) {
    if (!svg.getClientRects().length) continue;
    out.n++;
    const h = svg.getBoundingClientRect().height;
    if (h > room + 0.5) out.tall.push([svg.closest('.aula-widget').dataset.widget, Math.round(h)]);
    const m = svg.getScreenCTM();
    for (const t of svg.querySelectorAll('text'))
      out.small = Math.min(out.small, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b));
  }
  return out;
}"""


@pytest.mark.parametrize("path", ["turing-2-vectors/", "pt/positional-encoding/", "turing-4-scale/"])
def test_landscape_figures_fit_under_the_header(browser, server, path):
    """At 844 x 390 (a phone held sideways) no figure is taller than the screen under the header."""
    context = browser.new_context(**LANDSCAPE)
    pg = context.new_page()
    _no_python(pg)
    pg.goto(server + path)
    r = pg.evaluate(FIG_JS)
    context.close()
    assert r["n"] > 3 and not r["tall"], r
    assert r["small"] >= 6, r  # shrunk with its box only as far as the screen's height asks
