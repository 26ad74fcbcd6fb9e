"""Small helpers shared by the engine tests."""

from __future__ import annotations

from engine.cards import SUITS, codes_of, mask_of, parse_card


def m(*codes: str) -> int:
    """Mask of card codes: m("SA", "H10")."""
    return mask_of(parse_card(c) for c in codes)


def cs(*codes: str) -> list[int]:
    return [parse_card(c) for c in codes]


def legal_codes(mask: int) -> set[str]:
    return set(codes_of(mask))


def suit(letter: str) -> int:
    return SUITS.index(letter)
