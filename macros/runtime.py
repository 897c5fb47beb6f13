"""The browser runtime, vendored into the built site (no CDN, nothing from outside).

Into ``assets/`` of the site, under names that change when their content does, so a browser
keeps them in its HTTP cache across pages and visits and never mixes two versions:
- ``pyodide-<hash>/``: Pyodide's files from ``node_modules/pyodide`` (pinned in package-lock.json),
  with the standard library trimmed to what lesson_core loads and an empty package lock
  (macros/stdlib.py), compiled to bytecode: about 5.3 MB over the wire instead of 6.9 MB;
- ``aula/lesson_core-<hash>.zip``: lesson_core compiled to bytecode (its sources under ``mkdocs
  serve``), unpacked into Pyodide's file system;
- ``vendor/iframe-worker/shim.js``: the worker shim Material's offline search needs on file://.
The pages learn those names from ``config.extra.aula_runtime`` (a ``<meta>`` in main.html).

A memory snapshot (Pyodide's memory with lesson_core imported, made by scripts/make-snapshot.mjs)
is built only with ``AULA_SNAPSHOT=1``, for the benchmark's comparison: it adds 4-7 MB to the
download and, measured at 20 Mbit/s, makes live Python ready later, not sooner (bench/, issue 9).

For the offline bundle (file://, where fetch, module scripts and workers are blocked),
``aula/offline/`` holds the same runtime files as classic scripts ("carriers") that put
each file's bytes (base64) or text into ``window.__aulaFiles``, plus a manifest.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import zipfile
from pathlib import Path

from mkdocs.exceptions import PluginError

from lesson_core.kit.fmt import LANGS, fmt
from macros.jsbundle import bundle as bridge_bundle
from macros.stdlib import CACHE, PACKAGE, compiled as compiled_python, minimal_lock, node_job, trimmed_stdlib

ROOT = Path(__file__).resolve().parent.parent
MODULES = ROOT / "node_modules"
PYODIDE_DIR = MODULES / "pyodide"
PYODIDE_COPIED = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
SHIM = MODULES / "iframe-worker" / "shim" / "index.js"
SHIM_URL = "assets/vendor/iframe-worker/shim.js"


# lesson_core's modules that only the build and the command line run, never the browser's Python: the
# command line, the lesson scaffold, the authoring checks, the teacher guides and curriculum pages, the
# offline bundle's pages. Left out of the browser's zip (about 50 kB gzipped of its 6 MB budget);
# tests/test_build.py checks that no module the browser gets imports one of them.
BUILD_ONLY = ("lesson_core/__main__.py", "lesson_core/scaffold.py", "lesson_core/lint/",
              "lesson_core/classroom/curriculum.py", "lesson_core/classroom/curriculum_view.py",
              "lesson_core/classroom/teacher.py", "lesson_core/kit/offline.py")


def browser_module(name: str) -> bool:
    """Whether the zip path ``name`` (lesson_core/...py) goes to the browser."""
    return not name.startswith(BUILD_ONLY)


def _browser_sources() -> list[tuple[str, bytes]]:
    """(name in the zip, bytes) of lesson_core's browser modules, each file read once."""
    return [(p.relative_to(PACKAGE.parent).as_posix(), p.read_bytes()) for p in sorted(PACKAGE.rglob("*.py"))
            if browser_module(p.relative_to(PACKAGE.parent).as_posix())]


def _sources_digest(sources: list[tuple[str, bytes]]) -> bytes:
    """What lesson_core_zip() is made of, digested without compressing it (a rebuild under serve asks
    on every save, and most saves leave lesson_core as it was)."""
    h = hashlib.sha256()
    for name, data in sources:
        h.update(f"{name}\0{len(data)}\0".encode())
        h.update(data)
    return h.digest()


def lesson_core_zip(sources: list[tuple[str, bytes]] | None = None) -> bytes:
    """lesson_core's .py files for the browser (BUILD_ONLY left out) as a zip with fixed timestamps
    (same sources, same bytes); ``sources``: those files as already read (:func:`_browser_sources`)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in sources if sources is not None else _browser_sources():
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
    return buf.getvalue()


def compiled_core(core_zip: bytes) -> bytes:
    """lesson_core as the browser gets it from a build: every module compiled to bytecode by
    Pyodide's Python (scripts/pyodide-compile.mjs), so the browser's Python imports it without
    compiling (measured in Node: import 0.2-0.3 s instead of 0.6 s). Kept by the sources' hash
    (macros/stdlib.py ``compiled``, which makes the trimmed library in the same Node process when
    it is missing: whoever compiles the core also needs it); ``mkdocs serve`` serves the plain sources
    (no compile on every edit)."""
    return compiled_python(core_zip)["core"].read_bytes()


def snapshot(core_zip: bytes, stdlib: bytes) -> bytes:
    """The gzipped Pyodide memory snapshot for these sources, built once per distinct input."""
    return node_job("snapshot", "gz", ROOT / "scripts" / "make-snapshot.mjs",
                    {"core.zip": core_zip, "python_stdlib.zip": stdlib}, what="making the Pyodide snapshot").read_bytes()


def _digest(*blobs: bytes) -> str:
    h = hashlib.sha256()
    for blob in blobs:
        h.update(hashlib.sha256(blob).digest())
    return h.hexdigest()[:10]


def wire_size(data: bytes) -> int:
    """Bytes over the wire when served gzipped (as GitHub Pages serves), cached by content."""
    key = hashlib.sha256(data).hexdigest()[:16]
    cached = CACHE / f"gzip-{key}.txt"
    try:
        return int(cached.read_text())
    except (OSError, ValueError):
        pass
    size = len(gzip.compress(data, 6, mtime=0))
    CACHE.mkdir(parents=True, exist_ok=True)
    part = cached.with_suffix(f".{os.getpid()}.part")  # builds run side by side (test workers)
    part.write_text(str(size))
    part.replace(cached)
    return size


_MADE: dict[tuple, dict] = {}


def runtime_files(with_snapshot: bool = False, compiled: bool = True) -> dict:
    """Everything live Python needs: ``plain`` (file name -> bytes, as the workers know them),
    ``paths`` (file name -> path under assets/, versioned) and ``config`` (what a page is told).
    ``compiled``: lesson_core as bytecode (a build), or as sources (``mkdocs serve``).
    Made once per process for the same sources (a build asks twice; ``mkdocs serve`` on every edit)."""
    if not PYODIDE_DIR.is_dir() or not SHIM.exists():
        raise PluginError("node_modules is missing or incomplete: run `npm ci` first (see README)")
    sources = _browser_sources()  # read once: a save landing meanwhile changes the next key, not this zip
    key = (_sources_digest(sources), with_snapshot, compiled, bridge_bundle()["py-worker.mjs"])
    if key not in _MADE:
        _MADE.clear()
        source = lesson_core_zip(sources)
        compiled_python(source, core=compiled)  # what is missing, in one Node process (Pyodide starts once)
        _MADE[key] = _make_runtime(source, compiled_core(source) if compiled else source, with_snapshot)
    return _MADE[key]


# The real model's data (its weights and its counting tables, one module each per language) is most of
# lesson_core's bytes; only the real-model pages use it, and each page only its own language's (its
# manifest and vocabulary, weights_<lang>.py, stay in the core: rm_tokens tokenizes in both languages).
_MODEL_DATA = re.compile(r"lesson_core/model/(?:tensors|ngram)_(\w+)\.pyc?$")


def split_model_data(core: bytes) -> tuple[bytes, dict[str, bytes]]:
    """lesson_core's zip without the real model's data, and that data as one zip per language
    (unpacked beside lesson_core by the worker of a page that has a real-model widget)."""
    parts: dict[str, list] = {}
    with zipfile.ZipFile(io.BytesIO(core)) as zf:
        for info in zf.infolist():
            m = _MODEL_DATA.match(info.filename)
            parts.setdefault(m.group(1) if m else "", []).append((info, zf.read(info)))

    def pack(entries: list) -> bytes:
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as out:
            for info, data in entries:
                out.writestr(info, data)
        return buf.getvalue()

    return pack(parts.pop("")), {lang: pack(entries) for lang, entries in sorted(parts.items())}


def model_widgets() -> list[str]:
    """The widgets that read the real model's data (the real-model lesson's)."""
    import lesson_core  # noqa: F401  (registers every widget)
    from lesson_core.kit.registry import all_widgets
    return sorted(w.id for w in all_widgets() if w.lesson == "real_model")


def _make_runtime(source: bytes, full_core: bytes, with_snapshot: bool) -> dict:
    stdlib = trimmed_stdlib(source)
    plain = {name: (PYODIDE_DIR / name).read_bytes() for name in PYODIDE_COPIED}
    plain.update({"python_stdlib.zip": stdlib, "pyodide-lock.json": minimal_lock()})
    pdir = f"pyodide-{_digest(*(plain[k] for k in sorted(plain)))}"
    paths = {name: f"{pdir}/{name}" for name in plain}
    core, models = split_model_data(full_core)
    plain["lesson_core.zip"] = core
    paths["lesson_core.zip"] = f"aula/lesson_core-{_digest(core)}.zip"
    config = {"dir": f"../{pdir}/", "core": f"lesson_core-{_digest(core)}.zip",
              "worker": f"py-worker.mjs?v={_digest(bridge_bundle()['py-worker.mjs'])}",  # macros/jsbundle.py
              "models": {}, "model_widgets": model_widgets()}
    for lang, data in models.items():
        name = f"model-{lang}.zip"
        plain[name] = data
        paths[name] = f"aula/model-{lang}-{_digest(data)}.zip"
        config["models"][lang] = paths[name].split("/")[-1]
    if with_snapshot:
        plain["python.snapshot.gz"] = snapshot(core, stdlib)
        paths["python.snapshot.gz"] = f"aula/python-{_digest(plain['python.snapshot.gz'])}.snapshot.gz"
        config["snapshot"] = paths["python.snapshot.gz"].split("/")[-1]
    # every runtime file's exact length by its served name (the last part of its path, unique: the names
    # are versioned), as the worker's fetch wrapper counts it (overrides/bridge/worker/http.js): the plain
    # bytes, after any HTTP content-encoding is undone; a .gz the worker unpacks itself, as stored
    config["lengths"] = {paths[n].split("/")[-1]: len(d) for n, d in sorted(plain.items())}
    # what the worker fetches (Pyodide's two .mjs files are imported as modules, not counted): on a
    # real-model page, the page's language's model data too; the largest case is the one told
    page = {n: d for n, d in plain.items() if not n.startswith("model-")}
    if models:
        most, data = max(models.items(), key=lambda item: len(item[1]))
        page[f"model-{most}.zip"] = data
    config["bytes"] = sum(len(d) for n, d in page.items() if not n.endswith(".mjs"))
    wire = {n: len(d) if n.endswith(".gz") else wire_size(d) for n, d in page.items()}
    config["wire"] = sum(wire.values())
    config["size"] = {lang: fmt(round(config["wire"] / 1e6, 1), lang, 1) for lang in LANGS}
    # without the real model's data: what a widget outside model_widgets makes a device fetch (cost.js)
    config["wire_plain"] = sum(v for n, v in wire.items() if not n.startswith("model-"))
    config["size_plain"] = {lang: fmt(round(config["wire_plain"] / 1e6, 1), lang, 1) for lang in LANGS}
    return {"plain": plain, "paths": paths, "config": config}


def vendor(root: Path, runtime: dict, offline: bool = False) -> dict[str, bytes]:
    """Copy the runtime (from :func:`runtime_files`) into the site; returns the files the browser's
    Python needs, by name.

    The offline bundle carries the same files as classic scripts only (see write_carriers), and
    its pages load them whatever the protocol, so the plain copies are left out of it."""
    (root / SHIM_URL).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(SHIM, root / SHIM_URL)
    assets = root / "assets"
    if offline:  # the file:// worker, as text (macros/jsbundle.py leaves the http worker out of this site)
        return {**runtime["plain"], "py-worker-file.js": bridge_bundle()["py-worker-file.js"]}
    current = set(runtime["paths"].values())
    current |= {path.split("/")[0] for path in current}
    for old in [*assets.glob("pyodide-*"), *assets.glob("aula/lesson_core-*.zip"), *assets.glob("aula/model-*.zip"),
                *assets.glob("aula/*.snapshot.gz")]:
        if old.relative_to(assets).as_posix() not in current:  # an earlier build's (mkdocs serve)
            shutil.rmtree(old) if old.is_dir() else old.unlink()
    for name, data in runtime["plain"].items():
        target = assets / runtime["paths"][name]
        if not (target.exists() and target.stat().st_size == len(data)):
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
    return runtime["plain"]


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
