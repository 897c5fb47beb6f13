/* Aula's Python worker (a module worker, served over http): Pyodide running lesson_core.
 *
 * Messages in:  {id, widget, lang, params}  (params: JSON text of canonical strings)
 * Messages out: {type: "ready", restored} | {type: "failed", reason} | {type: "result", id, result}
 * Everything comes from the site itself: ../pyodide/ (vendored from npm), lesson_core.zip and
 * python.snapshot.gz (Pyodide's memory with lesson_core imported, made at build time). When the
 * snapshot cannot be used, Python starts from scratch: slower, same results.
 */
import { loadPyodide } from "../pyodide/pyodide.mjs";

const here = new URL(".", import.meta.url);
const quiet = { stdout: () => {}, stderr: () => {} };
let render = null;

async function bytes(name) {
  const response = await fetch(new URL(name, here));
  if (!response.ok) throw new Error(name + ": HTTP " + response.status);
  if (!name.endsWith(".gz")) return new Uint8Array(await response.arrayBuffer());
  const plain = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(plain).arrayBuffer());
}

async function start() {
  const indexURL = new URL("../pyodide/", here).href;
  const [core, snapshot] = await Promise.all([bytes("lesson_core.zip"), bytes("python.snapshot.gz").catch(() => null)]);
  let pyodide = null;
  if (snapshot) {
    try { pyodide = await loadPyodide({ indexURL, _loadSnapshot: snapshot, ...quiet }); } catch (e) { pyodide = null; }
  }
  const restored = !!pyodide;
  if (!pyodide) pyodide = await loadPyodide({ indexURL, ...quiet });
  pyodide.unpackArchive(core, "zip", { extractDir: "/home/pyodide/aula" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/aula') if '/home/pyodide/aula' not in sys.path else None; import lesson_core");
  render = pyodide.pyimport("lesson_core").render_json;
  return restored;
}

const ready = start().then(
  (restored) => { self.postMessage({ type: "ready", restored }); return true; },
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
