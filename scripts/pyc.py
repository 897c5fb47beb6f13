"""Bytecode for the browser, made at build time by Pyodide's own Python (run inside Pyodide in Node
by scripts/pyodide-compile.mjs), so the magic number and the bytecode are
the ones the browser's Python expects. The browser then imports without compiling.

``pyc``: PEP 552 hash-based and unchecked (flags 0b01): the zips hold no source to check against.
Python runs with PYTHONNODEBUGRANGES (no column tables: smaller files, same behaviour).
Compiled as ``python -OO`` would (``optimize=2``): no docstrings and no ``assert`` statements, which
the browser never reads (lesson_core's two module-level asserts are checks of its own data, run by
every build in CPython). About 0.2 MB less to download (bench/run.py reports the runtime's size).
"""

import importlib.util
import marshal
import zipfile


def pyc(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True, optimize=2)
    return importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little") + importlib.util.source_hash(source) + marshal.dumps(code)


def compile_zip(src: str, out: str, keep=None) -> list:
    """Write to `out` each ``.py`` file of the zip `src` (those in `keep`, when given) as ``.pyc``;
    other files are copied. Returns the names compiled."""
    done = []
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        for info in zin.infolist():
            if keep is not None and info.filename not in keep:
                continue
            data = zin.read(info)
            name = info.filename
            if name.endswith(".py"):
                data, name = pyc(data, name), name + "c"
                done.append(info.filename)
            entry = zipfile.ZipInfo(name, date_time=info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(entry, data)
    return done
