"""Screenshots of the table (docs/screenshots/): every language with its default pack, table-<lang>-<w>x<h>.png, and
both packs in English, table-<deck>-<w>x<h>.png, at 1280x800 and 390x844 (DPR 3, touch; saved at CSS scale).
Mid-trick: trump fixed, cards on the table, the player's turn, so the trump box, the trick, the winning mark and
the plates show text.

    .venv/bin/python build.py && .venv/bin/python scripts/i18n_screenshots.py [--langs en,de] [--decks swiss,french]

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

SIZES = [(1280, 800, 1), (390, 844, 3)]
READY = ("() => document.body.dataset.phase === 'play' && window.__jass && !window.__jass.state().busy"
         " && window.__jass.state().toPlay === 0")
MID_TRICK = "() => { const v = window.__jass.view(); return v.trump && v.trick.cards.length > 0; }"


def shoot(browser, url: str, w: int, h: int, dpr: int, query: str, path: Path, seed: str) -> None:
    ctx = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=dpr, has_touch=dpr > 1,
                              is_mobile=dpr > 1, locale="en-US")
    page = ctx.new_page()
    page.add_init_script("localStorage.setItem('mittlere-jass.tutorial', 'declined')")
    page.goto(f"{url}?speed=instant&seed={seed}{query}")
    for _ in range(12):   # play on until trump is fixed and cards lie on the table at the player's turn
        page.wait_for_function(READY, timeout=120_000)
        if page.evaluate(MID_TRICK):
            break
        card = page.evaluate("window.__jass.state().legal[0]")
        page.locator(f"#hand-buttons button[data-card='{card}']").focus()
        page.keyboard.press("Enter")
        page.wait_for_function("(c) => !window.__jass.state().hand.includes(c)", arg=card, timeout=120_000)
    page.evaluate("document.activeElement?.blur()")
    page.wait_for_timeout(2500)   # the trump banner fades
    page.screenshot(path=str(path), scale="css")
    print(path.relative_to(ROOT))
    ctx.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--langs", default="en,de,fr,it,ja")
    ap.add_argument("--decks", default="swiss,french")
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    ap.add_argument("--seed", default="8")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    srv = build.make_server(0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{srv.server_address[1]}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
                                    args=["--no-sandbox", "--disable-gpu"])
        for w, h, dpr in SIZES:
            for lang in filter(None, args.langs.split(",")):
                shoot(browser, url, w, h, dpr, f"&lang={lang}", out / f"table-{lang}-{w}x{h}.png", args.seed)
            for deck in filter(None, args.decks.split(",")):
                shoot(browser, url, w, h, dpr, f"&lang=en&deck={deck}", out / f"table-{deck}-{w}x{h}.png", args.seed)
        browser.close()
    srv.shutdown()


if __name__ == "__main__":
    main()
