"""The bot API adapter (engine/botapi.py) and the lab's Python side (engine/lab.py)."""

from __future__ import annotations

import json
import subprocess
import sys
import types
from pathlib import Path

import pytest

from engine import lab
from engine.botapi import BotError, OutsideBot, bot_from_module, to_card
from engine.bots import LEVELS, legal_cards
from engine.cards import CODES
from engine.deal import deal
from engine.games import game_spec
from engine.observation import observe
from engine.obsjson import observation_from_json, observation_to_json
from engine.rules import DEFAULT_RULES
from engine.state import HandState

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "web" / "lab" / "example_bot.py"


def _obs(after: int = 2):  # seat to play after `after` cards of the first trick
    st = HandState(deal("7", 0, 0), 0, DEFAULT_RULES)
    for _ in range(after):
        st.push(min(c for c in range(36) if st.legal_mask() >> c & 1))
    seat = st.to_play
    assert seat is not None
    return observe(st, seat)


def test_card_codes_and_ints_are_accepted():
    obs = _obs()
    c = legal_cards(obs)[0]
    assert to_card(CODES[c], obs) == c
    assert to_card(c, obs) == c


@pytest.mark.parametrize("value, code, words", [
    (None, "type", "of type NoneType"), (1.0, "type", "of type float"), (True, "type", "of type bool"),
    (["SA"], "type", "of type list"), ("XX", "unknown_card", "which is no card"),
    ("sa", "unknown_card", "which is no card"), (36, "unknown_card", "card ints are 0-35"),
    (-1, "unknown_card", "card ints are 0-35"),
])
def test_wrong_answers_are_refused_with_a_reason(value, code, words):
    obs = _obs()
    with pytest.raises(BotError) as e:
        to_card(value, obs)
    assert e.value.code == code and words in e.value.detail
    assert e.value.position is not None and e.value.position["seat"] == obs.seat
    assert e.value.position["legal"] == [CODES[c] for c in legal_cards(obs)]


def test_an_illegal_card_is_refused_with_the_position():
    obs = _obs()
    illegal = next(c for c in range(36) if obs.hand >> c & 1 and c not in legal_cards(obs))
    with pytest.raises(BotError) as e:
        to_card(CODES[illegal], obs)
    assert e.value.code == "illegal" and CODES[illegal] in e.value.detail
    assert e.value.position["trick"] == [CODES[c] for c in obs.trick]
    # the lab says the detail in the player's language and names the card by the pack on the table: the card's code
    # comes as a parameter, not only inside the English sentence
    assert e.value.to_json()["params"] == {"card": CODES[illegal]}


def test_module_functions_a_class_and_an_exception():
    mod = types.ModuleType("m")
    exec("def choose(obs):\n    return 'nope'\n", mod.__dict__)
    bot = bot_from_module(mod, None, "1")
    with pytest.raises(BotError, match="unknown_card"):
        bot.choose(_obs())
    mod2 = types.ModuleType("m2")
    exec("class B:\n    def __init__(self, seed):\n        self.seed = seed\n"
         "    def choose(self, obs):\n        raise KeyError('boom')\n", mod2.__dict__)
    bot2 = bot_from_module(mod2, None, "s1")
    assert bot2.inner.seed == "s1"
    with pytest.raises(BotError) as e:
        bot2.choose(_obs())
    assert e.value.code == "exception" and "KeyError: 'boom'" in e.value.detail and "botapi.py" not in e.value.detail
    assert e.value.params["what"] == "choose" and e.value.params["trace"].endswith("KeyError: 'boom'")
    with pytest.raises(BotError, match="no_choose"):
        bot_from_module(types.ModuleType("empty"), None, "1")


def test_a_time_limit_ends_a_slow_bot(monkeypatch):
    monkeypatch.setattr(OutsideBot, "time_limit", 0.0)
    mod = types.ModuleType("slow")
    exec("import time\ndef choose(obs):\n    time.sleep(0.01)\n    return obs.hand.bit_length() - 1\n", mod.__dict__)
    with pytest.raises(BotError, match="timeout"):
        bot_from_module(mod, None, "1").choose(_obs(0))


def test_observation_round_trips_through_json():
    obs = _obs(4)
    assert observation_from_json(json.loads(json.dumps(observation_to_json(obs)))) == obs


@pytest.mark.parametrize("game, seats", [("mittlere", 3), ("molotow", 4), ("plusminus", 4)])
def test_the_observation_names_its_game_and_seats(game, seats):
    """A player's bot reads obs.game and obs.seats, and the JSON the lab's worker gets carries both (issue 44)."""
    spec = game_spec(game)
    st = HandState(deal("7", 0, 0, seats), 0, spec.default_rules, spec)
    for _ in range(5):
        st.push(min(c for c in range(36) if st.legal_mask() >> c & 1))
    obs = observe(st, st.to_play, (1,) * seats, 4)
    assert (obs.game, obs.seats) == (game, seats)
    j = json.loads(json.dumps(observation_to_json(obs)))
    assert (j["game"], j["seats"]) == (game, seats) and len(j["counts"]) == seats
    assert observation_from_json(j) == obs
    with pytest.raises(ValueError):
        observation_from_json({**j, "seats": 7 - seats})   # seats that are not the game's
    with pytest.raises(ValueError):
        observation_from_json({**j, "game": "skat"})
    with pytest.raises(ValueError):
        observation_from_json({**j, "seat": seats})
    if seats == 4:   # per-seat lists of another game's length
        with pytest.raises(ValueError):
            observation_from_json({**j, "counts": j["counts"][:3]})


def test_an_older_observation_without_game_and_seats_is_mittleres():
    j = json.loads(json.dumps(observation_to_json(_obs(4))))
    del j["game"], j["seats"]
    assert observation_from_json(j) == _obs(4)


def test_pep723_dependencies():
    src = "# /// script\n# requires-python = \">=3.11\"\n# dependencies = [\"labdep==1.0\", \"b>2\"]\n# ///\nx = 1\n"
    assert lab.dependencies(src) == ["labdep==1.0", "b>2"]
    assert lab.dependencies("x = 1\n") == []
    with pytest.raises(ValueError):
        lab.dependencies("# /// script\n# dependencies = 3\n# ///\n")


def test_lab_load_reports_syntax_errors_and_missing_choose():
    with pytest.raises(BotError) as e:
        lab.load("def choose(obs)\n")
    assert e.value.code == "load" and "SyntaxError" in e.value.detail
    with pytest.raises(BotError, match="no_choose"):
        lab.load("x = 1\n")


def test_lab_arena_reports_progress_per_hand():
    """The lab's progress moves after every hand (not per block of twelve deals), and hearing it changes nothing."""
    lab.load(EXAMPLE.read_text())
    quiet, loud = lab.Lab(), lab.Lab()
    heard: list[int] = []
    start = json.loads(loud.arena_start_json(["easy", "random"], 14, "p"))
    assert start == {"ok": True, "total": 6, "hands": 42, "game": "mittlere", "seats": 3}   # 0-11, 12-13 x 3
    for _ in range(quiet.arena_start(["easy", "random"], 14, "p")):
        quiet.arena_step()
    for _ in range(start["total"]):
        json.loads(loud.arena_step_json(heard.append))
    assert heard == list(range(1, 43))

    def figures(box: lab.Lab) -> list[dict[str, object]]:   # all but the decision times
        return [{k: v for k, v in b.items() if "_ms_" not in k} for b in box.arena_result()["summary"]["bots"]]

    assert figures(loud) == figures(quiet)
    assert loud.arena_result()["mean"] == quiet.arena_result()["mean"]


def test_lab_ready_message_carries_the_engines_limits():
    """The lab worker's ready message: our levels and the engine's limits (the page keeps no copies of them)."""
    ready = json.loads(lab.ready_json())
    assert ready == {"levels": LEVELS, "games": {"mittlere": 3, "molotow": 4, "plusminus": 4},
                     "limits": {"call_ms": 2000, "max_deals": 3000}}
    assert ready["limits"] == {"call_ms": lab.TIME_LIMIT_S * 1000, "max_deals": lab.MAX_DEALS}


def test_lab_arena_refuses_more_deals_than_its_limit():
    lab.load(EXAMPLE.read_text())
    box = lab.Lab()
    for deals in (0, lab.MAX_DEALS + 1):
        answer = json.loads(box.arena_start_json(["easy", "random"], deals, "1"))
        assert answer["ok"] is False and answer["error"]["code"] == "bad_request"
        assert answer["error"]["detail"] == f"deals must be 1 to {lab.MAX_DEALS}"
    assert json.loads(box.arena_start_json(["easy", "random"], lab.MAX_DEALS, "1"))["ok"]


def test_lab_arena_equals_the_command_line_arena():
    """The lab runs the engine's own arena code: the same seed gives the same numbers as the CLI."""
    lab.load(EXAMPLE.read_text())
    box = lab.Lab()
    for _ in range(box.arena_start(["normal", "easy"], 12, "5")):
        box.arena_step()
    mine = box.arena_result()
    out = subprocess.run([sys.executable, "-m", "engine", "arena", "--bots", f"{EXAMPLE}:MyBot,normal,easy",
                          "--deals", "12", "--seed", "5", "--json"], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    cli = json.loads(out.stdout)
    assert mine["deals"] == cli["deals"] == 12
    assert mine["mean"] == cli["bots"][0]["strokes_per_hand"] and mine["ci95"] == cli["bots"][0]["ci95"]
    for a, b in zip(mine["summary"]["bots"], cli["bots"], strict=True):
        assert (a["strokes_per_hand"], a["game_wins"], a["card_points"]) == \
            (b["strokes_per_hand"], b["game_wins"], b["card_points"])


@pytest.mark.parametrize("game, opponents", [("molotow", ["normal", "easy", "random"]),
                                             ("plusminus", ["easy", "normal", "normal"])])
def test_lab_arena_of_a_four_seat_game_equals_the_command_line_arena(game, opponents):
    """The lab plays Molotow and Plus-Minus against three levels exactly as ``python -m engine arena --game G``: the
    same seed gives the same summary (decision times and the bots' names aside)."""
    lab.load(EXAMPLE.read_text())
    box = lab.Lab()
    start = json.loads(box.arena_start_json(opponents, 14, "5", game))
    assert start == {"ok": True, "total": 8, "hands": 56, "game": game, "seats": 4}   # 0-11, 12-13 x 4 rotations
    for _ in range(start["total"]):
        assert json.loads(box.arena_step_json())["ok"]
    mine = json.loads(box.arena_result_json())
    out = subprocess.run([sys.executable, "-m", "engine", "arena", "--game", game, "--bots",
                          ",".join([f"{EXAMPLE}:MyBot", *opponents]), "--deals", "14", "--seed", "5", "--json"],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    cli = json.loads(out.stdout)
    assert mine["deals"] == cli["deals"] == 14 and mine["summary"]["game"] == cli["game"] == game
    assert mine["mean"] == cli["bots"][0]["strokes_per_hand"] and mine["ci95"] == cli["bots"][0]["ci95"]

    def same(s: dict[str, object]) -> dict[str, object]:
        bots = [{k: v for k, v in b.items() if "_ms_" not in k and k not in ("bot", "level")} for b in s["bots"]]
        return {**{k: s[k] for k in ("seed", "game", "seats", "deals", "hands_played", "game_length",
                                     "first_minus_second")}, "bots": bots}

    assert same(mine["summary"]) == same(cli)
    assert [b["level"] for b in mine["summary"]["bots"]] == ["your bot", *opponents]


def test_lab_arena_takes_one_level_per_other_seat_of_its_game():
    lab.load(EXAMPLE.read_text())
    box = lab.Lab()
    for game, opponents in (("molotow", ["easy", "easy"]), ("mittlere", ["easy"] * 3), ("plusminus", ["easy", 3, "x"])):
        answer = json.loads(box.arena_start_json(opponents, 3, "1", game))
        assert answer["ok"] is False and answer["error"]["code"] == "bad_request", answer
    answer = json.loads(box.arena_start_json(["easy"] * 3, 3, "1", "skat"))
    assert answer["error"]["code"] == "bad_request" and "unknown game" in answer["error"]["detail"]
    # an older page's request names no game: Mittlere
    assert json.loads(box.arena_start_json(["easy", "easy"], 3, "1")) == \
        {"ok": True, "total": 3, "hands": 9, "game": "mittlere", "seats": 3}


@pytest.mark.parametrize("game", ["mittlere", "molotow", "plusminus"])
def test_lab_move_plays_a_whole_hand_of_each_game(game):
    """"Play a game against this bot": the lab answers every turn of a hand from the observation's JSON."""
    spec = game_spec(game)
    box = lab.Lab()
    lab.load(EXAMPLE.read_text())
    st = HandState(deal("9", 0, 1, spec.seats), 1, spec.default_rules, spec)
    while not st.is_complete:
        seat = st.to_play
        assert seat is not None
        answer = json.loads(box.move_json(json.dumps(observation_to_json(observe(st, seat, None, 3)))))
        assert answer["ok"], answer
        st.push(CODES.index(answer["card"]))
    assert len(st.tricks) == spec.tricks


def test_cli_arena_names_an_outside_bots_failure(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def choose(obs):\n    return 'XX'\n")
    out = subprocess.run([sys.executable, "-m", "engine", "arena", "--bots", f"{bad},easy,easy", "--deals", "3"],
                         cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 2
    assert "which is no card" in out.stderr and "position:" in out.stderr and "Traceback" not in out.stderr


def test_the_documented_example_is_the_labs_example():
    assert EXAMPLE.read_text() in (ROOT / "docs" / "bot-api.md").read_text()
