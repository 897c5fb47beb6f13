/* Aula: the readers' events on every widget, for the bridge (widgets.js).
 *
 * Taken at the document, not per widget, so a widget parsed after the bridge ran (the bridge sits right
 * after a page's first widget, macros/bridge.py) is served too: a control's input or change, the − / +
 * step buttons of a long slider, a click, key or pointer on a figure (drag.js picks and drags), and a
 * finger's swipe that starts on a slider and turns out to be a page scroll (its value goes back).
 *
 * listen(hooks), hooks = {update(w, name), drag: {pick, start}, dragKey(w, ev)}.
 */
export function listen(hooks) {
  // Events of every widget, taken at the document: widgets parsed after this script are served too.
  function widgetOf(el, inside) {
    var box = el && el.closest && el.closest(inside);
    return box && box.closest(".aula-widget");
  }
  function controlOf(ev) {
    var w = widgetOf(ev.target, ".aula-controls");
    return w && { w: w, name: ev.target.getAttribute("data-param") };
  }
  document.addEventListener("click", function (ev) {
    var w = widgetOf(ev.target, ".aula-view");
    if (w) hooks.drag.pick(w, ev.target);
    else step(ev);
  });
  // − / + beside a long slider's value (lesson_core Range, STEP_BUTTONS_FROM): one step each
  function step(ev) {
    var button = ev.target && ev.target.closest && ev.target.closest(".aula-step");
    var input = button && document.getElementById(button.getAttribute("aria-controls"));
    var w = input && widgetOf(input, ".aula-controls");
    if (!w) return;
    var was = input.value;
    if (button.getAttribute("data-step") === "1") input.stepUp(); else input.stepDown();
    if (input.value !== was) hooks.update(w, input.getAttribute("data-param"));
  }
  document.addEventListener("keydown", function (ev) {
    var w = widgetOf(ev.target, ".aula-view");
    if (!w) return;
    if ((ev.key === "Enter" || ev.key === " ") && hooks.drag.pick(w, ev.target)) ev.preventDefault();
    else hooks.dragKey(w, ev);
  });
  document.addEventListener("submit", function (ev) {
    if (ev.target.classList && ev.target.classList.contains("aula-controls")) ev.preventDefault();
  });
  document.addEventListener("input", function (ev) {
    var c = controlOf(ev);
    if (c && c.name) hooks.update(c.w, c.name);
  });
  document.addEventListener("change", function (ev) {
    var c = controlOf(ev);
    if (c && c.name && (ev.target.type === "radio" || ev.target.type === "checkbox")) hooks.update(c.w, c.name);
  });
  // A finger on a slider: the browser jumps the value on touch-down; when the gesture turns out to
  // be a page scroll (touch-action: pan-y, so the browser cancels the pointer), the value goes back.
  document.addEventListener("pointerdown", function (ev) {
    var w = widgetOf(ev.target, ".aula-view");
    if (w) { hooks.drag.start(w, ev); return; }
    if (controlOf(ev) && ev.pointerType === "touch" && ev.target.type === "range") ev.target._down = ev.target.value;
  });
  document.addEventListener("pointercancel", function (ev) {
    var c = controlOf(ev), input = ev.target;
    if (!c || input.type !== "range" || input._down === undefined) return;
    var was = input._down;
    input._down = undefined;
    if (c.name && input.value !== was) { input.value = was; hooks.update(c.w, c.name); }
  });
  document.addEventListener("pointerup", function (ev) { if (controlOf(ev)) ev.target._down = undefined; });
}
