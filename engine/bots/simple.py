"""A simple greedy level (``easy``): take cheap tricks, dump points late, avoid obvious cliffs."""

from __future__ import annotations

import random

from ..cards import RANK_OF, SUIT_OF, TRUMP_STRENGTH, card_points
from ..observation import Observation
from . import legal_cards, register


def _power(c: int, led: int, trump: int) -> int:
    s = SUIT_OF[c]
    if s == trump:
        return 100 + TRUMP_STRENGTH[RANK_OF[c]]
    if s == led:
        return RANK_OF[c]
    return -1


class EasyBot:
    """Greedy: win a trick when it is cheap to do so, otherwise play the least valuable card."""

    level = "easy"

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(f"easy/{seed}")
        self.last_reason = ""

    def choose(self, obs: Observation) -> int:
        cards = legal_cards(obs)
        trump = obs.trump if obs.trump >= 0 else None
        value = lambda c: card_points(c, trump)  # noqa: E731
        if not obs.trick:
            c = min(cards, key=lambda c: (value(c), RANK_OF[c], self.rng.random()))
            self.last_reason = "Lead a low card."
            return c
        led = SUIT_OF[obs.trick[0]]
        best = max(_power(x, led, obs.trump) for x in obs.trick)
        winners = [c for c in cards if _power(c, led, obs.trump) > best]
        if winners:
            c = min(winners, key=lambda c: (_power(c, led, obs.trump), value(c)))
            self.last_reason = "Win the trick as cheaply as possible."
            return c
        c = min(cards, key=lambda c: (value(c), RANK_OF[c], self.rng.random()))
        self.last_reason = "Cannot win: throw the cheapest card."
        return c


register("easy", "Easy", EasyBot)
