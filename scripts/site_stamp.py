"""Whether site/ is a build of this checkout: `mkdocs build --strict` with the default address, from the
same sources. setup.sh writes the stamp after its build; the tests (tests/conftest.py) reuse the site
when the stamp matches and build it again (once, for every test worker) when it does not.

    python scripts/site_stamp.py write site     # after `mkdocs build --strict` into site/
    python scripts/site_stamp.py check site     # exit 0 when site/ is fresh

The stamp lives inside the site folder (aula-inputs.json), so any later build into that folder,
which empties it first, also removes the stamp.

The offline bundle (scripts/bundle.py, run by setup.sh too) gets a stamp of its own beside it, never
in it (dist/aula-bundle-inputs.json: the zip goes to schools): the same inputs, plus the version and
the date its read-me files and footers carry, which tests/test_offline.py compares with today's."""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STAMP = "aula-inputs.json"
# What a build reads: the pages, the core, the macros and theme overrides, the build scripts, and the
# pinned versions of every tool (Python and npm). node_modules follows package-lock.json.
INPUTS = ("docs", "lesson_core", "macros", "overrides", "scripts", "mkdocs.yml", "package-lock.json",
          "requirements.txt", "pyproject.toml")
# Settings that change the built pages (macros/hooks.py): a stamped site is built without them.
BUILD_ENV = ("AULA_PUBLISH", "AULA_SITE_URL")


def digest(root: Path = ROOT) -> str:
    h = hashlib.sha256()
    for name in INPUTS:
        top = root / name
        files = [top] if top.is_file() else sorted(
            p for p in top.rglob("*") if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc")
        for path in files:
            h.update(path.relative_to(root).as_posix().encode() + b"\0")
            h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


BUNDLE_STAMP = "aula-bundle-inputs.json"
BUNDLE_ZIP = "aula-offline.zip"


def bundle_key(root: Path = ROOT) -> dict | None:
    """What a bundle made now from `root` would be stamped with, or None when it is not the default
    build (a release's AULA_VERSION, the publishing settings). Taken before the build starts, so that a
    source saved during the build leaves the stamp stale rather than wrong."""
    if not default_build() or os.environ.get("AULA_VERSION"):
        return None
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    from macros.version import build_date, version
    return {"inputs": digest(root), "version": version(), "date": build_date()}


def write_bundle(dist: Path, key: dict | None) -> None:
    """After scripts/bundle.py made dist/aula-offline.zip from the sources `key` (bundle_key) describes."""
    if key is not None:
        (dist / BUNDLE_STAMP).write_text(json.dumps(key) + "\n", encoding="utf-8")


def fresh_bundle(dist: Path, root: Path = ROOT) -> bool:
    """Whether dist/aula-offline.zip is a bundle of this checkout, made today with the default settings."""
    try:
        stamp = json.loads((dist / BUNDLE_STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return (dist / BUNDLE_ZIP).is_file() and stamp == bundle_key(root)


def default_build() -> bool:
    return not any(os.environ.get(k) for k in BUILD_ENV)


def write(site: Path, root: Path = ROOT) -> None:
    if not default_build():
        return  # a build for publishing is not what the tests check
    (site / STAMP).write_text(json.dumps({"inputs": digest(root)}) + "\n", encoding="utf-8")


def fresh(site: Path, root: Path = ROOT) -> bool:
    try:
        stamp = json.loads((site / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return (site / "index.html").is_file() and stamp.get("inputs") == digest(root)


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("write", "check"):
        sys.exit(__doc__)
    folder = Path(sys.argv[2]).resolve()
    if sys.argv[1] == "write":
        write(folder)
    else:
        sys.exit(0 if fresh(folder) else 1)
