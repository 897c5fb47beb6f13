/* The one message protocol of Aula's Python workers (http.js over http, file.js from file://), as
 * loader.js speaks it:
 *
 *   in:   {type: "start", ...what the worker's boot needs, widgets, lang} first, then {id, widget, lang, params},
 *         or {type: "train", id, lang, cmd}: one slice of live training (lesson_core.train_json, own_train.py);
 *         {type: "ping"} at any time (loader.js's heartbeat), answered at once by {type: "pong"}
 *   out:  {type: "progress", loaded} (bytes so far; http only) | {type: "ready", restored, phases} |
 *         {type: "failed", reason} | {type: "result", id, result} | {type: "pong"} |
 *         {type: "partial", id, result} (the steps so far of a long computation, a generation token by
 *         token: lesson_core/kit/stream.py) |
 *         {type: "busy"} (a computation starts: the heartbeat waits longer for the next answer) |
 *         {type: "idle"} (a warm-up computation is over)
 *
 * serve(boot): boot(start message) resolves to {pyodide, archives, restored, mark?} once Python runs
 * (archives: the zips to unpack beside lesson_core; mark(step): a step's time, for the benchmark);
 * here lesson_core is unpacked and imported, each request answered by lesson_core.render_json (a
 * failure inside it is a result with error.internal, never a dead worker), and this page's heavy
 * default computations (lesson_core.warm_cases) run one per turn after "ready": a reader's request
 * waits at most one of them, and finds their caches filled.
 */
var HOME = "/home/pyodide/aula";

function startCore(pyodide, archives, widgets, mark) {
  archives.forEach(function (zip) { pyodide.unpackArchive(zip, "zip", { extractDir: HOME }); });
  pyodide.runPython("import sys; sys.path.insert(0, '" + HOME + "') if '" + HOME + "' not in sys.path else None; import lesson_core");
  mark("lesson_core");
  var lesson = pyodide.pyimport("lesson_core");
  var core = { render: lesson.render_json, train: lesson.train_json, cases: JSON.parse(lesson.warm_cases_json(JSON.stringify(widgets || []))) };
  mark("ready");
  return core;
}

export function serve(boot) {
  var ready = null, render = null, train = null;

  function warm(cases, lang) {
    if (!cases.length) return;
    setTimeout(function () {
      var c = cases.shift();
      self.postMessage({ type: "busy" });
      try { render(c[0], JSON.stringify(c[1]), lang); } catch (err) { /* only a cache warm-up */ }
      self.postMessage({ type: "idle" });  // the computation is over (a request's ends with its result)
      warm(cases, lang);
    }, 0);
  }

  self.onmessage = function (ev) {
    var m = ev.data || {};
    if (m.type === "ping") { self.postMessage({ type: "pong" }); return; }  // alive (loader.js heartbeat)
    if (m.type === "start") {
      ready = Promise.resolve(m).then(boot).then(function (out) {
        var core = startCore(out.pyodide, out.archives, m.widgets, out.mark || function () {});
        render = core.render;
        train = core.train;
        self.postMessage({ type: "ready", restored: !!out.restored, phases: out.phases || null });
        warm(core.cases, m.lang);
        return true;
      }).catch(function (err) {
        self.postMessage({ type: "failed", reason: String((err && err.message) || err) });
        return false;
      });
      return;
    }
    (ready || Promise.resolve(false)).then(function (ok) {
      if (!ok) return;
      var result;
      self.postMessage({ type: "busy" });
      var partial = function (json) { self.postMessage({ type: "partial", id: m.id, result: JSON.parse(json) }); };
      try {
        // a training slice works at most about 50 ms and answers: requests queued meanwhile come next
        result = JSON.parse(m.type === "train" ? train(m.cmd, m.lang) : render(m.widget, m.params, m.lang, partial));
      } catch (err) {
        result = { ok: false, error: { param: null, message: null, internal: String(err) } };
      }
      self.postMessage({ type: "result", id: m.id, result: result });
    });
  };
}
