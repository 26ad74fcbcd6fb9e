"""Reading the opponents: how likely their plays so far are in a sampled deal of the unseen cards.

The search samples the two unseen hands uniformly among the deals the rules allow (known voids, the Puur rule,
undertrumping).  With inference on, a deal is also weighed by how likely the opponents' plays of this hand are
if they had held those cards and played like the play-out policy (:mod:`.playout`): each opponent follows one
of its two plans for the whole hand (``high`` with probability :data:`HIGH_PRIOR`), and with probability ``eps``
plays any legal card instead.  :func:`weighted_pool` draws uniform deals once per decision and weighs them; the
search then takes its worlds from that pool in proportion to the weights (sampling-importance-resampling), so it
plays on deals where the opponents' cards explain their play.  Off by default: it helps against opponents who play
like the policy and hurts against others (docs/bots-log.md, "Opponent inference").

:func:`decisions` replays the hand's plays once per decision, each other seat's play with the public position it
was made in; the joint inference (:mod:`.joint`) reads the same replay.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ..cards import ALL_CARDS, SUIT_OF
from ..observation import Observation
from ..rules import card_power, legal_mask
from ..scoring import seat_points
from .common import Setup, sample_hidden
from .playout import _POINTS, plan_choice

#: Chance of the ``high`` plan for an opponent before anything is seen (the play-out's usual draw).
HIGH_PRIOR = 0.3


class Decision(NamedTuple):
    """An opponent's earlier decision, with everything but its hand (which the deal gives)."""

    seat: int
    bit: int            # the card it played (mask)
    later: int          # this card and the seat's later plays of the hand: its hand then = its unplayed cards | later
    trick: list[int]
    led: int
    wkey: int
    win: int
    trump: int
    remaining: int      # the cards not yet played before this play
    seat_pts: list[int]
    tricks_won: list[int]
    voids: list[int]
    done: int           # complete tricks before it


def decisions(obs: Observation) -> list[Decision]:
    """The other seats' plays of this hand so far, each with the public position it was made in."""
    seats = obs.seats
    out: list[Decision] = []
    later = [0] * seats
    for seat, c in obs.plays:
        later[seat] |= 1 << c
    trick: list[int] = []
    led, wkey, win = -1, -1, 0
    trump = -1
    remaining = ALL_CARDS
    captured = [0] * seats
    tricks_won = [0] * seats
    voids = [0] * seats
    seat_pts = [0] * seats
    done = 0
    eights = obs.rules.eights
    for i, (seat, c) in enumerate(obs.plays):
        if seat != obs.seat:
            out.append(Decision(seat, 1 << c, later[seat], list(trick), led, wkey, win, trump, remaining,
                                list(seat_pts), list(tricks_won), list(voids), done))
        later[seat] &= ~(1 << c)
        remaining &= ~(1 << c)
        s = SUIT_OF[c]
        if not trick:
            led, win = s, seat
            wkey = card_power(c, s, trump)
        else:
            if s != led:
                voids[seat] |= 1 << led
            if i == obs.trump_fixed_at:
                trump = obs.trump
            key = card_power(c, led, trump)
            if key > wkey:
                win, wkey = seat, key
        trick.append(c)
        if len(trick) == seats:
            for x in trick:
                captured[win] |= 1 << x
            tricks_won[win] += 1
            done += 1
            seat_pts = seat_points(captured, trump, None, eights)
            trick, led, wkey = [], -1, -1
    return out


def play_likelihood(obs: Observation, hidden: dict[int, int], eps: float) -> float:
    """The likelihood of the other seats' plays of this hand if they held ``hidden`` (their unplayed cards)."""
    like = {s: [1.0, 1.0] for s in hidden}   # per seat: [low plan, high plan]
    utw = obs.rules.undertrump_when_void
    for d in decisions(obs):
        legal = legal_mask(hidden[d.seat] | d.later, d.trick, d.trump, utw)
        n = legal.bit_count()
        if n > 1:
            points = _POINTS[d.trump + 1]
            floor = eps / n
            for plan in (0, 1):
                pick = plan_choice(legal, len(d.trick), d.led, d.wkey, d.trump, points, plan == 1)
                like[d.seat][plan] *= floor + (1.0 - eps if pick == d.bit else 0.0)
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
