// Build-time, in one Pyodide (Node) process: the Python files the browser gets, compiled to bytecode
// by Pyodide's own Python (scripts/pyc.py), so the browser imports them without compiling
// (macros/stdlib.py, macros/runtime.py). A build on a fresh clone asks for both tasks at once, so
// Pyodide starts once (its start is most of the cost: about 3.7 s of CPU).
//
//   stdlib <lesson_core.zip> <module names, JSON> <out.zip>
//     The part of the standard library lesson_core needs: imports lesson_core and every standard
//     module its sources name anywhere (imports inside functions too), then keeps the library files
//     Python loaded, compiled; their names go to <out.zip>.json. (Rendering every widget as well
//     loaded no other file; tests/test_parity.py runs every widget under the trimmed library.)
//   core <lesson_core.zip> <out.zip>
//     lesson_core's sources compiled.
//
// argv: one or more tasks, one after the other.
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const argv = process.argv.slice(2);
const tasks = [];
while (argv.length) {
  const kind = argv.shift();
  if (kind === "stdlib") tasks.push({ kind, zip: argv.shift(), names: argv.shift(), out: argv.shift() });
  else if (kind === "core") tasks.push({ kind, zip: argv.shift(), out: argv.shift() });
  else { process.stderr.write(`unknown task ${kind}`); process.exit(2); }
}
if (tasks.filter((t) => t.kind === "stdlib").length > 1) { process.stderr.write("one stdlib task per process"); process.exit(2); }
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" }, stdout: () => {}, stderr: () => {} });
pyodide.FS.writeFile("/tmp/pyc.py", readFileSync(new URL("./pyc.py", import.meta.url)));
try {
  for (const task of tasks.filter((t) => t.kind === "stdlib")) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(task.zip)), "zip", { extractDir: "/home/pyodide/aula" });
    pyodide.globals.set("names", JSON.parse(task.names));
    const needed = pyodide.runPython(`
import importlib, json, sys
sys.path.insert(0, '/home/pyodide/aula')
for name in names.to_py():
    try:
        importlib.import_module(name)
    except ImportError:
        pass  # a name lesson_core only tries (or one Pyodide lacks): nothing to keep
import lesson_core
library = "/lib/python%d%d.zip" % sys.version_info[:2]
needed = sorted({m.__file__[len(library) + 1:] for m in list(sys.modules.values())
                 if (getattr(m, "__file__", None) or "").startswith(library + "/")})
sys.path.insert(0, "/tmp")
import pyc
pyc.compile_zip(library, "/tmp/out-stdlib.zip", keep=set(needed))
json.dumps(needed)
`);
    writeFileSync(task.out, pyodide.FS.readFile("/tmp/out-stdlib.zip"));
    writeFileSync(task.out + ".json", needed);
  }
  // after the probe, which lists what Python loaded: compiling loads modules of its own (zipfile, marshal)
  for (const task of tasks.filter((t) => t.kind === "core")) {
    pyodide.FS.writeFile("/tmp/core.zip", new Uint8Array(readFileSync(task.zip)));
    pyodide.runPython("import sys; sys.path.insert(0, '/tmp'); import pyc; pyc.compile_zip('/tmp/core.zip', '/tmp/out.zip')");
    writeFileSync(task.out, pyodide.FS.readFile("/tmp/out.zip"));
  }
} catch (err) {
  process.stderr.write(String(err.message || err).slice(-1500));  // Python's traceback, not Pyodide's source
  process.exit(1);
}
