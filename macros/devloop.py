"""The author's loop under ``mkdocs serve``: fresh lesson_core on every rebuild, errors that do
not stop the server, and a quiet terminal.

- :func:`refresh_modules`: ``mkdocs serve`` rebuilds in the same Python process, where
  ``lesson_core`` would stay imported as it was at start. Before each build, a changed source tree
  (``lesson_core/`` or ``macros/``) has its modules dropped from ``sys.modules``, with the macros
  modules that hold lesson_core objects, so the build imports the saved code. The KaTeX cache
  (macros/mathml.py) survives a lesson_core edit.
- :func:`lenient`: under ``mkdocs serve`` a warning does not abort the rebuild (which would leave the
  server "stuck"); each author mistake is logged and shown on the page (macros/authoring.py).
  ``mkdocs build --strict`` keeps failing on them.
- :func:`cached_block`: a widget's page block is kept between rebuilds while the sources it
  imports (its module and, transitively, the lesson_core modules it uses) are unchanged, so a
  Markdown edit re-renders no widget and a widget edit re-renders only its module's widgets.
- :data:`TEMPLATES`: the theme's compiled templates, kept between rebuilds and languages.
- :func:`quiet`: the plugins' INFO chatter only with ``mkdocs -v``.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import logging
import sys
from pathlib import Path
from typing import Callable

from jinja2 import BytecodeCache
from mkdocs.utils import CountHandler

__all__ = ["WATCHED", "TEMPLATES", "refresh_modules", "cached_block", "git_info_once", "lenient", "quiet"]

ROOT = Path(__file__).resolve().parent.parent
WATCHED = ("lesson_core", "macros")  # source trees the server watches and reloads
_stamps: dict[str, tuple] = {}


def _stamp(folder: Path) -> tuple:
    return tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in sorted(folder.rglob("*.py")))


def _uses_core(module) -> bool:
    return any((getattr(v, "__module__", None) or getattr(v, "__name__", "") or "").startswith("lesson_core")
               for v in list(vars(module).values()))


def refresh_modules() -> list[str]:
    """Drop the modules of every watched tree whose sources changed since the last call;
    returns the changed trees (none on the first call)."""
    changed = []
    for name in WATCHED:
        stamp = _stamp(ROOT / name)
        if _stamps.get(name, stamp) != stamp:
            changed.append(name)
        _stamps[name] = stamp
    if not changed:
        return []
    for mod in [m for m in sys.modules if m.split(".")[0] in WATCHED and m != __name__]:
        top = mod.split(".")[0]
        if top in changed or (top == "macros" and _uses_core(sys.modules[mod])):
            del sys.modules[mod]
    return changed


def _module_file(name: str) -> Path | None:
    base = ROOT.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


@functools.lru_cache(maxsize=512)
def _read(path: Path, mtime_ns: int, size: int) -> tuple[bytes, frozenset]:
    """A module file's bytes and the lesson_core modules it imports, once per version of the file."""
    name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
    return path.read_bytes(), frozenset(_imports(name, path))


def _source(name: str) -> tuple[bytes, frozenset] | None:
    path = _module_file(name)
    if path is None:
        return None
    st = path.stat()
    return _read(path, st.st_mtime_ns, st.st_size)


def _imports(name: str, path: Path) -> set[str]:
    """The lesson_core modules a module imports (read from its source; a package's
    __init__ counts only when a name is taken from it)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([node.module] if node.module else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                out.add(sub if _module_file(sub) else base)
    return {m for m in out if m.split(".")[0] == "lesson_core"}


_closures: dict[tuple, str] = {}


def sources_key(*modules: str) -> str:
    """A digest of the sources these modules run: themselves and every lesson_core module they
    import, transitively."""
    memo = (modules, _stamps.get("lesson_core"))
    if memo not in _closures:
        seen, todo, digest = {}, list(modules), hashlib.sha256()
        while todo:
            name = todo.pop()
            found = None if name in seen else _source(name)
            if found is None:
                continue
            seen[name] = found[0]
            todo.extend(found[1])
        for name in sorted(seen):
            digest.update(name.encode() + b"\0" + seen[name])
        _closures[memo] = digest.hexdigest()
    return _closures[memo]


_blocks: dict[tuple, str] = {}


def cached_block(module: str, key: tuple, make: Callable[[], str]) -> str:
    """`make()`, or the block made for the same key while the sources were the same: the widget's
    `module`, lesson_core/block.py (which lays the block out) and the build's checks (macros/)."""
    full = (sources_key(module, "lesson_core.block"), _stamps.get("macros"), *key)
    if full not in _blocks:
        if len(_blocks) > 400:
            _blocks.clear()
        _blocks[full] = make()
    return _blocks[full]


class _TemplateCache(BytecodeCache):
    """Jinja's compiled theme templates in memory (Jinja checks each template's source checksum)."""

    def __init__(self) -> None:
        self.store: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        if bucket.key in self.store:
            bucket.bytecode_from_string(self.store[bucket.key])

    def dump_bytecode(self, bucket) -> None:
        self.store[bucket.key] = bucket.bytecode_to_string()


TEMPLATES = _TemplateCache()


def git_info_once() -> None:
    """mkdocs-macros asks git twelve questions (twelve processes) on every configuration, twice per
    build (once per language) for its `git` page variable, which no page uses; while serving,
    the first answers stand (a preview does not need the latest commit's author)."""
    from mkdocs_macros import context

    if not hasattr(context.get_git_info, "cache_info"):
        context.get_git_info = functools.lru_cache(maxsize=1)(context.get_git_info)


def lenient() -> None:
    """This build does not stop on warnings (the counter `mkdocs` attaches for strict mode goes)."""
    logger = logging.getLogger("mkdocs")
    for handler in [h for h in logger.handlers if isinstance(h, CountHandler)]:
        logger.removeHandler(handler)


class _DropInfo(logging.Filter):
    def __init__(self, starts: tuple[str, ...]):
        super().__init__()
        self.starts = starts

    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno > logging.INFO or not record.getMessage().startswith(self.starts)


def quiet() -> None:
    """Keep mkdocs' own summary; drop the plugins' INFO chatter (all of it is back with `mkdocs -v`)."""
    if logging.getLogger("mkdocs").getEffectiveLevel() <= logging.DEBUG:
        return
    for name in ("mkdocs.plugins.mkdocs_macros", "mkdocs.plugins.mkdocs_static_i18n"):
        logging.getLogger(name).setLevel(logging.WARNING)
    build = logging.getLogger("mkdocs.commands.build")
    if not any(isinstance(f, _DropInfo) for f in build.filters):
        build.addFilter(_DropInfo(("Cleaning site directory", "Building documentation to directory")))
