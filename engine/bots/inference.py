"""Reading the opponents: how likely their plays so far are in a sampled deal of the unseen cards.

The search samples the two unseen hands uniformly among the deals the rules allow (known voids, the Puur rule,
undertrumping).  With inference on, a deal is also weighed by how likely the opponents' plays of this hand are
if they had held those cards and played like the play-out policy (:mod:`.playout`): each opponent follows one
of its two plans for the whole hand (``high`` with probability :data:`HIGH_PRIOR`), and with probability ``eps``
plays any legal card instead.  :func:`weighted_pool` draws uniform deals once per decision and weighs them; the
search then takes its worlds from that pool in proportion to the weights (sampling-importance-resampling), so it
plays on deals where the opponents' cards explain their play.  Off by default: it helps against opponents who play
like the policy and hurts against others (docs/bots-log.md, "Opponent inference").
"""

from __future__ import annotations

import random

from ..cards import SUIT_OF
from ..observation import Observation
from ..rules import card_power, legal_mask
from .common import Setup, sample_hidden
from .playout import _POINTS, plan_choice

#: Chance of the ``high`` plan for an opponent before anything is seen (the play-out's usual draw).
HIGH_PRIOR = 0.3


def play_likelihood(obs: Observation, hidden: dict[int, int], eps: float) -> float:
    """The likelihood of the other seats' plays of this hand if they held ``hidden`` (their unplayed cards)."""
    hands = dict(hidden)
    for seat, c in obs.plays:        # back to the hands as dealt
        if seat in hands:
            hands[seat] |= 1 << c
    like = {s: [1.0, 1.0] for s in hidden}   # per seat: [low plan, high plan]
    trump = -1
    utw = obs.rules.undertrump_when_void
    trick: list[int] = []
    led, wkey = -1, -1
    seats = obs.seats
    for i, (seat, c) in enumerate(obs.plays):
        if seat in hands:
            hand = hands[seat]
            legal = legal_mask(hand, trick, trump, utw)
            n = legal.bit_count()
            if n > 1:
                points = _POINTS[trump + 1]
                floor = eps / n
                for plan in (0, 1):
                    pick = plan_choice(legal, len(trick), led, wkey, trump, points, plan == 1)
                    like[seat][plan] *= floor + (1.0 - eps if pick == 1 << c else 0.0)
            hands[seat] = hand ^ (1 << c)
        s = SUIT_OF[c]
        if not trick:
            led = s
            wkey = card_power(c, led, trump)
        else:
            if i == obs.trump_fixed_at:
                trump = obs.trump
            wkey = max(wkey, card_power(c, led, trump))
        trick.append(c)
        if len(trick) == seats:
            trick, led, wkey = [], -1, -1
    out = 1.0
    for low, high in like.values():
        out *= (1.0 - HIGH_PRIOR) * low + HIGH_PRIOR * high
    return out


def weighted_pool(obs: Observation, rng: random.Random, setup: Setup, eps: float,
                  size: int) -> tuple[list[dict[int, int]], list[float]]:
    """``size`` uniform deals of the unseen cards and their cumulative likelihoods (for ``rng.choices``)."""
    deals = [sample_hidden(obs, rng, setup) for _ in range(size)]
    cum: list[float] = []
    total = 0.0
    for d in deals:
        total += play_likelihood(obs, d, eps)
        cum.append(total)
    if total <= 0.0:   # pragma: no cover - every factor is at least eps / 9
        cum = [float(i + 1) for i in range(size)]
    return deals, cum
