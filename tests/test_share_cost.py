"""Sharing within a class's data (issue 27, overrides/bridge/cost.js).

- The teacher: copying a link to a state the build did not precompute says what each device will
  download (the build's own MB figure, without the real model's data for a widget that does not use
  it) and offers the nearest precomputed state; taking it copies a link that needs no Python. A link to
  a precomputed state carries no such note.
- The student: a link that needs live Python shows "preparing the shared state" in place of the figure
  while Python loads, never the default figure under the shared values; the figure comes back with
  Python's answer; if Python cannot start, the note says so and the figure comes back with the
  reader's own change.
"""

from __future__ import annotations

import json
import re

import pytest

from conftest import PY_TIMEOUT, widget
from lesson_core.kit.fmt import tr
from lesson_core.kit.messages import MESSAGES

pytestmark = [pytest.mark.browser]

PAGE = "turing-3-generation/"
LIVE = {"temperature": "0.5", "top_k": "3"}  # two sliders moved: not among the precomputed states
ONE = {"top_k": "3"}  # one slider moved: precomputed


def runtime(pg) -> dict:
    return json.loads(pg.locator('meta[name="aula-runtime-http"]').get_attribute("content"))


def link_values(link: str) -> dict:
    pairs = re.search(r"#w=next_token:(.*)$", link).group(1).split(",")
    return dict(p.split("=", 1) for p in pairs)


def set_sliders(w, values: dict) -> None:
    for name, value in values.items():
        w.locator(f'input[data-param="{name}"]').fill(value)


def copy_link(w) -> str:
    w.locator(".aula-share-button").click()
    return w.locator(".aula-share-field").input_value()


def shared(server: str, lang: str, values: dict) -> str:
    base = {"draws": "0", "seed": "1", "temperature": "1", "top_k": "8", "top_p": "1", **values}
    return server + lang + PAGE + "#w=next_token:" + ",".join(f"{k}={v}" for k, v in base.items())


@pytest.mark.parametrize("lang", ["", "pt/"])
def test_a_link_that_needs_python_says_its_cost_and_offers_the_nearest_state(page, server, lang):
    page.route("**/py-worker.mjs*", lambda route: None)  # the teacher's own Python never comes: not needed here
    page.goto(server + lang + PAGE)
    code = lang.rstrip("/") or "es"
    w = widget(page, "next_token")
    w.scroll_into_view_if_needed()
    set_sliders(w, ONE)
    copy_link(w)
    assert w.locator(".aula-cost-note").count() == 0  # precomputed: nothing to say
    set_sliders(w, LIVE)
    link = copy_link(w)
    assert {k: link_values(link)[k] for k in LIVE} == LIVE
    note = w.locator(".aula-cost-note")
    size = runtime(page)["size_plain"][code]  # next_token does not use the real model's data
    assert size != runtime(page)["size"][code]
    expected = tr(code, MESSAGES["share_cost"]).format(size=size)
    assert note.locator("p").inner_text().replace("\u2060", "") == expected.replace("\u2060", "")
    # the same figure as the page's own notes beside the controls that go live (loader.js downloadSize)
    assert f"({size.replace(chr(0x2060), '')} MB)" in w.locator(".aula-live-note").first.inner_text().replace("\u2060", "")
    nearest = note.locator(".aula-cost-nearest")
    text = nearest.inner_text()
    assert text.startswith(tr(code, MESSAGES["share_nearest"]).split("(")[0])
    nearest.click()  # the nearest state keeps one of the two moved sliders (the build precomputes one change)
    near = link_values(w.locator(".aula-share-field").input_value())
    kept = [k for k in LIVE if near[k] == LIVE[k]]
    assert len(kept) == 1, near
    assert w.locator(".aula-cost-note").count() == 0  # the new link costs nothing
    assert page.evaluate("document.documentElement.dataset.python") != "ready"


def test_the_nearest_state_is_named_as_the_page_writes_numbers(page, server):
    page.route("**/py-worker.mjs*", lambda route: None)
    page.goto(server + PAGE)
    w = widget(page, "next_token")
    w.scroll_into_view_if_needed()
    set_sliders(w, {"top_k": "3", "temperature": "0.5"})  # temperature is the one dropped, or top_k
    copy_link(w)
    text = w.locator(".aula-cost-nearest").inner_text().replace("\u2060", "")
    assert re.search(r"= (1,0|8)\)", text), text  # a slider's stop as shown (comma), never "1.0" or "1"


@pytest.mark.parametrize("lang", ["", "pt/"])
def test_a_student_sees_preparing_until_python_answers(page, server, lang):
    held = []
    page.route("**/py-worker.mjs*", lambda route: held.append(route))  # Python on its way, for now
    page.goto(shared(server, lang, LIVE))
    code = lang.rstrip("/") or "es"
    w = widget(page, "next_token")
    note = w.locator(".aula-preparing-note")
    note.wait_for()
    assert note.inner_text() == tr(code, MESSAGES["share_preparing"])
    assert w.locator(".aula-view").evaluate("v => getComputedStyle(v).visibility") == "hidden"
    assert w.locator('input[data-param="temperature"]').input_value() == "0.5"
    for route in held:
        route.continue_()
    page.unroute("**/py-worker.mjs*")
    page.wait_for_function("(w) => w.getAttribute('data-rendered-by') === 'python'", arg=w.element_handle(),
                           timeout=PY_TIMEOUT)
    page.wait_for_function("(w) => !w.querySelector('.aula-preparing-note')", arg=w.element_handle())
    assert w.locator(".aula-view").evaluate("v => getComputedStyle(v).visibility") == "visible"


def test_a_precomputed_link_shows_its_figure_at_once(page, server):
    page.route("**/py-worker.mjs*", lambda route: route.abort())
    page.goto(shared(server, "", ONE))
    w = widget(page, "next_token")
    w.locator(".aula-view").wait_for()
    assert w.locator(".aula-preparing-note").count() == 0
    assert w.get_attribute("aria-busy") is None


def test_without_python_the_shared_state_says_so_and_the_figure_returns_on_a_change(page, server):
    page.route("**/py-worker.mjs*", lambda route: route.abort())
    page.goto(shared(server, "pt/", LIVE))
    w = widget(page, "next_token")
    note = w.locator(".aula-preparing-note")
    note.wait_for()
    page.wait_for_function("([n, t]) => n.textContent === t",
                           arg=[note.element_handle(), tr("pt", MESSAGES["share_unprepared"])], timeout=PY_TIMEOUT)
    assert w.locator(".aula-view").evaluate("v => getComputedStyle(v).visibility") == "hidden"
    set_sliders(w, {"temperature": "1"})  # back to a precomputed state: the figure answers, the note goes
    assert w.locator(".aula-preparing-note").count() == 0
    assert w.locator(".aula-view").evaluate("v => getComputedStyle(v).visibility") == "visible"
