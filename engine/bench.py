"""``python -m engine bench``: speed figures for the engine (single process)."""

from __future__ import annotations

import random
import time
from typing import TextIO

from .deal import deal
from .rules import legal_mask
from .state import HandState, random_playout


def _hands_per_second(seconds: float, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    deals = [deal(seed, k, k % 3) for k in range(256)]
    n = 0
    start = time.perf_counter()
    end = start + seconds
    rand = rng.random
    while True:
        for k in range(64):
            hands = deals[(n + k) & 255]
            random_playout(HandState(hands, (n + k) % 3), rand)
        n += 64
        now = time.perf_counter()
        if now >= end:
            return n / (now - start), n


def _legal_generations_per_second(seconds: float, seed: int) -> tuple[float, int]:
    """Legal-move generations over positions recorded from random hands."""
    rng = random.Random(seed)
    positions = []
    for k in range(64):
        st = HandState(deal(seed, 1000 + k, k % 3), k % 3)
        while not st.is_complete:
            seat = st.to_play
            positions.append((st.hands[seat], tuple(st.trick), st.trump))
            legal = st.legal_mask()
            cards = [c for c in range(36) if legal >> c & 1]
            st.push(rng.choice(cards))
    n = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        for hand, trick, trump in positions:
            legal_mask(hand, trick, trump)
        n += len(positions)
        now = time.perf_counter()
        if now >= end:
            return n / (now - start), n


def run_bench(seconds: float, seed: int, out: TextIO) -> None:
    import platform
    out.write(f"engine bench: {platform.python_implementation()} {platform.python_version()}, single process\n")
    hps, n = _hands_per_second(seconds, seed)
    out.write(f"random full hands:       {hps:12,.0f} hands/s   ({n} hands, {hps * 36:,.0f} plays/s)\n")
    gps, m = _legal_generations_per_second(seconds, seed)
    out.write(f"legal-move generations:  {gps:12,.0f} per s     ({m} generations)\n")
