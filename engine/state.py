"""The state of one hand and its explicit transitions.

:class:`HandState` holds everything about a hand in progress (hands as bit sets, the current
trick, trump, captured cards).  It is cheap to copy.  The pure functions ``legal_move_mask``,
``apply_move``, ``refusal`` and ``outcome`` are the interface; ``HandState.push`` is the
in-place transition they (and the search bots) share.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import NamedTuple

from .cards import (
    ALL_CARDS,
    CODES,
    JACK_OF,
    LAST_TRICK_BONUS,
    NUM_CARDS,
    RANK_OF,
    SUIT_MASKS,
    SUIT_OF,
    SUITS,
    TRUMP_BELOW,
    TRUMP_STRENGTH,
    PerSeat,
    mask_of,
    points_of,
)
from .games import MITTLERE, GameSpec
from .protocol import Event
from .quote import quote
from .rules import DEFAULT_RULES, Refusal, Rules, card_power, legal_mask, trick_winner_offset, why_not
from .scoring import Settlement, annulled, seat_points


class Trick(NamedTuple):
    """A complete trick: who led, the cards in playing order, who won it."""

    leader: int
    cards: tuple[int, ...]      # one card per seat
    winner: int

    def seats(self) -> tuple[int, ...]:
        """The seat of each card, in playing order."""
        n = len(self.cards)
        return tuple([(self.leader + i) % n for i in range(n)])


class IllegalMove(ValueError):
    """A card that may not be played now; ``refusal`` says why."""

    def __init__(self, refusal: Refusal):
        super().__init__(refusal.message)
        self.refusal = refusal


class HandState:
    """One hand of a game of the family (``spec``, Mittlere unless told), from the deal to the last trick.

    ``hands``: one card mask per seat (:func:`engine.deal.deal` deals them); the seat after the dealer leads.

    >>> from engine.cards import codes_of
    >>> from engine.deal import deal
    >>> state = HandState(deal(seed=42, deal_no=0, dealer=0), dealer=0)
    >>> state
    HandState(dealer=0, plays=0, trump=None, to_play=1)
    >>> codes_of(state.hands[2])
    ['S6', 'S9', 'S10', 'H8', 'H9', 'D7', 'D10', 'DJ', 'DK', 'C9', 'CK', 'CA']
    """

    __slots__ = ("spec", "seats", "rules", "dealer", "dealt", "hands", "leader", "trick", "trump", "trump_fixed_at",
                 "trump_fixed_by", "captured", "tricks_won", "tricks", "plays")

    def __init__(self, hands: Sequence[int], dealer: int, rules: Rules | None = None, spec: GameSpec = MITTLERE):
        if rules is None:
            rules = spec.default_rules if isinstance(spec, GameSpec) else DEFAULT_RULES
        _check_deal(hands, dealer, rules, spec)
        seats = spec.seats
        self.spec = spec
        #: ``spec.seats``, at hand for the hot paths (to_play, push)
        self.seats = seats
        self.rules = rules
        self.dealer = dealer
        self.dealt: PerSeat = tuple(hands)
        self.hands: list[int] = list(hands)
        self.leader = (dealer + 1) % seats
        self.trick: list[int] = []
        self.trump = -1
        self.trump_fixed_at: int | None = None
        self.trump_fixed_by: int | None = None
        self.captured = [0] * seats
        self.tricks_won = [0] * seats
        self.tricks: list[Trick] = []
        self.plays: list[int] = []

    # -- reading -------------------------------------------------------------------------
    @property
    def is_complete(self) -> bool:
        return len(self.tricks) == self.spec.tricks

    @property
    def to_play(self) -> int | None:
        """The seat to play, or None when the hand is complete."""
        if len(self.plays) == NUM_CARDS:
            return None
        return (self.leader + len(self.trick)) % self.seats

    @property
    def trump_suit(self) -> str | None:
        return SUITS[self.trump] if self.trump >= 0 else None

    @property
    def last_winner(self) -> int | None:
        return self.tricks[-1].winner if len(self.tricks) == self.spec.tricks else None

    def play_seats(self) -> list[int]:
        """The seat of every play, in order."""
        seats = [s for t in self.tricks for s in t.seats()]
        n = self.seats
        seats.extend((self.leader + i) % n for i in range(len(self.trick)))
        return seats

    def copy(self) -> HandState:
        new = HandState.__new__(HandState)
        new.spec = self.spec
        new.seats = self.seats
        new.rules = self.rules
        new.dealer = self.dealer
        new.dealt = self.dealt
        new.hands = self.hands[:]
        new.leader = self.leader
        new.trick = self.trick[:]
        new.trump = self.trump
        new.trump_fixed_at = self.trump_fixed_at
        new.trump_fixed_by = self.trump_fixed_by
        new.captured = self.captured[:]
        new.tricks_won = self.tricks_won[:]
        new.tricks = self.tricks[:]
        new.plays = self.plays[:]
        return new

    def card_points(self) -> list[int]:
        """Card points per seat valued with the current trump (the final one once complete)."""
        return seat_points(self.captured, self.trump, self.last_winner, self.rules.eights)

    def legal_mask(self) -> int:
        seat = self.to_play
        if seat is None:
            return 0
        return legal_mask(self.hands[seat], self.trick, self.trump, self.rules.undertrump_when_void)

    # -- the transition --------------------------------------------------------------------
    def push(self, c: int, events: list[Event] | None = None) -> None:
        """Play card ``c`` for the seat to play, in place.  The card must be legal (not checked).

        When ``events`` is a list, the events of this play are appended to it as JSON-ready dicts.
        """
        trick = self.trick
        n = self.seats
        seat = (self.leader + len(trick)) % n
        self.hands[seat] &= ~(1 << c)
        if events is not None:
            events.append({"type": "card_played", "seat": seat, "card": CODES[c]})
        if self.trump < 0 and trick and SUIT_OF[c] != SUIT_OF[trick[0]]:
            self.trump = SUIT_OF[c]
            self.trump_fixed_at = len(self.plays)
            self.trump_fixed_by = seat
            if events is not None:
                events.append({"type": "trump_fixed", "seat": seat, "suit": SUITS[self.trump],
                               "play_index": len(self.plays)})
        self.plays.append(c)
        trick.append(c)
        if len(trick) == n:
            winner = (self.leader + trick_winner_offset(trick, self.trump)) % n
            done = Trick(self.leader, tuple(trick), winner)
            self.tricks.append(done)
            taken = 0
            for x in trick:
                taken |= 1 << x
            self.captured[winner] |= taken
            self.tricks_won[winner] += 1
            self.leader = winner
            self.trick = []
            if events is not None:
                events.append({"type": "trick_won", "seat": winner, "points": trick_points(self, done),
                               "trick_no": len(self.tricks),
                               "cards": [{"seat": s, "card": CODES[x]}
                                         for s, x in zip(done.seats(), done.cards, strict=True)]})

    def __repr__(self) -> str:
        return (f"HandState(dealer={self.dealer}, plays={len(self.plays)}, trump={self.trump_suit}, "
                f"to_play={self.to_play})")


# -- the pure interface ---------------------------------------------------------------------

def legal_move_mask(state: HandState) -> int:
    """The mask of cards the seat to play may play (0 when the hand is complete).

    >>> from engine.cards import codes_of, parse_card
    >>> from engine.deal import deal
    >>> state = HandState(deal(seed=42, deal_no=0, dealer=0), dealer=0)
    >>> codes_of(legal_move_mask(state))                        # seat 1 leads: any card of its hand
    ['SJ', 'H6', 'H7', 'H10', 'HK', 'HA', 'D6', 'D8', 'D9', 'DA', 'C10', 'CJ']
    >>> codes_of(legal_move_mask(apply_move(state, parse_card("HA"))[0]))   # seat 2 follows hearts
    ['H8', 'H9']
    """
    return state.legal_mask()


def refusal(state: HandState, c: int) -> Refusal | None:
    """None if the seat to play may play ``c`` now, else why not.  ValueError when ``c`` is not a card.

    >>> from engine.cards import parse_card
    >>> from engine.deal import deal
    >>> state = HandState(deal(seed=42, deal_no=0, dealer=0), dealer=0)
    >>> refusal(state, parse_card("HA")) is None
    True
    >>> refusal(state, parse_card("SA"))                        # seat 0's card, not seat 1's
    Refusal(code='not_in_hand', params={'card': 'SA'})
    """
    if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < NUM_CARDS:
        raise ValueError(f"not a card: {quote(c)} (a card is an int 0..35; parse_card('SA') gives one)")
    seat = state.to_play
    if seat is None:
        return Refusal("hand_complete", {})
    return why_not(state.hands[seat], c, state.trick, state.trump, state.rules.undertrump_when_void)


def apply_move(state: HandState, c: int) -> tuple[HandState, list[Event]]:
    """A new state after the seat to play plays ``c``, and the events of that play.

    Raises :class:`IllegalMove` (state unchanged) for a card that may not be played.

    >>> from engine.cards import parse_card
    >>> from engine.deal import deal
    >>> state = HandState(deal(seed=42, deal_no=0, dealer=0), dealer=0)
    >>> state, events = apply_move(state, parse_card("HA"))
    >>> events
    [{'type': 'card_played', 'seat': 1, 'card': 'HA'}]
    >>> apply_move(state, parse_card("S6"))                     # seat 2 holds hearts
    Traceback (most recent call last):
    ...
    engine.state.IllegalMove: You hold ♥: follow suit.
    >>> state, _ = apply_move(state, parse_card("H9"))
    >>> state, events = apply_move(state, parse_card("HQ"))     # the trick is complete: seat 1 takes 14 points
    >>> events[-1]["type"], events[-1]["seat"], events[-1]["points"], state.to_play
    ('trick_won', 1, 14, 1)
    """
    r = refusal(state, c)
    if r is not None:
        raise IllegalMove(r)
    new = state.copy()
    events: list[Event] = []
    new.push(c, events)
    return new, events


def trick_points(state: HandState, trick: Trick) -> int:
    """A complete trick's points valued with the hand's current trump (+5 for the last trick)."""
    pts = points_of(mask_of(trick.cards), state.trump if state.trump >= 0 else None, state.rules.eights)
    if len(state.tricks) == state.spec.tricks and trick is state.tricks[-1]:
        pts += LAST_TRICK_BONUS
    return pts


def _check_deal(hands: Sequence[int], dealer: int, rules: Rules, spec: GameSpec) -> None:
    """ValueError unless ``hands`` are disjoint card masks, one per seat of ``spec``, ``dealer`` a seat, ``rules``
    Rules the game knows and ``spec`` a GameSpec."""
    if not isinstance(spec, GameSpec):
        raise ValueError(f"spec must be engine.games.GameSpec, not {quote(spec)}")
    seats = spec.seats
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) or len(hands) != seats:
        raise ValueError(f"a hand state needs {spec.seats_word()} hands (card masks, by seat), not {quote(hands)}")
    seen = twice = 0
    for h in hands:
        if not isinstance(h, int) or isinstance(h, bool) or h < 0 or h & ~ALL_CARDS:
            raise ValueError(f"hands must be card masks (ints with bits 0..35), not {quote(h)}")
        twice |= seen & h
        seen |= h
    if twice:
        raise ValueError("a card is in more than one hand")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < seats:
        raise ValueError(f"dealer must be {spec.seat_list()}, not {quote(dealer)}")
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be engine.rules.Rules, not {quote(rules)}")
    rules.check(spec.id)  # RulesError (a ValueError) for a flag value the game does not know


class Outcome(NamedTuple):
    """Card points, tricks and settlement of a hand (settlement None until complete)."""

    card_points: PerSeat
    tricks_won: PerSeat
    complete: bool
    annulled: bool
    settlement: Settlement | None


def outcome(state: HandState) -> Outcome:
    """Count and settle the hand (docs/rules.md §5, §6).

    >>> import random
    >>> from engine.deal import deal
    >>> state = HandState(deal(seed=42, deal_no=0, dealer=0), dealer=0)
    >>> outcome(state)
    Outcome(card_points=(0, 0, 0), tricks_won=(0, 0, 0), complete=False, annulled=False, settlement=None)
    >>> done = random_playout(state.copy(), random.Random(1).random)
    >>> out = outcome(done)
    >>> out.card_points, sum(out.card_points), out.tricks_won
    ((71, 40, 46), 157, (5, 3, 4))
    >>> out.settlement                                          # seat 2 in the middle: -2, the others +1
    Settlement(case='ranking', deltas=(1, 1, -2), roles={'middle': 2, 'high': 0, 'low': 1})
    """
    pts = tuple(state.card_points())
    tw = tuple(state.tricks_won)
    if not state.is_complete:
        return Outcome(pts, tw, False, False, None)
    if state.trump < 0 and not state.rules.eights:
        return Outcome(pts, tw, True, True, annulled(state.spec.seats))
    return Outcome(pts, tw, True, False, state.spec.settle(pts, tw, state.rules))


def random_playout(state: HandState, rand: Callable[[], float]) -> HandState:
    """Play the hand to its end in place with uniformly random legal cards; ``rand()`` gives a float in [0, 1).

    A hand-inlined loop over the same rules as ``legal_mask`` and ``push`` (checked against them
    by the tests), tracking the trick's winner incrementally: it is the inner loop of the
    benchmark and of the search bots.
    """
    hands = state.hands
    plays = state.plays
    captured = state.captured
    tricks_won = state.tricks_won
    tricks = state.tricks
    trump = state.trump
    utw = state.rules.undertrump_when_void
    suit_of, rank_of, strength_of, suit_masks = SUIT_OF, RANK_OF, _STRENGTH_OF, SUIT_MASKS
    nxt = state.spec.next_seat
    last = len(nxt) - 1  # cards on the table before the trick's last card
    trick_cards = LAST_CARDS[len(nxt)]
    append = plays.append
    add_trick = tricks.append
    leader = state.leader
    seat = leader
    led = -1
    win, wkey, taken = leader, -1, 0
    for c in state.trick:  # resume a trick in progress
        s = suit_of[c]
        if led < 0:
            led = s
        key = card_power(c, led, trump)
        if key > wkey:
            win, wkey = seat, key
        taken |= 1 << c
        seat = nxt[seat]
    ntrick = len(state.trick)
    for _ in range(36 - len(plays)):
        hand = hands[seat]
        if ntrick == 0:
            legal = hand
        else:
            follow = hand & suit_masks[led]
            if trump < 0:
                legal = follow or hand
            else:
                trumps = hand & suit_masks[trump]
                if led == trump:
                    legal = hand if (trumps == 0 or trumps == JACK_OF[trump]) else trumps
                else:
                    legal = (follow | trumps) if follow else hand
                    if wkey > 100 and trumps and trumps != hand and (follow or not utw):
                        legal &= ~TRUMP_BELOW[trump][wkey - 100]
        if legal & (legal - 1):
            k = int(rand() * legal.bit_count())
            while k:
                legal &= legal - 1
                k -= 1
            bit = legal & -legal
        else:
            bit = legal
        c = bit.bit_length() - 1
        hands[seat] = hand ^ bit
        s = suit_of[c]
        if ntrick == 0:
            led = s
            win, wkey = seat, (100 + strength_of[c] if s == trump else rank_of[c])
        else:
            if trump < 0 and s != led:
                trump = s
                state.trump = s
                state.trump_fixed_at = len(plays)
                state.trump_fixed_by = seat
            if s == trump:
                key = 100 + strength_of[c]
                if key > wkey:
                    win, wkey = seat, key
            elif s == led and rank_of[c] > wkey:
                win, wkey = seat, rank_of[c]
        append(c)
        taken |= bit
        if ntrick == last:
            add_trick(Trick(leader, trick_cards(plays), win))
            captured[win] |= taken
            tricks_won[win] += 1
            leader = seat = win
            ntrick = taken = 0
        else:
            ntrick += 1
            seat = nxt[seat]
    state.leader = leader
    state.trick = []
    return state


_STRENGTH_OF = tuple(TRUMP_STRENGTH[RANK_OF[c]] for c in range(36))

#: ``LAST_CARDS[seats](plays)``: the last ``seats`` cards of a list as a tuple (a trick just completed), for every
#: number of seats a game may have (the hot loops' fast way to cut a trick).
LAST_CARDS: dict[int, Callable[[list[int]], tuple[int, ...]]] = {
    n: itemgetter(*range(-n, 0)) for n in range(2, NUM_CARDS + 1) if NUM_CARDS % n == 0}
