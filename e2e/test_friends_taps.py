"""Play together that survives real friends (blocker 3 and its stalls): a friend's page taps every card the moment
it is offered at the default speed (the table still animating) and no tap is lost, nothing stays busy; a friend's
quick messages that the host's flood limit drops (its card among them) do not stall the game: the card is answered
(the friend's table comes back) and the host is told once per flood."""
from __future__ import annotations

import json
import time

import pytest
import test_friends
from playwright.sync_api import Error as PlaywrightError
from taps_e2e import ARRIVED_JS, OUTCOME_JS, TURN_JS, tap
from test_friends import PEER_VERSION, PLAY_JS, TIMEOUT, open_table, play_until, whose_turn

# guest 1's turn in the engine's view (a card is offered) -> its first legal card and whether its table still moves
OFFERED_NOW_JS = """() => {
  const v = window.__jass.view(), s = window.__jass.state();
  if (!v || v.phase !== 'play' || v.to_play !== v.viewer || !v.legal.length) return null;
  return {card: v.legal[0], busy: s.busy};
}"""


@pytest.mark.long_flow
# the mouse on the canvas (keys: e2e/test_taps.py plays the same controller path by keyboard; the hand buttons of a
# friend's page: e2e/test_friends_fresh.py)
@pytest.mark.parametrize("way", ["mouse"])
def test_a_friend_tapping_each_card_as_it_is_offered_loses_no_tap(warm_contexts, site, monkeypatch, way):
    monkeypatch.setattr(test_friends, "Q", "?ice=none")   # every page at the default speed: the tables animate
    host, (g1, g2), _ = open_table(warm_contexts, site, hands=1)
    counts = {"taps": 0, "early": 0, "lost": 0}
    t0 = time.monotonic()
    by_seat = {0: host, 1: g1, 2: g2}
    # each wait below is checked inside its page every 10 ms (no round trip from here per check)
    while (turn := host.evaluate(TURN_JS)) is not None:
        assert time.monotonic() - t0 < 240, "stuck: " + json.dumps([whose_turn(p) for p in (host, g1, g2)])[:2000]
        if turn["seat"] == 1:
            # the host's engine says it is the friend's turn: its page is offered the card as soon as the state
            # comes, and the tap follows at once (the friend's table still animates the cards before)
            s = g1.wait_for_function(OFFERED_NOW_JS, polling=10, timeout=TIMEOUT).json_value()
            counts["taps"] += 1
            counts["early"] += bool(s["busy"])
            tap(g1, s["card"], way)
            # played, or lost: the table rests at the friend's turn with the card still in hand, tapped again
            while g1.wait_for_function(OUTCOME_JS, arg=s["card"], polling=10, timeout=TIMEOUT).json_value() == "lost":
                counts["lost"] += 1
                tap(g1, s["card"], way)
        else:   # the host or the other friend plays its first legal card once its table rests
            by_seat[turn["seat"]].wait_for_function(PLAY_JS, arg=False, polling=10, timeout=TIMEOUT)
        host.wait_for_function(ARRIVED_JS, arg=turn["count"], polling=10, timeout=TIMEOUT)
    print("FIGURES", {"who": "friend", "way": way, **counts})
    for p in (host, g1, g2):   # the hand is over everywhere, nothing left busy
        p.wait_for_function("() => window.__jass.view().phase !== 'play' && !window.__jass.state().busy", timeout=TIMEOUT)
    assert counts["taps"] >= 12, counts
    assert counts["early"] > 0, counts
    assert counts["lost"] == 0, f"{counts['lost']} of {counts['taps']} taps did nothing: {counts}"


# Quick messages from a page (its name sent 200 times, then its honest card at once): the host's flood limit
# drops the last of them, its card among them
QUICK_JS = """(card) => {
  const g = window.__jassPeer;
  for (let i = 0; i < 200; i++) g.link.send(JSON.stringify({v: PEER_V, seq: g.seq++, type: 'hello', seat: g.seat, names: ['Bea']}));
  document.querySelector(`#hand-buttons button[data-card='${card}']`).click();
}""".replace("PEER_V", str(PEER_VERSION))


@pytest.mark.long_flow
def test_a_card_dropped_by_the_flood_limit_does_not_stall_the_game(warm_contexts, site):
    host, (g1, g2), _ = open_table(warm_contexts, site, hands=1)
    play_until(host, [g2], lambda: host.evaluate("() => window.__jass.view().to_play") == 1)
    g1.wait_for_function("() => window.__jass.view().to_play === 1 && !window.__jass.state().busy", timeout=TIMEOUT)
    host.wait_for_function("() => !window.__jass.state().busy", timeout=TIMEOUT)
    n = host.evaluate("() => window.__jassPeer.notices.length")
    card = g1.evaluate("() => window.__jass.view().legal[0]")
    g1.evaluate(QUICK_JS, card)
    t0 = time.monotonic()
    try:   # the card is answered: played, or the friend's table back at its turn with the card in hand
        g1.wait_for_function(OUTCOME_JS.replace("'lost'", "'back'"), arg=card, timeout=TIMEOUT)
    except Exception:
        raise AssertionError("the friend's card got no answer: " + json.dumps(
            {"guest": whose_turn(g1), "dropped": host.evaluate("() => window.__jassPeer.seats.get(1).throttle.dropped")},
            default=str)[:2000]) from None
    answered_ms = round((time.monotonic() - t0) * 1000)
    dropped = host.evaluate("() => window.__jassPeer.seats.get(1).throttle.dropped")
    notices = host.evaluate("(n) => window.__jassPeer.notices.slice(n)", n)
    floods = [x for x in notices if x["code"] == "peer_flood"]
    print("FIGURES", {"dropped": dropped, "flood_notices": len(floods), "answered_ms": answered_ms})
    assert dropped >= 1
    assert len(floods) == 1, notices
    assert "Bea" in floods[0]["text"], floods
    # the game goes on: the friend plays again if its card came back, and the hand is played to its end
    if card in g1.evaluate("() => window.__jass.view().hand"):
        g1.wait_for_function("() => !window.__jass.state().busy", timeout=TIMEOUT)
        g1.evaluate("(c) => document.querySelector(`#hand-buttons button[data-card='${c}']`).click()", card)
        g1.wait_for_function("(c) => !window.__jass.view().hand.includes(c)", arg=card, timeout=TIMEOUT)
    play_until(host, [g1, g2], lambda: host.evaluate("() => window.__jass.view().phase") != "play")
    for p in (host, g1, g2):
        p.wait_for_function("() => !window.__jass.state().busy", timeout=TIMEOUT)


@pytest.mark.long_flow
def test_a_friend_back_while_the_bot_loop_waits_is_not_asked_for_as_a_bot(warm_contexts, site):
    """The host's bot loop checked the seat before its waits (the pause, How to play) and asked for a bot's card
    after them: a friend who took its seat back meanwhile (Host.back -> seatTo remote) got the engine's refusal
    "not_bot_turn" on the host's page. Here the loop waits while the host reads How to play."""
    host, (g1, g2), _ = open_table(warm_contexts, site, hands=1)
    play_until(host, [g1, g2], lambda: host.evaluate("() => window.__jass.view().to_play") == 1, lead_only=(g1,))
    g1.close()
    host.wait_for_selector("#friends-bar [data-away='1'] [data-invite]", timeout=TIMEOUT)
    invite = host.get_attribute("#friends-bar [data-away='1'] [data-invite]", "data-invite")
    host.click("#btn-howto")   # the host reads How to play: no bot plays meanwhile
    host.wait_for_selector("dialog[open][data-reading]", timeout=TIMEOUT)
    # a bot stands in (the bar's button, under the open dialog: its handler) and its loop waits for the reader
    host.evaluate("() => window.__jassPeer.controller.seatTo(1, 'bot', 'normal')")
    host.wait_for_function("() => window.__jass.view().players[1].bot !== null", timeout=TIMEOUT)
    g1 = warm_contexts.page(locale="de-CH")
    code = test_friends.reply_of(g1, invite)
    host.evaluate("(code) => window.__jassPeer.acceptReply(code, document.createElement('input'))", code)
    host.wait_for_function("() => window.__jass.view().players[1].bot === null", timeout=TIMEOUT)
    host.evaluate("() => document.querySelector('dialog[open][data-reading]').close()")
    # the friend plays its own card; the host's page reported no engine problem
    g1.wait_for_function("() => window.__jass.view()?.to_play === 1 && !window.__jass.state().busy", timeout=TIMEOUT)
    played = g1.evaluate("() => window.__jass.view().legal[0]")
    held = host.evaluate("() => window.__jass.view().counts[1]")
    g1.evaluate("(c) => document.querySelector(`#hand-buttons button[data-card='${c}']`).click()", played)
    try:
        # the card is on the host's table (the turn may stay the friend's: its card can win the trick and lead again)
        host.wait_for_function("(n) => window.__jass.view().counts[1] < n", arg=held, timeout=TIMEOUT)
    except PlaywrightError:
        raise AssertionError(json.dumps({"host": whose_turn(host), "guest": whose_turn(g1), "log": host.evaluate(
            "() => [...document.querySelectorAll('#log p')].map((p) => p.textContent).slice(-6)"),
            "notices": host.evaluate("() => window.__jassPeer.notices"), "heard": host.evaluate("() => window.__jassPeer.heard"),
            "guest_peer": g1.evaluate("() => { const g = window.__jassPeer; return {status: g.status, open: g.link?.open, "
                                      "seq: g.seq, sent: g.sent, state: window.__jass.state()}; }")},
                                        default=str)[:6000]) from None
    said = host.evaluate("() => [...document.querySelectorAll('#log p')].map((p) => p.textContent)")
    assert not [s for s in said if "not_bot_turn" in s or "engine reported" in s.lower()], said[-5:]
