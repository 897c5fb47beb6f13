"""The real model's generation on a phone (issue 31, items 4 and 7): the text streams token by token and
sits right under its text box.

Live Python in Chromium, on the review's phone (tests/phone.py: 360x740, touch, dark, es-MX / pt-BR).
The worker posts the view of the tokens so far after each one (lesson_core/kit/stream.py,
overrides/bridge/worker/protocol.js); the bridge shows it undimmed, and the finished answer replaces it.
"""

from __future__ import annotations

import pytest

from conftest import FAST_CONNECTION, PY_TIMEOUT, wait_python, widget
from phone import phone

pytestmark = [pytest.mark.browser]

# every change of rm_generate's main part: [new tokens shown, the "so far" line, the widget marked
# streaming, the part's opacity, aria-busy]
WATCH = """(w) => {
  window.__seen = [];
  new MutationObserver(() => {
    const part = w.querySelector('.aula-part[data-part="main"]');
    window.__seen.push([part.querySelectorAll('mark.aula-gen').length, !!part.querySelector('.aula-streaming'),
                        w.hasAttribute('data-streaming'), getComputedStyle(part).opacity, w.getAttribute('aria-busy')]);
  }).observe(w, {childList: true, subtree: true});
}"""
TYPE = """(w, text) => { const box = w.querySelector('textarea[data-param="text"]');
  box.value = text; box.dispatchEvent(new Event('input', {bubbles: true})); }"""
TEXT = {"": "La niña abrió la ventana y vio", "pt/": "A menina abriu a janela e viu"}


@pytest.mark.parametrize("lang", ["", "pt/"])
def test_generation_streams_token_by_token(browser, server, lang):
    with phone(browser, lang) as pg:
        pg.context.add_init_script(FAST_CONNECTION)  # Python early: this test is about the answer, not the download
        pg.goto(server + lang + "real-model/")
        wait_python(pg)
        w = widget(pg, "rm_generate")
        w.scroll_into_view_if_needed()
        n = int(w.locator('input[data-param="n"]').input_value())
        w.evaluate(WATCH)
        w.evaluate(TYPE, TEXT[lang])
        pg.wait_for_function("""(w) => w.getAttribute('data-rendered-by') === 'python' && !w.hasAttribute('aria-busy')
                                 && w.querySelectorAll('.aula-part[data-part="main"] mark.aula-gen').length > 0""",
                             arg=w.element_handle(), timeout=PY_TIMEOUT)
        seen = pg.evaluate("window.__seen")
        partial = [s for s in seen if s[1]]
        assert partial, f"no partial answer was shown before the finished one: {seen[:5]}"
        assert min(s[0] for s in partial) < n, "the first tokens came only with the last"
        counts = [s[0] for s in partial]
        assert counts == sorted(counts) and len(set(counts)) > 1, counts  # one token after another
        # while it streams, the new text is not dimmed as the old one is, and the widget still works on it
        assert all(s[2] and s[3] == "1" and s[4] == "true" for s in partial), partial[:3]
        last = seen[-1]
        assert last[0] == n and not last[1] and not last[2]
        assert TEXT[lang] in w.locator('.aula-part[data-part="main"] .aula-prompt').inner_text()


@pytest.mark.parametrize("lang", ["", "pt/"])
def test_the_continuation_sits_under_its_text_box(browser, server, lang):
    """With the keyboard open a phone shows about the top half of the screen: the text the model writes
    starts right under the box the reader types in, above the sliders (lesson_core Widget.after)."""
    with phone(browser, lang) as pg:
        pg.goto(server + lang + "real-model/")
        w = widget(pg, "rm_generate")
        w.scroll_into_view_if_needed()
        box = w.locator('textarea[data-param="text"]').bounding_box()
        out = w.locator('.aula-part[data-part="main"]').bounding_box()
        slider = w.locator('input[data-param="temperature"]').bounding_box()
        keyboard_top = pg.viewport_size["height"] / 2
        assert out["y"] >= box["y"] + box["height"] - 1, "the continuation comes after the box"
        assert out["y"] - (box["y"] + box["height"]) < 40, (box, out)
        assert slider["y"] >= out["y"] + out["height"] - 1, "the sliders come after the continuation"
        # scrolled so the box is at the top under the header, the first line of the text is above the keyboard
        header = pg.locator(".md-header").bounding_box()["height"]
        assert header + box["height"] + (out["y"] - box["y"] - box["height"]) + 24 < keyboard_top
