"""``python -m engine bench``: speed figures for the engine (single process)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TextIO

from .deal import deal
from .games import MITTLERE
from .rules import legal_mask
from .state import HandState, random_playout

#: The bench plays Mittlere deals.
SEATS = MITTLERE.seats


def _rounds(seconds: float, work: Callable[[int], int]) -> tuple[float, float, int]:
    """Run ``work(n)`` (returns items done) in 5 timed rounds: (best rate, median rate, items).

    As timeit advises, the best round is the figure least disturbed by other load on the machine;
    the median is printed beside it.
    """
    rates, total = [], 0
    for _ in range(5):
        start = time.perf_counter()
        end = start + seconds / 5
        n = 0
        while time.perf_counter() < end:
            n += work(n)
        rates.append(n / (time.perf_counter() - start))
        total += n
    rates.sort()
    return rates[-1], rates[2], total


def _hands_per_second(seconds: float, seed: int) -> tuple[float, float, int]:
    rand = random.Random(seed).random
    deals = [deal(seed, k, k % SEATS) for k in range(256)]

    def work(n: int) -> int:
        for k in range(64):
            random_playout(HandState(deals[(n + k) & 255], (n + k) % SEATS), rand)
        return 64

    return _rounds(seconds, work)


def _playouts_per_second(seconds: float, seed: int, policy: str) -> tuple[float, float, int]:
    """Whole-hand play-outs (a copy of the dealt hand, then the play-out) by the search's policies: ``plans`` (the
    plan play-out, 25% random cards) or ``rules`` (normal's rules on masks, no random cards)."""
    from .bots.playout import draw_plans, policy_playout, rule_playout
    rand = random.Random(seed).random
    states = [HandState(deal(seed, k, k % SEATS), k % SEATS) for k in range(256)]
    no_eps, no_voids = [0.0] * SEATS, [0] * SEATS

    def work(n: int) -> int:
        for k in range(64):
            st = states[(n + k) & 255].copy()
            if policy == "plans":
                policy_playout(st, rand, draw_plans([0] * SEATS, rand), 0.25)
            else:
                rule_playout(st, rand, no_eps, no_voids)
        return 64

    return _rounds(seconds, work)


def _legal_generations_per_second(seconds: float, seed: int) -> tuple[float, float, int]:
    """Legal-move generations over positions recorded from random hands."""
    rng = random.Random(seed)
    positions = []
    for k in range(64):
        st = HandState(deal(seed, 1000 + k, k % SEATS), k % SEATS)
        while not st.is_complete:
            seat = st.to_play
            assert seat is not None
            positions.append((st.hands[seat], tuple(st.trick), st.trump))
            legal = st.legal_mask()
            cards = [c for c in range(36) if legal >> c & 1]
            st.push(rng.choice(cards))

    def work(n: int) -> int:
        for hand, trick, trump in positions:
            legal_mask(hand, trick, trump)
        return len(positions)

    return _rounds(seconds, work)


def run_bench(seconds: float, seed: int, out: TextIO) -> None:
    import platform
    out.write(f"engine bench: {platform.python_implementation()} {platform.python_version()}, single process\n")
    best, median, n = _hands_per_second(seconds, seed)
    out.write(f"random full hands:       {best:12,.0f} hands/s best of 5 rounds, {median:,.0f} median "
              f"({n} hands; {best * 36:,.0f} plays/s)\n")
    for policy in ("plans", "rules"):
        best, median, n = _playouts_per_second(seconds, seed, policy)
        label = f"play-outs ({policy}):"
        out.write(f"{label:<25}{best:12,.0f} per s best of 5 rounds, {median:,.0f} median ({n} play-outs)\n")
    best, median, m = _legal_generations_per_second(seconds, seed)
    out.write(f"legal-move generations:  {best:12,.0f} per s best of 5 rounds, {median:,.0f} median "
              f"({m} generations)\n")
