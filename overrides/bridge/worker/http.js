/* Aula's Python worker over http: entry point of assets/aula/py-worker.mjs (a module worker), Pyodide
 * running lesson_core. The messages are worker/protocol.js's; the start message carries the URLs of the
 * versioned runtime files (macros/runtime.py): {type: "start", dir, core, model, snapshot, widgets, lang}
 * (model: the real model's data for the page's language, on a real-model page only, else null).
 *
 * Started by loader.js only when a reader needs live Python (or early, on a fast connection).
 * Everything comes from the site itself. The browser's HTTP cache keeps the runtime across pages
 * (the names change with the content). Pyodide fetches its own files; a wrapper around fetch
 * counts their bytes for the progress shown to the reader and turns a failed or interrupted
 * download into "failed" at once (Pyodide itself would only log it and wait).
 */
import { serve } from "./protocol.js";

const quiet = { stdout: () => {}, stderr: () => {} };
let loaded = 0;
let lastReport = 0;
let broken = null;
const downloadFailed = new Promise((_, reject) => { broken = reject; });
downloadFailed.catch(() => {});

function progress(force) {
  const now = performance.now();
  if (force || now - lastReport > 80) {
    lastReport = now;
    self.postMessage({ type: "progress", loaded });
  }
}

// Read a copy of the body to count bytes; the original goes to Pyodide untouched, so the wasm
// still compiles while it streams in and the browser can cache its compiled code.
async function watch(response, url) {
  try {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      loaded += value.byteLength;
      progress(false);
    }
    progress(true);
  } catch (err) {
    broken(new Error("download interrupted: " + url));
  }
}

const realFetch = self.fetch.bind(self);
self.fetch = async (resource, init) => {
  const url = String(resource instanceof Request ? resource.url : resource);
  let response;
  try {
    response = await realFetch(resource, init);
  } catch (err) {
    broken(new Error("download failed: " + url));
    throw err;
  }
  if (!response.ok) {
    broken(new Error(url + ": HTTP " + response.status));
    throw new Error(url + ": HTTP " + response.status);
  }
  if (response.body) watch(response.clone(), url);
  return response;
};

async function bytes(url) {
  const response = await self.fetch(url);
  if (!url.endsWith(".gz")) return new Uint8Array(await response.arrayBuffer());
  const plain = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(plain).arrayBuffer());
}

// Milliseconds from the start message to each step of the start, for the benchmark (bench/network.py).
const phases = {};
let started = 0;
const mark = (name) => { phases[name] = Math.round(performance.now() - started); };

async function boot(m) {
  started = performance.now();
  const files = Promise.all([bytes(m.core), m.snapshot ? bytes(m.snapshot) : null,  // on the wire at once
                             m.model ? bytes(m.model) : null]);
  files.catch(() => {});  // a failed download is reported by downloadFailed
  const { loadPyodide } = await import(m.dir + "pyodide.mjs");
  mark("module");
  const [core, snapshot, model] = await files;
  mark("core");
  let pyodide = null;
  if (snapshot) {
    try { pyodide = await loadPyodide({ indexURL: m.dir, _loadSnapshot: snapshot, ...quiet }); } catch (e) { pyodide = null; }
  }
  const restored = !!pyodide;
  if (!pyodide) pyodide = await loadPyodide({ indexURL: m.dir, ...quiet });
  mark("python");
  // lesson_core, and on a real-model page its language's lesson_core/model/*_<lang>
  return { pyodide, archives: model ? [core, model] : [core], restored, mark, phases };
}

serve((m) => Promise.race([boot(m), downloadFailed]));
