"""A game of N hands: dealing in turn, settling each hand, strokes and zeros, standings, winners."""

from __future__ import annotations

import os
from typing import NamedTuple

from .cards import CODES, SUITS, PerSeat, codes_of
from .deal import deal, first_dealer
from .games import MITTLERE, GameSpec
from .protocol import Event, HandRecord, HandResultJson, Phase
from .quote import quote
from .rules import Refusal, Rules
from .scoring import Settlement
from .state import HandState, IllegalMove, apply_move, outcome
from .text import DEFAULT_NAMES

#: Hands of a Mittlere game unless told (the default of :data:`engine.games.MITTLERE`).
DEFAULT_HANDS = MITTLERE.default_hands


def random_seed() -> str:
    """A fresh seed for a game nobody gave a seed: 48 random bits, written in decimal."""
    return str(int.from_bytes(os.urandom(6), "big"))


def hand_record(st: HandState) -> HandRecord:
    """The record of a hand (engine.record): its game (only when not Mittlere, so Mittlere's records stay as they
    were), rules, dealer, dealt hands and plays."""
    record: HandRecord = {"rules": st.rules.to_json(st.spec.id), "dealer": st.dealer,
                          "hands": [codes_of(m) for m in st.dealt], "plays": [CODES[c] for c in st.plays]}
    if st.spec.id != MITTLERE.id:
        record = {"game": st.spec.id, **record}
    return record


class HandResult(NamedTuple):
    """One finished hand: its counting, the settlement case and the strokes and zeros."""

    hand_no: int            # 1-based among counted hands (an annulled hand repeats its number)
    dealer: int
    trump: int
    card_points: PerSeat
    tricks: PerSeat
    settlement: Settlement
    record: HandRecord      # the hand record (see engine.record) to replay it
    last_trick_bonus_seat: int | None   # who won the last trick and its +5 (None for an annulled hand)

    @property
    def annulled(self) -> bool:
        return self.settlement.case == "annulled"

    def to_json(self) -> HandResultJson:
        """The hand's result as the protocol sends it (without the record)."""
        s = self.settlement
        return {
            "hand_no": self.hand_no, "dealer": self.dealer,
            "trump": SUITS[self.trump] if self.trump >= 0 else None,
            "card_points": list(self.card_points), "tricks": list(self.tricks),
            "case": s.case, "roles": s.roles.copy(), "settlement": list(s.deltas),
            "strokes": list(s.strokes), "zeros": list(s.zeros),
            "last_trick_bonus_seat": self.last_trick_bonus_seat,
        }


class Game:
    """A game of ``spec`` (Mittlere unless told) of ``hands_total`` counted hands (at most: the game's end may come
    sooner).  ``seed`` makes every deal reproducible.

    Two hands of seed 7 played by three ``easy`` bots:

    >>> from engine.bots import make_bot
    >>> from engine.observation import observe
    >>> game = Game(hands_total=2, seed=7)
    >>> game.phase, game.dealer, game.state.to_play
    ('play', 2, 0)
    >>> bots = [make_bot("easy", seed=s) for s in range(3)]
    >>> while game.phase != "game-over":
    ...     if game.phase == "hand-over":
    ...         _ = game.next_hand()
    ...     else:
    ...         seat = game.state.to_play
    ...         _ = game.play(bots[seat].choose(observe(game.state, seat, tuple(game.net), game.hands_left)))
    >>> [(r.card_points, r.settlement.case, r.settlement.deltas) for r in game.results]
    [((66, 49, 42), 'ranking', (1, -2, 1)), ((75, 40, 42), 'ranking', (1, 1, -2))]
    >>> game.strokes, game.zeros, game.net, game.winners
    ([2, 1, 1], [0, 2, 2], [2, -1, -1], [0])
    """

    def __init__(self, hands_total: int = DEFAULT_HANDS, seed: int | str | None = None,
                 rules: Rules | None = None, names: tuple[str, ...] = DEFAULT_NAMES, spec: GameSpec = MITTLERE):
        if not isinstance(hands_total, int) or isinstance(hands_total, bool) or hands_total < 1:
            raise ValueError(f"hands per game must be a positive whole number, not {quote(hands_total)}")
        if rules is None:
            rules = spec.default_rules
        rules.check(spec.id)  # RulesError before anything is dealt
        self.spec = spec
        self.hands_total = hands_total
        #: The seed as text (docs/seeding.md: a deal is keyed by the text, so 42 and "42" deal alike).
        self.seed: str = random_seed() if seed is None else str(seed)
        self.rules = rules
        self.names = names
        self.results: list[HandResult] = []
        #: The winning seats once the game is over, else None, as of ``len(results)`` settled hands: the game can
        #: end only when a hand is settled, so reading ``phase`` on every card does not add up the scores again.
        self._winners: list[int] | None = None
        self._winners_at = -1
        self.deal_no = 0
        #: Per dealt hand, the seed it was dealt from when it had its own (a fair deal: docs/peer.md), else None
        self.hand_seeds: list[str | None] = [None]
        self.dealer = first_dealer(self.seed, spec.seats)
        self.state = self._deal()

    # -- reading ---------------------------------------------------------------------------
    @property
    def counted(self) -> list[HandResult]:
        return [r for r in self.results if not r.annulled]

    @property
    def hand_no(self) -> int:
        """Number of the hand being played (or just finished)."""
        if self.state.is_complete and self.results:
            return self.results[-1].hand_no
        return len(self.counted) + 1

    @property
    def phase(self) -> Phase:
        if self._over() is not None:
            return "game-over"
        if self.state.is_complete:
            return "hand-over"
        return "play"

    @property
    def strokes(self) -> list[int]:
        return [sum(r.settlement.strokes[s] for r in self.results) for s in range(self.spec.seats)]

    @property
    def zeros(self) -> list[int]:
        return [sum(r.settlement.zeros[s] for r in self.results) for s in range(self.spec.seats)]

    @property
    def net(self) -> list[int]:
        st, ze = self.strokes, self.zeros
        return [st[s] - ze[s] for s in range(self.spec.seats)]

    @property
    def winners(self) -> list[int] | None:
        """The winning seats once the game is over (Mittlere: the highest net; ties share), else None."""
        over = self._over()
        return None if over is None else list(over)

    def _over(self) -> list[int] | None:
        if self._winners_at != len(self.results):
            self._winners_at = len(self.results)
            self._winners = self.spec.game_over(self.strokes, self.zeros, len(self.counted), self.hands_total)
        return self._winners

    @property
    def hands_left(self) -> int:
        """Hands still to play, this one included; a game that is not a number of hands (Plus-Minus) plays on past
        ``hands_total`` (then 1: this hand)."""
        return max(self.hands_total - len(self.counted), 1 if self.spec.open_ended else 0)

    # -- transitions -----------------------------------------------------------------------
    def _deal(self, seed: str | None = None) -> HandState:
        """The next hand: deal ``deal_no`` of the game's seed, or deal 0 of the hand's own ``seed``."""
        hands = deal(self.seed, self.deal_no, self.dealer, self.spec.seats) if seed is None else \
            deal(seed, 0, self.dealer, self.spec.seats)
        return HandState(hands, self.dealer, self.rules, self.spec)

    def play(self, card: int) -> list[Event]:
        """Play ``card`` for the seat to play.  Raises IllegalMove (nothing changes) if it may not be played."""
        if self.phase != "play":
            raise IllegalMove(Refusal("hand_complete", {}))
        self.state, events = apply_move(self.state, card)
        if self.state.is_complete:
            events.extend(self._finish_hand())
        return events

    def _finish_hand(self) -> list[Event]:
        out = outcome(self.state)
        st = self.state
        assert out.settlement is not None  # the hand is complete
        number = len(self.counted) + 1
        record = hand_record(st)
        bonus = None if out.annulled else st.last_winner
        result = HandResult(number, st.dealer, st.trump, out.card_points, out.tricks_won, out.settlement, record,
                            bonus)
        self.results.append(result)
        events: list[Event] = [{"type": "hand_over", **result.to_json(), "record": record}]
        if self.phase == "game-over":
            events.append({"type": "game_over", "standings": self.net, "winners": self.winners or []})
        return events

    def next_hand(self, seed: str | None = None) -> list[Event]:
        """Deal the next hand (after ``hand-over``).  An annulled hand is dealt again by the same dealer.  ``seed``:
        deal it from its own seed (deal 0 of that seed, a fair deal's) instead of the game's."""
        if self.phase != "hand-over":
            raise ValueError("the hand is not over yet" if self.phase == "play" else "the game is over")
        redeal = self.results[-1].annulled
        if not redeal:
            self.dealer = (self.dealer + 1) % self.spec.seats
        self.deal_no += 1
        self.hand_seeds.append(seed)
        self.state = self._deal(seed)
        return [{"type": "hand_dealt", "hand_no": self.hand_no, "dealer": self.dealer,
                 "leader": self.state.leader, "redeal": redeal}]
