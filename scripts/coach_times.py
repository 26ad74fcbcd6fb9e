"""How long the coach takes for one seat's hand in each game (CPython, CPU time of this process).

    python scripts/coach_times.py --games mittlere,molotow,plusminus --hands 3

Deal ``k`` of seed ``coach-times`` is dealt by seat ``k % seats`` and played out by ``normal`` and ``easy`` bots in
turn; then every seat of it is coached (``coach_hand``) at ``--iterations`` play-outs per decision (the coach's
default). Prints per game the mean and the largest CPU time of one seat's hand and the mean per decision checked.
"""

from __future__ import annotations

import argparse
import time

from engine.bots import make_bot
from engine.bots.coach import COACH_ITERATIONS, coach_hand
from engine.deal import deal
from engine.game import hand_record
from engine.games import game_spec
from engine.observation import observe
from engine.state import HandState


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="mittlere,molotow,plusminus")
    ap.add_argument("--hands", type=int, default=3)
    ap.add_argument("--iterations", type=int, default=COACH_ITERATIONS)
    args = ap.parse_args()
    for game in args.games.split(","):
        spec = game_spec(game)
        times: list[float] = []
        decisions = 0
        for k in range(args.hands):
            dealer = k % spec.seats
            s = HandState(deal("coach-times", k, dealer, spec.seats), dealer, spec.default_rules, spec)
            bots = [make_bot("normal" if seat % 2 == 0 else "easy", k * 10 + seat) for seat in range(spec.seats)]
            while not s.is_complete:
                s.push(bots[s.to_play].choose(observe(s, s.to_play)))
            rec = hand_record(s)
            for seat in range(spec.seats):
                start = time.process_time()
                decisions += len(coach_hand(rec, seat, args.iterations)["decisions"])
                times.append(time.process_time() - start)
        print(f"{game}: {len(times)} seats' hands at {args.iterations} play-outs, {decisions} decisions: "
              f"{sum(times) / len(times):.2f} s CPU per seat's hand (largest {max(times):.2f} s), "
              f"{sum(times) / max(1, decisions):.3f} s per decision")


if __name__ == "__main__":
    main()
