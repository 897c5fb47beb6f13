/* Aula's Python worker over http: entry point of assets/aula/py-worker.mjs (a module worker), Pyodide
 * running lesson_core. The messages are worker/protocol.js's; the start message carries the URLs of the
 * versioned runtime files (macros/runtime.py): {type: "start", dir, core, model, snapshot, lengths, widgets, lang}
 * (model: the real model's data for the page's language, on a real-model page only, else null; lengths:
 * each runtime file's exact byte length by its served name, from the build).
 *
 * Started by loader.js only when a reader needs live Python (or early, on a fast connection).
 * Everything comes from the site itself. The browser's HTTP cache keeps the runtime across pages
 * (the names change with the content). Pyodide fetches its own files; a wrapper around fetch
 * counts their bytes for the progress shown to the reader and turns a failed or interrupted
 * download into "failed" at once (Pyodide itself would only log it and wait). The same goes for a
 * runtime that cannot start: a .wasm served with another type than application/wasm (a school
 * server's likely misconfiguration), or one that does not compile (truncated but served whole): the
 * compile error is caught here instead of leaving the page at "100 %" until the stall timeout. And a
 * file whose body ends with another length than the build's (a truncated or padded copy, an error
 * page served with 200) fails as soon as its last byte arrives, naming the file and both lengths.
 *
 * Nothing from outside the site: a worker started from a URL does not inherit the page's meta policy,
 * and GitHub Pages lets us send no header of its own, so fetch, importScripts, XMLHttpRequest,
 * WebSocket and EventSource refuse any address of another origin (the start message's URLs are the
 * site's; a dynamic import() cannot be wrapped: this worker imports only pyodide.mjs from m.dir,
 * checked the same way).
 */
import { serve } from "./protocol.js";

const origin = self.location.origin;
function sameSite(url) {
  const at = new URL(String(url), self.location.href);
  if (at.origin !== origin && at.protocol !== "data:" && at.protocol !== "blob:") {
    throw new TypeError("Aula's worker loads nothing from outside the site: " + at.origin);
  }
  return url;
}
if (typeof self.importScripts === "function") {
  const realImport = self.importScripts.bind(self);
  self.importScripts = (...urls) => realImport(...urls.map(sameSite));
}
if (self.XMLHttpRequest) {
  const open = self.XMLHttpRequest.prototype.open;
  self.XMLHttpRequest.prototype.open = function (method, url, ...rest) { return open.call(this, method, sameSite(url), ...rest); };
}
for (const name of ["WebSocket", "EventSource"]) {
  if (self[name]) self[name] = function () { throw new TypeError("Aula's worker opens no " + name); };
}

const quiet = { stdout: () => {}, stderr: () => {} };
let loaded = 0;
let lastReport = 0;
let broken = null;
let lengths = {};  // the start message's: served file name -> bytes the build wrote
const downloadFailed = new Promise((_, reject) => { broken = reject; });
downloadFailed.catch(() => {});

function progress(force) {
  const now = performance.now();
  if (force || now - lastReport > 80) {
    lastReport = now;
    self.postMessage({ type: "progress", loaded });
  }
}

// The file name a URL serves (the build's names are versioned, so the last part of the path is unique).
function fileName(url) {
  return new URL(url, self.location.href).pathname.split("/").pop();
}

// Read a copy of the body to count bytes; the original goes to Pyodide untouched, so the wasm
// still compiles while it streams in and the browser can cache its compiled code. The count is of the
// body as decoded (after the server's gzip or br), so it is compared to the file's plain length, never
// to Content-Length (the compressed size on GitHub Pages); a file the build did not list is not checked.
async function watch(response, url) {
  const name = fileName(url);
  let count = 0;
  try {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      count += value.byteLength;
      loaded += value.byteLength;
      progress(false);
    }
    progress(true);
  } catch (err) {
    broken(new Error("download interrupted: " + url));
    return;
  }
  const want = Object.prototype.hasOwnProperty.call(lengths, name) ? lengths[name] : null;
  if (typeof want === "number" && count !== want) {
    broken(new Error("damaged runtime file " + name + ": " + count + " bytes, the build's has " + want));
  }
}

// A runtime that cannot compile fails now, not at the stall timeout (Pyodide logs it and waits). A
// truncated wasm fails to compile as its last bytes arrive: the bodies still being counted are given up
// to COUNT_WAIT_MS, so that a wrong length, the clearer detail (which file, how many bytes), is said first.
const COUNT_WAIT_MS = 1000;
const counting = new Set();
for (const name of ["instantiateStreaming", "compileStreaming", "instantiate", "compile"]) {
  const real = WebAssembly[name];
  if (typeof real !== "function") continue;
  WebAssembly[name] = function (...args) {
    return real.apply(WebAssembly, args).catch((err) => {
      const said = new Error("the Python runtime does not compile (" + name + "): " + err);
      const waited = new Promise((resolve) => setTimeout(resolve, COUNT_WAIT_MS));
      Promise.race([Promise.all([...counting]), waited]).then(() => broken(said));
      throw err;
    });
  };
}

const realFetch = self.fetch.bind(self);
self.fetch = async (resource, init) => {
  const url = String(resource instanceof Request ? resource.url : resource);
  sameSite(url);
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
  const type = (response.headers.get("Content-Type") || "").toLowerCase();
  if (/\.wasm(\?|#|$)/.test(url) && type.split(";")[0].trim() !== "application/wasm") {
    const err = new Error(url + ": served as " + (type || "no type") + ", not application/wasm");
    broken(err);
    throw err;
  }
  if (response.body) {
    const counted = watch(response.clone(), url);
    counting.add(counted);
    counted.then(() => counting.delete(counted));
  }
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
  lengths = m.lengths || {};
  const files = Promise.all([bytes(m.core), m.snapshot ? bytes(m.snapshot) : null,  // on the wire at once
                             m.model ? bytes(m.model) : null]);
  files.catch(() => {});  // a failed download is reported by downloadFailed
  const { loadPyodide } = await import(sameSite(m.dir + "pyodide.mjs"));
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
