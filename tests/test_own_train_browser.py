"""Live training on the "Train your own" page, in Chromium with live Python (issue 25): a typed text
trained for a few seconds, paused and continued, the curve the same as CPython's; the page's slider
and another widget's live request answered while it trains; bad texts and a diverging rate said in
words with nothing shown lost; a hidden page stops training; the page at 360 px, touch, dark."""

from __future__ import annotations

import re

import pytest

from conftest import PY_TIMEOUT, normalized, part_html, wait_python, widget
from lesson_core.data.own_default import RUNS
from lesson_core.data.own_texts import TEXTS
from lesson_core.kit.fmt import fmt
from lesson_core.kit.registry import get, parse_params
from lesson_core.widgets import own_train as ot
from lesson_core.widgets.own_views import checkpoint_view

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TYPED = TEXTS["story"]["text"]["pt"][:2400]  # typed on the Spanish page: a text of the reader's own
W = '.aula-widget[data-widget="own_train"]'


def _step(page) -> int:
    return int(page.locator(W).get_attribute("data-train-step") or 0)


def _wait_step(page, at_least: int) -> None:
    page.wait_for_function(f"(w) => +(document.querySelector(w).dataset.trainStep || 0) >= {at_least}", arg=W,
                           timeout=PY_TIMEOUT)


def _wait_stopped(page) -> None:
    page.wait_for_function("(w) => !document.querySelector(w).hasAttribute('data-training')", arg=W,
                           timeout=PY_TIMEOUT)


def _press(page, what: str) -> None:
    widget(page, "own_train").locator(f'[data-train="{what}"]').click()


def _open(page, server, prefix=""):
    page.goto(server + prefix + "own-model/")
    wait_python(page)


def _expected_trained(text: str, step: int, lang: str, **params) -> str:
    """The trained part as CPython draws it at the checkpoint of ``step``, for the same settings."""
    values = parse_params(get("own_train"), {"example": "own", "text": text, **params})
    s = ot.Session(values, lang, steps=step)
    while not s.done:
        s.slice(1.0)
    return str(checkpoint_view(s.ckpts, len(s.ckpts) - 1, lang)[0])


def _shown_checkpoint(page) -> int:
    text = widget(page, "own_train").locator('[data-part="trained"] .aula-readout').first.inner_text()
    return int(re.sub(r"\D", "", re.match(r"\D*([\d\s.\u2060]+)", text).group(1)))


@pytest.mark.live_python
def test_typed_text_trains_pauses_and_continues_with_cpythons_curve(page, server):
    _open(page, server)
    w = widget(page, "own_train")
    w.locator('[data-param="text"]').fill(TYPED)
    assert w.locator('select[data-param="example"]').input_value() == "own"  # typing picks "my own text"
    _press(page, "train")
    _wait_step(page, 2 * ot.EVERY + 1)
    _press(page, "pause")
    _wait_stopped(page)
    page.wait_for_timeout(400)  # a slice on its way when Pause was pressed may still land
    paused = _step(page)
    page.wait_for_timeout(1000)
    assert _step(page) == paused  # paused: no more slices
    assert w.locator('[data-train="continue"]').is_enabled() and not w.locator('[data-train="pause"]').is_enabled()
    at = _shown_checkpoint(page)
    assert at >= 2 * ot.EVERY and at % ot.EVERY == 0
    assert part_html(page, "own_train", "trained") == normalized(page, _expected_trained(TYPED, at, "es"))
    _press(page, "continue")
    _wait_step(page, paused + 5)
    _press(page, "reset")
    _wait_stopped(page)
    page.wait_for_function("(w) => !document.querySelector(w + ' [data-part=trained] svg')", arg=W,
                           timeout=PY_TIMEOUT)
    assert not w.locator('[data-train="continue"]').is_enabled()


@pytest.mark.live_python
def test_other_controls_answer_while_it_trains(page, server):
    _open(page, server, "pt/")
    _press(page, "train")
    _wait_step(page, 3)
    # the precomputed slider of the run above: from the page's table, at once
    page.evaluate("() => { const s = document.querySelector('.aula-widget[data-widget=own_default] "
                  "input[data-param=step]'); s.value = '450'; s.dispatchEvent(new Event('input', {bubbles: true})); }")
    expected = fmt(RUNS["pt"]["checkpoints"][450 // ot.EVERY]["train_bpc"], "pt", 2).replace("\u2060", "")
    assert expected in part_html(page, "own_default", "main").replace("\u2060", "")
    # a live request of another part while the run goes on: answered between two slices
    w = widget(page, "own_train")
    w.locator('[data-param="text"]').fill(TYPED)  # an open value: answered by Python, not by a table
    setup = lesson_core_setup("pt", example="own", text=TYPED)
    page.wait_for_function("([w, h]) => document.querySelector(w + ' [data-part=setup]').innerHTML === h",
                           arg=[W, normalized(page, setup)], timeout=PY_TIMEOUT)
    assert page.locator(W).get_attribute("data-training") == "1"  # still training
    before = _step(page)
    _wait_step(page, before + 2)
    _press(page, "pause")


def lesson_core_setup(lang: str, **params) -> str:
    import lesson_core
    return lesson_core.render("own_train", params, lang)["parts"]["setup"]


@pytest.mark.live_python
def test_bad_texts_and_a_diverging_rate_lose_nothing_shown(page, server):
    _open(page, server)
    w = widget(page, "own_train")
    _press(page, "train")
    _wait_step(page, ot.EVERY + 1)
    _press(page, "pause")
    _wait_stopped(page)
    page.wait_for_timeout(400)
    shown = part_html(page, "own_train", "trained")
    assert "<svg" in shown
    field_msg = w.locator('[data-param="text"] ~ .aula-field-msg')
    for text, words in (("", "vacío"), ("a", "corto"), ("😀🎉🙂" * 200, "alfabeto latino"),
                        ("Привет, как дела? " * 40, "alfabeto latino")):
        w.locator('[data-param="text"]').fill(text)
        w.locator('select[data-param="example"]').select_option("own")
        _press(page, "train")
        page.wait_for_function("([w, t]) => document.querySelector(w + ' [data-param=text] ~ .aula-field-msg')"
                               ".textContent.includes(t)", arg=[W, words], timeout=PY_TIMEOUT)
        assert part_html(page, "own_train", "trained") == shown  # the last run stays on screen
        assert w.locator('[data-param="text"]').input_value() == text  # and the reader's text too
    # a megabyte: bounded, its first part kept, and the reader told how much was left out
    big = (TYPED + "\n") * (1_000_000 // len(TYPED) + 1)
    page.evaluate("([w, t]) => { const f = document.querySelector(w + ' [data-param=text]'); f.value = t;"
                  " f.dispatchEvent(new Event('input', {bubbles: true})); }", [W, big])
    page.wait_for_function("(w) => /caracteres y se dejan fuera/.test(document.querySelector(w + ' [data-part=setup]')"
                           ".textContent)", arg=W, timeout=PY_TIMEOUT)
    assert field_msg.inner_text() == ""
    # a learning rate that diverges: stops on the first non-finite loss, the last good state stays
    w.locator('select[data-param="example"]').select_option("story")
    w.locator('select[data-param="lr"]').select_option("10")
    _press(page, "train")
    page.wait_for_function("(w) => document.querySelector(w + ' [data-part=progress] [role=alert]')", arg=W,
                           timeout=PY_TIMEOUT)
    _wait_stopped(page)
    trained = part_html(page, "own_train", "trained")
    assert "<svg" in trained and "NaN" not in trained and "Infinity" not in trained
    assert "demasiado alta" in w.locator('[data-part="progress"]').inner_text()
    assert not w.locator('[data-train="continue"]').is_enabled()


@pytest.mark.live_python
def test_a_hidden_page_stops_training(page, server):
    _open(page, server)
    _press(page, "train")
    _wait_step(page, 3)
    page.evaluate("() => { Object.defineProperty(document, 'hidden', {value: true, configurable: true});"
                  " document.dispatchEvent(new Event('visibilitychange')); }")
    _wait_stopped(page)
    page.wait_for_timeout(400)
    stopped = _step(page)
    page.wait_for_timeout(1000)
    assert _step(page) == stopped
    assert "pausa" in widget(page, "own_train").locator(".aula-status").inner_text()
    page.evaluate("() => { delete document.hidden; }")
    _press(page, "continue")
    _wait_step(page, stopped + 2)
    page.evaluate("() => window.dispatchEvent(new PageTransitionEvent('pagehide'))")
    _wait_stopped(page)


@pytest.mark.live_python
def test_the_page_at_360_px_touch_and_dark_trains_without_sideways_scroll(browser, server):
    from conftest import FAST_CONNECTION
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True,
                                  color_scheme="dark", device_scale_factor=2)
    context.add_init_script(FAST_CONNECTION)
    pg = context.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    try:
        pg.goto(server + "pt/own-model/")
        wait_python(pg)
        buttons = widget(pg, "own_train").locator("[data-train]")
        for i in range(buttons.count()):
            box = buttons.nth(i).bounding_box()
            assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 360
        edit = widget(pg, "own_train").locator("[data-train-edit]")
        box = edit.bounding_box()
        assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 360, box
        assert edit.text_content() == ot.EDIT["pt"]
        widget(pg, "own_train").locator('[data-train="train"]').tap()
        _wait_step(pg, ot.EVERY + 1)
        widget(pg, "own_train").locator('[data-train="pause"]').tap()
        _wait_stopped(pg)
        assert pg.evaluate("document.documentElement.scrollWidth") <= 360
        assert pg.evaluate("(w) => document.querySelector(w).scrollWidth <= document.querySelector(w).clientWidth",
                           W)
        assert not errors
    finally:
        context.close()


def test_an_example_copied_into_the_field_is_edited_as_the_readers_own(page, server):
    """Under the text field, a button copies the chosen example into it, in the page's language: "my
    own text" is then picked, the button hides until an example is chosen again, the field has the
    focus, and the widget answers for that text as if it had been typed (live Python, as CPython
    draws it); an edit to it is the reader's own text."""
    for prefix, lang in (("pt/", "pt"), ("", "es")):
        page.goto(server + prefix + "own-model/")
        w = widget(page, "own_train")
        pick, field, edit = (w.locator('select[data-param="example"]'), w.locator('[data-param="text"]'),
                             w.locator("[data-train-edit]"))
        assert edit.is_visible() and edit.text_content() == ot.EDIT[lang]
        assert field.input_value() == ""
        pick.select_option("places")
        edit.click()
        text = TEXTS["places"]["text"][lang]
        assert field.input_value() == text
        assert pick.input_value() == "own" and not edit.is_visible()
        assert page.evaluate("(w) => document.activeElement === document.querySelector(w + ' textarea')", W)
        pick.select_option("verses")
        assert edit.is_visible()
        pick.select_option("own")
        assert not edit.is_visible()
    edited = text + "\nSan Quirico de los Andes"  # a line of the reader's own
    field.fill(edited)
    setup = lesson_core_setup("es", example="own", text=edited)
    page.wait_for_function("([w, h]) => document.querySelector(w + ' [data-part=setup]').innerHTML === h",
                           arg=[W, normalized(page, setup)], timeout=PY_TIMEOUT)
    assert page.evaluate("document.documentElement.dataset.python") == "ready"  # the text was computed live


def test_train_before_python_is_there_loads_it_and_trains(page, server):
    """A reader on a slow link presses Train first: live Python is fetched on that need, and the run starts."""
    page.goto(server + "own-model/")
    assert page.evaluate("document.documentElement.dataset.python") in ("off", "loading")
    _press(page, "train")
    wait_python(page)
    _wait_step(page, 2)
    _press(page, "pause")
    _wait_stopped(page)
