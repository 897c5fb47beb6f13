"""Which Aula a build is: a version and a build date, shown in every page's footer and in the
offline bundle's read-me files, so two copies can be told apart.

- version: ``AULA_VERSION`` (the release workflow sets the tag), else ``git describe --tags --always
  --dirty`` of the checkout, else the package version;
- date: ``SOURCE_DATE_EPOCH`` (reproducible builds), else today, in UTC (``2026-11-30``).
"""

from __future__ import annotations

import datetime
import functools
import os
import subprocess
from pathlib import Path

__all__ = ["version", "build_date"]

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
