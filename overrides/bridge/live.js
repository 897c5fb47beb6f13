/* Answers from live Python, for the widgets the build's tables do not answer.
 *
 * createLive(msgs, env, hooks) starts the loader (loader.js: when the runtime comes, and the pill) and
 * returns {loader, request(w, values), idle(w, values), train(w, cmd, done)} (train: one slice of live
 * training, train.js; done(result), or done(null) when Python is off). A widget has at most one request in flight;
 * newer values wait (the latest wins) and are sent when its answer comes. While Python loads, the
 * widget says so (with the download's progress) and is aria-busy; after a failed download it offers
 * "Try again". hooks: {swapParts(w, parts, params) -> bool, status(w, text), message(w, name, text)}.
 * The worker's messages: worker/protocol.js.
 */
import { allWidgets } from "./dom.js";
import { createLoader } from "./loader.js";

export function createLive(msgs, env, hooks) {
  var py = { seq: 0, pending: {}, queue: {}, training: {}, trainWaits: [] };
  var loader = createLoader(msgs, { ready: pythonReady, failed: pythonFailed, result: receive,
                                    partial: receivePartial, progress: pythonProgress }, env);
  var status = hooks.status;

  function request(w, values) {
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

  // The build's tables answered these values: nothing waits any more, unless an answer is on its way.
  function idle(w, values) {
    status(w, "");
    if (py.queue[w.id] && !w._inflight) w.removeAttribute("aria-busy");
    py.queue[w.id] = null;
    if (w._inflight) w._next = values;  // an answer for older values is on its way: ask again after it
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

  // A training slice goes to the worker's queue like any request, so the requests of other widgets
  // sent meanwhile are answered before the next slice; before Python is ready it waits for it.
  function train(w, cmd, done) {
    if (loader.state === "failed") { done(null); return; }
    if (loader.state !== "ready") {
      py.trainWaits.push([w, cmd, done]);
      status(w, msgs.py_wait);
      loader.need();
      return;
    }
    var id = ++py.seq;
    py.training[id] = done;
    loader.post({ type: "train", id: id, lang: w.getAttribute("data-lang"), cmd: JSON.stringify(cmd) });
  }

  // The steps so far of a long answer (a generation, token by token): shown at once, without the old
  // answer's dimming and label, unless the controls moved on (then the old answer stays marked as old).
  // The summary waits for the finished answer: a screen reader hears it once.
  function receivePartial(id, result) {
    var req = py.pending[id], w = req && req.w;
    if (!w || w._next || req.gen !== w._gen || !result || !result.ok) return;
    if (hooks.swapParts(w, result.parts, req.params)) w.setAttribute("data-streaming", "");
  }

  function receive(id, result) {
    var done = py.training[id];
    if (done) { delete py.training[id]; done(result); return; }
    var req = py.pending[id];
    delete py.pending[id];
    if (!req) return;
    var w = req.w;
    w._inflight = false;
    w.removeAttribute("data-streaming");
    var next = w._next;
    w._next = null;
    if (next) {
      // newer input is waiting (a drag, fast typing): show this step if it worked, then ask again
      if (result && result.ok) hooks.swapParts(w, result.parts, req.params);
      send(w, next);
      return;
    }
    if (req.gen !== w._gen) { w.removeAttribute("aria-busy"); return; }  // the controls moved on since
    w.removeAttribute("aria-busy");
    if (result && result.ok) {
      if (!hooks.swapParts(w, result.parts, req.params)) return;  // refused: the widget's error shows
      loader.timings.lastLive = performance.now();
      status(w, "");
      w.setAttribute("data-rendered-by", "python");
    } else if (result && result.error && result.error.message) {
      if (!(result.error.param && hooks.message(w, result.error.param, result.error.message))) {
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

  function pythonReady() {
    py.trainWaits.splice(0).forEach(function (t) { status(t[0], ""); train(t[0], t[1], t[2]); });
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
      py.queue[w.id] = w._next || py.pending[id].params;  // asked of a worker that stopped: asked again after a retry
      w._next = null;
    });
    py.pending = {};
    var stopped = py.trainWaits.splice(0).map(function (t) { return t[2]; });
    Object.keys(py.training).forEach(function (id) { stopped.push(py.training[id]); });
    py.training = {};
    stopped.forEach(function (done) { done(null); });
    allWidgets().forEach(function (w) {
      if (!py.queue[w.id]) return;
      w.removeAttribute("aria-busy");
      status(w, msgs.py_off);
      retryButton(w, loader.canRetry());
    });
  }

  return { loader: loader, request: request, idle: idle, train: train };
}
