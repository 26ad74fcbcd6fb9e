"""Molotow and Plus-Minus (docs/rules-molotow.md, docs/rules-plusminus.md, the ruling docs/rules-family.md) and
Mittlere's srf_hundred_zero (docs/rules.md §6, §7): a test per rule, properties of random hands of all three games
against a small reference model written from the rule books, and the replay contract of both new games."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.arena import add_parser as arena_parser
from engine.arena import run as arena_run
from engine.cards import ALL_CARDS, codes_of, mask_of, parse_card
from engine.deal import deal
from engine.game import Game
from engine.games import MITTLERE, MOLOTOW, PLUSMINUS, game_spec
from engine.record import RecordError, parse_record, replay, summary
from engine.rules import Rules, RulesError
from engine.scoring import settle, settle_molotow, settle_plusminus
from engine.state import HandState, outcome

ROOT = Path(__file__).resolve().parent.parent
STROKE, ZERO, NOTHING = 1, -1, 0


# -- Molotow: the settlement (docs/rules-molotow.md §5) ---------------------------------------------------------

@pytest.mark.parametrize("points, expected", [
    ((90, 9, 34, 24), (1, 1, -1, -1)),     # jasswelt's example: |, |, ○, ○
    ((90, 30, 30, 7), (1, 0, 0, 1)),       # |, –, –, |
    ((80, 47, 15, 15), (1, -1, 0, 0)),     # |, ○, –, –
    ((40, 40, 40, 37), (0, 0, 0, 1)),      # –, –, –, |
])
def test_molotow_worked_examples(points, expected):
    s = settle_molotow(points)
    assert s.deltas == expected and s.case == "molotow_places"
    assert s.strokes == tuple(max(d, 0) for d in expected) and s.zeros == tuple(max(-d, 0) for d in expected)


def test_molotow_all_157_points_three_strokes_and_a_zero_each():
    for seat in range(4):
        pts = [0, 0, 0, 0]
        pts[seat] = 157
        s = settle_molotow(pts)
        assert s.case == "molotow_all" and s.roles == {"winner": seat}
        assert s.strokes[seat] == 3 and s.zeros[seat] == 0
        assert all(s.zeros[o] == 1 and s.strokes[o] == 0 for o in range(4) if o != seat)


@pytest.mark.parametrize("points, hundred", [((104, 20, 20, 13), 0), ((10, 100, 40, 7), 1), ((1, 0, 0, 156), 3)])
def test_molotow_hundred_or_more_three_zeros_and_a_stroke_each(points, hundred):
    assert sum(points) == 157
    s = settle_molotow(points)
    assert s.case == "molotow_hundred" and s.roles == {"hundred": hundred}
    assert s.zeros[hundred] == 3 and all(s.strokes[o] == 1 for o in range(4) if o != hundred)


def test_molotow_the_first_rule_that_applies_settles_157_is_not_punished_as_100():
    assert settle_molotow((0, 157, 0, 0)).case == "molotow_all"
    assert settle_molotow((1, 156, 0, 0)).case == "molotow_hundred"


def test_molotow_tied_on_zero_are_passed_over():
    assert settle_molotow((99, 58, 0, 0)).deltas == (1, -1, 0, 0)


@pytest.mark.parametrize("points, expected", [
    ((90, 9, 34, 24), (1, 1, -1, -1)),     # no tie: as passed_over
    ((90, 30, 30, 7), (1, 0, 0, 1)),       # the tie is not at an extreme: nothing
    ((80, 47, 15, 15), (1, -1, 1, 1)),     # tied at the fewest: both take the stroke
    ((40, 40, 40, 37), (1, 1, 1, 1)),      # tied at the most: all three take it
])
def test_molotow_ties_share(points, expected):
    assert settle_molotow(points, "share").deltas == expected


def test_molotow_game_is_12_hands_highest_net_wins_ties_share():
    assert MOLOTOW.default_hands == 12 and not MOLOTOW.open_ended
    assert MOLOTOW.game_over((3, 1, 2, 5), (0, 1, 2, 0), 11, 12) is None
    assert MOLOTOW.game_over((3, 1, 2, 5), (0, 1, 2, 0), 12, 12) == [3]
    assert MOLOTOW.game_over((3, 1, 2, 4), (0, 1, 2, 1), 12, 12) == [0, 3]


# -- Plus-Minus: the settlement (docs/rules-plusminus.md §5) ------------------------------------------------------

@pytest.mark.parametrize("points, expected", [
    ((90, 9, 34, 24), (1, 1, 0, 0)),       # alone most (≤ 99), alone fewest
    ((99, 30, 20, 8), (1, 0, 0, 1)),       # 99 is still a stroke
    ((104, 20, 20, 13), (0, 0, 0, 1)),     # 100 or more: no stroke for the most
    ((100, 19, 19, 19), (0, 0, 0, 0)),     # 100 and the fewest tied: nothing at all
    ((90, 30, 30, 7), (1, 0, 0, 1)),       # a tie in the middle changes nothing
    ((80, 47, 15, 15), (1, 0, 0, 0)),      # the fewest tied: passed over
    ((40, 40, 40, 37), (0, 0, 0, 1)),      # the most tied: passed over
    ((60, 60, 30, 7), (0, 0, 0, 1)),       # the most tied: passed over
])
def test_plusminus_strokes(points, expected):
    s = settle_plusminus(points)
    assert s.case == "plusminus" and s.deltas == expected
    assert s.zeros == (0, 0, 0, 0)


def test_plusminus_roles_name_the_strokes_the_tied_and_the_hundred():
    assert settle_plusminus((104, 20, 20, 13)).roles == {"hundred": 0, "stroke": [3], "tied": [1, 2]}
    assert settle_plusminus((90, 9, 34, 24)).roles == {"stroke": [0, 1], "tied": []}


@pytest.mark.parametrize("points, expected", [
    ((60, 60, 30, 7), (0, 0, 1, 1)),       # the most's stroke passes down to 30
    ((80, 47, 15, 15), (1, 1, 0, 0)),      # the fewest's stroke passes up to 47
    ((40, 40, 40, 37), (0, 0, 0, 1)),      # would pass to the other extreme: lapses
    ((100, 19, 19, 19), (0, 0, 0, 0)),     # would pass to the player on 100: lapses
    ((90, 9, 34, 24), (1, 1, 0, 0)),       # no tie at an extreme: as passed_over
    ((104, 20, 20, 13), (0, 0, 0, 1)),     # 100 or more is no tie: nothing passes
])
def test_plusminus_ties_next(points, expected):
    assert settle_plusminus(points, "next").deltas == expected


def test_plusminus_ends_when_one_player_alone_has_the_most_strokes_and_at_least_7():
    over = PLUSMINUS.game_over
    assert PLUSMINUS.open_ended
    assert over((6, 5, 3, 2), (0, 0, 0, 0), 40, 12) is None        # nobody on 7: play on past hands_total
    assert over((7, 5, 3, 2), (0, 0, 0, 0), 3, 12) == [2 - 2]      # alone on 7: ends, even before hands_total
    assert over((7, 7, 3, 2), (0, 0, 0, 0), 20, 12) is None        # two reach 7 together: play on
    assert over((8, 7, 3, 2), (0, 0, 0, 0), 21, 12) == [0]         # until one alone has the most
    assert over((9, 9, 9, 2), (0, 0, 0, 0), 21, 12) is None


def test_plusminus_game_plays_on_past_its_hands_until_7():
    g = Game(hands_total=1, seed="pm", spec=PLUSMINUS)
    rng = random.Random(3)
    while g.phase != "game-over":
        if g.phase == "hand-over":
            g.next_hand()
            continue
        mask = g.state.legal_mask()
        g.play(rng.choice([c for c in range(36) if mask >> c & 1]))
    st = g.strokes
    assert max(st) >= 7 and st.count(max(st)) == 1 and g.winners == [st.index(max(st))]
    assert len(g.counted) > 1 and g.zeros == [0, 0, 0, 0] and g.hands_left >= 1
    # the game was not over after any earlier hand
    running = [0, 0, 0, 0]
    for r in g.results[:-1]:
        running = [a + b for a, b in zip(running, r.settlement.strokes, strict=True)]
        assert PLUSMINUS.game_over(running, (0,) * 4, 0, 1) is None


# -- Mittlere's srf_hundred_zero (docs/rules.md §6, §7) ----------------------------------------------------------

def test_srf_hundred_zero_the_middle_player_two_strokes():
    assert settle((110, 47, 0), (7, 4, 1)).deltas == (-2, 1, 1)                  # default: the H penalty
    s = settle((110, 47, 0), (7, 4, 1), srf_hundred_zero=True)
    assert s.case == "hundred_and_zero" and s.deltas == (-1, 2, -1)
    assert s.roles == {"hundred": 0, "zero_points": 2, "middle": 1}
    # no trick for the 0: the Z and H case, the same numbers
    assert settle((110, 47, 0), (8, 4, 0), srf_hundred_zero=True).case == "no_trick_and_hundred"
    # two on 0: no middle player, the flag does not apply
    assert settle((157, 0, 0), (10, 1, 1), srf_hundred_zero=True).deltas == (-2, 1, 1)
    # a match stays a match
    assert settle((157, 0, 0), (12, 0, 0), srf_hundred_zero=True).case == "match"
    # nobody on 100: nothing changes
    assert settle((99, 58, 0), (7, 4, 1), srf_hundred_zero=True) == settle((99, 58, 0), (7, 4, 1))


def test_srf_hundred_zero_is_off_by_default_and_written_only_when_on():
    assert Rules().srf_hundred_zero is False and Rules.defaults("mittlere") == Rules()
    assert Rules().to_json() == {"undertrump_when_void": False, "no_trump": "eights"}
    on = Rules.from_json({"srf_hundred_zero": True})
    assert on.srf_hundred_zero and on.to_json()["srf_hundred_zero"] is True
    assert MITTLERE.settle((110, 47, 0), (7, 4, 1), on).deltas == (-1, 2, -1)


# -- the flags per game -------------------------------------------------------------------------------------------

def test_undertrump_defaults_per_game():
    assert Rules.defaults("mittlere").undertrump_when_void is False
    assert MOLOTOW.default_rules.undertrump_when_void is True
    assert PLUSMINUS.default_rules.undertrump_when_void is False
    assert MOLOTOW.default_rules.ties == PLUSMINUS.default_rules.ties == "passed_over"
    assert MOLOTOW.rules_from_json(None) == MOLOTOW.default_rules
    assert MOLOTOW.rules_from_json({"undertrump_when_void": False}).undertrump_when_void is False


def _undertrump_record(game: str) -> dict:
    """Seat 1 leads ♠6, seat 2 (void in ♠) fixes ♦ with ♦A, seat 3 is void in ♠ and holds ♦6 below it."""
    hands = [
        ["S7", "S8", "S9", "S10", "SJ", "SQ", "SK", "SA", "H6"],
        ["S6", "H7", "H8", "H9", "H10", "HJ", "HQ", "HK", "HA"],
        ["DA", "D9", "DJ", "C6", "C7", "C8", "C9", "C10", "CJ"],
        ["D6", "D7", "D8", "D10", "DQ", "DK", "CQ", "CK", "CA"],
    ]
    return {"game": game, "dealer": 0, "hands": hands, "plays": ["S6", "DA"]}


def test_undertrump_when_void_per_game_in_play():
    molotow = replay(_undertrump_record("molotow"))
    assert molotow.to_play == 3 and "D6" in codes_of(molotow.legal_mask())       # jasswelt: a void may undertrump
    plusminus = replay(_undertrump_record("plusminus"))
    assert plusminus.to_play == 3 and codes_of(plusminus.legal_mask()) == ["CQ", "CK", "CA"]  # no undertrumping
    flipped = replay({**_undertrump_record("plusminus"), "rules": {"undertrump_when_void": True}})
    assert "D6" in codes_of(flipped.legal_mask())
    with pytest.raises(RecordError, match="may not play D6"):
        replay({**_undertrump_record("plusminus"), "plays": ["S6", "DA", "D6"]})


@pytest.mark.parametrize("game, rules, key", [
    ("mittlere", {"ties": "share"}, "ties"),
    ("mittlere", {"srf_hundred_zero": "yes"}, "srf_hundred_zero"),
    ("molotow", {"ties": "next"}, "ties"),
    ("molotow", {"ties": 1}, "ties"),
    ("molotow", {"srf_hundred_zero": True}, "srf_hundred_zero"),
    ("plusminus", {"ties": "share"}, "ties"),
    ("plusminus", {"undertrump_when_void": "no"}, "undertrump_when_void"),
    ("plusminus", {"no_trump": "void"}, "no_trump"),
    ("plusminus", {"bogus": True}, "bogus"),
])
def test_bad_flags_are_a_clear_rules_error(game, rules, key):
    with pytest.raises(RulesError) as e:
        Rules.from_json(rules, game)
    assert e.value.key == key and str(e.value).startswith(("rule ", "unknown rule"))
    with pytest.raises(RecordError, match=key):
        parse_record({**_undertrump_record(game if game != "mittlere" else "molotow"), "rules": rules, "game": game}
                     if game != "mittlere" else {"rules": rules, "dealer": 0, "hands": [[], [], []]})


def test_a_hand_or_a_game_with_flags_its_game_does_not_know_is_refused():
    with pytest.raises(RulesError):
        HandState(deal(1, 0, 0, 4), 0, Rules(ties="next"), MOLOTOW)
    with pytest.raises(RulesError):
        HandState(deal(1, 0, 0, 4), 0, Rules(srf_hundred_zero=True), PLUSMINUS)
    with pytest.raises(RulesError):
        Game(seed=1, rules=Rules(ties="share"))
    HandState(deal(1, 0, 0, 4), 0, Rules(ties="next"), PLUSMINUS)   # fine


# -- properties of random hands of all three games ---------------------------------------------------------------

def ref_settlement(game: str, pts: list[int], tricks: list[int], rules: Rules) -> tuple[list[int], list[int]]:
    """Strokes and zeros per seat straight from the rule books (not from engine.scoring)."""
    n = len(pts)
    strokes, zeros = [0] * n, [0] * n
    alone = [pts.count(p) == 1 for p in pts]
    hi, lo = max(pts), min(pts)
    if game == "molotow":
        if 157 in pts:
            w = pts.index(157)
            return [3 if s == w else 0 for s in range(n)], [0 if s == w else 1 for s in range(n)]
        if hi >= 100:
            h = pts.index(hi)
            return [0 if s == h else 1 for s in range(n)], [3 if s == h else 0 for s in range(n)]
        for s in range(n):
            extreme = pts[s] in (hi, lo)
            if alone[s]:
                (strokes if extreme else zeros)[s] = 1
            elif extreme and rules.ties == "share":
                strokes[s] = 1
        return strokes, zeros
    if game == "plusminus":
        if pts.count(lo) == 1:
            strokes[pts.index(lo)] = 1
        if pts.count(hi) == 1 and hi <= 99:
            strokes[pts.index(hi)] = 1
        if rules.ties == "next":  # docs/rules-plusminus.md §5: towards the middle, to the nearest untied in between
            between = [p for p in pts if lo < p < hi and pts.count(p) == 1]
            if pts.count(hi) > 1 and between:
                strokes[pts.index(max(between))] = 1
            if pts.count(lo) > 1 and between:
                strokes[pts.index(min(between))] = 1
        return strokes, zeros
    # Mittlere, docs/rules.md §6 (default flags but srf)
    if 12 in tricks:
        w = tricks.index(12)
        return [2 if s == w else 0 for s in range(n)], [0 if s == w else 1 for s in range(n)]
    z = tricks.index(0) if 0 in tricks else None
    h = pts.index(hi) if hi >= 100 else None
    if z is not None and h is not None:
        return [0 if s in (z, h) else 2 for s in range(n)], [1 if s in (z, h) else 0 for s in range(n)]
    if h is not None and rules.srf_hundred_zero and pts.count(0) == 1:
        return [2 if s not in (h, pts.index(0)) else 0 for s in range(n)], \
            [1 if s in (h, pts.index(0)) else 0 for s in range(n)]
    if z is not None or h is not None:
        bad = z if z is not None else h
        return [0 if s == bad else 1 for s in range(n)], [2 if s == bad else 0 for s in range(n)]
    if len(set(pts)) < 3:
        third = next(s for s in range(n) if alone[s])
        return [1 if s == third else 0 for s in range(n)], zeros
    mid = sorted(range(n), key=pts.__getitem__)[1]
    return [0 if s == mid else 1 for s in range(n)], [2 if s == mid else 0 for s in range(n)]


def rules_for(game: str) -> st.SearchStrategy[Rules]:
    ties = {"molotow": ["passed_over", "share"], "plusminus": ["passed_over", "next"]}.get(game, ["passed_over"])
    srf = st.booleans() if game == "mittlere" else st.just(False)
    return st.builds(Rules, undertrump_when_void=st.booleans(), no_trump=st.just("eights"),
                     ties=st.sampled_from(ties), srf_hundred_zero=srf)


@pytest.mark.parametrize("game", ["mittlere", "molotow", "plusminus"])
@settings(max_examples=60, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 99), min_size=36, max_size=36))
def test_random_hands_conserve_cards_157_points_and_settle_by_the_ruling(game, data, seed, picks):
    spec = game_spec(game)
    rules = data.draw(rules_for(game))
    dealer = seed % spec.seats
    s = HandState(deal(seed, 0, dealer, spec.seats), dealer, rules, spec)
    assert [h.bit_count() for h in s.hands] == [spec.cards_per_hand] * spec.seats
    for i in range(36):
        mask = s.legal_mask()
        legal = [c for c in range(36) if mask >> c & 1]
        assert legal
        s.push(legal[picks[i] % len(legal)])
        held = 0
        for h in s.hands:
            held |= h
        assert held & mask_of(s.plays) == 0 and held | mask_of(s.plays) == ALL_CARDS
    out = outcome(s)
    assert s.is_complete and sum(out.tricks_won) == spec.tricks
    assert sum(out.card_points) == 157
    strokes, zeros = ref_settlement(game, list(out.card_points), list(out.tricks_won), rules)
    assert list(out.settlement.strokes) == strokes and list(out.settlement.zeros) == zeros, out
    if game == "plusminus":
        assert out.settlement.zeros == (0, 0, 0, 0) and sum(strokes) <= 2


@pytest.mark.parametrize("game", ["molotow", "plusminus"])
@settings(max_examples=80, deadline=None)
@given(cut=st.lists(st.integers(0, 157), min_size=3, max_size=3))
def test_any_split_of_157_settles_by_the_ruling(game, cut):
    a, b, c = sorted(cut)
    pts = [a, b - a, c - b, 157 - c]
    for ties in ({"molotow": ("passed_over", "share"), "plusminus": ("passed_over", "next")}[game]):
        rules = Rules(ties=ties)
        s = (settle_molotow if game == "molotow" else settle_plusminus)(pts, ties)
        assert (list(s.strokes), list(s.zeros)) == ref_settlement(game, pts, [1] * 4, rules)


# -- the replay contract ------------------------------------------------------------------------------------------

def _played_record(game: str, seed: int, n_plays: int, rules: dict | None = None) -> dict:
    spec = game_spec(game)
    dealer = seed % 4
    st_ = HandState(deal(seed, 0, dealer, 4), dealer, spec.rules_from_json(rules), spec)
    dealt = list(st_.hands)
    rng = random.Random(seed)
    for _ in range(n_plays):
        mask = st_.legal_mask()
        st_.push(rng.choice([c for c in range(36) if mask >> c & 1]))
    rec = {"game": game, "dealer": dealer, "hands": [codes_of(m) for m in dealt],
           "plays": codes_of(0) + [codes_of(1 << c)[0] for c in st_.plays]}
    if rules is not None:
        rec["rules"] = rules
    return rec


def _batch(lines: list[str]) -> tuple[list[dict], subprocess.CompletedProcess]:
    p = subprocess.run([sys.executable, "-m", "engine", "replay", "--batch"], input="\n".join(lines) + "\n",
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    return [json.loads(x) for x in p.stdout.splitlines()], p


@pytest.mark.parametrize("game", ["molotow", "plusminus"])
def test_replay_batch_complete_and_incomplete_records(game):
    recs = [_played_record(game, seed, n) for seed, n in ((1, 36), (2, 36), (3, 0), (4, 17), (5, 35))]
    outs, p = _batch([json.dumps(r) for r in recs])
    assert p.returncode == 0 and p.stderr == "" and len(outs) == len(recs)
    keys = {"trump", "trump_fixed_at", "tricks", "complete", "to_play", "legal", "tricks_won", "card_points",
            "settlement", "settlement_case", "annulled", "strokes", "zeros"}
    for rec, out in zip(recs, outs, strict=True):
        assert set(out) == keys
        st_ = replay(rec)
        assert out == json.loads(json.dumps(summary(st_)))
        assert len(out["tricks_won"]) == len(out["card_points"]) == 4
        assert all(set(t) == {"leader", "cards", "winner", "points"} and len(t["cards"]) == 4 for t in out["tricks"])
        if len(rec["plays"]) == 36:
            assert out["complete"] and out["to_play"] is None and out["legal"] == []
            assert sum(out["card_points"]) == 157 and sum(t["points"] for t in out["tricks"]) == 157
            assert len(out["strokes"]) == len(out["zeros"]) == 4
            assert out["settlement"] == [a - b for a, b in zip(out["strokes"], out["zeros"], strict=True)]
            ref = ref_settlement(game, out["card_points"], out["tricks_won"], Rules.defaults(game))
            assert [out["strokes"], out["zeros"]] == [*ref]
            if game == "plusminus":
                assert out["zeros"] == [0, 0, 0, 0]
        else:
            assert not out["complete"] and out["strokes"] is None and out["zeros"] is None
            assert out["settlement"] is None and out["to_play"] in range(4) and out["legal"]


def test_replay_of_mittlere_has_no_strokes_or_game_fields():
    rec = {"dealer": 0, "hands": [codes_of(m) for m in deal(1, 0, 0)], "plays": []}
    outs, _ = _batch([json.dumps(rec)])
    assert "strokes" not in outs[0] and "zeros" not in outs[0] and "game" not in outs[0]


@pytest.mark.parametrize("mutate, words", [
    (lambda r: r.update(hands=r["hands"][:3]), "hands must be a list of four hands"),
    (lambda r: r["hands"][0].pop(), "hand of seat 0 has 8 cards, not 9"),
    (lambda r: r.update(dealer=4), "dealer must be 0, 1, 2 or 3, not 4"),
    (lambda r: r.update(rules={"ties": "sometimes"}), "rule ties must be"),
    (lambda r: r.update(rules={"srf_hundred_zero": True}), "unknown rule 'srf_hundred_zero'"),
    (lambda r: r.update(game="molotov"), "unknown game 'molotov'"),
    (lambda r: r.update(plays=[r["hands"][(r["dealer"] + 1) % 4][0]] * 2), "play 1: seat"),
])
@pytest.mark.parametrize("game", ["molotow", "plusminus"])
def test_bad_records_give_one_clear_error_line(game, mutate, words):
    rec = _played_record(game, 9, 0)
    mutate(rec)
    outs, p = _batch([json.dumps(rec)])
    assert p.returncode == 2 and len(outs) == 1 and set(outs[0]) == {"error"} and words in outs[0]["error"]
    single = subprocess.run([sys.executable, "-m", "engine", "replay"], input=json.dumps(rec), capture_output=True,
                            text=True, cwd=ROOT, timeout=60)
    assert single.returncode == 2 and single.stdout == "" and single.stderr.count("\n") == 1
    assert single.stderr.startswith("error: ") and "Traceback" not in single.stderr


def test_a_twelve_card_mittlere_deal_is_no_molotow_record():
    rec = {"game": "molotow", "dealer": 0, "hands": [codes_of(m) for m in deal(1, 0, 0)], "plays": []}
    with pytest.raises(RecordError, match="hands must be a list of four hands"):
        parse_record(rec)


def test_records_written_by_a_game_carry_it_and_replay_to_its_results():
    for spec in (MOLOTOW, PLUSMINUS):
        g = Game(hands_total=2, seed="rec", spec=spec)
        rng = random.Random(1)
        while g.phase == "play":
            mask = g.state.legal_mask()
            g.play(rng.choice([c for c in range(36) if mask >> c & 1]))
        r = g.results[-1]
        assert r.record["game"] == spec.id and list(r.record)[0] == "game"
        assert r.record["rules"] == {"undertrump_when_void": spec is MOLOTOW, "no_trump": "eights",
                                     "ties": "passed_over"}
        again = summary(replay(r.record))
        assert again["settlement"] == list(r.settlement.deltas) and again["strokes"] == list(r.settlement.strokes)
        assert parse_card(r.record["plays"][0]) in range(36)


# -- the arena --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["molotow", "plusminus"])
def test_arena_plays_four_bots_legally(game, capsys):
    import argparse
    parser = argparse.ArgumentParser()
    arena_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["arena", "--game", game, "--deals", "2", "--game-length", "2", "--json",
                              "--bots", "random,easy,normal,hard:iterations=40:family_iterations=40"])
    assert arena_run(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == game and out["seats"] == 4 and out["deals"] == 2 and out["hands_played"] == 8
    assert len(out["bots"]) == 4


# -- the bots in Molotow and Plus-Minus (docs/bots.md "Molotow and Plus-Minus") --------------------------------------

from engine.bots import LEVELS, make_bot  # noqa: E402
from engine.bots.family import (  # noqa: E402
    _POINTS,
    plan_choice,
    race_weights,
    rule_card,
    sample_hidden_any,
)
from engine.observation import observe, state_from_observation  # noqa: E402
from engine.rules import card_power  # noqa: E402

#: Small search budgets keep these tests fast; the levels' own budgets are measured in the arena.
_FAST = {"hard": {"family_iterations": 24}, "expert": {"family_iterations": 40}}


def _family_bot(level, seed):
    return make_bot(level, seed, **_FAST.get(level, {}))


def _family_hand(game, levels, seed, deal_no, scores=(0, 0, 0, 0)):
    """One hand of ``game`` with ``levels`` at the four seats; every card checked legal before it is played."""
    spec = game_spec(game)
    bots = [_family_bot(lv, f"{seed}/{s}") for s, lv in enumerate(levels)]
    st = HandState(deal(seed, deal_no, deal_no % 4, 4), deal_no % 4, spec.default_rules, spec)
    while not st.is_complete:
        seat = st.to_play
        c = bots[seat].choose(observe(st, seat, scores, 3))
        assert st.legal_mask() >> c & 1, (game, levels[seat], c)
        st.push(c)
    return st


@pytest.mark.parametrize("game", ["molotow", "plusminus"])
def test_every_level_always_plays_legally_in_the_family(game):
    for k in range(6):
        levels = [LEVELS[(k + s) % len(LEVELS)] for s in range(4)]
        st = _family_hand(game, levels, "legal", k, scores=(k, 6, 3, 0))
        assert outcome(st).settlement is not None


@pytest.mark.parametrize("game", ["molotow", "plusminus"])
@pytest.mark.parametrize("level", LEVELS)
def test_family_same_seed_same_decisions(game, level):
    a = _family_hand(game, [level] * 4, "same", 3)
    b = _family_hand(game, [level] * 4, "same", 3)
    assert a.plays == b.plays
    # and a decision depends on the position only, not on what the bot decided before
    st = HandState(deal("pos", 1, 1, 4), 1, game_spec(game).default_rules, game_spec(game))
    positions = []
    while not st.is_complete:
        positions.append(observe(st, st.to_play, (1, 5, 2, 6), 4))
        st.push(make_bot("easy", 0).choose(positions[-1]))
    sample = positions[::7]
    bot = _family_bot(level, 9)
    forward = [bot.choose(o) for o in sample]
    fresh = _family_bot(level, 9)
    backward = [fresh.choose(o) for o in reversed(sample)][::-1]
    assert forward == backward


@pytest.mark.parametrize("game", ["molotow", "plusminus"])
@pytest.mark.parametrize("level", LEVELS)
def test_family_no_cheating(game, level):
    """The same observation from a world where the other seats hold other cards gives the same decision."""
    spec = game_spec(game)
    rng = random.Random(7)
    checked = 0
    for k in range(6):
        st = HandState(deal("cheat", k, k % 4, 4), k % 4, spec.default_rules, spec)
        for _ in range(rng.randrange(4, 30)):
            st.push(make_bot("random", k).choose(observe(st, st.to_play)))
        seat = st.to_play
        obs = observe(st, seat, (2, 0, 4, 1), 6)
        other = state_from_observation(obs, sample_hidden_any(obs, rng))
        if all(other.hands[s] == st.hands[s] for s in range(4)):
            continue
        assert observe(other, seat, (2, 0, 4, 1), 6) == obs
        assert _family_bot(level, "x").choose(obs) == _family_bot(level, "x").choose(
            observe(other, seat, (2, 0, 4, 1), 6))
        checked += 1
    assert checked >= 4


def _hundred_positions(limit):
    """Molotow positions where the seat to play is last in a trick, may lose it, and would reach 100 card points or
    more with any card that takes it: seat 0 grabs every trick it can, the others dump their points on it."""
    found = []
    for k in range(3000):
        st = HandState(deal("cliff", k, 3, 4), 3, MOLOTOW.default_rules, MOLOTOW)
        while not st.is_complete and len(found) < limit:
            seat = st.to_play
            legal = st.legal_mask()
            if seat == 0 and len(st.trick) == 3:
                obs = observe(st, 0)
                led = st.trick[0] // 9
                best = max(card_power(x, led, st.trump) for x in st.trick)
                cards = [c for c in range(36) if legal >> c & 1]
                takes = [c for c in cards if card_power(c, led, st.trump if st.trump >= 0 else
                                                        (c // 9 if c // 9 != led else -1)) > best]
                loses = [c for c in cards if c not in takes]
                last = 5 if len(st.tricks) == 8 else 0
                pts = obs.card_points()[0]
                if takes and loses and all(
                        pts + last + sum(_POINTS[(st.trump if st.trump >= 0 or c // 9 == led else c // 9) + 1][x]
                                         for x in [*st.trick, c]) >= 100 for c in takes):
                    found.append((obs, set(loses)))
            led = st.trick[0] // 9 if st.trick else -1
            wkey = max((card_power(x, led, st.trump) for x in st.trick), default=-1)
            bit = plan_choice(legal, len(st.trick), led, wkey if wkey < 100 or st.trump >= 0 else wkey,
                              st.trump, _POINTS[st.trump + 1], seat == 0)
            st.push(bit.bit_length() - 1)
        if len(found) >= limit:
            break
    return found


def test_normal_in_molotow_avoids_an_obvious_hundred():
    positions = _hundred_positions(5)
    assert len(positions) >= 3
    for obs, loses in positions:
        assert rule_card(obs)[0] in loses                      # the plan itself ducks ...
        assert make_bot("normal", 1).choose(obs) in loses      # ... and the second look agrees


def test_plusminus_race_weights_grow_near_seven():
    st = HandState(deal("race", 0, 0, 4), 0, PLUSMINUS.default_rules, PLUSMINUS)
    w = race_weights(observe(st, 1, (6, 0, 3, 5), 2))
    assert w is not None and w[1] == 1.0 and w[2] == 0.0 and w[0] < w[3] < 0   # seat 0 on 6 is the danger
    assert race_weights(observe(st, 0, (6, 0, 3, 5), 2))[0] > 1.0                # one stroke from the win
    assert race_weights(observe(HandState(deal("race", 0, 0, 4), 0, MOLOTOW.default_rules, MOLOTOW), 1)) is None
