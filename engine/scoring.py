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

    >>> from engine.cards import mask_of, parse_card
    >>> taken = [mask_of(parse_card(c) for c in ("SA", "S8", "D8")), 0, mask_of([parse_card("HJ")])]
    >>> seat_points(taken, trump=1, last_winner=None, eights=True)      # hearts trump: the Puur is 20
    [11, 0, 20]
    >>> seat_points(taken, trump=-1, last_winner=0, eights=True)        # no trump: every 8 is 8, +5 the last trick
    [32, 0, 2]
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
    hundred, other}; hundred_and_zero {hundred, zero_points, middle}; ranking {middle, high, low}; tie {tied: [a, b],
    third}; annulled {}; Molotow: molotow_all {winner}, molotow_hundred {hundred}, molotow_places {stroke, zero,
    tied}; Plus-Minus: plusminus {stroke, tied, hundred?}.
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


def settle(card_points: Sequence[int], tricks_won: Sequence[int], srf_hundred_zero: bool = False) -> Settlement:
    """Settle a complete Mittlere hand (docs/rules.md §6), in order: match; Z and H penalties; ranking with ties.

    Mittlere's settlement (:data:`engine.games.MITTLERE`): card points and tricks won by seat, three seats (the
    ranking has a low, a middle and a high seat).  ``srf_hundred_zero`` (docs/rules.md §7): a player on 100 or more
    and another on 0 card points who took a trick: the third (middle) player +2, the other two -1 each.

    >>> settle([78, 50, 29], [7, 3, 2])                 # the middle player -2, the others +1
    Settlement(case='ranking', deltas=(1, -2, 1), roles={'middle': 1, 'high': 0, 'low': 2})
    >>> settle([60, 60, 37], [5, 4, 3])                 # two tied: the third +1
    Settlement(case='tie', deltas=(0, 0, 1), roles={'tied': [0, 1], 'third': 2})
    >>> settle([120, 37, 0], [8, 4, 0]).deltas          # 100 or more and no trick: -1 each, the other +2
    (-1, 2, -1)
    >>> s = settle([110, 47, 0], [6, 5, 1], srf_hundred_zero=True)
    >>> s.case, s.strokes, s.zeros
    ('hundred_and_zero', (0, 2, 0), (1, 0, 1))
    """
    seats = range(len(card_points))
    tricks = NUM_CARDS // len(seats)  # the tricks of a hand: every card is dealt
    for s in seats:
        if tricks_won[s] == tricks:
            return Settlement("match", _deltas(-1, {s: 2}, seats), {"winner": s})
    z = next((s for s in seats if tricks_won[s] == 0), None)
    h = next((s for s in seats if card_points[s] >= HUNDRED), None)
    if srf_hundred_zero and z is None and h is not None:
        zero = [s for s in seats if card_points[s] == 0]
        if len(zero) == 1:  # two on 0 leave no middle player: the flag does not apply (the project's ruling)
            mid = next(s for s in seats if s != h and s != zero[0])
            return Settlement("hundred_and_zero", _deltas(-1, {mid: 2}, seats),
                              {"hundred": h, "zero_points": zero[0], "middle": mid})
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


# -- Molotow (docs/rules-molotow.md) and Plus-Minus (docs/rules-plusminus.md) ----------------------------------------

#: Card points at which Molotow punishes a hand and Plus-Minus gives no stroke for the most points.
MOLOTOW_HUNDRED = 100
PLUSMINUS_MOST_MAX = 99


def _alone(card_points: Sequence[int], s: int) -> bool:
    """No other seat has exactly ``s``'s card points."""
    return card_points.count(card_points[s]) == 1


def settle_molotow(card_points: Sequence[int], ties: str = "passed_over") -> Settlement:
    """Settle a complete Molotow hand (docs/rules-molotow.md §5): the first rule that applies settles it.

    1. One player has every point of the hand (157): +3 for them, -1 for each other.  ``molotow_all`` {winner}.
    2. One player has 100 or more: -3 for them, +1 for each other.  ``molotow_hundred`` {hundred}.
    3. Otherwise each player on their own: tied with another (``passed_over``) nothing; alone with the most or
       alone with the fewest points +1; any other untied player -1.  With ``ties="share"`` players tied at the most
       or at the fewest each take that stroke.  ``molotow_places`` {stroke, zero, tied} (lists of seats).

    >>> settle_molotow([0, 157, 0, 0]).deltas
    (-1, 3, -1, -1)
    >>> settle_molotow([0, 105, 30, 22]).deltas
    (1, -3, 1, 1)
    >>> settle_molotow([27, 27, 50, 53])                # the two on the fewest are passed over
    Settlement(case='molotow_places', deltas=(0, 0, -1, 1), roles={'stroke': [3], 'zero': [2], 'tied': [0, 1]})
    >>> settle_molotow([27, 27, 50, 53], ties="share").deltas
    (1, 1, -1, 1)
    """
    seats = range(len(card_points))
    total = sum(card_points)
    for s in seats:
        if total and card_points[s] == total:
            return Settlement("molotow_all", _deltas(-1, {s: 3}, seats), {"winner": s})
    for s in seats:
        if card_points[s] >= MOLOTOW_HUNDRED:
            return Settlement("molotow_hundred", _deltas(1, {s: -3}, seats), {"hundred": s})
    most, fewest = max(card_points), min(card_points)
    deltas = []
    for s in seats:
        extreme = card_points[s] in (most, fewest)
        if _alone(card_points, s):
            deltas.append(1 if extreme else -1)
        else:
            deltas.append(1 if extreme and ties == "share" else 0)
    tied = [s for s in seats if not _alone(card_points, s) and deltas[s] == 0]
    return Settlement("molotow_places", tuple(deltas), {
        "stroke": [s for s in seats if deltas[s] > 0], "zero": [s for s in seats if deltas[s] < 0], "tied": tied})


def settle_plusminus(card_points: Sequence[int], ties: str = "passed_over") -> Settlement:
    """Settle a complete Plus-Minus hand (docs/rules-plusminus.md §5): strokes only, never a zero.

    A stroke to the player who alone has the fewest points; a stroke to the player who alone has the most, if that
    is 99 or less.  Tied players get nothing; with ``ties="passed_over"`` nobody takes their stroke.  With
    ``ties="next"`` the stroke of a tied extreme passes on in points order towards the middle (from the most down,
    from the fewest up) to the nearest player strictly between the most and the fewest whose points nobody shares;
    with none, it lapses.  ``plusminus`` {stroke, tied} (lists of seats; ``hundred``: the seat alone with the most
    at 100 or more, which gives no stroke).

    >>> settle_plusminus([20, 20, 60, 57])              # the fewest tied: only the most takes a stroke
    Settlement(case='plusminus', deltas=(0, 0, 1, 0), roles={'stroke': [2], 'tied': [0, 1]})
    >>> settle_plusminus([20, 20, 60, 57], ties="next").deltas   # the tied stroke passes to the 57
    (0, 0, 1, 1)
    >>> settle_plusminus([10, 20, 110, 17])             # the most at 110 gives no stroke
    Settlement(case='plusminus', deltas=(1, 0, 0, 0), roles={'hundred': 2, 'stroke': [0], 'tied': []})
    """
    seats = range(len(card_points))
    most, fewest = max(card_points), min(card_points)
    roles: Roles = {}
    stroke: set[int] = set()
    between = sorted((s for s in seats if fewest < card_points[s] < most and _alone(card_points, s)),
                     key=lambda s: card_points[s])  # fewest first
    for points, nearest in ((most, -1), (fewest, 0)):
        at = [s for s in seats if card_points[s] == points]
        if len(at) == 1:
            if points == fewest or points <= PLUSMINUS_MOST_MAX:
                stroke.add(at[0])
            else:
                roles["hundred"] = at[0]
        elif ties == "next" and between:
            stroke.add(between[nearest])
    roles["stroke"] = sorted(stroke)
    roles["tied"] = [s for s in seats if not _alone(card_points, s)]
    return Settlement("plusminus", tuple([1 if s in stroke else 0 for s in seats]), roles)
