// Build-time: which files of Pyodide's standard library lesson_core needs (macros/stdlib.py).
// Starts Pyodide with its full library, imports lesson_core, every standard module that
// lesson_core names anywhere (imports inside functions too), and renders every widget's
// default view in each language; prints the library files Python loaded, as JSON.
// argv: <lesson_core.zip> <module names, JSON>
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [zipPath, namesJSON] = process.argv.slice(2);
const pyodide = await loadPyodide({ stdout: () => {}, stderr: () => {} });
pyodide.unpackArchive(new Uint8Array(readFileSync(zipPath)), "zip", { extractDir: "/home/pyodide/aula" });
pyodide.globals.set("names", JSON.parse(namesJSON));
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
prefix = "/lib/python%d%d.zip/" % sys.version_info[:2]
json.dumps(sorted({m.__file__[len(prefix):] for m in list(sys.modules.values())
                   if (getattr(m, "__file__", None) or "").startswith(prefix)}))
`);
} catch (err) {
  process.stderr.write(String(err.message || err).slice(-1500));  // Python's traceback, not Pyodide's source
  process.exit(1);
}
process.stdout.write(out);
