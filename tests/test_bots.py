"""Bots: legality, determinism, no cheating, the hidden-hand sampler, hints, the arena."""

from __future__ import annotations

import argparse
import io
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots import LEVELS, make_bot, suggest
from engine.bots.common import deltas_of, other_seats, sample_hidden, sampler_setup
from engine.bots.endgame import solve_deltas
from engine.cards import ALL_CARDS, NUM_SEATS, iter_cards
from engine.deal import deal
from engine.observation import observe, state_from_observation
from engine.rules import DEFAULT_RULES, Rules
from engine.scoring import settle
from engine.state import HandState, outcome

FAST = {"hard": {"budget_ms": None, "iterations": 6}, "expert": {"budget_ms": None, "iterations": 4}}
RULE_SETS = (Rules(), Rules(undertrump_when_void=True), Rules(no_trump="annul"))


def _bot(level, seed):
    return make_bot(level, seed, **FAST.get(level, {}))


def _random_state(seed: int, n_plays: int, rules: Rules = DEFAULT_RULES) -> HandState:
    rng = random.Random(seed)
    dealer = seed % 3
    s = HandState(deal(seed, 0, dealer), dealer, rules)
    for _ in range(n_plays):
        legal = list(iter_cards(s.legal_mask()))
        s.push(rng.choice(legal))
    return s


def _play_hand(levels, seed, rules=DEFAULT_RULES, deal_no=0):
    bots = [_bot(levels[i], f"{seed}/{i}") for i in range(3)]
    dealer = deal_no % 3
    s = HandState(deal(seed, deal_no, dealer), dealer, rules)
    while not s.is_complete:
        seat = s.to_play
        c = bots[seat].choose(observe(s, seat))
        assert s.legal_mask() >> c & 1, f"{levels[seat]} played an illegal card"
        s.push(c)
    return s


def test_levels_weakest_first():
    assert LEVELS == ["random", "easy", "normal", "hard", "expert"]


@pytest.mark.parametrize("levels", [("random", "easy", "normal"), ("normal", "random", "easy"),
                                    ("easy", "normal", "normal")])
def test_simple_levels_always_legal(levels):
    for k in range(300):
        _play_hand(levels, k, RULE_SETS[k % 3], deal_no=k)


@pytest.mark.parametrize("levels", [("hard", "normal", "random"), ("expert", "hard", "easy")])
def test_search_levels_always_legal(levels):
    for k in range(8):
        _play_hand(levels, 1000 + k, RULE_SETS[k % 3], deal_no=k)


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard", "expert"])
def test_same_seed_same_decisions(level):
    levels = (level, level, level)
    a = _play_hand(levels, 77)
    b = _play_hand(levels, 77)
    assert a.plays == b.plays


def _other_world(state: HandState, seat: int, rng: random.Random) -> HandState:
    """The same public history and the same hand for ``seat``, the other seats' unplayed cards re-dealt."""
    obs = observe(state, seat)
    for _ in range(50):
        hidden = sample_hidden(obs, rng)
        a, b = other_seats(seat)
        if hidden[a] != state.hands[a]:
            break
    return state_from_observation(obs, hidden)


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard", "expert"])
def test_no_cheating(level):
    rng = random.Random(5)
    checked = 0
    for k in range(40):
        s = _random_state(k, rng.randrange(0, 33))
        seat = s.to_play
        other = _other_world(s, seat, rng)
        a, b = other_seats(seat)
        if other.hands[a] == s.hands[a]:
            continue  # nothing could be re-dealt
        o1, o2 = observe(s, seat), observe(other, seat)
        assert o1 == o2  # the view is the same ...
        c1 = _bot(level, "x").choose(o1)
        c2 = _bot(level, "x").choose(o2)
        assert c1 == c2  # ... and so is the decision
        checked += 1
    assert checked >= 20


def test_observation_hides_other_hands():
    s = _random_state(3, 10)
    obs = observe(s, s.to_play)
    a, b = other_seats(obs.seat)
    assert obs.unseen == s.hands[a] | s.hands[b]
    assert not hasattr(obs, "hands")


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10 ** 6), st.integers(0, 35), st.sampled_from(RULE_SETS), st.integers(0, 2 ** 32))
def test_sampler_respects_everything_known(seed, n_plays, rules, sample_seed):
    s = _random_state(seed, n_plays, rules)
    if s.is_complete:
        return
    seat = s.to_play
    obs = observe(s, seat)
    a, b = other_seats(seat)
    # the true deal is consistent with what the observer knows
    for x in (a, b):
        assert s.hands[x] & obs.excluded[x] == 0
    setup = sampler_setup(obs)
    rng = random.Random(sample_seed)
    for _ in range(20):
        h = sample_hidden(obs, rng, setup)
        assert h[a] & h[b] == 0
        assert h[a] | h[b] == obs.unseen
        assert h[a].bit_count() == obs.counts[a] == s.hands[a].bit_count()
        assert h[b].bit_count() == obs.counts[b]
        assert h[a] & obs.excluded[a] == 0 and h[b] & obs.excluded[b] == 0
        assert (h[a] | h[b]) & (obs.hand | obs.played) == 0
        world = state_from_observation(obs, h)
        assert world.hands[seat] == obs.hand
        assert observe(world, seat) == obs


def test_sampler_is_uniform_over_free_cards():
    s = _random_state(11, 14)
    obs = observe(s, s.to_play)
    a, b, must_a, must_b, free, k_a = sampler_setup(obs)
    rng = random.Random(0)
    counts = dict.fromkeys(free, 0)
    n = 3000
    for _ in range(n):
        h = sample_hidden(obs, rng)
        for c in free:
            counts[c] += h[a] >> c & 1
    expect = k_a / len(free)
    for c in free:
        assert abs(counts[c] / n - expect) < 0.05


def test_fast_deltas_match_settle():
    rng = random.Random(2)
    for k in range(400):
        s = _random_state(k, 36)
        out = outcome(s)
        assert deltas_of(list(out.card_points), s.tricks_won) == settle(out.card_points, s.tricks_won).deltas
    for pts, tw in [((60, 60, 37), (4, 4, 4)), ((104, 40, 13), (6, 4, 2)), ((110, 47, 0), (8, 4, 0)),
                    ((157, 0, 0), (12, 0, 0)), ((70, 50, 37), (5, 4, 3))]:
        assert deltas_of(list(pts), tw) == settle(pts, tw).deltas
    assert rng


def test_endgame_solver_plays_to_the_end():
    for k in range(10):
        s = _random_state(k, 27 + k % 3)
        seat = s.to_play
        d, pts, tw = solve_deltas(s, seat)
        assert sum(tw) == 12 and sum(pts) == 157
        assert d == deltas_of(pts, tw)[seat]
        assert len(s.plays) == 27 + k % 3  # not modified


def test_suggest_gives_legal_card_and_reason():
    for k in range(5):
        s = _random_state(k, 3 * k + 1)
        obs = observe(s, s.to_play)
        c, reason = suggest(obs, budget_ms=None, iterations=10)
        assert s.legal_mask() >> c & 1
        assert isinstance(reason, str) and 0 < len(reason) < 300
        assert suggest(obs, budget_ms=None, iterations=10)[0] == c


def test_suggest_is_quick():
    import time
    s = _random_state(1, 1)
    obs = observe(s, s.to_play)
    t = time.perf_counter()
    suggest(obs)
    assert time.perf_counter() - t < 1.0


def test_make_bot_rejects_unknown_level():
    with pytest.raises(ValueError):
        make_bot("grandmaster")


def test_arena_json_smoke():
    from engine import arena
    args = argparse.Namespace(bots="easy,normal,random", deals=13, seed="s", jobs=1, json=True,
                              budget_ms=None, iterations=None)
    out, err = io.StringIO(), io.StringIO()
    assert arena.run(args, out, err) == 0
    data = json.loads(out.getvalue())
    assert data["deals"] == 13 and data["hands_played"] == 39
    assert abs(sum(b["strokes_per_hand"] for b in data["bots"])) < 0.2
    assert sum(b["game_wins"] for b in data["bots"]) == pytest.approx(3, abs=0.05)  # one complete game x 3 rotations
    again = io.StringIO()
    arena.run(args, again, io.StringIO())
    # the same run gives the same figures (decision times aside)
    strip = lambda d: [{k: v for k, v in b.items() if not k.startswith("decision_ms")} for b in d["bots"]]  # noqa
    assert strip(json.loads(again.getvalue())) == strip(data)


def test_arena_cli_parses():
    from engine.cli import build_parser
    args = build_parser().parse_args(["arena", "--bots", "hard,normal,normal", "--deals", "5", "--seed", "3",
                                      "--jobs", "2", "--json"])
    assert args.bots == "hard,normal,normal" and args.jobs == 2 and args.json


def test_arena_rejects_bad_bots():
    from engine import arena
    args = argparse.Namespace(bots="hard,normal", deals=3, seed="1", jobs=1, json=False, budget_ms=None,
                              iterations=None)
    err = io.StringIO()
    assert arena.run(args, io.StringIO(), err) == 2
    assert "three levels" in err.getvalue()


def test_all_cards_accounted():
    assert ALL_CARDS.bit_count() == 36 and NUM_SEATS == 3
