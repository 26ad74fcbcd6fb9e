"""Counting a hand and settling it in strokes (+1, ``|``) and zeros (-1, ``○``): docs/rules.md §5 and §6."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .cards import EIGHTS_TABLE, LAST_TRICK_BONUS, NUM_CARDS, PLAIN_TABLE, TRUMP_TABLE
from .protocol import Case, Roles

#: Card points at which a hand is punished (docs/rules.md §6, "100 or more").
HUNDRED = 100


def seat_points(captured: Sequence[int], trump: int, last_winner: int | None, eights: bool) -> list[int]:
    """Card points per seat: the captured cards (masks) valued with ``trump`` (-1: none; with no trump,
    ``eights`` makes every 8 count 8), +5 for ``last_winner`` (the winner of the last trick, None before).

    The one per-seat count of the engine and the bots (inlined :func:`engine.cards.points_of`: search calls it
    in its inner loop).
    """
    plain = EIGHTS_TABLE if (trump < 0 and eights) else PLAIN_TABLE
    pts = []
    for m in captured:
        total = 0
        for s in range(4):
            bits = (m >> (9 * s)) & 0x1FF
            if bits:
                total += TRUMP_TABLE[bits] if s == trump else plain[bits]
        pts.append(total)
    if last_winner is not None:
        pts[last_winner] += LAST_TRICK_BONUS
    return pts


#: A value per seat: strokes minus zeros.
Deltas = tuple[int, ...]


class Settlement(NamedTuple):
    """The outcome of one hand: which case applied, each seat's strokes minus zeros, and the seats the case is
    about (``roles``): match {winner}; no_trick {no_trick}; hundred {hundred}; no_trick_and_hundred {no_trick,
    hundred, other}; ranking {middle, high, low}; tie {tied: [a, b], third}; annulled {}.
    :func:`engine.text.settlement_text` words it."""

    case: Case
    deltas: Deltas
    roles: Roles

    @property
    def strokes(self) -> Deltas:
        return tuple([max(d, 0) for d in self.deltas])

    @property
    def zeros(self) -> Deltas:
        return tuple([max(-d, 0) for d in self.deltas])


def annulled(seats: int) -> Settlement:
    """The settlement of an annulled hand (no trump with ``no_trump: annul``): nothing for anyone."""
    return Settlement("annulled", (0,) * seats, {})


def settle(card_points: Sequence[int], tricks_won: Sequence[int]) -> Settlement:
    """Settle a complete Mittlere hand (docs/rules.md §6), in order: match; Z and H penalties; ranking with ties.

    Mittlere's settlement (:data:`engine.games.MITTLERE`): card points and tricks won by seat, three seats (the
    ranking has a low, a middle and a high seat).
    """
    seats = range(len(card_points))
    tricks = NUM_CARDS // len(seats)  # the tricks of a hand: every card is dealt
    for s in seats:
        if tricks_won[s] == tricks:
            return Settlement("match", _deltas(-1, {s: 2}, seats), {"winner": s})
    z = next((s for s in seats if tricks_won[s] == 0), None)
    h = next((s for s in seats if card_points[s] >= HUNDRED), None)
    if z is not None and h is not None:
        other = next(s for s in seats if s != z and s != h)
        return Settlement("no_trick_and_hundred", _deltas(2, {z: -1, h: -1}, seats),
                          {"no_trick": z, "hundred": h, "other": other})
    if z is not None:
        return Settlement("no_trick", _deltas(1, {z: -2}, seats), {"no_trick": z})
    if h is not None:
        return Settlement("hundred", _deltas(1, {h: -2}, seats), {"hundred": h})
    low, mid, high = sorted(seats, key=lambda s: card_points[s])
    if card_points[low] == card_points[mid] or card_points[mid] == card_points[high]:
        if card_points[low] == card_points[mid]:
            tied, third = [low, mid], high
        else:
            tied, third = [mid, high], low
        return Settlement("tie", _deltas(0, {third: 1}, seats), {"tied": tied, "third": third})
    return Settlement("ranking", _deltas(1, {mid: -2}, seats), {"middle": mid, "high": high, "low": low})


def _deltas(others: int, special: dict[int, int], seats: range) -> Deltas:
    """A delta per seat: ``special`` for the seats it names, ``others`` for the rest."""
    return tuple([special.get(s, others) for s in seats])
