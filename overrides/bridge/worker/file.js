/* Aula's Python worker for file:// (the offline bundle): entry point of py-worker-file.js, which the
 * build carries to the page as text (macros/runtime.py); the messages are worker/protocol.js's, the
 * start message {type: "start", files: {name: {b64 | text}}, manifest, widgets, lang}.
 *
 * On file:// the browser refuses fetch, module scripts and workers from files, so the page
 * loads the runtime's files as classic scripts (assets/aula/offline/*.js), starts this
 * worker from a blob: URL and sends it the files. Here: a fetch shim serves them by name,
 * and Pyodide's ES modules are imported from blob: URLs. Nothing is requested from anywhere.
 * Chromium starts no module worker from a blob: URL on file://, so this is a classic worker;
 * Pyodide refuses classic workers (it probes importScripts), and needs nothing from
 * importScripts here, so the probe is made to fail: Pyodide then runs as in a module worker.
 */
import { serve } from "./protocol.js";

self.importScripts = function () { throw new Error("importScripts is not used in the offline worker"); };
var quiet = { stdout: function () {}, stderr: function () {} };

function decode(entry) {
  if (entry.text !== undefined) return new TextEncoder().encode(entry.text);
  var bin = atob(entry.b64);
  var out = new Uint8Array(bin.length);
  for (var i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function moduleURL(text) {
  return URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
}

async function gunzip(data) {
  var plain = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(plain).arrayBuffer());
}

async function sha256(bytes) {
  var digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.prototype.map.call(digest, function (b) { return b.toString(16).padStart(2, "0"); }).join("");
}

async function check(bytes, manifest) {
  // A damaged copy (a bad USB stick, an interrupted copy) fails here, clearly, instead of
  // somewhere inside the interpreter's start-up. No byte count as in http.js is needed: nothing is
  // fetched, the loader has already compared each carrier's payload length with the manifest
  // (loader.js bootFromFiles), and the hash below covers a wrong length too.
  if (!crypto.subtle) return;
  for (var name of Object.keys(manifest)) {
    if (!bytes[name] || (await sha256(bytes[name])) !== manifest[name].sha256) {
      throw new Error("damaged runtime file " + name);
    }
  }
}

async function boot(m) {
  var files = m.files, bytes = {};
  Object.keys(files).forEach(function (name) { bytes[name] = decode(files[name]); });
  await check(bytes, m.manifest || {});
  var base = "aula-offline:/pyodide/";  // a name only: every file is served by the shim below
  var served = {};
  ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"].forEach(function (name) {
    served[name] = bytes[name];
  });
  self.fetch = async function (url) {
    var name = String(url).split("/").pop().split("?")[0];
    if (!served[name]) throw new TypeError("offline bundle: no file " + name);
    var type = name.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
    return new Response(served[name], { status: 200, headers: { "Content-Type": type } });
  };
  var loadPyodide = (await import(moduleURL(files["pyodide.mjs"].text))).loadPyodide;
  var createPyodideModule = (await import(moduleURL(files["pyodide.asm.mjs"].text))).default;
  var options = { indexURL: base, createPyodideModule: createPyodideModule,
                  lockFileContents: files["pyodide-lock.json"].text, stdout: quiet.stdout, stderr: quiet.stderr };
  var pyodide = null;
  if (files["python.snapshot.gz"]) {
    try {
      var snapshot = await gunzip(bytes["python.snapshot.gz"]);
      pyodide = await loadPyodide(Object.assign({ _loadSnapshot: snapshot }, options));
    } catch (e) { pyodide = null; }
  }
  var restored = !!pyodide;
  if (!pyodide) pyodide = await loadPyodide(options);
  // lesson_core, and the real model's data in every language (no wire to save here)
  var models = Object.keys(bytes).filter(function (name) { return /^model-\w+\.zip$/.test(name); });
  return { pyodide: pyodide, archives: [bytes["lesson_core.zip"]].concat(models.map(function (n) { return bytes[n]; })),
           restored: restored };
}

serve(boot);
