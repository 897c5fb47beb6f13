/* Aula: direct manipulation of a figure, for the bridge (widgets.js).
 *
 * A figure part marked data-set-param="name" data-value="v" sets that control when clicked (or with
 * Enter / Space); a handle marked data-drag-x / data-drag-y moves the two number fields it names as it
 * is dragged (in an SVG, to the pointer's position in the figure's own units; otherwise, a whole view
 * turned by degrees per pixel moved). The fields change as if the reader typed; widgets.js does the rest.
 *
 * While live Python is not ready, a drag snaps each number to its field's declared grid (data-spec's
 * "grid": [lo, hi, step], lesson_core Number(grid=...)), whose states the build embedded, so a finger
 * drag answers from the page; once Python is ready, every position goes live.
 * A figure drawn twice (svgkit.figure: wide and narrow, CSS shows one) is read in its visible copy.
 *
 * createDrag(hooks) -> {pick(w, target), start(w, pointerEvent)}, where hooks are
 * {update(w, name), setControl(w, name, value), numberText(x), numberOf(text), live()}.
 */
import { onScreen as visible } from "./readers.js";  // the copy of a figure drawn twice that is on screen
// x moved to the nearest point of the field's grid, kept within it; x itself without a grid.
function snap(input, x) {
  var spec = input._gridSpec || (input._gridSpec = JSON.parse(input.getAttribute("data-spec") || "{}"));
  var g = spec.grid;
  if (!g) return x;
  var k = Math.round((x - g[0]) / g[2]);
  return g[0] + Math.max(0, Math.min(Math.round((g[1] - g[0]) / g[2]), k)) * g[2];
}

// x kept within the field's declared range (data-spec min, max): a handle stops at the figure's edge,
// and the field never holds a value the figure does not show (issue 31).
function clamp(input, x) {
  var spec = input._gridSpec || (input._gridSpec = JSON.parse(input.getAttribute("data-spec") || "{}"));
  if (typeof spec.min === "number" && x < spec.min) return spec.min;
  if (typeof spec.max === "number" && x > spec.max) return spec.max;
  return x;
}

// A field stopped at its edge (x wanted, kept instead, shown as text): input._edgeNext = {value, text},
// which becomes input._edge (the note fields.js shows while the field holds that value) when the drag ends.
function edge(input, x, kept, text) {
  var spec = input._gridSpec, msgs = (spec && spec.msgs) || {};
  var key = x < kept ? "drag_min" : x > kept ? "drag_max" : null;
  input._edgeNext = key && msgs[key] ? { value: text, text: msgs[key] } : null;
}

function settle(input) {
  var next = input._edgeNext;
  input._edgeNext = null;
  input._edge = next && next.value === input.value ? next : null;
  return !!input._edge;
}

var SIDEWAYS_PX = 8;  // a finger's sideways travel before a 3-D view starts turning

export function createDrag(hooks) {
  function pick(w, target) {
    var el = target && target.closest && target.closest("[data-set-param]");
    if (!el || !w.contains(el)) return false;
    hooks.setControl(w, el.getAttribute("data-set-param"), el.getAttribute("data-value"));
    return true;
  }

  function dragStart(w, ev) {
    var el = ev.target && ev.target.closest && ev.target.closest("[data-drag-x]");
    if (!el || !w.contains(el)) return;
    ev.preventDefault();
    var nx = el.getAttribute("data-drag-x"), ny = el.getAttribute("data-drag-y");
    var ix = w.querySelector('[data-param="' + nx + '"]'), iy = w.querySelector('[data-param="' + ny + '"]');
    if (!ix || !iy) return;
    var drag = { nx: nx, ny: ny, ix: ix, iy: iy, unit: Number(el.getAttribute("data-unit")) || 1,
                 svg: el.ownerSVGElement ? el.getAttribute("data-x0") !== null : false,
                 x0: Number(el.getAttribute("data-x0")), y0: Number(el.getAttribute("data-y0")),
                 px: ev.clientX, py: ev.clientY, vx: hooks.numberOf(ix.value), vy: hooks.numberOf(iy.value),
                 touch: ev.pointerType === "touch" };
    // The figure stays under the finger: if a line above it grows or shrinks mid-drag (a status, a
    // field's message), the page scrolls by as much, before the next frame is painted.
    function figure() {
      var h = visible(w, '[data-drag-x="' + nx + '"]');
      return h && (h.ownerSVGElement || h);
    }
    var top0 = figure().getBoundingClientRect().top;
    function hold() {
      var f = figure();
      var dy = f ? f.getBoundingClientRect().top - top0 : 0;
      if (Math.abs(dy) > 0.5) window.scrollBy({ top: dy, behavior: "instant" });
    }
    var watcher = window.ResizeObserver ? new ResizeObserver(hold) : null;
    if (watcher) watcher.observe(w);
    function move(e) {
      var x, y;
      hold();
      if (drag.svg) {
        // a handle in an SVG: the pointer's position in the figure's own coordinates (the copy on screen)
        var handle = visible(w, '[data-drag-x="' + nx + '"]');
        var svg = handle && handle.ownerSVGElement;
        var m = svg && svg.getScreenCTM();
        if (!m) return;
        var pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
        x = (pt.x - drag.x0) / drag.unit;
        y = (drag.y0 - pt.y) / drag.unit;
      } else {
        // a whole view turned by dragging: degrees per pixel moved
        x = drag.vx + (e.clientX - drag.px) * drag.unit;
        // a finger turns the view sideways only, once it has moved sideways: a vertical swipe scrolls
        // the page (touch-action: pan-y) and leaves the view as it was
        if (drag.touch && Math.abs(e.clientX - drag.px) < SIDEWAYS_PX) return;
        y = drag.vy + (e.clientY - drag.py) * drag.unit;
      }
      var kx = clamp(ix, x), ky = clamp(iy, y), cx = kx, cy = ky;
      if (!hooks.live()) { cx = snap(ix, kx); cy = snap(iy, ky); }  // the build's grid answers
      var tx = hooks.numberText(cx), ty = drag.touch && !drag.svg ? iy.value : hooks.numberText(cy);
      // past the figure's edge: the field will say why it stopped, once the finger lifts (nothing above
      // the figure grows while it is held)
      edge(ix, x, kx, tx);
      edge(iy, drag.touch && !drag.svg ? ky : y, ky, ty);
      if (tx === ix.value && ty === iy.value) return;  // the same state: nothing to redraw
      ix.value = tx;
      iy.value = ty;
      hooks.update(w, nx);
    }
    function end() {
      if (settle(ix) | settle(iy)) hooks.update(w, nx);  // the edge's note, the figure kept in place
      if (watcher) requestAnimationFrame(function () { requestAnimationFrame(function () { watcher.disconnect(); }); });
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", end);
      window.removeEventListener("pointercancel", end);
    }
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", end);
    window.addEventListener("pointercancel", end);
  }

  return { pick: pick, start: dragStart };
}
