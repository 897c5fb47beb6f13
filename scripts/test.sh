#!/usr/bin/env bash
# Run every test: unit, property, build, parity (Pyodide in Node) and browser (Chromium) tests.
set -euo pipefail
cd "$(dirname "$0")/.."
export NO_MKDOCS_2_WARNING=1    # Material's end-of-life banner in the builds' output
export AULA_REQUIRE_BROWSER=1   # a missing Chromium is a failure here, not a skip
exec .venv/bin/python -m pytest "$@"
