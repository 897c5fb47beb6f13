/* The one message protocol of Aula's Python workers (http.js over http, file.js from file://), as
 * loader.js speaks it:
 *
 *   in:   {type: "start", ...what the worker's boot needs, widgets, lang} first, then {id, widget, lang, params}
 *   out:  {type: "progress", loaded} (bytes so far; http only) | {type: "ready", restored, phases} |
 *         {type: "failed", reason} | {type: "partial", id, result} (the steps so far of a long
 *         computation, a generation token by token: lesson_core/kit/stream.py) | {type: "result", id, result}
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
  var core = { render: lesson.render_json, cases: JSON.parse(lesson.warm_cases_json(JSON.stringify(widgets || []))) };
  mark("ready");
  return core;
}

export function serve(boot) {
  var ready = null, render = null;

  function warm(cases, lang) {
    if (!cases.length) return;
    setTimeout(function () {
      var c = cases.shift();
      try { render(c[0], JSON.stringify(c[1]), lang); } catch (err) { /* only a cache warm-up */ }
      warm(cases, lang);
    }, 0);
  }

  self.onmessage = function (ev) {
    var m = ev.data || {};
    if (m.type === "start") {
      ready = Promise.resolve(m).then(boot).then(function (out) {
        var core = startCore(out.pyodide, out.archives, m.widgets, out.mark || function () {});
        render = core.render;
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
      var partial = function (json) { self.postMessage({ type: "partial", id: m.id, result: JSON.parse(json) }); };
      try {
        result = JSON.parse(render(m.widget, m.params, m.lang, partial));
      } catch (err) {
        result = { ok: false, error: { param: null, message: null, internal: String(err) } };
      }
      self.postMessage({ type: "result", id: m.id, result: result });
    });
  };
}
