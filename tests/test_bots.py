"""Bots: legality, determinism, no cheating, the hidden-hand sampler, hints, the arena."""

from __future__ import annotations

import argparse
import io
import json
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots import LEVEL_NAMES, LEVELS, hint, make_bot, suggest
from engine.bots.common import deltas_of, other_seats, sample_hidden, sampler_setup
from engine.bots.endgame import solve_root
from engine.cards import CODES, iter_cards, pretty
from engine.deal import deal
from engine.observation import observe, state_from_observation
from engine.rules import DEFAULT_RULES, Rules, legal_mask
from engine.scoring import settle
from engine.state import HandState, outcome

#: The search levels on a small budget: the same code (joint inference's pool of deals, the play-outs, expert's exact
#: endgame) with 12 play-outs and a pool of 40 deals instead of 300 (weighing the pool's deals was most of the work).
FAST = {"hard": {"iterations": 12, "joint": 40},
        "expert": {"iterations": 12, "endgame_worlds": 2, "endgame_tricks": 2, "joint": 40}}
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
    assert LEVEL_NAMES == {"random": "Random", "easy": "Easy", "normal": "Normal", "hard": "Hard", "expert": "Expert"}
    for level in LEVELS:   # a level's bot seeds its decisions with its own id
        assert make_bot(level, 1).level == level


def test_expert_is_hard_with_its_own_defaults():
    """The expert states only what differs from hard; every option can still be given, an unknown one is refused."""
    hard, expert = make_bot("hard", 1), make_bot("expert", 1)
    differs = {k for k, v in vars(hard).items() if vars(expert)[k] != v}
    assert differs == {"iterations", "max_ms", "endgame_tricks"}
    assert (hard.joint, hard.joint_ess) == (300, 20)   # both read the opponents (joint inference)
    assert (expert.iterations, expert.max_ms, expert.endgame_tricks, expert.joint, expert.joint_ess) == \
        (1500, 10000.0, 4, 300, 20)
    tuned = make_bot("expert", 1, iterations=60, endgame_tricks=0, joint=0, policy="random")
    assert (tuned.iterations, tuned.max_ms, tuned.endgame_tricks, tuned.policy) == (60, 10000.0, 0, "random")
    with pytest.raises(TypeError, match="budget"):
        make_bot("expert", 1, budget=3)


@pytest.mark.parametrize("levels", [("random", "easy", "normal"), ("normal", "random", "easy"),
                                    ("easy", "normal", "normal")])
def test_simple_levels_always_legal(levels):
    # 100 hands a table, the rule sets in turn
    for k in range(100):
        _play_hand(levels, k, RULE_SETS[k % 3], deal_no=k)


@pytest.mark.parametrize("levels", [("hard", "normal", "random"), ("expert", "hard", "easy")])
def test_search_levels_always_legal(levels):
    for k in range(5):
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
    for k in range(400):
        s = _random_state(k, 36)
        out = outcome(s)
        assert deltas_of(list(out.card_points), s.tricks_won) == settle(out.card_points, s.tricks_won).deltas
    for pts, tw in [((60, 60, 37), (4, 4, 4)), ((104, 40, 13), (6, 4, 2)), ((110, 47, 0), (8, 4, 0)),
                    ((157, 0, 0), (12, 0, 0)), ((70, 50, 37), (5, 4, 3))]:
        assert deltas_of(list(pts), tw) == settle(pts, tw).deltas


def test_endgame_solver_plays_to_the_end():
    for k in range(10):
        s = _random_state(k, 27 + k % 3)
        seat = s.to_play
        (d, pts, tw), = solve_root(s, seat, None)   # None: the whole line, any seat to play
        assert sum(tw) == 12 and sum(pts) == 157
        assert d == deltas_of(pts, tw)[seat]
        assert len(s.plays) == 27 + k % 3  # not modified


def test_suggest_gives_legal_card_and_reason():
    for k in range(5):
        s = _random_state(k, 3 * k + 1)
        obs = observe(s, s.to_play)
        c, reason = suggest(obs, iterations=40)
        assert s.legal_mask() >> c & 1
        assert isinstance(reason, str) and 0 < len(reason) < 300
        assert suggest(obs, iterations=40)[0] == c
        card, text, why = hint(obs, iterations=40)
        assert (card, text) == (c, reason)
        assert why["code"] in ("sampled", "solved", "only_choice") and why["params"]["card"] == CODES[c]


def test_make_bot_rejects_unknown_level():
    with pytest.raises(ValueError):
        make_bot("grandmaster")


def test_arena_json_smoke():
    from engine import arena
    args = argparse.Namespace(bots="easy,normal,random", deals=13, seed="s", jobs=1, json=True, omniscient=None)
    out, err = io.StringIO(), io.StringIO()
    assert arena.run(args, out, err) == 0
    data = json.loads(out.getvalue())
    assert data["deals"] == 13 and data["hands_played"] == 39
    assert abs(sum(b["strokes_per_hand"] for b in data["bots"])) < 0.2
    assert sum(b["game_wins"] for b in data["bots"]) == pytest.approx(3, abs=0.05)  # one complete game x 3 rotations
    again = io.StringIO()
    arena.run(args, again, io.StringIO())
    # the same run gives the same figures (decision times aside)
    strip = lambda d: [{k: v for k, v in b.items() if not k.startswith(("decision_ms", "decision_cpu"))} for b in d["bots"]]  # noqa
    assert strip(json.loads(again.getvalue())) == strip(data)


def test_arena_cli_parses():
    from engine.cli import build_parser
    args = build_parser().parse_args(["arena", "--bots", "hard,normal,normal", "--deals", "5", "--seed", "3",
                                      "--jobs", "2", "--json"])
    assert args.bots == "hard,normal,normal" and args.jobs == 2 and args.json


def test_arena_rejects_bad_bots():
    from engine import arena
    for bots, message in [("hard,normal", "three bots"), ("hard,normal,grandmaster", "unknown bot level"),
                          ("hard:budget=3,normal,normal", "budget"), ("expert:budget=3,normal,normal", "budget"),
                          ("nosuchmodule:Bot,normal,normal", "nosuchmodule")]:
        args = argparse.Namespace(bots=bots, deals=3, seed="1", jobs=1, json=False, omniscient=None)
        err = io.StringIO()
        assert arena.run(args, io.StringIO(), err) == 2
        assert message in err.getvalue()


def _positions(n: int, seed: int = 0) -> list:
    rng = random.Random(seed)
    out = []
    for k in range(n):
        s = _random_state(seed * 1000 + k, rng.randrange(0, 33), RULE_SETS[k % 3])
        out.append(observe(s, s.to_play, (k % 3, -1, 1), 1 + k % 12))
    return out


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard", "expert"])
def test_decision_depends_on_the_position_only(level):
    """The same position gives the same card, whatever the bot decided before (resume replays games)."""
    obs = _positions(12)
    forward = _bot(level, "d")
    backward = _bot(level, "d")
    a = [forward.choose(o) for o in obs]
    b = [backward.choose(o) for o in reversed(obs)][::-1]
    fresh = [_bot(level, "d").choose(o) for o in obs]
    again = [forward.choose(o) for o in obs]
    assert a == b == fresh == again


def test_hint_depends_on_the_position_only():
    obs = _positions(4, seed=3)
    first = [suggest(o, iterations=60) for o in obs]
    assert [suggest(o, iterations=60) for o in reversed(obs)][::-1] == first


def test_the_hint_is_the_same_on_a_device_busy_enough_to_cut_hards_search(monkeypatch):
    """A busy device (here a clock on which the hint's whole search takes 5 s) gets the same hint as a quiet one: the
    hint's safety net is 10 s; hard's 3 s would cut the search short and change the advice."""
    from engine.bots import search
    o = next(o for o in _positions(12, seed=7) if len(list(iter_cards(legal_mask(o.hand, o.trick, o.trump)))) >= 3)
    reads = 0
    real = search._cpu_clock

    def counting() -> float:
        nonlocal reads
        reads += 1
        return real()
    monkeypatch.setattr(search, "_cpu_clock", counting)
    quiet = hint(o, iterations=600)   # (a quarter of the hint's work: the same safety net, a quicker test)
    now, step = 0.0, 5.0 / reads

    def busy() -> float:
        nonlocal now
        now += step
        return now
    monkeypatch.setattr(search, "_cpu_clock", busy)
    assert hint(o, iterations=600) == quiet
    hard = make_bot("hard", "hint", iterations=600)     # hard's own net: cut, as the hint was before
    now = 0.0
    hard.choose(o)
    assert hard.last_stats["stopped_by_time"]


def test_search_budget_is_work_not_time():
    """The budget is a number of play-outs, honoured up to rounding (the time ceiling switched off here:
    it is a safety net only, tested below; joint inference's pool of deals is no play-out: 40 deals here)."""
    for o in _positions(10, seed=4):
        for level, iterations in (("hard", 50), ("hard", 300), ("expert", 120)):
            bot = make_bot(level, 1, iterations=iterations, endgame_tricks=0, max_ms=None, joint=40)
            bot.choose(o)
            stats = bot.last_stats
            if not stats.get("playouts"):
                continue  # a single sensible card: nothing to search
            assert not stats["stopped_by_time"]
            assert iterations // 3 <= stats["playouts"] <= iterations


def test_time_ceiling_is_a_safety_net():
    o = _positions(1, seed=5)[0]
    bot = make_bot("hard", 1, iterations=100000, max_ms=0)
    c = bot.choose(o)
    assert bot.last_stats["stopped_by_time"] and bot.last_stats["worlds"] == 1
    assert c in list(iter_cards(legal_mask(o.hand, o.trick, o.trump)))


def test_more_work_means_more_playouts():
    o = _positions(1, seed=5)[0]
    small, large = make_bot("hard", 1, iterations=60, max_ms=None), make_bot("hard", 1, iterations=600, max_ms=None)
    small.choose(o)
    large.choose(o)
    assert small.last_stats["playouts"] * 5 < large.last_stats["playouts"]


def test_equivalent_cards_are_one_choice():
    from engine.bots.search import choices
    from engine.cards import parse_card
    s = HandState(deal(8, 0, 0), 0)
    obs = observe(s, s.to_play)
    legal = s.legal_mask()
    got = choices(obs, legal)
    assert set(got) <= set(iter_cards(legal)) and got
    # with every other card already played, blanks of one suit in a row merge into one choice
    six, seven = parse_card("S6"), parse_card("S7")
    hand = (1 << six) | (1 << seven) | (1 << parse_card("SA"))
    lone = obs._replace(hand=hand, trick=(), trump=0, plays=tuple((1, c) for c in range(36)
                                                                  if not hand >> c & 1 and c < 27))
    assert lone.unseen & ((1 << 9) - 1) == 0
    assert choices(lone, hand) == [six, parse_card("SA")]


class FirstCardBot:
    """An outside bot for the arena: the lowest legal card, returned as a code."""

    def __init__(self, seed="0", shift=0):
        self.hands = 0
        self.shift = shift

    def new_hand(self, obs):
        self.hands += 1

    def choose(self, obs):
        from engine.rules import legal_mask
        cards = list(iter_cards(legal_mask(obs.hand, obs.trick, obs.trump, obs.rules.undertrump_when_void)))
        return CODES[cards[min(self.shift, len(cards) - 1)]]


def test_arena_takes_outside_bots_and_options():
    from engine import arena
    spec = f"{__file__}:FirstCardBot:shift=1,hard:iterations=20:joint=40,engine.bots.simple:EasyBot"
    args = argparse.Namespace(bots=spec, deals=2, seed="o", jobs=1, json=True, omniscient=None)
    out = io.StringIO()
    assert arena.run(args, out, io.StringIO()) == 0
    data = json.loads(out.getvalue())
    assert data["deals"] == 2 and [b["bot"] for b in data["bots"]][1] == "hard:iterations=20:joint=40"
    assert arena.parse_bot("hard:iterations=400:policy=random") == ("hard", {"iterations": 400, "policy": "random"})
    assert arena.parse_bot("a/b.py:Bot:x=1.5") == ("a/b.py:Bot", {"x": 1.5})


def test_omniscient_hook_is_used_by_the_arena_only():
    import pathlib

    from engine import arena
    args = argparse.Namespace(bots="hard:iterations=30,easy,easy", deals=1, seed="w", jobs=1, json=True, omniscient=0)
    out = io.StringIO()
    assert arena.run(args, out, io.StringIO()) == 0
    assert "omniscient" in json.loads(out.getvalue())["bots"][0]["bot"]
    root = pathlib.Path(arena.__file__).parent
    users = sorted(str(p.relative_to(root)) for p in root.rglob("*.py") if ".reveal(" in p.read_text())
    assert users == ["arena.py"]


def test_reveal_applies_to_one_decision():
    """A revealed deal is used for the next decision only; after it the bot is an ordinary bot again."""
    s = _random_state(21, 4)
    obs = observe(s, s.to_play)
    seat = s.to_play
    told = make_bot("hard", 2, iterations=60)
    told.reveal({x: s.hands[x] for x in range(3) if x != seat})
    told.choose(obs)
    assert told.last_stats["worlds"] >= 1
    plain = make_bot("hard", 2, iterations=60)
    assert told.choose(obs) == plain.choose(obs)
    assert told.last_stats == {**plain.last_stats, "ms": told.last_stats["ms"]}


def test_endgame_table_agrees_with_plain_max_n():
    for k in range(6):
        s = _random_state(40 + k, 27)
        seat = s.to_play
        cands = list(iter_cards(s.legal_mask()))
        res = solve_root(s, seat, cands)
        for c, (d, _, _) in zip(cands, res, strict=True):
            st = s.copy()
            st.push(c)
            assert solve_root(st, seat, None)[0][0] == d
        assert max(r[0] for r in res) == solve_root(s, seat, None)[0][0]


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("adapt", [False, True])
def test_policy_playout_plays_legal_cards(rules, adapt):
    from engine.bots.playout import draw_plans, policy_playout
    rng = random.Random(9)
    for k in range(150):
        s = _random_state(k, rng.randrange(0, 35), rules)
        st = s.copy()
        points = [k % 50, 30, 20]
        policy_playout(st, rng.random, draw_plans(points, rng.random), 0.2, points if adapt else None)
        check = s.copy()
        for c in st.plays[len(s.plays):]:
            assert check.legal_mask() >> c & 1
            check.push(c)
        assert check.is_complete and check.tricks_won == st.tricks_won and check.captured == st.captured


def test_play_out_policy_knows_the_first_off_suit_card_takes_the_trick():
    """Rules R3: before trump, a follower void in the led suit fixes trump with its card and takes the trick so far.
    A low plan then plays its cheapest such card, a high plan its most valuable (before the fix both read the card
    as losing and did the opposite)."""
    from engine.bots.playout import _POINTS, plan_choice
    from engine.cards import RANK_OF, parse_card
    led_seven = parse_card("S7")
    legal = (1 << parse_card("H6")) | (1 << parse_card("HA"))
    args = (legal, 1, 0, RANK_OF[led_seven], -1, _POINTS[0])   # ♠7 led, no trump yet
    assert plan_choice(*args, False) == 1 << parse_card("H6")
    assert plan_choice(*args, True) == 1 << parse_card("HA")


def test_the_hint_never_names_a_better_runner_up():
    """The reason's 'next best' is among the cards the search kept to the end (a card dropped early by halving has a
    mean over fewer samples and once showed higher than the card played)."""
    for k in range(12):
        s = _random_state(100 + k, 2 * k)
        _, _, why = hint(observe(s, s.to_play), iterations=120)
        if why["code"] != "only_choice":
            assert why["params"]["mean"] >= why["params"]["next_best"], why


def _record(seed: int) -> dict:
    from engine.cards import codes_of
    d = deal(seed, 0, 0)
    s = HandState(d, 0)
    bots = [make_bot("easy", 1), make_bot("normal", 2), make_bot("random", 3)]
    while not s.is_complete:
        s.push(bots[s.to_play].choose(observe(s, s.to_play)))
    return {"dealer": 0, "hands": [codes_of(h) for h in d], "plays": [CODES[c] for c in s.plays]}


def test_coach_reports_every_real_choice_deterministically():
    from engine.bots.coach import coach_hand, render_text
    rec = _record(12)
    report = coach_hand(rec, 1, iterations=40)
    assert report == coach_hand(rec, 1, iterations=40)
    plays = rec["plays"]
    for d in report["decisions"]:
        assert plays[d["play_index"]] == d["card"]
        assert d["best"] in d["options"] and d["best_expected"] == max(d["options"].values())
        assert d["loss"] == pytest.approx(d["best_expected"] - d["expected"], abs=2e-3)
        assert (d["reason"]["code"] == "best") == (d["mark"] is None)
        assert d["reason"]["code"] in ("best", "outcome_risk", "outcome_missed", "worse_on_average")
    assert report["biggest"] == [d["play_index"] for d in sorted(
        (d for d in report["decisions"] if d["mark"]), key=lambda d: -d["loss"])][:3]
    text = render_text(report)
    assert text.startswith("Coach for seat 1") and text.count("\ntrick") == len(report["decisions"])


def test_coach_cli(tmp_path):
    from engine.cli import main
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(_record(13)))
    assert main(["coach", str(path), "--seat", "2", "--iterations", "30", "--json"]) == 0
    bad = tmp_path / "bad.json"
    bad.write_text('{"dealer": 0}')
    from engine.bots.coach import run
    err = io.StringIO()
    args = argparse.Namespace(file=str(bad), seat=0, iterations=30, json=False)
    assert run(args, out=io.StringIO(), err=err) == 2 and "hands" in err.getvalue()


def _family_record(game: str, seed: int) -> dict:
    from engine.game import hand_record
    from engine.games import game_spec
    spec = game_spec(game)
    dealer = seed % spec.seats
    s = HandState(deal(seed, 0, dealer, spec.seats), dealer, spec.default_rules, spec)
    bots = [make_bot(level, seed + i) for i, level in enumerate(("normal", "easy", "random", "normal"))]
    while not s.is_complete:
        s.push(bots[s.to_play].choose(observe(s, s.to_play)))
    return dict(hand_record(s))


#: What each outcome class is worth to the seat, by the rule books (docs/rules-molotow.md §5: strokes minus zeros;
#: docs/rules-plusminus.md §5: strokes only).
CLASS_VALUE = {
    "molotow": {"all_points": 3, "hundred": -3, "other_all": -1, "other_hundred": 1, "lowest": 1, "highest": 1,
                "middle": -1, "tie": 0, "annulled": 0},
    "plusminus": {"lowest": 1, "highest": 1, "passed": 1, "hundred": 0, "middle": 0, "tie": 0, "annulled": 0},
}


def _outcome_value(game: str, k: str) -> float:
    return CLASS_VALUE[game][k]


def test_the_coach_weighs_molotows_outcomes_by_their_strokes_and_zeros():
    from engine.bots.coach import OUTCOMES
    bad, good = OUTCOMES["molotow"]
    assert {**{k: -w for k, w in bad.items()}, **good} == {k: v for k, v in CLASS_VALUE["molotow"].items() if v}
    bad, good = OUTCOMES["plusminus"]
    assert set(good) == {k for k, v in CLASS_VALUE["plusminus"].items() if v} and set(bad) == {"middle", "hundred"}


@pytest.mark.parametrize("game", ["molotow", "plusminus"])
def test_coach_checks_every_seat_of_a_family_hand_in_its_own_outcomes(game):
    from engine.bots.coach import _OUTCOME_TEXT, OUTCOMES, coach_hand, render_text
    from engine.record import RecordError
    rec = _family_record(game, 21)
    bad, good = OUTCOMES[game]
    found = 0
    for seat in range(4):
        report = coach_hand(rec, seat, iterations=60)
        assert report == coach_hand(rec, seat, iterations=60)   # deterministic
        found += len(report["decisions"])
        for d in report["decisions"]:
            assert rec["plays"][d["play_index"]] == d["card"] and 1 <= d["trick"] <= 9
            assert d["best"] in d["options"] and d["best_expected"] == max(d["options"].values())
            assert d["loss"] == pytest.approx(d["best_expected"] - d["expected"], abs=2e-3)
            # the game's own settlement: Molotow -3..+3 strokes minus zeros, Plus-Minus 0..1 stroke (no standings)
            assert all((-3 <= v <= 3) if game == "molotow" else (0 <= v <= 1) for v in d["options"].values())
            r = d["reason"]
            assert (r["code"] == "best") == (d["mark"] is None)
            if r["code"] == "outcome_risk":
                assert r["params"]["outcome"] in bad and r["params"]["played_pct"] >= r["params"]["best_pct"]
            elif r["code"] == "outcome_missed":
                assert r["params"]["outcome"] in good and r["params"]["best_pct"] >= r["params"]["played_pct"]
            else:
                assert r["code"] in ("best", "worse_on_average")
        assert render_text(report).startswith(f"Coach for seat {seat}")
    assert found >= 8, "four seats of 9 cards give the coach real choices to check"
    assert set(bad) | set(good) <= set(_OUTCOME_TEXT)
    with pytest.raises(RecordError, match="seat must be 0, 1, 2 or 3"):
        coach_hand(rec, 4, iterations=60)
    with pytest.raises(RecordError, match="seat must be 0, 1 or 2"):
        coach_hand(_record(12), 3, iterations=60)


@pytest.mark.parametrize("game", ["molotow", "plusminus"])
def test_family_evaluation_is_the_settlement_its_outcome_classes_add_up_to(game):
    """The coach's family measure: per card, the mean is the mean settlement of the seat (no standings in a record:
    Plus-Minus scores the seat's own strokes), and the outcome classes' chances weighted by what the coach's reason
    table says each is worth give exactly that mean."""
    from engine.bots.family import FAMILY_CLASSES, evaluate
    from engine.record import parse_record
    rec = _family_record(game, 8)
    state, plays = parse_record(rec)
    for c in plays[:5]:
        state.push(c)
    obs = observe(state, state.to_play)
    cards = list(iter_cards(legal_mask(obs.hand, obs.trick, obs.trump, obs.rules.undertrump_when_void)))
    means, classes = evaluate(obs, cards, 200, random.Random(1))
    assert (means, classes) == evaluate(obs, cards, 200, random.Random(1))
    for c in cards:
        assert set(classes[c]) == set(FAMILY_CLASSES[game]) and sum(classes[c].values()) == pytest.approx(1)
        assert means[c] == pytest.approx(sum(p * _outcome_value(game, k) for k, p in classes[c].items()))


@pytest.mark.parametrize("game,points,ties,expected", [
    ("molotow", (90, 9, 34, 24), "passed_over", ["highest", "lowest", "middle", "middle"]),
    ("molotow", (90, 30, 30, 7), "passed_over", ["highest", "tie", "tie", "lowest"]),
    ("molotow", (80, 47, 15, 15), "share", ["highest", "middle", "lowest", "lowest"]),
    ("molotow", (157, 0, 0, 0), "passed_over", ["all_points", "other_all", "other_all", "other_all"]),
    ("molotow", (104, 20, 20, 13), "passed_over", ["hundred", "other_hundred", "other_hundred", "other_hundred"]),
    ("plusminus", (90, 9, 34, 24), "passed_over", ["highest", "lowest", "middle", "middle"]),
    ("plusminus", (104, 20, 20, 13), "passed_over", ["hundred", "tie", "tie", "lowest"]),
    ("plusminus", (60, 60, 30, 7), "passed_over", ["tie", "tie", "middle", "lowest"]),
    ("plusminus", (60, 60, 30, 7), "next", ["tie", "tie", "passed", "lowest"]),
    ("plusminus", (80, 47, 15, 15), "next", ["highest", "passed", "tie", "tie"]),
])
def test_family_outcome_classes_follow_the_rule_books(game, points, ties, expected):
    """docs/rules-molotow.md §5 and docs/rules-plusminus.md §5: each seat's class, and what the coach's table says
    it is worth is the seat's settlement."""
    from engine.bots.family import family_class
    from engine.games import game_spec
    spec = game_spec(game)
    settled = spec.settle(points, (3, 2, 2, 2), spec.rules_from_json({"ties": ties}))
    assert [family_class(settled, points, s) for s in range(4)] == expected
    assert [_outcome_value(game, k) for k in expected] == list(settled.deltas)


def test_every_coach_outcome_has_words_in_the_page_catalog():
    from pathlib import Path

    from engine.bots.coach import OUTCOMES
    catalog = (Path(__file__).resolve().parent.parent / "web/js/i18n/locales/en.js").read_text(encoding="utf-8")
    for bad, good in OUTCOMES.values():
        for k in (*bad, *good):
            assert f'"outcome.{k}":' in catalog, k


# ------------------------------------------------------------------------------------------------ inference
def _bot_state(seed: int, n_plays: int) -> HandState:
    """A hand that the play-out policy's own plans would play: three `normal` bots."""
    bots = [make_bot("normal", s) for s in range(3)]
    dealer = seed % 3
    s = HandState(deal(seed, 0, dealer), dealer)
    while len(s.plays) < n_plays:
        s.push(bots[s.to_play].choose(observe(s, s.to_play)))
    return s


def test_play_likelihood_reads_the_plays():
    from engine.bots.inference import play_likelihood
    s = _random_state(5, 0)
    obs = observe(s, s.to_play)
    assert play_likelihood(obs, {a: s.hands[a] for a in other_seats(obs.seat)}, 0.4) == 1.0   # nothing played yet
    # over many positions the true deal explains the plays better than a uniform consistent deal does
    ranks = []
    for seed in range(40):
        s = _bot_state(seed, 9 + seed % 15)
        obs = observe(s, s.to_play)
        true = play_likelihood(obs, {a: s.hands[a] for a in other_seats(obs.seat)}, 0.4)
        assert 0.0 < true <= 1.0
        rng = random.Random(seed)
        setup = sampler_setup(obs)
        others = [play_likelihood(obs, sample_hidden(obs, rng, setup), 0.4) for _ in range(30)]
        ranks.append(sum(x < true for x in others) / len(others))
    assert sum(ranks) / len(ranks) > 0.55, ranks


def test_inference_is_deterministic_and_legal():
    s = _bot_state(3, 14)
    obs = observe(s, s.to_play)
    cards = {make_bot("hard", 1, iterations=60, infer=40).choose(obs) for _ in range(2)}
    assert len(cards) == 1 and cards <= set(iter_cards(legal_mask(obs.hand, obs.trick, obs.trump)))


def test_arena_plays_games_of_the_length_asked():
    """``--game-length``: the bots see the hands left of a shorter game, the games are counted by that length, and
    every bot's share of the game wins comes with a 95% interval."""
    from engine import arena
    args = argparse.Namespace(bots="easy,normal,random", deals=7, seed="g", jobs=1, json=True, omniscient=None,
                              game_length=3)
    out = io.StringIO()
    assert arena.run(args, out, io.StringIO()) == 0
    data = json.loads(out.getvalue())
    assert data["game_length"] == 3
    assert data["bots"][0]["games"] == 6   # deals 0-2 and 3-5, each under three rotations (deal 6: an unfinished game)
    assert sum(b["game_wins"] for b in data["bots"]) == pytest.approx(6, abs=0.05)
    for b in data["bots"]:
        lo, hi = b["game_win_ci95"]
        assert 0 <= lo <= b["game_win_rate"] <= hi <= 1
    # a share near 100% keeps its interval inside [0, 1] (22.5 of 24 games once read 84.8–102.7%; Wilson: 76.9–98.5%)
    lo, hi = arena.wilson_interval(22.5 / 24, 24)
    assert 0.76 < lo < 0.78 and 0.98 < hi < 0.99
    assert arena.wilson_interval(0.0, 24)[0] == 0.0 and arena.wilson_interval(1.0, 24)[1] == 1.0
    args.game_length = 0
    err = io.StringIO()
    assert arena.run(args, io.StringIO(), err) == 2 and "--game-length" in err.getvalue()


def test_game_share_of_the_last_hand():
    from engine.bots.common import game_share
    assert game_share((1, 0, 0), (1, 1, -2), 0) == 1.0          # nets 2, 1, -2
    assert game_share((0, 1, 0), (1, 0, -1), 0) == 0.5          # nets 1, 1, -1: shared
    assert game_share((0, 3, 0), (1, 1, -2), 0) == 0.0
    assert game_share((0, 0, 0), (0, 0, 1), 2) == 1.0


def test_the_last_hand_weighs_the_game_only_in_a_games_last_hand():
    """``last_hand``: with hands left, the bot plays exactly as without it; in the last hand it changes some cards,
    and its reason still speaks of strokes (the mean shown is one of the candidates' stroke means)."""
    changed = 0
    for k in range(4):
        s = _random_state(300 + k, 6 + k)
        for scores in ((1, 0, -1), (-1, 2, -1), (0, 0, 0)):
            plain = make_bot("hard", "lh", iterations=100, joint=40)
            weighed = make_bot("hard", "lh", iterations=100, joint=40, last_hand=4.0)
            early = observe(s, s.to_play, scores, 3)
            assert plain.choose(early) == weighed.choose(early)
            last = observe(s, s.to_play, scores, 1)
            a, b = plain.choose(last), weighed.choose(last)
            changed += a != b
            if len(weighed.last_stats.get("means", {})) > 1:
                means = weighed.last_stats["means"]
                assert weighed.last_explanation["params"]["mean"] == pytest.approx(means[pretty(b)], abs=0.006)
                assert all(-2 <= v <= 2 for v in means.values())
    assert changed > 0


def test_adapting_play_out_plans():
    """A seat's play-out plan after a trick: a trickless seat late in the hand wants a trick, a high plan near the
    100 cliff turns low, a seat clearly ahead aims high."""
    from engine.bots.playout import GRAB, HIGH, LOW, adapt_plans
    modes = [LOW, HIGH, LOW]
    adapt_plans(modes, [10, 70, 0], [3, 5, 0], 4)
    assert modes == [LOW, LOW, GRAB]
    modes = [LOW, LOW, GRAB]
    adapt_plans(modes, [50, 20, 10], [4, 3, 1], 6)
    assert modes == [HIGH, LOW, LOW]


def test_a_grab_plan_takes_the_trick_as_cheaply_as_it_can():
    from engine.bots.playout import _POINTS, GRAB, plan_choice
    from engine.cards import RANK_OF, parse_card
    legal = sum(1 << parse_card(c) for c in ("SA", "SK", "S10", "S6"))
    args = (legal, 1, 0, RANK_OF[parse_card("SQ")], 2, _POINTS[3])   # ♠Q led, ♦ trump
    assert plan_choice(*args, GRAB) == 1 << parse_card("SK")      # beats the queen with the fewest points
    assert plan_choice(*args, False) == 1 << parse_card("S10")    # a low plan throws its most valuable loser


def test_the_rule_policy_plays_normals_rules():
    """The rule play-out policy (engine.bots.playout.rule_card, written on card masks) is normal's rules without the
    second look: as a bot it picks NormalBot.rule_choice's card at every decision of hands played by those rules."""
    from engine.bots.normal import NormalBot
    from engine.bots.playout import PolicyBot
    rules_bot, policy_bot = NormalBot(0, check=0), PolicyBot(0)
    decisions = 0
    for rules in RULE_SETS:
        for k in range(64, 76):   # deal 69 has a high plan's only winner a zero trump, last to the trick
            s = HandState(deal(5, k, k % 3), k % 3, rules)
            while not s.is_complete:
                o = observe(s, s.to_play)
                c = rules_bot.rule_choice(o)
                assert policy_bot.choose(o) == c, (rules, k, [pretty(x) for x in o.trick], pretty(c))
                s.push(c)
                decisions += 1
    assert decisions == 3 * 12 * 36


@pytest.mark.parametrize("rules", RULE_SETS)
def test_rule_playout_plays_legal_cards(rules):
    from engine.bots.playout import public_voids, rule_playout
    rng = random.Random(11)
    for k in range(100):
        s = _random_state(k, rng.randrange(0, 35), rules)
        st = s.copy()
        rule_playout(st, rng.random, [0.2, 0.0, 0.5], public_voids(observe(s, s.to_play)))
        check = s.copy()
        for c in st.plays[len(s.plays):]:
            assert check.legal_mask() >> c & 1
            check.push(c)
        assert check.is_complete and check.tricks_won == st.tricks_won and check.captured == st.captured
        assert (st.trump, st.trump_fixed_at, st.trump_fixed_by) == (check.trump, check.trump_fixed_at,
                                                                    check.trump_fixed_by)


def test_rule_playout_without_random_cards_plays_the_rules():
    """From the deal, a rule play-out without random cards plays the hand as normal's rules do (it keeps only the
    voids it sees, not every inference of the observation, so a few hands may part; most must not)."""
    from engine.bots.normal import NormalBot
    from engine.bots.playout import rule_playout
    bot = NormalBot(0, check=0)
    same = 0
    for k in range(30):
        s = HandState(deal(8, k, k % 3), k % 3)
        st = s.copy()
        rule_playout(st, random.Random(k).random, [0.0, 0.0, 0.0], [0, 0, 0])
        while not s.is_complete:
            s.push(bot.rule_choice(observe(s, s.to_play)))
        same += st.plays == s.plays
    assert same >= 27


def test_a_mixed_playout_plays_the_rules_for_the_rule_seats_only():
    """rule_playout with plans: the seats in rule_seats play the rules, the others their plans (no seat: exactly the
    plan play-out; every seat: exactly the rule play-out)."""
    from engine.bots.playout import policy_playout, public_voids, rule_playout
    plans = [True, False, False]
    for k in range(20):
        s = _random_state(k, k % 30)
        voids = public_voids(observe(s, s.to_play))
        runs = {}
        for name, seats in (("none", 0), ("all", 7), ("one", 1 << (k % 3))):
            st = s.copy()
            rule_playout(st, random.Random(k).random, [0.0] * 3, voids, plans, seats)
            runs[name] = st.plays
        plan_only, rules_only = s.copy(), s.copy()
        policy_playout(plan_only, random.Random(k).random, plans, 0.0)
        rule_playout(rules_only, random.Random(k).random, [0.0] * 3, voids)
        assert runs["none"] == plan_only.plays and runs["all"] == rules_only.plays
        check = s.copy()
        for c in runs["one"][len(s.plays):]:
            assert check.legal_mask() >> c & 1
            check.push(c)


@pytest.mark.parametrize(("policy", "own_eps"), [("rules", None), ("rules", 0.0), ("mixed", 0.0), ("others", None)])
def test_search_with_rule_playouts_is_legal_deterministic_and_blind(policy, own_eps):
    rng = random.Random(3)
    for k in range(8):
        s = _random_state(k, rng.randrange(0, 33), RULE_SETS[k % 3])
        seat = s.to_play
        other = _other_world(s, seat, rng)
        o1, o2 = observe(s, seat), observe(other, seat)
        picks = {make_bot("hard", "r", iterations=24, policy=policy, own_eps=own_eps, joint=0).choose(o)
                 for o in (o1, o2, o1)}
        assert len(picks) == 1 and s.legal_mask() >> picks.pop() & 1


# ------------------------------------------------------------------------------------------------ joint inference
def _played_by(players, seed: int, n_plays: int) -> HandState:
    """A hand of deal `seed` played by `players` (one per seat) until `n_plays` cards are down."""
    dealer = seed % 3
    s = HandState(deal(seed, 0, dealer), dealer)
    while len(s.plays) < n_plays:
        s.push(players[s.to_play].choose(observe(s, s.to_play)))
    return s


def test_the_joint_replay_sees_each_decision_as_its_player_saw_it():
    """With the true hands, the decisions of a player of normal's rules (the rule policy as a player, no random
    cards) are the cards the RULES type predicts: the replay rebuilds the trick, the points, the voids and the hand of
    every earlier decision (it reads voids only from cards not followed, as the rule play-out does, not from the Puur
    and undertrump inferences, so a few may part: at least 95% must not); a decision without a choice adds nothing."""
    from engine.bots.joint import RULES, RULES_EPS, decisions, type_likelihoods
    from engine.bots.playout import PolicyBot
    players = [PolicyBot(k, policy="rules") for k in range(3)]
    explained = total = 0
    for seed in range(12):
        s = _played_by(players, seed, 6 + 2 * seed)
        obs = observe(s, s.to_play)
        decs = decisions(obs)
        assert [(d.seat, d.bit.bit_length() - 1) for d in decs] == [(p, c) for p, c in obs.plays if p != obs.seat]
        ll = type_likelihoods(obs, decs, {a: s.hands[a] for a in other_seats(obs.seat)})
        for d in decs:
            one = type_likelihoods(obs, [d], {a: s.hands[a] for a in other_seats(obs.seat)})[d.seat]
            total += one[RULES] != 0.0
            n = legal_mask(s.hands[d.seat] | d.later, d.trick, d.trump).bit_count()
            explained += n > 1 and abs(one[RULES] - math.log(1 - RULES_EPS + RULES_EPS / n)) < 1e-12
            assert (n > 1) == (one[RULES] != 0.0)
        assert all(v <= 0.0 for row in ll.values() for v in row)
    assert total >= 60 and explained >= 0.95 * total, (explained, total)


def test_the_type_posterior_tells_a_rule_player_from_a_random_one():
    """Opponents who play normal's rules come out as RULES; opponents who play any legal card as OTHER; the pool
    keeps its effective sample size at the floor asked (tempering) for the worlds it gives."""
    from engine.bots.joint import OTHER, RULES, draw_world, joint_pool
    from engine.bots.playout import PolicyBot
    fields = {RULES: [PolicyBot(k, policy="rules") for k in range(3)], OTHER: [_bot("random", k) for k in range(3)]}
    for want, players in fields.items():
        tops = []
        for seed in range(6):
            s = _played_by(players, seed, 24)
            obs = observe(s, s.to_play)
            rng = random.Random(seed)
            pool = joint_pool(obs, rng, sampler_setup(obs), 120, 30)
            tops += [max(range(4), key=row.__getitem__) for row in pool.posterior.values()]
            hidden, types = draw_world(pool, rng)
            _, ess, beta = pool.weights(tuple(types.items()))
            assert ess >= 30 or beta == 0.0
            a, b = other_seats(obs.seat)
            assert hidden[a] | hidden[b] == obs.unseen and not hidden[a] & obs.excluded[a]
        assert tops.count(want) >= 10, (want, tops)


def test_flat_other_leaves_the_deals_alike_for_unexplained_players():
    """With ``flat_other`` an OTHER opponent's plays do not weigh the deals: both opponents OTHER, every deal of the
    pool weighs the same (its effective sample size is the pool's size); the type posterior is the same as without."""
    from engine.bots.joint import OTHER, joint_pool
    s = _played_by([_bot("random", k) for k in range(3)], 2, 24)
    obs = observe(s, s.to_play)
    a, b = other_seats(obs.seat)
    plans = joint_pool(obs, random.Random(1), sampler_setup(obs), 80, 1)
    flat = joint_pool(obs, random.Random(1), sampler_setup(obs), 80, 1, flat_other=True)
    assert flat.posterior == plans.posterior
    _, ess_plans, _ = plans.weights(((a, OTHER), (b, OTHER)))
    cum, ess_flat, beta = flat.weights(((a, OTHER), (b, OTHER)))
    assert ess_flat == pytest.approx(80) and beta == 1.0 and cum[-1] == pytest.approx(80)
    assert ess_plans < 80   # the soft plan likelihood does weigh them
    with pytest.raises(ValueError, match="joint_other"):
        make_bot("hard", 0, joint_other="searcher")


def test_joint_inference_is_deterministic_legal_and_blind():
    """hard with joint inference: the same position gives the same card, whatever the hidden hands are; told the
    true hands (the arena's omniscient control: a pool of that one deal) it still plays a legal card; joint inference
    with another play-out policy is refused."""
    rng = random.Random(4)
    for k in range(6):
        s = _bot_state(k, 4 + 5 * k)
        seat = s.to_play
        other = _other_world(s, seat, rng)
        o1, o2 = observe(s, seat), observe(other, seat)
        picks = {make_bot("hard", "j", iterations=30, joint=40).choose(o) for o in (o1, o2, o1)}
        assert len(picks) == 1 and s.legal_mask() >> picks.pop() & 1
    told = make_bot("hard", "j", iterations=30, joint=40)
    s = _bot_state(2, 20)
    told.reveal({a: s.hands[a] for a in other_seats(s.to_play)})
    assert s.legal_mask() >> told.choose(observe(s, s.to_play)) & 1
    with pytest.raises(ValueError, match="policy=smart"):
        make_bot("hard", 0, joint=40, policy="rules")
