/* The bridge proper: reads controls, swaps precomputed parts, forwards the rest to Python.
 *
 * The page is complete without it: every widget block was rendered at build time by lesson_core.
 * It never does lesson arithmetic; on a reader's change it
 *   1. reads each control's canonical value (fields.js),
 *   2. swaps a part from the build's precomputed table (.aula-pre) or the drag grid when the key is there,
 *   3. otherwise asks lesson_core.render() running in Pyodide (live.js) and swaps its HTML.
 * Every part passes the HTML rule first (safehtml.js) and is swapped keeping the reader's focus (readers.js).
 *
 * It runs while the page is still being parsed: the build places the bridge right after the page's
 * first widget (macros/bridge.py), so a slow phone's first control answers before the rest of a long
 * page is read. Events are therefore taken at the document (events.js, widgets parsed later included),
 * a widget's precomputed table is parsed when that widget first needs it, and what concerns every
 * widget waits for the end of parsing.
 *
 * startWidgets(env) -> null on a page without widgets, else {state(), timings, read(w), set(w, values),
 * covered(w, values), fieldText(input)}; env = {numbers (head.js), Worker (head.js), assetBase}.
 */
import { allWidgets, readJSON, whenParsed } from "./dom.js";
import { createFields, spec } from "./fields.js";
import { createLive } from "./live.js";
import { createReaders } from "./readers.js";
import { createDrag } from "./drag.js";
import { listen } from "./events.js";
import { checkParts } from "./safehtml.js";
import { createTrain } from "./train.js";

export function startWidgets(env) {
  var first = document.querySelector(".aula-widget");
  if (!first) return null;
  var msgs = readJSON(first.querySelector(".aula-msgs")) || {};
  var numbers = env.numbers;
  var fields = createFields(numbers);
  var live = createLive(msgs, { assetBase: env.assetBase, NativeWorker: env.Worker },
                        { swapParts: swapParts, status: status, message: fields.message });
  var loader = live.loader;
  // every reader (readers.js): focus kept across swaps, keyboard drags, scroll boxes, slider text
  var readers = createReaders(msgs, { update: update, numberText: fields.numberText, numberOf: fields.numberOf });
  // clickable figure parts and drag handles (drag.js)
  var drag = createDrag({ update: update, setControl: setControl, numberText: fields.numberText,
                          numberOf: fields.numberOf, live: function () { return loader.state === "ready"; } });

  // live training's buttons (train.js, lesson 4)
  createTrain({ train: live.train, swapParts: function (w, parts) { return swapParts(w, parts, {}, true); },
                read: fields.read, status: status, message: fields.message, msgs: msgs });

  function status(w, text) {
    var el = w.querySelector(".aula-status");
    if (el) el.textContent = text || "";
  }

  // Parts pass the HTML rule first (safehtml.js), all of one answer or none; a refused answer keeps the
  // last good figure and shows the widget's error (the console says why).
  // A part without parameters is not the controls' to change (a render gives it unchanged); live
  // training fills its own (train.js: fixed).
  function swapParts(w, parts, params, fixed) {
    if (!fixed) {
      parts = Object.assign({}, parts);
      w.querySelectorAll('.aula-part[data-deps=""]').forEach(function (el) { delete parts[el.getAttribute("data-part")]; });
    }
    var ready = checkParts(w, parts, params);
    if (!ready) status(w, msgs.py_error);
    else ready.forEach(function (r) { readers.replaceHTML(r[0], r[1], r[2]); });
    return !!ready;
  }

  // The widget's block is parsed to its end when its last element (.aula-msgs) is in the DOM.
  function parsed(w) { return document.readyState !== "loading" || !!w.querySelector(".aula-msgs"); }

  // The build's precomputed table, parsed when the widget first needs it (not every table at load).
  function preTable(w) {
    if (w._pre === undefined) w._pre = readJSON(w.querySelector(".aula-pre"));
    return w._pre;
  }

  function update(w, changed) {
    if (!parsed(w)) {  // a control used before its widget's table is read: every part, once parsed
      if (!w._afterParse) whenParsed(function () { w._afterParse = false; update(w); });
      w._afterParse = true;
      return;
    }
    w._gen = (w._gen || 0) + 1;
    var read = fields.read(w);
    w.querySelectorAll("[data-param]").forEach(function (input) {
      var name = input.getAttribute("data-param");
      if (spec(input)) fields.message(w, name, read.errors[name] || read.notes[name] || "", !read.errors[name]);
      if (input.type === "range") {
        var out = input.parentNode.querySelector("output");
        var shown = input._shown || (input._shown = JSON.parse(input.getAttribute("data-shown") || "{}"));
        if (out) out.textContent = shown[input.value] !== undefined ? shown[input.value] : input.value;
        readers.valueText(input, shown[input.value]);
      }
    });
    if (Object.keys(read.errors).length) return;  // the last good figure stays
    var found = fromTables(w, read.values, changed), fromTable = found.parts;
    var needLive = found.live, waitGrid = found.wait;
    if (!swapParts(w, fromTable, read.values)) return;
    if (waitGrid) return;  // the grid's file is on its way: it updates the widget when it comes
    if (needLive) live.request(w, read.values);
    else live.idle(w, read.values);
  }

  // What the build's tables answer for these values (the parts that depend on `changed`, or all):
  // {parts: name -> HTML, live: a part needs Python, wait: the drag grid is on its way}.
  function fromTables(w, values, changed) {
    var pre = preTable(w), found = { parts: {}, live: false, wait: false };
    var has = function (table, key) { return !!table && Object.prototype.hasOwnProperty.call(table, key); };
    w.querySelectorAll(".aula-part").forEach(function (el) {
      var deps = (el.getAttribute("data-deps") || "").split(",").filter(Boolean);
      if (!deps.length || (changed && deps.indexOf(changed) < 0)) return;
      var key = deps.map(function (d) { return values[d]; }).join("|");
      var name = el.getAttribute("data-part"), grid;
      if (has(pre && pre[name], key)) found.parts[name] = pre[name][key];
      else if ((grid = gridTable(w)) === null) found.wait = true;
      else if (has(grid[name], key)) found.parts[name] = grid[name][key];
      else found.live = true;
    });
    return found;
  }

  // Whether the build's tables answer every part of w for these values: false means live Python,
  // null that a drag grid is still on its way (share.js and cost.js ask before a link is copied).
  function covered(w, values) {
    var found = fromTables(w, values);
    return found.live ? false : found.wait ? null : true;
  }

  // A figure drag's coarse grid (lesson_core @widget(drags=...)): a script of its own, named by the block
  // relative to the bridge's folder (kit/block.py) and written by the build (macros/sidecar.py), loaded
  // when first needed, not with the page: the script puts it in
  // window.AulaGrids[key] (a classic script is the only way data arrives on file://). null while it comes.
  function gridTable(w) {
    if (w._grid) return w._grid;
    var el = w.querySelector("script.aula-drag-grid"), key = el && el.getAttribute("data-key");
    if (!key) return (w._grid = (el && readJSON(el)) || {});  // none, or embedded in the page
    if (window.AulaGrids && window.AulaGrids[key]) return (w._grid = window.AulaGrids[key]);
    if (!w._gridLoading) {
      w._gridLoading = true;
      var script = document.createElement("script");
      script.src = new URL(el.getAttribute("data-src"), env.assetBase).href;
      script.onload = script.onerror = function () {  // failed: no grid, live Python answers instead
        w._grid = (window.AulaGrids && window.AulaGrids[key]) || {};
        update(w);
      };
      document.head.appendChild(script);
    }
    return null;
  }

  // Set a control from the figure (data-set-param="name" data-value="v"), as if the reader used it.
  function setControl(w, name, value) {
    var inputs = w.querySelectorAll('[data-param="' + name + '"]');
    inputs.forEach(function (input) { fields.set(input, value); });
    if (inputs.length) update(w, name);
  }

  document.addEventListener("aula:numbers", function (ev) { fields.show(ev.detail.from); });
  listen({ update: update, drag: drag, dragKey: readers.dragKey });

  whenParsed(function () {
    if (numbers.convention() !== "comma") fields.show("comma");
    // after the first frame: measuring every box forces a layout the first answer need not wait for
    requestAnimationFrame(function () { setTimeout(function () { readers.markScrollers(document); }, 0); });
    if (allWidgets().some(function (w) { return w.getAttribute("data-live") === "1"; })) loader.init();
  });

  return {
    state: function () { return loader.state; },
    covered: covered,
    timings: loader.timings,  // performance.now() marks, read by bench/ (never asserted in tests)
    read: fields.read,
    fieldText: fields.fieldText,
    set: function (w, values) {
      Object.keys(values).forEach(function (name) {
        w.querySelectorAll('[data-param="' + name + '"]').forEach(function (input) { fields.set(input, values[name]); });
      });
      update(w);
    }
  };
}
