// Build-time, only with AULA_SNAPSHOT=1 (the benchmark's comparison, see macros/runtime.py):
// a memory snapshot of Pyodide with lesson_core already imported (and its heavy default
// computations done: lesson_core.warm_up), gzipped, made with the same trimmed standard library
// the browser gets. The browser restores it instead of starting the interpreter from scratch.
// argv: <lesson_core.zip> <python_stdlib.zip> <out.gz>
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";

const [zipPath, stdlibPath, outPath] = process.argv.slice(2);
const pyodide = await loadPyodide({ _makeSnapshot: true, stdLibURL: stdlibPath, stdout: () => {}, stderr: () => {} });
pyodide.unpackArchive(new Uint8Array(readFileSync(zipPath)), "zip", { extractDir: "/home/pyodide/aula" });
pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/aula'); import lesson_core; lesson_core.warm_up()");
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(outPath, gzipSync(snapshot, { level: 6 }));
