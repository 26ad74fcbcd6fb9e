"""What one seat may know: its own hand and everything public.  Bots only ever see this.

Nothing in an :class:`Observation` reveals another seat's unplayed cards; what is known
about them is derived from the public plays (``excluded``: cards a seat cannot hold).
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import ALL_CARDS, JACK_OF, NUM_CARDS, RANK_OF, SUIT_MASKS, SUIT_OF, SUITS, TRUMP_STRENGTH, PerSeat
from .games import MITTLERE, game_spec
from .quote import quote
from .rules import Rules, highest_trump_strength
from .scoring import seat_points
from .state import HandState, Trick


class Observation(NamedTuple):
    """A seat's view of a hand in progress (plus the game score, when there is a game).

    The per-seat tuples hold one value per seat of the game (:attr:`seats`).
    """

    seat: int
    rules: Rules
    dealer: int
    hand: int                                   # this seat's cards (mask)
    plays: tuple[tuple[int, int], ...]          # (seat, card) in playing order
    tricks: tuple[Trick, ...]                   # complete tricks
    leader: int                                 # leader of the current trick
    trick: tuple[int, ...]                      # cards of the current trick, leader first
    trump: int                                  # -1 before trump is fixed
    trump_fixed_at: int | None                  # index into plays
    trump_fixed_by: int | None
    tricks_won: PerSeat
    captured: PerSeat                           # cards taken per seat (public: tricks are seen)
    counts: PerSeat                             # cards left per seat
    excluded: PerSeat                           # per seat: unplayed cards it is known not to hold
    scores: PerSeat = (0, 0, 0)                 # game net (strokes minus zeros) before this hand
    hands_left: int = 1                         # hands still to play in the game, this one included
    game: str = MITTLERE.id                     # the game being played (engine.games)

    @property
    def seats(self) -> int:
        """The number of seats of the game."""
        return len(self.counts)

    @property
    def to_play(self) -> int | None:
        seats = len(self.counts)
        if len(self.tricks) * seats == NUM_CARDS:
            return None
        return (self.leader + len(self.trick)) % seats

    @property
    def played(self) -> int:
        """Mask of every card played so far."""
        m = 0
        for _, c in self.plays:
            m |= 1 << c
        return m

    @property
    def unseen(self) -> int:
        """Cards held by the other seats (together), as far as this seat can tell."""
        return ALL_CARDS & ~self.played & ~self.hand

    def card_points(self) -> list[int]:
        """Card points per seat so far, valued with the current trump (as :meth:`HandState.card_points`)."""
        last = self.tricks[-1].winner if len(self.tricks) * len(self.counts) == NUM_CARDS else None
        return seat_points(self.captured, self.trump, last, self.rules.eights)

    def voids(self, seat: int) -> str:
        """Suit letters ``seat`` is known to be void in (for display)."""
        if seat == self.seat:
            return "".join(SUITS[s] for s in range(4) if not self.hand & SUIT_MASKS[s])
        rest = ~self.excluded[seat] & self.unseen
        return "".join(SUITS[s] for s in range(4) if not rest & SUIT_MASKS[s])


def inferred_exclusions(tricks: tuple[Trick, ...] | list[Trick], trick: list[int] | tuple[int, ...], leader: int,
                        trump_fixed_at: int | None, final_trump: int, rules: Rules,
                        seats: int = MITTLERE.seats) -> list[int]:
    """Per seat, the cards it cannot hold as shown by its plays (docs/rules.md §4 read backwards).

    - not following the led suit before trump, or throwing a third suit after it: void in the led suit;
    - not playing a trump to a trump lead: no trump but possibly the Puur;
    - undertrumping: only trumps left (or, with ``undertrump_when_void``, void in the led suit).
    """
    excluded = [0] * seats
    sequences: list[tuple[int, tuple[int, ...]]] = [(t.leader, t.cards) for t in tricks]
    sequences.append((leader, tuple(trick)))
    index = 0
    for lead_seat, cards in sequences:
        for i, c in enumerate(cards):
            seat = (lead_seat + i) % seats
            trump = final_trump if (trump_fixed_at is not None and index > trump_fixed_at) else -1
            index += 1
            if i == 0:
                continue
            led = SUIT_OF[cards[0]]
            s = SUIT_OF[c]
            if trump < 0:
                if s != led:
                    excluded[seat] |= SUIT_MASKS[led]
            elif led == trump:
                if s != trump:
                    excluded[seat] |= SUIT_MASKS[trump] & ~JACK_OF[trump]
            elif s != led and s != trump:
                excluded[seat] |= SUIT_MASKS[led]
            elif s == trump:
                best = highest_trump_strength(cards[:i], trump)
                if 0 <= TRUMP_STRENGTH[RANK_OF[c]] < best:
                    if rules.undertrump_when_void:
                        excluded[seat] |= SUIT_MASKS[led]
                    else:
                        excluded[seat] |= ALL_CARDS & ~SUIT_MASKS[trump]
    return excluded


def observe(state: HandState, seat: int, scores: PerSeat | None = None, hands_left: int = 1) -> Observation:
    """The observation of ``seat`` in ``state`` (``scores``: the game's net per seat before this hand, 0 each unless
    given).

    >>> from engine.cards import codes_of, parse_card
    >>> from engine.deal import deal
    >>> from engine.state import HandState, apply_move
    >>> state = HandState(deal(seed=42, deal_no=0, dealer=0), dealer=0)
    >>> state, _ = apply_move(state, parse_card("HA"))           # seat 1 leads the ♥A
    >>> obs = observe(state, 2)
    >>> obs.to_play, codes_of(obs.hand)                          # seat 2 sees its own cards only
    (2, ['S6', 'S9', 'S10', 'H8', 'H9', 'D7', 'D10', 'DJ', 'DK', 'C9', 'CK', 'CA'])
    >>> obs.plays, obs.counts, obs.unseen.bit_count()            # (seat, card) played; cards left; cards it cannot see
    (((1, 17),), (12, 11, 12), 23)
    >>> obs.hands_left, obs.scores
    (1, (0, 0, 0))
    """
    spec = state.spec
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < spec.seats:
        raise ValueError(f"seat must be {spec.seat_list()}, not {quote(seat)}")
    seats = state.play_seats()
    plays = tuple(zip(seats, state.plays, strict=True))
    excluded = inferred_exclusions(state.tricks, state.trick, state.leader, state.trump_fixed_at, state.trump,
                                   state.rules, spec.seats)
    played = 0
    for c in state.plays:
        played |= 1 << c
    excluded = [(e & ~played) for e in excluded]
    excluded[seat] = ALL_CARDS & ~state.hands[seat] & ~played
    return Observation(
        seat=seat, rules=state.rules, dealer=state.dealer, hand=state.hands[seat], plays=plays,
        tricks=tuple(state.tricks), leader=state.leader, trick=tuple(state.trick), trump=state.trump,
        trump_fixed_at=state.trump_fixed_at, trump_fixed_by=state.trump_fixed_by,
        tricks_won=tuple(state.tricks_won), captured=tuple(state.captured),
        counts=tuple([h.bit_count() for h in state.hands]),
        excluded=tuple(excluded), scores=(0,) * spec.seats if scores is None else scores, hands_left=hands_left,
        game=spec.id,
    )


def state_from_observation(obs: Observation, hidden: dict[int, int]) -> HandState:
    """A full :class:`HandState` agreeing with ``obs``, the other seats holding ``hidden[seat]`` (masks).

    Used by search bots to play out sampled worlds ("determinizations").

    >>> from engine.cards import codes_of, parse_card
    >>> from engine.deal import deal
    >>> from engine.state import HandState, apply_move
    >>> state = HandState(deal(seed=42, deal_no=0, dealer=0), dealer=0)
    >>> obs = observe(state, 1)
    >>> world = state_from_observation(obs, {0: state.hands[2], 2: state.hands[0]})   # seats 0 and 2 swapped
    >>> world.to_play, codes_of(world.hands[0])[:3], world.hands[1] == state.hands[1]
    (1, ['S6', 'S9', 'S10'], True)
    """
    hands = [obs.hand if s == obs.seat else hidden[s] for s in range(obs.seats)]
    dealt = list(hands)
    for s, c in obs.plays:
        dealt[s] |= 1 << c
    st = HandState(dealt, obs.dealer, obs.rules, game_spec(obs.game))
    st.hands = hands
    st.leader = obs.leader
    st.trick = list(obs.trick)
    st.trump = obs.trump
    st.trump_fixed_at = obs.trump_fixed_at
    st.trump_fixed_by = obs.trump_fixed_by
    st.captured = list(obs.captured)
    st.tricks_won = list(obs.tricks_won)
    st.tricks = list(obs.tricks)
    st.plays = [c for _, c in obs.plays]
    return st
