"""Fast play-outs for the search bots: finish a sampled world in place with a cheap policy.

``policy_playout`` plays like a sensible but quick player: every seat follows a *plan* drawn at the
start of the play-out from the points so far (``low``: lose tricks, dump points onto others' tricks,
take the cheapest trick when forced; ``high``: win tricks, keep points back when a trick is lost),
and with probability ``eps`` a uniformly random legal card instead (the search must not trust the
others to play one way).  The rules are the same as :func:`engine.rules.legal_mask` and
:meth:`engine.state.HandState.push` (the tests check the cards are always legal).
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import (
    ALL_CARDS,
    JACK_OF,
    RANK_OF,
    SUIT_MASKS,
    SUIT_OF,
    TRUMP_BELOW,
    TRUMP_STRENGTH,
    card_points,
)
from ..games import MITTLERE
from ..observation import Observation
from ..rules import card_power, legal_mask
from ..scoring import seat_points
from ..state import LAST_CARDS, HandState, Trick

_STRENGTH_OF = tuple(TRUMP_STRENGTH[RANK_OF[c]] for c in range(36))
#: ``_POINTS[trump + 1][c]``: points of card ``c`` with trump suit ``trump`` (-1: none yet, plain values).
_POINTS = tuple(tuple(card_points(c, t if t >= 0 else None) for c in range(36)) for t in range(-1, 4))


def draw_plans(points: list[int], rand: Callable[[], float]) -> list[bool]:
    """Per seat, True for a ``high`` plan: likelier for the seat leading in points, never near 100."""
    plans = []
    ranked = sorted(points)
    top, second = ranked[-1], ranked[-2]
    for s in range(len(points)):
        p = points[s]
        others = second if p == top else top  # the most any other seat has
        if p >= 75:
            chance = 0.0
        elif p > others + 10:
            chance = 0.7
        elif p + 10 < others:
            chance = 0.15
        else:
            chance = 0.3
        plans.append(rand() < chance)
    return plans


def policy_playout(state: HandState, rand: Callable[[], float], plans: list[bool], eps: float = 0.25,
                   points_now: list[int] | None = None) -> None:
    """Play ``state`` to its end in place: each seat by its plan, or at random with probability ``eps``.

    With ``points_now`` (each seat's card points so far) the plans adapt after every trick as a sensible player's
    would (:func:`adapt_plans`); without it each seat keeps the plan it was given.
    """
    modes = [HIGH if p else LOW for p in plans] if points_now is not None else plans
    _play_out(state, rand, [eps] * len(state.hands), modes, points_now, None, 0)


def _play_out(state: HandState, rand: Callable[[], float], eps: list[float], modes: list[bool] | list[int],
              points_now: list[int] | None, voids: list[int] | None, rule_seats: int) -> None:
    """The play-out loop: with ``voids`` (:func:`rule_playout`) the seats in ``rule_seats`` (bits) play
    :func:`rule_card`; every other seat its plan in ``modes`` (:func:`plan_choice`), adapted after every trick when
    ``points_now`` is given; seat ``s`` plays a uniformly random legal card instead with probability ``eps[s]``."""
    adapt = points_now is not None
    rules = voids is not None
    hands = state.hands
    plays = state.plays
    captured = state.captured
    tricks_won = state.tricks_won
    tricks = state.tricks
    trump = state.trump
    utw = state.rules.undertrump_when_void
    eights = state.rules.eights
    suit_of, rank_of, strength_of, suit_masks = SUIT_OF, RANK_OF, _STRENGTH_OF, SUIT_MASKS
    nxt = state.spec.next_seat
    last = len(nxt) - 1  # cards on the table before the trick's last card
    trick_cards = LAST_CARDS[len(nxt)]
    n_tricks = state.spec.tricks
    points = _POINTS[trump + 1]
    seen_voids = list(voids or ())   # rules: each seat's known void suits, growing as seats fail to follow
    remaining = 0                    # rules: the cards still in the hands
    seat_pts: list[int] = []         # adapt or rules: each seat's card points so far
    if adapt:
        seat_pts = list(points_now or ())
    elif rules:
        seat_pts = seat_points(captured, trump, None, eights)
        for h in hands:
            remaining |= h
    append = plays.append
    add_trick = tricks.append
    leader = state.leader
    seat = leader
    led = -1
    win, wkey, taken = leader, -1, 0
    for c in state.trick:  # resume a trick in progress
        if led < 0:
            led = suit_of[c]
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
        if not legal & (legal - 1):
            bit = legal
        elif rand() < eps[seat]:
            k = int(rand() * legal.bit_count())
            while k:
                legal &= legal - 1
                k -= 1
            bit = legal & -legal
        elif rule_seats >> seat & 1:
            bit = _rule_step(legal, hand, seat, nxt, seat_pts, seen_voids, tricks_won, len(tricks), n_tricks, plays,
                             ntrick, last, led, wkey, win, trump, points, remaining)
        else:
            bit = plan_choice(legal, ntrick, led, wkey, trump, points, modes[seat])
        c = bit.bit_length() - 1
        hands[seat] = hand ^ bit
        s = suit_of[c]
        if rules:
            remaining ^= bit
            if ntrick and s != led:
                seen_voids[seat] |= 1 << led
        if ntrick == 0:
            led = s
            win, wkey = seat, (100 + strength_of[c] if s == trump else rank_of[c])
        else:
            if trump < 0 and s != led:
                trump = s
                points = _POINTS[trump + 1]
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
            cards = trick_cards(plays)
            add_trick(Trick(leader, cards, win))
            captured[win] |= taken
            tricks_won[win] += 1
            leader = seat = win
            if adapt:
                for x in cards:
                    seat_pts[win] += points[x]
                adapt_plans(modes, seat_pts, tricks_won, n_tricks - len(tricks))  # type: ignore[arg-type]
            elif rules:
                seat_pts = seat_points(captured, trump, None, eights)
            ntrick = taken = 0
        else:
            ntrick += 1
            seat = nxt[seat]
    state.leader = leader
    state.trick = []

#: Plan modes of an adapting play-out: lose tricks, win tricks, take one trick (a trickless hand costs 2).
LOW, HIGH, GRAB = 0, 1, 2


def adapt_plans(modes: list[int], points: list[int], tricks_won: list[int], tricks_left: int) -> None:
    """After a trick, each seat's plan as a sensible player would change it: leave ``high`` near the 100 cliff,
    aim ``high`` when clearly ahead, and take a trick when still trickless late in the hand."""
    top = -1  # the two highest points, found when first needed
    for s in range(len(points)):
        p = points[s]
        if tricks_won[s] == 0 and tricks_left <= 4:
            modes[s] = GRAB
        elif p >= 68:
            modes[s] = LOW
        elif modes[s] != HIGH and p >= 40:
            if top < 0:
                ranked = sorted(points)
                top, second = ranked[-1], ranked[-2]
            if p > (second if p == top else top) + 12:  # clearly ahead of every other seat
                modes[s] = HIGH
        elif modes[s] == GRAB:
            modes[s] = LOW


def plan_choice(legal: int, ntrick: int, led: int, wkey: int, trump: int, points: tuple[int, ...],
                high: bool | int) -> int:
    """The card (as a one-bit mask) a plan plays from ``legal``: ``ntrick`` cards are on the table, ``led`` is their
    suit and ``wkey`` the winning card's power (:func:`engine.rules.card_power`); ``points`` per card for ``trump``.
    ``high`` is the plan: False/``LOW``, True/``HIGH``, or ``GRAB`` (take this trick as cheaply as possible, lead
    the strongest card)."""
    grab = high == GRAB
    suit_of, rank_of, strength_of = SUIT_OF, RANK_OF, _STRENGTH_OF
    best_bit = 0
    best_score = -10 ** 9
    m = legal
    while m:
        b = m & -m
        m ^= b
        c = b.bit_length() - 1
        s = suit_of[c]
        pts = points[c]
        if s == trump:
            power = 100 + strength_of[c]
        elif ntrick == 0 or s == led:
            power = rank_of[c]
        elif trump < 0:
            # rules R3: the hand's first off-suit card fixes trump and is the only trump in the trick (it takes the
            # trick so far), worth its trump points
            power = 100 + strength_of[c]
            pts = _POINTS[s + 1][c]
        else:
            power = -1
        if ntrick == 0:
            # lead: high plan its strongest card, low plan its weakest cheap card (no trumps)
            if high:
                score = power * 16 + pts
            else:
                score = -power * 16 - pts - (2000 if s == trump else 0)
        elif power > wkey:  # this card takes the trick (so far)
            if grab:
                score = 2000 - pts * 16 - power
            elif high:
                score = 1000 + pts * 16 + (power if ntrick == 1 else -power)
            else:
                score = -1000 - pts * 16 - power
        else:  # this card loses the trick
            if high and not grab:
                score = -pts * 16 - power
            else:
                score = 1000 + pts * 16 + power
        if score > best_score:
            best_score, best_bit = score, b
    return best_bit


# -- the rule policy: normal's plan logic on bitmasks ------------------------------------------------------------------
#
# ``rule_card`` plays like ``normal``'s rules (:meth:`engine.bots.normal.NormalBot.rule_choice`) without its second
# look, written on card masks and lookup tables so that a play-out stays cheap: a plan per decision from the points
# and the hand's strength, card counting from the cards the seat has not seen, the cliff at 100, the trick-less -2,
# the trump-fixing card chosen on purpose.  :func:`rule_playout` plays a world out with it.

def _above_table() -> tuple[tuple[int, ...], ...]:
    """``_ABOVE[trump + 1][c]``: the cards of ``c``'s suit that beat ``c`` (trump order in the trump suit)."""
    rows = []
    for t in range(-1, 4):
        row = []
        for c in range(36):
            s = SUIT_OF[c]
            m = 0
            for x in range(s * 9, s * 9 + 9):
                if (_STRENGTH_OF[x] > _STRENGTH_OF[c]) if s == t else (RANK_OF[x] > RANK_OF[c]):
                    m |= 1 << x
            row.append(m)
        rows.append(tuple(row))
    return tuple(rows)


_ABOVE = _above_table()

# normal's hand strength (NormalBot.strength) per suit of 9 bits: [0] the trump suit, [1] a plain suit once trump
# is fixed, [2] any suit before trump
_RANK_WEIGHTS = (
    (0.3, 0.3, 0.3, 1.2, 0.3, 1.5, 0.3, 0.5, 0.8),
    (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.45, 1.0),
    (0.0, 0.0, 0.0, 0.0, 0.0, 0.3, 0.0, 0.45, 1.0),
)
_SUIT_STRENGTH = tuple(tuple(sum(w[r] for r in range(9) if m >> r & 1) for m in range(512)) for w in _RANK_WEIGHTS)
#: normal's suit power for the trump-fixing card (length, Puur, Nell, ace) per suit of 9 bits.
_SUIT_POWER = tuple(m.bit_count() + 3 * (m >> 5 & 1) + 2 * (m >> 3 & 1) + (m >> 8 & 1) for m in range(512))


def hand_strength(hand: int, trump: int) -> float:
    """``NormalBot.strength``: a rough count of the tricks ``hand`` can force with ``trump`` (-1: not fixed)."""
    if trump < 0:
        t = _SUIT_STRENGTH[2]
        return t[hand & 511] + t[hand >> 9 & 511] + t[hand >> 18 & 511] + t[hand >> 27 & 511]
    plain, trumps = _SUIT_STRENGTH[1], _SUIT_STRENGTH[0]
    return sum((trumps if s == trump else plain)[hand >> (9 * s) & 511] for s in range(4))


def rule_plan(hand: int, trump: int, p: int, lo: int, hi: int, done: int) -> bool:
    """``NormalBot.replan``: True to aim high.  ``p`` is the seat's points, ``lo``/``hi`` the others' fewest and
    most, ``done`` the tricks played."""
    if p >= 60:
        return False
    if done <= 2 and p < 30 and hi < 30:
        return hand_strength(hand, trump) >= 4.5
    if p < lo or p < 40:
        return False
    if p > hi:
        return True
    return p - lo > hi - p - 12 * (hand_strength(hand, trump) - 2.0)


def rule_card(legal: int, hand: int, unseen: int, ntrick: int, led: int, wkey: int, trump: int,
              points: tuple[int, ...], high: bool, my_pts: int, trick_pts: int, need_trick: bool, tricks_left: int,
              last: bool, ruff: int, later_voids: int, win_pts: int, keep_trickless: bool) -> int:
    """The card (a one-bit mask) ``normal``'s rules play from ``legal`` (at least two cards).

    ``hand`` is the seat's hand, ``unseen`` the cards it has not seen (the others' hands); ``ntrick`` cards are on
    the table, ``led`` their suit, ``wkey`` the winning power, ``trick_pts`` their points; ``high`` the plan,
    ``my_pts`` the seat's points, ``tricks_left`` counts this trick.  ``ruff``: suits (bits) another seat is known
    void in while it may hold trumps; ``later_voids``: the next seat's known void suits; when ``last``: ``win_pts``,
    the trick winner's points, and ``keep_trickless``, whether that winner is the only seat without a trick.
    """
    urgent = need_trick and tricks_left <= 3
    above = _ABOVE[trump + 1]
    suit_masks = SUIT_MASKS
    if ntrick == 0:
        return _rule_lead(legal, hand, unseen, trump, points, high, urgent, ruff, above)
    if trump < 0 and not hand & suit_masks[led]:
        return _rule_fix(legal, hand, ntrick, high, my_pts + trick_pts, need_trick)
    if high and my_pts + trick_pts + 15 >= 100:
        high = False
    suit_of, rank_of, strength_of = SUIT_OF, RANK_OF, _STRENGTH_OF
    cheap_win = cheap_key = 0    # the cheapest winner: fewest points, then weakest
    best_win, best_key = 0, -(1 << 30)   # high: the winner it wants
    low_lose = low_key = 0        # low: the most valuable loser
    high_lose = high_key = 0      # high: the cheapest loser
    push = push_key = 0           # high, last: the cheapest loser that takes the winner to 100
    if high and not last and trump >= 0 and led != trump and unseen & suit_masks[trump] \
            and not later_voids >> trump & 1 and (later_voids >> led & 1 or not unseen & suit_masks[led]):
        later_trumps = unseen & suit_masks[trump]   # the next seat is void in the led suit and may trump in
    else:
        later_trumps = 0
    m = legal
    while m:
        b = m & -m
        m ^= b
        c = b.bit_length() - 1
        s = suit_of[c]
        v = points[c]
        if s == trump:
            power = 100 + strength_of[c]
        elif s == led:
            power = rank_of[c]
        else:
            power = -1
        if power > wkey:
            k = v * 256 + power
            if not cheap_win or k < cheap_key:
                cheap_win, cheap_key = b, k
            if high:
                if last:
                    k = (v if my_pts + trick_pts + v < 100 else -1) * 256 - power
                else:
                    sure = not unseen & above[c] and not (later_trumps and (s != trump or later_trumps & above[c]))
                    k = (1 << 20 if sure else 0) + power * 256 + v
                if k > best_key:
                    best_win, best_key = b, k
        else:
            k = v * 16 + rank_of[c]
            if not low_lose or k > low_key:
                low_lose, low_key = b, k
            if not high_lose or k < high_key:
                high_lose, high_key = b, k
            if last and high and win_pts + trick_pts < 100 <= win_pts + trick_pts + v and (not push or k < push_key):
                push, push_key = b, k
    if cheap_win and (urgent or (need_trick and last and trick_pts <= 12)):
        return cheap_win
    if cheap_win and keep_trickless and tricks_left <= 4 and trick_pts <= 12 and my_pts + trick_pts + 20 < 100:
        return cheap_win
    if not high:
        return low_lose or cheap_win
    if best_win:
        return best_win
    return push or high_lose


def _rule_lead(legal: int, hand: int, unseen: int, trump: int, points: tuple[int, ...], high: bool, urgent: bool,
               ruff: int, above: tuple[int, ...]) -> int:
    """``NormalBot._lead`` on masks."""
    suit_of, rank_of, strength_of, suit_masks = SUIT_OF, RANK_OF, _STRENGTH_OF, SUIT_MASKS
    trumps_out = trump >= 0 and unseen & suit_masks[trump]
    best = 0
    best_key = -(1 << 30)
    if urgent or high:
        m = legal
        while m:   # sure winners first: nothing unseen beats them, nobody known void may trump them
            b = m & -m
            m ^= b
            c = b.bit_length() - 1
            if unseen & above[c]:
                continue
            s = suit_of[c]
            if trumps_out and s != trump and (ruff >> s & 1 or not unseen & suit_masks[s]):
                continue
            k = points[c] * 256 + (100 + strength_of[c] if s == trump else rank_of[c])
            if k > best_key:
                best, best_key = b, k
        if best:
            return best
    m = legal
    while m:
        b = m & -m
        m ^= b
        c = b.bit_length() - 1
        s = suit_of[c]
        v = points[c]
        if urgent:     # the strongest card, fewest points
            k = (100 + strength_of[c] if s == trump else rank_of[c]) * 256 - v
        elif high:     # no sure winner: a cheap card from the longest suit
            k = -(v * 4096 - (hand & suit_masks[s]).bit_count() * 16 + rank_of[c])
        else:          # low: the card least likely to win and worth nothing
            higher = (unseen & above[c]).bit_count()
            k = -(((0 if higher else 1) << 20) + ((1 if s == trump else 0) << 19) + (v << 12)
                  + ((hand & suit_masks[s]).bit_count() << 8) + ((8 - higher) << 4) + rank_of[c])
        if k > best_key:
            best, best_key = b, k
    return best


def _rule_fix(legal: int, hand: int, ntrick: int, high: bool, pts_with_trick: int, need_trick: bool) -> int:
    """``NormalBot._fix_trump`` on masks: void in the led suit before trump, the card thrown fixes trump."""
    want_high = high and pts_with_trick + 25 < 100
    best_s, best_key = -1, 0
    for s in range(4):
        sm = legal >> (9 * s) & 511
        if not sm:
            continue
        k = _SUIT_POWER[hand >> (9 * s) & 511] * 8 + (3 - s if want_high else s)
        if best_s < 0 or (k > best_key if want_high else k < best_key):
            best_s, best_key = s, k
    s = best_s
    pts = _POINTS[s + 1]
    best, best_k = 0, 0
    m = legal & SUIT_MASKS[s]
    strongest = want_high is False and need_trick and ntrick == 1
    while m:
        b = m & -m
        m ^= b
        c = b.bit_length() - 1
        st = _STRENGTH_OF[c]
        if want_high:   # a low trump of it, keeping the Puur and the Nell
            k = -((1 if st >= 7 else 0) * 4096 + pts[c] * 16 + RANK_OF[c])
        elif strongest:  # a trick is needed and one seat plays after: hard to overtrump
            k = st * 256 - pts[c]
        else:
            k = -(pts[c] * 16 + st)
        if not best or k > best_k:
            best, best_k = b, k
    return best


def public_voids(obs: Observation) -> list[int]:
    """Per seat, the suits (bits) it is publicly known to hold no more of (its ``excluded`` cards cover them)."""
    left = ALL_CARDS & ~obs.played
    out = []
    for x in range(obs.seats):
        rest = left & ~obs.excluded[x]
        out.append(sum(1 << s for s in range(4) if not rest & SUIT_MASKS[s]))
    return out


def rule_playout(state: HandState, rand: Callable[[], float], eps: list[float], voids: list[int],
                 plans: list[bool] | None = None, rule_seats: int = 7) -> None:
    """Play ``state`` (a three-seat hand) to its end in place with :func:`rule_card`; seat ``s`` plays a uniformly
    random legal card instead with probability ``eps[s]``.  ``voids``: per seat the suits (bits) it is publicly known
    to be void in (:func:`public_voids`); a seat that does not follow is added.  With ``plans``, only the seats in
    ``rule_seats`` (bits) play the rules, the others their plan of the plan play-out (:func:`plan_choice`); with no
    rule seat it is the plan play-out, without the rules' bookkeeping."""
    _play_out(state, rand, eps, plans or [], None, voids if rule_seats else None, rule_seats)


def _rule_step(legal: int, hand: int, seat: int, nxt: tuple[int, ...], seat_pts: list[int], voids: list[int],
               tricks_won: list[int], done: int, n_tricks: int, plays: list[int], ntrick: int, last: int, led: int,
               wkey: int, win: int, trump: int, points: tuple[int, ...], remaining: int) -> int:
    """One :func:`rule_card` decision inside a play-out, from the play-out's running state."""
    a = nxt[seat]
    b = nxt[a]
    pa, pb = seat_pts[a], seat_pts[b]
    p = seat_pts[seat]
    high = rule_plan(hand, trump, p, pa if pa < pb else pb, pb if pa < pb else pa, done)
    ruff = 0
    if trump >= 0:
        if not voids[a] >> trump & 1:
            ruff = voids[a]
        if not voids[b] >> trump & 1:
            ruff |= voids[b]
    trick_pts = 0
    keep = False
    if ntrick:
        for x in plays[len(plays) - ntrick:]:
            trick_pts += points[x]
        if ntrick == last and win != seat and not tricks_won[win]:
            keep = tricks_won[a if win == b else b] > 0
    return rule_card(legal, hand, remaining & ~hand, ntrick, led, wkey, trump, points, high, p, trick_pts,
                     not tricks_won[seat], n_tricks - done, ntrick == last, ruff, voids[a], seat_pts[win], keep)


class PolicyBot:
    """A play-out policy played as a bot (an arena control: ``engine.bots.playout:PolicyBot``).

    ``policy=rules``: :func:`rule_card` (the plan from the position, as in a play-out); ``policy=plans``: the plan
    play-out's :func:`plan_choice` with plans drawn from the points (:func:`draw_plans`).  With probability ``eps``
    a uniformly random legal card, as in a play-out.  Deterministic per position."""

    level = "policy"

    def __init__(self, seed: int | str = 0, policy: str = "rules", eps: float = 0.0):
        if policy not in ("rules", "plans"):
            raise ValueError(f"unknown policy {policy!r} (rules, plans)")
        self.seed = seed
        self.policy = policy
        self.eps = eps

    def choose(self, obs: Observation) -> int:
        from .common import decision_rng, trick_power
        legal = legal_mask(obs.hand, obs.trick, obs.trump, obs.rules.undertrump_when_void)
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        rand = decision_rng(self.level, self.seed, obs).random
        me = obs.seat
        pts = obs.card_points()
        trump = obs.trump
        points = _POINTS[trump + 1]
        ntrick = len(obs.trick)
        led = SUIT_OF[obs.trick[0]] if ntrick else -1
        wkey = trick_power(obs.trick, trump) if ntrick else -1
        if self.policy == "plans":
            plans = draw_plans(pts, rand)
            if rand() < self.eps:
                return _nth(legal, int(rand() * legal.bit_count()))
            bit = plan_choice(legal, ntrick, led, wkey, trump, points, plans[me])
            return bit.bit_length() - 1
        if rand() < self.eps:
            return _nth(legal, int(rand() * legal.bit_count()))
        seats = obs.seats
        a, b = (me + 1) % seats, (me + 2) % seats
        done = len(obs.tricks)
        high = rule_plan(obs.hand, trump, pts[me], min(pts[a], pts[b]), max(pts[a], pts[b]), done)
        voids = public_voids(obs)
        ruff = 0
        if trump >= 0:
            for x in (a, b):
                if not voids[x] >> trump & 1:
                    ruff |= voids[x]
        trick_pts = sum(points[x] for x in obs.trick)
        last = ntrick == seats - 1
        win = obs.leader
        keep = False
        if ntrick:
            offsets = [card_power(x, led, trump) for x in obs.trick]
            win = (obs.leader + offsets.index(max(offsets))) % seats
            if last and win != me and not obs.tricks_won[win]:
                keep = obs.tricks_won[a if win == b else b] > 0
        bit = rule_card(legal, obs.hand, obs.unseen, ntrick, led, wkey, trump, points, high, pts[me], trick_pts,
                        not obs.tricks_won[me], MITTLERE.tricks - done, last, ruff, voids[a],
                        pts[win], keep)
        return bit.bit_length() - 1


def _nth(mask: int, k: int) -> int:
    """The ``k``-th card (from the lowest) of ``mask``."""
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1
