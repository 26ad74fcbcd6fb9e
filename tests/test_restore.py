"""engine.web's `restore`: a game rebuilt from its setup and the cards played equals the game that was played."""
from __future__ import annotations

import json
import random

from engine.web import ProtocolError, Session


def ask(session: Session, **req) -> dict:
    """A request as the worker's handle() answers it (a refusal is ok: false with a code)."""
    try:
        return json.loads(json.dumps(session.handle(req)))
    except ProtocolError as e:
        return {"ok": False, "error": {"code": e.code}}


def play_some(session: Session, rng: random.Random, cards: int) -> list[list[str]]:
    """Play `cards` cards (bots and a random human), dealing on; returns the journal (cards per dealt hand)."""
    journal: list[list[str]] = [[]]
    for _ in range(cards):
        v = session.view()
        if v["phase"] == "game-over":
            break
        if v["phase"] == "hand-over":
            ask(session, cmd="next_hand")
            journal.append([])
            continue
        if v["to_play"] == 0:
            r = ask(session, cmd="play", card=rng.choice(v["legal"]))
        else:
            r = ask(session, cmd="bot_move")
        assert r["ok"]
        journal[-1] += [e["card"] for e in r["events"] if e["type"] == "card_played"]
    return journal


def position(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "history"}


def test_restore_rebuilds_the_same_position_mid_hand_and_across_hands():
    for seed, cards in (("r1", 7), ("r2", 40), ("r3", 80)):
        s = Session()
        setup = {"hands": 3, "bots": ["easy", "normal"], "seed": seed}
        ask(s, cmd="new_game", **setup)
        journal = play_some(s, random.Random(seed), cards)
        r = ask(Session(), cmd="restore", setup=setup, hands=journal)
        assert r["ok"], r
        assert position(r["view"]) == position(s.view())


def test_a_bad_journal_is_refused_and_changes_nothing():
    s = Session()
    ask(s, cmd="new_game", hands=3, bots=["easy", "easy"], seed="keep")
    before = s.view()
    for bad in ({"setup": {"hands": 3, "bots": ["easy", "easy"], "seed": "keep"}, "hands": [["XX"]]},
                {"setup": {"hands": 3, "bots": ["easy", "easy"], "seed": "keep"}, "hands": [[], []]},
                {"setup": {"hands": 3, "bots": ["easy", "easy"], "seed": "keep"}, "hands": [["SA"] * 40]},
                {"setup": "x", "hands": [[]]},
                {"setup": {"hands": 3, "bots": ["easy", "easy"], "seed": "keep"}, "hands": []},
                {"setup": {"hands": "many", "bots": ["easy", "easy"]}, "hands": [[]]}):
        r = ask(s, cmd="restore", **bad)
        assert r["ok"] is False and r["error"]["code"] in ("bad_journal", "bad_hands", "bad_card"), r
        assert s.view() == before
