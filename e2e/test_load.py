"""Loading: the trimmed standard library holds everything the game needs (every engine module imported and a game
with each bot level played in the browser, on the files the build ships), the compressed wasm and standard library
also work from a host that already decodes them (Content-Encoding)."""
from __future__ import annotations

import contextlib
import gzip
import json
import re
import subprocess
import threading
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from jass_e2e import ROOT, play_until
from pwa_e2e import TIMEOUT, assert_no_csp_violation, strict_page, wait_phase  # noqa: F401
from tools import chromium

PROBE = (ROOT / "tools" / "stdlib_probe.py").read_text()


@pytest.mark.long_flow
def test_trimmed_stdlib_imports_every_engine_module_and_plays_every_bot(strict_page, site):
    page = strict_page
    page.goto(site + "?speed=instant&seed=5")
    wait_phase(page, "play")
    assert play_until(page, way="canvas", timeout=TIMEOUT) == ("hand-over", 12)   # the first legal card, clicked on the canvas
    build = json.loads((ROOT / "dist" / "build.json").read_text())
    w = chromium.second_engine_worker(page, "probe")
    got = json.loads(w.evaluate("(src) => self.__jassPython.runPython(src)", PROBE))
    assert got["games"] >= 2 and got["moves"] > 100, got
    assert "engine.web" in got["modules"] and "engine.bots" in " ".join(got["modules"])
    # it really ran on the trimmed zip the build made (not Pyodide's whole stdlib): unused modules are absent
    zips = json.loads(w.evaluate("""() => self.__jassPython.runPython(`import json, os, sys
json.dumps([[p, os.path.getsize(p)] for p in sys.path if p.endswith('.zip')])`)"""))
    assert len(zips) == 1 and zips[0][1] == build["stdlibZipBytes"], (zips, build)
    assert w.evaluate("""() => self.__jassPython.runPython(`import importlib.util
def found(m):
    try:
        return importlib.util.find_spec(m) is not None
    except ModuleNotFoundError:   # its parent package is absent too
        return False
[m for m in ('xml', 'email', 'email.mime', 'unittest', 'sqlite3', 'multiprocessing') if found(m)]`).toJs()""") == []
    assert_no_csp_violation(page)


@contextlib.contextmanager
def serving_gzip_decoded(directory):
    """build.py's server, but sending the .gz files with Content-Encoding: gzip and the .zst files decoded, gzipped
    with Content-Encoding: gzip (the browser decodes them: the worker gets the plain bytes)."""
    import build

    class Handler(build.Handler):
        def do_GET(self):
            path = self.path.split("?")[0]
            if not path.endswith(".zst"):
                return super().do_GET()
            packed = (Path(self.directory) / path.lstrip("/")).read_bytes()
            plain = subprocess.run(["zstd", "-dc"], input=packed, capture_output=True, check=True).stdout
            body = gzip.compress(plain, 1)
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def end_headers(self):
            if self.path.split("?")[0].endswith((".gz", ".zst")):
                self.send_header("Content-Encoding", "gzip")
            super().end_headers()

    import functools
    srv = build.Server(("127.0.0.1", 0), functools.partial(Handler, directory=str(directory)))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{srv.server_address[1]}/"
    finally:
        srv.shutdown()
        srv.server_close()


def test_a_page_given_no_frame_still_starts_the_game(page, site, watch):
    """The entry (start.js) evaluates the app once the loading screen has painted: a page whose frame never comes
    (here its first animation frame is dropped: a tab hidden meanwhile, a busy browser) starts the game anyway, a
    second later, instead of staying on the loading screen."""
    page.add_init_script("""(() => { const raf = window.requestAnimationFrame; window.__dropped = 0;
        window.requestAnimationFrame = function (cb) {
            if (!window.__dropped++) return 0;   // the first frame asked for (start.js's) never comes
            return raf.call(window, cb); }; })()""")
    page.goto(site + "?speed=instant&seed=3")
    assert wait_phase(page, "play") == "play"
    assert page.evaluate("window.__dropped") >= 1
    expect(page.locator("#loading")).to_be_hidden()


def test_a_host_that_decodes_the_gzipped_wasm_still_works(strict_page, site):
    page = strict_page
    with serving_gzip_decoded(ROOT / "dist") as url:
        resp = []
        page.on("response", lambda r: resp.append(r) if r.url.endswith((".wasm.gz", ".wasm.zst")) else None)
        page.goto(url + "?speed=instant&seed=6")
        wait_phase(page, "play")
        assert resp and resp[0].headers.get("content-encoding") == "gzip"
        assert play_until(page, way="canvas", timeout=TIMEOUT) == ("hand-over", 12)   # the first legal card, clicked on the canvas
        assert_no_csp_violation(page)


# ------------------------------------------------------------------------------------------------ load errors
def _built(field: str) -> str:
    """A file name of the build (dist/build.json), e.g. the wasm's."""
    return json.loads((ROOT / "dist" / "build.json").read_text())[field]


def _fail_start(page, site, pattern, handler):
    """Open the app with requests matching `pattern` (a glob) answered by `handler`; wait for the error screen."""
    page.context.route(pattern, handler)
    page.goto(site + "?speed=instant&seed=4")
    wait_phase(page, "error")
    expect(page.locator("#loading-error")).to_be_visible()
    expect(page.locator("#btn-retry")).to_be_visible()
    return page.locator("#loading-error-detail"), page.locator("#loading-error-more")


def _details(page, more):
    expect(more).to_be_visible()
    more.locator("summary").click()
    return more.locator("pre")


def _expected_noise(page):
    """The failed request itself is logged by the browser (and Pyodide logs what it could not install)."""
    page.watch.errors.clear()


def test_a_corrupt_engine_wheel_says_so(strict_page, site):
    page = strict_page
    msg, more = _fail_start(page, site, "**/engine/*.whl",
                            lambda r: r.fulfill(status=200, body=b"PK\x03\x04 not really a zip", content_type="application/zip"))
    expect(msg).to_have_text("The download of the game engine arrived damaged. Press Retry to download it again.")
    expect(_details(page, more)).to_contain_text(".whl")
    assert "Traceback" not in msg.inner_text()
    _expected_noise(page)


def test_a_server_error_on_the_lock_file_says_so_and_retry_recovers(strict_page, site):
    page = strict_page
    msg, more = _fail_start(page, site, "**/pyodide-lock.json", lambda r: r.fulfill(status=500, body="oops"))
    expect(msg).to_have_text("The server had a problem sending the package list. Try again in a minute.")
    expect(_details(page, more)).to_contain_text("HTTP 500")
    assert "Unexpected token" not in msg.inner_text()
    _expected_noise(page)
    page.context.unroute("**/pyodide-lock.json")
    page.locator("#btn-retry").click()
    wait_phase(page, "play")
    expect(page.locator("#loading")).to_be_hidden()
    _expected_noise(page)


def test_a_blocked_wasm_says_which_download_failed(strict_page, site):
    page = strict_page
    wasm = _built("wasm")   # pyodide.asm.wasm.zst (or .gz: a build without the zstd command)
    msg, more = _fail_start(page, site, f"**/{wasm}", lambda r: r.abort("blockedbyclient"))
    expect(msg).to_have_text("Could not download the Python runtime. Check your internet connection, then press Retry.")
    expect(_details(page, more)).to_contain_text(wasm)
    _expected_noise(page)


def test_a_missing_file_names_it(strict_page, site):
    page = strict_page
    msg, more = _fail_start(page, site, f"**/{_built('stdlib')}", lambda r: r.fulfill(status=404, body="not found"))
    expect(msg).to_have_text("The server is missing Python's standard library. "
                             "The site may be being updated: try again in a minute.")
    expect(_details(page, more)).to_contain_text("HTTP 404")
    _expected_noise(page)


def test_going_offline_while_loading_says_so(strict_page, site):
    page = strict_page
    held = []
    offline = []

    def hold(route):   # the download hangs until we are offline; once offline, every request for it fails
        if offline:
            route.abort("internetdisconnected")
        else:
            held.append(route)

    # the page's preload and the worker's own fetch may both ask for the wasm: each is held, and each fails offline
    page.context.route(f"**/{_built('wasm')}", hold)
    page.goto(site + "?speed=instant&seed=4")
    end = time.monotonic() + 60
    while not held and time.monotonic() < end:
        page.wait_for_timeout(50)
    assert held, "the wasm was never requested"
    # the page's own modules in first (on a loaded machine they could still be on their way: the page would then never
    # run, which is not what this test is about)
    page.wait_for_function("() => !!window.__jass")
    page.context.set_offline(True)
    offline.append(True)
    for route in held:
        route.abort("internetdisconnected")
    wait_phase(page, "error")
    # whichever download was still under way when the network went names itself
    expect(page.locator("#loading-error-detail")).to_have_text(re.compile(
        r"^You are offline, and (the Python runtime|Python's standard library|the game engine|the package list) has "
        r"not been downloaded yet\. Connect to the internet, then press Retry\.$"))
    page.context.set_offline(False)
    _expected_noise(page)


def test_the_page_asks_for_the_runtime_once_painted_and_each_byte_comes_once(strict_page):
    """A first visit: once the loading screen has painted, the page asks for the worker's three big downloads (the
    wasm, the standard library, Pyodide's JavaScript half) as preloads, and the worker's own fetch shares them: the
    server sends each once. A later visit, served by the service worker, asks for none of them (the worker takes its
    plain copies)."""
    import functools

    import build
    from pwa_e2e import wait_sw_complete

    got: list[str] = []

    class Counting(build.Handler):
        def log_message(self, fmt, *args):
            got.append(self.path.split("?")[0])

    srv = build.Server(("127.0.0.1", 0), functools.partial(Counting, directory=str(ROOT / "dist")))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        page = strict_page
        info = json.loads((ROOT / "dist" / "build.json").read_text())
        runtime = [f"/pyodide/{info['pyodideVersion']}/{n}" for n in (info["wasm"], info["stdlib"], info["asm"])]
        page.goto(f"http://127.0.0.1:{srv.server_address[1]}/?speed=instant&seed=3")
        preloads = "() => [...document.querySelectorAll('link[rel=preload][as=fetch]')].map((l) => new URL(l.href).pathname)"
        page.wait_for_function(f"() => ({preloads})().length > 0")
        assert page.evaluate(preloads) == runtime
        # asked for after the first paint (a preload begun before it would count toward Lighthouse's largest paint)
        first_paint, asked = page.evaluate("""() => [performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
            Math.min(...performance.getEntriesByType('resource').filter((e) => e.initiatorType === 'link'
              && /[.]zst$/.test(e.name)).map((e) => e.startTime))]""")
        assert first_paint is not None and asked >= first_paint, (asked, first_paint)
        wait_phase(page, "play")
        wait_sw_complete(page)
        assert [got.count(p) for p in runtime] == [1, 1, 1], got
        page.reload()
        wait_phase(page, "play")
        assert page.evaluate(preloads) == []   # the first paint was long before a playable hand
        assert [got.count(p) for p in runtime] == [1, 1, 1], got
    finally:
        srv.shutdown()
        srv.server_close()
