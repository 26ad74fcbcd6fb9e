"""Molotow and Plus-Minus for four (issue 44): a whole hand of each through the table's cards, on a phone (by touch on
the canvas) and a desktop (by mouse on the canvas and by the keyboard); New game offers the three games with their
flags; the hand summary and the score sheet speak each game's own words; the save resumes a game of four."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from jass_e2e import PHONE, TURN_OR_END_JS, PageWatch, load_catalog, play_until, state, wait_card_gone

TIMEOUT = 30_000


def new_game_dialog(warm_contexts, site):
    """A desktop page at the default game, its New game dialog open: (page, its console watch, the dialog)."""
    page = warm_contexts.page()
    w = PageWatch(page)
    page.goto(f"{site}?speed=instant")
    page.wait_for_function("() => document.body.dataset.phase === 'play' && window.__jass?.view()", timeout=60_000)
    page.get_by_role("button", name="New game").click()
    return page, w, page.locator("#dlg-new")


@pytest.mark.parametrize(("game", "screen", "way"), [
    ("molotow", "phone", "touch"), ("molotow", "desktop", "canvas"),
    ("plusminus", "phone", "touch"), ("plusminus", "desktop", "keys"),
])
def test_a_whole_hand_of_each_game_of_four(warm_contexts, site, game, screen, way):
    page = warm_contexts.page(**(PHONE if screen == "phone" else {}))
    w = PageWatch(page)
    page.goto(f"{site}?speed=instant&seed=11&game={game}")
    page.wait_for_function("() => document.body.dataset.phase === 'play' && window.__jass?.view()", timeout=60_000)
    v = page.evaluate("window.__jass.view()")
    # four seats of nine cards, named by their side of the table; every seat placed on the screen
    assert v["game"] == game and v["seats"] == 4 and len(v["hand"]) == 9 and v["counts"] == [9, 9, 9, 9]
    assert [p["name"] for p in v["players"]] == ["You", "Right", "Across", "Left"]
    assert page.locator("#mirror [data-seat]").count() == 4
    box = page.viewport_size
    for seat in range(4):
        p = page.evaluate("(s) => window.__jass.pileRect(s)", seat)
        assert 0 <= p["x"] <= box["width"] and 0 <= p["y"] <= box["height"], (seat, p)
    assert play_until(page, way=way, timeout=TIMEOUT).cards == 9
    # the hand's result in the game's own words: a stroke, a zero or nothing for each of the four
    dlg = page.locator("#dlg-hand")
    expect(dlg).to_be_visible()
    r = page.evaluate("window.__jass.view().hand_result")
    assert sum(r["card_points"]) == 157 and len(r["settlement"]) == 4
    cat = load_catalog("en")
    expect(dlg.locator(".case")).to_contain_text(cat[f"case.{r['case']}"])
    assert dlg.locator("tbody tr").count() == 4
    if game == "plusminus":
        assert all(x >= 0 for x in r["settlement"]), "Plus-Minus has no zeros"
        expect(page.locator("#hand-title")).to_have_text("Hand 1")   # a race to 7: no set number of hands
    page.locator("#btn-hand-sheet").click()
    expect(page.locator("#dlg-sheet .chalk-col")).to_have_count(4)
    if game == "plusminus":   # the sheet in the game's own writing: no zeros, a race to 7
        expect(page.locator("#dlg-sheet .race")).to_have_text(cat["sheet.race"].replace("{n}", "7"))
        expect(page.locator("#dlg-sheet .tally.zeros")).to_have_count(0)
    else:
        expect(page.locator("#dlg-sheet .tally.zeros")).to_have_count(4)
        expect(page.locator("#dlg-sheet .race")).to_have_count(0)
    page.locator("#dlg-sheet").get_by_role("button", name="Close").click()
    assert not w.errors, w.errors


def test_new_game_offers_the_three_games_with_their_own_flags_and_a_game_of_four_resumes(warm_contexts, site):
    page, w, dlg = new_game_dialog(warm_contexts, site)
    games = dlg.locator("#ng-game option")
    expect(games).to_have_count(3)
    # Mittlere: two other seats, its no-trump rule and the SRF flag, no ties
    expect(dlg.locator("#ng-bot3")).to_be_hidden()
    expect(dlg.locator("#ng-notrump")).to_be_visible()
    expect(dlg.locator("#ng-srf")).to_be_visible()
    expect(dlg.locator("#ng-ties")).to_be_hidden()
    # Molotow: a third seat (across), undertrumping allowed by its rule book, the ties flag; no no-trump rule
    dlg.locator("#ng-game").select_option("molotow")
    expect(dlg.locator("#ng-game-desc")).to_contain_text("Four players")
    expect(dlg.locator("#ng-bot3")).to_be_visible()
    expect(dlg.locator("#ng-bot2-label")).to_contain_text("Across")
    expect(dlg.locator("#ng-undertrump")).to_be_checked()
    expect(dlg.locator("#ng-notrump")).to_be_hidden()
    expect(dlg.locator("#ng-srf")).to_be_hidden()
    expect(dlg.locator("#ng-ties option")).to_have_count(2)
    dlg.locator("#ng-bot1").select_option("normal")   # a level's line in this game's terms
    expect(dlg.locator("#ng-bot1-desc")).to_have_text(load_catalog("en")["level.desc.family.normal"])
    # Plus-Minus: a race to 7, no length to choose; no undertrumping by its rule book
    dlg.locator("#ng-game").select_option("plusminus")
    expect(dlg.locator("#ng-hands")).to_be_hidden()
    expect(dlg.locator("#ng-undertrump")).not_to_be_checked()
    dlg.locator("#ng-game").select_option("molotow")
    dlg.locator("#ng-ties").select_option("share")
    dlg.locator("#ng-bot3").select_option("easy")
    dlg.get_by_role("button", name="Start game").click()
    page.wait_for_function("() => window.__jass.view()?.game === 'molotow' && window.__jass.state().phase === 'play'",
                           timeout=TIMEOUT)
    v = page.evaluate("window.__jass.view()")
    assert [p["bot"] for p in v["players"]][3] == "easy"
    # a card or two, then a reload: the same game of four comes back (the save holds its game, seats and flags)
    page.wait_for_function(TURN_OR_END_JS, timeout=TIMEOUT)
    card = state(page)["legal"][0]
    page.locator(f"#hand-buttons button[data-card='{card}']").focus()
    page.keyboard.press("Enter")
    wait_card_gone(page, card)
    page.wait_for_function("() => !window.__jass.state().busy", timeout=TIMEOUT)
    before = page.evaluate("window.__jass.view()")
    page.reload()
    page.wait_for_function("() => document.body.dataset.phase === 'play' && window.__jass?.view()?.game === 'molotow'",
                           timeout=60_000)
    after = page.evaluate("window.__jass.view()")
    assert {k: after[k] for k in ("hand", "counts", "trick", "seats")} == {k: before[k] for k in ("hand", "counts", "trick", "seats")}
    rules = page.evaluate("window.__jass.recovery().journal.setup.rules")   # what the engine rebuilt the game from
    assert rules["ties"] == "share" and rules["undertrump_when_void"] is True
    # the choice is remembered for the next New game
    page.get_by_role("button", name="New game").click()
    expect(page.locator("#ng-game")).to_have_value("molotow")
    expect(page.locator("#ng-ties")).to_have_value("share")
    page.locator("#dlg-new").get_by_role("button", name="Cancel").click()
    assert not w.errors, w.errors


def test_four_people_pass_one_device_round_a_hand_of_molotow(warm_contexts, site):
    """Pass-and-play for four: the owner and three people; before each person's turn the hand-over screen hides every
    hand until that person takes the device; each sees only its own nine cards; the hand is played out."""
    page, w, dlg = new_game_dialog(warm_contexts, site)
    dlg.locator("#ng-game").select_option("molotow")
    for k, name in ((1, "Ben"), (2, "Cla"), (3, "Dora")):
        dlg.locator(f"#ng-bot{k}").select_option("person")
        dlg.locator(f"#ng-person{k}").fill(name)
    dlg.locator("#ng-name").fill("Anna")
    dlg.locator("#ng-seed").fill("9")
    dlg.get_by_role("button", name="Start game").click()
    page.wait_for_function("() => window.__jass.view()?.game === 'molotow' && window.__jass.view().seed === '9'", timeout=TIMEOUT)
    v = page.evaluate("window.__jass.view()")
    assert [p["name"] for p in v["players"]] == ["Anna", "Ben", "Cla", "Dora"]
    assert [p["kind"] for p in v["players"]] == ["me", "person", "person", "person"]
    from engine.cards import codes_of
    from engine.deal import deal
    dealt = [set(codes_of(h)) for h in deal(v["seed"], 0, v["dealer"], 4)]
    turns, handovers = [0, 0, 0, 0], 0
    while True:
        page.wait_for_function("""() => { const s = window.__jass.state();
            return document.body.dataset.handover === 'true' || s.phase === 'hand-over'
              || (s.phase === 'play' && s.toPlay === s.viewer && !s.busy); }""", timeout=TIMEOUT)
        s = state(page)
        if s["phase"] == "hand-over":
            break
        if page.evaluate("document.body.dataset.handover === 'true'"):
            assert s["hand"] == [] and page.evaluate("window.__jass.cardRects().length") == 0
            expect(page.locator("#handover h2")).to_contain_text(v["players"][s["toPlay"]]["name"])
            page.locator("#handover [data-action='handover-confirm']").click()
            page.wait_for_function("(seat) => document.body.dataset.seat === String(seat) && !document.body.dataset.handover",
                                   arg=s["toPlay"], timeout=TIMEOUT)
            handovers += 1
            continue
        seat = s["viewer"]
        assert set(s["hand"]) <= dealt[seat], (seat, s["hand"])   # only the viewer's own cards
        card = s["legal"][0]
        page.locator(f"#hand-buttons button[data-card='{card}']").focus()
        page.keyboard.press("Enter")
        wait_card_gone(page, card)
        turns[seat] += 1
    assert turns == [9, 9, 9, 9] and handovers >= 27   # a hand-over before every turn but the first
    expect(page.locator("#dlg-hand tbody tr")).to_have_count(4)
    assert not w.errors, w.errors
