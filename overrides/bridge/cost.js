/* Sharing within a class's data (issue 27). A link to a state the build did not precompute makes every
 * device that opens it download live Python: copying one says how many MB (the build's own figure for
 * this page, loader.js downloadSize) and offers the nearest precomputed state (the
 * widget's defaults with as many of the current values kept as the build's tables still answer). A
 * student who opens such a link sees "preparing the shared state" in place of the figure until Python
 * answers, never the default figure under the shared values; if Python cannot start, the note says so
 * and the figure stays hidden until the reader moves a control.
 * costNote(bridge, w, values, T, retarget(values)) -> an element or null; preparing(bridge, w, T).
 */
import { el, fill } from "./dom.js";
import { downloadSize, readMeta } from "./loader.js";

var MAX_SUBSETS = 8;  // up to 2^8 candidate states: every subset of the moved controls kept

// A control's value as the page shows it: a slider's stop text, a choice's option, else the value.
function shownValue(w, name, value) {
  var input = w.querySelector('[data-param="' + name + '"]');
  if (input && input.type === "range") {
    try {
      var shown = JSON.parse(input.getAttribute("data-shown") || "{}");
      if (shown[value] !== undefined) return shown[value];
    } catch (e) { /* the raw value */ }
  }
  if (input && input.tagName === "SELECT") {
    var option = Array.prototype.find.call(input.options, function (o) { return o.value === value; });
    if (option) return option.textContent.trim();
  }
  var text = String(value);
  return text.length > 40 ? text.slice(0, 39) + "…" : text;
}

function labelOf(w, name) {
  var input = w.querySelector('[data-param="' + name + '"]');
  var box = input && input.closest(".aula-control");
  var label = box && box.querySelector("label, legend");
  return label ? label.textContent.replace(/\s+/g, " ").trim() : name;
}

// The precomputed state closest to values: the defaults with the most of values kept.
export function nearest(bridge, w, values) {
  var base = {};
  try { base = JSON.parse(w.getAttribute("data-base") || "{}"); } catch (e) { base = {}; }
  var moved = Object.keys(values).filter(function (n) { return n in base && base[n] !== values[n]; });
  if (moved.length > MAX_SUBSETS) moved = moved.slice(0, MAX_SUBSETS);
  var best = null, score = -1;
  for (var mask = 0; mask < (1 << moved.length); mask++) {
    var c = Object.assign({}, values), kept = moved.length;
    moved.forEach(function (n, i) { if (!(mask & (1 << i))) { c[n] = base[n]; kept--; } });
    if (kept > score && bridge.covered(w, c) === true) { best = c; score = kept; }
  }
  return best;
}

export function costNote(bridge, w, values, T, retarget) {
  if (!bridge || !bridge.covered || bridge.covered(w, values) !== false) return null;
  var runtime = readMeta();  // none in the offline bundle: the runtime is on the device already
  var size = runtime && downloadSize(runtime);
  if (!size) return null;
  var note = el("div", { "class": "aula-cost-note", role: "status" });
  note.appendChild(el("p", null, fill(T.share_cost, { size: size })));
  var near = nearest(bridge, w, values);
  if (near) {
    var changed = Object.keys(near).filter(function (n) { return near[n] !== values[n]; });
    var state = changed.map(function (n) { return labelOf(w, n) + " = " + shownValue(w, n, near[n]); }).join(", ");
    var button = el("button", { type: "button", "class": "aula-cost-nearest" },
                    fill(T.share_nearest, { state: state }));
    button.addEventListener("click", function () { retarget(near); });
    note.appendChild(button);
  }
  return note;
}

export function preparing(bridge, w, T) {
  if (w.getAttribute("aria-busy") !== "true" || w.querySelector(".aula-preparing-note")) return;
  var view = w.querySelector(".aula-view");
  var note = el("p", { "class": "aula-preparing-note", role: "status" }, T.share_preparing);
  if (view) view.parentNode.insertBefore(note, view); else w.appendChild(note);
  w.classList.add("aula-preparing");
  function done() {
    w.classList.remove("aula-preparing");
    if (note.parentNode) note.parentNode.removeChild(note);
    w.removeEventListener("input", done);
    w.removeEventListener("change", done);
  }
  var watch = new MutationObserver(function () {
    if (w.getAttribute("aria-busy") === "true") return;
    watch.disconnect();
    if (bridge.state() !== "failed") { done(); return; }
    // no Python: the shared state cannot be drawn; the figure comes back with the reader's own change
    note.textContent = T.share_unprepared;
    w.addEventListener("input", done);
    w.addEventListener("change", done);
  });
  watch.observe(w, { attributes: true, attributeFilter: ["aria-busy"] });
}
