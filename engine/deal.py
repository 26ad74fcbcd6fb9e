"""Seeded, portable deals.

How a seed becomes a deal (identical in CPython and in Pyodide, independent of ``random``):

1. The seed (an int or a string) is written as text ``str(seed)``.
2. A stream is keyed by SHA-256 of ``"mittlere-jass/v1/<seed>/<label>"`` (UTF-8); its first 8 bytes,
   big-endian, seed a SplitMix64 generator.  ``label`` is ``"dealer"`` for the first dealer and
   ``"deal/<k>"`` for the k-th deal of a game (k = 0, 1, …, counting redeals of annulled hands).
3. ``below(n)`` draws a uniform int in ``[0, n)`` from 64-bit outputs by rejection (no modulo bias).
4. First dealer: ``below(seats)`` of the ``"dealer"`` stream (the game's seats: 3 for Mittlere).
5. Deal k: the deck in card order (♠6 … ♠A, ♥6 … ♣A) is shuffled by Fisher–Yates
   (for i from 35 down to 1: swap i with ``below(i + 1)``).  The dealer ``d`` deals it three cards at a
   time anticlockwise starting with seat ``d + 1``: with three seats cards 0–2 to ``d+1``, 3–5 to ``d+2``,
   6–8 to ``d``, …; with four seats 9 cards each, cards 9–11 to ``d``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Protocol, cast

from .cards import NUM_CARDS, PerSeat
from .games import MITTLERE


class _Digest(Protocol):
    def digest(self) -> bytes: ...


def _sha256() -> Callable[[bytes], _Digest]:
    """SHA-256 from the bare ``_sha2`` module where it exists (Python 3.12+, Pyodide: importing hashlib loads
    OpenSSL, slow there), else from hashlib (CPython 3.11)."""
    try:
        return cast(Callable[[bytes], _Digest], importlib.import_module("_sha2").sha256)
    except ImportError:
        import hashlib

        return hashlib.sha256


sha256 = _sha256()

_MASK64 = (1 << 64) - 1


class SplitMix64:
    """A tiny, fully specified 64-bit generator (Steele, Lea & Flood 2014)."""

    def __init__(self, seed: int):
        self.state = seed & _MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n


def stream(seed: int | str, label: str) -> SplitMix64:
    digest = sha256(f"mittlere-jass/v1/{seed}/{label}".encode()).digest()
    return SplitMix64(int.from_bytes(digest[:8], "big"))


def first_dealer(seed: int | str, seats: int = MITTLERE.seats) -> int:
    """The first dealer of the game seeded ``seed`` with ``seats`` seats."""
    return stream(seed, "dealer").below(seats)


def shuffled_deck(seed: int | str, deal_no: int) -> list[int]:
    rng = stream(seed, f"deal/{deal_no}")
    deck = list(range(NUM_CARDS))
    for i in range(NUM_CARDS - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_from_deck(deck: list[int], dealer: int, seats: int = MITTLERE.seats) -> PerSeat:
    """Hands (as masks, by seat) when ``dealer`` deals ``deck`` three at a time to ``seats`` seats from seat
    ``dealer+1``."""
    hands = [0] * seats
    for packet in range(NUM_CARDS // 3):
        seat = (dealer + 1 + packet) % seats
        for c in deck[packet * 3: packet * 3 + 3]:
            hands[seat] |= 1 << c
    return tuple(hands)


def deal(seed: int | str, deal_no: int, dealer: int, seats: int = MITTLERE.seats) -> PerSeat:
    """The hands of the ``deal_no``-th deal of the game seeded ``seed``, dealt by ``dealer`` to ``seats`` seats.

    The same on every machine (docs/seeding.md); the seed is read as text, so 42 and "42" deal alike:

    >>> from engine.cards import codes_of
    >>> hands = deal(42, 0, dealer=0)
    >>> codes_of(hands[1])
    ['SJ', 'H6', 'H7', 'H10', 'HK', 'HA', 'D6', 'D8', 'D9', 'DA', 'C10', 'CJ']
    >>> hands == deal("42", 0, dealer=0), [h.bit_count() for h in deal(42, 0, dealer=0, seats=4)]
    (True, [9, 9, 9, 9])
    """
    return deal_from_deck(shuffled_deck(seed, deal_no), dealer, seats)
