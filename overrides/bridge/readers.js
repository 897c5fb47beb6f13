/* Aula for every reader: what keeps the widgets usable with a keyboard and a screen reader.
 *   - a part's HTML (checked by safehtml.js) swapped with the focus kept on the control the reader was using
 *     and every box inside it left where the reader had scrolled it;
 *   - drag handles moved with the arrow keys (the same parameters as a drag);
 *   - boxes that scroll sideways are named tab stops, and only while they scroll
 *     (<html data-aula-marked="width"> says for which width the page was last marked);
 *   - a slider whose shown text differs from its value says that text (aria-valuetext).
 * createReaders(msgs, {update(w, name), numberText(x), numberOf(text)}) for widgets.js; onScreen for drag.js.
 */
// The first match of `sel` in el that is rendered: a figure drawn twice (wide and narrow, svgkit.figure)
// shows one copy, and a handle is read, focused and dragged in that one (drag.js uses this too).
export function onScreen(el, sel) {
  var all = el.querySelectorAll(sel);
  for (var i = 0; i < all.length; i++) if (all[i].getClientRects().length) return all[i];
  return all[0] || null;
}

export function createReaders(msgs, hooks) {
  // A selector that finds "the same" control in a part's new HTML (ids and data-* are stable).
  function focusKey(el) {
    var a = document.activeElement;
    if (!a || a === el || !el.contains(a)) return null;
    if (a.id) return "#" + CSS.escape(a.id);
    var sel = "";
    ["data-set-param", "data-value", "data-drag-x"].forEach(function (name) {
      var v = a.getAttribute(name);
      if (v !== null) sel += "[" + name + '="' + CSS.escape(v) + '"]';
    });
    return sel || { nth: Array.prototype.indexOf.call(el.querySelectorAll(FOCUSABLE), a) };
  }

  var FOCUSABLE = "[tabindex], a[href], button, input, select, textarea";

  // Where the reader had scrolled the boxes inside el: [tag.classes, nth of those, left, top].
  // SVG insides never scroll, so they are not read (a figure has thousands of them).
  function scrolledBoxes(el) {
    var out = [];
    el.querySelectorAll(":not(svg *)").forEach(function (box) {
      if (!box.scrollLeft && !box.scrollTop) return;
      var sel = box.tagName.toLowerCase() + Array.prototype.map.call(box.classList, function (c) {
        return "." + CSS.escape(c);
      }).join("");
      out.push([sel, Array.prototype.indexOf.call(el.querySelectorAll(sel), box), box.scrollLeft, box.scrollTop]);
    });
    return out;
  }

  // Swap a part's HTML, parsed and checked by safehtml.js (`fragment`, the checked nodes themselves);
  // the control the reader was using keeps the focus, and a box the reader had scrolled keeps its place.
  function replaceHTML(el, html, fragment) {
    var key = focusKey(el);
    var scrolled = scrolledBoxes(el);
    el.textContent = "";
    el.appendChild(fragment);
    el._html = html;
    scrolled.forEach(function (s) {
      var box = el.querySelectorAll(s[0])[s[1]];
      if (box) { box.scrollLeft = s[2]; box.scrollTop = s[3]; }
    });
    markScrollers(el);
    var again = key && (typeof key === "string" ? onScreen(el, key) : el.querySelectorAll(FOCUSABLE)[key.nth]);
    if (again) again.focus({ preventScroll: true });
  }

  // A slider whose shown text differs from its value says the shown text to screen readers.
  function valueText(input, shown) {
    if (shown !== undefined && shown !== input.value) input.setAttribute("aria-valuetext", shown);
    else input.removeAttribute("aria-valuetext");
  }

  // Arrow keys move a drag handle by its data-key-step, sending the same parameters as a drag.
  var ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

  function dragKey(w, ev) {
    var el = ev.target && ev.target.closest && ev.target.closest("[data-drag-x]");
    var move = ARROWS[ev.key];
    if (!el || !move || !w.contains(el)) return;
    var ix = w.querySelector('[data-param="' + el.getAttribute("data-drag-x") + '"]');
    var iy = w.querySelector('[data-param="' + el.getAttribute("data-drag-y") + '"]');
    if (!ix || !iy) return;
    ev.preventDefault();
    var step = Number(el.getAttribute("data-key-step")) || 1;
    ix.value = hooks.numberText(hooks.numberOf(ix.value) + move[0] * step);  // a field left unreadable: from 0
    iy.value = hooks.numberText(hooks.numberOf(iy.value) + move[1] * step);
    hooks.update(w, el.getAttribute("data-drag-x"));
  }

  // A box that scrolls sideways is focusable (keyboard scrolling) and named; one that fits is not a tab stop.
  // <html data-aula-marked="width"> says for which window width the whole page was last marked.
  function markScrollers(scope) {
    (scope || document).querySelectorAll(".aula-scroll, .aula-wide, .aula-fig, .aula-math").forEach(function (box) {
      var scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
      if (scrolls) {
        box.setAttribute("tabindex", "0");
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", scrollLabel(box));
      } else if (box.getAttribute("role") === "region" && box !== document.activeElement) {
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
        box.removeAttribute("aria-label");
      }
    });
    if (!scope || scope === document) document.documentElement.setAttribute("data-aula-marked", String(window.innerWidth));
  }

  function scrollLabel(box) {
    var w = box.closest(".aula-widget");
    var title = w && w.querySelector(".aula-widget-title");
    return (msgs.scroll_box || "") + (title ? ": " + title.textContent : "");
  }

  var resizeTimer = null;
  window.addEventListener("resize", function () {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(function () { markScrollers(document); }, 150);
  });

  return { replaceHTML: replaceHTML, valueText: valueText, dragKey: dragKey, markScrollers: markScrollers };
}

