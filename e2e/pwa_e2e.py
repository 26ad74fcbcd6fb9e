"""Helpers for the offline / PWA / CSP end-to-end tests: a stoppable server for any folder, service-worker waits,
Content-Security-Policy violation capture, a whole hand played through the canvas."""
from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from jass_e2e import PageWatch, screenshot_if_failed, where_is

TIMEOUT = 90_000

# securitypolicyviolation events (page) are kept in window.__csp; Chromium also logs each one to the console
CSP_WATCH = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(
  {directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber}));
"""


class Server:
    """A build.py server (same MIME types, caching and CSP headers as `build.py serve`) for `directory`, stoppable:
    stop() closes the listening socket, so nothing answers any more (Playwright routing would bypass the SW)."""

    def __init__(self, directory: Path):
        import build
        self.srv = build.make_server(0, directory=directory)
        self.port = self.srv.server_address[1]
        self.thread = threading.Thread(target=self.srv.serve_forever, daemon=True)
        self.thread.start()
        self.running = True

    def url(self, path: str = "") -> str:
        return f"http://127.0.0.1:{self.port}/{path}"

    def stop(self) -> None:
        if self.running:
            self.srv.shutdown()
            self.srv.server_close()
            self.running = False

    def refused(self) -> bool:
        """True when nothing listens on the port any more."""
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=2):
            return False
        return True


@contextlib.contextmanager
def serving(directory: Path):
    s = Server(directory)
    try:
        yield s
    finally:
        s.stop()


def fetch_text(url: str):
    with urllib.request.urlopen(url, timeout=10) as r:
        return r.read().decode(), r.headers   # case-insensitive names


def poll(page, fn: str, arg=None, timeout=TIMEOUT, every=0.05):
    """Wait until the ASYNC JavaScript function `fn` (its source) resolves to something truthy; -> that value.

    Synchronous conditions use Playwright's page.wait_for_function, which works on the app's pages despite their
    Content-Security-Policy (no 'unsafe-eval'): Playwright evaluates the predicate's source once, in the synchronous
    part of its first evaluation, where Chromium allows it, and calls that function from then on. But it calls the
    predicate without awaiting it: an async predicate returns a Promise, which is truthy, so the wait would end at
    once. Cache Storage and the service worker answer only through promises, hence this loop of page.evaluate calls.
    A navigation in progress destroys the page's context: then it tries again."""
    end = time.monotonic() + timeout / 1000
    while True:
        try:
            got = page.evaluate(fn, arg)
        except Exception as e:   # a navigation in progress destroys the context: try again
            if "context was destroyed" not in str(e) and "navigation" not in str(e).lower():
                raise
            got = None
        if got:
            return got
        if time.monotonic() > end:
            raise TimeoutError(f"timed out waiting for {fn}")
        time.sleep(every)


def wait_phase(page, *phases, timeout=TIMEOUT) -> str:
    """Wait until the page's phase is one of ``phases``; on a timeout, say where the page was (its phase, the loading
    screen's words, the error's detail, the worker's last progress) rather than only that it waited."""
    try:
        return page.wait_for_function(
            "(ps) => ps.includes(document.body && document.body.dataset.phase) && !!window.__jass && document.body.dataset.phase",
            arg=list(phases), timeout=timeout).json_value()
    except Exception as e:
        raise AssertionError(f"the page did not reach {phases} in {timeout} ms: {where_is(page)}") from e


def wait_sw_complete(page, timeout=TIMEOUT) -> dict:
    """Wait until a service worker controls the page and its cache holds every precached file."""
    return poll(page, """async () => { if (!window.__jassSW) return null; const s = await window.__jassSW();
        return s.controlled && s.files > 0 && s.cached === s.files ? s : null; }""", timeout=timeout, every=0.2)


def wait_snapshot(page, timeout=TIMEOUT) -> None:
    """Wait until the engine worker has stored a Pyodide memory snapshot of at least 1 MB (web/js/engine/snapshot.js)."""
    poll(page, """async () => { const n = (await caches.keys()).find((k) => k.startsWith('jass-snapshot:'));
        if (!n) return false; const c = await caches.open(n); const k = await c.keys();
        return k.length === 1 && (await (await c.match(k[0])).arrayBuffer()).byteLength > 1e6; }""", timeout=timeout, every=0.2)


def jass_caches(page) -> list[str]:
    return page.evaluate("caches.keys().then((k) => k.filter((n) => n.startsWith('jass:')))")


def assert_no_csp_violation(page) -> None:
    got = page.evaluate("window.__csp || []")
    assert got == [], f"CSP violations: {json.dumps(got)}"
    bad = [e for e in page.watch.errors if "Content Security Policy" in e or "Content-Security-Policy" in e]
    assert not bad, bad


def not_served(url: str) -> bool:
    try:
        urllib.request.urlopen(url, timeout=3)
    except (urllib.error.URLError, OSError):
        return True
    return False


@pytest.fixture
def strict_page(browser, request):
    """A page in a new context (a first visit: no caches, no snapshot, no service worker, unlike the warm `page` of
    conftest.py) that records securitypolicyviolation events, and at teardown asserts: no request left 127.0.0.1, a
    clean console, no CSP violation (page or worker). (Every test page enforces the app's CSP: none bypasses it.)"""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.add_init_script(CSP_WATCH)
    w = PageWatch(page)
    page.on("worker", lambda wk: wk.on("console", lambda m: w.errors.append(f"worker console.{m.type}: {m.text}")
                                       if m.type == "error" else None))
    page.watch = w
    yield page
    failed = getattr(request.node, "rep_call", None)
    try:
        if failed is not None and failed.failed:
            screenshot_if_failed(page, request)
        else:
            assert not w.foreign(), f"requests left 127.0.0.1: {w.foreign()}"
            assert not w.errors, "console errors:\n" + "\n".join(w.errors)
            try:
                got = page.evaluate("window.__csp || []")
            except Exception:
                got = []
            assert got == [], f"CSP violations: {json.dumps(got)}"
    finally:
        ctx.close()
