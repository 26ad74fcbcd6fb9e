"""The browser protocol (docs/protocol.md, engine/protocol.py), driven as the worker drives it: JSON strings in
and out.  Every answer here is checked against the protocol's types (unknown keys included): these tests pin the
wire contract the web app relies on."""

import json
import random

import pytest
from conforms import problems

from engine import web
from engine.cards import codes_of, mask_of
from engine.deal import deal, first_dealer
from engine.peer import PEER_VERSION
from engine.protocol import Answer
from engine.record import replay, summary
from engine.state import HandState


@pytest.fixture(autouse=True)
def fresh_session(monkeypatch):
    monkeypatch.setattr(web, "_SESSION", web.Session())
    hello = json.loads(web.handle('{"cmd": "hello"}'))
    assert hello["ok"]


def call(**request) -> dict:
    answer = json.loads(web.handle(json.dumps(request)))
    assert not problems(answer, Answer), problems(answer, Answer)[:5]
    return answer


def play_game(hands: int, seed, pick: random.Random | None = None, bots=("easy", "random"),
              game: str | None = None) -> tuple[dict, list]:
    """Play a whole game (seat 0 picks at random; `game`: another of the family than Mittlere); the last answer and
    every answer on the way."""
    pick = pick or random.Random(str(seed))
    r = call(cmd="new_game", hands=hands, seed=seed, bots=list(bots), **({"game": game} if game else {}))
    answers = [r]
    assert r["ok"], r
    while r["view"]["phase"] != "game-over":
        v = r["view"]
        if v["phase"] == "hand-over":
            r = call(cmd="next_hand")
        elif v["to_play"] == 0:
            r = call(cmd="play", card=pick.choice(v["legal"]))
        else:
            r = call(cmd="bot_move")
        assert r["ok"], r
        answers.append(r)
    return r, answers


def human_turn(r: dict) -> dict:
    while r["view"]["to_play"] != 0:
        r = call(cmd="bot_move")
    return r


# -- hello ---------------------------------------------------------------------------------------------------------

def test_hello_reports_version_levels_defaults_and_limits():
    assert call(cmd="hello") == {
        "ok": True, "protocol": 2, "levels": ["random", "easy", "normal", "hard", "expert"],
        "seats": 3, "human_seat": 0, "hand_points": 157, "peer_version": 3,
        "reactions": ["thumbs", "wow", "laugh", "oops", "well_played"],
        "defaults": {"hands": 12, "hands_choices": [3, 6, 9, 12, 24], "bots": ["normal", "normal"],
                     "names": ["You", "Right", "Left"],
                     "rules": {"undertrump_when_void": False, "no_trump": "eights"}, "coach_iterations": 1500},
        "limits": {"hands_min": 1, "hands_max": 240, "seed_max_len": 64, "name_max_len": 24, "seats_max": 4},
        "card_points": {
            "plain": {"6": 0, "7": 0, "8": 0, "9": 0, "10": 10, "J": 2, "Q": 3, "K": 4, "A": 11},
            "trump": {"6": 0, "7": 0, "8": 0, "9": 14, "10": 10, "J": 20, "Q": 3, "K": 4, "A": 11},
            "eights": {"6": 0, "7": 0, "8": 8, "9": 0, "10": 10, "J": 2, "Q": 3, "K": 4, "A": 11}, "last_trick": 5},
        "games": {
            "mittlere": {"seats": 3, "cards_per_hand": 12, "hand_points": 157, "hands": 12, "open_ended": False,
                         "flags": ["undertrump_when_void", "no_trump", "srf_hundred_zero"],
                         "rules": {"undertrump_when_void": False, "no_trump": "eights"},
                         "choices": {"no_trump": ["eights", "annul"]}, "zeros": True, "hundred": 100},
            "molotow": {"seats": 4, "cards_per_hand": 9, "hand_points": 157, "hands": 12, "open_ended": False,
                        "flags": ["undertrump_when_void", "no_trump", "ties"],
                        "rules": {"undertrump_when_void": True, "no_trump": "eights", "ties": "passed_over"},
                        "choices": {"no_trump": ["eights", "annul"], "ties": ["passed_over", "share"]}, "zeros": True,
                        "hundred": 100},
            "plusminus": {"seats": 4, "cards_per_hand": 9, "hand_points": 157, "hands": 12, "open_ended": True,
                          "flags": ["undertrump_when_void", "no_trump", "ties"],
                          "rules": {"undertrump_when_void": False, "no_trump": "eights", "ties": "passed_over"},
                          "choices": {"no_trump": ["eights", "annul"], "ties": ["passed_over", "next"]},
                          "zeros": False, "target": 7, "hundred": 100},
        },
    }


def test_hello_numbers_are_the_ones_the_engine_plays_by():
    hello = call(cmd="hello")
    assert hello["defaults"]["coach_iterations"] == web.COACH_ITERATIONS   # what a coach request without one uses
    r = call(cmd="new_game", hands=1, seed="7")
    assert len(r["view"]["players"]) == hello["seats"]
    assert r["view"]["players"][hello["human_seat"]]["bot"] is None   # no bot plays the page's seat
    last, _ = play_game(3, "hello-points")
    settled = [h for h in last["view"]["history"] if h["case"] != "annulled"]
    assert settled and all(sum(h["card_points"]) == hello["hand_points"] for h in settled)
    # the card points hello gives add up to a hand's: a trump suit, three plain ones and the last trick
    pts = hello["card_points"]
    assert sum(pts["trump"].values()) + 3 * sum(pts["plain"].values()) + pts["last_trick"] == hello["hand_points"]
    assert sum(pts["eights"].values()) * 4 + pts["last_trick"] == hello["hand_points"]
    # the 100 of each game's settlement: a Mittlere hand of 100 or more is the hundred case
    assert all(g["hundred"] == 100 for g in hello["games"].values())
    for h in settled:
        if max(h["card_points"]) >= hello["games"]["mittlere"]["hundred"] and min(h["tricks"]) > 0:
            assert h["case"] in ("hundred", "hundred_and_zero")


def test_levels_command_is_gone():
    r = call(cmd="levels")
    assert r["error"] == {"code": "unknown_command", "params": {"cmd": "levels"}} and r["view"] is None


def test_defaults_of_hello_are_what_new_game_uses():
    hello = call(cmd="hello")
    v = call(cmd="new_game")["view"]
    assert v["hands_total"] == hello["defaults"]["hands"]
    assert [p["bot"] for p in v["players"][1:]] == hello["defaults"]["bots"]
    assert [p["name"] for p in v["players"]] == hello["defaults"]["names"]


# -- new_game: every field validated, the seed is text -------------------------------------------------------------

@pytest.mark.parametrize("seed", ["--5", "²", "12345678901234567891", "9007199254740993", "word", "-7", "x" * 64])
def test_any_seed_text_deals_as_the_engine_deals_it(seed):
    v = call(cmd="new_game", seed=seed, hands=1)["view"]
    assert v["seed"] == seed
    dealer = first_dealer(seed)
    assert v["dealer"] == dealer
    assert sorted(v["hand"]) == sorted(codes_of(deal(seed, 0, dealer)[0]))


def test_int_seed_is_its_decimal_text():
    a = call(cmd="new_game", seed=42, bots=["random", "random"])["view"]
    b = call(cmd="new_game", seed="42", bots=["random", "random"])["view"]
    assert a["seed"] == b["seed"] == "42" and a["hand"] == b["hand"] and a["dealer"] == b["dealer"]
    big = call(cmd="new_game", seed=12345678901234567891)["view"]
    assert big["seed"] == "12345678901234567891"


@pytest.mark.parametrize("seed", [None, "", "   "])
def test_no_seed_means_the_engine_picks_one(seed):
    request = {"cmd": "new_game"} if seed is None else {"cmd": "new_game", "seed": seed}
    v = call(**request)["view"]
    assert isinstance(v["seed"], str) and v["seed"].isdigit()


@pytest.mark.parametrize("seed", ["x" * 65, "9" * 100_000, 10 ** 70, True, 1.5, [1], {"a": 1}, "\ud800"])
def test_bad_seed_is_refused_with_its_limit(seed):
    r = call(cmd="new_game", seed=seed)
    assert r["error"] == {"code": "bad_seed", "params": {"max_len": 64}}


@pytest.mark.parametrize("hands", [0, 241, 1.5, "12", True, 1e9, None, -1])
def test_bad_hands_is_refused_with_the_bounds(hands):
    r = call(cmd="new_game", hands=hands)
    assert r["error"] == {"code": "bad_hands", "params": {"min": 1, "max": 240}}


@pytest.mark.parametrize("bots", [["genius", "easy"], ["easy"], "easy,easy", [1, 2], [["easy"], "easy"], None])
def test_bad_bots_is_refused_with_the_levels(bots):
    r = call(cmd="new_game", bots=bots)
    assert r["error"] == {"code": "bad_bots", "params": {"levels": ["random", "easy", "normal", "hard", "expert"]}}


@pytest.mark.parametrize("rules,key", [({"x": 1}, "x"), ({"no_trump": "sevens"}, "no_trump"),
                                       ({"undertrump_when_void": "yes"}, "undertrump_when_void"), ([1], None),
                                       ({"y" * 1000: 1}, "y" * 60)])
def test_bad_rules_is_refused_naming_the_rule(rules, key):
    assert call(cmd="new_game", rules=rules)["error"] == {"code": "bad_rules", "params": {"key": key}}


@pytest.mark.parametrize("names", [["A", "B"], ["A", "B", ""], ["A", "B", "  "], ["A", "B", 3], "ABC",
                                   ["A", "B", "x" * 25], ["A", "B", "\udc00"]])
def test_bad_names_is_refused_with_the_limit(names):
    assert call(cmd="new_game", names=names)["error"] == {"code": "bad_names", "params": {"max_len": 24}}


def test_names_and_rules_are_used():
    v = call(cmd="new_game", names=[" Ann ", "Bea", "x" * 24], rules={"no_trump": "annul"})["view"]
    assert [p["name"] for p in v["players"]] == ["Ann", "Bea", "x" * 24]


def test_rename_renames_any_seat_and_refuses_a_bad_seat_or_name_with_nothing_changed():
    call(cmd="new_game", seed=3, names=["Du", "Rechts", "Links"])
    renamed = call(cmd="rename", seat=1, name=" Droite ")["view"]["players"]
    assert [p["name"] for p in renamed] == ["Du", "Droite", "Links"]
    before = call(cmd="view")["view"]
    bads = (({"seat": 3}, "bad_seat"), ({"seat": "1"}, "bad_seat"), ({"seat": 2, "name": "\u202e "}, "bad_names"))
    for bad, code in bads:
        r = call(**{"cmd": "rename", "name": "X", **bad})
        assert r["ok"] is False and r["error"]["code"] == code
    assert call(cmd="view")["view"] == before


def test_a_refused_new_game_keeps_the_running_game():
    call(cmd="new_game", seed=3, bots=["easy", "easy"])
    before = call(cmd="view")["view"]
    for bad in ({"hands": 0}, {"seed": "x" * 65}, {"bots": ["x", "y"]}, {"rules": {"x": 1}}, {"names": []}):
        r = call(**{"cmd": "new_game", "seed": 4, **bad})
        assert r["ok"] is False and r["view"] == {k: v for k, v in before.items() if k != "history"}
    assert call(cmd="view")["view"] == before


# -- the view ---------------------------------------------------------------------------------------------------------

def test_new_game_view_shows_only_own_cards():
    v = call(cmd="new_game", seed=9, bots=["easy", "easy"])["view"]
    assert v["phase"] == "play" and v["hand_no"] == 1 and v["hands_total"] == 12
    assert len(v["hand"]) == 12 and v["counts"] == [12, 12, 12]
    text = json.dumps(v)
    state = web._SESSION.game.state
    for seat in (1, 2):
        for code in codes_of(state.hands[seat]):
            assert f'"{code}"' not in text


def test_history_is_sent_only_when_it_can_have_changed():
    r = call(cmd="new_game", seed=5, hands=2, bots=["random", "random"])
    assert r["view"]["history"] == []
    assert call(cmd="view")["view"]["history"] == []
    seen_over = 0
    while r["view"]["phase"] != "game-over":
        v = r["view"]
        if v["phase"] == "hand-over":
            r = call(cmd="next_hand")
            assert len(r["view"]["history"]) == seen_over
            continue
        r = call(cmd="play", card=v["legal"][0]) if v["to_play"] == 0 else call(cmd="bot_move")
        if any(e["type"] == "hand_over" for e in r["events"]):
            seen_over += 1
            assert len(r["view"]["history"]) == seen_over
            assert r["view"]["hand_result"] == r["view"]["history"][-1]
        else:
            assert "history" not in r["view"]
            assert r["view"]["hand_result"] is None
    assert seen_over == 2


# -- play, why, hint: refusals are codes with params -----------------------------------------------------------------

def _find_illegal(seed: int) -> tuple[dict, str]:
    r = call(cmd="new_game", seed=seed, bots=["random", "random"])
    for _ in range(300):
        v = r["view"]
        if v["phase"] == "hand-over":
            r = call(cmd="next_hand")
            continue
        if v["to_play"] == 0:
            bad = [c for c in v["hand"] if c not in v["legal"]]
            if bad:
                return v, bad[0]
            r = call(cmd="play", card=v["legal"][0])
        else:
            r = call(cmd="bot_move")
    raise AssertionError("no illegal card came up")


def test_illegal_card_is_refused_with_code_and_params_and_changes_nothing():
    v, bad = _find_illegal(4)
    before = call(cmd="view")["view"]
    refused = call(cmd="play", card=bad)
    err = refused["error"]
    assert refused["ok"] is False and err["code"] in ("must_follow", "must_trump", "undertrump")
    led = v["trick"]["cards"][0]["card"][0]
    assert err["params"]["card"] == bad
    if err["code"] == "must_follow":
        assert err["params"]["suit"] == led and err["params"]["trump"] == v["trump"]
    else:
        assert err["params"]["trump"] == v["trump"]
    assert "history" not in refused["view"]
    assert call(cmd="view")["view"] == before
    why = call(cmd="why", card=bad)
    assert why == {"ok": True, "legal": False, "code": err["code"], "params": err["params"]}
    assert call(cmd="why", card=v["legal"][0]) == {"ok": True, "legal": True, "code": None, "params": None}


@pytest.mark.parametrize("game", [None, "molotow"])
def test_the_view_carries_why_each_unplayable_card_is_refused_and_the_exemptions(game):
    """At the viewer's turn the view says for each card of its hand that is not legal what why says of it (the
    tutorial reads it instead of asking why card by card), and names the void and Puur exemptions; at another's
    turn neither (empty, null)."""
    pick = random.Random(5)
    seen = set()
    for seed in range(6):
        r = call(cmd="new_game", seed=seed, bots=["random"] * (3 if game else 2), **({"game": game} if game else {}))
        while r["view"]["phase"] == "play":
            v = r["view"]
            if v["to_play"] != 0:
                assert v["refusals"] == {} and v["exemption"] is None
                r = call(cmd="bot_move")
                continue
            assert set(v["refusals"]) == set(v["hand"]) - set(v["legal"])
            for c in v["hand"]:
                why = call(cmd="why", card=c)
                assert why["legal"] == (c not in v["refusals"])
                if not why["legal"]:
                    assert v["refusals"][c] == {"code": why["code"], "params": why["params"]}
                    seen.add(why["code"])
            led = v["trick"]["cards"][0]["card"][0] if v["trick"]["cards"] else None
            if v["exemption"]:
                seen.add(v["exemption"]["code"])
            if led and led != v["trump"] and not any(c[0] == led for c in v["hand"]):
                assert v["exemption"] == {"code": "void", "params": {"suit": led, "trump": v["trump"]}}
            elif (led and led == v["trump"] and [c for c in v["hand"] if c[0] == led] == [f"{led}J"]
                  and len(v["hand"]) > 1):
                assert v["exemption"] == {"code": "puur", "params": {"card": f"{led}J", "trump": led}}
                assert v["legal"] == v["hand"]
            else:
                assert v["exemption"] is None
            r = call(cmd="play", card=pick.choice(v["legal"]))
    assert {"must_follow", "void"} <= seen


def test_card_not_held_is_refused_naming_the_card():
    r = human_turn(call(cmd="new_game", seed=8, bots=["random", "random"]))
    other = next(c for c in ["SA", "S6", "HA", "H6"] if c not in r["view"]["hand"])
    assert call(cmd="play", card=other)["error"] == {"code": "not_in_hand", "params": {"card": other}}


def test_not_your_turn_names_the_seat_to_play():
    r = call(cmd="new_game", seed=8, bots=["random", "random"])
    while r["view"]["to_play"] == 0:
        r = call(cmd="play", card=r["view"]["legal"][0])
    seat = r["view"]["to_play"]
    assert call(cmd="play", card=r["view"]["hand"][0])["error"] == {"code": "not_your_turn", "params": {"seat": seat}}
    assert call(cmd="why", card=r["view"]["hand"][0]) == {"ok": True, "legal": False, "code": "not_your_turn",
                                                           "params": {"seat": seat}}
    assert call(cmd="hint")["error"] == {"code": "not_your_turn", "params": {"seat": seat}}


def test_bad_card_code_is_quoted_back_cut_short():
    call(cmd="new_game", seed=1)
    assert call(cmd="play", card="S5")["error"]["code"] in ("bad_card", "not_your_turn")
    assert call(cmd="why", card="X" * 100_000)["error"] == {"code": "bad_card", "params": {"card": "X" * 60}}
    assert call(cmd="why", card=7)["error"] == {"code": "bad_card", "params": {"card": "7"}}


def test_hint_suggests_a_legal_card_with_a_reason_code():
    r = human_turn(call(cmd="new_game", seed=21, bots=["random", "random"]))
    hint = call(cmd="hint")
    assert hint["card"] in r["view"]["legal"]
    reason = hint["reason"]
    assert reason["code"] in ("sampled", "solved", "only_choice") and reason["params"]["card"] == hint["card"]
    if reason["code"] != "only_choice":
        assert reason["params"]["mean"] >= reason["params"]["next_best"] and reason["params"]["samples"] > 0


# -- events ------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", [None, "molotow", "plusminus"])
def test_each_hand_over_event_carries_the_finished_hands_record(game):
    """The page keeps each finished hand's record from its hand_over event (the autosave, a friend's page): the same
    record `records` gives, byte for byte, in the order of the hands; the view's history has no record in it."""
    last, answers = play_game(3, seed=31, bots=["random"] * (3 if game else 2), game=game)
    overs = [e for a in answers for e in a["events"] if e["type"] == "hand_over"]
    records = call(cmd="records")["records"]
    assert [e["record"] for e in overs] == records and len(records) >= 3
    assert json.dumps([e["record"] for e in overs]) == json.dumps(records)
    assert all("record" not in h for h in last["view"]["history"])
    assert [{k: v for k, v in e.items() if k not in ("type", "record")} for e in overs] == last["view"]["history"]
    for e in overs:
        assert replay(e["record"]).is_complete and len(set(sum(e["record"]["hands"], []))) == 36


def test_events_of_a_hand_carry_codes_and_seats_only():
    r = call(cmd="new_game", seed=12, hands=1, bots=["random", "random"])
    events = []
    while r["view"]["phase"] == "play":
        v = r["view"]
        r = call(cmd="play", card=v["legal"][0]) if v["to_play"] == 0 else call(cmd="bot_move")
        events += r["events"]
    kinds = [e["type"] for e in events]
    assert kinds.count("card_played") == 36 and kinds.count("trick_won") == 12
    assert kinds[-2:] == ["hand_over", "game_over"]
    fixed = events[kinds.index("trump_fixed")]  # this deal fixes trump (in trick 6)
    view = r["view"]
    assert fixed == {"type": "trump_fixed", "seat": view["trump_fixed_by"], "suit": view["trump"],
                     "play_index": fixed["play_index"]}
    assert events[fixed["play_index"] + kinds[:kinds.index("trump_fixed")].count("trick_won") + 1] == fixed
    won = [e for e in events if e["type"] == "trick_won"]
    assert [e["trick_no"] for e in won] == list(range(1, 13))
    assert all(set(e) == {"type", "seat", "points", "cards", "trick_no"} for e in won)
    over = events[-2]
    result = view["hand_result"]
    assert {k: v for k, v in over.items() if k not in ("type", "record")} == result
    assert over["record"] == call(cmd="records")["records"][-1]
    assert result["last_trick_bonus_seat"] == won[-1]["seat"]
    assert events[-1] == {"type": "game_over", "standings": view["scores"]["net"], "winners": view["winners"]}


def test_hand_result_roles_follow_the_case():
    expected = {"match": {"winner"}, "no_trick": {"no_trick"}, "hundred": {"hundred"},
                "no_trick_and_hundred": {"no_trick", "hundred", "other"}, "ranking": {"middle", "high", "low"},
                "tie": {"tied", "third"}, "annulled": set()}
    history: list = []
    for seed in range(20):  # games until three different cases came up
        history += play_game(3, f"roles{seed}", bots=["random", "random"])[0]["view"]["history"]
        if len({h["case"] for h in history}) >= 3:
            break
    assert len({h["case"] for h in history}) >= 3
    for h in history:
        assert set(h["roles"]) == expected[h["case"]]
        if h["case"] == "ranking":
            order = sorted(range(3), key=lambda s: h["card_points"][s])
            assert [h["roles"]["low"], h["roles"]["middle"], h["roles"]["high"]] == order
            assert h["settlement"][h["roles"]["middle"]] == -2


def test_annulled_hand_has_no_bonus_seat():
    # no_trump "annul" and a 3-3-3-3 deal: everybody can always follow, so no trump is ever fixed
    call(cmd="new_game", seed=1, hands=1, rules={"no_trump": "annul"}, bots=["random", "random"])
    game = web._SESSION.game
    hands = [mask_of(s * 9 + r for s in range(4) for r in range(seat, 9, 3)) for seat in range(3)]
    game.state = HandState(hands, game.dealer, game.rules)
    r = call(cmd="view")
    while r["view"]["phase"] == "play":
        v = r["view"]
        r = call(cmd="play", card=v["legal"][0]) if v["to_play"] == 0 else call(cmd="bot_move")
    result = r["view"]["hand_result"]
    assert result["case"] == "annulled" and result["trump"] is None
    assert result["roles"] == {} and result["last_trick_bonus_seat"] is None
    assert r["view"]["phase"] == "hand-over"
    nxt = call(cmd="next_hand")
    assert nxt["events"][0]["redeal"] is True and nxt["view"]["hand_no"] == 1
    assert nxt["events"][0]["dealer"] == game.dealer


# -- whole games and records ---------------------------------------------------------------------------------------

def test_whole_game_score_sheet_matches_replayed_records():
    final, answers = play_game(3, "sheet")
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
    assert final["events"][-1]["type"] == "game_over"


def test_records_without_a_game():
    assert call(cmd="records")["error"] == {"code": "no_game", "params": {}}


def test_same_seed_same_game():
    a, _ = play_game(1, 77, random.Random(5))
    b, _ = play_game(1, 77, random.Random(5))
    assert a["view"]["history"] == b["view"]["history"]


# -- bad requests never raise --------------------------------------------------------------------------------------

@pytest.mark.parametrize("request_text,code", [
    ("{", "bad_json"), ("", "bad_json"), ("[" * 100_000, "bad_json"), ('{"a": ' + "9" * 5000 + "}", "bad_json"),
    ("[]", "bad_request"), ('{"cmd": 5}', "bad_request"), ('{"cmd": "nope"}', "unknown_command"),
    ('{"cmd": "play", "card": "S5"}', "no_game"), ('{"cmd": "bot_move"}', "no_game"),
    ('{"cmd": "next_hand"}', "no_game"), ('{"cmd": "hint"}', "no_game"),
])
def test_bad_requests_answer_with_a_code_and_never_raise(request_text, code):
    answer = json.loads(web.handle(request_text))
    assert not problems(answer, Answer)
    assert answer["ok"] is False and answer["error"]["code"] == code and answer["view"] is None


def test_bad_request_mid_game_leaves_state_unchanged():
    call(cmd="new_game", seed=1, bots=["easy", "easy"])
    before = call(cmd="view")["view"]
    for bad in ({"cmd": "play", "card": "ZZ"}, {"cmd": "next_hand"}, {"cmd": "new_game", "hands": -1}):
        assert call(**bad)["ok"] is False
    assert call(cmd="view")["view"] == before


def test_not_hand_over_and_not_bot_turn():
    r = human_turn(call(cmd="new_game", seed=2, bots=["random", "random"]))
    assert call(cmd="next_hand")["error"] == {"code": "not_hand_over", "params": {"phase": "play"}}
    assert call(cmd="bot_move")["error"] == {"code": "not_bot_turn", "params": {}}
    assert r["view"]["to_play"] == 0


def test_a_bug_answers_internal_with_a_short_detail_and_changes_nothing(monkeypatch):
    call(cmd="new_game", seed=6, bots=["random", "random"])
    r = call(cmd="view")
    while r["view"]["to_play"] == 0:
        r = call(cmd="play", card=r["view"]["legal"][0])
    before = call(cmd="view")["view"]

    class Broken:
        level = "random"

        def choose(self, obs):
            raise RuntimeError("boom " + "x" * 1000)

    monkeypatch.setattr(web._SESSION, "bots", [None, Broken(), Broken()])
    r = call(cmd="bot_move")
    assert r["ok"] is False and r["error"]["code"] == "internal" and r["error"]["params"] == {}
    assert r["error"]["detail"].startswith("RuntimeError: boom xxx") and len(r["error"]["detail"]) == 300
    assert call(cmd="view")["view"] == before


# -- review: validate and replay hand records without touching the session ----------------------------------------

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
                        "trump_fixed_by": hand["trump_fixed_by"], "rules": rec["rules"], "record": rec,
                        "roles": hand["roles"], "trump_fixed_trick": hand["trump_fixed_trick"]}
        assert hand["roles"] is not None  # the settlement's roles (the UI explains the case with them)
        assert len(hand["tricks"]) == 12 and sum(hand["card_points"]) == 157
        assert sum(t["points"] for t in hand["tricks"]) == 157  # the last trick's 5 included
        if hand["trump"] is not None:
            fixer = hand["trump_fixed_by"]
            i = hand["trump_fixed_at"]
            trick = hand["tricks"][i // 3]
            assert trick["cards"][i % 3][0] == hand["trump"] and (trick["leader"] + i % 3) % 3 == fixer
            assert hand["trump_fixed_trick"] == i // 3   # 0-based, as the view's (the review words it)
        else:
            assert hand["trump_fixed_trick"] is None


@pytest.mark.parametrize("records, code", [
    (None, "bad_records"), ([], "bad_records"), ({"dealer": 0}, "bad_records"), ([[]] * 481, "bad_records"),
    (["x"], "bad_record"), ([{"dealer": 0}], "bad_record"), ([{"dealer": 0, "hands": [], "plays": []}], "bad_record"),
    ([{"dealer": 0, "hands": [["S6"] * 12] * 3}], "bad_record"),
    ([{"rules": {"no_trump": "never"}, "dealer": 0, "hands": [["S6"] * 12] * 3}], "bad_record"),
])
def test_review_refuses_bad_records_with_a_code(records, code):
    r = call(cmd="review", records=records)
    assert r["ok"] is False and r["error"]["code"] == code
    if code == "bad_records":
        assert r["error"]["params"] == {"max": 480}
    else:
        assert r["error"]["params"]["hand"] == 1 and r["error"]["params"]["text"]


def test_review_names_the_hand_and_the_illegal_play():
    play_game(1, "illegal")
    rec = call(cmd="records")["records"][0]
    bad = {**rec, "plays": rec["plays"][:1] + rec["plays"][:1]}  # the same card twice
    r = call(cmd="review", records=[rec, bad])
    assert r["ok"] is False and r["error"]["params"]["hand"] == 2
    assert r["error"]["params"]["text"].startswith("play 1: ")


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


# -- the coach ---------------------------------------------------------------------------------------------------

def _finished_record() -> dict:
    play_game(1, "coach", bots=("easy", "normal"))
    return call(cmd="records")["records"][0]


def test_coach_in_steps_gives_what_the_whole_report_gives():
    from engine.bots.coach import coach_hand
    rec = _finished_record()
    whole = coach_hand(rec, 0, iterations=60)["decisions"]
    got, start = [], 0
    while start is not None:
        r = call(cmd="coach", record=rec, seat=0, start=start, limit=2, iterations=60)
        assert r["ok"] and r["count"] == len(whole) and len(r["decisions"]) <= 2
        got += r["decisions"]
        start = r["next"]
    assert got == whole and len(whole) >= 1
    assert call(cmd="coach", record=rec, seat=0, iterations=60)["decisions"] == whole
    assert call(cmd="coach", record=rec, seat=0, start=len(whole), iterations=60) == \
        {"ok": True, "decisions": [], "count": len(whole), "next": None}


def test_coach_checks_a_family_hand_in_steps_like_the_whole_report_for_its_four_seats():
    from engine.bots.coach import coach_hand
    play_game(1, "coach", bots=("easy", "normal", "random"), game="molotow")
    rec = call(cmd="records")["records"][0]
    assert rec["game"] == "molotow" and len(rec["hands"]) == 4
    for seat in (3, 0):
        whole = coach_hand(rec, seat, iterations=50)["decisions"]
        got, start = [], 0
        while start is not None:
            r = call(cmd="coach", record=rec, seat=seat, start=start, limit=2, iterations=50)
            assert r["ok"] and r["count"] == len(whole)
            got += r["decisions"]
            start = r["next"]
        assert got == whole and len(whole) >= 1
    assert call(cmd="coach", record=rec, seat=4, iterations=50)["error"] == {"code": "bad_coach",
                                                                            "params": {"field": "seat"}}


@pytest.mark.parametrize("field,value", [("seat", 3), ("seat", "0"), ("start", -1), ("limit", 0),
                                         ("iterations", 10), ("iterations", 5000), ("iterations", True)])
def test_coach_refuses_bad_fields_by_name_and_keeps_the_game(field, value):
    rec = _finished_record()
    before = call(cmd="view")["view"]
    r = call(**{"cmd": "coach", "record": rec, "seat": 0, field: value})
    assert r["error"] == {"code": "bad_coach", "params": {"field": field}}
    assert call(cmd="view")["view"] == before


def test_coach_refuses_a_bad_record_with_the_replay_reason():
    rec = _finished_record()
    rec["plays"] = rec["plays"][:3] + rec["plays"][3:4] * 2  # a card played twice
    r = call(cmd="coach", record=rec, seat=0)
    assert r["error"]["code"] == "bad_record" and r["error"]["params"]["hand"] == 1
    assert call(cmd="coach", record={"dealer": 0}, seat=0)["error"]["code"] == "bad_record"



def test_an_outside_bot_seat_is_asked_through_observe_and_outside_move():
    """The bot lab's "play against this bot": seat 1 is the player's bot; the page observes, asks the lab, plays."""
    from engine.bots import legal_cards
    from engine.cards import CODES
    from engine.obsjson import observation_from_json
    r = call(cmd="new_game", bots=["outside", "easy"], seed="3", hands=1)
    assert r["ok"] and r["view"]["players"][1]["bot"] == "outside"
    moves = 0
    while r["view"]["phase"] == "play":
        v = r["view"]
        if v["to_play"] == 0:
            r = call(cmd="play", card=v["legal"][0])
        elif v["to_play"] == 2:
            r = call(cmd="bot_move")
        else:
            assert call(cmd="bot_move")["error"] == {"code": "outside_turn", "params": {"seat": 1}}
            o = call(cmd="observe")
            obs = observation_from_json(o["observation"])
            assert o["seat"] == obs.seat == 1 and obs.hand.bit_count() == o["observation"]["counts"][1]
            legal = legal_cards(obs)
            wrong = [c for c in range(36) if obs.hand >> c & 1 and c not in legal]
            if wrong:   # refused like the player's card, nothing changes
                refused = call(cmd="outside_move", card=CODES[wrong[0]])
                assert not refused["ok"] and refused["view"]["to_play"] == 1
            assert call(cmd="outside_move", level="nope")["error"]["code"] == "bad_level"
            r = call(cmd="outside_move", card=CODES[legal[-1]]) if moves % 2 else call(cmd="outside_move", level="easy")
            assert r["ok"] and r["events"][0]["type"] == "card_played" and r["events"][0]["seat"] == 1
            moves += 1
    assert moves == 12 and r["view"]["phase"] in ("hand-over", "game-over")
    assert call(cmd="observe")["error"]["code"] == "not_outside_turn"


# -- who sits where: people at this device (pass-and-play), docs/seats.md ------------------------------------------

PEOPLE_SEATS = [{"kind": "me"}, {"kind": "person"}, {"kind": "bot", "level": "easy"}]


def person_plays(seat: int) -> dict:
    """The person at ``seat`` takes the device (view with seat) and plays their first legal card."""
    return call(cmd="play", seat=seat, card=call(cmd="view", seat=seat)["view"]["legal"][0])


def test_a_person_at_this_device_plays_their_own_seat_and_sees_only_their_own_hand():
    r = call(cmd="new_game", seed=7, hands=1, seats=PEOPLE_SEATS, names=["Ann", "Bea", "Cy"])
    assert r["ok"], r
    v = r["view"]
    assert v["viewer"] == 0
    assert [(p["kind"], p["bot"]) for p in v["players"]] == [("me", None), ("person", None), ("bot", "easy")]
    game = web._SESSION.game
    dealt = [codes_of(m) for m in game.state.hands]
    assert sorted(v["hand"]) == sorted(dealt[0])
    seen_hands = {0: set(), 1: set()}
    while r["view"]["phase"] == "play":
        seat = r["view"]["to_play"]
        if seat == 2:
            r = call(cmd="bot_move")
        else:
            # a bot's seat and the other person's seat are refused; the seat to play is viewed after the hand-over
            assert call(cmd="view", seat=2)["error"]["code"] == "bad_seat"
            other = 1 - seat
            assert call(cmd="play", seat=other, card=dealt[other][0])["error"] == {
                "code": "not_your_turn", "params": {"seat": seat}}
            v = call(cmd="view", seat=seat)["view"]
            assert v["viewer"] == seat and v["legal"] and set(v["hand"]) <= set(dealt[seat])
            seen_hands[seat] |= set(v["hand"])
            r = call(cmd="play", card=v["legal"][0])     # for the viewer: the seat to play
        assert r["ok"], r
        # no view ever shows a hand but the viewer's
        assert set(r["view"]["hand"]) <= set(dealt[r["view"]["viewer"]])
    assert seen_hands[0] <= set(dealt[0]) and seen_hands[1] <= set(dealt[1])
    assert r["view"]["phase"] == "game-over" and len(call(cmd="records")["records"]) == 1


def test_the_older_bots_field_still_seats_the_player_and_two_bots():
    v = call(cmd="new_game", seed=3, bots=["normal", "outside"])["view"]
    assert v["viewer"] == 0
    assert [(p["kind"], p["bot"]) for p in v["players"]] == [("me", None), ("bot", "normal"), ("outside", "outside")]
    assert call(cmd="view", seat=1)["error"] == {"code": "bad_seat", "params": {"seat": 1}}


@pytest.mark.parametrize("seats", [
    "three", [], [{"kind": "me"}, {"kind": "person"}],                                 # not one entry per seat
    [{"kind": "person"}, {"kind": "me"}, {"kind": "person"}],                          # "me" not seat 0
    [{"kind": "me"}, {"kind": "me"}, {"kind": "person"}],                              # two "me"
    [{"kind": "me"}, {"kind": "bot"}, {"kind": "person"}],                             # a bot without a level
    [{"kind": "me"}, {"kind": "bot", "level": "grandmaster"}, {"kind": "person"}],     # an unknown level
    [{"kind": "me"}, {"kind": "ghost"}, {"kind": "person"}],                           # an unknown kind
    [{"kind": "me"}, {"kind": "person", "level": "easy"}, {"kind": "person"}],         # a person with a level
    [{"kind": "me"}, "person", {"kind": "person"}],                                    # not an object
])
def test_bad_seats_are_refused_and_the_running_game_goes_on(seats):
    before = call(cmd="new_game", seed=11, bots=["easy", "easy"])["view"]
    before.pop("history")       # an error answer's view comes without it
    r = call(cmd="new_game", seed=12, seats=seats)
    assert r["error"]["code"] == "bad_seats" and r["error"]["params"]["seats"] == 3, r
    assert r["view"] == before


def test_seats_and_bots_together_are_refused():
    r = call(cmd="new_game", seats=PEOPLE_SEATS, bots=["easy", "easy"])
    assert r["error"]["code"] == "bad_seats"


@pytest.mark.parametrize("seat", [2, 3, -1, "1", None, True])
def test_play_for_a_seat_that_is_no_persons_is_refused_and_changes_nothing(seat):
    r = call(cmd="new_game", seed=5, seats=PEOPLE_SEATS)
    while r["view"]["to_play"] != 0:    # seat 1 (a person) plays its first legal card, seat 2 (a bot) its own
        seat = r["view"]["to_play"]
        r = call(cmd="bot_move") if seat == 2 else person_plays(1)
    before = call(cmd="view", seat=0)["view"]
    r = call(cmd="play", seat=seat, card=before["legal"][0])
    assert r["error"]["code"] == "bad_seat", r
    assert call(cmd="view")["view"] == before


def test_hint_and_why_speak_for_the_viewer_and_restore_keeps_the_seats():
    r = call(cmd="new_game", seed=9, hands=2, seats=PEOPLE_SEATS)
    journal = []
    while not (r["view"]["phase"] == "play" and r["view"]["to_play"] == 1):
        v = r["view"]
        r = call(cmd="bot_move") if v["to_play"] == 2 else person_plays(0)
        journal.append(r["events"][0]["card"])
    # the viewer is seat 0 while seat 1 is to play: no hint for it, and its cards are "not your turn"
    assert call(cmd="hint")["error"] == {"code": "not_your_turn", "params": {"seat": 1}}
    v1 = call(cmd="view", seat=1)["view"]
    assert call(cmd="why", card=v1["legal"][0])["legal"] is True
    assert call(cmd="hint")["ok"]
    setup = {"hands": 2, "seed": "9", "seats": PEOPLE_SEATS}
    r = call(cmd="restore", setup=setup, hands=[journal])
    assert r["ok"], r
    assert r["view"]["viewer"] == 0 and [p["kind"] for p in r["view"]["players"]] == ["me", "person", "bot"]
    assert call(cmd="view", seat=1)["view"]["hand"] == v1["hand"]


# -- friends on their own devices (play together, docs/peer.md) ----------------------------------------------------

REMOTE_SEATS = [{"kind": "me"}, {"kind": "remote"}, {"kind": "bot", "level": "easy"}]


def play_on(r: dict, until) -> dict:
    """Play (the host its first legal card, the friend at seat 1 its first legal card through play with seat, the
    bot its own) until ``until(view)``."""
    while not until(r["view"]):
        v = r["view"]
        if v["phase"] == "hand-over":
            r = call(cmd="next_hand")
        elif v["to_play"] == 0:
            r = call(cmd="play", card=v["legal"][0])
        elif v["to_play"] == 1:
            r = call(cmd="play", seat=1, card=codes_of(web._SESSION.game.state.legal_mask())[0])
        else:
            r = call(cmd="bot_move")
        assert r["ok"], r
    return r


def test_a_friends_seat_is_played_through_play_with_its_seat_and_never_viewed():
    r = call(cmd="new_game", seed=21, hands=1, seats=REMOTE_SEATS, names=["Ann", "Bea", "Cy"])
    assert [(p["kind"], p["bot"]) for p in r["view"]["players"]] == [("me", None), ("remote", None), ("bot", "easy")]
    assert call(cmd="view", seat=1)["error"] == {"code": "remote_seat", "params": {"seat": 1}}
    r = play_on(r, lambda v: v["to_play"] == 1)
    assert call(cmd="bot_move")["error"]["code"] == "not_bot_turn"        # no bot plays a friend's seat
    assert call(cmd="hint")["error"]["code"] == "not_your_turn"
    r = play_on(r, lambda v: v["phase"] == "game-over")
    assert len(call(cmd="records")["records"]) == 1


def test_a_bot_stands_in_for_an_away_friend_and_the_friend_takes_the_seat_back():
    r = call(cmd="new_game", seed=22, hands=1, seats=REMOTE_SEATS)
    r = play_on(r, lambda v: v["to_play"] == 1)
    card = web._SESSION.game.state.hands[1]
    card = codes_of(card)[0]
    r = call(cmd="seat", seat=1, kind="bot", level="random")
    assert r["ok"] and r["view"]["players"][1] == {"name": "Right", "bot": "random", "kind": "remote"}
    assert call(cmd="play", seat=1, card=card)["error"] == {"code": "remote_seat", "params": {"seat": 1}}
    r = call(cmd="bot_move")
    assert r["ok"] and r["events"][0]["seat"] == 1
    r = play_on(r, lambda v: v["to_play"] == 1)
    assert call(cmd="seat", seat=1, kind="remote")["view"]["players"][1]["bot"] is None
    assert call(cmd="bot_move")["error"]["code"] == "not_bot_turn"


@pytest.mark.parametrize("request_, code", [
    ({"seat": 0, "kind": "bot", "level": "easy"}, "not_remote_seat"),     # the host's own seat
    ({"seat": 2, "kind": "remote"}, "not_remote_seat"),                   # a bot's seat
    ({"seat": 3, "kind": "remote"}, "not_remote_seat"),
    ({"seat": "1", "kind": "remote"}, "not_remote_seat"),
    ({"seat": 1, "kind": "bot"}, "bad_level"),
    ({"seat": 1, "kind": "bot", "level": "grandmaster"}, "bad_level"),
    ({"seat": 1, "kind": "person"}, "bad_level"),
    ({"seat": 1, "kind": "remote", "level": "easy"}, "bad_level"),
])
def test_a_seat_change_that_is_not_a_friends_is_refused_and_changes_nothing(request_, code):
    before = call(cmd="new_game", seed=23, seats=[{"kind": "me"}, {"kind": "remote"}, {"kind": "person"}])["view"]
    before.pop("history")
    r = call(cmd="seat", **request_)
    assert r["error"]["code"] == code, r
    assert r["view"] == before
    assert call(cmd="seat", seat=2, kind="bot", level="easy")["error"]["code"] == "not_remote_seat"   # a person's


def test_restore_keeps_a_friends_seat_and_its_stand_in():
    seats = [{"kind": "me"}, {"kind": "remote", "level": "easy"}, {"kind": "remote"}]
    r = call(cmd="new_game", seed=24, hands=2, seats=seats)
    assert [(p["kind"], p["bot"]) for p in r["view"]["players"]] == [("me", None), ("remote", "easy"),
                                                                      ("remote", None)]
    r = call(cmd="restore", setup={"hands": 2, "seed": "24", "seats": seats}, hands=[[]])
    assert [(p["kind"], p["bot"]) for p in r["view"]["players"]] == [("me", None), ("remote", "easy"),
                                                                      ("remote", None)]
    assert call(cmd="view", seat=2)["error"]["code"] == "remote_seat"
    assert call(cmd="new_game", seats=[{"kind": "me"}, {"kind": "remote", "level": "x"}, {"kind": "remote"}])[
        "error"]["code"] == "bad_seats"


def test_the_guest_stream_is_the_seats_observation_and_the_public_events():
    r = call(cmd="new_game", seed=25, hands=2, seats=REMOTE_SEATS)
    g = call(cmd="guest", seat=1)
    assert g["seat"] == 1 and g["events"] == r["events"] and g["next"] == 1
    assert g["observation"]["hand"] == web._SESSION.game.state.hands[1]
    log = list(g["events"])
    r = play_on(r, lambda v: v["phase"] == "hand-over")
    g = call(cmd="guest", seat=1, since=g["next"])
    log += g["events"]
    assert call(cmd="guest", seat=1)["events"] == log
    assert [e["type"] for e in log].count("card_played") == 36 and log[-1]["type"] == "hand_over"
    assert call(cmd="guest", seat=1, since=g["next"])["events"] == []
    for bad in (-1, g["next"] + 1, "0", True):
        assert call(cmd="guest", seat=1, since=bad)["error"] == {"code": "bad_since", "params": {"next": g["next"]}}
    for seat in (0, 2, 5):
        assert call(cmd="guest", seat=seat)["error"]["code"] == "not_remote_seat"
    # a restored game has the same stream
    hands = [[c for c in web._SESSION.game.results[0].record["plays"]]]
    call(cmd="restore", setup={"hands": 2, "seed": "25", "seats": REMOTE_SEATS}, hands=hands)
    assert call(cmd="guest", seat=1)["events"] == log


def test_next_hand_deals_from_its_own_seed_and_restore_deals_it_again():
    from engine.fairdeal import commitment, fair_seed
    r = call(cmd="new_game", seed=26, hands=2, seats=REMOTE_SEATS)
    r = play_on(r, lambda v: v["phase"] == "hand-over")
    secrets = ["1" * 64, "2" * 64]
    seed = fair_seed(secrets)
    dealer = r["view"]["dealer"] + 1
    assert call(cmd="next_hand", seed=seed)["ok"]
    assert [codes_of(m) for m in web._SESSION.game.state.hands] == [codes_of(m) for m in deal(seed, 0, dealer % 3)]
    plays = web._SESSION.game.results[0].record["plays"]
    r = play_on(call(cmd="view"), lambda v: v["phase"] == "game-over")
    record = call(cmd="records")["records"][1]
    commits = [commitment(s) for s in secrets]
    assert call(cmd="verify_deal", commitments=commits, secrets=secrets, record=record) == {
        "ok": True, "verified": True, "code": "verified", "params": {"seed": seed}}
    tampered = {**record, "hands": [record["hands"][1], record["hands"][0], record["hands"][2]], "plays": []}
    assert call(cmd="verify_deal", commitments=commits, secrets=secrets, record=record | {"plays": []})["verified"]
    assert call(cmd="verify_deal", commitments=commits, secrets=secrets, record=tampered)["code"] == "deal_mismatch"
    assert call(cmd="verify_deal", commitments=commits[::-1], secrets=secrets, record=record)["params"] == {"peer": 0}
    assert call(cmd="verify_deal", commitments=commits, secrets=secrets, record={})["error"]["code"] == "bad_record"
    # the first hand was dealt from the game's seed: not from these secrets
    first = call(cmd="records")["records"][0]
    assert call(cmd="verify_deal", commitments=commits, secrets=secrets, record=first)["verified"] is False
    # restore: the second hand from its own seed again
    r = call(cmd="restore", setup={"hands": 2, "seed": "26", "seats": REMOTE_SEATS}, hands=[plays, []],
             hand_seeds=[None, seed])
    assert r["ok"] and sorted(r["view"]["hand"]) == sorted(record["hands"][0])
    for bad in ([seed, seed], [None], [None, 7 * [1]], "x"):
        assert call(cmd="restore", setup={"hands": 2, "seed": "26", "seats": REMOTE_SEATS}, hands=[plays, []],
                    hand_seeds=bad)["error"]["code"] in ("bad_journal", "bad_seed")
    assert call(cmd="next_hand", seed=["x"])["error"]["code"] in ("not_hand_over", "bad_seed")


def test_peer_check_refuses_a_friends_hostile_messages_with_the_game_unchanged():
    r = call(cmd="new_game", seed=27, hands=1, seats=REMOTE_SEATS)
    r = play_on(r, lambda v: v["to_play"] == 0)
    before = call(cmd="view")["view"]

    def check(seq, **m):
        return call(cmd="peer_check", seat=1, message=json.dumps({"v": PEER_VERSION, "seq": seq, **m}))

    assert check(1, type="hello", seat=1, names=["Bea"])["message"]["names"] == ["Bea"]
    assert check(1, type="bye")["error"] == {"code": "peer_replayed", "params": {"seq": 1, "last": 1}}
    # a card's turn is checked once, by the engine's play (the page relays its refusal to the friend)
    assert check(2, type="card", card="SA")["message"]["card"] == "SA"
    own = codes_of(web._SESSION.game.state.hands[1])[0]
    assert call(cmd="play", seat=1, card=own)["error"] == {"code": "peer_out_of_turn", "params": {"seat": 0}}
    assert check(3, type="card", card="SA", x=1)["error"]["code"] == "peer_malformed"
    assert check(3, type="state", seat=1, observation={}, events=[], next=0)["error"]["code"] == "peer_not_allowed"
    assert call(cmd="peer_check", seat=1, message="x" * 5000)["error"]["code"] == "peer_too_big"
    assert call(cmd="peer_check", seat=2, message="{}")["error"]["code"] == "not_remote_seat"
    assert call(cmd="view")["view"] == before
    r = play_on(r, lambda v: v["to_play"] == 1)
    assert check(3, type="card", card="SA")["message"]["card"] == "SA"
    # a bot standing in: the friend's card is the bot's seat's, refused as such; the hand over: no card's turn
    assert call(cmd="seat", seat=1, kind="bot", level="easy")["ok"]
    own = codes_of(web._SESSION.game.state.hands[1])[0]
    assert call(cmd="play", seat=1, card=own)["error"] == {"code": "remote_seat", "params": {"seat": 1}}
    assert call(cmd="seat", seat=1, kind="remote")["ok"]
    r = play_on(call(cmd="view"), lambda v: v["phase"] != "play")
    assert call(cmd="play", seat=1, card="SA")["error"] == {"code": "peer_out_of_turn", "params": {"seat": None}}


# -- the worker's memory snapshot ----------------------------------------------------------------------------------
def test_a_snapshot_taken_mid_game_holds_no_game_and_the_game_goes_on(monkeypatch):
    """The worker takes its memory snapshot once idle, perhaps mid-game (web/js/engine/worker.js): meanwhile a fresh
    session stands in (what a warm start restores), then the player's game is back exactly as it was."""
    monkeypatch.setattr(web, "_SET_ASIDE", [])
    r = human_turn(call(cmd="new_game", hands=3, seed="snap", bots=["easy", "easy"]))
    r = call(cmd="play", card=r["view"]["legal"][0])
    before = call(cmd="view")
    assert before["ok"] and before["view"]["phase"] == "play"
    web.set_session_aside()
    aside = json.loads(web.handle('{"cmd": "view"}'))   # what the snapshot holds: no game
    assert aside == {"ok": True, "view": None}, aside
    web.take_session_back()
    assert call(cmd="view") == before
    web.take_session_back()   # once more: nothing set aside, nothing changes
    assert call(cmd="view") == before
    r = human_turn(call(cmd="bot_move")) if before["view"]["to_play"] != 0 else before
    assert call(cmd="play", card=r["view"]["legal"][0])["ok"]   # the game goes on


def test_a_guests_page_checks_the_hosts_messages_with_no_game():
    """A friend's page runs no game: peer_check from_host checks the host's messages on its one host link (size,
    shape, version, order), the new dealt message included; a guest's own kinds are refused from the host."""

    def check(seq, reset=False, **m):
        return call(cmd="peer_check", from_host=True, reset=reset,
                    message=json.dumps({"v": PEER_VERSION, "seq": seq, **m}))

    assert check(0, type="dealt", hand_no=1, seats=[0, 2])["message"]["seats"] == [0, 2]
    assert check(0, type="bye")["error"]["code"] == "peer_replayed"
    assert check(1, type="dealt", hand_no=1, seats=[2, 0])["error"] == {"code": "peer_malformed",
                                                                      "params": {"field": "seats"}}
    assert check(1, type="secrets", hand_no=1, seats=[0], secrets=["a" * 64, "b" * 64])["error"]["code"] \
        == "peer_malformed"
    assert check(1, type="card", card="SA")["error"]["code"] == "peer_not_allowed"
    assert check(1, type="reveal", hand_no=1, secret="a" * 64)["error"]["code"] == "peer_not_allowed"
    assert call(cmd="peer_check", from_host=True, message="x" * (2 << 20))["error"]["code"] == "peer_too_big"
    assert check(0, reset=True, type="bye")["ok"]   # a new link starts afresh


# -- the family: Molotow and Plus-Minus at four seats (docs/seats.md §1) --------------------------------------------

@pytest.mark.parametrize("game", ["molotow", "plusminus"])
def test_a_four_seat_game_is_played_through_the_protocol(game):
    _, answers = play_game(2, "fam", random.Random(game), ("random", "easy", "random"), game)
    v = answers[0]["view"]
    assert (v["game"], v["seats"], len(v["hand"]), v["counts"]) == (game, 4, 9, [9, 9, 9, 9])
    assert [p["kind"] for p in v["players"]] == ["me", "bot", "bot", "bot"]
    assert [p["name"] for p in v["players"]] == ["You", "Right", "Across", "Left"]
    for r in answers:
        assert r["view"]["game"] == game and r["view"]["seats"] == 4
    v = call(cmd="view")["view"]
    history = v["history"]
    assert all(len(h["strokes"]) == 4 and len(h["card_points"]) == 4 and sum(h["card_points"]) == 157
               for h in history)
    if game == "molotow":
        assert len(history) == 2
    else:   # plays on past its hands until one player alone has 7 strokes or more
        assert max(v["scores"]["strokes"]) >= 7 and v["scores"]["zeros"] == [0, 0, 0, 0]
    records = call(cmd="records")["records"]
    assert all(rec["game"] == game for rec in records)
    review = call(cmd="review", records=records)
    assert review["ok"] and [h["strokes"] for h in review["hands"]] == [h["strokes"] for h in history]


@pytest.mark.parametrize("request_, error", [
    ({"game": "skat"}, {"code": "bad_game", "params": {"games": ["mittlere", "molotow", "plusminus"]}}),
    ({"game": None}, {"code": "bad_game", "params": {"games": ["mittlere", "molotow", "plusminus"]}}),
    ({"game": "molotow", "rules": {"ties": "next"}}, {"code": "bad_rules", "params": {"key": "ties"}}),
    ({"game": "plusminus", "rules": {"ties": "share"}}, {"code": "bad_rules", "params": {"key": "ties"}}),
    ({"game": "molotow", "rules": {"srf_hundred_zero": True}},
     {"code": "bad_rules", "params": {"key": "srf_hundred_zero"}}),
    ({"rules": {"ties": "share"}}, {"code": "bad_rules", "params": {"key": "ties"}}),
    ({"game": "molotow", "bots": ["easy", "easy"]},
     {"code": "bad_bots", "params": {"levels": ["random", "easy", "normal", "hard", "expert"]}}),
    ({"game": "molotow", "names": ["A", "B", "C"]}, {"code": "bad_names", "params": {"max_len": 24}}),
])
def test_a_bad_game_or_its_flags_is_refused_and_nothing_changes(request_, error):
    before = call(cmd="new_game", seed="keep", hands=1)["view"]
    r = call(cmd="new_game", **request_)
    assert r["ok"] is False and r["error"] == error
    assert call(cmd="view")["view"] == {**before, "history": []}


def test_flags_of_a_game_are_taken_and_restore_keeps_the_game():
    r = call(cmd="new_game", game="plusminus", seed="r", rules={"ties": "next", "undertrump_when_void": True},
             bots=["random", "random", "random"])
    assert r["ok"]
    assert web._SESSION.game.rules.ties == "next" and web._SESSION.game.rules.undertrump_when_void
    setup = {"game": "molotow", "seed": "r", "bots": ["random", "random", "random"]}
    r = call(cmd="restore", setup=setup, hands=[[]])
    assert r["ok"] and r["view"]["game"] == "molotow" and r["view"]["seats"] == 4
    assert web._SESSION.game.rules == web._SESSION.game.spec.default_rules


def test_mittlere_new_game_and_view_say_their_game():
    v = call(cmd="new_game", seed="m")["view"]
    assert v["game"] == "mittlere" and v["seats"] == 3
    assert web._SESSION.records() == []
