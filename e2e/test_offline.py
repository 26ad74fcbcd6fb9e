"""Offline-first: the service worker precaches the whole game on the first visit; with the server STOPPED (its socket
closed, not Playwright routing, which service workers bypass) a reload still loads and plays a full hand. A new
deployment shows the "new version" prompt and switches cleanly (old cache deleted, never a mix of versions).
These pages enforce the app's Content-Security-Policy and fail on any violation (see pwa_e2e.strict_page)."""
from __future__ import annotations

import shutil
from pathlib import Path

from playwright.sync_api import expect

from jass_e2e import ROOT, play_until
from pwa_e2e import (  # noqa: F401
    TIMEOUT,
    assert_no_csp_violation,
    jass_caches,
    not_served,
    poll,
    serving,
    strict_page,
    wait_phase,
    wait_snapshot,
    wait_sw_complete,
)

DIST = ROOT / "dist"


def test_reload_with_the_server_stopped_plays_a_full_hand(strict_page, site):
    page = strict_page
    with serving(DIST) as srv:
        page.goto(srv.url("?speed=instant&seed=21"))
        wait_phase(page, "play")
        sw = wait_sw_complete(page)
        assert sw["cached"] == sw["files"] >= 20, sw
        # the player's catalog only was downloaded (not precached: kept in the version's language cache)
        assert [u.split("/")[-1] for u in page.watch.requests if "/locales/" in u] == ["en.js"], page.watch.requests
        assert jass_caches(page) == [f"jass:/:{sw['version']}", f"jass:/:{sw['version']}:lang"]
        wait_snapshot(page)
        assert page.evaluate("window.__jass.timing().worker.snapshot") == 0   # the first start is a plain one
        # ... and its memory snapshot was taken once the hand was playable, off the first visit's critical path
        t = page.evaluate("window.__jass.timing()")
        assert t["snapshot"] and t["snapshot"]["at"] + t["workerStartedAt"] > t["playable"], t
        srv.stop()
    assert srv.refused(), "the server still answers"
    assert not_served(srv.url("index.html"))
    n_before = len(page.watch.requests)
    page.reload()
    wait_phase(page, "play")
    # everything (page, modules, worker, Pyodide, wheel) came from the service worker: the server is gone
    after = page.watch.requests[n_before:]
    # the wasm, pyodide.asm.mjs and the stdlib plain (made by the service worker from the cached .zst/.gz: V8's code
    # caches work, nothing to decode)
    assert any(u.endswith("pyodide.asm.wasm") for u in after), after
    assert any(u.endswith("pyodide.asm.mjs") for u in after), after
    assert not any(u.endswith(("asm.wasm.zst", "asm.wasm.gz", "asm.mjs.zst", "asm.mjs.gz", ".zip.zst")) for u in after), after
    assert page.evaluate("window.__jass.timing().workerMarks.wasmPlain") == 1
    assert page.evaluate("window.__jass.timing().workerMarks.stdlibPlain") == 1   # the stdlib too: nothing to decode
    assert any(u.endswith(".whl") for u in after), after
    assert page.evaluate("window.__jass.timing().worker.snapshot") == 1     # warm start: Python from the snapshot
    assert play_until(page, way="canvas", timeout=TIMEOUT) == ("hand-over", 12)   # the first legal card, clicked on the canvas
    expect(page.locator("#dlg-hand")).to_be_visible()
    # a language never used here cannot come offline: the game says so and stays in English
    page.evaluate("""() => { const s = document.querySelector('.lang-select'); s.value = 'de';
        s.dispatchEvent(new Event('change')); }""")
    expect(page.locator("#toast")).to_contain_text("not on this device yet")
    assert page.evaluate("document.documentElement.lang") == "en"
    page.watch.errors[:] = [e for e in page.watch.errors if "net::ERR_FAILED" not in e]   # that download, refused
    assert_no_csp_violation(page)


def test_a_broken_snapshot_falls_back_to_a_plain_start(strict_page, site):
    page = strict_page
    page.goto(site + "?speed=instant&seed=8")
    wait_phase(page, "play")
    wait_snapshot(page)
    # overwrite the snapshot with garbage of the same key: Pyodide refuses it, the worker drops it and starts plainly
    page.evaluate("""async () => { const n = (await caches.keys()).find((k) => k.startsWith('jass-snapshot:'));
        const c = await caches.open(n); const k = (await c.keys())[0];
        await c.put(k, new Response(new Uint8Array(4096).fill(7))); }""")
    page.reload()
    wait_phase(page, "play")
    assert page.evaluate("window.__jass.timing().worker.snapshot") == 0
    assert play_until(page, way="canvas", timeout=TIMEOUT) == ("hand-over", 12)   # the first legal card, clicked on the canvas
    wait_snapshot(page)   # a good snapshot replaced the broken one
    page.reload()
    wait_phase(page, "play", "hand-over")   # the autosave resumes the finished hand at its summary
    assert page.evaluate("window.__jass.timing().worker.snapshot") == 1


def _redeploy(site_dir: Path, marker: str) -> str:
    """Simulate a new deployment of the copied site: change index.html, regenerate sw.js (new version)."""
    from tools import pwa
    index = site_dir / "index.html"
    index.write_text(index.read_text().replace("</body>", f"<p id='{marker}' hidden></p>\n</body>"))
    files = {p for p in site_dir.rglob("*") if p.is_file()}
    src, version = pwa.service_worker((ROOT / "web" / "sw.js").read_text(), pwa.precache_list(site_dir, files),
                                      pwa.precache_list(site_dir, files, langs=True))
    (site_dir / "sw.js").write_text(src)
    return version


def test_new_version_prompt_and_clean_switch(strict_page, site, tmp_path):
    page = strict_page
    site_dir = tmp_path / "site"
    shutil.copytree(DIST, site_dir)
    with serving(site_dir) as srv:
        page.goto(srv.url("?speed=instant&seed=3"))
        wait_phase(page, "play")
        v1 = wait_sw_complete(page)["version"]
        expect(page.locator("#update-banner")).to_have_count(0)

        v2 = _redeploy(site_dir, "v2-marker")
        assert v2 != v1
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        banner = page.locator("#update-banner")
        expect(banner).to_be_visible(timeout=60_000)
        expect(banner).to_contain_text("new version")
        # until the user agrees, the page and every file still come from v1 (two caches exist meanwhile)
        assert page.locator("#v2-marker").count() == 0
        page.reload()
        wait_phase(page, "play")
        assert page.locator("#v2-marker").count() == 0, "a reload without the prompt mixed in the new version"
        expect(page.locator("#update-banner")).to_be_visible(timeout=60_000)

        with page.expect_navigation(timeout=60_000):
            page.locator("#update-banner button").click()
        wait_phase(page, "play")
        assert page.locator("#v2-marker").count() == 1
        sw = wait_sw_complete(page)
        assert sw["version"] == v2
        assert jass_caches(page) == [f"jass:/:{v2}", f"jass:/:{v2}:lang"], "the old version's caches were not deleted"
        expect(page.locator("#update-banner")).to_have_count(0)
        assert_no_csp_violation(page)
