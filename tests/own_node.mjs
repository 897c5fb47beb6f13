// Trains the reader's model under Pyodide in Node: for the parity test (tests/test_own_parity.py) and
// the benchmark (bench/own_train.py).
// argv: <lesson_core.zip> <python_stdlib.zip> <args.json> <out.json>; args: {text, steps, every, size, lr, seed}.
// Writes {python, checkpoints, seconds, examples}: the run's checkpoints as own_run.checkpoints gives
// them, and the training time alone (advance(), no checkpoints), measured inside Python.
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [zipPath, stdlibPath, argsPath, outPath] = process.argv.slice(2);
const pyodide = await loadPyodide({ stdout: () => {}, stderr: () => {}, stdLibURL: stdlibPath });
pyodide.unpackArchive(new Uint8Array(readFileSync(zipPath)), "zip", { extractDir: "/home/pyodide/aula" });
pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/aula')");
pyodide.globals.set("ARGS", readFileSync(argsPath, "utf8"));
const out = pyodide.runPython(`
import json, sys, time
from lesson_core.topics.own_run import Run, checkpoints
a = json.loads(ARGS)
ck = list(checkpoints(a["text"], a["steps"], a["seed"], a["size"], a["lr"], a["every"]))
run = Run(a["text"], a["seed"], a["size"], a["lr"], a["every"])
t = time.perf_counter()
run.advance(a.get("timed_steps", 0))
json.dumps({"python": sys.version.split()[0], "checkpoints": ck, "seconds": time.perf_counter() - t,
            "examples": run.seen})
`);
writeFileSync(outPath, out);
