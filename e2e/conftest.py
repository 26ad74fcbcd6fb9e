"""End-to-end fixtures: the BUILT dist/ served on 127.0.0.1, Debian's Chromium via Playwright.

* The session builds dist/ itself (`python build.py`: quick when nothing changed), so `pytest e2e` works alone and
  after scripts/test.sh (which builds first) alike.
* Chromium: $CHROMIUM_PATH or /usr/bin/chromium. When it is missing the tests FAIL with a clear message (never skip).
* Every test page records requests, console errors and page errors; at teardown it asserts that no request left
  127.0.0.1 and that the console stayed clean, and on failure saves a screenshot into e2e/artifacts/.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from jass_e2e import ROOT, PageWatch, screenshot_if_failed  # noqa: E402

sys.path.insert(0, str(ROOT))

LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]


def chromium_path() -> str:
    path = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        pytest.fail(f"Chromium not found at {path!r}. Install it (Debian: apt-get install -y chromium, or run "
                    "scripts/test.sh as root) or set CHROMIUM_PATH to a Chromium/Chrome binary.", pytrace=False)
    return path


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": chromium_path(), "args": LAUNCH_ARGS}


@pytest.fixture(scope="session")
def site() -> str:
    """Build dist/ (quick when unchanged) and serve it on a free port on 127.0.0.1 for the whole session."""
    proc = subprocess.run([sys.executable, str(ROOT / "build.py")], cwd=ROOT, capture_output=True, text=True)
    if proc.returncode != 0:
        pytest.fail(f"python build.py failed:\n{proc.stdout}\n{proc.stderr}", pytrace=False)
    import build  # noqa: E402  (the repo root is on sys.path)
    srv = build.make_server(0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{srv.server_address[1]}/"
    srv.shutdown()
    srv.server_close()


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)


@pytest.fixture
def watch(page, request):
    w = PageWatch(page)
    yield w
    screenshot_if_failed(page, request)
    assert not w.foreign(), f"requests left 127.0.0.1: {w.foreign()}"
    assert not w.errors, "console errors:\n" + "\n".join(w.errors)


@pytest.fixture
def open_app(page, site, watch):
    """open_app('?speed=instant&seed=7') -> the page once the first hand is playable."""
    def _open(query: str = "", wait_play: bool = True):
        page.goto(site + query)
        if wait_play:
            page.wait_for_function("() => document.body.dataset.phase === 'play' && window.__jass", timeout=60_000)
        return page
    return _open
