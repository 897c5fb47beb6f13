/* Aula's Python worker (a module worker): Pyodide, vendored in ../pyodide/, running lesson_core.
 *
 * Messages in:  {id, widget, lang, params}  (params: JSON text of canonical strings)
 * Messages out: {type: "ready"} | {type: "failed", reason} | {type: "result", id, result}
 * No network: Pyodide's files and lesson_core.zip come from the site itself.
 */
import { loadPyodide } from "../pyodide/pyodide.mjs";

const here = new URL(".", import.meta.url);
let render = null;

async function start() {
  const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", here).href,
                                      stdout: () => {}, stderr: () => {} });
  const response = await fetch(new URL("lesson_core.zip", here));
  if (!response.ok) throw new Error("lesson_core.zip: HTTP " + response.status);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/home/pyodide/aula" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/aula'); import lesson_core");
  render = pyodide.pyimport("lesson_core").render_json;
}

const ready = start().then(
  () => { self.postMessage({ type: "ready" }); return true; },
  (err) => { self.postMessage({ type: "failed", reason: String((err && err.message) || err) }); return false; },
);

self.onmessage = (ev) => {
  const m = ev.data || {};
  ready.then((ok) => {
    if (!ok) return;
    let result;
    try {
      result = JSON.parse(render(m.widget, m.params, m.lang));
    } catch (err) {
      result = { ok: false, error: { param: null, message: null, internal: String(err) } };
    }
    self.postMessage({ type: "result", id: m.id, result });
  });
};
