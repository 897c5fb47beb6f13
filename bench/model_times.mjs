// The real model under Pyodide in Node: decode time, next token after 64 tokens, each further token.
// argv: <lesson_core.zip> [DxLxFF ...]; prints JSON {lang: {load_ms, prompt64_ms: [...], per_token_ms: [...],
// cpu_prompt64_ms, cpu_per_token_ms (the same in this process's CPU time: steadier on a busy machine),
// py311_prompt64_ms, py311_per_token_ms}}: the same runs with math.sumprod (what the browser uses) and with
// the pure-Python dot product of the build's CPython 3.11 (the forward before sumprod), in one process.
// Each extra DxLxFF (e.g. 48x2x192) times a model of that shape with random weights and the es vocabulary:
// sizes are chosen with it before training.
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const pyodide = await loadPyodide({ stdout: () => {}, stderr: () => {} });
pyodide.unpackArchive(new Uint8Array(readFileSync(process.argv[2])), "zip", { extractDir: "/home/pyodide/aula" });
pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/aula')");
pyodide.globals.set("shapes", process.argv.slice(3).join(" "));
const out = pyodide.runPython(`
import json, random, time, dataclasses
import js
import lesson_core
from lesson_core.model.load import model
from lesson_core.model import forward as F
from lesson_core.model import generate as gen
res = {}
text = {"es": "El agua del río baja desde la montaña hasta el mar, y la escuela mira el río cada día. " * 6,
        "pt": "A água do rio desce da serra até o mar, e a escola olha o rio todos os dias. " * 6}

def cpu_ms():
    u = js.process.cpuUsage()   # this process's CPU time: what a busy machine's other processes do not add
    return (u.user + u.system) / 1000

def times(m, ids, dot, cpu=False):
    clock = cpu_ms if cpu else lambda: time.perf_counter() * 1000
    if dot is not None:
        F.dot = dot
    prompt, step = [], []
    for _ in range(5):
        t0 = clock(); r = F.Run(m); r.feed_all(ids); r.logits(); prompt.append(clock() - t0)
    r = F.Run(m); r.feed_all(ids[:32]); r.logits()
    for i in range(32):
        t0 = clock(); r.feed(ids[32 + i]); r.logits(); step.append(clock() - t0)
    return prompt, step

def random_model(base, d, L, ff):
    rnd = random.Random(1)
    mat = lambda r, c: [[rnd.gauss(0, 0.1) for _ in range(c)] for _ in range(r)]
    vec = lambda n, v=None: [v if v is not None else rnd.gauss(0, 0.1) for _ in range(n)]
    cfg = {**base.config, "d": d, "layers": L, "ff": ff}
    layers = []
    for _ in range(L):
        ly = {"ln1_g": vec(d, 1.0), "ln1_b": vec(d, 0.0), "wq": mat(d, d), "wk": mat(d, d), "wv": mat(d, d),
              "wo": mat(d, d), "ln2_g": vec(d, 1.0), "ln2_b": vec(d, 0.0), "w1": mat(ff, d), "w2": mat(d, ff)}
        ly["wqkv"] = ly["wq"] + ly["wk"] + ly["wv"]
        layers.append(ly)
    return dataclasses.replace(base, config=cfg, wte=mat(cfg["vocab"], d), wpe=mat(cfg["context"], d),
                               layers=layers, lnf_g=vec(d, 1.0), lnf_b=vec(d, 0.0))

sumprod = getattr(F, "dot", None)
for lang in ("es", "pt"):
    t0 = time.perf_counter(); m = model(lang); load = (time.perf_counter() - t0) * 1000
    ids = gen.prompt(lang, text[lang]).ids
    assert len(ids) == 64
    prompt, step = times(m, ids, sumprod)
    res[lang] = {"load_ms": load, "prompt64_ms": prompt, "per_token_ms": step}
    res[lang]["cpu_prompt64_ms"], res[lang]["cpu_per_token_ms"] = times(m, ids, sumprod, cpu=True)
    if hasattr(F, "_dot_py311"):   # absent from a core of before sumprod: then only its own timings
        res[lang]["py311_prompt64_ms"], res[lang]["py311_per_token_ms"] = times(m, ids, F._dot_py311)
for shape in shapes.split():
    d, L, ff = map(int, shape.split("x"))
    rm = random_model(model("es"), d, L, ff)
    prompt, step = times(rm, gen.prompt("es", text["es"]).ids, sumprod)
    res[shape] = {"prompt64_ms": prompt, "per_token_ms": step}
    res[shape]["cpu_prompt64_ms"], res[shape]["cpu_per_token_ms"] = times(rm, gen.prompt("es", text["es"]).ids, sumprod, cpu=True)
json.dumps(res)
`);
process.stdout.write(out);
