"""A small copy of the project for builds that show what authors meet (two pages per language: a home
page and a page of widgets in Markdown containers), each build costing seconds. Used by
test_authoring, test_scaffold, test_serve and test_safety_browser."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

CONTEXTS_ES = """---
title: Contextos
---

# Contextos

!!! note "Dentro de un aviso"

    {{ widget("pe_fingerprint", pos=5) }}

- Dentro de una lista:

    {{ widget("pe_sum", word="dog", pos=1) }}

=== "Pestaña uno"

    {{ widget("tokenizer", text='dijo "hola" <script>alert(1)</script>') }}

=== "Pestaña dos"

    La distancia es {{ value("pe_ambiguity", "full_distance", digits=2) }}.
"""

CONTEXTS_PT = (CONTEXTS_ES.replace("de un aviso", "de um aviso").replace("de una lista", "de uma lista")
               .replace("Pestaña uno", "Aba um").replace("Pestaña dos", "Aba dois")
               .replace("La distancia es", "A distância é"))
CONTEXTS = {"es": CONTEXTS_ES, "pt": CONTEXTS_PT}  # the same page, each in its language (the build checks)

def mini_project(top: Path) -> Path:
    """The project with two pages per language: home and a page of widgets in Markdown containers."""
    for name in ("macros", "overrides", "scripts", "lesson_core"):
        shutil.copytree(ROOT / name, top / name, ignore=shutil.ignore_patterns("__pycache__"))
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config = re.sub(r"\nnav:\n([ \t]+- .*\n)+", "\nnav:\n  - index.md\n  - contexts.md\n", config)
    (top / "mkdocs.yml").write_text(config, encoding="utf-8")
    for lang in ("es", "pt"):
        (top / "docs" / lang).mkdir(parents=True)
        (top / "docs" / lang / "index.md").write_text("# Aula\n\n[Contextos](contexts.md)\n", encoding="utf-8")
        (top / "docs" / lang / "contexts.md").write_text(CONTEXTS[lang], encoding="utf-8")
    os.symlink(ROOT / "node_modules", top / "node_modules")
    return top


def mkdocs_build(top: Path, env: dict | None = None, args: list | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(top / "site"), *(args or [])],
                          cwd=top, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **(env or {})})
