"""Parity for the reader's model: a few training steps under Pyodide (Node, the browser's trimmed
standard library, lesson_core as bytecode) give exactly CPython's checkpoints: losses, samples."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
import zipfile

import pytest

from conftest import ROOT
from lesson_core.data.own_texts import DEFAULT, TEXTS
from lesson_core.topics.own_run import checkpoints

sys.path.insert(0, str(ROOT))
from macros.hooks import lesson_core_zip  # noqa: E402
from macros.runtime import compiled_core  # noqa: E402
from macros.stdlib import trimmed_stdlib  # noqa: E402

ARGS = {"text": TEXTS[DEFAULT]["text"]["pt"] + " 😀", "steps": 6, "every": 3, "size": "small", "lr": 0.03, "seed": 4}


def run_in_pyodide(tmp_path, args: dict) -> dict:
    if not (ROOT / "node_modules" / "pyodide").is_dir() or not shutil.which("node"):
        pytest.fail("node and node_modules/pyodide are required: run `npm ci`")
    source = lesson_core_zip()
    core = compiled_core(source)
    with zipfile.ZipFile(io.BytesIO(core)) as zf:
        assert "lesson_core/topics/own_model.pyc" in zf.namelist()
    (tmp_path / "core.zip").write_bytes(core)
    (tmp_path / "stdlib.zip").write_bytes(trimmed_stdlib(source))
    (tmp_path / "args.json").write_text(json.dumps(args), encoding="utf-8")
    proc = subprocess.run(["node", str(ROOT / "tests" / "own_node.mjs"), str(tmp_path / "core.zip"),
                           str(tmp_path / "stdlib.zip"), str(tmp_path / "args.json"), str(tmp_path / "out.json")],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads((tmp_path / "out.json").read_text())


@pytest.mark.slow
def test_a_few_training_steps_are_the_same_bits_in_pyodide(tmp_path):
    out = run_in_pyodide(tmp_path, ARGS)
    assert out["python"] != sys.version.split()[0]
    mine = list(checkpoints(ARGS["text"], ARGS["steps"], ARGS["seed"], ARGS["size"], ARGS["lr"], ARGS["every"]))
    assert [c["step"] for c in mine] == [0, 3, 6]
    assert out["checkpoints"] == json.loads(json.dumps(mine))  # floats compared exactly, through JSON
