"""Cards, suits, ranks and points as small integers and bit sets.

A card is an int 0..35: ``suit * 9 + rank``.  Suits are ``S H D C`` (0..3); ranks are
indexed in plain order ``6 7 8 9 10 J Q K A`` (0..8).  A set of cards is an int whose bit
``card`` is set: hands, legal moves and captured cards are all such masks, which keeps the
engine fast enough for search bots without giving up readable code.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .quote import quote

SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
RANKS = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")

NUM_CARDS = 36
ALL_CARDS = (1 << NUM_CARDS) - 1

#: A value per seat (hands, counts, points…); the number of seats is the game's (:mod:`engine.games`).
PerSeat = tuple[int, ...]


SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(9)

#: Points of a rank (by plain rank index) in a plain suit, in the trump suit, and in a
#: no-trump hand played with the "eights" rule (every 8 counts 8).
PLAIN_POINTS = (0, 0, 0, 0, 10, 2, 3, 4, 11)
TRUMP_POINTS = (0, 0, 0, 14, 10, 20, 3, 4, 11)
EIGHTS_POINTS = (0, 0, 8, 0, 10, 2, 3, 4, 11)
LAST_TRICK_BONUS = 5

#: Strength of a rank (by plain rank index) inside the trump suit: J 9 A K Q 10 8 7 6.
TRUMP_STRENGTH = (0, 1, 2, 7, 3, 8, 4, 5, 6)
#: Plain strength is the rank index itself: A K Q J 10 9 8 7 6.

SUIT_MASKS = tuple(0x1FF << (9 * s) for s in range(4))
SUIT_OF = tuple(c // 9 for c in range(NUM_CARDS))
RANK_OF = tuple(c % 9 for c in range(NUM_CARDS))
JACK_OF = tuple(1 << (s * 9 + JACK) for s in range(4))


CODES = tuple(SUITS[c // 9] + RANKS[c % 9] for c in range(NUM_CARDS))
_CODE_TO_CARD = {code: c for c, code in enumerate(CODES)}


def parse_card(code: object) -> int:
    """The card of a code like ``"SA"``, ``"H10"`` or ``"DJ"`` (exactly as docs/rules.md writes them).

    Raises ValueError with a plain message for anything else.

    >>> parse_card("SA"), parse_card("H10"), parse_card("C6")
    (8, 13, 27)
    >>> parse_card("S1")
    Traceback (most recent call last):
    ...
    ValueError: unknown card 'S1' (expected a suit S/H/D/C and a rank 6-10/J/Q/K/A, e.g. 'SA', 'H10')
    """
    if not isinstance(code, str):
        raise ValueError(f"card code must be a string, not {quote(code)}")
    c = _CODE_TO_CARD.get(code)
    if c is None:
        raise ValueError(f"unknown card {quote(code)} "
                         "(expected a suit S/H/D/C and a rank 6-10/J/Q/K/A, e.g. 'SA', 'H10')")
    return c


def code(c: int) -> str:
    """The code of a card, as :func:`parse_card` reads it.

    >>> code(8), code(31)
    ('SA', 'C10')
    """
    return CODES[c]


def pretty(c: int) -> str:
    """The card for people: ``♦A``, ``♠10``.

    >>> pretty(parse_card("DA")), pretty(parse_card("S10"))
    ('♦A', '♠10')
    """
    return SUIT_SYMBOLS[c // 9] + RANKS[c % 9]


def mask_of(cards: Iterable[int]) -> int:
    """The bit set of some cards (bit ``card`` set for each).

    >>> mask_of([parse_card("SA"), parse_card("H10")]) == (1 << 8) | (1 << 13)
    True
    """
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def iter_cards(mask: int) -> Iterator[int]:
    """The cards of a bit set, lowest first (suit by suit ♠ ♥ ♦ ♣, 6 up to A in each).

    >>> list(iter_cards(mask_of([parse_card("H10"), parse_card("SA")])))
    [8, 13]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def codes_of(mask: int) -> list[str]:
    """The codes of a bit set's cards, in :func:`iter_cards` order.

    >>> codes_of(mask_of(parse_card(c) for c in ("DJ", "SA", "H10")))
    ['SA', 'H10', 'DJ']
    """
    return [CODES[c] for c in iter_cards(mask)]


def _suit_point_table(points: tuple[int, ...]) -> tuple[int, ...]:
    """Points of every 9-bit rank set, built incrementally (cheap at import, also in Pyodide)."""
    table = [0] * 512
    for m in range(1, 512):
        low = m & -m
        table[m] = table[m ^ low] + points[low.bit_length() - 1]
    return tuple(table)


#: Points of a 9-bit rank set, per valuation.
PLAIN_TABLE = _suit_point_table(PLAIN_POINTS)
TRUMP_TABLE = _suit_point_table(TRUMP_POINTS)
EIGHTS_TABLE = _suit_point_table(EIGHTS_POINTS)


def points_of(mask: int, trump: int | None, eights: bool = False) -> int:
    """Card points of a set of cards valued with ``trump`` (None: no trump suit).

    With no trump, ``eights`` makes every 8 count 8 (docs/rules.md §5 default).

    >>> hand = mask_of(parse_card(c) for c in ("SA", "H10", "DJ", "D9"))
    >>> points_of(hand, None)                       # A 11 + 10 10 + J 2 + 9 0
    23
    >>> points_of(hand, 2)                          # diamonds trump: the Puur 20, the Nell 14
    55
    >>> points_of(mask_of([parse_card("D8")]), None, eights=True)
    8
    """
    total = 0
    plain = EIGHTS_TABLE if (trump is None and eights) else PLAIN_TABLE
    for s in range(4):
        bits = (mask >> (9 * s)) & 0x1FF
        total += TRUMP_TABLE[bits] if s == trump else plain[bits]
    return total


def card_points(c: int, trump: int | None, eights: bool = False) -> int:
    """Card points of one card (as :func:`points_of`).

    >>> card_points(parse_card("HJ"), None), card_points(parse_card("HJ"), 1)   # the jack, plain and trump (Puur)
    (2, 20)
    """
    return points_of(1 << c, trump, eights)


def _below_table() -> tuple[tuple[int, ...], ...]:
    """``TRUMP_BELOW[suit][strength]``: the trumps of ``suit`` weaker than ``strength``."""
    table = []
    for s in range(4):
        row = []
        for strength in range(9):
            m = 0
            for r in range(9):
                if TRUMP_STRENGTH[r] < strength:
                    m |= 1 << (s * 9 + r)
            row.append(m)
        table.append(tuple(row))
    return tuple(table)


TRUMP_BELOW = _below_table()


def sort_key(c: int, trump: int | None) -> tuple[int, int]:
    """Display order: trump suit first, then ♠ ♥ ♣ ♦ alternating colours; high to low inside a suit.

    >>> cards = [parse_card(c) for c in ("SA", "D6", "DJ", "D9", "C6")]
    >>> [code(c) for c in sorted(cards, key=lambda c: sort_key(c, 2))]   # diamonds trump: J 9 6 first
    ['DJ', 'D9', 'D6', 'SA', 'C6']
    """
    s, r = c // 9, c % 9
    colour_order = (0, 1, 3, 2)  # S H C D -> alternate black/red
    suit_rank = -1 if s == trump else colour_order[s]
    strength = TRUMP_STRENGTH[r] if s == trump else r
    return (suit_rank, -strength)
