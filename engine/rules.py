"""The rule variant flags and the pure play rules: legal cards, why a card is not legal, trick winner.

Everything here works on card ints and masks (see :mod:`engine.cards`) and knows nothing
about whole hands or games.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from .cards import CODES, JACK_OF, RANK_OF, SUIT_MASKS, SUIT_OF, SUITS, TRUMP_BELOW, TRUMP_STRENGTH, iter_cards
from .protocol import RulesJson
from .text import QUOTE_MAX, quote, refusal_text

NO_TRUMP_MODES = ("eights", "annul")
#: Every rule key any game knows (each game offers some of them: :data:`GAME_FLAGS`).
RULE_KEYS = ("undertrump_when_void", "no_trump", "ties", "srf_hundred_zero")
#: The values of a flag that is not true/false, per game: Mittlere has no ``ties`` flag.
TIES_MODES = {"molotow": ("passed_over", "share"), "plusminus": ("passed_over", "next")}
#: The flags each game offers, in the order its records write them (docs/rules.md §7, docs/rules-molotow.md §7,
#: docs/rules-plusminus.md §7); every other flag keeps its default in that game.
GAME_FLAGS: dict[str, tuple[str, ...]] = {
    "mittlere": ("undertrump_when_void", "no_trump", "srf_hundred_zero"),
    "molotow": ("undertrump_when_void", "no_trump", "ties"),
    "plusminus": ("undertrump_when_void", "no_trump", "ties"),
}
#: Each game's default for ``undertrump_when_void`` (Molotow allows a void player to undertrump: jasswelt).
UNDERTRUMP_DEFAULT = {"mittlere": False, "molotow": True, "plusminus": False}


class RulesError(ValueError):
    """Rules that are not valid; ``key`` names the rule (or the unknown key, cut short), None for a non-object."""

    def __init__(self, message: str, key: str | None):
        super().__init__(message)
        self.key = key


class Rules(NamedTuple):
    """Variant flags of docs/rules.md §7 and of the family's rule books (defaults first: Mittlere's; a game's own
    defaults: :meth:`defaults`)."""

    undertrump_when_void: bool = False
    no_trump: str = "eights"
    #: Molotow and Plus-Minus: players tied on card points are ``passed_over``; Molotow ``share``, Plus-Minus ``next``.
    ties: str = "passed_over"
    #: Mittlere: the SRF Jass-Service's 100-and-zero rule (docs/rules.md §6).
    srf_hundred_zero: bool = False

    @classmethod
    def defaults(cls, game: str = "mittlere") -> Rules:
        """The default rules of ``game`` (a game id).

        >>> Rules.defaults("molotow").undertrump_when_void, Rules.defaults("mittlere").undertrump_when_void
        (True, False)
        """
        return cls(undertrump_when_void=UNDERTRUMP_DEFAULT.get(game, False))

    @classmethod
    def from_json(cls, data: Any, game: str = "mittlere") -> Rules:
        """Rules of ``game`` from a JSON object (None: the game's defaults); keys the game does not offer or values
        it does not know raise :class:`RulesError`.

        >>> Rules.from_json({"no_trump": "annul"}).eights
        False
        >>> Rules.from_json({"ties": "share"}, "molotow").ties
        'share'
        >>> Rules.from_json({"ties": "share"})
        Traceback (most recent call last):
        ...
        engine.rules.RulesError: unknown rule 'ties' (known: undertrump_when_void, no_trump, srf_hundred_zero)
        """
        base = cls.defaults(game)
        if data is None:
            return base
        if not isinstance(data, dict):
            raise RulesError(f"rules must be an object, not {type(data).__name__}", None)
        known = GAME_FLAGS.get(game, GAME_FLAGS["mittlere"])
        for key in data:
            if key not in known:
                raise RulesError(f"unknown rule {quote(key)} (known: {', '.join(known)})", str(key)[:QUOTE_MAX])
        for key in ("undertrump_when_void", "srf_hundred_zero"):
            value = data.get(key, getattr(base, key))
            if not isinstance(value, bool):
                raise RulesError(f"rule {key} must be true or false, not {quote(value)}", key)
        nt = data.get("no_trump", "eights")
        if not isinstance(nt, str) or nt not in NO_TRUMP_MODES:
            raise RulesError(f"rule no_trump must be \"eights\" or \"annul\", not {quote(nt)}", "no_trump")
        rules = cls(undertrump_when_void=data.get("undertrump_when_void", base.undertrump_when_void), no_trump=nt,
                    ties=data.get("ties", base.ties),
                    srf_hundred_zero=data.get("srf_hundred_zero", base.srf_hundred_zero))
        rules.check(game)
        return rules

    def check(self, game: str = "mittlere") -> None:
        """RulesError unless every flag has a value ``game`` knows (a flag the game does not offer must keep its
        default)."""
        modes = TIES_MODES.get(game, ("passed_over",))
        if not isinstance(self.ties, str) or self.ties not in modes:
            choices = " or ".join(f'"{m}"' for m in modes)
            raise RulesError(f"rule ties must be {choices} in {game}, not {quote(self.ties)}", "ties")
        for key in ("undertrump_when_void", "srf_hundred_zero"):
            if not isinstance(getattr(self, key), bool):
                raise RulesError(f"rule {key} must be true or false, not {quote(getattr(self, key))}", key)
        if self.srf_hundred_zero and "srf_hundred_zero" not in GAME_FLAGS.get(game, ()):
            raise RulesError(f"rule srf_hundred_zero is Mittlere's, not {game}'s", "srf_hundred_zero")
        if not isinstance(self.no_trump, str) or self.no_trump not in NO_TRUMP_MODES:
            raise RulesError(f"rule no_trump must be \"eights\" or \"annul\", not {quote(self.no_trump)}",
                             "no_trump")

    @property
    def eights(self) -> bool:
        """A no-trump hand is counted with every 8 worth 8 (not annulled)."""
        return self.no_trump == "eights"

    def to_json(self, game: str = "mittlere") -> RulesJson:
        """The flags ``game`` offers, as its records write them.  Mittlere writes ``srf_hundred_zero`` only when it is
        on, so every Mittlere record written before the flag stays byte for byte.

        >>> Rules().to_json()
        {'undertrump_when_void': False, 'no_trump': 'eights'}
        >>> Rules.defaults("plusminus").to_json("plusminus")
        {'undertrump_when_void': False, 'no_trump': 'eights', 'ties': 'passed_over'}
        """
        out: RulesJson = {"undertrump_when_void": self.undertrump_when_void, "no_trump": self.no_trump}
        if game == "mittlere":
            if self.srf_hundred_zero:
                out["srf_hundred_zero"] = True
        else:
            out["ties"] = self.ties
        return out


DEFAULT_RULES = Rules()


def highest_trump_strength(trick: Sequence[int], trump: int) -> int:
    """Trump strength of the highest trump in ``trick``, or -1 when it holds none."""
    best = -1
    for c in trick:
        if SUIT_OF[c] == trump:
            s = TRUMP_STRENGTH[RANK_OF[c]]
            if s > best:
                best = s
    return best


def legal_mask(hand: int, trick: Sequence[int], trump: int, undertrump_when_void: bool = False) -> int:
    """The cards of ``hand`` that may be played to ``trick`` (cards so far, leader first).

    ``trump`` is the trump suit or -1 before trump is fixed.  docs/rules.md §4: R2 before trump,
    R5 plain suit led after trump (follow or trump, no undertrumping unless all trumps),
    R6 trump led (must trump, the Puur rule).

    >>> from engine.cards import codes_of, mask_of, parse_card
    >>> def cards(*codes): return [parse_card(c) for c in codes]
    >>> hand = mask_of(cards("S6", "H7", "HJ", "D9"))
    >>> codes_of(legal_mask(hand, cards("HA"), trump=-1))          # before trump: follow suit
    ['H7', 'HJ']
    >>> codes_of(legal_mask(hand, cards("C8"), trump=-1))          # void in clubs: any card (and it fixes trump)
    ['S6', 'H7', 'HJ', 'D9']
    >>> codes_of(legal_mask(hand, cards("C8", "H10"), trump=1))    # hearts trump: no going under the ♥10
    ['S6', 'HJ', 'D9']
    >>> codes_of(legal_mask(mask_of(cards("S6", "HJ")), cards("H6"), trump=1))   # the Puur alone need not follow
    ['S6', 'HJ']
    """
    if not trick:
        return hand
    led = SUIT_OF[trick[0]]
    follow = hand & SUIT_MASKS[led]
    if trump < 0:
        return follow or hand
    trumps = hand & SUIT_MASKS[trump]
    if led == trump:
        if trumps == 0 or trumps == JACK_OF[trump]:
            return hand
        return trumps
    legal = (follow | trumps) if follow else hand
    if trumps and trumps != hand and not (follow == 0 and undertrump_when_void):
        best = highest_trump_strength(trick, trump)
        if best > 0:
            legal &= ~TRUMP_BELOW[trump][best]
    return legal


def card_power(c: int, led: int, trump: int) -> int:
    """How strongly ``c`` plays in a trick led with suit ``led`` (R4): a trump 100 + its trump strength,
    the led suit its plain rank 0..8, any other card -1 (it cannot win)."""
    s = SUIT_OF[c]
    if s == trump:
        return 100 + TRUMP_STRENGTH[RANK_OF[c]]
    if s == led:
        return RANK_OF[c]
    return -1


def trick_winner_offset(trick: Sequence[int], trump: int) -> int:
    """Index into ``trick`` of the winning card (R4).

    >>> from engine.cards import parse_card
    >>> trick = [parse_card(c) for c in ("SA", "S6", "H6")]
    >>> trick_winner_offset(trick, trump=2), trick_winner_offset(trick, trump=1)   # the ace, or the trumping ♥6
    (0, 2)
    """
    led = SUIT_OF[trick[0]]
    best_i, best_key = 0, -1
    for i, c in enumerate(trick):
        key = card_power(c, led, trump)
        if key > best_key:
            best_i, best_key = i, key
    return best_i


class Refusal(NamedTuple):
    """Why a card may not be played: a stable ``code`` and the ``params`` a sentence about it needs.

    Codes and params: ``not_in_hand`` {card}; ``must_follow`` {card, suit, trump} (trump None before trump is
    fixed); ``must_trump`` {card, trump}; ``undertrump`` {card, trump, over: the trump it would go under};
    ``hand_complete`` {}.  Cards are codes (``"SA"``), suits letters (``"S"``).  :mod:`engine.text` words them.
    """

    code: str
    params: dict[str, str | None]

    @property
    def message(self) -> str:
        """The reason in English (as the replay CLI prints it)."""
        return refusal_text(self.code, self.params)

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "params": dict(self.params)}


def why_not(hand: int, c: int, trick: Sequence[int], trump: int, undertrump_when_void: bool = False) -> Refusal | None:
    """None when card ``c`` may be played, else the reason it may not.

    >>> from engine.cards import mask_of, parse_card
    >>> hand = mask_of(parse_card(c) for c in ("S6", "H7", "HJ"))
    >>> why_not(hand, parse_card("H7"), [parse_card("HA")], trump=-1) is None
    True
    >>> why_not(hand, parse_card("S6"), [parse_card("HA")], trump=-1)
    Refusal(code='must_follow', params={'card': 'S6', 'suit': 'H', 'trump': None})
    >>> why_not(hand, parse_card("H7"), [parse_card("C8"), parse_card("H10")], trump=1).message
    'You may not undertrump the ♥10.'
    """
    if not hand >> c & 1:
        return Refusal("not_in_hand", {"card": CODES[c]})
    if legal_mask(hand, trick, trump, undertrump_when_void) >> c & 1:
        return None
    return _barred(c, trick, trump)


def _top_trump(trick: Sequence[int], trump: int) -> str:
    """The highest trump in ``trick`` (one is there), as a code."""
    best = highest_trump_strength(trick, trump)
    return CODES[next(x for x in trick if SUIT_OF[x] == trump and TRUMP_STRENGTH[RANK_OF[x]] == best)]


def _barred(c: int, trick: Sequence[int], trump: int, over: str | None = None) -> Refusal:
    """Why card ``c``, held and not legal on ``trick``, may not be played; ``over``: the trick's highest trump when
    the caller knows it already."""
    card, led = CODES[c], SUIT_OF[trick[0]]
    if trump < 0:
        return Refusal("must_follow", {"card": card, "suit": SUITS[led], "trump": None})
    if led == trump:
        return Refusal("must_trump", {"card": card, "trump": SUITS[trump]})
    if SUIT_OF[c] != trump:
        return Refusal("must_follow", {"card": card, "suit": SUITS[led], "trump": SUITS[trump]})
    return Refusal("undertrump", {"card": card, "trump": SUITS[trump], "over": over or _top_trump(trick, trump)})


def refusals(hand: int, trick: Sequence[int], trump: int,
             undertrump_when_void: bool = False) -> dict[int, Refusal]:
    """Why each card of ``hand`` that may not be played to ``trick`` may not: card -> the refusal :func:`why_not`
    gives it (the legal cards are absent; an empty dict when every card may be played).  One pass, for the views."""
    barred = hand & ~legal_mask(hand, trick, trump, undertrump_when_void)
    undertrumps = trump >= 0 and barred & SUIT_MASKS[trump] and SUIT_OF[trick[0]] != trump
    over = _top_trump(trick, trump) if undertrumps else None   # found once for every refused trump
    return {c: _barred(c, trick, trump, over) for c in iter_cards(barred)}


def exemption(hand: int, trick: Sequence[int], trump: int) -> tuple[str, dict[str, str | None]] | None:
    """Why a card off the led suit (or off trump) may be played to ``trick`` after all: ``void`` {suit, trump} (no
    card of the led plain suit: any card may be played; before trump is fixed, the first such card fixes it), or
    ``puur`` {card, trump} (trump led and the trump Jack is the hand's only trump: it need not be played, R6); None
    when neither applies (no trick yet, the led suit held, trump led with other trumps in hand, or nothing else)."""
    if not trick or not hand:
        return None
    led = SUIT_OF[trick[0]]
    if hand & SUIT_MASKS[led]:
        if led == trump and hand & SUIT_MASKS[trump] == JACK_OF[trump] and hand != JACK_OF[trump]:
            return "puur", {"card": CODES[JACK_OF[trump].bit_length() - 1], "trump": SUITS[trump]}
        return None
    if led == trump:
        return None
    return "void", {"suit": SUITS[led], "trump": SUITS[trump] if trump >= 0 else None}
