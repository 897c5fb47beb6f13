"""Which Aula a build is: a version and a build date, shown in every page's footer and in the
offline bundle's read-me files, so two copies can be told apart.

- version: ``AULA_VERSION`` (the release workflow sets the tag), else ``git describe --tags --always
  --dirty`` of the checkout, else the package version;
- date: ``SOURCE_DATE_EPOCH`` (reproducible builds), else today, in UTC (``2026-11-30``);
- generator: the site generator's packages as installed, in every page's
  ``<meta name="generator">`` (``mkdocs-1.6.1, mkdocs-material-9.8.1, ...``), so a built page says
  what built it (tests/test_generator.py holds it to requirements.txt's pins).
"""

from __future__ import annotations

import datetime
import functools
import importlib.metadata
import os
import subprocess
from pathlib import Path

__all__ = ["version", "build_date", "generator", "GENERATOR"]

# what turns docs/ into the site (README, "The generator"); each is pinned in requirements.txt
GENERATOR = ("mkdocs", "mkdocs-material", "mkdocs-static-i18n", "mkdocs-macros-plugin", "pymdown-extensions")

ROOT = Path(__file__).resolve().parent.parent


@functools.lru_cache(maxsize=1)
def version() -> str:
    if os.environ.get("AULA_VERSION"):
        return os.environ["AULA_VERSION"]
    try:
        proc = subprocess.run(["git", "describe", "--tags", "--always", "--dirty"], cwd=ROOT,
                              capture_output=True, text=True, timeout=10)
        if proc.returncode == 0 and proc.stdout.strip():
            return proc.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    import lesson_core
    return lesson_core.__version__


def build_date() -> str:
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    when = (datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc) if epoch
            else datetime.datetime.now(datetime.timezone.utc))
    return when.date().isoformat()


@functools.lru_cache(maxsize=1)
def generator() -> str:
    """The generator's packages and their installed versions: "mkdocs-1.6.1, mkdocs-material-9.8.1, ..."."""
    return ", ".join(f"{name}-{importlib.metadata.version(name)}" for name in GENERATOR)
