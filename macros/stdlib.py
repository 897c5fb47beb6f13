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
import functools
import importlib.util
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from mkdocs.exceptions import PluginError


ROOT = Path(__file__).resolve().parent.parent
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
CACHE = ROOT / "node_modules" / ".cache" / "aula"
PROBE = ROOT / "scripts" / "stdlib-needs.mjs"
PYC = ROOT / "scripts" / "pyc.py"  # the compiler both Node scripts use
# The sources the build imports (ROOT's, or the editable install's when the project has none). Found
# without importing: holding no lesson_core object, this module and its cache outlive lesson_core
# edits under `mkdocs serve` (macros/devloop.py).
PACKAGE = Path(importlib.util.find_spec("lesson_core").origin).resolve().parent


def imported_names(package: Path | None = None) -> list[str]:
    """Top-level modules that lesson_core's sources import, anywhere in a file (the command line's
    ``__main__.py`` aside: it never runs in the browser).

    >>> "math" in imported_names() and "lesson_core" not in imported_names()
    True
    """
    names = set()
    for path in (package or PACKAGE).rglob("*.py"):
        if path.name != "__main__.py":
            st = path.stat()
            names.update(_file_imports(path, st.st_mtime_ns, st.st_size))
    return sorted(names - {"lesson_core", "__future__"})


@functools.lru_cache(maxsize=1024)
def _file_imports(path: Path, mtime_ns: int, size: int) -> frozenset:
    """The top-level modules one source file imports, read once per version of the file
    (``mkdocs serve`` asks again after every edit)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names.add(node.module.split(".")[0])
    return frozenset(names)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except FileNotFoundError:  # removed meanwhile by a build running beside this one
        return 0.0


def node_job(prefix: str, ext: str, script: Path, inputs: dict[str, bytes], args: tuple = (),
             key: tuple = (), keep: int = 1, what: str = "a build step in Node") -> Path:
    """Run ``node script <inputs, as files> <args> <out>`` once per distinct input: Pyodide's version,
    the script, scripts/pyc.py, `inputs` (file name -> bytes) or, when given, `key` in their place.
    The output, with the script's standard output beside it (``.json``), is kept under
    ``node_modules/.cache/aula/`` (the `keep` most recent versions); returns its path."""
    h = hashlib.sha256((PYODIDE_DIR / "package.json").read_bytes() + script.read_bytes() + PYC.read_bytes())
    for part in key or tuple(inputs.values()):
        h.update(hashlib.sha256(part).digest())
    cached = CACHE / f"{prefix}-{h.hexdigest()[:16]}.{ext}"
    if not cached.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            for name, data in inputs.items():
                (Path(tmp) / name).write_bytes(data)
            out = Path(tmp) / f"out.{ext}"
            proc = subprocess.run(["node", str(script), *(str(Path(tmp) / n) for n in inputs), *args, str(out)],
                                  cwd=ROOT, capture_output=True, text=True, timeout=600)
            if proc.returncode != 0:
                raise PluginError(f"{what} failed: " + proc.stderr.strip()[-800:])
            olds = sorted(CACHE.glob(f"{prefix}-*.{ext}"), key=_mtime)
            for old in olds[:max(0, len(olds) - keep + 1)]:  # another build may be removing it too
                old.unlink(missing_ok=True)
                old.with_suffix(".json").unlink(missing_ok=True)
            cached.with_suffix(".json").write_text(proc.stdout)
            out.replace(cached)
    return cached


def _probe(core_zip: bytes) -> Path:
    """Run scripts/stdlib-needs.mjs once per distinct input; returns the cached zip (names beside it).

    Measured again when Pyodide, the probe or the set of modules lesson_core imports changes, not
    on every edit of lesson_core (``mkdocs serve`` stays quick)."""
    names = json.dumps(imported_names())
    return node_job("stdlib", "zip", PROBE, {"core.zip": core_zip}, (names,), key=(names.encode(),),
                    what="listing the standard library lesson_core needs")


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
