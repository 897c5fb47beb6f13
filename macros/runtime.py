"""The browser runtime, vendored into the built site (no CDN, nothing from outside).

Into ``assets/`` of the site:
- ``pyodide/``: Pyodide's files from ``node_modules/pyodide`` (pinned in package-lock.json);
- ``aula/lesson_core.zip``: lesson_core's sources, unpacked into Pyodide's file system;
- ``aula/python.snapshot.gz``: a memory snapshot of Pyodide with lesson_core imported, made at
  build time by Node (scripts/make-snapshot.mjs), so the browser skips the interpreter's
  start-up; cached under node_modules/.cache/ by the hash of its inputs;
- ``vendor/iframe-worker/shim.js``: the worker shim Material's offline search needs on file://.

For the offline bundle (file://, where fetch, module scripts and workers are blocked),
``aula/offline/`` holds the same runtime files as classic scripts ("carriers") that put
each file's bytes (base64) or text into ``window.__aulaFiles``, plus a manifest.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parent.parent
MODULES = ROOT / "node_modules"
PYODIDE_DIR = MODULES / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
SHIM = MODULES / "iframe-worker" / "shim" / "index.js"
SHIM_URL = "assets/vendor/iframe-worker/shim.js"
CACHE = MODULES / ".cache" / "aula"
FILE_WORKER = ROOT / "overrides" / "assets" / "aula" / "py-worker-file.js"


def lesson_core_zip() -> bytes:
    """lesson_core's .py files as a zip with fixed timestamps (same sources, same bytes)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted((ROOT / "lesson_core").rglob("*.py")):
            info = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, path.read_bytes())
    return buf.getvalue()


def snapshot(core_zip: bytes) -> bytes:
    """The gzipped Pyodide memory snapshot for these sources, built once per distinct input."""
    version = json.loads((PYODIDE_DIR / "package.json").read_text())["version"]
    key = hashlib.sha256(version.encode() + core_zip + (ROOT / "scripts" / "make-snapshot.mjs").read_bytes())
    cached = CACHE / f"snapshot-{key.hexdigest()[:16]}.gz"
    if not cached.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            zpath = Path(tmp) / "core.zip"
            zpath.write_bytes(core_zip)
            proc = subprocess.run(["node", str(ROOT / "scripts" / "make-snapshot.mjs"), str(zpath),
                                   str(Path(tmp) / "out.gz")], cwd=ROOT, capture_output=True, text=True, timeout=300)
            if proc.returncode != 0:
                raise PluginError("making the Pyodide snapshot failed: " + proc.stderr.strip()[-800:])
            for old in CACHE.glob("snapshot-*.gz"):
                old.unlink()
            shutil.move(str(Path(tmp) / "out.gz"), cached)
    return cached.read_bytes()


def _copy_if_changed(src: Path, dst: Path) -> None:
    if dst.exists() and dst.stat().st_size == src.stat().st_size and dst.stat().st_mtime >= src.stat().st_mtime:
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)


def vendor(root: Path, offline: bool = False, with_snapshot: bool = True) -> dict[str, bytes]:
    """Copy the runtime into the site; returns the files the browser's Python needs, by name.

    The offline bundle carries the same files as classic scripts only (see write_carriers), and
    its pages load them whatever the protocol, so the plain copies are left out of it.
    Without the snapshot (``mkdocs serve``: making one costs seconds per edit) the worker
    starts Python from scratch with the fresh lesson_core.zip: slower to get ready, same results."""
    if not PYODIDE_DIR.is_dir() or not SHIM.exists():
        raise PluginError("node_modules is missing or incomplete: run `npm ci` first (see README)")
    _copy_if_changed(SHIM, root / SHIM_URL)
    core = lesson_core_zip()
    snap = snapshot(core) if with_snapshot else None
    files = {name: (PYODIDE_DIR / name).read_bytes() for name in PYODIDE_FILES}
    files.update({"lesson_core.zip": core, "py-worker-file.js": FILE_WORKER.read_bytes()})
    if snap:
        files["python.snapshot.gz"] = snap
    aula = root / "assets" / "aula"
    if offline:
        (aula / "py-worker.mjs").unlink(missing_ok=True)
        return files
    for name in PYODIDE_FILES:
        _copy_if_changed(PYODIDE_DIR / name, root / "assets" / "pyodide" / name)
    aula.mkdir(parents=True, exist_ok=True)
    (aula / "lesson_core.zip").write_bytes(core)
    if snap:
        (aula / "python.snapshot.gz").write_bytes(snap)
    return files


TEXT_FILES = {"pyodide.mjs", "pyodide.asm.mjs", "pyodide-lock.json", "py-worker-file.js"}


def write_carriers(root: Path, files: dict[str, bytes]) -> None:
    """The runtime as classic scripts for file://, and a manifest to check they all arrived whole."""
    out = root / "assets" / "aula" / "offline"
    out.mkdir(parents=True, exist_ok=True)
    manifest = {}
    for name, data in sorted(files.items()):
        if name in TEXT_FILES:
            kind, payload = "text", data.decode("utf-8")
        else:
            kind, payload = "b64", base64.b64encode(data).decode("ascii")
        literal = json.dumps(payload, ensure_ascii=True).replace("</", "<\\/")
        script = f'(window.__aulaFiles = window.__aulaFiles || {{}})[{json.dumps(name)}] = {{"{kind}": {literal}}};\n'
        (out / f"{name}.js").write_text(script, encoding="ascii")
        manifest[name] = {"kind": kind, "length": len(payload), "sha256": hashlib.sha256(data).hexdigest()}
    (out / "manifest.js").write_text("window.__aulaManifest = " + json.dumps(manifest, indent=1) + ";\n",
                                     encoding="ascii")
