// The real model under Pyodide in Node: decode time, next token after 64 tokens, each further token.
// argv: <lesson_core.zip>; prints JSON {lang: {load_ms, prompt64_ms: [...], per_token_ms: [...]}}.
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const pyodide = await loadPyodide({ stdout: () => {}, stderr: () => {} });
pyodide.unpackArchive(new Uint8Array(readFileSync(process.argv[2])), "zip", { extractDir: "/home/pyodide/aula" });
pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/aula')");
const out = pyodide.runPython(`
import json, time
import lesson_core
from lesson_core.model.load import model
from lesson_core.model.forward import Run
from lesson_core.model import generate as gen
res = {}
text = {"es": "El agua del río baja desde la montaña hasta el mar, y la escuela mira el río cada día. " * 6,
        "pt": "A água do rio desce da serra até o mar, e a escola olha o rio todos os dias. " * 6}
for lang in ("es", "pt"):
    t0 = time.perf_counter(); m = model(lang); load = (time.perf_counter() - t0) * 1000
    ids = gen.prompt(lang, text[lang]).ids
    assert len(ids) == 64
    prompt, step = [], []
    for _ in range(3):
        t0 = time.perf_counter(); r = Run(m); r.feed_all(ids); r.logits(); prompt.append((time.perf_counter() - t0) * 1000)
    r = Run(m); r.feed_all(ids[:32]); r.logits()
    for i in range(32):
        t0 = time.perf_counter(); r.feed(ids[32 + i]); r.logits(); step.append((time.perf_counter() - t0) * 1000)
    res[lang] = {"load_ms": load, "prompt64_ms": prompt, "per_token_ms": step}
json.dumps(res)
`);
process.stdout.write(out);
