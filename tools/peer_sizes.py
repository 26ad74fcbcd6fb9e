"""Sizes of the messages between peers (docs/peer.md, "Figures"): a guest's card, the state each guest gets per
card played, and a rejoin's catch-up: the whole stream of the game in state messages of at most
``engine.web.GUEST_CHUNK`` events each (its total and its largest message, which must stay below a data channel's
256 KiB however long the game).  Plays a game with two friends' seats through the worker's
session, each seat its first legal card.

    python3 tools/peer_sizes.py [--seed 5] [--hands 2]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import web  # noqa: E402  (after the path is set, for a run as a script)
from engine.cards import codes_of  # noqa: E402
from engine.peer import PEER_VERSION  # noqa: E402


def _bytes(message: dict) -> int:
    return len(json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))


def _state(answer: dict, seat: int) -> dict:
    return {"v": PEER_VERSION, "type": "state", "seq": 0, "seat": seat, "observation": answer["observation"],
            "events": answer["events"], "next": answer["next"], "more": answer["more"]}


def measure(seed: str, hands: int) -> dict[str, float]:
    session = web.Session()
    session.handle({"cmd": "new_game", "seed": seed, "hands": hands,
                    "seats": [{"kind": "me"}, {"kind": "remote"}, {"kind": "remote"}]})
    game = session.game
    assert game is not None
    since, seq = {1: 0, 2: 0}, {1: 0, 2: 0}
    cards, states = [], []
    while game.phase != "game-over":
        if game.phase == "hand-over":
            session.handle({"cmd": "next_hand"})
            continue
        seat, card = game.state.to_play, codes_of(game.state.legal_mask())[0]
        if seat in seq:
            seq[seat] += 1
            message = {"v": PEER_VERSION, "type": "card", "seq": seq[seat], "card": card}
            cards.append(_bytes(message))
            assert session.handle({"cmd": "peer_check", "seat": seat, "message": json.dumps(message)})["ok"]
        session.handle({"cmd": "play", "seat": seat, "card": card})
        for n in since:
            answer = session.handle({"cmd": "guest", "seat": n, "since": since[n]})
            since[n] = answer["next"]
            states.append(_bytes(_state(answer, n)))
    rejoin, since_0 = [], 0
    while True:
        answer = session.handle({"cmd": "guest", "seat": 1, "since": since_0})
        rejoin.append(_bytes(_state(answer, 1)))
        since_0 = answer["next"]
        if not answer["more"]:
            break
    return {"card_min": min(cards), "card_max": max(cards), "state_median": statistics.median(states),
            "state_max": max(states), "rejoin_messages": len(rejoin), "rejoin_max": max(rejoin),
            "rejoin_total": sum(rejoin)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", default="5")
    ap.add_argument("--hands", type=int, default=2)
    args = ap.parse_args(argv)
    for key, value in measure(args.seed, args.hands).items():
        print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
