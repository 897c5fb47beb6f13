"""Pyodide's standard library, trimmed to what lesson_core uses.

Pyodide ships the whole library as ``python_stdlib.zip``: 614 files, 2.5 MB over the wire, of
which lesson_core and Pyodide's own start-up load about 150 (0.8 MB). The browser gets only
those. Which ones is measured, not guessed: ``scripts/stdlib-needs.mjs`` runs lesson_core under
Pyodide in Node with the full library (imports lesson_core, every standard module lesson_core
names anywhere, and renders every widget's default view) and lists the library files Python
loaded. The result is cached under ``node_modules/.cache/aula/`` by the hash of its inputs.

The guard is ``tests/test_parity.py``: every parity case (every widget, non-default calls, bad
input) runs in Node under the trimmed library and must match CPython.
"""

from __future__ import annotations

import ast
import hashlib
import io
import json
import subprocess
import sys
import tempfile
import zipfile
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


def needed_files(core_zip: bytes) -> list[str]:
    """Names (inside python_stdlib.zip) of the library files lesson_core loads under Pyodide.

    Measured again when Pyodide, the probe or the set of modules lesson_core imports changes, not
    on every edit of lesson_core (``mkdocs serve`` stays quick)."""
    version = json.loads((PYODIDE_DIR / "package.json").read_text())["version"]
    names = json.dumps(imported_names())
    key = hashlib.sha256(version.encode() + names.encode() + PROBE.read_bytes()).hexdigest()[:16]
    cached = CACHE / f"stdlib-{key}.json"
    if not cached.exists():
        with tempfile.TemporaryDirectory() as tmp:
            zpath = Path(tmp) / "core.zip"
            zpath.write_bytes(core_zip)
            proc = subprocess.run(["node", str(PROBE), str(zpath), names], cwd=ROOT, capture_output=True,
                                  text=True, timeout=300)
        if proc.returncode != 0:
            raise PluginError("listing the standard library lesson_core needs failed: " + proc.stderr.strip()[-800:])
        CACHE.mkdir(parents=True, exist_ok=True)
        for old in CACHE.glob("stdlib-*.json"):
            old.unlink()
        cached.write_text(proc.stdout)
    return json.loads(cached.read_text())


_TRIMMED: dict[str, bytes] = {}


def trimmed_stdlib(core_zip: bytes) -> bytes:
    """python_stdlib.zip with only the needed files: same names, same timestamps, same bytes each build."""
    keep = set(needed_files(core_zip))
    key = "\n".join(sorted(keep))
    if key not in _TRIMMED:
        buf = io.BytesIO()
        with zipfile.ZipFile(PYODIDE_DIR / "python_stdlib.zip") as full, \
                zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
            for info in full.infolist():
                if info.filename in keep:
                    copy = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                    copy.compress_type = zipfile.ZIP_DEFLATED
                    out.writestr(copy, full.read(info))
        _TRIMMED[key] = buf.getvalue()
    return _TRIMMED[key]


def minimal_lock() -> bytes:
    """Pyodide's package lock file without its 357 packages: lesson_core loads none (standard library only)."""
    lock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text())
    return json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True).encode()


if __name__ == "__main__":  # a quick look: .venv/bin/python -m macros.stdlib
    sys.path.insert(0, str(ROOT))
    from macros.runtime import lesson_core_zip
    files = needed_files(lesson_core_zip())
    print(len(files), "files,", len(trimmed_stdlib(lesson_core_zip())), "bytes")
