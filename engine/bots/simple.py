"""The two simple levels: ``random`` (uniform among the legal cards) and ``easy`` (greedy: duck every trick it can,
as cheaply as it can).

``easy`` looks at the current trick only: lose it with the least valuable card if possible, otherwise win
it with the cheapest winner, and lead its lowest card.  It knows nothing of the cliffs.
"""

from __future__ import annotations

from ..cards import RANK_OF, SUIT_MASKS, SUIT_OF, card_points
from ..observation import Observation
from ..rules import card_power
from .common import decision_rng, legal_cards


class RandomBot:
    """Uniform among the legal cards."""

    level = "random"

    def __init__(self, seed: int | str = 0):
        self.seed = seed
        self.last_reason = ""

    def choose(self, obs: Observation) -> int:
        return decision_rng(self.level, self.seed, obs).choice(legal_cards(obs))


class EasyBot:
    """Greedy ducker: avoid taking points in the current trick."""

    level = "easy"

    def __init__(self, seed: int | str = 0):
        self.seed = seed
        self.last_reason = ""

    def choose(self, obs: Observation) -> int:
        cards = legal_cards(obs)
        rand = decision_rng(self.level, self.seed, obs).random
        trump = obs.trump if obs.trump >= 0 else None

        def value(c: int) -> int:
            return card_points(c, trump)

        if not obs.trick:
            c = min(cards, key=lambda c: (value(c), RANK_OF[c], rand()))
            self.last_reason = "Lead a low card."
            return c
        led = SUIT_OF[obs.trick[0]]
        best = max(card_power(x, led, obs.trump) for x in obs.trick)
        winners = [c for c in cards if card_power(c, led, obs.trump) > best]
        losers = [c for c in cards if card_power(c, led, obs.trump) <= best]
        if losers:
            if obs.hand & SUIT_MASKS[led]:
                c = min(losers, key=lambda c: (value(c), RANK_OF[c], rand()))
                self.last_reason = "Duck the trick with the cheapest card."
            else:
                c = max(losers, key=lambda c: (value(c), RANK_OF[c], rand()))
                self.last_reason = "Void: duck the trick and throw your most valuable card."
            return c
        c = min(winners, key=lambda c: (value(c), card_power(c, led, obs.trump)))
        self.last_reason = "Forced to win: win as cheaply as possible."
        return c
