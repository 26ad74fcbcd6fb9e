"""A rule-based Mittlere strategy (``normal``).

Each decision it picks a *plan* from the points so far, the hand's strength and the cliffs:

- ``low``: finish with the fewest points — lose tricks, throw point cards onto tricks others win,
  but take one cheap trick (a trickless hand costs 2);
- ``high``: finish with the most points, but below 100 — cash sure winners, win tricks that hold
  points, throw blanks when a trick is lost, push a loser's winner over 100; from 60 points it
  switches to ``low``.  It aims high only with a strong hand (aces, kings: strength 4.5) or a lead in
  points; it keeps a trickless opponent trickless late in the hand when that is cheap.

It counts cards (which higher cards are still unseen decides what is a sure winner and what is a
safe loser) and chooses the trump-fixing card deliberately: when it is void before trump is fixed,
the suit it throws becomes trump, so a ``high`` plan makes its strongest suit trump (Puur, Nell,
length) and a ``low`` plan makes trump a suit it is short and weak in.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import (
    ACE,
    JACK,
    KING,
    NINE,
    NUM_CARDS,
    RANK_OF,
    SUIT_MASKS,
    SUIT_OF,
    SUIT_SYMBOLS,
    TRUMP_STRENGTH,
    card_points,
    iter_cards,
    mask_of,
    pretty,
)
from ..games import MITTLERE
from ..observation import Observation
from ..rules import card_power
from ..scoring import HUNDRED, seat_points
from .common import legal_cards, other_seats, second_look, trick_power
from .family import CHECK, MARGIN, normal_choose
from .search import SearchBot

#: The second look: sampled deals per candidate card, and how much better (expected strokes) another card
#: must be to overrule the plan.  Measured in docs/bots-log.md (second session: how the second look was chosen).
CHECK_WORLDS = 2
CHECK_MARGIN = 1.5


def _may_trump_in(obs: Observation, seat: int, led: int, c: int) -> bool:
    """Whether ``seat`` (to play after us) may beat ``c`` with a trump: known void in ``led``, maybe holding
    a trump stronger than ``c``."""
    trump = obs.trump
    if trump < 0 or led == trump:
        return False
    possible = obs.unseen & ~obs.excluded[seat]
    if possible & SUIT_MASKS[led]:
        return False
    if SUIT_OF[c] != trump:
        return bool(possible & SUIT_MASKS[trump])
    strength = TRUMP_STRENGTH[RANK_OF[c]]
    return any(TRUMP_STRENGTH[RANK_OF[x]] > strength for x in iter_cards(possible & SUIT_MASKS[trump]))


def _higher_unseen(c: int, unseen: int, trump: int) -> int:
    """How many unseen cards of ``c``'s suit beat ``c`` (in that suit's order)."""
    s = SUIT_OF[c]
    n = 0
    for x in iter_cards(unseen & SUIT_MASKS[s]):
        if s == trump:
            if TRUMP_STRENGTH[RANK_OF[x]] > TRUMP_STRENGTH[RANK_OF[c]]:
                n += 1
        elif RANK_OF[x] > RANK_OF[c]:
            n += 1
    return n


class NormalBot:
    level = "normal"

    def __init__(self, seed: int | str = 0, sticky: bool = False, void_leads: bool = False, hopeless: int = 25,
                 cliff: int = 60, threshold: float = 4.5, check: int = CHECK_WORLDS, margin: float = CHECK_MARGIN,
                 family_check: int = CHECK, family_margin: float = MARGIN):
        """``sticky``: keep the hand's first plan until hopeless (``hopeless`` points behind/ahead) instead of
        re-planning every decision; ``void_leads``: aiming low, avoid leading a card nobody can beat, known
        voids included; ``cliff``: aim low from this many points; ``threshold``: hand strength to aim high.
        (The arena's ``normal:key=value`` options; the defaults are the measured best, see docs/bots-log.md.)"""
        self.HOPELESS = hopeless
        self.CLIFF = cliff
        self.HIGH_THRESHOLD = threshold
        self.seed = seed
        self.sticky = sticky
        self.void_leads = void_leads
        self.check = check
        self.margin = margin
        #: Molotow and Plus-Minus (:func:`.family.normal_choose`): the second look's sampled deals per card and margin.
        self.family_check = family_check
        self.family_margin = family_margin
        self._checker = SearchBot(seed, iterations=1, max_ms=None, halving=False)
        self._checker.level = "normal/check"   # its own randomness, apart from a hard bot's with the same seed
        self.last_reason = ""

    # -- plan --------------------------------------------------------------------------------
    @staticmethod
    def strength(hand: int, trump: int) -> float:
        """A rough count of the tricks a hand can force."""
        score = 0.0
        for c in iter_cards(hand):
            r = RANK_OF[c]
            if SUIT_OF[c] == trump:
                score += {JACK: 1.5, NINE: 1.2, ACE: 0.8, KING: 0.5}.get(r, 0.3)
            elif r == ACE:
                score += 1.0
            elif r == KING:
                score += 0.45
            elif trump < 0 and r == JACK:
                score += 0.3
        return score

    def next_plan(self, plan: str, me: int, pts: list[int], tricks_done: int) -> str:
        """Keep ``plan`` unless it has become hopeless."""
        a, b = other_seats(me, len(pts))
        p = pts[me]
        lo, hi = min(pts[a], pts[b]), max(pts[a], pts[b])
        if p >= self.CLIFF:
            return "low"
        if plan == "high":
            if tricks_done >= 4 and hi > p + self.HOPELESS:
                return "low"
            return "high"
        if p > lo + self.HOPELESS and p + 10 >= hi and p >= 30:
            return "high"
        return "low"

    def replan(self, obs: Observation, pts: list[int]) -> str:
        """The plan from the current position alone: strength early, then the points so far."""
        me = obs.seat
        a, b = other_seats(me, obs.seats)
        p = pts[me]
        lo, hi = min(pts[a], pts[b]), max(pts[a], pts[b])
        if p >= self.CLIFF:
            return "low"
        st = self.strength(obs.hand, obs.trump)
        done = len(obs.tricks)
        if done <= 2 and p < 30 and hi < 30:
            return "high" if st >= self.HIGH_THRESHOLD else "low"
        if p < lo or p < 40:
            return "low"
        if p > hi:
            return "high"
        gap_low = p - lo
        gap_high = hi - p - 12 * (st - 2.0)
        return "low" if gap_low <= gap_high else "high"

    def plan(self, obs: Observation) -> str:  # the sticky plan
        """The plan of this hand: chosen at this seat's first decision from its dealt hand, then kept
        unless hopeless.  Replayed from the observation at every decision, so it depends on the
        position only (not on what this object saw before)."""
        me = obs.seat
        eights = obs.rules.eights
        my_plays = [(i, c) for i, (s, c) in enumerate(obs.plays) if s == me]
        dealt = obs.hand
        for _, c in my_plays:
            dealt |= 1 << c
        plan = "high" if self.strength(dealt, -1) >= self.HIGH_THRESHOLD else "low"
        indices = [i for i, _ in my_plays] + [len(obs.plays)]
        for i in indices[1:]:
            done = i // obs.seats
            trump = obs.trump if obs.trump_fixed_at is not None and obs.trump_fixed_at < i else -1
            captured = [0] * obs.seats
            for t in obs.tricks[:done]:
                captured[t.winner] |= mask_of(t.cards)
            pts = seat_points(captured, trump, None, eights)
            plan = self.next_plan(plan, me, pts, done)
        return plan

    # -- choice --------------------------------------------------------------------------------
    def choose(self, obs: Observation) -> int:
        """The plan's card, unless a quick look at ``check`` sampled deals finds a card clearly better (by
        ``margin`` expected strokes): a careful player's second look before a costly mistake.  In Molotow and Plus-Minus
        the family's plan for the game's goal and its own second look (:func:`.family.normal_choose`; ``check=0``
        turns the second look off there too)."""
        if obs.game != MITTLERE.id:
            return normal_choose(self, obs, self.family_check if self.check > 0 else 0, self.family_margin)
        c = self.rule_choice(obs)
        if self.check <= 0:
            return c
        return second_look(self, obs, c, self.margin,
                           lambda reps: self._checker.evaluate_classes(obs, reps, self.check * len(reps))[0])

    def rule_choice(self, obs: Observation) -> int:
        """The card the plan and the card counting pick (no look-ahead)."""
        cards = legal_cards(obs)
        if len(cards) == 1:
            self.last_reason = f"{pretty(cards[0])} is the only card you may play."
            return cards[0]
        pts = obs.card_points()
        mode = self.plan(obs) if self.sticky else self.replan(obs, pts)
        trump = obs.trump
        tv = trump if trump >= 0 else None
        me = obs.seat
        unseen = obs.unseen
        tricks_left = NUM_CARDS // obs.seats - len(obs.tricks)
        need_trick = obs.tricks_won[me] == 0
        urgent = need_trick and tricks_left <= 3

        def value(c: int) -> int:
            return card_points(c, tv)


        if not obs.trick:
            return self._lead(obs, cards, mode, urgent, need_trick, unseen, value)

        led = SUIT_OF[obs.trick[0]]
        best = trick_power(obs.trick, trump)
        last = len(obs.trick) == obs.seats - 1
        trick_pts = sum(value(c) for c in obs.trick)
        # The trump-fixing moment: void in the led suit before trump exists.
        if trump < 0 and not obs.hand & SUIT_MASKS[led]:
            return self._fix_trump(obs, cards, mode, need_trick, pts, trick_pts)
        winners = [c for c in cards if card_power(c, led, trump) > best]
        losers = [c for c in cards if card_power(c, led, trump) <= best]
        if mode == "high" and pts[me] + trick_pts + 15 >= HUNDRED:
            mode = "low"
        if winners and (urgent or (need_trick and last and trick_pts <= 12)):
            c = min(winners, key=lambda c: (value(c), card_power(c, led, trump)))
            self.last_reason = f"Take a trick with {pretty(c)}: a hand without a trick costs two."
            return c
        if (last and winners and tricks_left <= 4 and trick_pts <= 12
                and pts[me] + trick_pts + 20 < HUNDRED):
            ahead = max(range(len(obs.trick)), key=lambda i: card_power(obs.trick[i], led, trump))
            winner = (obs.leader + ahead) % obs.seats
            others = other_seats(me, obs.seats)
            if obs.tricks_won[winner] == 0 and any(obs.tricks_won[s] for s in others if s != winner):
                c = min(winners, key=lambda c: (value(c), card_power(c, led, trump)))
                self.last_reason = f"Take the trick with {pretty(c)}: keep a player without a trick."
                return c
        if mode == "low":
            if losers:
                c = max(losers, key=lambda c: (value(c), RANK_OF[c]))
                self.last_reason = f"Aim low: lose this trick and get rid of {pretty(c)}."
                return c
            # Must win (or may be overtaken): the cheapest, weakest winner.
            c = min(winners, key=lambda c: (value(c), card_power(c, led, trump)))
            self.last_reason = f"Aim low: {pretty(c)} gives away the fewest points."
            return c
        # high
        if winners:
            if last:
                c = max(winners, key=lambda c: (value(c) if pts[me] + trick_pts + value(c) < HUNDRED else -1,
                                                -card_power(c, led, trump)))
            else:
                later = (me + 1) % obs.seats  # the one seat still to play after us (Mittlere: three seats)
                sure = [c for c in winners if _higher_unseen(c, unseen, trump) == 0
                        and not _may_trump_in(obs, later, led, c)]
                pool = sure or winners
                c = max(pool, key=lambda c: (card_power(c, led, trump), value(c)))
            self.last_reason = f"Aim high: take the trick with {pretty(c)}."
            return c
        if last:
            push = self._push_over(obs, losers, pts, trick_pts, value)
            if push is not None:
                return push
        c = min(losers, key=lambda c: (value(c), RANK_OF[c]))
        self.last_reason = f"Aim high: this trick is lost, keep points back with {pretty(c)}."
        return c

    def _push_over(self, obs: Observation, losers: list[int], pts: list[int], trick_pts: int,
                   value: Callable[[int], int]) -> int | None:
        """Last to a trick we lose: a card that takes its winner to 100 or more, if any."""
        led = SUIT_OF[obs.trick[0]]
        winner = (obs.leader + max(range(len(obs.trick)),
                                   key=lambda i: card_power(obs.trick[i], led, obs.trump))) % obs.seats
        over = [c for c in losers if pts[winner] + trick_pts + value(c) >= HUNDRED]
        if not over or pts[winner] + trick_pts >= HUNDRED:
            return None
        c = min(over, key=lambda c: (value(c), RANK_OF[c]))
        self.last_reason = f"Push the trick's winner over 100 with {pretty(c)}."
        return c

    def _lead(self, obs: Observation, cards: list[int], mode: str, urgent: bool, need_trick: bool, unseen: int,
              value: Callable[[int], int]) -> int:
        trump = obs.trump
        if urgent or mode == "high":
            # Sure winners first: nothing unseen beats them (and nobody can trump in, as far as we know).
            def sure(c: int) -> bool:
                if _higher_unseen(c, unseen, trump) > 0:
                    return False
                if trump >= 0 and SUIT_OF[c] != trump and unseen & SUIT_MASKS[trump]:
                    # someone void in this suit may trump it
                    a, b = other_seats(obs.seat, obs.seats)
                    for s in (a, b):
                        rest = unseen & ~obs.excluded[s]
                        if not rest & SUIT_MASKS[SUIT_OF[c]] and rest & SUIT_MASKS[trump]:
                            return False
                return True
            winners = [c for c in cards if sure(c)]
            if winners:
                c = max(winners, key=lambda c: (value(c), card_power(c, SUIT_OF[c], trump)))
                self.last_reason = (f"Take a trick with {pretty(c)}: a hand without a trick costs two." if urgent
                                    else f"Aim high: cash the sure winner {pretty(c)}.")
                return c
            if urgent:
                c = max(cards, key=lambda c: (card_power(c, SUIT_OF[c], trump), -value(c)))
                self.last_reason = f"Lead the strongest card {pretty(c)}: you still need a trick."
                return c
            # no sure winner: lead low from the longest side suit to draw out the high cards
            def high_key(c: int) -> tuple[int, int, int]:
                s = SUIT_OF[c]
                length = (obs.hand & SUIT_MASKS[s]).bit_count()
                return (value(c), -length, RANK_OF[c])
            c = min(cards, key=high_key)
            self.last_reason = f"Aim high: no sure winner yet, lead the cheap {pretty(c)}."
            return c
        # low: lead the card least likely to win and worth nothing
        others = other_seats(obs.seat, obs.seats)

        def beatable(c: int) -> bool:
            """Some other seat may beat ``c``: a higher card of its suit, or a trump when void in it."""
            s = SUIT_OF[c]
            for x in others:
                possible = unseen & ~obs.excluded[x]
                if any(_higher_unseen(c, 1 << y, trump) for y in iter_cards(possible & SUIT_MASKS[s])):
                    return True
                if trump >= 0 and s != trump and not possible & SUIT_MASKS[s] and possible & SUIT_MASKS[trump]:
                    return True
            return False

        def key(c: int) -> tuple[bool, int, int, int, int, int]:
            higher = _higher_unseen(c, unseen, trump)
            is_trump = 1 if SUIT_OF[c] == trump else 0
            length = (obs.hand & SUIT_MASKS[SUIT_OF[c]]).bit_count()
            safe = not beatable(c) if self.void_leads else higher == 0
            return (safe, is_trump, value(c), length, -higher, RANK_OF[c])
        c = min(cards, key=key)
        self.last_reason = f"Aim low: lead {pretty(c)}, which others will likely beat."
        return c

    def _fix_trump(self, obs: Observation, cards: list[int], mode: str, need_trick: bool, pts: list[int],
                   trick_pts: int) -> int:
        """Void before trump: the card thrown fixes trump.  Choose its suit on purpose."""
        hand = obs.hand
        me = obs.seat
        by_suit: dict[int, list[int]] = {}
        for c in cards:
            by_suit.setdefault(SUIT_OF[c], []).append(c)

        def suit_power(s: int) -> float:
            m = hand & SUIT_MASKS[s]
            n = m.bit_count()
            ranks = {RANK_OF[c] for c in iter_cards(m)}
            return n + 3.0 * (JACK in ranks) + 2.0 * (NINE in ranks) + 1.0 * (ACE in ranks)

        want_high = mode == "high" and pts[me] + trick_pts + 25 < HUNDRED
        if want_high:
            s = max(by_suit, key=lambda s: (suit_power(s), -s))
            # play a low trump of that suit: it wins the trick unless overtrumped, keep the Puur and Nell
            c = min(by_suit[s], key=lambda c: (TRUMP_STRENGTH[RANK_OF[c]] >= 7, card_points(c, s), RANK_OF[c]))
            self.last_reason = (f"Aim high: {pretty(c)} makes {SUIT_SYMBOLS[s]} trump, your strongest suit.")
            return c
        s = min(by_suit, key=lambda s: (suit_power(s), s))
        if need_trick and len(obs.trick) == 1:
            # we still need a trick and one seat plays after us: make it hard to overtrump
            c = max(by_suit[s], key=lambda c: (TRUMP_STRENGTH[RANK_OF[c]], -card_points(c, s)))
            self.last_reason = f"{pretty(c)} makes {SUIT_SYMBOLS[s]} trump and should take the trick you need."
            return c
        c = min(by_suit[s], key=lambda c: (card_points(c, s), TRUMP_STRENGTH[RANK_OF[c]]))
        self.last_reason = (f"Aim low: {pretty(c)} makes {SUIT_SYMBOLS[s]} trump, a suit you are weak in.")
        return c
