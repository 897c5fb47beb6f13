// Build-time: the part of Pyodide's standard library lesson_core needs, compiled (macros/stdlib.py).
// Starts Pyodide with its full library, imports lesson_core, every standard module that
// lesson_core names anywhere (imports inside functions too), and renders every widget's
// default view in each language. Then writes the library files Python loaded, compiled to
// bytecode by this same Python (scripts/pyc.py), as a zip, and prints their names as JSON. Compiled files spare the browser compiling ~150 modules at every start.
// argv: <lesson_core.zip> <module names, JSON> <out.zip>
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [zipPath, namesJSON, outPath] = process.argv.slice(2);
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" }, stdout: () => {}, stderr: () => {} });
pyodide.unpackArchive(new Uint8Array(readFileSync(zipPath)), "zip", { extractDir: "/home/pyodide/aula" });
pyodide.globals.set("names", JSON.parse(namesJSON));
pyodide.FS.writeFile("/tmp/pyc.py", readFileSync(new URL("./pyc.py", import.meta.url)));
let out;
try {
  out = pyodide.runPython(`
import importlib, json, sys
sys.path.insert(0, '/home/pyodide/aula')
for name in names.to_py():
    try:
        importlib.import_module(name)
    except ImportError:
        pass  # a name lesson_core only tries (or one Pyodide lacks): nothing to keep
import lesson_core
for w in lesson_core.list_widgets():
    for lang in lesson_core.LANGS:
        lesson_core.render(w["id"], None, lang)
library = "/lib/python%d%d.zip" % sys.version_info[:2]
needed = sorted({m.__file__[len(library) + 1:] for m in list(sys.modules.values())
                 if (getattr(m, "__file__", None) or "").startswith(library + "/")})
sys.path.insert(0, "/tmp")
import pyc
pyc.compile_zip(library, "/tmp/out.zip", keep=set(needed))
json.dumps(needed)
`);
} catch (err) {
  process.stderr.write(String(err.message || err).slice(-1500));  // Python's traceback, not Pyodide's source
  process.exit(1);
}
writeFileSync(outPath, pyodide.FS.readFile("/tmp/out.zip"));
process.stdout.write(out);
