"""Shared pieces of the bots: what a bot is, each decision's generator, the hidden-hand sampler, fast settlement of
one seat, card helpers.

Everything here works from an :class:`~engine.observation.Observation` only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..cards import (
    SUIT_OF,
    iter_cards,
    pretty,
)
from ..games import MITTLERE
from ..observation import Observation
from ..rules import card_power, legal_mask
from ..scoring import HUNDRED


class Bot(Protocol):
    level: str

    def choose(self, obs: Observation) -> int: ...


def legal_cards(obs: Observation) -> list[int]:
    """The cards the observing seat may play now (it must be its turn)."""
    m = legal_mask(obs.hand, obs.trick, obs.trump, obs.rules.undertrump_when_void)
    return list(iter_cards(m))


def second_look(bot: Any, obs: Observation, c: int, margin: float,
                means_of: Callable[[list[int]], dict[int, float]]) -> int:
    """``normal``'s second look before a costly mistake: the plan's card ``c``, unless ``means_of`` (expected strokes
    of each distinct legal card, the lowest of each group of equivalent cards standing for it) finds another better
    by more than ``margin``; then that card, and ``bot.last_reason`` says so."""
    from .search import choice_groups  # search builds on this module: imported late
    groups = choice_groups(obs, legal_mask(obs.hand, obs.trick, obs.trump, obs.rules.undertrump_when_void))
    reps = sorted(set(groups.values()))
    if len(reps) < 2:
        return c
    means = means_of(reps)
    best = max(reps, key=lambda x: (means[x], -x))
    if means[best] - means[groups[c]] > margin:
        bot.last_reason = f"{pretty(best)}: the plan's {pretty(c)} looks clearly worse on a second look."
        return best
    return c


def position_key(obs: Observation) -> str:
    """A text naming the position as this seat sees it: seat, hand, every play, the game score.

    Seeding a generator with ``f"{level}/{seed}/{position_key(obs)}"`` gives each decision its own
    randomness, independent of the decisions made before.
    """
    plays = ",".join(str(c) for _, c in obs.plays)
    return f"{obs.seat}/{obs.dealer}/{obs.hand}/{plays}/{obs.scores}/{obs.hands_left}"


def decision_rng(level: str, seed: int | str, obs: Observation) -> random.Random:
    """The generator of one decision (``random.Random`` seeded with a string is the same everywhere)."""
    return random.Random(f"{level}/{seed}/{position_key(obs)}")


class Inconsistent(ValueError):
    """The observation admits no hidden deal (cannot happen for observations made by ``observe``)."""


#: Tricks of a Mittlere hand: the bots' settlement helpers below are Mittlere's (docs/rules.md §6).
_TRICKS = MITTLERE.tricks


def other_seats(seat: int, seats: int = MITTLERE.seats) -> tuple[int, ...]:
    """The seats other than ``seat``, in playing order after it."""
    return tuple([(seat + i) % seats for i in range(1, seats)])


def sampler_setup(obs: Observation) -> tuple[int, int, int, int, list[int], int]:
    """The fixed part of sampling: ``(a, b, must_a, must_b, free_cards, k_a)``.

    The unseen cards go to the two other seats ``a`` and ``b``.  A card that ``b`` cannot hold (it is
    in ``excluded[b]``) must be ``a``'s and vice versa; each of the remaining ``free_cards`` may be
    either's.  ``a`` gets ``k_a`` of them.  With only two unknown hands the constraints decompose,
    so choosing ``k_a`` free cards uniformly samples *exactly* uniformly among all deals consistent
    with the observation (every known void, Puur and undertrump inference, and the card counts).
    """
    a, b = other_seats(obs.seat, obs.seats)  # Mittlere: two other seats
    unseen = obs.unseen
    must_a = unseen & obs.excluded[b]
    must_b = unseen & obs.excluded[a]
    if must_a & must_b:
        raise Inconsistent("a card neither other seat can hold")
    free = unseen & ~must_a & ~must_b
    k_a = obs.counts[a] - must_a.bit_count()
    k_b = obs.counts[b] - must_b.bit_count()
    if k_a < 0 or k_b < 0 or k_a + k_b != free.bit_count():
        raise Inconsistent("card counts do not fit the known voids")
    return a, b, must_a, must_b, list(iter_cards(free)), k_a


Setup = tuple[int, int, int, int, list[int], int]


def sample_hidden(obs: Observation, rng: random.Random, setup: Setup | None = None) -> dict[int, int]:
    """One deal of the unseen cards to the two other seats, uniform among the consistent ones."""
    a, b, must_a, must_b, free, k_a = setup or sampler_setup(obs)
    ha = must_a
    if k_a:
        for c in rng.sample(free, k_a):
            ha |= 1 << c
    hb = must_b
    for c in free:
        if not ha >> c & 1:
            hb |= 1 << c
    return {a: ha, b: hb}


def _three(d: list[int]) -> tuple[int, int, int]:
    """A seat-indexed list of three as a typed triple."""
    return d[0], d[1], d[2]


def deltas_of(pts: Sequence[int], tricks_won: Sequence[int]) -> tuple[int, int, int]:
    """The settlement deltas (docs/rules.md §6) of complete-hand card points and tricks; same as Mittlere's
    ``settle``."""
    for s in range(3):
        if tricks_won[s] == _TRICKS:
            d = [-1, -1, -1]
            d[s] = 2
            return _three(d)
    z = h = -1
    for s in range(3):
        if tricks_won[s] == 0:
            z = s
        if pts[s] >= HUNDRED:
            h = s
    if z >= 0 and h >= 0:
        d = [2, 2, 2]
        d[z] = d[h] = -1
        return _three(d)
    if z >= 0 or h >= 0:
        d = [1, 1, 1]
        d[z if z >= 0 else h] = -2
        return _three(d)
    p0, p1, p2 = pts
    if p0 == p1:
        return (0, 0, 1)
    if p0 == p2:
        return (0, 1, 0)
    if p1 == p2:
        return (1, 0, 0)
    d = [1, 1, 1]
    mid = sorted(range(3), key=pts.__getitem__)[1]
    d[mid] = -2
    return _three(d)


def game_share(scores: Sequence[int], deltas: Sequence[int], seat: int) -> float:
    """``seat``'s share of the game win when ``deltas`` settle the game's last hand on top of ``scores``: 1 for the
    sole highest net, 1/k when k seats share the highest, else 0 (docs/rules.md §6: ties share)."""
    nets = [scores[s] + deltas[s] for s in range(len(deltas))]
    top = max(nets)
    if nets[seat] != top:
        return 0.0
    return 1.0 / nets.count(top)


#: Outcome classes of one seat, for reasons and statistics.
CLASSES = ("match", "lowest", "highest", "middle", "hundred", "no_trick", "tie")


def seat_class(pts: Sequence[int], tricks_won: Sequence[int], seat: int) -> str:
    """The outcome class (:data:`CLASSES`) of ``seat`` in a complete hand."""
    if tricks_won[seat] == _TRICKS:
        return "match"
    if tricks_won[seat] == 0:
        return "no_trick"
    if pts[seat] >= HUNDRED:
        return "hundred"
    others = [pts[s] for s in range(len(pts)) if s != seat]
    if pts[seat] in others:
        return "tie"
    if pts[seat] < min(others):
        return "lowest"
    if pts[seat] > max(others):
        return "highest"
    return "middle"


def trick_power(trick: Sequence[int], trump: int) -> int:
    """The power of the card winning ``trick`` so far."""
    led = SUIT_OF[trick[0]]
    return max(card_power(c, led, trump) for c in trick)
