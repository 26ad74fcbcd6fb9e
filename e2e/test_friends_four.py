"""Friends on their own devices at a table of four (issue 44): the host picks Molotow in the friends dialog, three
friends join from three browser profiles, and the four play a whole hand; each page sees only its own nine cards,
and the fair deal (four secrets) verifies on the host's page and on a friend's."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_friends import (
    TIMEOUT,
    WIRE_JS,
    Q,
    assert_no_foreign_card,
    play_one,
    reply_of,
    seats_of,
    wait_for_a_move,
    whose_turn,
)

from jass_e2e import PHONE


@pytest.mark.long_flow
def test_a_host_and_three_friends_play_a_hand_of_molotow(warm_contexts, site):
    host = warm_contexts.page()
    guests = [warm_contexts.page(locale="de-CH"), warm_contexts.page(locale="fr-CH"), warm_contexts.page(**PHONE)]
    for g in guests:
        g.add_init_script(WIRE_JS)
    host.goto(f"{site}{Q}&hands=1")
    host.wait_for_function("() => document.body.dataset.phase === 'play' && window.__jass", timeout=60_000)
    host.get_by_role("button", name="New game").click()
    host.locator("#ng-game").select_option("molotow")   # the game New game holds comes into the friends dialog
    host.locator("[data-action='host-table']").click()
    expect(host.locator("#fr-game")).to_have_value("molotow")
    host.wait_for_function("() => document.querySelectorAll('#dlg-friends [data-invite]').length === 3", timeout=TIMEOUT)
    for seat, g in enumerate(guests, 1):
        invite = host.get_attribute(f"#dlg-friends [data-seat-row='{seat}'] [data-invite]", "data-invite")
        host.fill("#dlg-friends [data-reply-input]", reply_of(g, invite))
        host.click("#dlg-friends [data-action='accept-reply']")
        host.wait_for_selector(f"#dlg-friends [data-seat-row='{seat}'] [data-status='here']", timeout=TIMEOUT)
    host.click("[data-action='start-table']")
    for seat, g in enumerate(guests, 1):
        g.wait_for_function(f"() => document.body.dataset.seat === '{seat}' && window.__jass.view()?.phase === 'play'"
                            " && window.__jass.view().hand.length === 9", timeout=TIMEOUT)
        v = g.evaluate("() => window.__jass.view()")
        assert v["game"] == "molotow" and v["seats"] == 4 and v["counts"] == [9, 9, 9, 9]
        assert [p["kind"] for p in v["players"]][seat] == "me"
    pages = [host, *guests]
    seats = seats_of(pages)
    while host.evaluate("() => window.__jass.view().phase") == "play":
        if not play_one(pages):
            wait_for_a_move(host, seats)
    for g in guests:
        g.wait_for_function("() => window.__jass.view()?.phase !== 'play'", timeout=TIMEOUT)
        assert g.evaluate("() => window.__jass.view().hand_result.settlement") == \
            host.evaluate("() => window.__jass.view().hand_result.settlement")
    # nothing of another seat's hand crossed the wire before it was played
    records = host.evaluate("() => window.__jass.ask({cmd: 'records'})")["records"]
    assert len(records[0]["hands"]) == 4
    for seat, g in enumerate(guests, 1):
        g.wait_for_function("() => window.__wire.some((t) => JSON.parse(t).type === 'secrets')", timeout=TIMEOUT)
        assert assert_no_foreign_card(g.evaluate("() => window.__wire"), seat, records) > 5
    # the deal is verified from the four secrets, on the host's page and on a friend's
    for p in (host, guests[0]):   # a game of one hand: its review from the game's result
        p.wait_for_selector("#dlg-over[open] #btn-over-review", timeout=TIMEOUT)
        p.click("#btn-over-review")
        p.wait_for_selector("#dlg-review[open] #review-fair", timeout=TIMEOUT)
        p.wait_for_selector("#dlg-review[open] #review-fair[data-fair='verified']", timeout=TIMEOUT)
        assert p.locator("#dlg-review tr[data-seat]").count() >= 4
        p.keyboard.press("Escape")
    assert whose_turn(guests[2])["viewer"] == 3
    # each friend's history keeps the game of four, seen from its own seat
    for g in guests:
        kept = g.evaluate("() => JSON.parse(localStorage.getItem('mittlere-jass.history')).games[0]")
        assert kept["game"] == "molotow" and len(kept["net"]) == 4 and kept["status"] == "finished"
