/* Sharing within a class's data (issue 27). A link to a state the build did not precompute makes every
 * device that opens it download live Python: copying one says how many MB (the build's own figure,
 * <meta name="aula-runtime-http">, macros/runtime.py) and offers the nearest precomputed state (the
 * defaults with as many of the current values kept as the build's tables still answer). A student who
 * opens such a link sees "preparing the shared state" in place of the figure until Python answers (or
 * fails), never the default figure under the shared values.
 * costNote(bridge, w, values, T, retarget(values)) -> an element or null; preparing(w, T).
 */
import { el, fill, pageLang } from "./dom.js";

function runtimeSize() {
  var meta = document.querySelector('meta[name="aula-runtime-http"]');
  if (!meta) return null;  // the offline bundle: the runtime is on the device already
  try {
    var runtime = JSON.parse(meta.getAttribute("content"));
    return runtime.size ? runtime.size[pageLang()] : null;
  } catch (e) { return null; }
}

function labelOf(w, name) {
  var input = w.querySelector('[data-param="' + name + '"]');
  var box = input && input.closest(".aula-control");
  var label = box && box.querySelector("label, legend");
  return label ? label.textContent.replace(/\s+/g, " ").trim() : name;
}

// The precomputed state closest to values: the defaults, or the defaults with some of values kept.
export function nearest(bridge, w, values) {
  var base = {};
  try { base = JSON.parse(w.getAttribute("data-base") || "{}"); } catch (e) { base = {}; }
  var names = Object.keys(values);
  var start = {};
  names.forEach(function (n) { start[n] = n in base ? base[n] : values[n]; });
  var candidates = [start].concat(names.map(function (n) {
    var c = Object.assign({}, start);
    c[n] = values[n];
    return c;
  }));
  var best = null, score = -1;
  candidates.forEach(function (c) {
    if (bridge.covered(w, c) !== true) return;
    var kept = names.filter(function (n) { return c[n] === values[n]; }).length;
    if (kept > score) { best = c; score = kept; }
  });
  return best;
}

export function costNote(bridge, w, values, T, retarget) {
  if (!bridge || !bridge.covered || bridge.covered(w, values) !== false) return null;
  var size = runtimeSize();
  if (!size) return null;
  var note = el("div", { "class": "aula-cost-note", role: "status" });
  note.appendChild(el("p", null, fill(T.share_cost, { size: size })));
  var near = nearest(bridge, w, values);
  if (near) {
    var changed = Object.keys(near).filter(function (n) { return near[n] !== values[n]; });
    var state = changed.map(function (n) { return labelOf(w, n) + " = " + near[n]; }).join(", ");
    var button = el("button", { type: "button", "class": "aula-share-button aula-cost-nearest" },
                    fill(T.share_nearest, { state: state }));
    button.addEventListener("click", function () { retarget(near); });
    note.appendChild(button);
  }
  return note;
}

export function preparing(w, T) {
  if (w.getAttribute("aria-busy") !== "true" || w.querySelector(".aula-preparing-note")) return;
  var view = w.querySelector(".aula-view");
  var note = el("p", { "class": "aula-preparing-note", role: "status" }, T.share_preparing);
  if (view) view.parentNode.insertBefore(note, view); else w.appendChild(note);
  w.classList.add("aula-preparing");
  var watch = new MutationObserver(function () {
    if (w.getAttribute("aria-busy") === "true") return;
    w.classList.remove("aula-preparing");
    if (note.parentNode) note.parentNode.removeChild(note);
    watch.disconnect();
  });
  watch.observe(w, { attributes: true, attributeFilter: ["aria-busy"] });
}
