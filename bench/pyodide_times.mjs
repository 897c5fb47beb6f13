// Per-widget render time under Pyodide in Node: prints {widget: ms, "widget:first": ms} as JSON.
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const pyodide = await loadPyodide({ stdout: () => {}, stderr: () => {} });
pyodide.unpackArchive(new Uint8Array(readFileSync(process.argv[2])), "zip", { extractDir: "/home/pyodide/aula" });
pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/aula')");
const out = pyodide.runPython(`
import json, time
import lesson_core
res = {}
# the heavy one first, cold: 500 points from pure noise over the whole schedule
t0 = time.perf_counter(); lesson_core.render("diffusion_heart_generate", {"step": "16"}, "es")
res["heart:full"] = (time.perf_counter() - t0) * 1000
for w in lesson_core.list_widgets():
    wid = w["id"]
    t0 = time.perf_counter(); lesson_core.render(wid, None, "es")
    res[wid + ":first"] = (time.perf_counter() - t0) * 1000
    n, t0 = 0, time.perf_counter()
    while n < 3 or (time.perf_counter() - t0 < 0.3 and n < 50):
        lesson_core.render(wid, None, "es"); n += 1
    res[wid] = (time.perf_counter() - t0) / n * 1000
json.dumps(res)
`);
process.stdout.write(out);
