#!/usr/bin/env bash
# Preview while you write: http://127.0.0.1:8000/aula/ ; saving a page, lesson_core/, macros/ or
# overrides/ rebuilds it (see README, "For authors"). Extra arguments go to `mkdocs serve`.
set -euo pipefail
cd "$(dirname "$0")/.."
export NO_MKDOCS_2_WARNING=1   # Material's end-of-life banner, printed on every start
exec .venv/bin/mkdocs serve "$@"
