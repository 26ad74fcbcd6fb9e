"""The games the engine plays: a :class:`GameSpec` per game id (docs/seats.md §1).

A game fixes the number of seats, and from it the cards per hand and the tricks of a hand (the 36 cards are
all dealt), how a complete hand is settled and when the game is over.  Every hand, observation, deal, game and
record carries its game and takes its number of seats from it: Mittlere (three seats, docs/rules.md), Molotow
and Plus-Minus (four seats, docs/rules-molotow.md, docs/rules-plusminus.md, the ruling in docs/rules-family.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .cards import LAST_TRICK_BONUS, NUM_CARDS, PLAIN_POINTS, SUITS, TRUMP_POINTS
from .quote import quote
from .rules import GAME_FLAGS, Rules
from .scoring import Settlement, settle, settle_molotow, settle_plusminus

#: Card points of a hand, the last-trick bonus included (docs/rules.md §5), the same in every game of the family:
#: a trump suit, three plain ones and the +5 (157; a hand without trump counts its eights as 8, the same total).
HAND_POINTS = sum(TRUMP_POINTS) + (len(SUITS) - 1) * sum(PLAIN_POINTS) + LAST_TRICK_BONUS

#: ``settle(card_points, tricks_won, rules)``: the settlement of a complete hand (card points and tricks by seat).
Settle = Callable[[Sequence[int], Sequence[int], Rules], Settlement]
#: ``game_over(strokes, zeros, hands_counted, hands_total)``: the winning seats once the game is over, else None.
GameOver = Callable[[Sequence[int], Sequence[int], int, int], list[int] | None]


@dataclass(frozen=True)
class GameSpec:
    """What makes a game of the family: its seats, its settlement of a hand and its end.

    >>> MOLOTOW.seats, MOLOTOW.cards_per_hand, MOLOTOW.tricks, MOLOTOW.hand_points
    (4, 9, 9, 157)
    >>> MITTLERE.seat_list(), MITTLERE.flags
    ('0, 1 or 2', ('undertrump_when_void', 'no_trump', 'srf_hundred_zero'))
    >>> PLUSMINUS.game_over([7, 5, 2, 0], [0, 0, 0, 0], 9, 12), PLUSMINUS.game_over([7, 7, 2, 0], [0, 0, 0, 0], 9, 12)
    ([0], None)
    """

    id: str
    seats: int
    settle: Settle
    game_over: GameOver
    default_hands: int
    hand_points: int = HAND_POINTS
    #: The game ends by its own rule, not after a number of hands (Plus-Minus).
    open_ended: bool = False
    #: A hand writes zeros as well as strokes (Plus-Minus writes strokes only).
    zeros: bool = True
    #: The strokes that end an open-ended game (Plus-Minus: alone on the most with at least this many), else None.
    target: int | None = None
    cards_per_hand: int = field(init=False)
    #: Tricks in a hand (each seat plays every card it holds, one a trick).
    tricks: int = field(init=False)
    #: The seat after each seat in playing order (``next_seat[s] == (s + 1) % seats``).
    next_seat: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        if self.seats < 2 or NUM_CARDS % self.seats:
            raise ValueError(f"a game needs a number of seats that divides the {NUM_CARDS} cards, not {self.seats}")
        object.__setattr__(self, "cards_per_hand", NUM_CARDS // self.seats)
        object.__setattr__(self, "tricks", NUM_CARDS // self.seats)
        object.__setattr__(self, "next_seat", tuple((s + 1) % self.seats for s in range(self.seats)))

    @property
    def default_rules(self) -> Rules:
        """The game's rules when nobody says otherwise (its own flag defaults)."""
        return Rules.defaults(self.id)

    @property
    def flags(self) -> tuple[str, ...]:
        """The rule flags the game offers (docs/rules*.md)."""
        return GAME_FLAGS[self.id]

    def rules_from_json(self, data: object) -> Rules:
        """The game's rules from a JSON object (None: its defaults); RulesError for anything it does not offer."""
        return Rules.from_json(data, self.id)

    def seat_list(self) -> str:
        """The seat numbers in words for messages: ``0, 1 or 2``."""
        return ", ".join(str(s) for s in range(self.seats - 1)) + f" or {self.seats - 1}"

    def seats_word(self) -> str:
        """The number of seats in a word for messages (``three``)."""
        return _WORDS.get(self.seats, str(self.seats))


_WORDS = {2: "two", 3: "three", 4: "four", 6: "six"}


def _settle_mittlere(card_points: Sequence[int], tricks_won: Sequence[int], rules: Rules) -> Settlement:
    """Mittlere's settlement (docs/rules.md §6); of the flags only ``srf_hundred_zero`` changes it."""
    return settle(card_points, tricks_won, rules.srf_hundred_zero)


def _settle_molotow(card_points: Sequence[int], tricks_won: Sequence[int], rules: Rules) -> Settlement:
    """Molotow's settlement (docs/rules-molotow.md §5): the flag ``ties`` changes it."""
    return settle_molotow(card_points, rules.ties)


def _settle_plusminus(card_points: Sequence[int], tricks_won: Sequence[int], rules: Rules) -> Settlement:
    """Plus-Minus' settlement (docs/rules-plusminus.md §5): the flag ``ties`` changes it."""
    return settle_plusminus(card_points, rules.ties)


def _game_over_mittlere(strokes: Sequence[int], zeros: Sequence[int], hands_counted: int,
                        hands_total: int) -> list[int] | None:
    """Mittlere ends after ``hands_total`` counted hands; the seats with the highest net (strokes minus zeros) win,
    ties share."""
    if hands_counted < hands_total:
        return None
    net = [st - ze for st, ze in zip(strokes, zeros, strict=True)]
    best = max(net)
    return [s for s in range(len(net)) if net[s] == best]


#: Plus-Minus ends once a player alone has the most strokes and at least this many (docs/rules-plusminus.md §6).
PLUSMINUS_TARGET = 7


def _game_over_plusminus(strokes: Sequence[int], zeros: Sequence[int], hands_counted: int,
                         hands_total: int) -> list[int] | None:
    """Plus-Minus ends after the hand in which one player alone has the most strokes and at least 7 (two on 7 or
    more together play on); that player wins.  The number of hands does not end it."""
    best = max(strokes)
    leaders = [s for s in range(len(strokes)) if strokes[s] == best]
    return leaders if best >= PLUSMINUS_TARGET and len(leaders) == 1 else None


MITTLERE = GameSpec(id="mittlere", seats=3, settle=_settle_mittlere, game_over=_game_over_mittlere,
                    default_hands=12)
#: Molotow: four seats, 12 hands (each player deals three times), the highest net wins (docs/rules-molotow.md).
MOLOTOW = GameSpec(id="molotow", seats=4, settle=_settle_molotow, game_over=_game_over_mittlere, default_hands=12)
#: Plus-Minus: four seats, played until one player alone has the most strokes and at least 7
#: (docs/rules-plusminus.md); ``default_hands`` is only the length a bot plans with.
PLUSMINUS = GameSpec(id="plusminus", seats=4, settle=_settle_plusminus, game_over=_game_over_plusminus,
                     default_hands=12, open_ended=True, zeros=False, target=PLUSMINUS_TARGET)

#: Every game by its id.
GAMES: dict[str, GameSpec] = {MITTLERE.id: MITTLERE, MOLOTOW.id: MOLOTOW, PLUSMINUS.id: PLUSMINUS}


def game_spec(game_id: object) -> GameSpec:
    """The game ``game_id`` names; ValueError with the known ids for anything else.

    >>> game_spec("plusminus").open_ended, game_spec("plusminus").zeros
    (True, False)
    >>> game_spec("schieber")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'schieber' (known: mittlere, molotow, plusminus)
    """
    spec = GAMES.get(game_id) if isinstance(game_id, str) else None
    if spec is None:
        raise ValueError(f"unknown game {quote(game_id)} (known: {', '.join(GAMES)})")
    return spec
