// Build-time: lesson_core's sources compiled to bytecode by Pyodide's Python (scripts/pyc.py), for
// the browser, which then imports lesson_core without compiling it at every start (macros/runtime.py).
// argv: <lesson_core.zip> <out.zip>
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [zipPath, outPath] = process.argv.slice(2);
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" }, stdout: () => {}, stderr: () => {} });
pyodide.FS.writeFile("/tmp/core.zip", new Uint8Array(readFileSync(zipPath)));
pyodide.FS.writeFile("/tmp/pyc.py", readFileSync(new URL("./pyc.py", import.meta.url)));
try {
  pyodide.runPython("import sys; sys.path.insert(0, '/tmp'); import pyc; pyc.compile_zip('/tmp/core.zip', '/tmp/out.zip')");
} catch (err) {
  process.stderr.write(String(err.message || err).slice(-1500));
  process.exit(1);
}
writeFileSync(outPath, pyodide.FS.readFile("/tmp/out.zip"));
