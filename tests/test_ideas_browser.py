"""Issue 29's new widgets in the browser: the residual stream answers a typed text live (Pyodide,
the same HTML as the build's core), and the learned vectors' slider answers from the precomputed
stops before Python."""

from __future__ import annotations

import pytest

import lesson_core
from conftest import PY_TIMEOUT, normalized, part_html, wait_python, widget

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.mark.live_python
@pytest.mark.parametrize("prefix,lang", [("", "es"), ("pt/", "pt")])
def test_residual_stream_answers_typed_text_live(page, server, prefix, lang):
    page.goto(server + prefix + "real-model/")
    wait_python(page)
    typed = {"es": "Había una vez un <i>perro</i> que", "pt": "Era uma vez um <i>gato</i> que"}[lang]
    widget(page, "rm_residual").locator('[data-param="text"]').fill(typed)
    page.wait_for_function("(w) => document.querySelector(w).dataset.renderedBy === 'python'",
                           arg='.aula-widget[data-widget="rm_residual"]', timeout=PY_TIMEOUT)
    page.wait_for_timeout(300)
    expected = lesson_core.render("rm_residual", {"text": typed}, lang)["parts"]["main"]
    assert part_html(page, "rm_residual", "main") == normalized(page, expected)
    assert page.locator(".aula-widget[data-widget='rm_residual'] i").count() == 0  # user text stays text


def test_learned_vectors_slider_answers_before_python(page, server):
    page.route("**/py-worker.mjs*", lambda route: route.abort())
    page.goto(server + "pt/turing-2-vectors/")
    w = widget(page, "emb_learn")
    w.locator('input[data-param="step"]').fill("200")
    w.locator('input[data-param="step"]').dispatch_event("input")
    page.wait_for_timeout(100)
    expected = lesson_core.render("emb_learn", {"step": "200"}, "pt")["parts"]["main"]
    assert part_html(page, "emb_learn", "main") == normalized(page, expected)
