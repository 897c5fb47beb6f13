"""Parity: lesson_core under Pyodide (in Node) returns exactly what CPython returns.

Cases: every widget's default call in both languages, plus each widget module's
PARITY_CASES (non-default parameters), plus a few bad inputs. Pyodide runs with the trimmed
standard library the browser gets (macros/stdlib.py): every widget module is imported and
every case runs under it, so a module the trimming left out fails here.
"""

from __future__ import annotations

import importlib
import io
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import lesson_core
from lesson_core import widgets as widget_pkg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from macros.hooks import lesson_core_zip  # noqa: E402
from macros.runtime import compiled_core  # noqa: E402
from macros.stdlib import trimmed_stdlib  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BAD = [("pe_fingerprint", {"pos": "abc"}, "es"), ("pe_fingerprint", {"d": "7"}, "pt"),
       ("pe_rotation", {"pos": "1e12"}, "es")]


def parity_cases() -> list[tuple[str, dict, str]]:
    cases = [(w["id"], {}, lang) for w in lesson_core.list_widgets() for lang in ("es", "pt")]
    for info in sorted(widget_pkg.__path__ and __import__("pkgutil").iter_modules(widget_pkg.__path__),
                       key=lambda m: m.name):
        module = importlib.import_module(f"lesson_core.widgets.{info.name}")
        for widget_id, params in getattr(module, "PARITY_CASES", []):
            cases += [(widget_id, dict(params), lang) for lang in ("es", "pt")]
    return cases + BAD


def test_parity_cases_cover_non_defaults():
    cases = parity_cases()
    assert any(params for _, params, _ in cases)
    assert len({w for w, _, _ in cases}) == len(lesson_core.list_widgets())


def test_parity_covers_narrow_layouts():
    """A phone's drawing lives in the same part as the desktop's (svgkit.figure), so the cases
    compared under Pyodide hold both layouts of every converted figure."""
    from test_narrow import CONVERTED
    cases = parity_cases()
    for wid in sorted(CONVERTED):
        rendered = [lesson_core.render_json(w, json.dumps(p), lang) for w, p, lang in cases
                    if w == wid and (w, p, lang) not in BAD]   # a refused input draws no figure
        assert rendered and all("aula-lay-narrow" in r and "aula-lay-wide" in r for r in rendered), wid


@pytest.mark.slow
def test_pyodide_matches_cpython(tmp_path):
    if not (ROOT / "node_modules" / "pyodide").is_dir() or not shutil.which("node"):
        pytest.fail("node and node_modules/pyodide are required: run `npm ci`")
    cases = parity_cases()
    source = lesson_core_zip()
    core = compiled_core(source)     # what a built site serves the browser: bytecode, no sources
    with zipfile.ZipFile(io.BytesIO(core)) as zf:
        assert not [n for n in zf.namelist() if n.endswith(".py")] and "lesson_core/__init__.pyc" in zf.namelist()
    (tmp_path / "core.zip").write_bytes(core)
    (tmp_path / "stdlib.zip").write_bytes(trimmed_stdlib(source))
    (tmp_path / "cases.json").write_text(json.dumps(cases))
    proc = subprocess.run(["node", str(ROOT / "tests" / "parity_node.mjs"), str(tmp_path / "core.zip"),
                           str(tmp_path / "cases.json"), str(tmp_path / "out.json"), str(tmp_path / "stdlib.zip")],
                          cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads((tmp_path / "out.json").read_text())
    assert out["python"].startswith("3.") and out["python"] != sys.version.split()[0]
    mismatches = []
    for (widget_id, params, lang), pyodide_text in zip(cases, out["results"]):
        cpython_text = lesson_core.render_json(widget_id, json.dumps(params), lang)
        if cpython_text != pyodide_text:
            mismatches.append(f"{widget_id} {params} {lang}")
    assert len(out["results"]) == len(cases)
    assert not mismatches, "Pyodide and CPython differ for: " + "; ".join(mismatches[:20])
