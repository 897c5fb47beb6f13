// Runs lesson_core under Pyodide in Node for the parity test.
// argv: <lesson_core.zip> <cases.json> <out.json> [<python_stdlib.zip>]; cases: [[widget, params, lang], ...].
// Writes [{result JSON text}] in the same order, from lesson_core.render_json. With a standard
// library given (the trimmed one the browser gets, macros/stdlib.py), Python has only that one.
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [zipPath, casesPath, outPath, stdlibPath] = process.argv.slice(2);
const pyodide = await loadPyodide({ stdout: () => {}, stderr: () => {}, ...(stdlibPath ? { stdLibURL: stdlibPath } : {}) });
pyodide.unpackArchive(new Uint8Array(readFileSync(zipPath)), "zip", { extractDir: "/home/pyodide/aula" });
pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/aula')");
const core = pyodide.pyimport("lesson_core");
const version = pyodide.runPython("import sys; sys.version.split()[0]");
const cases = JSON.parse(readFileSync(casesPath, "utf8"));
const out = cases.map(([widget, params, lang]) => core.render_json(widget, JSON.stringify(params), lang));
writeFileSync(outPath, JSON.stringify({ python: version, results: out }));
