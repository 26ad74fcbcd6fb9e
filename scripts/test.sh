#!/usr/bin/env bash
# The test command: sets up everything it needs on a fresh machine, then runs every test.
#   1. a virtual environment (.venv) with the pinned test tools (requirements-test.txt)
#   2. Chromium (Debian's package) for the end-to-end tests, when missing
#   3. the static site (python build.py -> dist/)
#   4. lint and type checks (ruff, mypy), then
#   5. pytest: engine tests (tests/) and end-to-end tests in Chromium (e2e/)
# Extra arguments go to pytest, e.g. `bash scripts/test.sh tests -k settle`.
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "== creating .venv"
  "$PY" -m venv .venv
fi
echo "== installing test tools"
.venv/bin/python -m pip install -q --disable-pip-version-check -r requirements-test.txt

# --- browser for the e2e tests -------------------------------------------------------------
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "== installing Debian's chromium (apt-get)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium is missing at $CHROMIUM. Install it (Debian: sudo apt-get install -y chromium)" >&2
    echo "or point CHROMIUM_PATH at a Chromium/Chrome binary, then run this again." >&2
    exit 1
  fi
fi
export CHROMIUM_PATH="$CHROMIUM"

# --- JavaScript lint (eslint, pinned in package-lock.json) ------------------------------------
echo "== eslint"
npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
npx --no-install eslint .

# --- the site under test ---------------------------------------------------------------------
echo "== building dist/"
.venv/bin/python build.py

# --- Python lint and types (engine side; fails the run before any test) ---------------------
echo "== ruff (lint: pyproject.toml [tool.ruff])"
.venv/bin/python -m ruff check .
echo "== mypy --strict engine/ (types: pyproject.toml [tool.mypy])"
.venv/bin/python -m mypy
echo "== web/js/protocol.js up to date with engine/protocol.py"
.venv/bin/python tools/gen_protocol_js.py --check
# --- end of the Python lint and types block ----------------------------------------------------

echo "== running tests"
# Without a test path among the arguments (e.g. `bash scripts/test.sh -q`) everything runs: tests/ and e2e/
# (a bare `pytest` runs tests/ only, see pyproject.toml).
for arg in "$@"; do
  if [ -e "${arg%%::*}" ]; then
    exec .venv/bin/python -m pytest "$@"
  fi
done
exec .venv/bin/python -m pytest "$@" tests e2e
