#!/usr/bin/env bash
# The test command: sets up everything it needs on a fresh machine, then runs every test.
#   1. a virtual environment (.venv) with the pinned test tools (requirements-test.txt; skipped when .venv has them)
#   2. Chromium (Debian's package) for the end-to-end tests, when missing
#   3. eslint (node_modules from package-lock.json; `npm ci` skipped when it matches) and
#      the static site (python build.py -> dist/, built once per run: the e2e session does not build again)
#   4. lint and type checks (ruff, mypy), then
#   5. the JavaScript unit tests (node --test tests/js/: the app's pure modules) and
#   6. pytest: engine tests (tests/) and end-to-end tests in Chromium (e2e/), in two processes (pytest-xdist)
# Extra arguments go to pytest, e.g. `bash scripts/test.sh tests -k settle`.
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "== creating .venv"
  "$PY" -m venv .venv
fi
# A stamp holds the hash of the file an install followed: when it still matches, the install is skipped.
stamp_ok() { [ -f "$2" ] && [ "$(cat "$2")" = "$(sha256sum "$1" | cut -d' ' -f1)" ]; }
stamp_write() { sha256sum "$1" | cut -d' ' -f1 >"$2"; }

PIP_STAMP=.venv/.requirements-test.sha256
if stamp_ok requirements-test.txt "$PIP_STAMP"; then
  echo "== test tools: .venv has requirements-test.txt's pins"
else
  echo "== installing test tools"
  .venv/bin/python -m pip install -q --disable-pip-version-check -r requirements-test.txt
  stamp_write requirements-test.txt "$PIP_STAMP"
fi

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
NPM_STAMP=node_modules/.package-lock.sha256
if stamp_ok package-lock.json "$NPM_STAMP"; then
  echo "== node_modules matches package-lock.json"
else
  npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
  stamp_write package-lock.json "$NPM_STAMP"
fi
echo "== eslint"
npx --no-install eslint .

# --- the site under test ---------------------------------------------------------------------
echo "== building dist/"
.venv/bin/python build.py
export JASS_DIST_BUILT=1   # the e2e session serves this dist/ without building it again (e2e/conftest.py)

# --- Python lint and types (engine side; fails the run before any test) ---------------------
echo "== ruff (lint: pyproject.toml [tool.ruff])"
.venv/bin/python -m ruff check .
echo "== mypy --strict engine/ (types: pyproject.toml [tool.mypy])"
.venv/bin/python -m mypy
echo "== web/js/engine/protocol.js up to date with engine/protocol.py"
.venv/bin/python tools/gen_protocol_js.py --check
# --- end of the Python lint and types block ----------------------------------------------------

# Without a test path among the arguments (e.g. `bash scripts/test.sh -q`) everything runs: the JavaScript unit
# tests, then tests/ and e2e/ (a bare `pytest` runs tests/ only, see pyproject.toml). The 15 slowest steps are listed
# at the end (a --durations among the arguments wins).
for arg in "$@"; do
  if [ -e "${arg%%::*}" ]; then
    echo "== running pytest $*"
    exec .venv/bin/python -m pytest --durations=15 "$@"
  fi
done
echo "== JavaScript unit tests (node --test tests/js/)"
node --test --test-reporter=spec tests/js/
# The full run spreads the tests over two processes (pytest-xdist; JASS_TEST_WORKERS=N to change, 0 for one
# process): each has its own browser, warm contexts and server. The serial run took 11 min here, this one 7.
WORKERS=${JASS_TEST_WORKERS:-2}
echo "== running tests ($WORKERS worker processes)"
exec .venv/bin/python -m pytest -n "$WORKERS" --durations=15 "$@" tests e2e
