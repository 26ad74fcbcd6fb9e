"""What joint inference reads from a field of opponents: the type posterior by trick, and how well each type explains
the opponents' plays when their true hands are known.

    python scripts/joint_types.py --opponents normal --deals 20
    python scripts/joint_types.py --opponents tools/frozen_bots.py:Hard --deals 8

Seat 0 is a `normal` bot; seats 1 and 2 play the given bot (an arena bot spec). At seat 0's decisions after 2, 5 and 8
tricks it builds the joint pool (`engine.bots.joint.joint_pool`, 300 deals, ESS floor 50) and prints the mean
posterior of the two opponents' types, the pool's effective sample size and the tempering used for five drawn
worlds, and how each type's likelihood weighs the true deal against the pool's deals: log(w(true) / mean w(pool)),
summed over the two opponents (above 0: the type's reading of their plays points towards the truth; below 0: away
from it). With the true hands, each opponent decision with a choice counts as explained by a type when that type's card
is the card played.
"""

from __future__ import annotations

import argparse
import collections
import math
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.arena import build_bot, parse_bot  # noqa: E402
from engine.bots.common import sampler_setup  # noqa: E402
from engine.bots.joint import (  # noqa: E402
    HIGH,
    LOW,
    RULES,
    TYPE_NAMES,
    TYPES,
    decisions,
    draw_world,
    joint_pool,
    type_likelihoods,
)
from engine.deal import deal  # noqa: E402
from engine.observation import observe  # noqa: E402
from engine.state import HandState  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--opponents", default="normal", help="the bot at seats 1 and 2 (an arena bot spec)")
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", default="dg")
    ap.add_argument("--pool", type=int, default=300)
    args = ap.parse_args()
    bots = [build_bot(parse_bot("normal"), "s0"), build_bot(parse_bot(args.opponents), "s1"),
            build_bot(parse_bot(args.opponents), "s2")]
    explained: collections.Counter[str] = collections.Counter()
    choices = 0
    posterior: dict[int, list[list[float]]] = collections.defaultdict(list)
    ess: list[float] = []
    betas: collections.Counter[float] = collections.Counter()
    truth_vs_pool: dict[int, list[float]] = collections.defaultdict(list)
    for k in range(args.deals):
        dealer = k % 3
        st = HandState(deal(args.seed, k, dealer), dealer)
        while not st.is_complete:
            seat = st.to_play
            assert seat is not None
            obs = observe(st, seat)
            if seat == 0 and len(obs.tricks) in (2, 5, 8) and not obs.trick:
                pool = joint_pool(obs, random.Random(k), sampler_setup(obs), args.pool, 50)
                rng = random.Random(1)
                for _ in range(5):
                    _, types = draw_world(pool, rng)
                    _, e, beta = pool.weights(tuple(types.items()))
                    ess.append(e)
                    betas[beta] += 1
                posterior[len(obs.tricks)] += list(pool.posterior.values())
                truth_ll = type_likelihoods(obs, decisions(obs), {s: st.hands[s] for s in (1, 2)})
                for t in TYPES:
                    rows = [sum(ll[s][t] for s in ll) for ll in pool.lls]
                    top = max(rows)
                    mean = top + math.log(sum(math.exp(r - top) for r in rows) / len(rows))
                    truth_vs_pool[t].append(sum(v[t] for v in truth_ll.values()) - mean)
            st.push(bots[seat].choose(obs))
        obs = observe(st, 0)
        truth = {1: st.hands[1], 2: st.hands[2]}
        for d in decisions(obs):
            ll = type_likelihoods(obs, [d], truth)[d.seat]
            if ll[RULES] == 0.0:
                continue   # no choice
            choices += 1
            for t in (RULES, LOW, HIGH):
                if ll[t] > -0.5:   # the type's card: log(0.9 + 0.1/n) or log(0.75 + 0.25/n)
                    explained[TYPE_NAMES[t]] += 1
    print(f"opponents {args.opponents}, {args.deals} deals, seed {args.seed}")
    print(f"their decisions with a choice: {choices}; the type's card was the card played: "
          + ", ".join(f"{TYPE_NAMES[t]} {explained[TYPE_NAMES[t]] / max(1, choices):.1%}" for t in (RULES, LOW, HIGH)))
    if ess:
        print(f"pool ESS over the drawn worlds: median {statistics.median(ess):.0f}, min {min(ess):.0f}; "
              f"tempering used: {dict(sorted(betas.items(), reverse=True))}")
    if truth_vs_pool:
        print("the true deal's weight against the pool's, log(w(true) / mean w(pool)), mean (median) over "
              f"{len(truth_vs_pool[RULES])} positions: "
              + ", ".join(f"{TYPE_NAMES[t]} {statistics.mean(v):+.2f} ({statistics.median(v):+.2f})"
                          for t, v in sorted(truth_vs_pool.items())))
    for tricks, rows in sorted(posterior.items()):
        mean = [sum(r[t] for r in rows) / len(rows) for t in TYPES]
        print(f"after {tricks} tricks: " + ", ".join(f"{TYPE_NAMES[t]} {mean[t]:.2f}" for t in TYPES))


if __name__ == "__main__":
    main()
