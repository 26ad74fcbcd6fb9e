"""The browser protocol (docs/protocol.md), driven as the worker drives it: JSON strings in and out."""

import json
import random

import pytest

from engine import web
from engine.record import replay, summary


@pytest.fixture(autouse=True)
def fresh_session(monkeypatch):
    monkeypatch.setattr(web, "_SESSION", web.Session())


def call(**request) -> dict:
    return json.loads(web.handle(json.dumps(request)))


def play_game(hands: int, seed, pick: random.Random | None = None) -> dict:
    pick = pick or random.Random(str(seed))
    r = call(cmd="new_game", hands=hands, seed=seed, bots=["easy", "random"])
    assert r["ok"], r
    while True:
        v = r["view"]
        if v["phase"] == "game-over":
            return r
        if v["phase"] == "hand-over":
            r = call(cmd="next_hand")
        elif v["to_play"] == 0:
            r = call(cmd="play", card=pick.choice(v["legal"]))
        else:
            r = call(cmd="bot_move")
        assert r["ok"], r


def test_levels_are_listed_weakest_first():
    levels = [lv["id"] for lv in call(cmd="levels")["levels"]]
    assert levels[:2] == ["random", "easy"]


def test_new_game_view_shows_only_own_cards():
    v = call(cmd="new_game", seed=9, bots=["easy", "easy"])["view"]
    assert v["phase"] == "play" and v["hand_no"] == 1 and v["hands_total"] == 12
    assert len(v["hand"]) == 12 and v["counts"] == [12, 12, 12]
    text = json.dumps(v)
    state = web._SESSION.game.state
    from engine.cards import codes_of
    for seat in (1, 2):
        for code in codes_of(state.hands[seat]):
            assert f'"{code}"' not in text


def test_illegal_card_gives_the_engines_reason_and_changes_nothing():
    r = call(cmd="new_game", seed=4, bots=["random", "random"])
    # play until the human has a card that is not legal
    for _ in range(200):
        v = r["view"]
        if v["phase"] != "play":
            r = call(cmd="next_hand")
            continue
        if v["to_play"] == 0:
            bad = [c for c in v["hand"] if c not in v["legal"]]
            if bad:
                before = call(cmd="view")["view"]
                refused = call(cmd="play", card=bad[0])
                assert refused["ok"] is False
                assert refused["error"]["code"] in ("must_follow", "must_trump", "undertrump")
                assert refused["error"]["message"].startswith("You ") or "Trump" in refused["error"]["message"]
                assert call(cmd="view")["view"] == before
                why = call(cmd="why", card=bad[0])
                assert why["legal"] is False and why["message"] == refused["error"]["message"]
                return
            r = call(cmd="play", card=v["legal"][0])
        else:
            r = call(cmd="bot_move")
    pytest.fail("no illegal card came up")


def test_whole_game_score_sheet_matches_replayed_records():
    final = play_game(3, "sheet")
    v = final["view"]
    records = call(cmd="records")["records"]
    assert len(records) == len(v["history"]) >= 3
    for rec, h in zip(records, v["history"], strict=True):
        s = summary(replay(rec))
        assert s["settlement"] == h["settlement"] and s["settlement_case"] == h["case"]
        assert s["card_points"] == h["card_points"]
    net = [sum(h["settlement"][s] for h in v["history"]) for s in range(3)]
    assert v["scores"]["net"] == net
    assert v["winners"] == [s for s in range(3) if net[s] == max(net)]
    assert any(e["type"] == "game_over" for e in final["events"])


def test_same_seed_same_game():
    a = play_game(1, 77, random.Random(5))["view"]
    b = play_game(1, 77, random.Random(5))["view"]
    assert a["history"] == b["history"]


def test_events_announce_trump_and_tricks():
    r = call(cmd="new_game", seed=12, bots=["random", "random"])
    events = []
    while r["view"]["phase"] == "play":
        v = r["view"]
        r = call(cmd="play", card=v["legal"][0]) if v["to_play"] == 0 else call(cmd="bot_move")
        events += r["events"]
    kinds = [e["type"] for e in events]
    assert kinds.count("card_played") == 36 and kinds.count("trick_won") == 12 and kinds[-1] == "hand_over"
    if "trump_fixed" in kinds:
        ev = events[kinds.index("trump_fixed")]
        assert " is trump — fixed by " in ev["message"]


@pytest.mark.parametrize("request_text", [
    "{", "[]", '{"cmd": 5}', '{"cmd": "nope"}', '{"cmd": "play", "card": "S5"}', '{"cmd": "bot_move"}',
    '{"cmd": "new_game", "hands": 0}', '{"cmd": "new_game", "bots": ["genius", "easy"]}',
    '{"cmd": "new_game", "rules": {"x": 1}}', '{"cmd": "next_hand"}',
])
def test_bad_requests_answer_plainly_and_never_raise(request_text):
    answer = json.loads(web.handle(request_text))
    assert answer["ok"] is False and answer["error"]["message"]


def test_bad_request_mid_game_leaves_state_unchanged():
    call(cmd="new_game", seed=1, bots=["easy", "easy"])
    before = call(cmd="view")["view"]
    for bad in ({"cmd": "play", "card": "ZZ"}, {"cmd": "next_hand"}, {"cmd": "new_game", "hands": -1}):
        assert call(**bad)["ok"] is False
    assert call(cmd="view")["view"] == before


def test_hint_suggests_a_legal_card_with_a_reason():
    r = call(cmd="new_game", seed=21, bots=["random", "random"])
    while r["view"]["to_play"] != 0:
        r = call(cmd="bot_move")
    hint = call(cmd="hint")
    assert hint["ok"] and hint["card"] in r["view"]["legal"] and hint["reason"]


def test_review_replays_records_and_gives_canonical_ones_back():
    play_game(2, "review")
    records = call(cmd="records")["records"]
    before = call(cmd="view")["view"]
    r = call(cmd="review", records=records)
    assert r["ok"] and len(r["hands"]) == len(records)
    assert call(cmd="view")["view"] == before  # the session is not touched
    for rec, hand in zip(records, r["hands"], strict=True):
        assert hand["record"] == rec  # what an export writes is what the game recorded
        assert hand == {**summary(replay(rec)), "dealer": rec["dealer"], "hands": rec["hands"],
                        "trump_fixed_by": hand["trump_fixed_by"], "rules": rec["rules"], "record": rec}
        assert len(hand["tricks"]) == 12 and sum(hand["card_points"]) == 157
        assert sum(t["points"] for t in hand["tricks"]) == 157  # the last trick's 5 included
        if hand["trump"] is not None:
            fixer = hand["trump_fixed_by"]
            i = hand["trump_fixed_at"]
            trick = hand["tricks"][i // 3]
            assert trick["cards"][i % 3][0] == hand["trump"] and (trick["leader"] + i % 3) % 3 == fixer


@pytest.mark.parametrize("records, code", [
    (None, "bad_records"), ([], "bad_records"), ({"dealer": 0}, "bad_records"), ([[]] * 481, "bad_records"),
    (["x"], "bad_record"), ([{"dealer": 0}], "bad_record"), ([{"dealer": 0, "hands": [], "plays": []}], "bad_record"),
    ([{"dealer": 0, "hands": [["S6"] * 12] * 3}], "bad_record"),
    ([{"rules": {"no_trump": "never"}, "dealer": 0, "hands": [["S6"] * 12] * 3}], "bad_record"),
])
def test_review_refuses_bad_records_plainly(records, code):
    r = call(cmd="review", records=records)
    assert r["ok"] is False and r["error"]["code"] == code and r["error"]["message"]


def test_review_names_the_hand_and_the_illegal_play():
    play_game(1, "illegal")
    rec = call(cmd="records")["records"][0]
    bad = {**rec, "plays": rec["plays"][:1] + rec["plays"][:1]}  # the same card twice
    r = call(cmd="review", records=[rec, bad])
    assert r["ok"] is False and r["error"]["message"].startswith("Hand 2: play 1: ")



def test_view_names_the_seat_winning_the_current_trick():
    """trick.winning_seat: null before a trick's first card, the leader after it; a trick is won by the seat that
    was winning before its last card or by that last card's seat (the event and the view agree)."""
    r = call(cmd="new_game", seed=12, bots=["easy", "easy"])
    checked = 0
    while r["view"]["phase"] == "play":
        v = r["view"]
        trick = v["trick"]
        if not trick["cards"]:
            assert trick["winning_seat"] is None
        elif len(trick["cards"]) == 1:
            assert trick["winning_seat"] == trick["leader"]
        r = call(cmd="play", card=v["legal"][0]) if v["to_play"] == 0 else call(cmd="bot_move")
        assert r["ok"], r
        won = [e for e in r["events"] if e["type"] == "trick_won"]
        if won and len(trick["cards"]) == 2:
            last_seat = won[0]["cards"][2]["seat"]
            assert won[0]["seat"] in (trick["winning_seat"], last_seat)
            checked += 1
    assert checked == 12
