/* Aula live-Python loader: when the runtime is fetched, the worker that runs it, and the state
 * the reader sees. live.js asks through createLoader(); nothing here knows widgets.
 *
 * Policy (DESIGN.md "Loading live Python", issue 9). Precomputed controls answer without Python,
 * so the runtime (about 5.3 MB over the wire) is fetched:
 *   - on first need: a typed value or a combination the build did not precompute (live.js calls
 *     need()), or the reader pressing "Load now" in the status pill;
 *   - early, once the page is idle, only when bytes are cheap: the offline bundle (the files are on
 *     this computer or the school's server), or navigator.connection reporting a fast link
 *     (downlink >= 5 Mbit/s and rtt <= 100 ms: Chrome calls a 1.5 Mbit/s link "4g", so effectiveType
 *     is not enough), not "cellular", with Save-Data off and no prefers-reduced-data (issue 17).
 *     Without navigator.connection or its numbers (Firefox, Safari)
 *     we cannot tell a phone on prepaid data from a school's fibre, so we wait for the need: a
 *     wrong guess there costs a reader's data plan, while waiting costs a few seconds, shown.
 * States on <html data-python="off|loading|ready|failed">, in the pill (role=status, in the page's
 * language, progress in percent) and for tests. A failed or interrupted download ends the worker
 * (nothing half-loaded), says so once and offers to try again. Once ready, the worker is asked for a
 * heartbeat (worker/protocol.js "ping") every PING_MS; a worker that answers nothing for DEAD_MS
 * after a question (closed, killed, stuck), or BUSY_MS once it said a computation started ("busy":
 * a long one cannot answer meanwhile), or reports an error, is ended and "failed" the same way,
 * with py_stopped in the pill: the waiting widgets say live Python is off and offer "Try again".
 */
import { fill, pageLang } from "./dom.js";

var FAST_DOWNLINK = 5, FAST_RTT = 100;  // Mbit/s and ms (navigator.connection's units): an early start
var STALL_MS = 90000;  // no news from the download or the worker for this long: give up (and offer a retry)
// a ready worker is asked every PING_MS; silent for DEAD_MS after a question, it is taken for dead (the
// longest live answer measured is about 1.3 s, reliability review 2027-01; warm-ups yield between cases)
var PING_MS = 2000, DEAD_MS = 8000, BUSY_MS = 60000;

// The offline bundle carries the runtime as classic scripts; file:// allows nothing else.
function fromFiles() {
  return location.protocol === "file:" || !!document.querySelector('meta[name="aula-runtime"][content="files"]');
}

export function readMeta() {
  var meta = document.querySelector('meta[name="aula-runtime-http"]');
  try { return meta ? JSON.parse(meta.getAttribute("content")) : null; } catch (e) { return null; }
}

function widgetsOnPage() {
  var ids = {};
  document.querySelectorAll(".aula-widget[data-widget]").forEach(function (w) { ids[w.getAttribute("data-widget")] = 1; });
  return Object.keys(ids);
}

function readsModel(runtime, widgets) {
  return !!(runtime.models || {})[pageLang()] && widgets.some(function (id) {
    return (runtime.model_widgets || []).indexOf(id) >= 0;
  });
}

// What live Python costs this page over the wire, formatted (macros/runtime.py): the runtime, with the
// real model's data only where a widget on the page reads it; null when the build says nothing.
export function downloadSize(runtime) {
  var size = readsModel(runtime, widgetsOnPage()) || !runtime.size_plain ? runtime.size : runtime.size_plain;
  return size ? size[pageLang()] : null;
}

// Also the rule for saving the open page for offline without a tap (save.js).
export function cheapBytes() {
  if (fromFiles()) return true;
  var c = navigator.connection;
  if (!c || c.saveData) return false;
  if (window.matchMedia && window.matchMedia("(prefers-reduced-data: reduce)").matches) return false;
  if (c.type === "cellular") return false;  // a phone's data plan, however fast
  return typeof c.downlink === "number" && c.downlink >= FAST_DOWNLINK &&
         typeof c.rtt === "number" && c.rtt <= FAST_RTT;
}

/* hooks: {ready(), failed(reason), result(id, result), partial(id, result), progress(text)};
   env: {assetBase (a URL: where the runtime's files are named from), NativeWorker (head.js's)}. */
export function createLoader(msgs, hooks, env) {
  var runtime = readMeta() || {};
  var assetBase = env.assetBase, lang = pageLang(), fromDisk = fromFiles(), root = document.documentElement;
  var self = { state: "off", worker: null, timings: {}, loaded: 0, total: 0 };
  var pill = null, text = null, pct = null, button = null, stall = null;
  var beat = null, heard = 0, asked = 0, busy = false;  // the heartbeat: last message from the worker,
  // the oldest question it has not answered since, and whether its last word was "busy"

  /* ---------- what the reader sees ---------- */

  function makePill() {
    pill = document.createElement("div");
    pill.className = "aula-py";
    text = document.createElement("span");
    text.className = "aula-py-text";
    text.setAttribute("role", "status");  // announced on state changes only, not every percent
    pct = document.createElement("span");
    pct.className = "aula-py-pct";
    button = document.createElement("button");
    button.type = "button";
    button.className = "aula-py-action";
    button.addEventListener("click", function () { start(self.state === "failed" ? "retry" : "button"); });
    pill.appendChild(text);
    pill.appendChild(pct);
    pill.appendChild(button);
    // in the article's flow, above its title: under the sticky header, the search overlay and the
    // drawer, which all paint over the content (issue 31, item 1); a page without one keeps the body
    var bar = document.querySelector(".md-content__inner");
    if (bar) bar.insertBefore(pill, bar.firstChild); else document.body.appendChild(pill);
  }

  // A control that goes live says so before anything is fetched (lesson_core block.needs_python):
  // its note gets the download's size once, here (CSS hides the notes once Python is ready).
  function sizeNotes() {
    var mb = downloadSize(runtime), size = mb ? " (" + fill(msgs.py_weight, { size: mb }) + ")." : ".";
    document.querySelectorAll(".aula-live-note:not([data-sized])").forEach(function (note) {
      note.setAttribute("data-sized", "");
      note.appendChild(document.createTextNode(size));
    });
  }
  // once parsed: whether the page reads the real model's data (its size) is known only then
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", sizeNotes);
  else sizeNotes();

  function setState(state) {
    self.state = state;
    self.timings[state] = performance.now();
    root.setAttribute("data-python", state);
    if (!pill) makePill();
    pill.setAttribute("data-state", state);
    var said = msgs["py_" + state] || "";
    if (state === "off") {
      var mb = downloadSize(runtime);
      said = msgs.py_idle + (mb ? " (" + fill(msgs.py_weight, { size: mb }) + ")" : "");
    }
    text.textContent = said;
    pct.textContent = "";
    button.hidden = state !== "off" && state !== "failed";
    button.textContent = state === "failed" ? msgs.py_retry : msgs.py_start;
  }

  function showProgress(loaded) {
    self.loaded = loaded;
    if (self.state !== "loading" || !self.total) return;
    var p = Math.min(100, Math.floor(100 * loaded / self.total));
    pct.textContent = " " + fill(msgs.py_progress, { pct: p });
    if (hooks.progress) hooks.progress(pct.textContent.trim());
  }

  /* ---------- the worker ---------- */

  function alive() {
    clearTimeout(stall);
    stall = setTimeout(function () { fail("timeout"); }, STALL_MS);
  }

  function fail(reason) {
    if (self.state !== "loading" && self.state !== "ready") return;  // tell the reader once
    var stopped = self.state === "ready";
    clearTimeout(stall);
    clearInterval(beat);
    if (self.worker) self.worker.terminate();  // nothing half-loaded stays behind
    self.worker = null;
    window.__aulaFiles = null;
    setState("failed");
    if (stopped) text.textContent = msgs.py_stopped || msgs.py_failed;  // it ran, then stopped answering
    hooks.failed(reason);
  }

  function ask(worker, message) {
    if (heard >= asked) asked = performance.now();  // the oldest question still unanswered
    worker.postMessage(message);
  }

  function heartbeat(worker) {
    clearInterval(beat);
    heard = performance.now();
    asked = 0;
    beat = setInterval(function () {
      if (self.worker !== worker || self.state !== "ready") { clearInterval(beat); return; }
      if (heard < asked && performance.now() - asked > (busy ? BUSY_MS : DEAD_MS)) {
        fail("the worker stopped answering");
        return;
      }
      if (heard >= asked) ask(worker, { type: "ping" });
    }, PING_MS);
  }

  function listen(worker) {
    worker.onmessage = function (ev) {
      var m = ev.data || {};
      if (self.worker !== worker) return;
      heard = performance.now();
      if (m.type !== "partial") busy = m.type === "busy";  // a generation's steps so far: still busy
      if (m.type === "progress") {
        alive();
        showProgress(m.loaded);
      } else if (m.type === "ready") {
        clearTimeout(stall);
        self.timings.restored = !!m.restored;
        self.timings.phases = m.phases || null;  // the worker's steps, for the benchmark
        setState("ready");
        heartbeat(worker);
        hooks.ready();
      } else if (m.type === "failed") {
        fail(m.reason);
      } else if (m.type === "result") {
        hooks.result(m.id, m.result);
      } else if (m.type === "partial" && hooks.partial) {
        hooks.partial(m.id, m.result);
      }
    };
    worker.onerror = function (ev) { ev.preventDefault(); if (self.worker === worker) fail(ev.message || "worker error"); };
  }

  function bootOverHttp() {
    if (!runtime.dir) throw new Error("no runtime on this page");
    var at = function (name) { return new URL(name, assetBase).href; };
    self.total = runtime.bytes || 0;
    self.worker = new Worker(at(runtime.worker), { type: "module" });
    listen(self.worker);
    var widgets = widgetsOnPage();
    // the real model's data (its language's), only on a page with a widget that reads it
    var model = readsModel(runtime, widgets);
    self.worker.postMessage({ type: "start", dir: at(runtime.dir), core: at(runtime.core),
                              model: model ? at(runtime.models[lang]) : null,
                              snapshot: runtime.snapshot ? at(runtime.snapshot) : null,
                              lengths: runtime.lengths || null,  // each file's bytes, checked by the worker
                              widgets: widgets, lang: lang });
  }

  /* file:// (the offline bundle): fetch, module scripts and workers from files are blocked, so the
     runtime's files arrive as classic scripts (assets/aula/offline/), are checked against the
     manifest, and go to a worker started from a blob: URL. */
  function loadScript(href) {
    return new Promise(function (resolve, reject) {
      var s = document.createElement("script");
      s.src = href;
      s.onload = function () { s.remove(); resolve(); };
      s.onerror = function () { s.remove(); reject(new Error("missing " + href)); };
      document.head.appendChild(s);
    });
  }

  function bootFromFiles() {
    var dir = new URL("offline/", assetBase);
    var attempt = self.timings.loading;
    function current() { if (self.state !== "loading" || self.timings.loading !== attempt) throw new Error("stale"); }
    loadScript(new URL("manifest.js", dir).href).then(function () {
      current();
      var manifest = window.__aulaManifest;
      if (!manifest) throw new Error("damaged manifest");
      var names = Object.keys(manifest), loaded = 0;
      self.total = names.reduce(function (sum, n) { return sum + manifest[n].length; }, 0);
      return Promise.all(names.map(function (name) {
        return loadScript(new URL(name + ".js", dir).href).then(function () {
          loaded += manifest[name].length;
          alive();
          showProgress(loaded);
        });
      }));
    }).then(function () {
      current();
      var manifest = window.__aulaManifest;
      var files = window.__aulaFiles || {};
      Object.keys(manifest).forEach(function (name) {
        var entry = files[name];
        var payload = entry && entry[manifest[name].kind];
        if (typeof payload !== "string" || payload.length !== manifest[name].length) {
          throw new Error("damaged runtime file " + name);
        }
      });
      var NativeWorker = env.NativeWorker || window.Worker;  // never Material's iframe shim
      if (typeof NativeWorker !== "function") throw new Error("no Worker");
      var source = new Blob([files["py-worker-file.js"].text], { type: "text/javascript" });
      self.worker = new NativeWorker(URL.createObjectURL(source));
      listen(self.worker);
      self.worker.postMessage({ type: "start", files: files, manifest: manifest, widgets: widgetsOnPage(), lang: lang });
      window.__aulaFiles = null;  // the worker has its copy
    }).catch(function (e) {
      if (e && e.message === "stale") return;
      fail(e && e.message);
    });
  }

  function start(why) {
    if (self.state === "loading" || self.state === "ready") return;
    self.timings.why = why;
    self.timings.need = self.timings.need || performance.now();
    setState("loading");
    alive();
    if (fromDisk) { bootFromFiles(); return; }
    try {
      bootOverHttp();
    } catch (e) {
      fail(e && e.message);
    }
  }

  /* ---------- the policy ---------- */

  self.init = function () {
    setState("off");
    if (typeof Worker === "undefined" && typeof env.NativeWorker !== "function") {
      self.state = "loading";
      fail("no Worker");
      self.noWorker = true;
      button.hidden = true;  // trying again cannot help this browser
      return;
    }
    if (!cheapBytes()) return;  // wait for the need
    var early = function () {
      if (window.requestIdleCallback) window.requestIdleCallback(function () { start("idle"); }, { timeout: 3000 });
      else setTimeout(function () { start("idle"); }, 500);
    };
    if (document.readyState === "complete") early(); else window.addEventListener("load", early);
  };
  // A reader needs Python now; a failed load waits for the reader's "Try again".
  self.need = function () {
    if (self.state === "off") { self.timings.need = performance.now(); start("need"); }
  };
  self.post = function (message) { ask(self.worker, message); };
  self.canRetry = function () { return self.state === "failed" && !self.noWorker; };
  self.retry = function () { if (self.canRetry()) start("retry"); };
  return self;
}
