"""Pyodide's standard library, trimmed to what lesson_core uses, and the Node jobs behind it.

Pyodide ships the whole library as ``python_stdlib.zip``: 614 files, 2.5 MB over the wire, of
which lesson_core and Pyodide's own start-up load about 150. The browser gets only those.
Which ones is measured, not guessed: ``scripts/pyodide-compile.mjs`` runs lesson_core under
Pyodide in Node with the full library (imports lesson_core and every standard module lesson_core
names anywhere) and lists the library files Python loaded. It also compiles them with that same
Python: the browser then imports bytecode instead of compiling ~150 modules at every start (about
half of Python's start-up on a slow machine; 1.2 MB over the wire instead of 0.8 MB). The same
process compiles lesson_core for the browser (macros/runtime.py), so a build that needs both starts
Pyodide once.

Every Node job's result is kept in the user's cache folder, ``~/.cache/aula/`` (``$XDG_CACHE_HOME/aula``;
:data:`CACHE`; deleting it only makes the next build redo them), under a name made of the hash of all
its inputs: Pyodide's version, the script, scripts/pyc.py and the job's own inputs. So every copy of
the project on the machine (another clone, the tests' mini projects) reuses what one build made.

The guard is ``tests/test_parity.py``: every parity case (every widget, non-default calls, bad
input) runs in Node under the trimmed library and must match CPython.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from mkdocs.exceptions import PluginError


ROOT = Path(__file__).resolve().parent.parent
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
# the Node jobs' results, by the hash of their inputs (README: "The build cache"); one per user, so copies
# of the project (the tests' mini projects, worktrees) share it
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "aula"
SCRIPT = ROOT / "scripts" / "pyodide-compile.mjs"
PYC = ROOT / "scripts" / "pyc.py"  # the compiler the Node scripts use
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


def _cached(prefix: str, ext: str, script: Path, parts) -> Path:
    """Where a job's output is kept: named by the hash of Pyodide's version, the script, pyc.py and
    `parts` (the job's inputs, as bytes)."""
    h = hashlib.sha256((PYODIDE_DIR / "package.json").read_bytes() + script.read_bytes() + PYC.read_bytes())
    for part in parts:
        h.update(hashlib.sha256(part).digest())
    return CACHE / f"{prefix}-{h.hexdigest()[:16]}.{ext}"


def _run(script: Path, argv: list[str], what: str) -> str:
    proc = subprocess.run(["node", str(script), *argv], cwd=ROOT, capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise PluginError(f"{what} failed: " + proc.stderr.strip()[-800:])
    return proc.stdout


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except FileNotFoundError:  # removed meanwhile by a build running beside this one
        return 0.0


def _keep(made: Path, cached: Path, keep: int, beside: str | None) -> None:
    """Put a job's output (and its ``.json``) into the cache, dropping all but the `keep` most recent
    versions of the same job. Builds run side by side (test workers, other copies of the project):
    each file is written under a name of this process's and renamed into place, the ``.json`` first."""
    CACHE.mkdir(parents=True, exist_ok=True)
    olds = sorted(CACHE.glob(cached.name.split("-")[0] + "-*" + cached.suffix), key=_mtime)
    for old in olds[:max(0, len(olds) - keep + 1)]:  # another build may be removing it too
        old.unlink(missing_ok=True)
        old.with_suffix(".json").unlink(missing_ok=True)
    part = cached.with_name(f"{cached.name}.{os.getpid()}.part")
    part.write_text(beside or "")
    part.replace(cached.with_suffix(".json"))
    shutil.copyfile(made, part)  # a copy: the temporary folder may be on another file system
    part.replace(cached)


def node_job(prefix: str, ext: str, script: Path, inputs: dict[str, bytes], args: tuple = (),
             keep: int = 1, what: str = "a build step in Node") -> Path:
    """Run ``node script <inputs, as files> <args> <out>`` once per distinct input (see :func:`_cached`);
    returns the kept output, with the script's standard output beside it (``.json``)."""
    cached = _cached(prefix, ext, script, tuple(inputs.values()))
    if not cached.exists():
        with tempfile.TemporaryDirectory() as tmp:
            for name, data in inputs.items():
                (Path(tmp) / name).write_bytes(data)
            out = Path(tmp) / f"out.{ext}"
            stdout = _run(script, [*(str(Path(tmp) / n) for n in inputs), *args, str(out)], what)
            _keep(out, cached, keep, stdout)
    return cached


def compiled(core_zip: bytes, stdlib: bool = True, core: bool = True) -> dict[str, Path]:
    """The kept outputs of scripts/pyodide-compile.mjs for these sources, made in one Node process
    for whatever is missing: ``"stdlib"``, the trimmed library compiled (its file names beside it,
    ``.json``), measured again only when Pyodide, the script or the set of modules lesson_core imports
    changes, not on every edit of lesson_core (``mkdocs serve`` stays quick); ``"core"``, lesson_core
    compiled (16 versions kept: tests and worktrees build different sources side by side)."""
    names = json.dumps(imported_names())
    jobs = {}
    if stdlib:
        jobs["stdlib"] = (_cached("stdlib", "zip", SCRIPT, (names.encode(),)), 4, ["stdlib", "{zip}", names])
    if core:
        jobs["core"] = (_cached("core", "zip", SCRIPT, (core_zip,)), 16, ["core", "{zip}"])
    todo = {kind: job for kind, job in jobs.items() if not job[0].exists()}
    if todo:
        with tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / "core.zip").write_bytes(core_zip)
            argv = []
            for kind, (_, _, task) in todo.items():
                argv += [a.replace("{zip}", str(Path(tmp) / "core.zip")) for a in task] + [str(Path(tmp) / f"{kind}.zip")]
            _run(SCRIPT, argv, "compiling Python for the browser (" + " and ".join(todo) + ")")
            for kind, (cached, keep, _) in todo.items():
                made = Path(tmp) / f"{kind}.zip"
                beside = made.with_name(made.name + ".json")
                _keep(made, cached, keep, beside.read_text() if beside.exists() else None)
    return {kind: job[0] for kind, job in jobs.items()}


def needed_files(core_zip: bytes) -> list[str]:
    """Names (inside python_stdlib.zip) of the library files lesson_core loads under Pyodide."""
    return json.loads(compiled(core_zip, core=False)["stdlib"].with_suffix(".json").read_text())


def trimmed_stdlib(core_zip: bytes) -> bytes:
    """The needed files only, compiled (``name.pyc`` for each ``name.py``): what the browser gets."""
    return compiled(core_zip, core=False)["stdlib"].read_bytes()


def minimal_lock() -> bytes:
    """Pyodide's package lock file without its 357 packages: lesson_core loads none (standard library only)."""
    lock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text())
    return json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True).encode()


if __name__ == "__main__":  # a quick look: .venv/bin/python -m macros.stdlib
    sys.path.insert(0, str(ROOT))
    from macros.runtime import lesson_core_zip
    files = needed_files(lesson_core_zip())
    print(len(files), "files,", len(trimmed_stdlib(lesson_core_zip())), "bytes compiled")
