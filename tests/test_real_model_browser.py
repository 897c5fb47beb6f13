"""The real model's page in the browser: every widget on both pages, the precomputed heads
before Python, and a typed sentence answered live by the model running in Pyodide."""

from __future__ import annotations

import pytest

import lesson_core
from conftest import PY_TIMEOUT, normalized, part_html, wait_python, widget

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WIDGETS = {"rm_tokens", "rm_attention", "rm_next", "rm_generate", "rm_training", "rm_neighbors", "rm_size",
           "bigram_own", "bpe_own"}


@pytest.mark.parametrize("prefix", ["", "pt/"])
def test_page_has_every_widget(page, server, prefix):
    page.goto(server + prefix + "real-model/")
    found = set(page.locator(".aula-widget").evaluate_all("els => els.map(e => e.dataset.widget)"))
    assert WIDGETS <= found


@pytest.mark.live_python
def test_heads_answer_before_python(page, server):
    page.route("**/py-worker.mjs*", lambda route: route.abort())
    page.goto(server + "pt/real-model/")
    wait_python(page, "failed")
    att = widget(page, "rm_attention")
    att.locator('input[data-param="head"][value="3"]').check()
    text = att.locator('[data-param="text"]').input_value()
    expected = lesson_core.render("rm_attention", {"text": text, "layer": 1, "head": 3}, "pt")["parts"]["main"]
    assert part_html(page, "rm_attention", "main") == normalized(page, expected)


@pytest.mark.live_python
def test_typed_text_is_answered_by_the_model_live(page, server):
    page.goto(server + "real-model/")
    wait_python(page)
    nxt = widget(page, "rm_next")
    typed = "La ciudad tiene un río <b>y</b> 👋"
    nxt.locator('[data-param="text"]').fill(typed)
    page.wait_for_function("(w) => document.querySelector(w).dataset.renderedBy === 'python'",
                           arg='.aula-widget[data-widget="rm_next"]', timeout=PY_TIMEOUT)
    page.wait_for_timeout(300)
    expected = lesson_core.render("rm_next", {"text": typed}, "es")["parts"]["main"]
    assert part_html(page, "rm_next", "main") == normalized(page, expected)
    assert page.locator(".aula-widget[data-widget='rm_next'] b").count() == 0  # user text stays text
