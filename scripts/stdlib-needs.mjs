// Build-time: the part of Pyodide's standard library lesson_core needs, compiled (macros/stdlib.py).
// Starts Pyodide with its full library, imports lesson_core, every standard module that
// lesson_core names anywhere (imports inside functions too), and renders every widget's
// default view in each language. Then writes the library files Python loaded, compiled to
// bytecode by this same Python (hash-based .pyc, no column tables), as a zip, and prints their
// names as JSON. Compiled files spare the browser compiling ~150 modules at every start.
// argv: <lesson_core.zip> <module names, JSON> <out.zip>
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [zipPath, namesJSON, outPath] = process.argv.slice(2);
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" }, stdout: () => {}, stderr: () => {} });
pyodide.unpackArchive(new Uint8Array(readFileSync(zipPath)), "zip", { extractDir: "/home/pyodide/aula" });
pyodide.globals.set("names", JSON.parse(namesJSON));
let out;
try {
  out = pyodide.runPython(`
import importlib, importlib.util, json, marshal, sys, zipfile
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
with zipfile.ZipFile(library) as full, zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for info in full.infolist():
        if info.filename not in needed:
            continue
        source = full.read(info)
        code = compile(source, info.filename, "exec", dont_inherit=True)
        # PEP 552: flags 0b01 = hash-based, unchecked (the zip holds no source to check against)
        pyc = importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little") + importlib.util.source_hash(source) + marshal.dumps(code)
        entry = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
        entry.compress_type = zipfile.ZIP_DEFLATED
        out.writestr(entry, pyc)
json.dumps(needed)
`);
} catch (err) {
  process.stderr.write(String(err.message || err).slice(-1500));  // Python's traceback, not Pyodide's source
  process.exit(1);
}
writeFileSync(outPath, pyodide.FS.readFile("/tmp/out.zip"));
process.stdout.write(out);
