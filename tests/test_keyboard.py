"""Every reader, keyboard only (issue 8): Tab through every Spanish page with widgets and operate
each control with its keys; the focus ring shows, the focus stays on the control used after the
view is swapped, and the widget's summary (a polite live region) changes whenever its figure does.
"""

from __future__ import annotations

from conftest import PY_TIMEOUT
from test_readers import MARKED_JS, _lessons


# --- keyboard only ----------------------------------------------------------------------------

# What has the focus now: a key that finds "the same" control after a part is swapped, its kind,
# and whether its focus ring is visible (2 px or more, 3:1 against the widget's background).
FOCUS_JS = """() => {
  const a = document.activeElement;
  const w = a && a.closest('.aula-widget');
  // outside widgets, an element's own key for the visit: an index into document.all shifts when
  // the page inserts an element above it (the live-Python pill), and the walk then never wraps
  const seen = window.aulaTestKeys || (window.aulaTestKeys = {map: new WeakMap(), next: 0});
  if (a && !seen.map.has(a)) seen.map.set(a, 'n' + seen.next++);
  if (!w || a === document.body) return {key: a ? seen.map.get(a) : '', widget: null};
  const param = a.getAttribute('data-param');
  let kind = a.getAttribute('data-set-param') ? 'pick' : a.getAttribute('data-drag-x') ? 'drag'
           : a.tagName === 'SELECT' ? 'select' : a.tagName === 'TEXTAREA' ? 'text'
           : a.tagName === 'INPUT' ? a.type : 'box';
  let spec = null;
  try { spec = JSON.parse(a.getAttribute('data-spec') || 'null'); } catch (e) {}
  if (kind === 'text' && a.tagName === 'INPUT' && spec && spec.kind === 'number') kind = 'number';
  const key = w.id + ' ' + (a.type === 'radio' ? 'radio:' + a.name : a.id ? '#' + a.id
            : '[' + (a.getAttribute('data-set-param') || a.getAttribute('data-drag-x') || a.className) + '=' + (a.getAttribute('data-value') || '') + ']');
  const cs = getComputedStyle(a);
  const rgb = (css) => css.match(/[\\d.]+/g).map(Number);
  const lin = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); };
  const lum = (c) => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  const ring = rgb(cs.outlineColor), bg = rgb(getComputedStyle(w).backgroundColor);
  const contrast = (Math.max(lum(ring), lum(bg)) + 0.05) / (Math.min(lum(ring), lum(bg)) + 0.05);
  return {key, widget: w.id, kind, param, value: a.value, max: a.max, min: a.min, spec,
          last: a.tagName === 'SELECT' ? a.selectedIndex === a.options.length - 1 : false,
          ring: cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2 && contrast >= 3,
          ringText: cs.outlineStyle + ' ' + cs.outlineWidth + ' ' + contrast.toFixed(2)};
}"""

# The widget's view, the figure as a digest of its markup (a 53-bit hash and the length: comparing two
# views needs no more, and the markup of a large figure is tens of kB to carry to Python at each stop).
VIEW_JS = """(id) => {
  const w = document.getElementById(id);
  const parts = [...w.querySelectorAll('.aula-part')];
  const summary = w.querySelector('.aula-part.aula-summary');
  const html = parts.filter(p => p !== summary).map(p => p.innerHTML).join('');
  let h1 = 0xdeadbeef, h2 = 0x41c6ce57;
  for (let i = 0; i < html.length; i++) {
    const c = html.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761); h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return {summary: summary.textContent, live: summary.getAttribute('aria-live'), role: summary.getAttribute('role'),
          figure: html.length + ':' + (4294967296 * (2097151 & h2) + (h1 >>> 0)),
          busy: w.hasAttribute('aria-busy'), status: (w.querySelector('.aula-status') || {}).textContent || ''};
}"""

# One round trip per stop: what has the focus, and the view of its widget.
STOP_JS = "() => { const info = (" + FOCUS_JS + ")(); " \
          "return {info, view: info.widget ? (" + VIEW_JS + ")(info.widget) : null}; }"

SETTLED_JS = """([id, before, waiting]) => {
  const w = document.getElementById(id);
  const summary = w.querySelector('.aula-part.aula-summary').textContent;
  const status = (w.querySelector('.aula-status') || {}).textContent || '';
  // settled once no request is in flight or queued (the loader appends a percentage while waiting)
  return !w.hasAttribute('aria-busy') && !status.startsWith(waiting);
}"""


# The bridge re-marks a swapped part's scroll boxes one frame and one task after the swap
# (widgets.js): wait for the same, instead of a fixed sleep; then the view and the focus, at once.
AFTER_SWAP_JS = "(id) => new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)))" \
                ".then(() => ({view: (" + VIEW_JS + ")(id), focus: (" + FOCUS_JS + ")()}))"


def _typed(info: dict) -> str:
    """A new valid value for a typed number field, from its spec (an even step keeps d even)."""
    s = info["spec"]
    now = float((info["value"] or "0").replace(",", ".").replace("\u2212", "-") or 0)
    new = now + 2 if now + 2 <= s["max"] else now - 2
    return str(int(new)) if s.get("integer") or new.is_integer() else str(new)


def _press(pg, info: dict):
    kind = info["kind"]
    if kind == "range":
        pg.keyboard.press("ArrowLeft" if info["value"] == info["max"] else "ArrowRight")
    elif kind == "select":
        pg.keyboard.press("ArrowUp" if info["last"] else "ArrowDown")
    elif kind == "radio":
        pg.keyboard.press("ArrowRight")
    elif kind == "checkbox":
        pg.keyboard.press("Space")
    elif kind == "number":
        pg.keyboard.press("Control+A")
        pg.keyboard.type(_typed(info))
    elif kind in ("text", "textarea"):
        pg.keyboard.press("Control+End")  # the end of the text, not of a wrapped line
        pg.keyboard.type(" gato")
    elif kind == "pick":
        pg.keyboard.press("Enter")
    elif kind == "drag":
        pg.keyboard.press("ArrowRight")
    else:
        return False
    return True


def test_every_widget_from_the_keyboard(browser, server, site):
    """Tab through every Spanish page with widgets and operate each control with its keys: the focus
    ring shows (2 px, 3:1), the focus stays on the control used after the view is swapped, and the
    widget's summary, a polite live region, changes whenever its figure does."""
    from lesson_core.kit.messages import msg
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    problems, operated, said = [], 0, set()
    pg.on("console", lambda m: problems.append(f"console: {m.text}") if m.type == "error" else None)
    pg.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    for path in [p for p in _lessons(site) if not p.startswith("pt/")]:
        pg.goto(server + path)
        pg.wait_for_function(MARKED_JS, arg=1280)  # the scroll boxes are tab stops now
        ids = pg.eval_on_selector_all(".aula-widget", "ws => ws.filter(w => w.querySelector('[data-param]')).map(w => w.id)")
        first, wrapped = None, False
        for _ in range(800):
            pg.keyboard.press("Tab")
            stop = pg.evaluate(STOP_JS)
            info = stop["info"]
            if first is None:
                first = info["key"]
            elif info["key"] == first:
                wrapped = True
                break  # the walk has wrapped round the page
            if not info["widget"]:
                continue
            if not info["ring"]:
                problems.append(f"{path} {info['key']}: focus not visible ({info['ringText']})")
            before = stop["view"]
            if before["live"] != "polite" or before["role"] != "status":
                problems.append(f"{path} {info['widget']}: the summary is not a polite live region")
            if not _press(pg, info):
                continue
            pg.wait_for_function(SETTLED_JS, arg=[info["widget"], before["summary"], msg("py_wait", "es")],
                                 timeout=PY_TIMEOUT, polling=50)
            settled = pg.evaluate(AFTER_SWAP_JS, info["widget"])
            after, now = settled["view"], settled["focus"]
            operated += 1
            if now["key"] != info["key"]:
                problems.append(f"{path} {info['key']}: focus moved to {now['key']!r} after {info['kind']}")
            if after["figure"] != before["figure"]:
                said.add(info["widget"])
                if after["summary"] == before["summary"]:
                    problems.append(f"{path} {info['key']}: the figure changed, the summary did not")
        if not wrapped:
            problems.append(f"{path}: 800 presses of Tab never came back to the first stop (a keyboard trap?)")
        missing = [i for i in ids if i not in said]
        if missing:
            problems.append(f"{path}: no key changed the view of {missing}")
    context.close()
    assert operated > 100
    assert not problems, "\n".join(problems[:30])
