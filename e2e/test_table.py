"""The table as a player sees it (issue 12): both decks, turn and trick marks, motion, sound, touch, edges."""
from __future__ import annotations

import base64
import json
import re

import pytest
from playwright.sync_api import expect

from jass_e2e import (
    ARTIFACTS,
    DESKTOP,
    PHONE,
    PageWatch,
    last_legal,
    load_catalog,
    play_card,
    play_until,
    state,
    toolbar_click,
    wait_my_turn_or_phase,
    wait_painted,
)

TIMEOUT = 60_000

# the pixels of one card of the canvas (device pixels around its centre), as a flat list of RGB values
CARD_PIXELS = """(i) => {
  const c = document.querySelector('#table'), r = c.getBoundingClientRect(), d = c.width / r.width;
  const card = window.__jass.cardRects()[i];
  const x = Math.round((card.cx - r.left - card.w * 0.3) * d), y = Math.round((card.cy - r.top - card.h * 0.35) * d);
  const data = c.getContext('2d').getImageData(x, y, Math.round(card.w * 0.6 * d), Math.round(card.h * 0.7 * d)).data;
  const out = [];
  for (let k = 0; k < data.length; k += 4) out.push(data[k], data[k + 1], data[k + 2]);
  return out;
}"""


def card_pixels(page, i: int) -> list[int]:
    return page.evaluate(CARD_PIXELS, i)


def gold_or_green(px: list[int]) -> int:
    """How many pixels are gold/yellow or green: every Swiss sign has them, the French pack is black and red only."""
    n = 0
    for k in range(0, len(px), 3):
        r, g, b = px[k:k + 3]
        if (r > 170 and g > 120 and b < 110) or (g > r + 30 and g > b + 30):
            n += 1
    return n


def test_both_decks_render_and_differ(open_app, page, watch):
    """The same deal drawn with the Swiss and the French pack: the last hand card's pixels differ; both are painted."""
    seen = {}
    for deck in ("swiss", "french"):
        open_app(f"?speed=instant&seed=3&deck={deck}")
        wait_my_turn_or_phase(page)
        wait_painted(page)   # the turn's frame (settle() asks for one) is in the canvas
        s = state(page)
        seen[deck] = card_pixels(page, s["hand"].index(s["legal"][-1]))   # a playable card: not dimmed
        # the header's French suit signs are shown with the French pack only
        assert page.locator(".brand-suits").is_visible() == (deck == "french"), deck
        # a painted card face: mostly light paper, with ink on it
        px = seen[deck]
        light = sum(1 for k in range(0, len(px), 3) if min(px[k:k + 3]) > 200)
        assert light > len(px) // 3 * 0.3, f"{deck}: the card is not painted"
    diff = sum(abs(a - b) for a, b in zip(seen["swiss"], seen["french"], strict=True)) / len(seen["swiss"])
    assert diff > 8, f"the two decks look the same at the card's position (mean difference {diff:.1f})"
    # whatever the suit, Swiss signs have gold or green in them, French ones are one ink colour (black or red)
    assert gold_or_green(seen["swiss"]) > 50 and gold_or_green(seen["french"]) < 10


def test_the_trump_banner_leaves_the_table_with_its_hand(open_app, page, watch):
    """At instant speed a hand can end within the trump banner's 1.8 s: the banner ("♦ is trump — fixed by …") must
    not stay over the hand's result."""
    open_app("?speed=instant&seed=5&hands=1")   # trump fixed by the player; before the fix the banner stayed
    assert state(page)["trump"] is None
    play_until(page, pick=last_legal)
    s = state(page)
    assert s["phase"] == "game-over" and s["trump"] is not None
    assert s["banner"] is None, s["banner"]
    # every text of the hand (the HUD, the plates, the trick's labels, the piles, the banner) was drawn in a font the
    # renderer looks up ahead of the first frame (renderer.js textSizes)
    assert table(page)["unplannedFonts"] == [], table(page)["unplannedFonts"]


@pytest.mark.fresh_context   # the loading screen, held: Pyodide's download must reach the network
def test_the_loading_screen_shows_the_pack_the_table_will_deal(page, site):
    """The loading screen's four tiles: the Swiss suits drawn (gold, green, red) with the Swiss pack, the French
    signs with the French one. The engine is held back so the loading screen stays up."""
    page.route("**/*.wasm*", lambda route: None)
    for deck in ("swiss", "french"):
        page.goto(f"{site}?deck={deck}")
        page.wait_for_function("() => document.documentElement.dataset.deck", timeout=30_000)
        assert page.locator("#loading .loading-suits").is_visible()
        # each tile: its text, or the RGB of its canvas's painted (opaque) pixels
        tiles = page.evaluate("""() => [...document.querySelectorAll('#loading .loading-suits span')].map((t) => {
            const c = t.querySelector('canvas');
            if (!c) return {text: t.textContent};
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data, rgb = [];
            for (let k = 0; k < d.length; k += 4) if (d[k + 3] > 200) rgb.push(d[k], d[k + 1], d[k + 2]);
            return {rgb};
        })""")
        if deck == "french":
            assert [t.get("text") for t in tiles] == ["♠", "♥", "♦", "♣"], tiles
        else:
            inked = [len(t.get("rgb", [])) // 3 for t in tiles]
            assert len(tiles) == 4 and all(n > 100 for n in inked), inked
            gold = sum(gold_or_green(t["rgb"]) for t in tiles)
            assert gold > 50, gold   # the Schellen and the Eichel at least


@pytest.mark.long_flow
def test_deck_follows_the_language_by_default(warm_contexts, site):
    """No saved choice: a de-CH browser gets the Swiss pack, an en-US one the French pack."""
    got = {}
    for locale in ("de-CH", "en-US"):
        page = warm_contexts.page(locale=locale, **DESKTOP)
        page.goto(site + "?speed=instant&seed=3")
        page.wait_for_function("() => document.body.dataset.phase === 'play' && window.__jass", timeout=TIMEOUT)
        got[locale] = page.evaluate("window.__jass.table().deck")
        warm_contexts.release(page)
    assert got == {"de-CH": "swiss", "en-US": "french"}


def table(page) -> dict:
    return page.evaluate("window.__jass.table()")


@pytest.mark.long_flow
def test_reduced_motion_plays_a_hand_with_no_card_in_flight(open_app, page, watch):
    """With reduced motion (the setting) a whole hand is played at normal pace and no frame shows a flying card."""
    open_app("?speed=fast&seed=4&hands=3&motion=reduced")
    assert table(page)["reducedMotion"] is True
    play_until(page, timeout=TIMEOUT)
    t = table(page)
    assert t["frames"] > 50, t   # the table was drawn all along (fades), just without flights
    assert t["flyFrames"] == 0, t


# The page as a hidden tab is: document.visibilityState 'hidden', and no animation frame comes (show=True undoes it).
HIDE_JS = """(show) => {
  window.__raf ??= window.requestAnimationFrame;
  window.requestAnimationFrame = show ? window.__raf : () => 0;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (show ? 'visible' : 'hidden') });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => !show });
  document.dispatchEvent(new Event('visibilitychange')); }"""


@pytest.mark.long_flow
def test_a_hidden_page_given_no_frames_plays_on(open_app, page, watch):
    """A hidden tab is given no animation frames (a phone that switched apps, a host sending a link): the table does
    not wait for them. At the default speed the page hides while the player's card is in flight; that card, the bots'
    cards and the tricks gathered jump to their places, the bots still paced by their pauses, and the player can play
    on. Shown again, the table is drawn."""
    open_app("?seed=11&hands=1")   # the default speed; the player leads the first trick
    assert wait_my_turn_or_phase(page, TIMEOUT) == "turn"
    page.locator(f"#hand-buttons button[data-card='{state(page)['legal'][0]}']").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.__jass.table().flyFrames > 0", timeout=TIMEOUT)
    page.evaluate(HIDE_JS, False)   # the card is in flight
    for _ in range(3):   # three more of the player's cards: two tricks gathered while hidden at least
        assert wait_my_turn_or_phase(page, 20_000) == "turn"
        play_card(page, state(page)["legal"][0], timeout=20_000)
    assert len(state(page)["hand"]) == 8
    frames = table(page)["frames"]
    page.evaluate(HIDE_JS, True)
    page.wait_for_function("(n) => window.__jass.table().frames > n", arg=frames, timeout=TIMEOUT)


@pytest.mark.long_flow
def test_turn_and_winning_card_follow_the_engine(open_app, page, watch):
    """Cards fly at full motion; whenever the human may play, the table marks the engine's winning card and turn."""
    open_app("?speed=fast&seed=6&hands=3&motion=full")
    checked = 0
    while wait_my_turn_or_phase(page, TIMEOUT) == "turn" and checked < 5:
        v = page.evaluate("window.__jass.view()")
        t = table(page)
        assert t["toPlay"] == 0
        assert t["winningSeat"] == v["trick"]["winning_seat"]
        if v["trick"]["cards"]:
            checked += 1
        play_card(page, state(page)["legal"][-1], timeout=TIMEOUT)
    assert checked >= 2
    assert table(page)["flyFrames"] > 0   # full motion: cards did fly


@pytest.mark.long_flow
@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_frames_drawn_only_where_cards_fly_show_what_a_whole_frame_shows(warm_contexts, site, screen):
    """At the default speed most frames of a card's flight are drawn only where cards fly (renderer.js draw): after
    each of them, during a bot's card, the player's card and a trick gathered to its winner, the canvas holds the
    very pixels of the whole table drawn again (the test hook compares them all, in device pixels: on a phone three
    to a CSS pixel)."""
    page = warm_contexts.page(**(PHONE if screen == "phone" else DESKTOP))
    watch = PageWatch(page)
    try:
        page.goto(site + "?seed=11&hands=1")   # the player leads the first trick
        page.wait_for_function("() => document.body.dataset.phase === 'play' && window.__jass", timeout=TIMEOUT)
        assert page.locator("#speed").input_value() == "normal"   # the default speed
        seats = len(state(page)["counts"])
        assert wait_my_turn_or_phase(page, TIMEOUT) == "turn"
        before = table(page)
        page.evaluate("window.__jass.checkPartialFrames(true)")
        mine: set[str] = set()

        def kind(check: dict) -> str:
            cards = check["flying"]
            if len(cards) == seats:
                return "gathered"
            return ("mine" if cards[0] in mine else "bot") if len(cards) == 1 else "other"

        # a trick; more should a busy machine draw a flight without a partial frame (its first frame is whole)
        for _ in range(11):
            card = state(page)["legal"][0]
            mine.add(card)
            play_card(page, card, timeout=TIMEOUT)
            if wait_my_turn_or_phase(page, TIMEOUT) != "turn":   # the trick played out and gathered
                break
            if {kind(c) for c in page.evaluate("window.__jass.checkPartialFrames()")} == {"mine", "bot", "gathered"}:
                break
        checks = page.evaluate("window.__jass.checkPartialFrames(false)")
        after = table(page)
        kinds = {k: sum(1 for c in checks if kind(c) == k) for k in ("mine", "bot", "gathered")}
        assert all(kinds.values()), kinds
        # every partial frame was checked, and none differed from the whole table in a single pixel
        assert after["partialFrames"] - before["partialFrames"] == len(checks), (before, after, len(checks))
        differ = [c for c in checks if c["differ"]]
        if differ:   # the first frame that differs and its whole frame, as pictures beside the screenshots
            for name, url in page.evaluate("window.__jass.partialFrameImages()").items():
                path = ARTIFACTS / f"partial-frame-{screen}-{name}.png"
                path.parent.mkdir(exist_ok=True)
                path.write_bytes(base64.b64decode(url.split(",", 1)[1]))
        # a failure names the frames, the pixels and what changed since the last whole paint (test hook: drawnFrom)
        assert not differ, f"{len(differ)} partial frames differ: " + json.dumps(differ[:3])
        assert not watch.errors, watch.errors
    finally:
        warm_contexts.release(page)


def test_a_tap_when_it_is_not_your_turn_shows_feedback(open_app, page, watch):
    open_app("?speed=slow&seed=9&bots=random,random")
    wait_my_turn_or_phase(page)
    s = state(page)
    play_card(page, s["legal"][0], timeout=TIMEOUT)
    # the bots are thinking (slow speed): a click on a hand card cannot play it, and the player is told so
    s = state(page)
    assert s["toPlay"] != 0 or s["busy"]
    rects = page.evaluate("window.__jass.cardRects()")
    r = rects[len(rects) // 2]
    before = table(page)["nudges"]
    page.mouse.click(r["x"], r["y"])
    toast = page.locator("#toast")
    expect(toast).to_be_visible()
    expect(toast).to_contain_text("Please wait" if s["toPlay"] not in (0, None) else "One moment")
    assert table(page)["nudges"] == before + 1
    assert r["card"] in state(page)["hand"]   # nothing was played


def test_no_card_stays_raised_after_a_tap_and_tap_to_raise(warm_contexts, site):
    """Phone (touch): after a tap plays a card, no card is drawn raised at the next turn (the old defect); with
    tap-to-raise on, a first tap raises a card and a second tap plays it. Every card offers a 44 px tap target."""
    page = warm_contexts.page(**PHONE)
    try:
        page.goto(site + "?speed=fast&seed=8")
        page.wait_for_function("() => document.body.dataset.phase === 'play' && window.__jass", timeout=TIMEOUT)
        wait_my_turn_or_phase(page)
        rects = page.evaluate("window.__jass.cardRects()")
        assert table(page)["rows"] == 2   # portrait phone: two rows, so each card shows enough to tap
        tap_widths = page.evaluate("window.__jass.table().tapWidths")
        assert min(tap_widths) >= 44, tap_widths
        s = state(page)
        card = s["legal"][0]
        r = next(r for r in rects if r["card"] == card)
        page.touchscreen.tap(r["x"], r["y"])
        page.wait_for_function("(c) => !window.__jass.state().hand.includes(c)", arg=card, timeout=TIMEOUT)
        assert wait_my_turn_or_phase(page, TIMEOUT) == "turn"
        wait_painted(page)   # the turn is drawn (any card raised by the tap would be raised in it)
        assert table(page)["raised"] == []
        # tap to raise (the setting, through the Settings dialog)
        toolbar_click(page, "#btn-settings")   # on a phone Settings waits in the menu
        page.get_by_label("Tap to raise, tap again to play").check()
        page.locator("#dlg-settings").get_by_role("button", name="Close").click()
        s = state(page)
        card = s["legal"][0]
        r = next(r for r in page.evaluate("window.__jass.cardRects()") if r["card"] == card)
        page.touchscreen.tap(r["x"], r["y"])
        # the tap has been handled once a card is raised or the card has left the hand (played: the old defect)
        page.wait_for_function("(c) => window.__jass.table().raised.length || !window.__jass.state().hand.includes(c)",
                               arg=card, timeout=TIMEOUT)
        assert table(page)["raised"] == [state(page)["hand"].index(card)]
        assert card in state(page)["hand"]
        r = next(r for r in page.evaluate("window.__jass.cardRects()") if r["card"] == card)
        page.touchscreen.tap(r["x"], r["y"])
        page.wait_for_function("(c) => !window.__jass.state().hand.includes(c)", arg=card, timeout=TIMEOUT)
    finally:
        warm_contexts.release(page)


def test_escape_on_game_over_leaves_a_usable_table(open_app, page, watch):
    open_app("?speed=instant&seed=2&hands=1")
    play_until(page, timeout=TIMEOUT)
    expect(page.locator("#dlg-over")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-over")).to_be_hidden()
    # the table is still usable: the toolbar starts a new game
    new = page.get_by_role("button", name="New game").first
    expect(new).to_be_enabled()
    new.click()
    page.locator("#dlg-new").get_by_role("button", name="Start game").click()
    page.wait_for_function("() => window.__jass.state().phase === 'play' && window.__jass.state().hand.length === 12", timeout=TIMEOUT)


def test_sound_stays_silent_until_enabled(open_app, page, watch):
    open_app("?speed=fast&seed=5")
    for _ in range(2):
        assert wait_my_turn_or_phase(page, TIMEOUT) == "turn"
        play_card(page, state(page)["legal"][0], timeout=TIMEOUT)   # user gestures, cards played, tricks taken
    snd = table(page)["sound"]
    assert snd == {"played": 0, "contextCreated": False, "vibrations": 0}, snd
    # the Settings dialog: every control labelled and explained; sound on applies at once
    page.get_by_role("button", name="Settings").click()
    dlg = page.locator("#dlg-settings")
    expect(dlg).to_be_visible()
    for control in dlg.locator("#settings-body select, #settings-body input").all():
        cid = control.get_attribute("id")
        assert dlg.locator(f"label[for='{cid}']").inner_text().strip(), cid
        assert page.locator(f"#{cid}-help").inner_text().strip(), cid
    dlg.get_by_label("Sound effects").check()
    dlg.get_by_role("button", name="Close").click()
    assert table(page)["sound"]["contextCreated"] is True
    assert wait_my_turn_or_phase(page, TIMEOUT) == "turn"
    play_card(page, state(page)["legal"][0], timeout=TIMEOUT)
    page.wait_for_function("() => window.__jass.table().sound.played > 0", timeout=TIMEOUT)




def test_new_game_dialog_describes_levels_and_offers_the_rule_variants(open_app, page, watch):
    """Each bot level has a one-line description; the two rule variants come with their explanation, the rule
    book's defaults (the engine's hello) preselected; the choice reaches the engine and is remembered."""
    open_app("?speed=instant&seed=7")
    hello = page.evaluate("window.__jass.ask({cmd: 'hello'})")
    en = load_catalog("en")
    page.click("#btn-new")
    dlg = page.locator("#dlg-new")
    expect(dlg).to_be_visible()
    for level in hello["levels"]:
        page.select_option("#ng-bot1", level)
        expect(page.locator("#ng-bot1-desc")).to_have_text(en[f"level.desc.{level}"])
    assert page.locator("#ng-undertrump").is_checked() == hello["defaults"]["rules"]["undertrump_when_void"]
    assert page.locator("#ng-notrump").input_value() == hello["defaults"]["rules"]["no_trump"]
    expect(dlg).to_contain_text("nobody may play a lower trump onto a trump")
    expect(dlg).to_contain_text("no trump was ever fixed")
    page.check("#ng-undertrump")
    page.select_option("#ng-notrump", "annul")
    dlg.get_by_role("button", name="Start game").click()
    page.wait_for_function("() => window.__jass.recovery().journal.setup.rules?.no_trump === 'annul'", timeout=TIMEOUT)
    assert page.evaluate("window.__jass.recovery().journal.setup.rules") == {"undertrump_when_void": True, "no_trump": "annul"}
    wait_my_turn_or_phase(page, TIMEOUT)
    page.click("#btn-new")
    assert page.locator("#ng-undertrump").is_checked()
    assert page.locator("#ng-notrump").input_value() == "annul"


def test_running_total_bonus_and_a_labelled_score_sheet(open_app, page, watch):
    """Live points are on by default; the hand summary shows the last trick's +5 and the total of 157; the score
    sheet labels its rows (strokes, zeros, net) and its columns."""
    open_app("?speed=instant&seed=8&hands=2")
    assert page.evaluate("window.__jass.table().livePoints") is True
    play_until(page, timeout=TIMEOUT)
    dlg = page.locator("#dlg-hand")
    expect(dlg).to_be_visible()
    r = page.evaluate("window.__jass.view()")["hand_result"]
    expect(dlg.locator("[data-field='points-total']")).to_have_text("157")
    expect(dlg.locator("[data-field='tricks-total']")).to_have_text("12")
    bonus = dlg.locator(f"tr[data-seat='{r['last_trick_bonus_seat']}'] .bonus")
    expect(bonus).to_have_text("(+5)")
    assert dlg.locator(".bonus").count() == 1
    expect(dlg.locator(".bonus-note")).to_contain_text("last trick")
    dlg.get_by_role("button", name="Score sheet").click()
    sheet = page.locator("#dlg-sheet")
    expect(sheet.locator(".chalk-labels")).to_contain_text("Strokes")
    expect(sheet.locator(".chalk-labels")).to_contain_text("Zeros")
    expect(sheet.locator(".chalk-labels")).to_contain_text("Net")
    expect(sheet.locator("table.chalk-hands thead th").last).to_have_text("Outcome")


def test_hint_in_plain_words_with_details_and_enter_plays_it(open_app, page, watch):
    """The hint says in plain words what the card is likely to bring; the numbers sit behind Details; the same
    position gives the same hint; Enter right after a hint plays the hinted card."""
    open_app("?speed=instant&seed=5")
    focused = "() => document.activeElement?.dataset?.card || null"
    hints = []
    for _ in range(2):
        play_until(page, stop=lambda s: len(s["legal"]) >= 2, timeout=TIMEOUT)   # to a turn with a choice
        page.click("#btn-hint")
        box = page.locator("#hint")
        expect(box).to_be_visible(timeout=TIMEOUT)
        page.wait_for_function(focused, timeout=TIMEOUT)
        hints.append((box.locator(".hint-text").inner_text(), page.evaluate(focused)))
    assert hints[0] == hints[1], hints   # the same position, the same hint
    text, card = hints[0]
    assert text.startswith("Hint:") and "strokes" not in text and "sampled" not in text, text
    details = box.locator(".hint-details")
    expect(details).to_be_hidden()
    if box.locator(".hint-more").is_visible():
        box.locator(".hint-more").click()
        expect(details).to_be_visible()
        assert "strokes" in details.inner_text()
        assert not re.search(r"-\d", details.inner_text()), details.inner_text()   # negatives with −, not a hyphen
        page.locator(f"#hand-buttons button[data-card='{card}']").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("(c) => !window.__jass.state().hand.includes(c)", arg=card, timeout=TIMEOUT)
    expect(box).to_be_hidden()


# Records #trick's cards each time they change, with the time: [ms, "S6 S7 S8"], ...; and a heartbeat every 50 ms
# (window.__beats), so that a test can tell how long the page's main thread got no turn at all (a busy machine).
TRICK_TIMES = """() => { window.__trickTimes = [];
  new MutationObserver(() => window.__trickTimes.push([performance.now(), document.querySelector('#trick').dataset.cards]))
    .observe(document.querySelector('#trick'), { attributes: true, attributeFilter: ['data-cards'] });
  window.__beats = [performance.now()];
  setInterval(() => window.__beats.push(performance.now()), 50); }"""

# The milliseconds between t0 and t1 in which the page's main thread ran nothing (heartbeat gaps beyond 100 ms)
STALLED_MS = """([t0, t1]) => { let stalled = 0; const b = window.__beats;
  for (let i = 1; i < b.length; i++) {
    const lo = Math.max(b[i - 1], t0), hi = Math.min(b[i], t1);
    if (hi > lo && b[i] - b[i - 1] > 100) stalled += (hi - lo) * (1 - 50 / (b[i] - b[i - 1]));
  }
  return stalled; }"""


def test_a_finished_trick_stays_to_be_read_or_until_a_click(open_app, page, watch):
    """At Normal a finished trick lies on the table long enough to read (about 1.3 s) before it flies to its winner;
    with "hold the trick until I click" (Settings, stored) it stays until a key or a click anywhere, and says so."""
    open_app("?speed=normal&seed=9&hands=3&bots=easy,easy")
    page.evaluate(TRICK_TIMES)
    while not any(len(c.split()) == 3 for _, c in page.evaluate("window.__trickTimes")):
        assert wait_my_turn_or_phase(page, TIMEOUT) == "turn"
        play_card(page, state(page)["legal"][0], timeout=TIMEOUT)
    page.wait_for_function("() => window.__trickTimes.some(([, c], i, a) => c.split(' ').length === 3 && a[i + 1])")
    times = page.evaluate("window.__trickTimes")
    k = next(i for i, (_, c) in enumerate(times) if len(c.split()) == 3)
    held = times[k + 1][0] - times[k][0]
    # the upper bound allows for the time the page got no turn at all (a busy machine: no timer can fire on time)
    stalled = page.evaluate(STALLED_MS, [times[k][0], times[k + 1][0]])
    assert 1200 <= held <= 2000 + stalled, f"the finished trick lay {held:.0f} ms ({stalled:.0f} ms stalled)"
    # hold until I click: the setting, at instant speed (the hold is the player's, whatever the speed)
    page.locator("#speed").select_option("instant")
    toolbar_click(page, "#btn-settings")
    page.locator("#set-hold").check()
    page.keyboard.press("Escape")
    assert page.evaluate("JSON.parse(localStorage.getItem('mittlere-jass.prefs.v1')).holdTrick") is True
    hint = page.locator("#hold-hint")
    for go_on in ("key", "click"):
        while True:   # play until a trick is finished: it stays, and the table says how to go on
            page.wait_for_function("() => { const s = window.__jass.state(); return !document.querySelector("
                                   "'#hold-hint').hidden || (s.phase === 'play' && s.toPlay === 0 && !s.busy); }")
            if hint.is_visible():
                break
            play_card(page, state(page)["legal"][0], timeout=TIMEOUT)
        expect(hint).to_contain_text("Click anywhere or press a key to go on")
        cards = page.locator("#trick").get_attribute("data-cards")
        assert len(cards.split()) == 3
        page.evaluate("window.__jass.ask({cmd: 'view'})")   # the worker is idle: nothing moves on by itself
        assert page.locator("#trick").get_attribute("data-cards") == cards and hint.is_visible()
        if go_on == "key":
            page.keyboard.press("x")
        else:
            page.mouse.click(640, 300)   # the table, away from the hand
        expect(hint).to_be_hidden()
        page.wait_for_function("(c) => document.querySelector('#trick').dataset.cards !== c", arg=cards)
    expect(page.locator("#toast")).to_be_hidden()   # the click went on, it was not taken for a card
