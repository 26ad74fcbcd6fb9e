"""Installable PWA, Content-Security-Policy, and the one-file static build (`build.py --zip`) served from a sub-path
by a plain static server (no special headers), offline-capable there too."""
from __future__ import annotations

import functools
import http.server
import json
import re
import struct
import subprocess
import sys
import threading
import urllib.request
import zipfile

from playwright.sync_api import expect

from jass_e2e import ROOT, play_until
from pwa_e2e import (  # noqa: F401
    TIMEOUT,
    assert_no_csp_violation,
    fetch_text,
    jass_caches,
    serving,
    strict_page,
    wait_phase,
    wait_sw_complete,
)
from tools import pwa


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_manifest_icons_and_installability(strict_page, site):
    page = strict_page
    page.goto(site + "?speed=instant&seed=2")
    wait_phase(page, "play")
    href = page.evaluate("document.querySelector('link[rel=manifest]').getAttribute('href')")
    assert href == "manifest.webmanifest"   # relative: works from any sub-path
    text, headers = fetch_text(site + href)
    assert headers["Content-Type"].startswith("application/manifest+json")
    m = json.loads(text)
    assert m["display"] == "standalone" and m["start_url"] == "./" and m["scope"] == "./"
    assert m["theme_color"] == page.evaluate("document.querySelector('meta[name=theme-color]').content")
    assert m["name"] == "Mittlere Jass" and m["short_name"]
    sizes = {}
    for icon in m["icons"]:
        assert not icon["src"].startswith("/") and "//" not in icon["src"]
        with urllib.request.urlopen(site + icon["src"]) as r:
            data = r.read()
            assert r.headers["Content-Type"] == icon["type"], icon
        if icon["type"] == "image/png":
            w, h = png_size(data)
            assert f"{w}x{h}" == icon["sizes"]
            sizes[icon["purpose"]] = max(sizes.get(icon["purpose"], 0), w)
        else:
            assert data.lstrip().startswith(b"<svg")
    assert sizes["any"] >= 512 and sizes["maskable"] >= 512 and any(i["sizes"] == "192x192" for i in m["icons"])
    # Chromium's own verdict: the manifest parses and the app is installable (needs the SW controlling the page)
    wait_sw_complete(page)
    cdp = page.context.new_cdp_session(page)
    got = cdp.send("Page.getAppManifest")
    assert not got.get("errors"), got.get("errors")
    errs = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Playwright's contexts are incognito profiles, where Chromium never offers installation; nothing else may fail
    assert [e for e in errs if e["errorId"] != "in-incognito"] == [], errs


def test_csp_meta_and_headers(strict_page, site):
    page = strict_page
    html, headers = fetch_text(site)
    meta = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html).group(1)
    assert meta == headers["Content-Security-Policy"] == pwa.PAGE_CSP
    for directive in ("script-src 'self';", "object-src 'none'", "base-uri 'none'", "connect-src 'self'", "worker-src 'self'"):
        assert directive in meta
    assert "unsafe-inline" not in meta and "unsafe-eval" not in meta
    # no inline script, style or event handler (the policy would block them)
    assert "<script>" not in html and "<style" not in html and not re.search(r"\s(style|on[a-z]+)\s*=", html)
    worker = re.search(r'src="(app-[0-9a-f]+)/js/start.js"', html).group(1) + "/js/engine/worker.js"
    _, wh = fetch_text(site + worker)
    assert wh["Content-Security-Policy"] == pwa.WORKER_CSP
    assert "'unsafe-eval'" not in pwa.WORKER_CSP and "'wasm-unsafe-eval'" in pwa.WORKER_CSP
    # the policy is really enforced in the page and in the engine worker, and the game still plays under it
    workers = []
    page.on("worker", lambda w: workers.append(w))
    page.goto(site + "?speed=instant&seed=9")
    wait_phase(page, "play")
    # (from a timer: code that DevTools itself evaluates is exempt from the eval check)
    assert page.evaluate("""() => new Promise((done) => setTimeout(() => {
        try { (0, eval)('1'); done('eval allowed'); } catch (e) { done('blocked'); } }))""") == "blocked"
    page.evaluate("window.__csp.length = 0")   # the probe above is the one expected violation
    r = workers[0].evaluate("""async () => { try { await fetch('http://127.0.0.2:9/'); return 'fetch allowed'; }
                                            catch (e) { return 'blocked'; } }""")
    assert r == "blocked"
    page.watch.errors.clear()   # the refused probe logs once
    assert play_until(page, way="canvas", timeout=TIMEOUT) == ("hand-over", 12)   # the first legal card, clicked on the canvas
    assert_no_csp_violation(page)


class _PlainHandler(http.server.SimpleHTTPRequestHandler):
    """What `python3 -m http.server` does: no CSP, no cache headers."""
    def log_message(self, *a):
        pass


def test_zip_build_plays_from_a_plain_static_server_under_a_sub_path(strict_page, site, tmp_path):
    page = strict_page
    proc = subprocess.run([sys.executable, str(ROOT / "build.py"), "--zip"], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    z = ROOT / "build" / "mittlere-jass-web.zip"
    with zipfile.ZipFile(z) as zf:
        names = zf.namelist()
        assert all(n.startswith("mittlere-jass/") for n in names)
        assert "mittlere-jass/index.html" in names and "mittlere-jass/sw.js" in names
        zf.extractall(tmp_path)
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_PlainHandler, directory=str(tmp_path)))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{srv.server_address[1]}/mittlere-jass/"
        page.goto(base + "?speed=instant&seed=12")
        wait_phase(page, "play")
        # (blob: the worker imports Pyodide's JavaScript half from the gzipped copy it downloaded)
        assert all("/mittlere-jass/" in u for u in page.watch.requests if not u.startswith("blob:")), page.watch.requests
        sw = wait_sw_complete(page)
        v = sw["version"]
        assert jass_caches(page) == [f"jass:/mittlere-jass/:{v}", f"jass:/mittlere-jass/:{v}:lang"]
        assert play_until(page, way="canvas", timeout=TIMEOUT) == ("hand-over", 12)   # the first legal card, clicked on the canvas
        expect(page.locator("#dlg-hand")).to_be_visible()
        assert_no_csp_violation(page)
    finally:
        srv.shutdown()
        srv.server_close()
