#!/usr/bin/env bash
# The test command: sets up everything it needs on a fresh machine, then runs every test.
#   1. a virtual environment (.venv) with pip and the pinned test tools (requirements-test.txt; skipped when .venv has them)
#   2. Chromium (Debian's package) for the end-to-end tests, when missing (a lane of its own from the start)
#   3. eslint and tsc (node_modules from package-lock.json; `npm ci` skipped when it matches), then
#      the JavaScript unit tests (node --test tests/js/: the app's pure modules)
#   4. the static site (python build.py -> dist/, built once per run: the e2e session does not build again)
#   5. lint and type checks (ruff, mypy)
#      (1, 2, 3 and 4 run side by side in lanes, 5 after 1; any failure stops the run before the e2e tests)
#   6. pytest: the engine tests (tests/) and the engine's docstring examples (--doctest-modules engine: every module
#      of engine/ is imported, none is skipped) in a lane of their own once .venv is ready, beside the rest
#   7. pytest: the end-to-end tests in Chromium (e2e/) in three processes (pytest-xdist), then the engine tests' output
# Extra arguments go to pytest, e.g. `bash scripts/test.sh tests -k settle`.
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
# Python keeps the bytecode of what it imports (__pycache__, git-ignored): an environment with PYTHONDONTWRITEBYTECODE
# set (this machine's is) made every Python process of the run compile pytest, Playwright, hypothesis and the engine
# from source again (collecting tests/ and e2e/: 4.7 CPU-s a process without bytecode, 1.5 with; five processes)
unset PYTHONDONTWRITEBYTECODE
# Each step's banner says when it started, in seconds since the run began.
say() { echo "== [${SECONDS}s] $*"; }
# A stamp holds the hash of the file an install followed: when it still matches, the install is skipped.
stamp_ok() { [ -f "$2" ] && [ "$(cat "$2")" = "$(sha256sum "$1" | cut -d' ' -f1)" ]; }
stamp_write() { sha256sum "$1" | cut -d' ' -f1 >"$2"; }

# Without a test path among the arguments (e.g. `bash scripts/test.sh -q`) everything runs: the JavaScript unit
# tests, then tests/ and e2e/ (a bare `pytest` runs tests/ only, see pyproject.toml).
FULL=1
for arg in "$@"; do
  if [ -e "${arg%%::*}" ]; then FULL=0; fi
done

# The set-up runs in lanes at once (each mostly waits on one core, the disk or a download): the browser (when it must
# be installed), the JavaScript lane (npm ci, eslint, the node tests), the site (python build.py: it needs only
# Python's standard library and Node) and, here, the Python lane (.venv, the test tools, ruff, mypy). A lane's output
# is printed when it ends.
LANES=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$LANES"' EXIT   # a failing lane stops the others

lane_js() {
  NPM_STAMP=node_modules/.package-lock.sha256
  if stamp_ok package-lock.json "$NPM_STAMP"; then
    say "node_modules matches package-lock.json"
  else
    say "npm ci (eslint, typescript: pinned in package-lock.json)"
    npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
    stamp_write package-lock.json "$NPM_STAMP"
  fi
  say "eslint"
  npx --no-install eslint .
  say "tsc: JSDoc type checks of web/ (jsconfig.json strict, jsconfig.loose.json, jsconfig.worker.json, jsconfig.sw.json)"
  npx --no-install tsc -p jsconfig.json
  npx --no-install tsc -p jsconfig.loose.json
  npx --no-install tsc -p jsconfig.worker.json
  npx --no-install tsc -p jsconfig.sw.json
  if [ "$FULL" = 1 ]; then
    say "JavaScript unit tests (node --test tests/js/)"
    node --test --test-reporter=spec tests/js/
  fi
}

lane_site() {
  say "building dist/"
  "$1" build.py
}

# The browser for the e2e tests: Debian's Chromium, installed (apt-get, as root) in a lane of its own from the start
# when missing: it waits mostly on the package mirror and the disk, beside the rest of the set-up.
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
BROWSER_PID=
if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    ( set -euo pipefail; say "installing Debian's chromium (apt-get)"
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
      say "chromium is installed" ) >"$LANES/browser.log" 2>&1 &
    BROWSER_PID=$!
  else
    echo "Chromium is missing at $CHROMIUM. Install it (Debian: sudo apt-get install -y chromium)" >&2
    echo "or point CHROMIUM_PATH at a Chromium/Chrome binary, then run this again." >&2
    exit 1
  fi
fi
export CHROMIUM_PATH="$CHROMIUM"

( set -euo pipefail; lane_js; say "the JavaScript lane is done" ) >"$LANES/js.log" 2>&1 &
JS_PID=$!
# build.py needs only the standard library, Node, and pip (to fetch the lab's pinned micropip once): it runs beside
# the Python lane when "$PY" has pip, else after it, with .venv's Python
SITE_PID=
if "$PY" -m pip --version >/dev/null 2>&1; then
  ( set -euo pipefail; lane_site "$PY"; say "the site is built" ) >"$LANES/site.log" 2>&1 &
  SITE_PID=$!
fi

# A lane's log, then its status: the run stops at the first lane that failed.
finish_lane() {
  local pid=$1 name=$2 rc=0
  wait "$pid" || rc=$?
  cat "$LANES/$name.log"
  if [ "$rc" != 0 ]; then
    say "the $name lane failed (exit $rc)" >&2
    exit "$rc"
  fi
}

# --- the Python lane ---------------------------------------------------------------------------
# When "$PY" has a pip (22.3 or later) it fills the new .venv from outside (pip --python), pip itself among the
# packages: a venv made with its bundled pip (ensurepip) took 5 s more on a quiet machine. --no-compile: no bytecode
# for every installed file up front (Python writes it for the modules it imports). The whole step: 18-20 s -> 11 s.
if [ ! -x .venv/bin/python ]; then
  say "creating .venv"
  if "$PY" -m pip --version >/dev/null 2>&1; then "$PY" -m venv --without-pip .venv; else "$PY" -m venv .venv; fi
fi
PIP_STAMP=.venv/.requirements-test.sha256
if stamp_ok requirements-test.txt "$PIP_STAMP"; then
  say "test tools: .venv has requirements-test.txt's pins"
else
  say "installing test tools"
  PIP=(.venv/bin/python -m pip)
  if ! "${PIP[@]}" --version >/dev/null 2>&1; then
    PIP=("$PY" -m pip --python .venv/bin/python)
    "${PIP[@]}" --version >/dev/null 2>&1 || { .venv/bin/python -m ensurepip -q; PIP=(.venv/bin/python -m pip); }
  fi
  "${PIP[@]}" install -q --disable-pip-version-check --no-compile pip -r requirements-test.txt
  stamp_write requirements-test.txt "$PIP_STAMP"
fi

# --- the engine tests: a lane of their own from here on (they need neither the site nor a browser), so that they fill
# the cores while the site builds and the end-to-end tests start; their output is printed after the e2e tests' ----
ENGINE_PID=
if [ "$FULL" = 1 ]; then
  ( set -euo pipefail; say "engine tests (pytest tests/, the docstring examples of engine/)"
    .venv/bin/python -m pytest --durations=15 --doctest-modules "$@" tests engine ) >"$LANES/engine.log" 2>&1 &
  ENGINE_PID=$!
fi

# --- Python lint and types (engine side; fails the run before any test) ---------------------
say "ruff (lint: pyproject.toml [tool.ruff])"
.venv/bin/python -m ruff check .
say "mypy --strict engine/ (types: pyproject.toml [tool.mypy])"
.venv/bin/python -m mypy
say "web/js/engine/protocol.js up to date with engine/protocol.py"
.venv/bin/python tools/gen_protocol_js.py --check
# --- end of the Python lint and types block ----------------------------------------------------

finish_lane "$JS_PID" js
if [ -n "$BROWSER_PID" ]; then finish_lane "$BROWSER_PID" browser; fi
if [ -n "$SITE_PID" ]; then finish_lane "$SITE_PID" site; else lane_site .venv/bin/python; fi
export JASS_DIST_BUILT=1   # the e2e session serves this dist/ without building it again (e2e/conftest.py)

# The 15 slowest steps are listed at the end (a --durations among the arguments wins).
if [ "$FULL" = 0 ]; then
  trap - EXIT
  rm -rf "$LANES"
  say "running pytest $*"
  exec .venv/bin/python -m pytest --durations=15 "$@"
fi
# The end-to-end tests in three processes (pytest-xdist; JASS_TEST_WORKERS=N to change, 0 for one process), each with
# its own browser, warm contexts and server, the long flows first; beside them the engine tests' lane ends.
WORKERS=${JASS_TEST_WORKERS:-3}
say "end-to-end tests ($WORKERS worker processes; the engine tests run beside them)"
E2E_RC=0
.venv/bin/python -m pytest -n "$WORKERS" --durations=15 "$@" e2e || E2E_RC=$?
ENGINE_RC=0
wait "$ENGINE_PID" || ENGINE_RC=$?
cat "$LANES/engine.log"
say "end of the run"
if [ "$#" -gt 0 ]; then   # arguments such as -k may select no test on one side: pytest's exit 5 is no failure there
  if [ "$E2E_RC" = 5 ]; then E2E_RC=0; fi
  if [ "$ENGINE_RC" = 5 ]; then ENGINE_RC=0; fi
fi
trap - EXIT
rm -rf "$LANES"
if [ "$ENGINE_RC" != 0 ]; then say "the engine tests failed (exit $ENGINE_RC)" >&2; fi
if [ "$E2E_RC" != 0 ]; then say "the end-to-end tests failed (exit $E2E_RC)" >&2; fi
if [ "$E2E_RC" != 0 ]; then exit "$E2E_RC"; fi
exit "$ENGINE_RC"
