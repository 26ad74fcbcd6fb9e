"""guest_view (play together, docs/peer.md): a friend's page builds its table from the `state` it received alone.
Its view of its seat holds what the host's engine says about every public thing, and its own hand and legal cards."""
from __future__ import annotations

import json

import pytest
from conforms import problems

from engine import web
from engine.cards import codes_of
from engine.protocol import Answer

PUBLIC = ["phase", "hand_no", "hands_total", "dealer", "to_play", "counts", "trick", "trump", "trump_fixed_by",
          "trump_fixed_trick", "tricks_won", "points_taken", "scores", "hand_result", "winners"]


@pytest.fixture(autouse=True)
def fresh_session(monkeypatch):
    monkeypatch.setattr(web, "_SESSION", web.Session())


def call(**request) -> dict:
    answer = json.loads(web.handle(json.dumps(request)))
    assert not problems(answer, Answer), problems(answer, Answer)[:5]
    return answer


def guest_view(seat: int) -> dict:
    """What the friend at `seat` shows: the host's `guest` stream from 0 (in as many pieces as it takes), then the
    guest's own engine's guest_view (a second session: the guest's page has no game)."""
    g = call(cmd="guest", seat=seat, since=0)
    events = list(g["events"])
    while g["more"]:
        g = call(cmd="guest", seat=seat, since=g["next"])
        events += g["events"]
    host = web._SESSION
    web._SESSION = web.Session()
    try:
        r = call(cmd="guest_view", observation=g["observation"], events=events, names=["Ann", "Bea", "Cy"])
    finally:
        web._SESSION = host
    assert r["ok"], r
    return r["view"]


def test_a_guests_view_says_what_the_hosts_engine_says(seed=17):
    seats = [{"kind": "me"}, {"kind": "remote"}, {"kind": "remote"}]
    r = call(cmd="new_game", seed=seed, hands=2, seats=seats, names=["Ann", "Bea", "Cy"])
    checked = 0
    while True:
        v, st = r["view"], web._SESSION.game.state
        # every hand's end, and each trick with one card in it or two (a trick's winner so far, trump being fixed)
        for seat in [s for s in (1, 2) if v["phase"] != "play" or len(v["trick"]["cards"]) == s]:
            gv = guest_view(seat)
            assert {k: gv[k] for k in PUBLIC} == {k: v[k] for k in PUBLIC}
            assert sorted(gv["hand"]) == sorted(codes_of(st.hands[seat]))
            assert gv["legal"] == ([c for c in gv["hand"] if c in codes_of(st.legal_mask())]
                                   if v["to_play"] == seat else [])
            assert gv["viewer"] == seat and gv["players"][seat]["kind"] == "me"
            # the refusals and the exemption of its cards, as the rules give them for its hand at its turn
            barred, free = web.card_rules(st.hands[seat], st.trick, st.trump, st.rules.undertrump_when_void,
                                          v["to_play"] == seat)
            assert (gv["refusals"], gv["exemption"]) == (barred, free)
            assert set(gv["refusals"]) == (set(gv["hand"]) - set(gv["legal"]) if v["to_play"] == seat else set())
            assert [p["name"] for p in gv["players"]] == ["Ann", "Bea", "Cy"]
            assert gv["history"] == v.get("history", gv["history"])
            if v["last_trick"]:
                assert gv["last_trick"]["cards"] == v["last_trick"]["cards"]
            checked += 1
        if v["phase"] == "game-over":
            break
        if v["phase"] == "hand-over":
            r = call(cmd="next_hand")
        elif v["to_play"] == 0:
            r = call(cmd="play", card=v["legal"][0])
        else:
            r = call(cmd="play", seat=v["to_play"], card=codes_of(st.legal_mask())[-1])
        assert r["ok"], r
    assert checked > 30


def test_a_bad_guest_view_request_is_refused():
    assert call(cmd="guest_view", observation={"seat": 1}, events=[], names=["a", "b", "c"])["error"]["code"] == \
        "bad_request"
    assert call(cmd="guest_view", events=[], names=["a", "b", "c"])["error"]["code"] == "bad_request"
