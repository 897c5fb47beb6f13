/* Aula's Python worker: Pyodide (vendored in ../pyodide/) running lesson_core.
 *
 * Messages in:  {id, widget, lang, params}  (params: JSON text of canonical strings)
 * Messages out: {type: "ready"} | {type: "failed", reason} | {type: "result", id, result}
 * No network: Pyodide's files and lesson_core.zip come from the site itself.
 */
"use strict";
var here = new URL(".", self.location.href);
var pyodideBase = new URL("../pyodide/", here).href;
var render = null;

async function start() {
  importScripts(pyodideBase + "pyodide.js");
  var pyodide = await loadPyodide({ indexURL: pyodideBase, stdout: function () {}, stderr: function () {} });
  var response = await fetch(new URL("lesson_core.zip", here));
  if (!response.ok) throw new Error("lesson_core.zip: HTTP " + response.status);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/home/pyodide/aula" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/aula'); import lesson_core");
  render = pyodide.pyimport("lesson_core").render_json;
}

var ready = start().then(
  function () { self.postMessage({ type: "ready" }); return true; },
  function (err) { self.postMessage({ type: "failed", reason: String(err && err.message || err) }); return false; }
);

self.onmessage = function (ev) {
  var m = ev.data || {};
  ready.then(function (ok) {
    if (!ok) return;
    var result;
    try {
      result = JSON.parse(render(m.widget, m.params, m.lang));
    } catch (err) {
      result = { ok: false, error: { param: null, message: null, internal: String(err) } };
    }
    self.postMessage({ type: "result", id: m.id, result: result });
  });
};
