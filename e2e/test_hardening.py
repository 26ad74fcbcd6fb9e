"""Hardening: no input locks the game, a dead engine worker is noticed and the game goes on, every dialog leaves a
way on, and a seeded monkey finds no dead end. See conftest.py for the fixtures."""
from __future__ import annotations

import json
import os
import random
import time

import pytest
from playwright.sync_api import expect

from jass_e2e import ROOT, play_until, play_via_dom_button, state, view, wait_my_turn_or_phase

TIMEOUT = 60_000


def wait_playing(page, timeout=TIMEOUT) -> None:
    page.wait_for_function("() => document.body.dataset.phase === 'play' && window.__jass", timeout=timeout)


def cpython_first_hand(seed: str) -> list[str]:
    """Seat 0's first hand for this seed, as CPython's engine deals it."""
    import sys
    sys.path.insert(0, str(ROOT))
    from engine.cards import codes_of
    from engine.deal import deal, first_dealer
    return sorted(codes_of(deal(seed, 0, first_dealer(seed))[0]))


# ------------------------------------------------------------------------------------------------ seeds and settings
@pytest.mark.parametrize("seed", ["--5", "²", "12345678901234567891", "9007199254740993", "  seed with spaces "])
def test_any_seed_from_the_url_plays_exactly_that_seed(open_app, page, seed):
    from urllib.parse import quote
    open_app(f"?speed=instant&hands=3&seed={quote(seed)}")
    v = view(page)
    assert v["seed"] == seed.strip()
    assert sorted(v["hand"]) == cpython_first_hand(seed.strip())


@pytest.mark.parametrize("query", ["hands=1e9", "hands=241", "hands=1.5", "hands=0", "hands=-3", "bots=foo,bar",
                                   "bots=normal", "seed=" + "7" * 5000])
def test_a_bad_url_setting_falls_back_to_the_defaults_with_a_notice(open_app, page, query):
    # the player's own settings (6 hands, a seed, a hard bot) are stored; the URL's bad setting is for this visit only
    mine = {"hands": 6, "seed": "mine7", "name": "Anna",
            "seats": [{"kind": "me"}, {"kind": "bot", "level": "hard"}, {"kind": "bot", "level": "easy"}]}
    page.add_init_script(f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1'); "
                         f"localStorage.setItem('mittlere-jass.settings.v1', {json.dumps(json.dumps(mine))}); }}")
    open_app(f"?speed=instant&{query}")
    expect(page.locator("#toast")).to_be_visible()
    expect(page.locator("#toast")).to_contain_text("default settings")
    v = view(page)
    assert v["phase"] == "play" and len(v["hand"]) == 12
    assert v["hands_total"] == 12
    saved = page.evaluate("JSON.parse(localStorage.getItem('mittlere-jass.settings.v1'))")
    assert {k: saved.get(k) for k in mine} == mine, "a URL's setting must not write over the saved settings"


def test_a_bad_seed_typed_in_new_game_is_played_and_survives_a_reload(open_app, page, site):
    open_app("?speed=instant")
    page.locator("#btn-new").click()
    page.locator("#ng-seed").fill("--5")
    page.locator("#dlg-new button[type=submit]").click()
    page.wait_for_function("() => window.__jass.view()?.seed === '--5' && document.body.dataset.phase === 'play'",
                           timeout=TIMEOUT)
    page.goto(site + "?speed=instant")   # the saved seed is used again on the next visit
    wait_playing(page)
    assert view(page)["seed"] == "--5"


def test_stored_settings_that_make_no_sense_do_not_lock_the_game(page, site, watch):
    bad = json.dumps({"speed": "warp", "hands": "x", "bots": [1, None], "seed": {"a": 1}})
    page.add_init_script(f"localStorage.setItem('mittlere-jass.settings.v1', {json.dumps(bad)})")
    page.goto(site)
    wait_playing(page)
    assert len(view(page)["hand"]) == 12


def test_settings_from_before_one_seat_list_still_seat_everyone(page, site, watch):
    # settings written before they held one `seats` list: the levels in `bots`, a person's name in `people`
    old = json.dumps({"hands": 3, "bots": ["easy", "hard"], "people": ["Ben", None], "name": "Anna", "seed": "old1"})
    page.add_init_script(f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1'); "
                         f"localStorage.setItem('mittlere-jass.settings.v1', {json.dumps(old)}); }}")
    page.goto(site + "?speed=instant")
    page.wait_for_function("() => window.__jass.view()?.players?.length === 3", timeout=TIMEOUT)
    v = view(page)
    assert [p["kind"] for p in v["players"]] == ["me", "person", "bot"]
    assert [p["name"] for p in v["players"]][:2] == ["Anna", "Ben"] and v["players"][2]["bot"] == "hard"
    saved = page.evaluate("JSON.parse(localStorage.getItem('mittlere-jass.settings.v1'))")
    if "seats" in saved:   # written again in today's form (only once something changes them)
        assert saved["seats"][1] == {"kind": "person", "name": "Ben", "level": "easy"}


@pytest.mark.fresh_context   # the wheel's download must reach the network (no cache may answer it)
def test_error_screen_offers_reset_settings(page, site, watch):
    # a wheel that cannot be loaded ends on the error screen: Reset settings and Retry are both offered
    page.route("**/*.whl", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(site + "?speed=instant")
    page.wait_for_function("() => document.body.dataset.phase === 'error'", timeout=TIMEOUT)
    expect(page.locator("#btn-reset")).to_be_visible()
    expect(page.locator("#btn-retry")).to_be_visible()
    page.unroute("**/*.whl")
    page.evaluate("localStorage.setItem('mittlere-jass.settings.v1', JSON.stringify({hands: 3}))")
    page.locator("#btn-reset").click()
    wait_playing(page)
    assert page.evaluate("localStorage.getItem('mittlere-jass.settings.v1')") is None or view(page)["hands_total"] == 12
    watch.errors.clear()   # the deliberate 404 is logged by the browser


# ------------------------------------------------------------------------------------------------ dialogs: a way on
def test_escape_on_the_hand_summary_leaves_a_way_on(open_app, page):
    open_app("?speed=instant&seed=8&hands=3")
    assert play_until(page, timeout=TIMEOUT).what == "hand-over"
    expect(page.locator("#dlg-hand")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-hand")).to_be_hidden()
    cont = page.locator("#btn-continue")
    expect(cont).to_be_visible()
    expect(cont).to_have_text("Next hand")
    cont.click()
    expect(page.locator("#dlg-hand")).to_be_visible()
    page.locator("#btn-next").click()
    page.wait_for_function("() => window.__jass.state().handNo >= 2 && document.body.dataset.phase === 'play'",
                           timeout=TIMEOUT)
    expect(cont).to_be_hidden()


def test_escape_on_game_over_leaves_a_usable_table(open_app, page):
    open_app("?speed=instant&seed=8&hands=1")
    while play_until(page, timeout=TIMEOUT).what == "hand-over":   # an annulled hand is dealt again
        page.locator("#btn-next").click()
    expect(page.locator("#dlg-over")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-over")).to_be_hidden()
    cont = page.locator("#btn-continue")
    expect(cont).to_have_text("Result")
    cont.click()
    expect(page.locator("#dlg-over")).to_be_visible()
    page.locator("#btn-over-new").click()
    expect(page.locator("#dlg-new")).to_be_visible()
    page.locator("#dlg-new button[type=submit]").click()
    wait_playing(page)


# ------------------------------------------------------------------------------------------------ a dead worker
def table_position(page) -> dict:
    v = view(page)
    return {k: v[k] for k in ("hand_no", "hand", "counts", "trick", "trump", "tricks_won", "points_taken", "scores",
                              "to_play", "phase")}


def wait_recovered(page, timeout=TIMEOUT) -> float:
    page.wait_for_function("() => window.__jass.recovery().recoveredAt !== null && !window.__jass.state().busy "
                           "|| document.body.dataset.phase !== 'play'", timeout=timeout)
    return page.evaluate("window.__jass.recovery().recoveredAt")


def test_worker_killed_at_my_turn_the_game_goes_on_at_the_same_position(open_app, page):
    open_app("?speed=instant&seed=31&hands=3")
    for _ in range(2):   # a few cards into the hand
        wait_my_turn_or_phase(page)
        play_via_dom_button(page, state(page)["legal"][0])
    assert wait_my_turn_or_phase(page) == "turn"
    before = table_position(page)
    t_kill = page.evaluate("(() => { window.__jass.killWorker(); return performance.now(); })()")
    recovered = wait_recovered(page)
    expect(page.locator("#toast")).to_contain_text("restarted")
    assert table_position(page) == before
    print(f"\nrecovery after a worker kill at the player's turn: {(recovered - t_kill) / 1000:.2f} s")
    # and the game goes on
    assert wait_my_turn_or_phase(page) == "turn"
    play_via_dom_button(page, state(page)["legal"][0])
    assert wait_my_turn_or_phase(page) in ("turn", "hand-over")


@pytest.mark.long_flow
def test_worker_killed_at_a_bots_turn_the_game_goes_on(open_app, page):
    open_app("?speed=normal&seed=32&hands=3")
    for _ in range(12):   # play until a card of ours hands the turn to a bot (winning a trick keeps the lead)
        assert wait_my_turn_or_phase(page) == "turn"
        hand_before = state(page)["hand"]
        card = state(page)["legal"][0]
        play_via_dom_button(page, card)
        page.wait_for_function("""() => { const s = window.__jass.state();
            return (s.toPlay === 1 || s.toPlay === 2) || (s.toPlay === 0 && !s.busy) || s.phase !== 'play'; }""",
                               timeout=TIMEOUT)
        if state(page)["toPlay"] in (1, 2):
            break
    else:
        raise AssertionError("no bot's turn came after one of our cards")
    # the bots think now (the kill lands during their pause or their request)
    t_kill = page.evaluate("(() => { window.__jass.killWorker(); return performance.now(); })()")
    recovered = wait_recovered(page)
    print(f"\nrecovery after a worker kill at a bot's turn: {(recovered - t_kill) / 1000:.2f} s")
    assert state(page)["hand"] == [c for c in hand_before if c != card]
    assert wait_my_turn_or_phase(page) in ("turn", "hand-over")
    assert page.evaluate("document.body.dataset.phase") != "error"


@pytest.mark.long_flow
def test_a_worker_that_keeps_dying_ends_on_the_error_screen(open_app, page, watch):
    open_app("?speed=instant&seed=33")
    wait_my_turn_or_phase(page)
    for _ in range(4):
        deaths = page.evaluate("window.__jass.recovery().deaths")
        page.evaluate("window.__jass.killWorker()")
        page.wait_for_function("(n) => window.__jass.recovery().deaths > n || document.body.dataset.phase === 'error'",
                               arg=deaths, timeout=TIMEOUT)
        page.wait_for_function("() => !window.__jass.state().busy || document.body.dataset.phase === 'error'",
                               timeout=TIMEOUT)
        if page.evaluate("document.body.dataset.phase") == "error":
            break
    expect(page.locator("#loading-error")).to_be_visible()
    expect(page.locator("#btn-retry")).to_be_visible()


# ------------------------------------------------------------------------------------------------ the monkey
MONKEY_ACTIONS = 200     # the monkey stops after this many actions or MONKEY_SECONDS, whichever comes first
MONKEY_SECONDS = 240
# What the monkey looks at after each action: the table's state, the phase, whether something waits for an answer
# (an open dialog or a visible coach button) and whether the hand or game summary offers a way on. "Visible" as
# Playwright's :visible means it (a box with a size, not visibility: hidden).
MONKEY_LOOK = """() => {
  const visible = (sel) => [...document.querySelectorAll(sel)].some((el) => el.checkVisibility({visibilityProperty: true}));
  return {state: window.__jass.state(), phase: document.body.dataset.phase,
          answer: !!document.querySelector('dialog[open]') || visible('#coach:not([hidden]) button'),
          continue: !!document.querySelector('dialog[open]') || visible('#btn-continue')};
}"""


@pytest.mark.long_flow
@pytest.mark.parametrize("patient", [False, True], ids=["hasty", "patient"])
def test_seeded_monkey_finds_no_dead_end(open_app, page, watch, patient):
    """Random clicks, taps, keys, resizes and dialog actions; the game keeps going and always has a way on. The
    patient monkey waits (up to 3 s) for its turn before it plays a card, so it gets through several hands; it
    answers a coach mark that holds the game (the first hand with a coach) as a player would."""
    rng = random.Random(int(os.environ.get("MONKEY_SEED", "20261130")))   # another seed: MONKEY_SEED=7 pytest …
    # the hasty monkey acts amid the animations (fast); the patient one plays at instant speed, so its waits for its
    # turn are short and it gets through more hands
    open_app(f"?speed={'instant' if patient else 'fast'}&seed=404&hands=24")
    sizes = [(1280, 800), (390, 844), (844, 390), (1024, 600), (768, 1024)]
    keys = ["ArrowLeft", "ArrowRight", "Enter", " ", "Escape", "Home", "End", "Tab"]
    actions = dead_ends = cards_played = 0
    stuck: dict = {}
    hands_seen = {state(page)["handNo"]}
    stuck_since = None
    busy_since, busy_position = 0.0, None
    deadline = time.monotonic() + MONKEY_SECONDS
    while actions < MONKEY_ACTIONS and time.monotonic() < deadline:
        actions += 1
        roll = rng.random()
        vp = page.viewport_size
        try:
            if roll < 0.30:      # click or tap somewhere on the table
                page.mouse.click(rng.uniform(0, vp["width"] - 1), rng.uniform(0, vp["height"] - 1))
            elif roll < 0.65:    # a legal card (so the game moves on); an open dialog is closed first
                if patient:
                    # (an open dialog ends the wait too: How to play holds the table until it is closed, and the
                    # monkey closes it below)
                    # (an open dialog or a coach mark with a button ends the wait too: How to play and the first
                    # hand's "trump is fixed" mark hold the table until the player answers, which the monkey does below)
                    page.wait_for_function("""() => { const s = window.__jass.state();
                        return s.phase !== 'play' || (s.toPlay === 0 && !s.busy && s.legal.length > 0)
                            || !!document.querySelector('dialog[open], #coach:not([hidden]) button'); }""",
                                           timeout=3_000)
                s = state(page)
                if page.locator("dialog[open]").count():
                    page.keyboard.press("Escape")
                elif s["busy"] and page.locator("#coach:not([hidden]) button:visible").count():
                    page.locator("#coach:not([hidden]) button:visible").first.click(timeout=5_000)
                elif s["phase"] == "play" and s["toPlay"] == 0 and not s["busy"] and s["legal"]:
                    card = rng.choice(s["legal"])
                    page.locator(f"#hand-buttons button[data-card='{card}']").focus()
                    page.keyboard.press("Enter")
                    page.wait_for_function("(c) => !window.__jass.state().hand.includes(c)", arg=card, timeout=10_000)
                    cards_played += 1
            elif roll < 0.80:
                page.keyboard.press(rng.choice(keys))
            elif roll < 0.83:
                w, h = rng.choice(sizes)
                page.set_viewport_size({"width": w, "height": h})
            else:                # a visible button: in the open dialog if there is one, else the toolbar
                # (not the bot lab: another page with its own tests, e2e/test_lab.py)
                buttons = page.locator("dialog[open] button:visible:not([data-for='btn-lab'])")
                if not buttons.count():   # the toolbar and the coach's buttons
                    buttons = page.locator(".topbar button:visible:enabled:not(#btn-lab), #coach button:visible")
                n = buttons.count()
                if n:
                    # (a button that does not take a click within a second, e.g. one moving away, is passed by)
                    buttons.nth(rng.randrange(n)).click(timeout=1_000)
        except Exception as e:  # an element that moved away between look and click is fine; anything else is not
            if "Timeout" not in type(e).__name__ and "timeout" not in str(e).lower():
                raise
        page.wait_for_timeout(rng.choice([0, 20, 80]))
        # a way on from every phase (read in one call: the monkey's pace is set by these round trips)
        seen = page.evaluate(MONKEY_LOOK)
        s, phase = seen["state"], seen["phase"]
        assert phase != "error", "the monkey reached the error screen"
        # a way on: the player's turn, a bot's turn or the table busy (animating, a bot thinking), a dialog, or a
        # coach mark to answer; "busy" is a way on only while something happens: the same busy position for over
        # 10 s with nothing to answer counts as stuck below
        answer = seen["answer"]
        ok = (phase == "play" and (s["busy"] or s["toPlay"] != 0 or bool(s["legal"]))) \
            or phase in ("hand-over", "game-over") and seen["continue"] \
            or answer
        position = (s["handNo"], len(s["hand"]), s["toPlay"], s["busy"])
        if ok and s["busy"] and not answer:
            busy_since = busy_since if busy_position == position else time.monotonic()
            busy_position = position
            ok = time.monotonic() - busy_since <= 10
        else:
            busy_position = None
        if ok:
            stuck_since = None
        else:
            stuck_since = stuck_since or time.monotonic()
            if time.monotonic() - stuck_since > 10:
                dead_ends += 1
                stuck = {"page": phase, "state": s, "engine": page.evaluate(
                    "(() => { const v = window.__jass.view(); return v && {phase: v.phase, to_play: v.to_play, "
                    "legal: v.legal, hand_no: v.hand_no}; })()"),
                    "toolbar": page.eval_on_selector_all(".topbar button:visible", "bs => bs.map((b) => b.id)")}
                break
        hands_seen.add(s["handNo"])
    print(f"\nmonkey: {actions} actions, {cards_played} cards played by it, {len(hands_seen)} hand numbers seen, "
          f"{dead_ends} dead ends")
    assert dead_ends == 0, f"dead end: {stuck}"
    assert cards_played >= 3, "the game did not progress under the monkey"   # 5 on a quiet machine


def test_a_page_in_another_sites_frame_plays_no_game_and_links_to_its_own_tab(page, site, watch):
    """Framed (here by about:blank, a foreign page): no engine, no game, no "Play here" over the player's own tab;
    the loading screen says why, in the player's language, with a link that opens the game in a tab of its own."""
    workers = []
    page.on("worker", lambda w: workers.append(w.url))
    page.set_content(f'<iframe src="{site}?lang=de" style="width:390px;height:700px"></iframe>')
    frame = page.frame_locator("iframe")
    expect(frame.locator("#framed")).to_have_text(
        "Mittlere Jass läuft in einem eigenen Tab, nicht in einer anderen Seite: Dein Spiel und deine Spielstände "
        "bleiben deine.")
    link = frame.locator("#framed-open")
    expect(link).to_have_text("Mittlere Jass öffnen")
    assert link.get_attribute("href") == f"{site}?lang=de" and link.get_attribute("target") == "_blank"
    expect(frame.locator("#loading-bar")).to_be_hidden()
    inner = page.frames[1]
    assert inner.evaluate("() => document.body.dataset.phase") == "framed"
    assert inner.evaluate("() => window.__jass === undefined")
    assert not [w for w in workers if "worker" in w and "sw.js" not in w], workers
    # the browser's own word on a cross-origin frame's autofocus (index.html's buttons), not the app's
    watch.errors[:] = [e for e in watch.errors if "Blocked autofocusing" not in e]
