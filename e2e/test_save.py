"""Never lose a game (issue 10): the DOM mirror of the table, autosave and resume, bad saves, two tabs."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from playwright.sync_api import expect

from engine import web
from jass_e2e import PageWatch, load_catalog, play_until, play_via_dom_button, state, view, wait_my_turn_or_phase

TIMEOUT = 60_000

MIRROR_JS = """() => {
  const seats = [0, 1, 2].map((s) => {
    const el = document.querySelector(`#mirror [data-seat="${s}"]`);
    return {net: +el.dataset.net, points: +el.dataset.points, tricks: +el.dataset.tricks};
  });
  return {seats, trick: document.querySelector('#trick').dataset.cards, phase: document.body.dataset.phase};
}"""


def mirror(page) -> dict:
    return page.evaluate(MIRROR_JS)


def expected_mirror(v: dict, phase: str) -> dict:
    return {
        "seats": [{"net": v["scores"]["net"][s], "points": v["points_taken"][s], "tricks": v["tricks_won"][s]}
                  for s in range(3)],
        "trick": " ".join(c["card"] for c in v["trick"]["cards"]),
        "phase": phase,
    }


def test_dom_mirror_follows_the_table(open_app, page, watch):
    open_app("?speed=instant&seed=5&hands=3")
    seen_trick = seen_points = False
    for _ in range(40):
        what = wait_my_turn_or_phase(page, TIMEOUT)
        v = view(page)
        got = mirror(page)
        assert got == expected_mirror(v, state(page)["phase"])
        seen_trick |= bool(got["trick"])
        seen_points |= any(s["points"] for s in got["seats"])
        if what != "turn":
            break
        card = state(page)["legal"][0]
        play_via_dom_button(page, card)
    assert what == "hand-over"
    got = mirror(page)
    assert sum(s["tricks"] for s in got["seats"]) == 12
    assert sum(s["points"] for s in got["seats"]) == 157
    assert sum(s["net"] for s in got["seats"]) == sum(view(page)["scores"]["net"])
    assert seen_trick and seen_points


# ------------------------------------------------------------------------------------------------- autosave, resume
# What the player sees, captured the moment a saved game is resumed (before any bot can move): installed before the
# page's own scripts, it runs as a microtask right after the app marks <body data-resumed>.
CAPTURE_AT_RESUME = """
(() => {
  const capture = () => ({
    seats: [0, 1, 2].map((s) => {
      const el = document.querySelector(`#mirror [data-seat="${s}"]`);
      return {net: +el.dataset.net, points: +el.dataset.points, tricks: +el.dataset.tricks};
    }),
    trick: document.querySelector('#trick').dataset.cards,
    phase: document.body.dataset.phase,
    buttons: [...document.querySelectorAll('#hand-buttons button')].map((b) => [b.dataset.card, b.getAttribute('aria-disabled')]),
    handNo: window.__jass.state().handNo,
  });
  new MutationObserver(() => {
    if (document.body?.dataset.resumed && !window.__atResume) window.__atResume = capture();
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-resumed']});
})();
"""


def expected_position(v: dict) -> dict:
    """What the table must show for an engine view once it stands still."""
    phase = v["phase"]
    return {**expected_mirror(v, phase), "handNo": v["hand_no"],
            "buttons": [[c, "false" if c in v["legal"] else "true"] for c in v["hand"]]}


def kill_and_reload(page) -> tuple[dict, bool]:
    """Stop the page as a crash would (the engine worker dies, then the tab reloads); the engine's position then and
    whether an animation was under way."""
    v, busy = page.evaluate("() => { const v = window.__jass.view(); const b = window.__jass.state().busy; "
                            "window.__jass.killWorker(); return [v, b]; }")
    page.reload()
    page.wait_for_function("() => window.__atResume", timeout=TIMEOUT)
    return v, busy


def assert_resumed_at(page, v: dict) -> None:
    got = page.evaluate("() => window.__atResume")
    assert got == expected_position(v)
    page.evaluate("() => { window.__atResume = null; }")


def test_reload_resumes_the_same_position(open_app, page, watch):
    page.add_init_script(CAPTURE_AT_RESUME)
    open_app("?speed=instant&seed=8&hands=2&bots=normal,normal")
    for _ in range(3):
        assert wait_my_turn_or_phase(page, TIMEOUT) == "turn"
        play_via_dom_button(page, state(page)["legal"][0])
    wait_my_turn_or_phase(page, TIMEOUT)
    v, _ = kill_and_reload(page)
    assert_resumed_at(page, v)
    # the resumed game goes on: the human's turn, a card, the bots answer
    assert wait_my_turn_or_phase(page, TIMEOUT) == "turn"
    play_via_dom_button(page, state(page)["legal"][0])
    assert page.evaluate("() => document.body.dataset.save") == "on"


# easy (seeded randomness per position) and normal (rules): no wall-clock in their decisions. hard/expert decide from
# the position too, but their max_ms safety net (engine/bots/search.py) can cut a search short on a very loaded
# machine; one such run here diverged, so they are left out of this exact-result test.
GAME = "seed=2024&hands=2&bots=easy,normal"


def the_engine_plays_the_same_game() -> dict:
    """The game of GAME, uninterrupted, played by the engine in this process (the worker's entry point, no page): the
    human plays its first legal card each turn as the page test does (play_until to the game's end); the final history and scores."""
    en = load_catalog("en")
    session = web.Session()
    r = session.handle({"cmd": "new_game", "seed": "2024", "hands": 2, "bots": ["easy", "normal"],
                        "names": [en[f"name.{s}"] for s in range(3)]})   # the page's request (controller.startGame)
    history = r["view"]["history"]
    while r["view"]["phase"] != "game-over":
        v = r["view"]
        if v["phase"] == "hand-over":
            r = session.handle({"cmd": "next_hand"})
        elif v["to_play"] == 0:
            r = session.handle({"cmd": "play", "card": v["legal"][0]})
        else:
            r = session.handle({"cmd": "bot_move"})
        assert r["ok"], r
        history = r["view"].get("history", history)   # sent only when it can have changed, as the page keeps it
    return {"history": history, "scores": r["view"]["scores"]}


@pytest.mark.long_flow
def test_twenty_reloads_at_random_moments_finish_like_an_uninterrupted_game(open_app, page, watch):
    reference = the_engine_plays_the_same_game()
    rng = random.Random(10)
    page.add_init_script(CAPTURE_AT_RESUME)
    open_app(f"?speed=fast&{GAME}")
    reloads, mid_animation, on_summary = 0, 0, 0

    def reload_now(p) -> None:
        nonlocal reloads, mid_animation
        v, busy = kill_and_reload(p)
        assert_resumed_at(p, v)
        reloads += 1
        mid_animation += busy

    def after_card(p) -> None:
        if reloads < 20:
            p.wait_for_timeout(rng.uniform(0, 700))   # a moment during the animations and the bots' turns
            reload_now(p)

    def at_summary(p) -> None:
        nonlocal on_summary
        on_summary += 1
        reload_now(p)    # on the hand summary: it is shown again
        assert p.locator("#dlg-hand").is_visible()

    play_until(page, ("game-over",), on_card=after_card, at_hand_over=at_summary, timeout=TIMEOUT)
    final = view(page)
    reload_now(page)    # on game over
    assert page.locator("#dlg-over").is_visible()
    assert reloads >= 20 and mid_animation >= 3 and on_summary == 1, (reloads, mid_animation, on_summary)
    # Bot determinism (the bots decide from their seed and the position only, with a fixed amount of work): the
    # resumed game ends exactly as the uninterrupted one
    assert final["history"] == reference["history"]
    assert final["scores"] == reference["scores"]


# ------------------------------------------------------------------------------------------------- bad saves, storage
def stored_save(page):
    return page.evaluate("() => localStorage.getItem('mittlere-jass.game')")


def test_a_bad_save_is_explained_and_can_be_downloaded_or_discarded(open_app, page, watch):
    open_app("?speed=instant&seed=31&hands=3")
    wait_my_turn_or_phase(page, TIMEOUT)
    play_via_dom_button(page, state(page)["legal"][0])
    wait_my_turn_or_phase(page, TIMEOUT)
    good = json.loads(stored_save(page))
    assert good["format"] == "mittlere-jass-save" and good["setup"]["seed"] == "31"
    illegal = {**good, "hands": [good["hands"][0][:1] * 2]}        # the same card twice: the engine refuses it
    cases = [
        ('{"format": "mittlere-jass-save", "version": 1, "setup": ', "not readable JSON"),
        (json.dumps({**good, "version": 99}), "incompatible version"),
        (json.dumps({**good, "hands": "lots"}), "missing or wrong"),
        (json.dumps(illegal), "could not replay"),
    ]
    for text, reason in cases:
        page.evaluate("(t) => localStorage.setItem('mittlere-jass.game', t)", text)
        page.reload()
        dlg = page.locator("#dlg-save")
        expect(dlg).to_be_visible(timeout=TIMEOUT)
        expect(dlg.locator("#save-reason")).to_contain_text(reason)
        assert page.evaluate("() => document.body.dataset.phase") != "play"   # nothing was started behind it
        with page.expect_download() as dl:
            page.locator("#btn-save-download").click()
        assert Path(dl.value.path()).read_text() == text
        assert stored_save(page) == text       # kept until the player decides
    page.locator("#btn-save-discard").click()
    page.wait_for_function("() => document.body.dataset.phase === 'play'", timeout=TIMEOUT)
    wait_my_turn_or_phase(page, TIMEOUT)
    assert json.loads(stored_save(page))["version"] == 1      # the new game is saved


def test_storage_that_refuses_writes_lets_the_game_go_on_with_a_notice(open_app, page, watch):
    page.add_init_script("""Storage.prototype.setItem = function () {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };""")
    open_app("?speed=instant&seed=32&hands=3")
    expect(page.locator("#toast")).to_contain_text("does not let the game be saved")
    assert page.evaluate("() => document.body.dataset.save") == "off"
    for _ in range(2):
        assert wait_my_turn_or_phase(page, TIMEOUT) == "turn"
        play_via_dom_button(page, state(page)["legal"][0])
    assert view(page)["counts"][0] == 10


# ------------------------------------------------------------------------------------------------- two tabs
def test_two_tabs_one_game_and_taking_over(open_app, page, site, watch):
    open_app("?speed=instant&seed=33&hands=3")
    wait_my_turn_or_phase(page, TIMEOUT)
    play_via_dom_button(page, state(page)["legal"][0])
    wait_my_turn_or_phase(page, TIMEOUT)
    first = view(page)
    other = page.context.new_page()
    other_watch = PageWatch(other)
    other.goto(site + "?speed=instant")
    dlg = other.locator("#dlg-tabs")
    expect(dlg).to_be_visible(timeout=TIMEOUT)
    expect(dlg).to_contain_text("open in another tab")
    assert view(other) is None                       # no second game was started
    other.locator("#btn-take-over").click()
    wait_my_turn_or_phase(other, TIMEOUT)
    assert {k: view(other)[k] for k in ("hand", "trick", "scores", "hand_no")} == {k: first[k] for k in ("hand", "trick", "scores", "hand_no")}
    # the first tab stopped and says where the game went
    expect(page.locator("#dlg-tabs")).to_be_visible(timeout=TIMEOUT)
    expect(page.locator("#dlg-tabs")).to_contain_text("moved to another tab")
    assert page.evaluate("() => document.body.dataset.phase") == "elsewhere"
    # the second tab plays on; the first takes the game back and finds that card played
    play_via_dom_button(other, state(other)["legal"][0])
    wait_my_turn_or_phase(other, TIMEOUT)
    moved_on = view(other)
    with page.expect_navigation():                    # taking it back reloads this tab
        page.locator("#btn-take-back").click()
    page.wait_for_function("() => window.__jass && document.body.dataset.resumed", timeout=TIMEOUT)
    wait_my_turn_or_phase(page, TIMEOUT)
    assert view(page)["hand"] == moved_on["hand"] and view(page)["counts"] == moved_on["counts"]
    expect(other.locator("#dlg-tabs")).to_be_visible(timeout=TIMEOUT)
    assert not other_watch.errors, other_watch.errors


# ------------------------------------------------------------------------------------------------- undo (practice)
def test_undo_in_a_practice_game_takes_back_the_last_card(open_app, page, watch):
    open_app("?speed=instant&seed=34&hands=3&bots=normal,normal")
    expect(page.locator("#btn-undo")).to_be_hidden()          # off by default
    page.locator("#btn-new").click()
    page.locator("#ng-practice").check()
    page.locator("#dlg-new button[type=submit]").click()
    page.wait_for_function("() => document.body.dataset.phase === 'play' && window.__jass.view().history.length === 0", timeout=TIMEOUT)
    assert wait_my_turn_or_phase(page, TIMEOUT) == "turn"
    play_via_dom_button(page, state(page)["legal"][0])
    assert wait_my_turn_or_phase(page, TIMEOUT) == "turn"
    before = view(page)
    play_via_dom_button(page, state(page)["legal"][-1])
    assert wait_my_turn_or_phase(page, TIMEOUT) == "turn"
    assert view(page)["counts"] != before["counts"]
    undo = page.locator("#btn-undo")
    expect(undo).to_be_enabled()
    undo.click()
    page.wait_for_function("(n) => window.__jass.view().hand.length === n", arg=len(before["hand"]), timeout=TIMEOUT)
    assert wait_my_turn_or_phase(page, TIMEOUT) == "turn"
    after = view(page)
    for k in ("hand", "legal", "counts", "trick", "tricks_won", "points_taken", "scores"):
        assert after[k] == before[k], k
    assert mirror(page) == expected_mirror(before, "play")
    # the undo is saved: a reload comes back to the same position
    page.reload()
    page.wait_for_function("() => document.body.dataset.resumed", timeout=TIMEOUT)
    assert wait_my_turn_or_phase(page, TIMEOUT) == "turn"
    assert view(page)["hand"] == before["hand"]
    assert json.loads(page.evaluate("() => localStorage.getItem('mittlere-jass.game')"))["undo"] is True
