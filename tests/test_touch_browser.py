"""A phone with a thumb (issue 17): quizzes read in order with their options once, controls big enough
for a finger, sliders that let a vertical swipe scroll the page.

Phone emulation: 360x640, is_mobile, has_touch (so `(pointer: coarse)` matches), as the review
(../shared/reviews/phone-2026-12.md) measured."""

from __future__ import annotations

import pytest

from conftest import FAST_CONNECTION, widget

pytestmark = [pytest.mark.browser]

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
QUIZ_PAGE = "turing-2-vectors/"


@pytest.fixture
def phone(browser, server):
    context = browser.new_context(**PHONE)
    context.add_init_script(FAST_CONNECTION)
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
