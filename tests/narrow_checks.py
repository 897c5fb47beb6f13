"""Phones first (issue 16), in the browser: what the sweep of every page checks at phone widths, run by
tests/test_readers.py (`test_every_figure_fits_a_phone`) in the same visit of each page as its
accessibility checks (one load per page for both). On every page of both languages (lessons, teacher
guides, worksheets, class sets, glossary), at 320, 360, 375 and 412 px, no widget figure or table is
wider than its box, no formula or Markdown table wider than its column, no other box of the content
column scrolls sideways, and figure text is 11 px or more (font size times the drawing's scale); at
1280 px every converted figure shows its wide drawing at its full width. The core's side is
tests/test_narrow.py.
"""

from __future__ import annotations

from conftest import poll_js
from test_narrow import MIN_FIGURE_PX, PHONES

MEASURE_JS = """(minPx) => {
  const shown = (e) => e.getClientRects().length > 0;
  const out = {wide: [], small: [], formulas: [], boxes: [], tables: 0, figures: 0};
  const seen = new Set();
  for (const w of document.querySelectorAll('.aula-widget')) {
    const id = w.dataset.widget;
    for (const box of w.querySelectorAll('.aula-fig, .aula-wide, .aula-scroll, .aula-figs, .aula-tables')) {
      seen.add(box);
      if (!shown(box)) continue;
      if (box.scrollWidth > box.clientWidth + 1) out.wide.push([id, box.className, box.scrollWidth, box.clientWidth]);
    }
    for (const svg of w.querySelectorAll('svg.aula-svg')) {
      if (!shown(svg)) continue;
      out.figures++;
      for (const t of svg.querySelectorAll('text')) {
        const m = shown(t) && t.textContent.trim() ? t.getScreenCTM() : null;
        if (!m) continue;
        const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
        if (px < minPx - 0.01) out.small.push([id, t.textContent.slice(0, 20), px.toFixed(1)]);
      }
    }
  }
  for (const box of document.querySelectorAll('.aula-math, .md-typeset__scrollwrap')) {
    seen.add(box);
    if (box.closest('.aula-widget') || !shown(box)) continue;
    if (box.scrollWidth > box.clientWidth + 1) out.formulas.push([box.className, box.scrollWidth, box.clientWidth]);
  }
  // Any other box of the content column that scrolls sideways: a teacher's plan or answer key, a
  // worksheet's or a class set's table, a quiz's explanation, whatever markup made it.
  for (const box of document.querySelectorAll('.md-content *:not(svg *)')) {
    if (box.tagName === 'TABLE' && !box.closest('.aula-widget') && shown(box)) out.tables++;
    if (seen.has(box) || !shown(box) || !/auto|scroll/.test(getComputedStyle(box).overflowX)) continue;
    if (box.scrollWidth > box.clientWidth + 1) {
      const w = box.closest('.aula-widget');
      out.boxes.push([w ? w.dataset.widget : '', box.tagName.toLowerCase() + '.' + box.className, box.scrollWidth,
                      box.clientWidth]);
    }
  }
  return out;
}"""

# A quiz's explanation shows once the reader answers (a precomputed part, no Python): answer each
# quiz with an option other than the one shown (the device keeps the last answer, in both languages),
# then wait until every feedback part has changed.
ANSWER_JS = """() => {
  const parts = [];
  for (const w of document.querySelectorAll('.aula-widget')) {
    const radio = w.querySelector('input[type=radio][data-param="answer"]:not([value="none"]):not(:checked)');
    const feedback = w.querySelector('.aula-part[data-part="feedback"]');
    if (!radio || !feedback) continue;
    parts.push([feedback, feedback.innerHTML]);
    radio.checked = true;
    radio.dispatchEvent(new Event('change', {bubbles: true}));
  }
  window.__aulaAnswered = parts;
  return parts.length;
}"""
# answered once its feedback changed, or shows an explanation already: an answer restored from an earlier
# page of the sweep (progress is kept per quiz id, shared by both languages) and another wrong option
# give the same explanation
ANSWERED_JS = """() => window.__aulaAnswered.every(([part, before]) =>
  part.innerHTML !== before || part.querySelector('.aula-feedback') !== null)"""
# aula.css lets the browser skip laying out a widget off screen (content-visibility: auto); measured
# there, its boxes keep the sizes of their last layout (a 650 px explanation at 320 px after 1280).
# Measure every widget laid out as it is on screen.
ON_SCREEN_CSS = ".aula-widget { content-visibility: visible !important; }"

WIDE_JS = """() => [...document.querySelectorAll('.aula-figs')].map(f => {
  const wide = f.querySelector('.aula-lay-wide svg'), narrow = f.querySelector('.aula-lay-narrow svg');
  return [f.closest('.aula-widget').dataset.widget, wide.getClientRects().length > 0,
          narrow.getClientRects().length > 0, wide.getBoundingClientRect().width / wide.viewBox.baseVal.width];
})"""


def check_page(pg, name: str) -> dict:
    """The phone checks of the page open in `pg` (at 1280 px, as loaded): its problems and what was
    measured. It answers the page's quizzes, so it runs after the checks of the page as loaded. It runs
under the page's policy, which forbids eval(): its waits are conftest.poll_js."""
    out = {"problems": [], "figures": 0, "tables": 0, "answered": 0}
    problems = out["problems"]
    pg.set_viewport_size({"width": 1280, "height": 800})
    pg.add_style_tag(content=ON_SCREEN_CSS)  # the policy's style-src allows inline style (the figures' colours)
    for wid, shows_wide, shows_narrow, scale in pg.evaluate(WIDE_JS):
        if not (shows_wide and not shows_narrow and scale >= 1):
            problems.append(f"{name} at 1280px: {wid} does not show its wide figure at full size ({scale:.2f})")
    quizzes = pg.evaluate(ANSWER_JS)
    if quizzes:
        assert pg.evaluate(poll_js(ANSWERED_JS)), f"{name}: a quiz's explanation never showed"
        out["answered"] += quizzes
    for width in PHONES:
        pg.set_viewport_size({"width": width, "height": 800})
        pg.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        r = pg.evaluate(MEASURE_JS, MIN_FIGURE_PX)
        out["figures"] += r["figures"]
        out["tables"] += r["tables"]
        problems += [f"{name} at {width}px: {wid} {cls} is {sw} px wide in a {cw} px box"
                     for wid, cls, sw, cw in r["wide"]]
        problems += [f"{name} at {width}px: {wid} text {t!r} at {px} px" for wid, t, px in r["small"]]
        problems += [f"{name} at {width}px: {cls} {sw} px in {cw}" for cls, sw, cw in r["formulas"]]
        problems += [f"{name} at {width}px: {wid or 'page'} {cls} scrolls: {sw} px in {cw}"
                     for wid, cls, sw, cw in r["boxes"]]
    return out
