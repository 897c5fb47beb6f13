"""Pyodide's standard library, trimmed to what lesson_core uses.

Pyodide ships the whole library as ``python_stdlib.zip``: 614 files, 2.5 MB over the wire, of
which lesson_core and Pyodide's own start-up load about 150. The browser gets only those.
Which ones is measured, not guessed: ``scripts/stdlib-needs.mjs`` runs lesson_core under
Pyodide in Node with the full library (imports lesson_core, every standard module lesson_core
names anywhere, and renders every widget's default view) and lists the library files Python
loaded. It also compiles them with that same Python: the browser then imports bytecode
instead of compiling ~150 modules at every start (about half of Python's start-up on a slow
machine; 1.2 MB over the wire instead of 0.8 MB). The result is cached under
``node_modules/.cache/aula/`` by the hash of its inputs.

The guard is ``tests/test_parity.py``: every parity case (every widget, non-default calls, bad
input) runs in Node under the trimmed library and must match CPython.
"""

from __future__ import annotations

import ast
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from mkdocs.exceptions import PluginError

import lesson_core

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
CACHE = ROOT / "node_modules" / ".cache" / "aula"
PROBE = ROOT / "scripts" / "stdlib-needs.mjs"
PACKAGE = Path(lesson_core.__file__).resolve().parent  # the sources Python runs (an editable install: ROOT's)


def imported_names(package: Path | None = None) -> list[str]:
    """Top-level modules that lesson_core's sources import, anywhere in a file (the command line's
    ``__main__.py`` aside: it never runs in the browser).

    >>> "math" in imported_names() and "lesson_core" not in imported_names()
    True
    """
    names = set()
    for path in (package or PACKAGE).rglob("*.py"):
        if path.name == "__main__.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names.add(node.module.split(".")[0])
    return sorted(names - {"lesson_core", "__future__"})


def _probe(core_zip: bytes) -> Path:
    """Run scripts/stdlib-needs.mjs once per distinct input; returns the cached zip (names beside it).

    Measured again when Pyodide, the probe or the set of modules lesson_core imports changes, not
    on every edit of lesson_core (``mkdocs serve`` stays quick)."""
    version = json.loads((PYODIDE_DIR / "package.json").read_text())["version"]
    names = json.dumps(imported_names())
    key = hashlib.sha256(version.encode() + names.encode() + PROBE.read_bytes()).hexdigest()[:16]
    cached = CACHE / f"stdlib-{key}.zip"
    if not cached.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            zpath, out = Path(tmp) / "core.zip", Path(tmp) / "stdlib.zip"
            zpath.write_bytes(core_zip)
            proc = subprocess.run(["node", str(PROBE), str(zpath), names, str(out)], cwd=ROOT,
                                  capture_output=True, text=True, timeout=600)
            if proc.returncode != 0:
                raise PluginError("listing the standard library lesson_core needs failed: "
                                  + proc.stderr.strip()[-800:])
            for old in CACHE.glob("stdlib-*"):
                old.unlink()
            cached.with_suffix(".json").write_text(proc.stdout)
            out.replace(cached)
    return cached


def needed_files(core_zip: bytes) -> list[str]:
    """Names (inside python_stdlib.zip) of the library files lesson_core loads under Pyodide."""
    return json.loads(_probe(core_zip).with_suffix(".json").read_text())


def trimmed_stdlib(core_zip: bytes) -> bytes:
    """The needed files only, compiled (``name.pyc`` for each ``name.py``): what the browser gets."""
    return _probe(core_zip).read_bytes()


def minimal_lock() -> bytes:
    """Pyodide's package lock file without its 357 packages: lesson_core loads none (standard library only)."""
    lock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text())
    return json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True).encode()


if __name__ == "__main__":  # a quick look: .venv/bin/python -m macros.stdlib
    sys.path.insert(0, str(ROOT))
    from macros.runtime import lesson_core_zip
    files = needed_files(lesson_core_zip())
    print(len(files), "files,", len(trimmed_stdlib(lesson_core_zip())), "bytes compiled")
