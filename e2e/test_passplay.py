"""Pass-and-play on one device (issue 22, build 1): two people and a bot play a whole hand on one page; between the
two people's turns the hand-over screen hides every hand until the person named takes the device."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from jass_e2e import play_via_dom_button, state, view

TIMEOUT = 30_000
ON_TABLE = "[data-card]:not(dialog [data-card])"   # the cards shown outside a dialog (the review keeps its hands)
SEED = "31"
# the second person: a name as long as allowed (24 characters) and without spaces, which must wrap in the hand
# review on a phone rather than push its columns out
BEN = "Benedikt-Maximilian-Ruth"


def start_pass_and_play(page) -> None:
    """New game: Anna (the device's owner, seat 0), BEN (a person at seat 1), a random bot at seat 2."""
    page.get_by_role("button", name="New game").click()
    dlg = page.locator("#dlg-new")
    expect(dlg).to_be_visible()
    expect(dlg.locator("#ng-person1-row")).to_be_hidden()
    dlg.locator("#ng-hands").select_option("3")
    dlg.locator("#ng-bot1").select_option("person")
    expect(dlg.locator("#ng-person1-row")).to_be_visible()
    expect(dlg.locator("#ng-person1")).to_have_value("Anna")   # the catalog's first default name: taken below
    dlg.locator("#ng-person1").fill(BEN)
    dlg.locator("#ng-bot2").select_option("random")
    dlg.locator("#ng-name").fill("")
    dlg.locator("#ng-seed").fill(SEED)
    dlg.get_by_role("button", name="Start game").click()
    # with a person at the table the owner's name is needed: the form says so and stays open
    expect(dlg).to_be_visible()
    assert dlg.locator("#ng-name").evaluate("(e) => !e.validity.valid")
    dlg.locator("#ng-name").fill(BEN)   # two people with one name: refused too
    dlg.get_by_role("button", name="Start game").click()
    expect(dlg).to_be_visible()
    assert dlg.locator("#ng-person1").evaluate("(e) => e.validity.customError")
    dlg.locator("#ng-name").fill("Anna")
    dlg.get_by_role("button", name="Start game").click()
    page.wait_for_function(f"() => window.__jass.view()?.seed === '{SEED}' && window.__jass.view().history.length === 0",
                           timeout=TIMEOUT)


SNAPSHOT_JS = """async () => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const box = document.querySelector('#handover'), btn = box?.querySelector('button');
  return {
    state: window.__jass.state(), seat: document.body.dataset.seat, handover: document.body.dataset.handover === 'true',
    cards: [...document.querySelectorAll('[data-card]')].map((b) => b.dataset.card),
    rects: window.__jass.cardRects().length, drawn: window.__jass.table().handDrawn,
    visible: !!box && !box.hidden && box.getBoundingClientRect().height > 0,
    hint: document.querySelector('#btn-hint').disabled, last: document.querySelector('#btn-last').disabled, title: box?.querySelector('h2').textContent, button: btn?.textContent, focused: !!btn && document.activeElement === btn,
  };
}"""


def dealt_hands(v) -> list[set[str]]:
    """Each seat's twelve cards of the first hand, as CPython's engine deals them for the game's seed."""
    from engine.cards import codes_of
    from engine.deal import deal
    return [set(codes_of(h)) for h in deal(v["seed"], 0, v["dealer"])]


@pytest.mark.long_flow
def test_two_people_and_a_bot_play_a_hand_on_one_page(open_app, page, watch):
    open_app("?speed=instant")
    start_pass_and_play(page)
    v = view(page)
    assert [p["kind"] for p in v["players"]] == ["me", "person", "bot"]
    assert [p["name"] for p in v["players"]][:2] == ["Anna", BEN]
    dealt = dealt_hands(v)
    # the choice is remembered like the bot levels
    saved = page.evaluate("JSON.parse(localStorage.getItem('mittlere-jass.settings.v1'))")
    assert saved["seats"][:3] == [{"kind": "me"}, {"kind": "person", "name": BEN, "level": "normal"},
                                  {"kind": "bot", "level": "random"}], saved
    assert saved["name"] == "Anna" and "people" not in saved and "bots" not in saved

    handovers, turns, keyboard = [], {0: 0, 1: 0}, True
    while True:
        page.wait_for_function(
            """() => { const s = window.__jass.state();
                       return document.body.dataset.handover === 'true' || s.phase === 'hand-over'
                         || (s.phase === 'play' && s.toPlay === s.viewer && !s.busy); }""", timeout=TIMEOUT)
        t = page.evaluate(SNAPSHOT_JS)   # what the page shows now, in one round trip (after two painted frames)
        s = t["state"]
        if s["phase"] == "hand-over":
            break
        if t["handover"]:
            to = s["toPlay"]
            name = v["players"][to]["name"]
            assert to in (0, 1) and to != s["viewer"], "a hand-over only between two different people"
            # nothing of anyone's hand shows: no card button, no hand in the state, none drawn on the canvas
            assert t["cards"] == [] and s["hand"] == [] and t["rects"] == 0 and t["drawn"] == 0, t
            assert t["visible"] and t["hint"] and t["last"], "the hand-over screen covers the table, nothing to ask for"
            assert t["title"] == f"Pass to {name} — only {name} looks"
            assert t["button"] == f"I am {name} — show my cards" and t["focused"]
            if keyboard:
                page.keyboard.press("Enter")   # the button has the focus: Enter takes the device
            else:
                page.locator("#handover [data-action='handover-confirm']").click()
            keyboard = not keyboard
            page.wait_for_function("(seat) => document.body.dataset.seat === String(seat) && !document.body.dataset.handover",
                                   arg=to, timeout=TIMEOUT)
            handovers.append((int(t["seat"]), to))
            continue
        seat = s["viewer"]
        assert t["seat"] == str(seat)
        # the cards shown are the viewer's, and only theirs: dealt to that seat, none of the other person's
        shown = t["cards"]
        assert shown and set(shown) <= dealt[seat] and not set(shown) & dealt[1 - seat], (seat, shown)
        assert sorted(shown) == sorted(s["hand"]) and t["drawn"] == len(shown) == t["rects"]
        assert t["hint"], "no hint at a table of people (Settings: off by default)"
        play_via_dom_button(page, s["legal"][0])
        turns[seat] += 1

    # the last trick ends the hand: the summary for everyone, no hand-over; each person played all twelve cards
    assert turns == {0: 12, 1: 12}
    expect(page.locator("#dlg-hand")).to_be_visible()
    assert not page.evaluate("document.body.dataset.handover")
    assert len(handovers) >= 2 and {h[1] for h in handovers} == {0, 1}
    assert all(a != b for a, b in handovers)

    # the hand review is read by everyone at the table: it names each seat (no "you"), and its coach checks one
    # person's decisions at a time, the owner's first, another's when picked
    page.locator("#btn-hand-review").click()
    review = page.locator("#dlg-review")
    expect(review).to_be_visible()
    expect(review.locator("#review-coach-who")).to_have_value("0")   # the owner's decisions first
    expect(review.locator("#review-coach label")).to_contain_text("Decisions of")
    assert not re.search(r"\byou\b", review.locator("#review-trump").inner_text(), re.I)
    review.locator("#review-coach-who").select_option(label=BEN)
    expect(review.locator("#review-coach-who")).to_have_value("1")
    expect(review.locator("#review-coach-who")).to_be_focused()
    expect(review.locator("#review-coach [data-coach]")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(review).to_be_hidden()
    # on a phone: the long name wraps and the counts stay on screen (the names' no-wrap pushed them out)
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#btn-hand-review").click()
    expect(review).to_be_visible()
    out = page.evaluate("""() => { const box = document.querySelector('#dlg-review').getBoundingClientRect();
        return [...document.querySelectorAll('#dlg-review .review-hands th, #dlg-review .review-hands td')]
            .map((e) => [e.textContent, e.getBoundingClientRect()])
            .filter(([, r]) => r.left < box.left - 0.5 || r.right > box.right + 0.5).map(([t]) => t); }""")
    assert not out, f"the review's hands are wider than the phone: {out}"
    page.keyboard.press("Escape")
    expect(review).to_be_hidden()
    page.set_viewport_size({"width": 1280, "height": 800})

    # everyone saw the summary: the next hand starts behind the hand-over screen, and so does the game resumed
    page.locator("#dlg-hand #btn-next").click()
    for _ in range(2):
        page.wait_for_function("() => document.body.dataset.handover === 'true' && document.body.dataset.phase === 'play'",
                               timeout=TIMEOUT)
        expect(page.locator(ON_TABLE)).to_have_count(0)
        v = view(page)
        assert v["hand_no"] == 2 and state(page)["hand"] == []
        to = next(s for k in range(3) if v["players"][s := (v["to_play"] + k) % 3]["kind"] != "bot")
        expect(page.locator("#handover-title")).to_contain_text(f"only {v['players'][to]['name']} looks")
        if not page.evaluate("document.body.dataset.resumed"):
            page.reload()
    page.locator("#handover [data-action='handover-confirm']").click()
    page.wait_for_function("(seat) => document.body.dataset.seat === String(seat) && !document.body.dataset.handover",
                           arg=to, timeout=TIMEOUT)
    assert [p["kind"] for p in view(page)["players"]] == ["me", "person", "bot"], "the save kept who sits where"
    expect(page.locator(ON_TABLE)).to_have_count(12)
    # Games: while people share the device, neither the link to this deal (its seed deals every hand) nor the
    # game's download is offered; the dialog says why
    page.locator("#btn-games").click()
    dlg = page.locator("#dlg-games")
    expect(dlg).to_be_visible()
    expect(dlg.locator("#share-hidden")).to_contain_text("while you share this device")
    assert dlg.locator("#share-link, #btn-download-game, #btn-copy-link").count() == 0
    page.keyboard.press("Escape")
    expect(dlg).to_be_hidden()
