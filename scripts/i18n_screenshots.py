"""Screenshots of the table in every language (docs/screenshots/table-<lang>-<w>x<h>.png), mid-hand: a few cards
played, so the trump box, the trick and the seat plates show text.

    .venv/bin/python build.py && .venv/bin/python scripts/i18n_screenshots.py [--langs en,de] [--out docs/screenshots]

Chromium: $CHROMIUM_PATH or /usr/bin/chromium (as the e2e tests).
"""
from __future__ import annotations

import argparse
import os
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402

SIZES = [(1280, 800), (390, 844)]
READY = ("() => document.body.dataset.phase === 'play' && window.__jass && !window.__jass.state().busy"
         " && window.__jass.state().toPlay === 0")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--langs", default="en,de,fr,it,ja")
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    ap.add_argument("--seed", default="7")
    ap.add_argument("--plays", type=int, default=3, help="cards the human plays before the picture")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    srv = build.make_server(0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{srv.server_address[1]}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
                                    args=["--no-sandbox", "--disable-gpu"])
        for w, h in SIZES:
            for lang in args.langs.split(","):
                ctx = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=1)
                page = ctx.new_page()
                page.goto(f"{url}?speed=instant&seed={args.seed}&lang={lang}")
                for _ in range(args.plays):
                    page.wait_for_function(READY, timeout=120_000)
                    card = page.evaluate("window.__jass.state().legal[0]")
                    page.locator(f"#hand-buttons button[data-card='{card}']").focus()
                    page.keyboard.press("Enter")
                page.wait_for_function(READY, timeout=120_000)
                page.wait_for_timeout(2500)   # the trump banner fades
                path = out / f"table-{lang}-{w}x{h}.png"
                page.screenshot(path=str(path))
                print(path.relative_to(ROOT))
                ctx.close()
        browser.close()
    srv.shutdown()


if __name__ == "__main__":
    main()
