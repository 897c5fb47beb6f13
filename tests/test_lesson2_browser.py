"""Lesson 2 in the browser: its four chapters in both languages, and the controls that only
lesson 2 has (quiz answers, clickable diagram parts, dragging, free text computed live)."""

from __future__ import annotations

import pytest

import lesson_core
from conftest import PY_TIMEOUT, normalized, part_html, wait_python, widget

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CHAPTERS = {
    "turing-1-words/": {"turing_timeline", "bigram_table", "bigram_sampler", "quiz_bigram", "tokenizer", "bpe_steps"},
    "turing-2-vectors/": {"emb_table", "emb_3d", "vec_dot", "vec_pythagoras", "emb_nearest", "emb_analogy",
                          "quiz_dot_zero", "attn_demo", "attn_shift", "quiz_attention_shift", "transformer_block",
                          "layer_norm", "word_order", "attn_formula"},
    "turing-3-generation/": {"next_token", "quiz_temperature", "train_logits", "chain_rule", "rnn_vs_transformer"},
    "turing-4-scale/": {"model_sizes", "diffusion_pixel", "diffusion_heart_noise", "diffusion_heart_generate",
                        "quiz_diffusion_alpha"},
}


@pytest.mark.parametrize("prefix", ["", "pt/"])
@pytest.mark.parametrize("chapter", sorted(CHAPTERS))
def test_chapter_has_its_widgets(page, server, prefix, chapter):
    page.goto(server + prefix + chapter)
    found = set(page.locator(".aula-widget").evaluate_all("els => els.map(e => e.dataset.widget)"))
    assert CHAPTERS[chapter] <= found


def test_quiz_answers_from_the_page(page, server):
    page.goto(server + "turing-1-words/")
    quiz = widget(page, "quiz_bigram")
    choices = quiz.locator('input[data-param="answer"]')
    values = choices.evaluate_all("els => els.map(e => e.value)")
    for value in values:
        quiz.locator(f'input[data-param="answer"][value="{value}"]').check()
        expected = lesson_core.render("quiz_bigram", {"answer": value}, "es")["parts"]["feedback"]
        assert part_html(page, "quiz_bigram", "feedback") == normalized(page, expected)


def test_diagram_parts_are_clickable(page, server):
    page.goto(server + "pt/turing-2-vectors/")
    block = widget(page, "transformer_block")
    target = block.locator("[data-set-param]").nth(1)
    value = target.get_attribute("data-value")
    target.click()
    assert block.locator('[data-param="part"]:checked').input_value() == value
    expected = lesson_core.render("transformer_block", {"part": value}, "pt")["parts"]["explain"]
    assert part_html(page, "transformer_block", "explain") == normalized(page, expected)
    target = block.locator("[data-set-param]").nth(2)
    value = target.get_attribute("data-value")
    target.focus()
    page.keyboard.press("Enter")
    assert block.locator('[data-param="part"]:checked').input_value() == value


@pytest.mark.live_python
def test_dragging_an_arrow_recomputes_in_python(page, server):
    page.goto(server + "turing-2-vectors/")
    wait_python(page)
    dot = widget(page, "vec_dot")
    dot.scroll_into_view_if_needed()
    handle = dot.locator('.aula-lay-wide [data-drag-x="ax"]')  # the copy on a desktop screen
    box = handle.bounding_box()
    before = dot.locator('input[data-param="ax"]').input_value()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] - 40, box["y"] + 30, steps=8)
    page.mouse.up()
    ax = dot.locator('input[data-param="ax"]').input_value()
    ay = dot.locator('input[data-param="ay"]').input_value()
    assert ax != before
    expected = lesson_core.render("vec_dot", {"ax": ax, "ay": ay}, "es")
    page.wait_for_function("(w) => document.querySelector(w).dataset.renderedBy === 'python'",
                           arg='.aula-widget[data-widget="vec_dot"]', timeout=PY_TIMEOUT)
    page.wait_for_timeout(300)
    html = dot.locator(".aula-view").inner_html()
    for part in expected["parts"].values():
        assert normalized(page, part) in html


@pytest.mark.live_python
def test_tokenizer_computes_typed_text_live(page, server):
    page.goto(server + "pt/turing-1-words/")
    wait_python(page)
    tok = widget(page, "tokenizer")
    tok.locator('[data-param="text"]').fill("咪 <b>oi</b>")
    page.wait_for_function("(s) => document.querySelector(s).innerText.includes('E5')",
                           arg='.aula-widget[data-widget="tokenizer"] .aula-part', timeout=PY_TIMEOUT)
    text = tok.locator('.aula-part[data-part="main"]').inner_text()
    assert "92" in text and "AA" in text
    assert page.locator(".aula-widget[data-widget='tokenizer'] b").count() == 0  # user text stays text


@pytest.mark.live_python
def test_a_large_slider_space_answers_before_python(page, server):
    """next_token has too many combinations to embed; each slider moved alone is embedded."""
    page.route("**/py-worker.mjs*", lambda route: route.abort())
    page.goto(server + "turing-3-generation/")
    wait_python(page, "failed")
    nt = widget(page, "next_token")
    nt.locator('input[data-param="temperature"]').fill("0.5")
    expected = lesson_core.render("next_token", {"temperature": "0.5"}, "es")["parts"]["table"]
    assert part_html(page, "next_token", "table") == normalized(page, expected)
    page.goto(server + "turing-4-scale/")
    heart = widget(page, "diffusion_heart_generate")
    before = part_html(page, "diffusion_heart_generate", "main")
    heart.locator('input[data-param="step"]').fill("16")
    assert part_html(page, "diffusion_heart_generate", "main") != before


def test_model_points_are_clickable(page, server):
    page.goto(server + "turing-4-scale/")
    sizes = widget(page, "model_sizes")
    point = sizes.locator('[data-set-param="model"][data-value="chinchilla"] >> visible=true')  # wide or narrow drawing
    point.click()
    assert sizes.locator('select[data-param="model"]').input_value() == "chinchilla"
    expected = lesson_core.render("model_sizes", {"model": "chinchilla"}, "es")["parts"]["detail"]
    assert part_html(page, "model_sizes", "detail") == normalized(page, expected)
