#!/usr/bin/env python3
"""Measure the autosave in Chromium (a measurement, not a test): prints figures.

    python scripts/measure_save.py [--hands 24] [--reloads 5] [--seed 1]

* save size (the localStorage entry, characters = bytes for this ASCII JSON) after each hand of a game played at
  instant speed, bots normal/normal, the human playing its first legal card
* time from navigation start to the resumed position (the game rebuilt by the engine, the table drawn), reloading
  the page mid-game: median, min and max over --reloads reloads (the service worker and Pyodide snapshot may serve
  them, as they would for a player)
Uses $CHROMIUM_PATH or /usr/bin/chromium; builds dist/ first.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402
from tools import chromium  # noqa: E402

ARGS = chromium.args()   # tools/chromium.py
SAVE_LEN = "() => (localStorage.getItem('mittlere-jass.game') || '').length"
SETTLED = """() => { const s = window.__jass && window.__jass.state();
  return !!s && ((s.phase === 'play' && s.toPlay === 0 && !s.busy)
                 || s.phase === 'hand-over' || s.phase === 'game-over'); }"""
CLICK = "(c) => document.querySelector(`#hand-buttons button[data-card='${c}']`).click()"
SAVED = """(n) => document.body.dataset.save === 'on'
  && JSON.parse(localStorage.getItem('mittlere-jass.game')).records.length === n"""
RESUMED = "() => document.body.dataset.resumed && window.__jass.timing().playable"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=24)
    ap.add_argument("--reloads", type=int, default=5)
    ap.add_argument("--seed", default="1")
    a = ap.parse_args()
    subprocess.run([sys.executable, str(ROOT / "build.py")], check=True, capture_output=True)
    srv = build.make_server(0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{srv.server_address[1]}/?speed=instant&seed={a.seed}&hands={a.hands}&bots=normal,normal"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium.executable(), args=ARGS)
        page = browser.new_page()
        page.goto(url)
        sizes, resume_ms, restore_ms = [], [], []
        while True:
            page.wait_for_function(SETTLED, timeout=120_000)
            s = page.evaluate("window.__jass.state()")
            if s["phase"] == "play":
                page.evaluate(CLICK, s["legal"][0])
                page.wait_for_function("(c) => !window.__jass.state().hand.includes(c)", arg=s["legal"][0])
                continue
            page.wait_for_function(SAVED, arg=len(page.evaluate("window.__jass.view().history")), timeout=30_000)
            sizes.append(page.evaluate(SAVE_LEN))
            if s["phase"] == "game-over":
                break
            if len(sizes) == a.hands // 2:     # reload mid-game, a few times: the time to the resumed position
                for _ in range(a.reloads):
                    page.reload()
                    page.wait_for_function(RESUMED, timeout=120_000)
                    resume_ms.append(page.evaluate("window.__jass.timing().playable"))
                    restore_ms += [x["rtt"] for x in page.evaluate("window.__jass.stats()") if x["cmd"] == "restore"]
                page.wait_for_function(SETTLED, timeout=120_000)
            page.locator("#btn-next").click()
        browser.close()
    srv.shutdown()
    per_hand = [b - a for a, b in zip([0, *sizes[:-1]], sizes, strict=True)]
    print(f"save size after each hand (chars): {sizes}")
    print(f"per hand: median {statistics.median(per_hand[1:] or per_hand):.0f}, first {per_hand[0]}; "
          f"{len(sizes)}-hand game: {sizes[-1]} chars ({sizes[-1] / 1024:.1f} KiB)")
    print(f"load -> resumed position ({len(resume_ms)} reloads after hand {a.hands // 2}): "
          f"median {statistics.median(resume_ms):.0f} ms, min {min(resume_ms):.0f}, max {max(resume_ms):.0f}; "
          f"of which the engine's restore (round trip): "
          f"median {statistics.median(restore_ms):.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
