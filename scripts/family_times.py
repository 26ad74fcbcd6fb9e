"""Decision times of each level in Molotow or Plus-Minus (CPython, CPU time of this process).

    python scripts/family_times.py --game molotow --levels normal,hard,expert --hands 4

Seat 0 plays the level, seats 1-3 ``normal``; deal ``k`` of seed ``times`` is dealt by seat ``k % 4`` with made-up game
standings, so Plus-Minus' race weights are exercised. Prints the median and 95th percentile over seat 0's decisions
with at least two legal cards.
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine.bots import make_bot
from engine.deal import deal
from engine.games import game_spec
from engine.observation import observe
from engine.state import HandState


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="molotow", choices=["molotow", "plusminus"])
    ap.add_argument("--levels", default="random,easy,normal,hard,expert")
    ap.add_argument("--hands", type=int, default=4)
    args = ap.parse_args()
    spec = game_spec(args.game)
    for level in args.levels.split(","):
        ms: list[float] = []
        for k in range(args.hands):
            bots = [make_bot(level if s == 0 else "normal", s) for s in range(4)]
            st = HandState(deal("times", k, k % 4, 4), k % 4, spec.default_rules, spec)
            scores = (k % 7, 2 * k % 7, 3, 5)
            while not st.is_complete:
                seat = st.to_play
                assert seat is not None
                obs = observe(st, seat, scores, 5)
                legal = st.legal_mask()
                t = time.process_time()
                c = bots[seat].choose(obs)
                if seat == 0 and legal & (legal - 1):
                    ms.append((time.process_time() - t) * 1000)
                st.push(c)
        ms.sort()
        p95 = ms[max(0, -(-95 * len(ms) // 100) - 1)]
        print(f"{args.game} {level:>6}: median {statistics.median(ms):7.1f} ms, p95 {p95:7.1f} ms "
              f"({len(ms)} decisions)", flush=True)


if __name__ == "__main__":
    main()
