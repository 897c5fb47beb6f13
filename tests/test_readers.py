"""Every reader: summaries in words, phones, dark scheme, keyboard and screen readers (issue 8).

The core's side runs without a browser: every widget's view carries a summary of its result,
in both languages, that changes whenever the figure does. The browser side checks every page
of the built site: axe-core (WCAG 2.2 A/AA) in light and dark at 1280 and 375 px, no page wider
than the screen from 320 to 1280 px, figure text of 11 CSS px or more at 360 px, targets of
24 px (44 px with a finger), colours with enough contrast. One browser, one visit per page, shared
with the phone sweep (narrow_checks.py: figures, formulas and tables at 320-412 px) and with the
policy sweep (test_safety_browser.py's WATCH: the page's Content Security Policy enforced through the
whole visit, no violation and no console error), and with a finger's targets on a 375 px phone
(touch emulated in the same page).
The keyboard walk through every widget is in test_keyboard.py.
"""

from __future__ import annotations

import re

import pytest

import lesson_core
import narrow_checks
from conftest import NEED_CONNECTION, add_axe, assert_clean_html, poll_js
from test_safety_browser import WATCH, site_pages, violations
from lesson_core.kit.controls import Choice, Number, Range, Text, Toggle
from lesson_core.kit.registry import SUMMARY, all_widgets

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
WIDTHS = [320, 360, 375, 412, 768, 1280]
MIN_FIGURE_PX = 11


# --- the core: summaries -------------------------------------------------------------------

def _other_value(c) -> str | None:
    """A valid value of control ``c`` other than its default, as the browser would send it."""
    if isinstance(c, (Choice, Range, Toggle)):
        others = [v for v in c.values() if c.canon(v) != c.canon(c.default)]
        return c.canon(others[len(others) // 2]) if others else None
    if isinstance(c, Number):
        step = 2 if c.default + 2 <= c.max else -2   # even: keeps a dimension d valid
        return c.canon(c.default + step)
    if isinstance(c, Text):
        return str(c.default) + " gato"
    return None


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_every_widget_says_its_result_in_words(lang):
    """A summary for every widget, plain text in the page's language, and it changes with the figure."""
    for w in all_widgets():
        base = lesson_core.render(w.id, None, lang)
        said = base["parts"][SUMMARY]
        assert said.strip() and "<" not in said, w.id
        assert_clean_html(said)
        other_lang = "pt" if lang == "es" else "es"
        if w.controls:
            assert said != lesson_core.render(w.id, None, other_lang)["parts"][SUMMARY], w.id
        for c in w.controls:
            value = _other_value(c)
            if value is None:
                continue
            moved = lesson_core.render(w.id, {c.name: value}, lang)
            if not moved["ok"]:
                continue  # e.g. two axes of the 3-D view on the same dimension: a message, no figure
            figure_moved = any(moved["parts"][p] != base["parts"][p] for p in w.parts if p != SUMMARY)
            if figure_moved:
                assert moved["parts"][SUMMARY] != said, f"{w.id}: {c.name}={value} changes the figure, not the summary"


def test_the_summary_is_precomputed_wherever_the_figure_is():
    """Adding the summary never sends a control to live Python that the figure did not need."""
    for w in all_widgets():
        figure = [p for p, deps in w.parts.items() if deps and p != SUMMARY]
        if figure and all(w.precomputable(p) for p in figure):
            assert w.precomputable(SUMMARY), w.id


def test_clickable_figures_are_groups_not_images():
    """A figure holding buttons or handles is role=group (axe nested-interactive); every figure is named."""
    for w in all_widgets():
        for lang in ("es", "pt"):
            for html in lesson_core.render(w.id, None, lang)["parts"].values():
                for tag in re.findall(r"<svg\b[^>]*>", html):
                    # a legend's key (svgkit.legend) is decoration beside its text
                    assert 'aria-label="' in tag or 'aria-hidden="true"' in tag, (w.id, tag[:80])
                for m in re.finditer(r'<svg\b[^>]*role="img".*?</svg>', html, re.S):
                    assert "tabindex" not in m.group(0), w.id


# --- the browser: every page -------------------------------------------------------------------

def _pages(site) -> list[str]:
    """Every HTML page of the built site, as paths under the server's root."""
    out = []
    for f in sorted(site.rglob("index.html")):
        rel = f.parent.relative_to(site).as_posix()
        if rel.startswith(("assets", "search")):
            continue
        out.append("" if rel == "." else rel + "/")
    return out


def _lessons(site) -> list[str]:
    return [p for p in _pages(site) if (site / p / "index.html").read_text(encoding="utf-8").count("aula-widget") > 0]


# Rules whose answer can change with the width (and aula.js's scroll boxes, marked on resize).
LAYOUT_RULES = ["scrollable-region-focusable", "target-size", "meta-viewport", "nested-interactive",
                "aria-allowed-attr", "aria-valid-attr-value", "aria-prohibited-attr", "aria-required-attr",
                "aria-input-field-name"]
# ... and with the colour scheme.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]

AXE_JS = """async ([tags, rules]) => {
  const only = rules ? {type: 'rule', values: rules.filter(r => axe.getRules(tags).some(x => x.ruleId === r))}
                     : {type: 'tag', values: tags};
  const r = await axe.run(document, {runOnly: only, resultTypes: ['violations']});
  return r.violations.map(v => ({id: v.id, n: v.nodes.length, where: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
}"""

# Contrast of what axe does not see: SVG text against the widget's background (4.5:1), each
# figure colour of the scheme against it (3:1) and the focus ring (3:1).
CONTRAST_JS = """() => {
  const probe = document.createElement('span'); document.body.appendChild(probe);
  const rgba = (css) => { probe.style.color = ''; probe.style.color = css; const m = getComputedStyle(probe).color.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const lin = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); };
  const lum = (c) => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  const over = (fg, bg, a) => [0, 1, 2].map(i => fg[i] * a + bg[i] * (1 - a));
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const bad = [];
  const w0 = document.querySelector('.aula-widget');
  if (!w0) { probe.remove(); return bad; }
  const bg = rgba(getComputedStyle(w0).backgroundColor);
  const body = getComputedStyle(document.body);
  for (const name of ['red', 'blue', 'gold', 'green', 'purple', 'grey', 'pos', 'neg', 'focus']) {
    const c = rgba(body.getPropertyValue('--aula-' + name));
    const r = ratio(over(c, bg, c[3]), bg);
    if (r < 3) bad.push('--aula-' + name + ' ' + r.toFixed(2));
  }
  for (const t of document.querySelectorAll('.aula-widget svg text')) {
    const cs = getComputedStyle(t);
    if (cs.visibility === 'hidden' || cs.display === 'none' || cs.fill === 'none') continue;
    let a = parseFloat(cs.fillOpacity) * parseFloat(cs.opacity);
    for (let e = t.parentElement; e && e.tagName.toLowerCase() !== 'svg'; e = e.parentElement) a *= parseFloat(getComputedStyle(e).opacity);
    const c = rgba(cs.fill);
    // the backgrounds a label can sit on: the widget's; a coloured mark drawn just before it;
    // a shaded cell, from the lightest (the widget's) to the darkest (the shade at full strength)
    const grounds = [bg];
    if (t.classList.contains('aula-on-mark')) {
      const mark = getComputedStyle(t.previousElementSibling);
      grounds[0] = over(rgba(mark.fill), bg, parseFloat(mark.fillOpacity));
    }
    if (t.closest('.aula-on-shade')) grounds.push(over(rgba(body.getPropertyValue('--aula-shade')), bg, 0.98));
    for (const g of grounds) {
      const r = ratio(over(c, g, c[3] * a), g);
      if (r < 4.5) bad.push('text "' + t.textContent.slice(0, 20) + '" ' + r.toFixed(2));
    }
  }
  probe.remove();
  return bad;
}"""

LAYOUT_JS = """([width, minPx]) => {
  const out = {overflow: document.documentElement.scrollWidth - window.innerWidth, small: [], count: 0};
  if (minPx) {
    for (const t of document.querySelectorAll('.aula-widget svg text')) {
      if (!t.textContent.trim()) continue;
      const m = t.getClientRects().length ? t.getScreenCTM() : null;
      if (!m) continue;  // the layout not shown at this width (svgkit.figure draws two)
      const scale = Math.hypot(m.a, m.b);
      const px = parseFloat(getComputedStyle(t).fontSize) * scale;
      out.count++;
      if (px < minPx - 0.01) out.small.push(t.textContent.slice(0, 20) + ' ' + px.toFixed(1) + 'px');
    }
  }
  return out;
}"""

TARGETS_JS = """(minPx) => {
  const small = [];
  const box = (el) => el.getBoundingClientRect();
  const seen = new Set();
  const targets = document.querySelectorAll('.aula-widget input:not([type=radio]), .aula-widget select, ' +
    '.aula-widget textarea, .aula-radio, .aula-widget [data-set-param], .aula-widget [data-drag-x]');
  for (const el of targets) {
    let r = box(el);
    const hit = el.querySelector && el.querySelector('.aula-hit');
    if (hit) r = box(hit);
    if (!r.width && !r.height) continue;  // not shown (a closed <details>)
    if (r.width < minPx - 0.5 || r.height < minPx - 0.5) {
      const key = el.tagName + (el.getAttribute('data-param') || el.getAttribute('data-value') || el.className.baseVal || el.className);
      if (!seen.has(key)) { seen.add(key); small.push(key + ' ' + r.width.toFixed(0) + 'x' + r.height.toFixed(0)); }
    }
  }
  return small;
}"""


def _block_python(pg):
    """Axe and layout need no live Python: its download would only slow the test."""
    pg.route("**/py-worker.mjs", lambda route: route.abort())


def _set_scheme(pg, scheme: str):
    """Material's scheme switch, as its toggle does it (no transitions: reduced motion is on)."""
    pg.evaluate("(s) => document.body.setAttribute('data-md-color-scheme', s)", scheme)


# readers.js (on pages with widgets) says for which width it last marked the page's scroll boxes
MARKED_JS = "(w) => !document.querySelector('.aula-widget') || document.documentElement.dataset.aulaMarked === String(w)"


def _settle(pg, width: int, wait: bool = True):
    pg.set_viewport_size({"width": width, "height": 800})
    if wait:  # readers.js marks the scroll boxes after the first frame and again 150 ms after a resize
        assert pg.evaluate(poll_js(MARKED_JS), width), f"readers.js never marked the page at {width} px"


def _readers_checks(pg, server: str, name: str, out: dict) -> None:
    """The accessibility checks of the page open in `pg`, as loaded (see the test below)."""
    problems = out["problems"]

    def axe(where: str, rules: list[str] | None):
        for v in pg.evaluate(AXE_JS, [AXE_TAGS, rules]):
            problems.append(f"{where}: {v}")

    add_axe(pg, server)
    _set_scheme(pg, "default")
    for width in sorted(WIDTHS, reverse=True):
        _settle(pg, width, wait=width in (1280, 375))
        r = pg.evaluate(LAYOUT_JS, [width, MIN_FIGURE_PX if width == 360 else 0])
        if r["overflow"] > 0:
            problems.append(f"{name} at {width}px: page {r['overflow']} px wider than the screen")
        problems += [f"{name} at 360px: figure text {t}" for t in r["small"]]
        out["measured"] += r["count"]
        if width == 1280:
            axe(f"{name} light 1280", None)
            problems += [f"{name} at 1280px: target {t} under 24 px" for t in pg.evaluate(TARGETS_JS, 24)]
    problems += [f"{name} light: {bad}" for bad in pg.evaluate(CONTRAST_JS)]
    _set_scheme(pg, "slate")
    _settle(pg, 375)
    axe(f"{name} dark 375", LAYOUT_RULES + COLOUR_RULES)
    problems += [f"{name} dark: {bad}" for bad in pg.evaluate(CONTRAST_JS)]


@pytest.fixture(scope="module")
def every_page(browser, server, site) -> dict:
    """One visit of every page for four sweeps: the accessibility checks of the page as loaded, then
    the phone checks (narrow_checks.py), which answer its quizzes, then a finger's targets on a phone,
    all under the page's own Content Security Policy, whose violations and the console's errors are
    collected through the whole visit. A page's load costs about as much CPU as either of the first two
    sweeps' work on it, and the four read the same pages. The quiz answers are cleared before the next page, so each page is checked as a
    first visit. The policy forbids eval(), which Playwright's wait_for_function uses: the waits here
    are promise-returning evaluate()s (conftest.poll_js)."""
    # colours settle at once when the scheme changes; live Python waits for a need (none here)
    context = browser.new_context(reduced_motion="reduce", bypass_csp=False)
    context.add_init_script(WATCH + NEED_CONNECTION)
    pg = context.new_page()
    errors = []
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    _block_python(pg)
    readers = {"problems": [], "measured": 0}
    narrow = {"problems": [], "figures": 0, "tables": 0, "answered": 0}
    policy = {"problems": [], "pages": 0}
    touch = {"problems": [], "lessons": 0, "want": len(_lessons(site))}
    cdp = context.new_cdp_session(pg)
    pages = site_pages(site)  # every page of the site, its 404 pages included
    try:
        for path in pages:
            errors.clear()
            pg.goto(server + path)
            name = path or "/"
            policy["problems"] += _policy_problems(pg, name)
            _readers_checks(pg, server, name, readers)
            _set_scheme(pg, "default")
            for key, value in narrow_checks.check_page(pg, name).items():
                narrow[key] += value
            _touch_checks(pg, cdp, name, touch)
            pg.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
            policy["problems"] += [f"{name}: {v}" for v in violations(pg)]
            policy["problems"] += [f"{name}: console: {e}" for e in errors]
            policy["pages"] += 1
    finally:
        context.close()
    return {"pages": pages, "readers": readers, "narrow": narrow, "policy": policy, "touch": touch}


# A phone held in the hand, as a context opened with is_mobile and has_touch sets it (Playwright's
# Chromium page: Emulation.setDeviceMetricsOverride with mobile, Emulation.setTouchEmulationEnabled),
# switched on in the open page and back off: "off" is what set_viewport_size(375 x 800) sent, so that
# Playwright's own record of the viewport stays true.
PHONE = {"width": 375, "height": 800, "screenWidth": 375, "screenHeight": 800, "deviceScaleFactor": 1}
FRAMES_JS = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def _touch_checks(pg, cdp, name: str, out: dict) -> None:
    """With a finger on a 375 px phone (pointer: coarse): every target 44 x 44 px or more, and the page
    no wider than the screen."""
    pg.set_viewport_size({"width": PHONE["width"], "height": PHONE["height"]})
    cdp.send("Emulation.setDeviceMetricsOverride",
             {**PHONE, "mobile": True, "screenOrientation": {"angle": 0, "type": "portraitPrimary"}})
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True})
    try:
        pg.evaluate(FRAMES_JS)
        if not pg.evaluate("matchMedia('(pointer: coarse)').matches"):
            out["problems"].append(f"{name}: a finger's phone not emulated (pointer is not coarse)")
        targets = pg.evaluate(TARGETS_JS, 44)
        out["problems"] += [f"{name}: {s}" for s in targets]
        over = pg.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        if over > 0:
            out["problems"].append(f"{name}: page {over} px wider than a 375 px phone")
        out["lessons"] += pg.evaluate("!!document.querySelector('.aula-widget')")
    finally:
        cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": False})
        cdp.send("Emulation.setDeviceMetricsOverride",
                 {**PHONE, "mobile": False, "screenOrientation": {"angle": 0, "type": "landscapePrimary"}})


def _policy_problems(pg, name: str) -> list[str]:
    """The page's policy, as macros/csp.py writes it: scripts from the site only, no inline style."""
    policy = pg.evaluate("(document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]') || {}).content")
    if not policy or "script-src 'self'" not in policy or "unsafe-inline" in policy.split("style-src")[0]:
        return [f"{name}: policy {policy!r}"]
    return []


def test_every_page_light_and_dark_at_every_width(every_page):
    """On every page: 0 axe violations (WCAG 2.2 A/AA) in light and dark at 1280 and 375 px;
    SVG text and figure colours with enough contrast in both schemes; no page wider than the
    screen at any width; figure text of 11 CSS px or more at 360 px; targets of 24 px or more.

    One page load per URL (shared with the phone sweep) and two axe runs: the full rule set at 1280
    light, and at 375 dark the rules that the width or aula.js's scroll boxes can change plus the
    colour rules. The rest would repeat a run on the same DOM: the layout rules do not depend on the
    scheme (light 375 = dark 375), nor the colours on the width (dark 1280 = dark 375), and axe's
    passes are most of this test's time."""
    readers = every_page["readers"]
    assert readers["measured"] > 300  # the figures were there to measure
    assert not readers["problems"], "\n".join(readers["problems"][:30])


def test_every_figure_fits_a_phone(every_page):
    """At 320, 360, 375 and 412 px, on every page of both languages (lessons, teacher guides,
    worksheets, class sets, glossary): no converted widget's figure or table wider than its box, no
    display formula or Markdown table wider than its column, no other box of the content column
    scrolling sideways (a plan, an answer key, a quiz's explanation once answered), figure text of
    11 px or more (narrow_checks.py)."""
    pages, narrow = every_page["pages"], every_page["narrow"]
    for kind in ("teacher/", "worksheets/", "teacher/class/"):   # the sweep reaches them in both languages
        assert any(p.startswith(kind) for p in pages) and any(p.startswith("pt/" + kind) for p in pages), kind
    assert narrow["figures"] > 200  # the figures were there to measure (4 widths)
    assert narrow["answered"] >= 10  # every quiz of both languages, answered: its explanation measured too
    assert narrow["tables"] > 100    # tables outside widgets (plans, answer keys, worksheets, Markdown) measured
    assert not narrow["problems"], "\n".join(narrow["problems"][:400])


def test_every_page_carries_the_policy_and_breaks_none_of_it(every_page):
    """Every page of the built site (404 pages included) carries the Content Security Policy, and
    nothing on it breaks the policy or logs an error while it is loaded, checked in both schemes and
    at every width, and its quizzes answered (the visit of the two sweeps above, under the policy)."""
    policy = every_page["policy"]
    assert len(every_page["pages"]) >= 40 and policy["pages"] == len(every_page["pages"]), every_page["pages"]
    assert "404.html" in every_page["pages"] and "pt/404.html" in every_page["pages"]
    assert not policy["problems"], "\n".join(policy["problems"][:20])


def test_touch_targets_on_a_phone(every_page):
    """With a finger (pointer: coarse, a 375 px phone) every control and clickable figure part is
    44 x 44 px or more, and no page is wider than the phone (in the shared visit: _touch_checks)."""
    touch = every_page["touch"]
    assert touch["lessons"] == touch["want"] >= 10, touch  # every page with widgets, of both languages
    assert not touch["problems"], "\n".join(touch["problems"][:30])
