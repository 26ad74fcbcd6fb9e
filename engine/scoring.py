"""Counting a hand and settling it in strokes (+1, ``|``) and zeros (-1, ``○``): docs/rules.md §5 and §6."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .cards import CARDS_PER_HAND, EIGHTS_TABLE, LAST_TRICK_BONUS, PLAIN_TABLE, TRUMP_TABLE

#: Card points at which a hand is punished (docs/rules.md §6, "100 or more").
HUNDRED = 100


def seat_points(captured: Sequence[int], trump: int, last_winner: int | None, eights: bool) -> list[int]:
    """Card points per seat: the captured cards (masks) valued with ``trump`` (-1: none; with no trump,
    ``eights`` makes every 8 count 8), +5 for ``last_winner`` (the winner of trick 12, None before).

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


class Settlement(NamedTuple):
    """The outcome of one hand: which case applied and each seat's strokes minus zeros."""

    case: str
    deltas: tuple[int, int, int]
    explanation: str

    @property
    def strokes(self) -> tuple[int, ...]:
        return tuple(max(d, 0) for d in self.deltas)

    @property
    def zeros(self) -> tuple[int, ...]:
        return tuple(max(-d, 0) for d in self.deltas)


ANNULLED = Settlement("annulled", (0, 0, 0), "No trump was fixed: the hand is annulled and dealt again.")


def settle(card_points: Sequence[int], tricks_won: Sequence[int],
           names: Sequence[str] = ("Seat 0", "Seat 1", "Seat 2")) -> Settlement:
    """Settle a complete hand (docs/rules.md §6), in order: match; Z and H penalties; ranking with ties."""
    for s in range(3):
        if tricks_won[s] == CARDS_PER_HAND:
            d = [-1, -1, -1]
            d[s] = 2
            return Settlement("match", tuple(d), f"Match for {names[s]} (all 12 tricks): +2; −1 for the others.")
    z = next((s for s in range(3) if tricks_won[s] == 0), None)
    h = next((s for s in range(3) if card_points[s] >= HUNDRED), None)
    if z is not None and h is not None:
        d = [2, 2, 2]
        d[z] = d[h] = -1
        return Settlement(
            "no_trick_and_hundred", tuple(d),
            f"No trick for {names[z]} and 100 or more for {names[h]} ({card_points[h]} points): "
            f"the penalties add up, −1 each; +2 for {names[3 - z - h]}.")
    if z is not None:
        d = [1, 1, 1]
        d[z] = -2
        return Settlement("no_trick", tuple(d), f"No trick for {names[z]}: −2; +1 for the others.")
    if h is not None:
        d = [1, 1, 1]
        d[h] = -2
        return Settlement("hundred", tuple(d),
                          f"100 or more for {names[h]} ({card_points[h]} points): −2; +1 for the others.")
    order = sorted(range(3), key=lambda s: card_points[s])
    low, mid, high = order
    if card_points[low] == card_points[mid] or card_points[mid] == card_points[high]:
        if card_points[low] == card_points[mid]:
            tied, third = (low, mid), high
        else:
            tied, third = (mid, high), low
        d = [0, 0, 0]
        d[third] = 1
        return Settlement(
            "tie", tuple(d),
            f"Tie between {names[tied[0]]} and {names[tied[1]]} at {card_points[tied[0]]} points: "
            f"nothing for them; +1 for {names[third]}.")
    d = [0, 0, 0]
    d[high] = d[low] = 1
    d[mid] = -2
    return Settlement(
        "ranking", tuple(d),
        f"Middle score for {names[mid]} ({card_points[mid]} points): −2; +1 for the highest, "
        f"{names[high]} ({card_points[high]}), and the lowest, {names[low]} ({card_points[low]}).")
