"""Screenshots (docs/screenshots/) at 1280x800 and 390x844 (DPR 3, touch; saved at CSS scale), in every language:

* table: every language with its default pack, table-<lang>-<w>x<h>.png, and both packs in English,
  table-<deck>-<w>x<h>.png. Mid-trick: trump fixed, cards on the table, the player's turn, so the trump box, the
  trick, the winning mark and the plates show text.
* review: the hand review after a hand, at the settlement with the coach's list filled (its sentences, the cards
  named after the pack and the language, the step buttons at the dialog's foot), review-<lang>-<deck>-<w>x<h>.png,
  with each pack.
* hold: a finished trick kept on the table until the player goes on (Settings: keep each finished trick), with its
  hint, hold-<lang>-<w>x<h>.png.
* handover: pass-and-play with the owner and a second person at one device and a bot: the hand-over screen,
  handover-<lang>-<w>x<h>.png, and the second person's table after it (their hand at the bottom, mid-trick),
  passplay-<lang>-<w>x<h>.png.
* loading: the loading screen of a first visit while Python is on its way (its downloads held back), with the
  game's gist, the bar, How to play and the language menu, loading-<lang>-<w>x<h>.png.
* over: the game's end (one hand played out), its standings and its three ways on (review the last hand, the score
  sheet, a new game), over-<lang>-<w>x<h>.png.

    .venv/bin/python build.py && .venv/bin/python scripts/i18n_screenshots.py [--langs en,de] [--decks swiss,french]
        [--scenes table,review,hold,handover,over,loading] [--sizes 1280x800,390x844]

Chromium: $CHROMIUM_PATH or /usr/bin/chromium (as the e2e tests).
"""
from __future__ import annotations

import argparse
import json
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402
from tools import chromium  # noqa: E402

sys.path.insert(0, str(ROOT / "e2e"))
from jass_e2e import PYTHON_DOWNLOADS, load_catalog  # noqa: E402

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


def context(browser, w: int, h: int, dpr: int):
    return browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=dpr, has_touch=dpr > 1,
                               is_mobile=dpr > 1, locale="en-US")


def play_first_legal(page) -> None:
    card = page.evaluate("window.__jass.state().legal[0]")
    page.locator(f"#hand-buttons button[data-card='{card}']").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("(c) => !window.__jass.state().hand.includes(c)", arg=card, timeout=120_000)


def shoot_review(browser, url: str, w: int, h: int, dpr: int, lang: str, deck: str, path: Path) -> None:
    """The review of a played hand at its last step: the last trick, the settlement, the coach's list."""
    ctx = context(browser, w, h, dpr)
    page = ctx.new_page()
    page.add_init_script("localStorage.setItem('mittlere-jass.tutorial', 'declined')")
    page.goto(f"{url}?speed=instant&seed=41&hands=3&bots=normal,easy&lang={lang}&deck={deck}")
    while True:
        page.wait_for_function("() => { const s = window.__jass && window.__jass.state(); return s && "
                               "((s.phase === 'play' && s.toPlay === 0 && !s.busy) || s.phase === 'hand-over'); }",
                               timeout=120_000)
        if page.evaluate("window.__jass.state().phase") != "play":
            break
        play_first_legal(page)
    page.locator("#btn-hand-review").click()
    page.wait_for_selector("#dlg-review #review-trick[data-trick='0']")
    page.keyboard.press("End")
    page.wait_for_selector("#dlg-review [data-coach=done], #dlg-review [data-coach=none]", timeout=300_000)
    page.screenshot(path=str(path), scale="css")
    print(path.relative_to(ROOT))
    ctx.close()


def shoot_hold(browser, url: str, w: int, h: int, dpr: int, lang: str, path: Path) -> None:
    """A finished trick held on the table (the setting "keep each finished trick"), with the hint how to go on."""
    ctx = context(browser, w, h, dpr)
    ctx.add_init_script("localStorage.setItem('mittlere-jass.tutorial', 'declined');"
                        "localStorage.setItem('mittlere-jass.prefs.v1', JSON.stringify({holdTrick: true}))")
    page = ctx.new_page()
    page.goto(f"{url}?speed=fast&seed=9&hands=3&lang={lang}")
    for _ in range(12):
        page.wait_for_function("() => { const s = window.__jass && window.__jass.state(); "
                               "return s && (!document.querySelector('#hold-hint').hidden "
                               "|| (s.phase === 'play' && s.toPlay === 0 && !s.busy)); }", timeout=120_000)
        if page.locator("#hold-hint").is_visible():
            break
        play_first_legal(page)
    page.wait_for_timeout(600)   # the trick's cards have landed
    page.screenshot(path=str(path), scale="css")
    print(path.relative_to(ROOT))
    ctx.close()


def shoot_over(browser, url: str, w: int, h: int, dpr: int, lang: str, path: Path) -> None:
    """The game-over dialog after a one-hand game."""
    ctx = context(browser, w, h, dpr)
    ctx.add_init_script("localStorage.setItem('mittlere-jass.tutorial', 'declined');")
    page = ctx.new_page()
    page.goto(f"{url}?speed=instant&seed=9&hands=1&lang={lang}")
    while True:
        page.wait_for_function("() => { const s = window.__jass && window.__jass.state(); return s && "
                               "(s.phase === 'game-over' || (s.phase === 'play' && s.toPlay === 0 && !s.busy)); }",
                               timeout=120_000)
        if page.evaluate("window.__jass.state().phase") == "game-over":
            break
        play_first_legal(page)
    page.wait_for_selector("#dlg-over[open]")
    page.wait_for_timeout(400)   # the dialog's entrance
    page.screenshot(path=str(path), scale="css")
    print(path.relative_to(ROOT))
    ctx.close()


PASS_STEP = ("() => { const s = window.__jass && window.__jass.state(); return !!s && (document.body.dataset.handover"
             " === 'true' || (s.phase === 'play' && s.toPlay === s.viewer && !s.busy)); }")


def shoot_handover(browser, url: str, w: int, h: int, dpr: int, lang: str, out: Path) -> None:
    """Pass-and-play: the owner plays until the device goes to the second person (the hand-over screen), who then
    sees their own table, mid-trick."""
    cat = load_catalog(lang)   # the two people are named as the catalog's defaults for a person
    me, other = cat["name.person.1"], cat["name.person.2"]
    ctx = context(browser, w, h, dpr)
    settings = json.dumps({"people": [other, None], "name": me, "bots": ["normal", "normal"], "hands": 12})
    ctx.add_init_script("localStorage.setItem('mittlere-jass.tutorial', 'declined');"
                        f"if (!sessionStorage.getItem('shot')) {{ sessionStorage.setItem('shot', '1');"
                        f" localStorage.setItem('mittlere-jass.settings.v1', {json.dumps(settings)}); }}")
    page = ctx.new_page()
    page.goto(f"{url}?speed=instant&seed=8&lang={lang}")
    handed = False
    for _ in range(40):
        page.wait_for_function(PASS_STEP, timeout=120_000)
        if page.evaluate("document.body.dataset.handover === 'true'"):
            if not handed:
                page.screenshot(path=str(out / f"handover-{lang}-{w}x{h}.png"), scale="css")
                print((out / f"handover-{lang}-{w}x{h}.png").relative_to(ROOT))
                handed = True
            page.locator("#handover button").click()
            page.wait_for_function("() => !document.body.dataset.handover", timeout=120_000)
            continue
        v = page.evaluate("window.__jass.view()")
        if handed and v["viewer"] == 1 and v["trump"] and v["trick"]["cards"]:
            break
        play_first_legal(page)
    page.evaluate("document.activeElement?.blur()")
    page.wait_for_timeout(2500)   # the trump banner fades
    page.screenshot(path=str(out / f"passplay-{lang}-{w}x{h}.png"), scale="css")
    print((out / f"passplay-{lang}-{w}x{h}.png").relative_to(ROOT))
    ctx.close()


def shoot_loading(browser, url: str, w: int, h: int, dpr: int, lang: str, path: Path) -> None:
    ctx = context(browser, w, h, dpr)
    page = ctx.new_page()
    page.route(PYTHON_DOWNLOADS, lambda route: None)   # held: the page stays loading
    page.goto(f"{url}?lang={lang}")
    page.wait_for_function("() => !document.querySelector('#btn-howto-loading').disabled")   # the modules are in
    page.screenshot(path=str(path), scale="css")
    print(path.relative_to(ROOT))
    ctx.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--langs", default="en,de,fr,it,ja")
    ap.add_argument("--decks", default="swiss,french")
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    ap.add_argument("--seed", default="8")
    ap.add_argument("--scenes", default="table,review,hold,handover")
    ap.add_argument("--sizes", default="1280x800,390x844")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    srv = build.make_server(0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{srv.server_address[1]}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium.executable(), args=chromium.args())
        scenes = set(args.scenes.split(","))
        langs, decks = list(filter(None, args.langs.split(","))), list(filter(None, args.decks.split(",")))
        for w, h, dpr in (size for size in SIZES if f"{size[0]}x{size[1]}" in args.sizes.split(",")):
            for lang in langs:
                if "table" in scenes:
                    shoot(browser, url, w, h, dpr, f"&lang={lang}", out / f"table-{lang}-{w}x{h}.png", args.seed)
                if "review" in scenes:
                    for deck in decks:
                        shoot_review(browser, url, w, h, dpr, lang, deck, out / f"review-{lang}-{deck}-{w}x{h}.png")
                if "hold" in scenes:
                    shoot_hold(browser, url, w, h, dpr, lang, out / f"hold-{lang}-{w}x{h}.png")
                if "handover" in scenes:
                    shoot_handover(browser, url, w, h, dpr, lang, out)
                if "loading" in scenes:
                    shoot_loading(browser, url, w, h, dpr, lang, out / f"loading-{lang}-{w}x{h}.png")
                if "over" in scenes:
                    shoot_over(browser, url, w, h, dpr, lang, out / f"over-{lang}-{w}x{h}.png")
            for deck in decks if "table" in scenes else []:
                shoot(browser, url, w, h, dpr, f"&lang=en&deck={deck}", out / f"table-{deck}-{w}x{h}.png", args.seed)
        browser.close()
    srv.shutdown()


if __name__ == "__main__":
    main()
