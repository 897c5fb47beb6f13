/* Aula browser bridge: reads controls, swaps precomputed parts, forwards the rest to Python.
 *
 * The page is complete without this script: every widget block was rendered at
 * build time by lesson_core. This script never does lesson arithmetic; it
 *   1. reads each control's canonical value (data-param inputs),
 *   2. swaps a part from the build's precomputed table (.aula-pre) when the key is there,
 *   3. otherwise asks lesson_core.render() running in Pyodide and swaps its HTML.
 * When and how Python is loaded (and the state the reader sees) is loader.js's: this file only
 * says when it is needed (AulaLoader's need()) and sends requests once it is ready.
 *
 * It runs while the page is still being parsed: the build places it right after the page's first widget
 * (macros/bridge.py), so a slow phone's first control answers before the rest of a long page is read.
 * Events are therefore taken at the document (widgets parsed later included), a widget's precomputed
 * table is parsed when that widget first needs it, and what concerns every widget waits for the end of
 * parsing (DOMContentLoaded).
 */
(function () {
  "use strict";
  var first = document.querySelector(".aula-widget");
  if (!first) return;
  // this script's folder: a block names its files (a drag grid's script) relative to it (lesson_core/kit/block.py)
  var bridgeDir = new URL(".", document.currentScript ? document.currentScript.src : location.href);
  // every widget parsed so far (more may follow while the page is being parsed)
  function allWidgets() { return Array.prototype.slice.call(document.querySelectorAll(".aula-widget")); }

  var msgs = readJSON(first.querySelector(".aula-msgs")) || {};
  var py = { seq: 0, pending: {}, queue: {} };
  var loader = window.AulaLoader.create(msgs, { ready: pythonReady, failed: pythonFailed, result: receive,
                                                  progress: pythonProgress });
  var timings = loader.timings;  // performance.now() marks, read by bench/ (never asserted in tests)
  // every reader (readers.js): focus kept across swaps, keyboard drags, scroll boxes, slider text
  var readers = window.AulaReaders.create(msgs, { update: update, numberText: numberText });
  var replaceHTML = readers.replaceHTML, valueText = readers.valueText, dragKey = readers.dragKey;
  var markScrollers = readers.markScrollers;
  var readTyped = window.AulaNumtext.read;  // numtext.js: a typed number, as Python's numtext reads it
  // the reader's number convention (numbers.js): "comma" or "point"; fields show numbers that way
  var numbers = window.AulaNumbers || { convention: function () { return "comma"; },
                                        field: String, written: function (x) { return String(x).replace(".", ","); } };
  // clickable figure parts and drag handles (drag.js)
  var drag = window.AulaDrag.create({ update: update, setControl: setControl, numberText: numberText, read: readTyped,
                                      convention: function () { return numbers.convention(); },
                                      live: function () { return loader.state === "ready"; } });

  function readJSON(el) {
    if (!el) return null;
    try { return JSON.parse(el.textContent); } catch (e) { return null; }
  }

  /* ---------- values of controls ---------- */

  function spec(input) {
    if (!input._spec) input._spec = readJSON({ textContent: input.getAttribute("data-spec") || "null" });
    return input._spec;
  }


  // Mirror of lesson_core.controls.Number.parse, for an instant message before Python is up.
  // Python stays the authority: it re-validates every value it receives, sent in the canonical form.
  // A text the other convention reads differently comes with a note: how it was read.
  function checkNumber(input) {
    var s = spec(input);
    var r = readTyped(input.value, numbers.convention());
    if (r.error) return { error: s.msgs[r.error] || s.msgs.not_number };
    var x = r.value;
    if (s.integer && Math.floor(x) !== x) return { error: s.msgs.not_integer };
    if (x < s.min) return { error: s.msgs.too_small };
    if (x > s.max) return { error: s.msgs.too_large };
    var note = r.flagged && s.msgs.read_as ? s.msgs.read_as.replace("{value}", numbers.written(x)) : "";
    return { value: typedText(x), note: note };
  }

  // A number in the canonical typed form (lesson_core.numtext.typed): 0.5 -> "0,5".
  function typedText(x) { return String(x).replace(".", ","); }

  function isNumberField(input) {
    var s = input.type === "text" && spec(input);
    return !!(s && s.kind === "number");
  }

  function readValues(w) {
    var values = {};
    var errors = {};
    var notes = {};
    w.querySelectorAll("[data-param]").forEach(function (input) {
      var name = input.getAttribute("data-param");
      if (input.type === "radio") {
        if (input.checked) values[name] = input.value;
      } else if (input.type === "checkbox") {
        values[name] = input.checked ? "1" : "0";
      } else if (input.type === "range" || input.tagName === "SELECT") {
        values[name] = input.value;
      } else {
        var s = spec(input);
        if (s && s.kind === "number") {
          var r = checkNumber(input);
          if (r.error) errors[name] = r.error; else values[name] = r.value;
          if (r.note) notes[name] = r.note;
        } else {
          values[name] = input.value;
        }
      }
    });
    return { values: values, errors: errors, notes: notes };
  }

  // A message under a field: an error (the field is marked invalid) or, with note, how it was read.
  function fieldMessage(w, name, text, note) {
    var input = w.querySelector('[data-param="' + name + '"]');
    var box = input && document.getElementById(input.getAttribute("aria-describedby") || "");
    if (box) box.textContent = text || "";
    if (input) {
      if (text && !note) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
    }
    return !!box;
  }

  function status(w, text) {
    var el = w.querySelector(".aula-status");
    if (el) el.textContent = text || "";
  }

  /* ---------- updating a widget ---------- */

  // Parts pass the HTML rule first (safehtml.js), all of one answer or none; a refused answer keeps the
  // last good figure and shows the widget's error (the console says why).
  function swapParts(w, parts, params) {
    var ready = window.AulaSafeHTML.checkParts(w, parts, params);
    if (!ready) status(w, msgs.py_error);
    else ready.forEach(function (r) { replaceHTML(r[0], r[1], r[2]); });
    return !!ready;
  }

  // The widget's block is parsed to its end when its last element (.aula-msgs) is in the DOM.
  function parsed(w) { return document.readyState !== "loading" || !!w.querySelector(".aula-msgs"); }

  function whenParsed(fn) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fn, { once: true });
    else fn();
  }

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
    var read = readValues(w);
    w.querySelectorAll("[data-param]").forEach(function (input) {
      var name = input.getAttribute("data-param");
      if (spec(input)) fieldMessage(w, name, read.errors[name] || read.notes[name] || "", !read.errors[name]);
      if (input.type === "range") {
        var out = input.parentNode.querySelector("output");
        var shown = input._shown || (input._shown = JSON.parse(input.getAttribute("data-shown") || "{}"));
        if (out) out.textContent = shown[input.value] !== undefined ? shown[input.value] : input.value;
        valueText(input, shown[input.value]);
      }
    });
    if (Object.keys(read.errors).length) return;  // the last good figure stays
    var pre = preTable(w);
    var needLive = false, waitGrid = false, fromTable = {};  // the parts the build's tables answer
    var has = function (table, key) { return !!table && Object.prototype.hasOwnProperty.call(table, key); };
    w.querySelectorAll(".aula-part").forEach(function (el) {
      var deps = (el.getAttribute("data-deps") || "").split(",").filter(Boolean);
      if (!deps.length || (changed && deps.indexOf(changed) < 0)) return;
      var key = deps.map(function (d) { return read.values[d]; }).join("|");
      var name = el.getAttribute("data-part"), grid;
      if (has(pre && pre[name], key)) fromTable[name] = pre[name][key];
      else if ((grid = gridTable(w)) === null) waitGrid = true;
      else if (has(grid[name], key)) fromTable[name] = grid[name][key];
      else needLive = true;
    });
    if (!swapParts(w, fromTable, read.values)) return;
    if (waitGrid) return;  // the grid's file is on its way: it updates the widget when it comes
    if (!needLive) {
      status(w, "");
      if (py.queue[w.id] && !w._inflight) w.removeAttribute("aria-busy");  // nothing waits any more
      py.queue[w.id] = null;
      if (w._inflight) w._next = read.values;  // an answer for older values is on its way: ask again after it
      return;
    }
    requestLive(w, read.values);
  }

  // A figure drag's coarse grid (lesson_core @widget(drags=...)): a script of its own, named by the block
  // (kit/block.py) and written by the build, loaded when first needed, not with the page. null while it is on its way.
  function gridTable(w) {
    if (w._grid) return w._grid;
    var el = w.querySelector("script.aula-drag-grid"), key = el && el.getAttribute("data-key");
    if (!key) return (w._grid = (el && readJSON(el)) || {});  // none, or embedded in the page
    if (window.AulaGrids && window.AulaGrids[key]) return (w._grid = window.AulaGrids[key]);
    if (!w._gridLoading) {
      w._gridLoading = true;
      var script = document.createElement("script");
      script.src = new URL(el.getAttribute("data-src"), bridgeDir).href;
      script.onload = script.onerror = function () {  // failed: no grid, live Python answers instead
        w._grid = (window.AulaGrids && window.AulaGrids[key]) || {};
        update(w);
      };
      document.head.appendChild(script);
    }
    return null;
  }

  function requestLive(w, values) {
    if (loader.state === "ready") {
      send(w, values);
      return;
    }
    py.queue[w.id] = values;  // the latest wins; sent when Python is ready (after a retry, too)
    if (loader.state === "failed") {
      status(w, msgs.py_off);
      retryButton(w, loader.canRetry());
    } else {
      status(w, msgs.py_wait);
      w.setAttribute("aria-busy", "true");  // waiting for Python: removed when it answers or fails
      loader.need();
    }
  }

  function send(w, values) {
    if (w._inflight) { w._next = values; return; }  // one request at a time per widget; the latest wins
    w._inflight = true;
    var id = ++py.seq;
    py.pending[id] = { w: w, gen: w._gen, params: values };
    w.setAttribute("aria-busy", "true");
    loader.post({ id: id, widget: w.getAttribute("data-widget"), lang: w.getAttribute("data-lang"),
                            params: JSON.stringify(values) });
  }

  function receive(id, result) {
    var req = py.pending[id];
    delete py.pending[id];
    if (!req) return;
    var w = req.w;
    w._inflight = false;
    var next = w._next;
    w._next = null;
    if (next) {
      // newer input is waiting (a drag, fast typing): show this step if it worked, then ask again
      if (result && result.ok) swapParts(w, result.parts, req.params);
      send(w, next);
      return;
    }
    if (req.gen !== w._gen) { w.removeAttribute("aria-busy"); return; }  // the controls moved on since
    w.removeAttribute("aria-busy");
    if (result && result.ok) {
      if (!swapParts(w, result.parts, req.params)) return;  // refused: the widget's error shows
      timings.lastLive = performance.now();
      status(w, "");
      w.setAttribute("data-rendered-by", "python");
    } else if (result && result.error && result.error.message) {
      if (!(result.error.param && fieldMessage(w, result.error.param, result.error.message))) {
        status(w, result.error.message);
      }
    } else {
      status(w, msgs.py_error);
      logLiveError(w, req.params, result);
    }
  }

  /* A live computation that failed unexpectedly (a widget's bug, not a reader's input): the reader
     sees py_error; the author finds the widget, its parameters and Python's error in the console. */
  function logLiveError(w, params, result) {
    var why = (result && result.error && result.error.internal) || "no result";
    if (window.console) {
      console.error("Aula: live computation failed in widget " + w.getAttribute("data-widget") + " (#" + w.id +
                    ") with parameters " + JSON.stringify(params) + ": " + why);
    }
  }

  /* ---------- the Python runtime (loaded by loader.js) ---------- */

  function pythonReady() {
    allWidgets().forEach(function (w) {
      retryButton(w, false);
      var values = py.queue[w.id];
      py.queue[w.id] = null;
      if (values) { status(w, ""); send(w, values); }
    });
  }

  // The download's progress beside each waiting widget (the pill may be out of view), hidden from
  // screen readers: the status line is a live region, and a percentage every moment is noise.
  function pythonProgress(text) {
    allWidgets().forEach(function (w) {
      var el = py.queue[w.id] && w.querySelector(".aula-status");
      if (!el) return;
      var pct = el.querySelector(".aula-status-pct");
      if (!pct) {
        pct = document.createElement("span");
        pct.className = "aula-status-pct";
        pct.setAttribute("aria-hidden", "true");
        el.appendChild(pct);
      }
      pct.textContent = " " + text;
    });
  }

  // "Try again" beside a widget whose value waits, after a failed download (as in the pill).
  function retryButton(w, show) {
    var button = w.querySelector(".aula-retry");
    if (!button && show) {
      button = document.createElement("button");
      button.type = "button";
      button.className = "aula-retry";
      button.textContent = msgs.py_retry;
      button.addEventListener("click", function () { loader.retry(); });
      var el = w.querySelector(".aula-status");
      if (el) el.parentNode.insertBefore(button, el.nextSibling);
    }
    if (button) button.hidden = !show;
  }

  function pythonFailed(reason) {
    if (window.console && reason) console.info("Aula: live Python is off:", reason);
    Object.keys(py.pending).forEach(function (id) {
      var w = py.pending[id].w;
      w.removeAttribute("aria-busy");
      w._inflight = false;
      if (w._next) py.queue[w.id] = w._next;
      w._next = null;
    });
    py.pending = {};
    allWidgets().forEach(function (w) {
      if (!py.queue[w.id]) return;
      w.removeAttribute("aria-busy");
      status(w, msgs.py_off);
      retryButton(w, loader.canRetry());
    });
  }

  /* ---------- setting controls (from a figure, a shared link, the teacher's page) ---------- */

  // Set a control from the figure (data-set-param="name" data-value="v"), as if the reader used it.
  function setControl(w, name, value) {
    var inputs = w.querySelectorAll('[data-param="' + name + '"]');
    inputs.forEach(function (input) { setInput(input, value); });
    if (inputs.length) update(w, name);
  }

  // value is canonical ("0,5"); a number field shows it as the reader writes it
  function setInput(input, value) {
    if (input.type === "radio") input.checked = input.value === value;
    else if (input.type === "checkbox") input.checked = value === "1";
    else input.value = isNumberField(input) ? numbers.field(value) : value;
  }

  // Short decimal text for a typed-number field, as the reader writes it; the value itself is computed by Python.
  function numberText(x) { return numbers.field(typedText(Math.round(x * 10) / 10)); }

  /* ---------- wiring ---------- */

  // Number fields as the reader writes numbers: built with the canonical comma, and again after a change
  // of choice in the header (read by the old convention, written in the new one).
  function showFields(previous) {
    allWidgets().forEach(function (w) {
      w.querySelectorAll("input[data-param]").forEach(function (input) {
        if (!isNumberField(input)) return;
        var r = readTyped(input.value, previous);
        if (r.error) return;  // left as typed, with its message
        input.value = numbers.field(typedText(r.value));
        fieldMessage(w, input.getAttribute("data-param"), "");  // a note on how it was read no longer applies
      });
    });
  }
  document.addEventListener("aula:numbers", function (ev) { showFields(ev.detail.from); });

  // the readers' events on every widget, at the document (events.js)
  window.AulaEvents.listen({ update: update, drag: drag, dragKey: dragKey });

  whenParsed(function () {
    if (numbers.convention() !== "comma") showFields("comma");
    // after the first frame: measuring every box forces a layout the first answer need not wait for
    requestAnimationFrame(function () { setTimeout(function () { markScrollers(document); }, 0); });
    if (allWidgets().some(function (w) { return w.getAttribute("data-live") === "1"; })) loader.init();
  });

  window.aula = {
    state: function () { return loader.state; },
    timings: timings,
    // hooks for teacher.js (shared links, progress): read a widget's values, set several and update once
    read: readValues,
    // a field's value as read, written as the reader writes numbers (a typed number), or as typed
    fieldText: function (input) {
      var r = isNumberField(input) && readTyped(input.value, numbers.convention());
      return r && !r.error ? numbers.field(typedText(r.value)) : input.value;
    },
    set: function (w, values) {
      Object.keys(values).forEach(function (name) {
        w.querySelectorAll('[data-param="' + name + '"]').forEach(function (input) { setInput(input, values[name]); });
      });
      update(w);
    }
  };
})();
