"""End-to-end fixtures: the BUILT dist/ served on 127.0.0.1, Debian's Chromium via Playwright.

* The session builds dist/ itself (`python build.py`: quick when nothing changed), so `pytest e2e` works alone;
  scripts/test.sh builds first and sets JASS_DIST_BUILT=1, and then the session does not build again.
* Chromium: $CHROMIUM_PATH or /usr/bin/chromium. When it is missing the tests FAIL with a clear message (never skip).
* Warm pages: the `page` fixture gives a page in a browser context kept for the whole session (`WarmContexts`),
  so Pyodide starts from the memory snapshot and the HTTP and service-worker caches (a seed/URL case of
  test_hardening.py: 2.8 s instead of 8.2 s, both at a load of about 8 on 2 cores).
  Before each test the context is reset to a returning player with nothing stored: every other page closed (which
  releases the save lock), routes removed, online, localStorage and sessionStorage empty, no Web Lock held or asked.
  The page itself is the context's spare tab, parked between tests on a static file with no listener, route or
  session storage left (a navigation in an open tab costs a page start ~0.35 CPU-s less than a new tab); a test that
  changes a page for good (an init script, an exposed function: _PAGE_TAINTS) or fails leaves it closed instead.
  What stays is only what makes the start fast: Cache Storage (the snapshot, the service worker's caches) and the
  service worker itself. A test whose point is a first visit, a cold load or a request the caches would answer is
  marked `@pytest.mark.fresh_context` and gets a new context, as every test had before.
* `page.wait_for_function` polls every 25 ms (jass_e2e.POLL_MS), not on every animation frame: see _poll_by_default;
  a condition that reads the test hook waits while the page has none yet (until_the_hook).
* Tests marked `long_flow` run first (pytest_collection_modifyitems), so the test processes of a full run end together.
* Every test page records requests, console errors and page errors; at teardown it asserts that no request left
  127.0.0.1 and that the console stayed clean, and on failure saves a screenshot into e2e/artifacts/.
"""
from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from playwright.sync_api import Error, Frame, Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from jass_e2e import KEEPER_PATH, POLL_MS, ROOT, SITE_ROUTES, PageWatch, screenshot_if_failed  # noqa: E402

sys.path.insert(0, str(ROOT))
from tools import chromium  # noqa: E402

# An expect() without a timeout of its own waits up to 15 s (Playwright's default: 5 s). The full run keeps both cores
# busy (three browsers and the engine tests: load 12-16), and there a dialog once took over 5 s to show after its
# click (How to play on a first visit's loading screen); a check that passes returns as soon as it holds.
expect.set_options(timeout=15_000)


def _poll_by_default(cls) -> None:
    """`cls.wait_for_function` checks its condition every POLL_MS unless the call asks otherwise. Playwright's default
    is every animation frame (polling="raf"), and a pending frame callback keeps the page's compositor and the GPU
    process making frames at 60 Hz for as long as a test waits: on a table at rest, ~0.08 CPU-s per second of waiting
    against ~0.015 with a 25 ms timer. The whole e2e suite in one process: 570 and 513 CPU-s with frames, 457 with
    the timer (machine-wide CPU summed per test, quiet machine); in three processes 328 s, then 289 and 261 s."""
    every_frame = cls.wait_for_function

    @functools.wraps(every_frame)
    def wait_for_function(self, expression, *, arg=None, polling=None, timeout=None):
        return every_frame(self, until_the_hook(expression), arg=arg, polling=POLL_MS if polling is None else polling,
                           timeout=timeout)
    cls.wait_for_function = wait_for_function


def until_the_hook(expression):
    """A condition (a function's source) that reads the test hook counts as not yet met while the page has no hook:
    right after a navigation `goto` returns at the load event, and the app's main.js (imported after the first frame)
    may not have run, so `window.__jass.view()` threw a TypeError and the wait failed at once instead of waiting (a
    run failed so: test_hardening's old settings). An error while the hook is there still fails the wait."""
    if not isinstance(expression, str) or "window.__jass" not in expression or not expression.lstrip().startswith("("):
        return expression
    return ("(arg) => { try { return (" + expression + ")(arg); } "
            "catch (e) { if (!window.__jass) return false; throw e; } }")


_poll_by_default(Page)
_poll_by_default(Frame)

# What a test may change on a page that a navigation does not undo: a page so changed is not handed to another test
# (WarmContexts.park closes it instead). Listeners (page.on/once) are recorded here and removed when it is parked.
_PAGE_TAINTS = ("add_init_script", "expose_function", "expose_binding", "emulate_media", "set_extra_http_headers",
                "route_from_har", "route_web_socket", "set_default_timeout", "set_default_navigation_timeout")


def _tainting(method):
    """`method`, which also marks its page as changed for good."""
    @functools.wraps(method)
    def tainting(self, *args, **kwargs):
        self._jass_tainted = True
        return method(self, *args, **kwargs)
    return tainting


def _listening(method):
    """`method` (on/once), which also records the listener on its page."""
    @functools.wraps(method)
    def listening(self, event, f):
        self.__dict__.setdefault("_jass_listeners", []).append((event, f))
        return method(self, event, f)
    return listening


def _track_page_changes(cls) -> None:
    """Page methods that leave something behind are marked on the page (`_jass_tainted`); listeners are recorded."""
    for name in _PAGE_TAINTS:
        setattr(cls, name, _tainting(getattr(cls, name)))
    for name in ("on", "once"):
        setattr(cls, name, _listening(getattr(cls, name)))


_track_page_changes(Page)

LAUNCH_ARGS = chromium.args(
    # reading a friend's reply QR code: Chromium's stand-in camera, its permission granted without a prompt
    "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
    # WebAssembly compiled by V8's baseline compiler (Liftoff) only, never recompiled by TurboFan: the same program and
    # results, a slower Python. Optimizing Pyodide's hot functions in the background was a quarter of the tests' CPU
    # (three flows, one process, two runs each: 117 / 103 CPU-s by default, 79 / 85 with this; the compiler threads
    # 27.5 / 24.8 -> 4.4 / 4.8 CPU-s), while the Python these tests run is short. The measuring scripts (scripts/)
    # keep V8's defaults: they measure what a player's browser does.
    "--js-flags=--liftoff-only",
    # play with friends on loopback: the real addresses in the candidates, not mDNS names
    disable_features=("WebRtcHideLocalIpsWithMdns",))

# Run in the keeper page (on the site's origin) before each test: empty the origin's storage and wait until no page
# holds or asks for a Web Lock (the save lock of a page just closed is released asynchronously).
# A page just closed may still have a write to localStorage on its way (the autosave as it hides): it can land after a
# clear(), so the storage is cleared again until it stays empty once no lock is held.
RESET_STORAGE_JS = """async () => {
  for (let i = 0; i < 250; i++) {
    localStorage.clear();
    sessionStorage.clear();
    const q = await navigator.locks.query();
    await new Promise((r) => setTimeout(r, 20));
    if (!q.held.length && !q.pending.length && !localStorage.length) return true;
  }
  return JSON.stringify({locks: await navigator.locks.query(), stored: Object.keys(localStorage)});
}"""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "fresh_context: the test's `page` lives in a new browser context (a first "
                                       "visit: no caches, no snapshot, no service worker) instead of a warm shared one")
    config.addinivalue_line("markers", "long_flow: a whole flow that takes 10 s or more; run first (see below)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Long flows first, then the other browser tests, then the engine tests (scripts/test.sh runs those in a lane of
    their own): with several test processes (pytest-xdist hands tests out in this order) the long ones spread over
    them at the start and the quick ones fill the end, so the processes finish at about the same time (a long flow
    handed out last kept one process busy alone for a minute). The sort is stable: within each group the order stays
    the files' order."""
    def rank(item: pytest.Item) -> int:
        if item.get_closest_marker("long_flow"):
            return 0
        return 1 if "e2e" in item.path.parts else 2
    items.sort(key=rank)


def chromium_path() -> str:
    path = chromium.executable()
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        pytest.fail(f"Chromium not found at {path!r}. Install it (Debian: apt-get install -y chromium, or run "
                    "scripts/test.sh as root) or set CHROMIUM_PATH to a Chromium/Chrome binary.", pytrace=False)
    return path


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": chromium_path(), "args": LAUNCH_ARGS}


@pytest.fixture(scope="session")
def site() -> str:
    """Build dist/ (quick when unchanged; skipped when scripts/test.sh built it: JASS_DIST_BUILT=1) and serve it on
    a free port on 127.0.0.1 for the whole session."""
    if os.environ.get("JASS_DIST_BUILT") != "1" or not (ROOT / "dist" / "index.html").is_file():
        proc = subprocess.run([sys.executable, str(ROOT / "build.py")], cwd=ROOT, capture_output=True, text=True)
        if proc.returncode != 0:
            pytest.fail(f"python build.py failed:\n{proc.stdout}\n{proc.stderr}", pytrace=False)
    import build  # noqa: E402  (the repo root is on sys.path)

    class SiteHandler(build.Handler):
        def do_GET(self):
            path = self.path.split("?", 1)[0]
            answer = next((a for prefix, a in SITE_ROUTES.items() if path.startswith(prefix)), None)
            return answer(self) if answer else super().do_GET()

    srv = build.Server(("127.0.0.1", 0), functools.partial(SiteHandler, directory=str(build.DIST)))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{srv.server_address[1]}/"
    srv.shutdown()
    srv.server_close()


class WarmContexts:
    """Browser contexts kept for the session, one per name and set of options, each with a keeper page parked on the
    site's origin (a static file, not the app) from which its storage is emptied, and a spare page that the next test
    in that context navigates again: a new tab costs a page start ~0.35 CPU-s more than a navigation in one kept open
    (1.35 against 1.0 CPU-s, wall 0.87 against 0.68 s; medians of 7 warm starts, scripts/start_cpu.py's method)."""

    def __init__(self, browser, site: str, defaults: dict):
        self.browser, self.site, self.defaults = browser, site, defaults
        self.pool: dict[str, tuple] = {}
        self.spares: dict[int, Page] = {}   # id(context) -> its spare page (parked on KEEPER_PATH, or in a test's hands)

    def get(self, name: str = "default", **options):
        """The context called `name` with `options` (added to the session's context arguments), reset: only the
        keeper page open, no route, online, nothing in localStorage/sessionStorage, no Web Lock held. Options that
        say what the defaults say share the defaults' context (each new context is a cold start: ~5 s)."""
        key = json.dumps([name, {**self.defaults, **options}], sort_keys=True)
        if key not in self.pool:
            ctx = self.browser.new_context(**{**self.defaults, **options})
            keeper = ctx.new_page()
            keeper.goto(self.site + KEEPER_PATH)
            self.pool[key] = (ctx, keeper)
        ctx, keeper = self.pool[key]
        self.reset(ctx, keeper)
        return ctx

    def page(self, viewport: dict | None = None, **options):
        """A page in the reset context for `options`, as a new one would be; a viewport of its own is set on the page,
        so that pages differing only in their size share one warm context (the options that need a context of their
        own: locale, device scale factor, touch, mobile)."""
        return self.take_page(self.get(**options), viewport)

    def take_page(self, ctx, viewport: dict | None = None):
        """The spare page of the (just reset) warm context `ctx`, else a new page (which becomes its spare), at
        `viewport` or the context's own size, in front."""
        page = self.spares.get(id(ctx))
        if page is None or page.is_closed() or not getattr(page, "_jass_parked", False):
            page = ctx.new_page()
            page._jass_size = page.viewport_size   # the context's own
            self.spares[id(ctx)] = page
        page._jass_parked = False
        size = viewport or page._jass_size
        if page.viewport_size != size:
            page.set_viewport_size(size)
        page.bring_to_front()
        return page

    def release(self, page) -> None:
        """A test is done with `page`: the spare is parked at once (the app it showed stops), any other page closed."""
        ctx = page.context
        if self.spares.get(id(ctx)) is page and self.park(page):
            return
        if not page.is_closed():
            page.close()

    def park(self, page) -> bool:
        """Leave `page` as a new page would be: no listener or route of the last test, on KEEPER_PATH (a static file
        of the site: the app is gone with its worker and Web Locks), its sessionStorage (kept per tab) empty.
        -> False when it cannot be (closed, or changed in a way a navigation keeps: see _PAGE_TAINTS)."""
        if page.is_closed() or getattr(page, "_jass_tainted", False):
            return False
        if getattr(page, "_jass_parked", False):
            return True
        try:
            for event, f in page.__dict__.pop("_jass_listeners", []):
                page.remove_listener(event, f)
            page.__dict__.pop("_jass_watch", None)   # its listeners are gone with the others
            page.unroute_all(behavior="ignoreErrors")
            page.goto(self.site + KEEPER_PATH)
            page.evaluate("() => sessionStorage.clear()")
        except Error:
            return False
        page._jass_parked = True
        return True

    def reset(self, ctx, keeper) -> None:
        spare = self.spares.get(id(ctx))
        for p in ctx.pages:
            if p is not keeper and not (p is spare and self.park(p)):
                p.close()
        ctx.unroute_all(behavior="ignoreErrors")
        ctx.set_offline(False)
        ok = keeper.evaluate(RESET_STORAGE_JS)
        assert ok is True, f"the shared context did not come clean: {ok}"

    def close(self) -> None:
        for ctx, _ in self.pool.values():
            ctx.close()
        self.pool.clear()


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """Every context speaks US English unless a test says otherwise (stated, so that a test asking for en-US shares the
    default warm context; it was Chromium's own default here anyway)."""
    return {"locale": "en-US", **browser_context_args}


@pytest.fixture(scope="session")
def warm_contexts(browser, site, browser_context_args):
    """The session's WarmContexts: `warm_contexts.get(locale='de-CH')` -> a reset shared context."""
    pool = WarmContexts(browser, site, browser_context_args)
    yield pool
    pool.close()


@pytest.fixture
def context(request, browser, browser_context_args, warm_contexts):
    """The shared warm context (reset), or a new one for a test marked fresh_context."""
    if request.node.get_closest_marker("fresh_context"):
        ctx = browser.new_context(**browser_context_args)
        yield ctx
        ctx.close()
        return
    yield warm_contexts.get()


@pytest.fixture
def page(request, context, warm_contexts):
    """A page in `context`, as a new one would be: in a warm context its spare page, parked again after the test (or
    closed if the test failed or changed it for good; any other page the test opened closes at the next reset). It is
    brought to the front, as a test's only page was before contexts were shared: the keeper page must not be the active
    tab (Chromium opens a file chooser from a key press only in the page that has the focus)."""
    if request.node.get_closest_marker("fresh_context"):
        p = context.new_page()
        p.bring_to_front()
        yield p
        p.close()
        return
    p = warm_contexts.take_page(context)
    yield p
    if getattr(request.node, "rep_call", None) is not None and not request.node.rep_call.passed:
        p.close()
    else:
        warm_contexts.release(p)


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
