"""Pass-and-play on one device (issue 22, build 1): two people and a bot play a whole hand on one page; between the
two people's turns the hand-over screen hides every hand until the person named takes the device."""
from __future__ import annotations

from playwright.sync_api import expect

from jass_e2e import play_via_dom_button, state, view, wait_painted

TIMEOUT = 30_000
SEED = "31"


def start_pass_and_play(page) -> None:
    """New game: Anna (the device's owner, seat 0), Ben (a person at seat 1), a random bot at seat 2."""
    page.get_by_role("button", name="New game").click()
    dlg = page.locator("#dlg-new")
    expect(dlg).to_be_visible()
    expect(dlg.locator("#ng-person1-row")).to_be_hidden()
    dlg.locator("#ng-hands").select_option("3")
    dlg.locator("#ng-bot1").select_option("person")
    expect(dlg.locator("#ng-person1-row")).to_be_visible()
    expect(dlg.locator("#ng-person1")).to_have_value("Anna")   # the catalog's first default name: taken below
    dlg.locator("#ng-person1").fill("Ben")
    dlg.locator("#ng-bot2").select_option("random")
    dlg.locator("#ng-name").fill("")
    dlg.locator("#ng-seed").fill(SEED)
    dlg.get_by_role("button", name="Start game").click()
    # with a person at the table the owner's name is needed: the form says so and stays open
    expect(dlg).to_be_visible()
    assert dlg.locator("#ng-name").evaluate("(e) => !e.validity.valid")
    dlg.locator("#ng-name").fill("Ben")   # two people with one name: refused too
    dlg.get_by_role("button", name="Start game").click()
    expect(dlg).to_be_visible()
    assert dlg.locator("#ng-person1").evaluate("(e) => e.validity.customError")
    dlg.locator("#ng-name").fill("Anna")
    dlg.get_by_role("button", name="Start game").click()
    page.wait_for_function(f"() => window.__jass.view()?.seed === '{SEED}' && window.__jass.view().history.length === 0",
                           timeout=TIMEOUT)


def dealt_hands(v) -> list[set[str]]:
    """Each seat's twelve cards of the first hand, as CPython's engine deals them for the game's seed."""
    from engine.cards import codes_of
    from engine.deal import deal
    return [set(codes_of(h)) for h in deal(v["seed"], 0, v["dealer"])]


def test_two_people_and_a_bot_play_a_hand_on_one_page(open_app, page, watch):
    open_app("?speed=instant")
    start_pass_and_play(page)
    v = view(page)
    assert [p["kind"] for p in v["players"]] == ["me", "person", "bot"]
    assert [p["name"] for p in v["players"]][:2] == ["Anna", "Ben"]
    dealt = dealt_hands(v)
    # the choice is remembered like the bot levels
    saved = page.evaluate("JSON.parse(localStorage.getItem('mittlere-jass.settings.v1'))")
    assert saved["people"] == ["Ben", None] and saved["name"] == "Anna"

    handovers, turns, keyboard = [], {0: 0, 1: 0}, True
    while True:
        page.wait_for_function(
            """() => { const s = window.__jass.state();
                       return document.body.dataset.handover === 'true' || s.phase === 'hand-over'
                         || (s.phase === 'play' && s.toPlay === s.viewer && !s.busy); }""", timeout=TIMEOUT)
        s = state(page)
        if s["phase"] == "hand-over":
            break
        if page.evaluate("document.body.dataset.handover === 'true'"):
            to = s["toPlay"]
            name = v["players"][to]["name"]
            assert to in (0, 1) and to != s["viewer"], "a hand-over only between two different people"
            # nothing of anyone's hand shows: no card button, no hand in the state, none drawn on the canvas
            expect(page.locator("[data-card]")).to_have_count(0)
            assert s["hand"] == [] and page.evaluate("window.__jass.cardRects()") == []
            wait_painted(page)
            assert page.evaluate("window.__jass.table().handDrawn") == 0
            expect(page.locator("#handover")).to_be_visible()
            expect(page.locator("#handover-title")).to_have_text(f"Pass to {name} — only {name} looks")
            confirm = page.locator("#handover [data-action='handover-confirm']")
            expect(confirm).to_have_text(f"I am {name} — show my cards")
            before = page.get_attribute("body", "data-seat")
            if keyboard:
                page.keyboard.press("Enter")   # the button has the focus: Enter takes the device
            else:
                confirm.click()
            keyboard = not keyboard
            page.wait_for_function("(seat) => document.body.dataset.seat === String(seat) && !document.body.dataset.handover",
                                   arg=to, timeout=TIMEOUT)
            handovers.append((int(before), to))
            continue
        seat = s["viewer"]
        assert page.get_attribute("body", "data-seat") == str(seat)
        shown = page.eval_on_selector_all("#hand-buttons [data-card]", "(bs) => bs.map((b) => b.dataset.card)")
        # the cards shown are the viewer's, and only theirs: dealt to that seat, none of the other person's
        assert shown and set(shown) <= dealt[seat] and not set(shown) & dealt[1 - seat], (seat, shown)
        assert sorted(shown) == sorted(s["hand"])
        play_via_dom_button(page, s["legal"][0])
        turns[seat] += 1

    # the last trick ends the hand: the summary for everyone, no hand-over; each person played all twelve cards
    assert turns == {0: 12, 1: 12}
    expect(page.locator("#dlg-hand")).to_be_visible()
    assert not page.evaluate("document.body.dataset.handover")
    assert len(handovers) >= 2 and {h[1] for h in handovers} == {0, 1}
    assert all(a != b for a, b in handovers)
