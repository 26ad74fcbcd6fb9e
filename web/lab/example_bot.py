"""An example Mittlere Jass bot: stay away from the middle.

A bot is a module with choose(obs) -> card and, optionally, new_hand(obs): here as methods of a class (the
arena builds one per seat and passes seed= when __init__ takes it). It plays every game of the family:
obs.game says which ("mittlere", "molotow" or "plusminus") and obs.seats how many seats it has (3 or 4).
Try it on your machine:

    pip install mittlere_jass-<version>-py3-none-any.whl
    python -m engine arena --bots example_bot.py:MyBot,normal,normal --deals 120 --seed 1
    python -m engine arena --game molotow --bots example_bot.py:MyBot,normal,normal,normal --deals 120 --seed 1
"""
import random

from engine.bots import legal_cards
from engine.cards import CODES, RANK_OF, card_points
from engine.rules import trick_winner_offset


class MyBot:
    def __init__(self, seed="0"):
        self.rng = random.Random(seed)
        self.aim = "low"

    def new_hand(self, obs):
        """Called once per hand before the first card: pick a side (low or high) from the hand's strength."""
        cards = 36 // obs.seats  # a hand: 12 cards in Mittlere (3 seats), 9 in Molotow and Plus-Minus (4 seats)
        high = sum(1 for c in range(36) if obs.hand >> c & 1 and RANK_OF[c] >= 6)  # queens, kings, aces
        self.aim = "high" if high * 12 >= 5 * cards else "low"

    def choose(self, obs):
        """Return the card to play: a code such as "SA" (the engine's card ints 0-35 work too)."""
        legal = legal_cards(obs)
        trump = obs.trump if obs.trump >= 0 else None
        if obs.game != "mittlere" and obs.card_points()[obs.seat] >= 80:
            self.aim = "low"  # Molotow: 100 or more costs three zeros; Plus-Minus: the most pays only under 100

        def value(c):
            return card_points(c, trump, obs.rules.eights), RANK_OF[c]

        def wins(c):
            trick = list(obs.trick) + [c]
            return trick_winner_offset(trick, obs.trump) == len(trick) - 1

        if self.aim == "low":  # duck: the dearest card that does not take the trick, else the cheapest card
            ducks = [c for c in legal if obs.trick and not wins(c)]
            card = max(ducks, key=value) if ducks else min(legal, key=value)
        else:  # take: the cheapest card that wins, else throw the cheapest
            winners = [c for c in legal if wins(c)]
            card = min(winners, key=value) if winners else min(legal, key=value)
        if len(legal) > 1 and self.rng.random() < 0.05:  # a little surprise now and then (seeded: repeatable)
            card = self.rng.choice(legal)
        return CODES[card]
