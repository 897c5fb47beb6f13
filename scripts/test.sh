#!/usr/bin/env bash
# Run every test: unit, property, build, parity (Pyodide in Node) and browser (Chromium) tests.
#   Test files run side by side in AULA_TEST_WORKERS processes (pytest-xdist; default 3 on this 2-core
#   machine, as the browser tests wait on Chromium), heaviest first (tests/conftest.py COST), each file
#   whole in one worker. They share one site build: setup.sh's site/ while the sources match it
#   (scripts/site_stamp.py), else one build made by the first worker. `-n 0` runs in one process.
set -euo pipefail
cd "$(dirname "$0")/.."
export NO_MKDOCS_2_WARNING=1    # Material's end-of-life banner in the builds' output
export AULA_REQUIRE_BROWSER=1   # a missing Chromium is a failure here, not a skip
export OPENBLAS_NUM_THREADS=1   # numpy's reference sums: its threads only spin beside the other workers and Chromium
exec .venv/bin/python -m pytest -n "${AULA_TEST_WORKERS:-3}" --dist loadfile --no-loadscope-reorder "$@"
