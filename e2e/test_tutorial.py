"""The interactive first hand: offered on the first visit, coach marks at the moments that matter, played to its
end by real cards (the engine checks them), skippable and restartable from How to play."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from jass_e2e import WAIT, play_via_dom_button, state

ENGINE_WHEEL = re.compile(r"/engine/[^/]*\.whl")
PLAYABLE = "() => document.body.dataset.phase === 'play' && window.__jass && !window.__jass.state().busy"


# The coach marks about the player's turn: each shows only at a turn of the player where it applies
NOW = {"tut.follow", "tut.void", "tut.trumpLed", "tut.puur", "tut.undertrump"}


def check_mark(page, key: str) -> None:
    """The coach mark `key` says what the table shows now."""
    trick = (page.locator("#trick").get_attribute("data-cards") or "").split()
    if key in NOW:
        s = state(page)
        assert s["phase"] == "play" and s["toPlay"] == 0 and not s["busy"], f"{key} while it is not my turn: {s}"
    if key in ("tut.follow", "tut.void"):
        assert trick, f"{key} while I lead"
        holds = any(c[0] == trick[0][0] for c in state(page)["hand"])
        assert holds == (key == "tut.follow"), (key, trick, state(page)["hand"])
    if key == "tut.undertrump":   # only when a trump of mine is refused because it would undertrump
        codes = page.evaluate("async (cards) => { const out = []; for (const c of cards)"
                              " out.push((await window.__jass.ask({cmd: 'why', card: c})).code); return out; }",
                              [c for c in state(page)["hand"] if c not in state(page)["legal"]])
        assert "undertrump" in codes, codes
    if key == "tut.trumpFixed":   # while the trick that fixed trump is on the table
        suit = state(page)["trump"]
        assert any(c[0] == suit for c in trick), (trick, suit)


def dismiss_coach(page, seen: list[str]) -> None:
    coach = page.locator("#coach")
    while coach.is_visible():
        key = coach.get_attribute("data-key")
        seen.append(key)
        assert coach.inner_text().strip(), f"empty coach mark {key}"
        check_mark(page, key)
        coach.get_by_role("button").first.click()   # "Got it": the mark goes, or the next one appears
        page.wait_for_function("(key) => { const c = document.querySelector('#coach');"
                               " return c.hidden || c.dataset.key !== key; }", arg=key, timeout=WAIT)


# How many `why` questions the engine has answered on this page (the coach asks none: the view says why each card of
# the hand is refused, and the void and Puur exemptions)
WHY_ASKED = "window.__jass.stats().filter((s) => s.cmd === 'why').length"


def wait_turn_or_over(page) -> str:
    """Wait for the player's turn ('play'), the hand's end (the phase) or the coach's word on a trump just fixed,
    which the game waits for ('coach')."""
    page.wait_for_function(
        """() => { const s = window.__jass.state(), c = document.querySelector('#coach');
                   const ready = (s.phase === 'play' && s.toPlay === 0 && !s.busy) || s.phase === 'hand-over' || s.phase === 'game-over';
                   return ready || (c && !c.hidden && c.dataset.key === 'tut.trumpFixed'); }""", timeout=WAIT)
    coach = page.locator("#coach")
    return "coach" if coach.is_visible() and coach.get_attribute("data-key") == "tut.trumpFixed" else state(page)["phase"]


@pytest.mark.long_flow
@pytest.mark.fresh_context   # a first visit
def test_first_visit_offers_the_tutorial_which_is_played_to_its_end(open_app, page):
    # The engine's wheel (if asked for) waits until How to play is open: in one full run the game was ready, and the
    # loading card gone, before the test's first click
    held: list | None = []   # the routes held back; None once they go on

    def hold(route) -> None:
        if held is None:
            route.continue_()
        else:
            held.append(route)
    page.route(ENGINE_WHEEL, hold)
    open_app("?speed=instant", wait_play=False)   # a first visit: no seed in the URL, nothing stored
    # How to play, opened on the loading card, stays open when the game is ready behind it; the table waits
    page.locator("#btn-howto-loading").click()
    howto = page.locator("#dlg-howto")
    expect(howto).to_be_visible()
    assert page.evaluate("document.body.dataset.phase") == "loading", "the game was ready before How to play opened"
    waiting, held = held, None
    for route in waiting:
        route.continue_()
    page.wait_for_function("() => document.body.dataset.phase === 'play' && window.__jass", timeout=60_000)
    page.evaluate("window.__jass.ask({cmd: 'view'})")   # a bot's move asked for at the start is answered before this
    expect(howto).to_be_visible()
    assert "bot_move" not in {s["cmd"] for s in page.evaluate("window.__jass.stats()")}, "a bot played behind it"
    assert state(page)["counts"] == [12, 12, 12]
    coach = page.locator("#coach")
    assert not coach.is_visible(), "the coach's offer popped up over How to play"
    expect(howto.locator("#btn-tutorial")).to_be_enabled()   # the game is ready: the first hand may start from here
    page.keyboard.press("Escape")   # the reader closes it: the table goes on, the offer comes
    expect(howto).to_be_hidden()
    expect(coach).to_be_visible()
    assert coach.get_attribute("data-key") == "tut.offer"
    asked_before = page.evaluate(WHY_ASKED)
    coach.get_by_role("button").first.click()   # Start the first hand
    page.wait_for_function("() => String(window.__jass.view()?.seed) === '219'", timeout=WAIT)
    expect(coach).to_have_attribute("data-key", "tut.welcome")
    expect(coach).to_contain_text("clicking a card")   # a mouse here: click, not tap
    seen: list[str] = []
    for _ in range(40):
        phase = wait_turn_or_over(page)
        if phase == "coach":   # shown while the trick that fixed trump is on the table: the game waits
            dismiss_coach(page, seen)
            continue
        dismiss_coach(page, seen)
        if phase != "play":
            break
        s = state(page)
        play_via_dom_button(page, s["legal"][0])   # a real card: the engine checks it
    else:
        raise AssertionError("the tutorial hand did not end")
    dlg = page.locator("#dlg-hand")
    expect(dlg).to_be_visible()
    note = dlg.locator(".coach-note")
    expect(note).to_be_visible()
    assert note.get_attribute("data-key") == "tut.settle"
    # the moments of this deal came up, each once, in the order of play: the player follows suit, then cannot
    # follow and fixes trump (the deal is chosen so, whatever the player plays in trick 1)
    assert seen[0] == "tut.welcome", seen
    assert page.evaluate(WHY_ASKED) == asked_before, "the coach asked why: the view says it"
    for key in ("tut.follow", "tut.void", "tut.trumpFixed", "tut.order"):
        assert key in seen, f"{key} never shown: {seen}"
    assert len(seen) == len(set(seen)), seen
    assert seen.index("tut.follow") < seen.index("tut.void") < seen.index("tut.trumpFixed") < seen.index("tut.order")
    fixed_by = page.evaluate("""async () => { const r = await window.__jass.ask({cmd: 'records'});
        return (await window.__jass.ask({cmd: 'review', records: r.records})).hands[0].trump_fixed_by; }""")
    assert fixed_by == 0, "the player did not fix trump"
    print("coach marks shown:", seen)
    # the offer is made once: a reload (which resumes the saved game) does not offer again
    page.reload()
    page.wait_for_function("() => window.__jass && !['loading', undefined].includes(document.body.dataset.phase)",
                           timeout=60_000)
    # the offer would come when the resumed table settles, the step that shows the hand summary again
    expect(page.locator("#dlg-hand")).to_be_visible(timeout=WAIT)
    assert not page.locator("#coach").is_visible()


def test_the_tutorial_can_be_skipped_and_restarted_from_how_to_play(open_app, page):
    open_app("?speed=instant&seed=5")   # a seed in the URL: no offer
    assert not page.locator("#coach").is_visible()
    page.click("#btn-howto")
    btn = page.locator("#btn-tutorial")
    expect(btn).to_be_enabled()
    # the card points under the figures are the engine's (hello), not a copy in the page
    hello = page.evaluate("window.__jass.ask({cmd: 'hello'})")
    for kind in ("plain", "trump"):
        fig = page.locator("#dlg-howto figure.howto-fig[data-points]").nth(0 if kind == "plain" else 1)
        cards = fig.get_attribute("data-cards").split()
        assert fig.get_attribute("data-points").split() == [str(hello["card_points"][kind][c[1:]]) for c in cards]
    btn.click()
    coach = page.locator("#coach")
    expect(coach).to_be_visible()
    assert coach.get_attribute("data-key") == "tut.welcome"
    coach.get_by_role("button").nth(1).click()   # Skip
    expect(coach).to_be_hidden()
    wait_turn_or_over(page)
    card = state(page)["legal"][0]
    play_via_dom_button(page, card)   # the game goes on as a normal game, without coach marks
    wait_turn_or_over(page)   # not busy any more: the table has settled, when a coach mark would have come
    assert not coach.is_visible()
    # restart: the same deal again, from the beginning
    page.click("#btn-howto")
    page.click("#btn-tutorial")
    expect(coach).to_be_visible()
    assert coach.get_attribute("data-key") == "tut.welcome"
    page.wait_for_function(PLAYABLE, timeout=WAIT)
    assert state(page)["handNo"] == 1 and len(state(page)["hand"]) == 12
    # a card played before the welcome is read: the coach's word about that turn (follow suit) is dropped, the next
    # one is about the turn that has come (the player cannot follow)
    asked = page.evaluate(WHY_ASKED)
    play_via_dom_button(page, state(page)["legal"][0])
    wait_turn_or_over(page)
    assert page.evaluate(WHY_ASKED) == asked   # the coach reads the view's refusals and exemption
    assert coach.get_attribute("data-key") == "tut.welcome"
    coach.get_by_role("button").first.click()
    expect(coach).to_have_attribute("data-key", "tut.void")
    check_mark(page, "tut.void")


def test_the_first_visit_offer_goes_once_the_player_plays_on(open_app, page):
    """Issue 25: the offer does not stay over the table for the whole hand: playing a card answers it ("not now")."""
    open_app("?speed=instant")   # nothing stored (the shared context comes clean), no seed in the URL: the offer
    coach = page.locator("#coach")
    expect(coach).to_be_visible()
    assert coach.get_attribute("data-key") == "tut.offer"
    wait_turn_or_over(page)
    play_via_dom_button(page, state(page)["legal"][0])
    expect(coach).to_be_hidden()
    assert page.evaluate("localStorage.getItem('mittlere-jass.tutorial')") == "declined"
