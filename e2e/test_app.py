"""The built app in Chromium, driven like a person: canvas clicks, keyboard, dialogs. See conftest.py."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import time

import pytest
from playwright.sync_api import expect

from jass_e2e import (
    ARTIFACTS,
    PHONE,
    ROOT,
    PageWatch,
    click_card_on_canvas,
    last_legal,
    next_turn,
    play_until,
    play_via_dom_button,
    state,
    view,
    wait_card_gone,
    wait_my_turn_or_phase,
    wait_painted,
)

TIMEOUT = 60_000
REFUSAL_WORDS = {"must_follow": "follow suit", "must_trump": "play a trump", "undertrump": "may not undertrump",
                 "not_in_hand": "do not hold"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


@pytest.mark.fresh_context   # a first load: every download is seen
def test_loads_a_playable_table(open_app, page, watch):
    # the language's catalog comes late (a slow network): the card faces painted meanwhile in idle time must not stay
    # with the catalog's keys in their corners ("deck.idx.K" was seen on a first visit in English)
    page.route("**/i18n/locales/en.js", lambda route: (time.sleep(1.0), route.continue_()))
    open_app("?speed=instant&seed=3")
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#table")).to_be_visible()
    v = view(page)
    assert v["phase"] == "play" and len(v["hand"]) == 12
    buttons = page.locator("#hand-buttons button[data-card]")
    expect(buttons).to_have_count(12)
    assert [b.get_attribute("data-card") for b in buttons.all()] == v["hand"]  # the engine's order
    wait_my_turn_or_phase(page)
    v = view(page)
    for b in buttons.all():
        legal = b.get_attribute("data-card") in v["legal"]
        assert b.get_attribute("aria-disabled") == ("false" if legal else "true")
    expect(page.locator("[role=log]")).to_contain_text("Hand 1 of 12")
    # the request watch sees the worker's downloads too (so "no request leaves 127.0.0.1" covers them)
    assert any(u.endswith(("pyodide.asm.wasm.zst", "pyodide.asm.wasm.gz")) for u in watch.requests), watch.requests
    # Pyodide's JavaScript half comes compressed too: the plain pyodide.asm.mjs (the lab's) is not downloaded
    assert any(u.endswith(("pyodide.asm.mjs.zst", "pyodide.asm.mjs.gz")) for u in watch.requests), watch.requests
    assert not any(u.endswith("pyodide.asm.mjs") for u in watch.requests), watch.requests
    assert any(u.endswith(".whl") for u in watch.requests), watch.requests
    page.wait_for_function("() => document.querySelectorAll('#hand-buttons button').length === 12")
    wait_painted(page)
    assert page.evaluate("window.__jass.staleFaces()") == []
    # the canvas is crisp: its backing store follows devicePixelRatio
    w, cw, dpr = page.evaluate("[document.querySelector('#table').width, document.querySelector('#table').clientWidth, devicePixelRatio]")
    assert abs(w - cw * dpr) <= 1


@pytest.mark.long_flow
def test_full_hand_by_clicking_the_canvas(open_app, page, watch):
    open_app("?speed=instant&seed=11&hands=3&bots=normal,easy")
    assert play_until(page, way="canvas", pick=last_legal, timeout=TIMEOUT).cards == 12
    expect(page.locator("body")).to_have_attribute("data-phase", "hand-over")
    dlg = page.locator("#dlg-hand")
    expect(dlg).to_be_visible()
    r = view(page)["hand_result"]
    # the settlement in words: every seat the case is about, by name, or as "you" for the player (issue 25)
    names = [p["name"] for p in view(page)["players"]]
    case = dlg.locator("p.case")
    for seat in {s for v in r["roles"].values() for s in (v if isinstance(v, list) else [v])}:
        expect(case).to_contain_text(re.compile(r"\byou\b" if seat == 0 else rf"\b{names[seat]}\b"))
    for seat in range(3):
        row = dlg.locator(f"tr[data-seat='{seat}']")
        bonus = " (+5)" if seat == r["last_trick_bonus_seat"] else ""   # the last trick's 5 points, marked
        expect(row.locator("[data-field=points]")).to_have_text(f"{r['card_points'][seat]}{bonus}")
        expect(row.locator("[data-field=tricks]")).to_have_text(str(r["tricks"][seat]))
    assert sum(r["card_points"]) == 157
    log = page.locator("[role=log]")
    expect(log).to_contain_text("wins the trick")
    expect(log).to_contain_text("is trump — fixed by")
    expect(log).to_contain_text("Hand 1 over")
    # next hand from the summary
    page.get_by_role("button", name="Next hand").click()
    page.wait_for_function("() => window.__jass.state().handNo === 2 && document.body.dataset.phase === 'play'", timeout=TIMEOUT)


# Marks each hand button with the turn it was seen at -> how many of them were already there at the turn before, how
# many there are, and whether the focus is in the hand
SEEN_JS = """(n) => { const bs = [...document.querySelectorAll('#hand-buttons button')];
  const kept = bs.filter((b) => b._jassSeen === n - 1).length;
  for (const b of bs) b._jassSeen = n;
  return { kept, all: bs.length, inHand: !!document.activeElement?.closest('#hand-buttons') }; }"""


def test_full_hand_by_keyboard(open_app, page, watch):
    open_app("?speed=instant&seed=21&hands=3")
    played = 0
    while wait_my_turn_or_phase(page, TIMEOUT) == "turn":
        # the hand's buttons are the same elements from turn to turn (a screen reader keeps its place), and the focus
        # stays in the hand when the card played leaves it
        seen = page.evaluate(SEEN_JS, played)
        if played:
            assert seen == {"kept": seen["all"], "all": 12 - played, "inHand": True}, seen
        s = state(page)
        target = s["hand"].index(s["legal"][0])
        if s["selected"] < 0:
            page.keyboard.press("ArrowRight")   # the first arrow selects the first card
            s = state(page)
        delta = target - s["selected"]
        for _ in range(abs(delta)):
            page.keyboard.press("ArrowRight" if delta > 0 else "ArrowLeft")
        assert state(page)["selected"] == target
        focused = page.evaluate("document.activeElement?.dataset?.card")
        assert focused == s["hand"][target], "the keyboard selection has the DOM focus"
        page.keyboard.press("Enter" if played % 2 == 0 else " ")
        wait_card_gone(page, s["hand"][target])
        played += 1
    assert played == 12
    expect(page.locator("#dlg-hand")).to_be_visible()


def test_illegal_click_shows_the_engines_reason(open_app, page, watch):
    for seed in range(1, 30):
        open_app(f"?speed=instant&seed={seed}&hands=3")
        for _ in range(12):
            if wait_my_turn_or_phase(page, TIMEOUT) != "turn":
                break
            s = state(page)
            illegal = [c for c in s["hand"] if c not in s["legal"]]
            if illegal:
                card = illegal[0]
                why = page.evaluate("(c) => window.__jass.ask({cmd: 'why', card: c})", card)
                assert why["legal"] is False and why["code"] in REFUSAL_WORDS, why
                btn = page.locator(f"#hand-buttons button[data-card='{card}']")
                expect(btn).to_have_attribute("aria-disabled", "true")
                click_card_on_canvas(page, card)
                toast = page.locator("#toast")
                expect(toast).to_be_visible()
                # the engine's code and params, in the player's words
                expect(toast).to_contain_text(REFUSAL_WORDS[why["code"]])
                for key in ("suit", "trump"):
                    if why["params"].get(key):
                        expect(toast).to_contain_text(SUIT_NAMES[why["params"][key]])
                assert card in state(page)["hand"], "an illegal card stays in the hand"
                expect(page.locator("[role=log]")).to_contain_text(toast.text_content())
                return
            card = s["legal"][0]
            play_via_dom_button(page, card)
    raise AssertionError("no deal with an illegal card found")


@pytest.mark.long_flow
def test_whole_game_at_instant_speed_matches_the_engines_settlement(open_app, page, watch):
    open_app("?speed=instant&seed=2024&hands=12&bots=normal,normal")
    hands_seen, played = 0, None
    while True:
        # the first legal card each turn, by keyboard (its button focused, Enter): one round trip to the page and a
        # key press per card
        turn = next_turn(page, played, 120_000)
        what, played = turn["what"], turn["card"]
        if what == "turn":
            page.keyboard.press("Enter")
        elif what == "hand-over":
            hands_seen += 1
            dlg = page.locator("#dlg-hand")
            expect(dlg).to_be_visible()
            dlg.get_by_role("button", name="Next hand").click()
            page.wait_for_function("() => document.body.dataset.phase !== 'hand-over'", timeout=TIMEOUT)
        else:
            break
    assert what == "game-over"
    v = view(page)
    assert len(v["history"]) == 12 and hands_seen == 11
    over = page.locator("#dlg-over")
    expect(over).to_be_visible()
    expect(over).to_contain_text("Game over")
    # standings shown = the engine's nets; winners starred
    for seat in range(3):
        expect(over.locator(f"tr[data-seat='{seat}'] .net-value")).to_have_text(signed(v["scores"]["net"][seat]))
    for seat in v["winners"]:
        expect(over.locator(f"tr[data-seat='{seat}']")).to_contain_text("★")

    # the chalk score sheet agrees with every hand's settlement
    over.get_by_role("button", name="Score sheet").click()
    sheet = page.locator("#dlg-sheet")
    expect(sheet).to_be_visible()
    totals = [sum(h["settlement"][s] for h in v["history"]) for s in range(3)]
    strokes = [sum(h["strokes"][s] for h in v["history"]) for s in range(3)]
    zeros = [sum(h["zeros"][s] for h in v["history"]) for s in range(3)]
    assert totals == v["scores"]["net"]
    for seat in range(3):
        col = sheet.locator(f".chalk-col[data-seat='{seat}']")
        expect(col.locator(".net-value")).to_have_text(signed(totals[seat]))
        assert col.locator(".tally.strokes").inner_text().replace(" ", "").count("|") == strokes[seat]
        assert col.locator(".tally.zeros").inner_text().count("○") == zeros[seat]
    rows = sheet.locator("table.chalk-hands tbody tr")
    expect(rows).to_have_count(12)
    for i, h in enumerate(v["history"]):
        cells = rows.nth(i).locator("td[data-value]")
        assert [int(cells.nth(s).get_attribute("data-value")) for s in range(3)] == h["settlement"]

    # replaying every hand record through the engine's own CLI gives the same settlement
    rec = page.evaluate("window.__jass.ask({cmd: 'records'})")
    assert rec["ok"] and len(rec["records"]) == 12
    lines = "\n".join(json.dumps(r) for r in rec["records"]) + "\n"
    out = subprocess.run([sys.executable, "-m", "engine", "replay", "--batch"], input=lines, text=True,
                         capture_output=True, cwd=ROOT, check=True).stdout.strip().splitlines()
    replays = [json.loads(line) for line in out]
    assert [r["settlement"] for r in replays] == [h["settlement"] for h in v["history"]]
    assert [r["card_points"] for r in replays] == [h["card_points"] for h in v["history"]]

    # Pyodide dealt exactly what CPython deals for the same seed (docs/seeding.md)
    from engine.cards import codes_of
    from engine.deal import deal, first_dealer
    assert rec["records"][0]["dealer"] == first_dealer(2024)
    for k, r in enumerate(rec["records"]):
        assert r["hands"] == [codes_of(h) for h in deal(2024, k, r["dealer"])]

    # new game from the game-over screen
    sheet.get_by_role("button", name="Close").click()
    over.get_by_role("button", name="New game").click()
    new = page.locator("#dlg-new")
    expect(new).to_be_visible()
    new.get_by_role("button", name="Start game").click()
    page.wait_for_function("() => document.body.dataset.phase === 'play' && window.__jass.view().history.length === 0", timeout=TIMEOUT)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def test_new_game_dialog_and_settings(open_app, page, watch):
    open_app("?speed=instant")
    page.get_by_role("button", name="New game").click()
    dlg = page.locator("#dlg-new")
    expect(dlg).to_be_visible()
    opts = dlg.locator("#ng-hands option")
    assert [o.get_attribute("value") for o in opts.all()] == ["3", "6", "9", "12", "24"]
    expect(dlg.locator("#ng-hands")).to_have_value("12")
    levels = page.evaluate("window.__jass.ask({cmd: 'hello'})")["levels"]
    # each other seat: a bot level, or a person on this device (pass-and-play, e2e/test_passplay.py)
    assert [o.get_attribute("value") for o in dlg.locator("#ng-bot1 option").all()] == [*levels, "person"]
    assert [o.text_content() for o in dlg.locator("#ng-bot1 option").all()] == [lv.capitalize() for lv in levels] + ["A person on this device"]
    dlg.locator("#ng-hands").select_option("3")
    dlg.locator("#ng-bot1").select_option("random")
    dlg.locator("#ng-bot2").select_option("easy")
    dlg.locator("#ng-seed").fill("777")
    dlg.get_by_role("button", name="Start game").click()
    page.wait_for_function("() => window.__jass.view().hands_total === 3", timeout=TIMEOUT)
    v = view(page)
    assert [p["bot"] for p in v["players"]] == [None, "random", "easy"]
    first_hand = v["hand"]
    # the same seed deals the same cards
    page.get_by_role("button", name="New game").click()
    page.locator("#dlg-new").get_by_role("button", name="Start game").click()
    page.wait_for_function("() => window.__jass.view().history.length === 0 && document.body.dataset.phase === 'play'", timeout=TIMEOUT)
    assert sorted(view(page)["hand"]) == sorted(first_hand)
    # the speed setting persists across reloads (localStorage)
    page.locator("#speed").select_option("slow")
    page.goto(page.url.split("?")[0])
    page.wait_for_function("() => document.body.dataset.phase === 'play'", timeout=TIMEOUT)
    expect(page.locator("#speed")).to_have_value("slow")
    assert view(page)["hands_total"] == 3


def test_last_trick_peek_and_score_sheet_any_time(open_app, page, watch):
    open_app("?speed=instant&seed=5&hands=3")
    expect(page.get_by_role("button", name="Last trick")).to_be_disabled()
    for _ in range(2):
        wait_my_turn_or_phase(page)
        card = state(page)["legal"][0]
        play_via_dom_button(page, card)
    wait_my_turn_or_phase(page)
    # a hint comes from the engine and names one of the legal cards
    page.get_by_role("button", name="Hint").click()
    expect(page.locator("#hint")).to_contain_text("Hint:")
    s = state(page)
    assert s["hand"][s["selected"]] in s["legal"]
    peek = page.get_by_role("button", name="Last trick")
    expect(peek).to_be_enabled()
    frames = page.evaluate("window.__jass.table().frames")
    peek.click()
    expect(peek).to_have_attribute("aria-pressed", "true")
    assert state(page)["peek"] is True
    # the peek's texts (its title, the names under its cards) too are in fonts the renderer warmed up ahead
    page.wait_for_function("(n) => window.__jass.table().frames > n", arg=frames)   # the peek is drawn
    assert page.evaluate("window.__jass.table().unplannedFonts") == []
    peek.click()
    expect(peek).to_have_attribute("aria-pressed", "false")
    page.get_by_role("button", name="Score sheet").click()
    sheet = page.locator("#dlg-sheet")
    expect(sheet).to_be_visible()
    expect(sheet).to_contain_text("No hand finished yet.")
    sheet.get_by_role("button", name="Close").click()
    expect(sheet).to_be_hidden()


def test_phone_portrait_layout_and_touch(warm_contexts, site):
    """A phone in portrait (390x844, DPR 3, touch): the whole hand is reachable and a tap plays a card."""
    page = warm_contexts.page(**PHONE)
    w = PageWatch(page)
    try:
        page.goto(site + "?speed=instant&seed=8")
        page.wait_for_function("() => document.body.dataset.phase === 'play'", timeout=TIMEOUT)
        wait_my_turn_or_phase(page)
        w_px, cw, dpr = page.evaluate("[document.querySelector('#table').width, document.querySelector('#table').clientWidth, devicePixelRatio]")
        assert dpr == 3 and abs(w_px - cw * 3) <= 1
        rects = page.evaluate("window.__jass.cardRects()")
        assert len(rects) == 12
        for r in rects:
            assert r["x"] is not None and 0 <= r["x"] <= 390 and 0 <= r["y"] <= 844, r
            assert r["cy"] + r["h"] / 2 <= 844 + 2, "a hand card runs off the bottom of the screen"
        # the toolbar: the title, then one row of labelled buttons (issue 12: the title does not vanish)
        expect(page.locator(".brand")).to_be_visible()
        assert page.locator(".topbar").bounding_box()["height"] < 100
        card = state(page)["legal"][0]
        r = next(r for r in rects if r["card"] == card)
        page.touchscreen.tap(r["x"], r["y"])
        wait_card_gone(page, card)
        # How to play says "tap" a card here (on a desktop: "click")
        page.locator("#btn-howto").tap()
        expect(page.locator("#dlg-howto")).to_contain_text("Tap a card to play it")
        page.keyboard.press("Escape")
        assert not w.foreign(), w.foreign()
        assert not w.errors, w.errors
    except Exception:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "test_phone_portrait_layout_and_touch.png"))
        raise
    finally:
        warm_contexts.release(page)


@pytest.mark.fresh_context   # the engine's download must reach the network (no cache may answer it)
def test_load_failure_shows_message_and_retry_works(page, site, watch):
    page.route("**/engine/*.whl", lambda route: route.abort())
    page.goto(site)
    page.wait_for_function("() => document.body.dataset.phase === 'error'", timeout=TIMEOUT)
    expect(page.locator("#loading-error")).to_be_visible()
    expect(page.locator("#loading-error")).to_contain_text("could not be loaded")
    expect(page.locator("#loading-error")).to_contain_text("Could not download the game engine")
    # what the player may do, in the player's words (it spoke of http(s) and the built dist/ folder)
    expect(page.locator("#loading-error .err-help")).to_have_text(
        "Nothing you saved is lost. Press Retry; if the game still does not load, try again later, or press Reset "
        "settings in case a setting stops it.")
    page.unroute("**/engine/*.whl")
    watch.errors.clear()   # the refused download is expected to log a network error
    page.get_by_role("button", name="Retry").click()
    page.wait_for_function("() => document.body.dataset.phase === 'play'", timeout=TIMEOUT)
    expect(page.locator("#loading")).to_be_hidden()


def test_works_from_a_sub_path(page, site, watch):
    """dist/ uses relative URLs only: served one level down (/dist/) it still loads and plays."""
    import threading

    import build
    srv = build.make_server(0, directory=ROOT)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        page.goto(f"http://127.0.0.1:{srv.server_address[1]}/dist/?speed=instant&seed=4")
        page.wait_for_function("() => document.body.dataset.phase === 'play'", timeout=TIMEOUT)
        # (blob: the worker imports Pyodide's JavaScript half from the gzipped copy it downloaded)
        wrong = [u for u in watch.requests if "/dist/" not in u and not u.startswith("blob:")]
        assert not wrong, wrong
        wait_my_turn_or_phase(page)
        card = state(page)["legal"][0]
        click_card_on_canvas(page, card)
        wait_card_gone(page, card)
    finally:
        srv.shutdown()
        srv.server_close()
