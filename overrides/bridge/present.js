/* The projector view (issue 27): a button on each widget shows it full screen for a class, drawn for a
 * wide box with its figure text at 24 px or more (MIN_TEXT_PX) where the screen allows; the same DOM
 * element, so the same state, precomputed answers and live Python. Arrow keys and a presenter's clicker
 * (PageUp/PageDown) step the focused control (or the last one used, or the first). Escape, leaving the
 * browser's full screen, or the button again return to the page with the state kept and the scroll
 * restored. Where the browser refuses full screen (iPhone Safari), the widget covers the window instead.
 * createPresent(T) -> {control(w)}.
 */
import { el } from "./dom.js";

export var MIN_TEXT_PX = 24;
var CONTROLS = 'input[type="range"], select, input[type="radio"]';

// The width an SVG is given: enough for its smallest text to reach MIN_TEXT_PX, else what fits the
// screen's height, never wider than its box.
function fit(svg, room) {
  var box = svg.viewBox && svg.viewBox.baseVal;
  if (!box || !box.width || !box.height) return;
  var smallest = Infinity;
  svg.querySelectorAll("text").forEach(function (t) {
    var px = parseFloat(getComputedStyle(t).fontSize);
    if (px > 0 && px < smallest) smallest = px;
  });
  var need = smallest < Infinity ? box.width * MIN_TEXT_PX / smallest : 0;
  var tall = room * box.width / box.height;
  svg.style.width = "min(100%, " + Math.ceil(Math.max(need, tall)) + "px)";
  svg.style.maxWidth = "none";
  svg.style.maxHeight = "none";
}

function step(input, dir, w) {
  if (input.type === "range") {
    if (dir > 0) input.stepUp(); else input.stepDown();
  } else if (input.tagName === "SELECT") {
    input.selectedIndex = Math.max(0, Math.min(input.options.length - 1, input.selectedIndex + dir));
  } else {
    var group = Array.prototype.slice.call(w.querySelectorAll('input[type="radio"][name="' + input.name + '"]'));
    var at = group.indexOf(group.filter(function (r) { return r.checked; })[0] || input);
    input = group[Math.max(0, Math.min(group.length - 1, at + dir))];
    input.checked = true;
    input.focus();
  }
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

export function createPresent(T) {
  var current = null;

  function refit() {  // the figures' room: the window's height less what the title and controls take
    if (!current) return;
    var room = Math.max(200, window.innerHeight * 0.72);
    current.w.querySelectorAll(".aula-svg").forEach(function (svg) { fit(svg, room); });
  }

  function exit() {
    if (!current) return;
    var c = current;
    current = null;
    c.observer.disconnect();
    c.w.classList.remove("aula-projecting");
    document.documentElement.classList.remove("aula-projecting-page");
    c.w.querySelectorAll(".aula-svg").forEach(function (svg) {
      svg.style.width = ""; svg.style.maxWidth = ""; svg.style.maxHeight = "";
    });
    c.button.textContent = T.present;
    c.button.setAttribute("aria-pressed", "false");
    if (document.fullscreenElement && document.exitFullscreen) document.exitFullscreen().catch(function () {});
    window.scrollTo(0, c.scroll);
    c.button.focus();
  }

  function enter(w, button) {
    if (current) exit();
    current = { w: w, button: button, scroll: window.scrollY, last: null,
                observer: new MutationObserver(refit) };
    document.documentElement.classList.add("aula-projecting-page");
    w.classList.add("aula-projecting");
    button.textContent = T.present_exit;
    button.setAttribute("aria-pressed", "true");
    if (w.requestFullscreen) w.requestFullscreen().catch(function () {});  // refused: the window is covered
    refit();
    current.observer.observe(w, { childList: true, subtree: true });
  }

  document.addEventListener("fullscreenchange", function () {
    if (current && document.fullscreenElement !== current.w) exit();
  });
  window.addEventListener("resize", refit);
  document.addEventListener("keydown", function (ev) {
    if (!current) return;
    if (ev.key === "Escape") { ev.preventDefault(); exit(); return; }
    var dir = { ArrowRight: 1, ArrowUp: 1, PageDown: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: -1 }[ev.key];
    if (!dir) return;
    var target = document.activeElement;
    var typing = target && (target.tagName === "TEXTAREA" || (target.tagName === "INPUT" && target.type === "text"));
    if (typing) return;
    var input = target && current.w.contains(target) && target.matches(CONTROLS) ? target
      : current.last || current.w.querySelector(CONTROLS);
    if (!input) return;
    ev.preventDefault();
    step(input, dir, current.w);
  });
  document.addEventListener("focusin", function (ev) {
    if (current && current.w.contains(ev.target) && ev.target.matches && ev.target.matches(CONTROLS)) current.last = ev.target;
  });

  function control(w) {
    var button = el("button", { type: "button", "class": "aula-present-button", "aria-pressed": "false",
                                title: T.present_label }, T.present);
    button.addEventListener("click", function () {
      if (current && current.w === w) exit(); else enter(w, button);
    });
    var box = w.querySelector(".aula-share");
    if (box) box.insertBefore(button, box.firstChild.nextSibling); else w.insertBefore(button, w.firstChild);
  }

  return { control: control, exit: exit };
}
