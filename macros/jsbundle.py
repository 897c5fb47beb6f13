"""The bridge's browser code: ES modules in ``overrides/bridge/``, bundled into classic scripts.

Browsers run no ``<script type="module">`` from file:// (the offline bundle), and every page's policy
allows scripts from the site itself only (macros/csp.py), so the modules reach the browser bundled by
esbuild (pinned in package.json; ``scripts/bundle-bridge.mjs`` holds its options), one classic script
per entry point (``overrides/bridge/page.js`` lists the modules):

- ``head.js`` -> ``assets/aula/head.<hash>.js``, loaded in ``<head>`` (overrides/main.html);
- ``page.js`` -> ``assets/aula/aula.<hash>.js``, the bridge and the teacher kit;
- ``worker/http.js`` -> ``assets/aula/py-worker.mjs`` (macros/runtime.py versions its address);
- ``worker/file.js`` -> ``py-worker-file.js``, carried as text into the offline bundle (runtime.py);
- ``sw/main.js`` -> the service worker, written as ``sw.js`` with its data by macros/pwa.py.

The bundle is made once per distinct content of the sources (with esbuild's version and the script),
kept in the build cache (``~/.cache/aula/bridge-<hash>/``, macros/stdlib.py) beside the other Node steps' results; a
build or a `mkdocs serve` rebuild with unchanged sources runs no Node. The modules themselves are not
part of the site.

Example: ``names()`` -> ``{"head": "assets/aula/head.3f9a0c1d2e.js", "page": "assets/aula/aula.8b....js"}``.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import tempfile
from pathlib import Path

from mkdocs.exceptions import PluginError

from macros.stdlib import CACHE, _mtime  # the build's one cache folder (README, "The build cache")

__all__ = ["SOURCES", "bundle", "names", "site_files", "write"]

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "overrides" / "bridge"
SCRIPT = ROOT / "scripts" / "bundle-bridge.mjs"
ESBUILD = ROOT / "node_modules" / "esbuild" / "package.json"
OUTPUTS = ("head.js", "aula.js", "py-worker.mjs", "py-worker-file.js", "sw.js")
HASHED = {"head": "head.js", "page": "aula.js"}  # served under content-hashed names
KEEP = 8  # bundles kept in the cache (tests build copies of the project side by side)

_MADE: dict[str, dict[str, bytes]] = {}


def _key() -> str:
    if not ESBUILD.exists():
        raise PluginError("node_modules is missing or incomplete (no esbuild): run `npm ci` first (see README)")
    h = hashlib.sha256(ESBUILD.read_bytes() + SCRIPT.read_bytes())
    for path in sorted(SOURCES.rglob("*.js")):
        h.update(path.relative_to(SOURCES).as_posix().encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()[:16]


def bundle() -> dict[str, bytes]:
    """Output file name -> bytes, bundled now or taken from the cache."""
    key = _key()
    if key in _MADE:
        return _MADE[key]
    cached = CACHE / f"bridge-{key}"
    if not all((cached / name).exists() for name in OUTPUTS):
        CACHE.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix="bundling-", dir=CACHE))
        try:
            proc = subprocess.run(["node", str(SCRIPT), str(SOURCES), str(tmp)], cwd=ROOT, capture_output=True,
                                  text=True, timeout=120)
            if proc.returncode != 0:
                raise PluginError("bundling the bridge (overrides/bridge/) failed: " + proc.stderr.strip()[-1500:])
            olds = sorted(CACHE.glob("bridge-*"), key=_mtime)
            for old in olds[:max(0, len(olds) - KEEP + 1)]:
                shutil.rmtree(old, ignore_errors=True)
            try:
                tmp.rename(cached)
            except OSError:  # another build of the same sources got there first
                if not all((cached / name).exists() for name in OUTPUTS):
                    raise
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    _MADE.clear()
    _MADE[key] = {name: (cached / name).read_bytes() for name in OUTPUTS}
    return _MADE[key]


def _hashed(name: str, data: bytes) -> str:
    stem, ext = name.rsplit(".", 1)
    return f"assets/aula/{stem}.{hashlib.sha256(data).hexdigest()[:10]}.{ext}"


def names() -> dict[str, str]:
    """Where the pages load the two bundles from (content-hashed, so a browser never mixes versions)."""
    made = bundle()
    return {entry: _hashed(name, made[name]) for entry, name in HASHED.items()}


def site_files(offline: bool) -> dict[str, bytes]:
    """The site's files from the bundle: path under the site -> bytes (no http worker in the offline
    bundle: its worker comes as text, macros/runtime.py)."""
    made = bundle()
    out = {_hashed(name, made[name]): made[name] for name in HASHED.values()}
    if not offline:
        out["assets/aula/py-worker.mjs"] = made["py-worker.mjs"]
    return out


def write(root: Path, offline: bool) -> None:
    """The bundles into the built site at ``root``; an earlier build's bundles go (``mkdocs serve``)."""
    current = site_files(offline)
    for entry in HASHED.values():
        stem, ext = entry.rsplit(".", 1)
        for old in (root / "assets" / "aula").glob(f"{stem}.*.{ext}"):
            if old.relative_to(root).as_posix() not in current:
                old.unlink()
    for path, data in current.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
