"""Drags on the review's phone (issue 31, item 3), 360 px, touch, dark, both languages: a vertical
swipe on a figure scrolls the page unless it starts on a handle; a handle stops at the figure's edge,
with the field holding what the figure shows and saying why it stopped; the figure stays under the finger
mid-drag."""

from __future__ import annotations

import pytest

from phone import phone
from test_touch_browser import drag_values, touch_drag

pytestmark = [pytest.mark.browser]
PAGE = "turing-2-vectors/"
# the top of the figure on screen (a part swap replaces the svg element)
TOP = """w => { const s = [...w.querySelectorAll('.aula-lay-narrow svg')].find(s => s.getClientRects().length);
  return s ? s.getBoundingClientRect().top : null; }"""


def _figure(w, wid):
    return w.locator(".aula-drag3d").first if wid == "emb_3d" else w.locator(".aula-lay-narrow svg").first


@pytest.mark.parametrize("lang", ["", "pt/"])
@pytest.mark.parametrize("wid", ["emb_3d", "vec_dot"])
def test_a_vertical_swipe_on_a_figure_scrolls_the_page(browser, server, lang, wid):
    with phone(browser, lang) as pg:
        pg.goto(server + lang + PAGE)
        w = pg.locator(f'.aula-widget[data-widget="{wid}"]').first
        fig = _figure(w, wid)
        fig.evaluate("e => e.scrollIntoView({block: 'center'})")
        names = ["yaw", "pitch"] if wid == "emb_3d" else ["ax", "ay", "bx", "by"]
        before, scrolled = drag_values(w, names), pg.evaluate("scrollY")
        r = fig.bounding_box()
        # away from vec_dot's handles: its top-left corner; the 3-D view anywhere
        x, y = (r["x"] + r["width"] / 2, r["y"] + r["height"] * 0.6) if wid == "emb_3d" else (r["x"] + 12, r["y"] + 12)
        touch_drag(pg, x, y, 0, -220)
        pg.wait_for_timeout(300)  # let the scroll settle; not a timing assertion
        assert pg.evaluate("scrollY") > scrolled + 50, "the swipe did not scroll the page"
        assert drag_values(w, names) == before


@pytest.mark.parametrize("lang", ["", "pt/"])
def test_a_handle_stops_at_the_edge_and_the_figure_stays_under_the_finger(browser, server, lang):
    with phone(browser, lang) as pg:
        pg.route("**/py-worker.mjs*", lambda route: route.abort())  # no Python: the status line speaks
        pg.goto(server + lang + PAGE)
        w = pg.locator('.aula-widget[data-widget="vec_dot"]').first
        handle = w.locator('.aula-lay-narrow [data-drag-x="ax"]').first
        handle.evaluate("e => e.scrollIntoView({block: 'center'})")
        top = w.evaluate(TOP)
        r = handle.bounding_box()
        x0, y0 = r["x"] + r["width"] / 2, r["y"] + r["height"] / 2
        cdp = pg.context.new_cdp_session(pg)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
        tops = []
        for i in range(1, 13):  # far past the right edge, a little down
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": min(355, x0 + 30 * i), "y": y0 + 4 * i}]})
            tops.append(w.evaluate(TOP))
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        cdp.detach()
        assert all(abs(t - top) < 1.5 for t in tops), (top, tops)
        ax, ay = (float(v.replace(",", ".")) for v in drag_values(w, ["ax", "ay"]))
        assert ax == 5 and -5 <= ay <= 5, "the handle stops at the right edge"
        # the field says why it stopped there (a note, not an error), in the page's language
        from lesson_core.kit.messages import msg
        said = msg("drag_max", "pt" if lang else "es", max="5")
        assert w.locator(".aula-field-msg").evaluate_all("ms => ms.map(m => m.textContent.trim()).filter(Boolean)") == [said]
        assert w.locator('input[data-param="ax"]').get_attribute("aria-invalid") is None
