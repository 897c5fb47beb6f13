#!/usr/bin/env bash
# Set up everything from nothing, build the site into site/ and the offline school bundle into dist/.
#   Python tools (pinned in requirements.txt, installed with hashes from requirements.lock) into .venv/, front-end packages (package-lock.json)
#   into node_modules/, Debian's chromium + chromium-driver for the browser tests (when run as root),
#   then `mkdocs build --strict`, and scripts/bundle.py (each stamped, scripts/site_stamp.py: the tests reuse both).
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
export NO_MKDOCS_2_WARNING=1   # Material's end-of-life banner, printed by every mkdocs command
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
# every download checked against its hash: requirements.lock is made from requirements.txt by pip-tools
# (`pip-compile --generate-hashes --allow-unsafe --no-emit-index-url --no-emit-find-links
#  --no-strip-extras --output-file requirements.lock requirements.txt`; tests/test_generator.py)
.venv/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes -r requirements.lock
.venv/bin/python -m pip install --quiet --disable-pip-version-check --no-deps -e .

npm ci --no-audit --no-fund --loglevel=error

# chromium for the browser tests; the Spanish and Brazilian word lists for tests/test_language.py
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ] || [ ! -f /usr/share/dict/spanish ] \
    || [ ! -f /usr/share/dict/brazilian ] || [ ! -x /usr/bin/zbarimg ]; then
  if [ "$(id -u)" = "0" ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq chromium chromium-driver wspanish wbrazilian zbar-tools >/dev/null
  else
    echo "note: the tests need Debian's chromium and word lists:" \
      "sudo apt-get install -y chromium chromium-driver wspanish wbrazilian zbar-tools" >&2
  fi
fi

.venv/bin/mkdocs build --strict
.venv/bin/python scripts/site_stamp.py write site   # the tests reuse this build while the sources match
.venv/bin/python scripts/bundle.py                  # the offline school bundle, dist/ (stamped: the tests reuse it too)
echo "Site built in site/ (open it with: .venv/bin/mkdocs serve); the offline bundle in dist/"
