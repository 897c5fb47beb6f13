// Build-time: a memory snapshot of Pyodide with lesson_core already imported (and its heavy
// default computations done: lesson_core.warm_up), gzipped.
// The browser restores it instead of starting the interpreter from scratch (several times faster).
// argv: <lesson_core.zip> <out.gz>
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";

const [zipPath, outPath] = process.argv.slice(2);
const pyodide = await loadPyodide({ _makeSnapshot: true, stdout: () => {}, stderr: () => {} });
pyodide.unpackArchive(new Uint8Array(readFileSync(zipPath)), "zip", { extractDir: "/home/pyodide/aula" });
pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/aula'); import lesson_core; lesson_core.warm_up()");
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(outPath, gzipSync(snapshot, { level: 6 }));
