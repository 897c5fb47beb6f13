"""The author's loop under ``mkdocs serve``: fresh lesson_core on every rebuild, errors that do
not stop the server, and a quiet terminal.

- :func:`refresh_modules`: ``mkdocs serve`` rebuilds in the same Python process, where
  ``lesson_core`` would stay imported as it was at start. Before each build, the changed lesson_core
  modules and those importing them are imported again (their widgets registered anew), and the
  macros modules that hold lesson_core objects are dropped, so the build runs the saved code.
  The KaTeX cache (macros/mathml.py) survives a lesson_core edit.
- Pages whose sources did not change are not rendered again: see macros/pagecache.py.
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
import importlib
import importlib.util
import logging
import sys
import traceback
from pathlib import Path
from typing import Callable

from jinja2 import BytecodeCache
from mkdocs.exceptions import PluginError
from mkdocs.utils import CountHandler

__all__ = ["WATCHED", "TEMPLATES", "stamp", "refresh_modules", "import_core", "sources_key", "shown_path", "module_name", "serving", "cached_block", "git_info_once", "lenient", "quiet"]

ROOT = Path(__file__).resolve().parent.parent
WATCHED = ("lesson_core", "macros")  # source trees the server watches and reloads
_stamps: dict[str, tuple] = {}
_seen: dict[str, bytes] = {}  # path -> the bytes of that source as last seen by refresh_modules


def _stamp(folder: Path) -> tuple:
    """(path, sha256) of every source in the tree, from one read of each file. Keys are made from
    these bytes, never from a later read: a save landing during a build then makes the next
    build's key differ, instead of filing the old code's render under the new code's key."""
    out = []
    for path in sorted(folder.rglob("*.py")):
        try:
            data = path.read_bytes()
        except OSError:  # removed while listed
            continue
        _seen[str(path)] = data
        out.append((str(path), hashlib.sha256(data).hexdigest()))
    return tuple(out)


def _uses_core(module) -> bool:
    return any((getattr(v, "__module__", None) or getattr(v, "__name__", "") or "").startswith("lesson_core")
               for v in list(vars(module).values()))


def serving(config) -> bool:
    """This build is one of `mkdocs serve`'s (macros/hooks.py sets the flag in on_config)."""
    return bool(config["extra"].get("aula_serve"))


def stamp(tree: str) -> tuple:
    """The watched tree's sources as last seen by :func:`refresh_modules` (path, sha256)."""
    return _stamps.get(tree, ())


KEEP = {__name__, "macros.pagecache"}  # hold the serve loop's state: never reloaded


def refresh_modules() -> list[str]:
    """Reload what changed since the last call in each watched tree; returns the changed trees
    (none on the first call). In lesson_core only the changed modules and those importing them
    are imported again (a widget module's edit re-runs that module alone; the others keep their
    caches); a change that reaches the package itself or its widget registry, or a removed file,
    imports all of lesson_core again. Every macros module is reloaded when macros/ changed, and
    those that hold lesson_core objects when lesson_core did. See :func:`import_core` for a
    lesson_core that does not import."""
    changed: dict[str, set] = {}
    for name in WATCHED:
        found = _changes(name)
        if found:
            changed[name] = found
    if not changed:
        return []
    if "lesson_core" in changed:
        _reload_core(changed["lesson_core"] | _broken)
        for _ in range(5):  # saved again while importing: import what is on disk now, under its own stamp
            again = _changes("lesson_core")
            if not again:
                break
            _reload_core(again | _broken)
    for mod in [m for m in sys.modules if m.split(".")[0] == "macros" and m not in KEEP]:
        if "macros" in changed or _uses_core(sys.modules[mod]):
            del sys.modules[mod]
    return sorted(changed)


def _changes(tree: str) -> set[str]:
    """Stamp the tree again; the paths added, removed or changed since the last stamp (none the first time)."""
    new = _stamp(ROOT / tree)
    old = _stamps.get(tree)
    _stamps[tree] = new
    return {entry[0] for entry in set(old) ^ set(new)} if old is not None and old != new else set()


IMPORT_ERROR: list = [None]  # the author's message while the saved lesson_core does not import
_broken: set[str] = set()    # the changed files of that failed import: tried again with the next change
LAST_RUNTIME: list = []      # the browser's runtime made from the last lesson_core that imported


def import_core() -> None:
    """The first import of lesson_core when the server starts; a mistake stops it with the file and line."""
    if "lesson_core" not in sys.modules:
        try:
            importlib.import_module("lesson_core")
        except Exception as err:  # noqa: BLE001  any author mistake in the package
            _drop_core()
            raise PluginError(_import_message(err)) from None


def _import_message(err: Exception) -> str:
    if type(err).__name__ == "AuthorError":  # lesson_core.kit.registry's: it names the @widget( line itself
        return f"{err}. lesson_core does not import until it is fixed"
    if isinstance(err, SyntaxError) and err.filename:
        where = f"{shown_path(err.filename)}:{err.lineno}: "
    else:
        frames = [f for f in traceback.extract_tb(err.__traceback__)
                  if Path(f.filename).resolve().is_relative_to(ROOT / "lesson_core")]
        where = f"{shown_path(frames[-1].filename)}:{frames[-1].lineno}: " if frames else ""
    return f"{where}lesson_core does not import: {type(err).__name__}: {getattr(err, 'msg', None) or err}"


def shown_path(path) -> str:
    """A path as an author types it: relative to the folder mkdocs runs in, when inside it."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def module_name(path) -> str:
    """lesson_core/widgets/x.py -> lesson_core.widgets.x (a package's __init__.py -> the package)."""
    return ".".join(Path(path).relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def _core_loaded() -> list[str]:
    return [m for m in sys.modules if m.split(".")[0] == "lesson_core"]


def _drop_core() -> None:
    for mod in _core_loaded():
        del sys.modules[mod]


def _reload_core(paths: set[str]) -> None:
    """Import the changed lesson_core modules again. When the saved code does not import, the
    modules as they were stay in use: the author's message is logged, shown on every page
    (:data:`IMPORT_ERROR`) and those files are imported again with the next change until it works."""
    saved = {m: sys.modules[m] for m in _core_loaded()}
    registry = saved.get("lesson_core.kit.registry")
    widgets = dict(registry._REGISTRY) if registry else {}
    try:
        _import_again(paths, set(saved), registry)
        importlib.import_module("lesson_core")
    except Exception as err:  # noqa: BLE001  any author mistake in the package
        _drop_core()
        sys.modules.update(saved)
        for name, module in saved.items():  # the package attributes too (lesson_core.widgets.x)
            parent, _, child = name.rpartition(".")
            if parent in saved:
                setattr(saved[parent], child, module)
        if registry:
            registry._REGISTRY.clear()
            registry._REGISTRY.update(widgets)
        _broken.update(paths)
        IMPORT_ERROR[0] = (_import_message(err) + ". Until it imports, pages are built with the code "
                           "as it was before this change.")
        logging.getLogger("mkdocs.plugins.aula").error(IMPORT_ERROR[0])
        return
    _broken.clear()
    IMPORT_ERROR[0] = None


def _import_again(paths: set[str], loaded: set[str], registry) -> None:
    names = {module_name(p) for p in paths}
    if registry is None or any(not Path(p).exists() for p in paths):
        _forget_bytecode(paths)
        return _drop_core()
    users = {m: (_source(m) or (b"", frozenset()))[1] for m in loaded}
    drop, todo = set(), [n for n in names if n in loaded]
    while todo:
        name = todo.pop()
        drop.add(name)
        todo.extend(m for m, imports in users.items() if name in imports and m not in drop)
    if drop & {"lesson_core", "lesson_core.widgets", "lesson_core.kit.registry"}:
        _forget_bytecode(paths)
        return _drop_core()
    for w in registry.all_widgets():
        if w.fn.__module__ in drop:
            del registry._REGISTRY[w.id]
    for mod in drop:
        del sys.modules[mod]
    _forget_bytecode(paths)
    for mod in sorted(drop | {n for n in names if n.startswith("lesson_core.widgets.")}):  # a new widget module too
        importlib.import_module(mod)


def _forget_bytecode(paths) -> None:
    """Python takes a module's compiled .pyc while the source's mtime, in whole seconds, and size
    match it: a second save within the same second and of the same size would run the first
    save's code. The changed files' .pyc go before they are imported again."""
    importlib.invalidate_caches()  # a new module file is found
    for path in paths:
        if str(path).endswith(".py"):
            Path(importlib.util.cache_from_source(str(path))).unlink(missing_ok=True)


def _module_file(name: str) -> Path | None:
    base = ROOT.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


@functools.lru_cache(maxsize=512)
def _parsed(path: Path, data: bytes) -> frozenset:
    """The lesson_core modules a module imports, once per version of the file."""
    return frozenset(_imports(module_name(path), path, data))


def _source(name: str) -> tuple[bytes, frozenset] | None:
    """A module's bytes as the last stamp read them (what was imported), and what it imports."""
    path = _module_file(name)
    if path is None:
        return None
    data = _seen.get(str(path))
    if data is None:
        data = _seen[str(path)] = path.read_bytes()
    return data, _parsed(path, data)


def _imports(name: str, path: Path, data: bytes) -> set[str]:
    """The lesson_core modules a module imports (read from its source; a package's
    __init__ counts only when a name is taken from it)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    try:
        tree = ast.parse(data)
    except SyntaxError:
        return out  # importing it says where (import_core)
    for node in ast.walk(tree):
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
    `module`, lesson_core/kit/block.py (which lays the block out) and the build's checks (macros/)."""
    full = (sources_key(module, "lesson_core.kit.block"), _stamps.get("macros"), *key)
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
