#!/usr/bin/env bash
# The offline school bundle: dist/aula-offline/ (open ABRIR.html from a USB stick; the site is in aula/)
# and dist/aula-offline.zip (the same files at its top).
# Same sources, same runtime: the one build with Material's offline plugin on (links to index.html,
# search from file://) and the runtime also written as classic scripts for file://.
set -euo pipefail
cd "$(dirname "$0")/.."
export NO_MKDOCS_2_WARNING=1   # Material's end-of-life banner
exec .venv/bin/python scripts/bundle.py "$@"
