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
    JACK_OF,
    RANK_OF,
    SUIT_MASKS,
    SUIT_OF,
    TRUMP_BELOW,
    TRUMP_STRENGTH,
    card_points,
)
from ..rules import card_power
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
    adapt = points_now is not None
    if adapt:
        seat_pts = list(points_now or ())
        modes = [HIGH if p else LOW for p in plans]
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
    n_tricks = state.spec.tricks
    points = _POINTS[trump + 1]
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
        elif rand() < eps:
            k = int(rand() * legal.bit_count())
            while k:
                legal &= legal - 1
                k -= 1
            bit = legal & -legal
        else:
            bit = plan_choice(legal, ntrick, led, wkey, trump, points, modes[seat] if adapt else plans[seat])
        c = bit.bit_length() - 1
        hands[seat] = hand ^ bit
        s = suit_of[c]
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
                adapt_plans(modes, seat_pts, tricks_won, n_tricks - len(tricks))
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
