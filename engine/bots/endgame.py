"""Exact search of the end of a hand with all cards known (one sampled world): max-n on strokes.

Every seat plays the card that maximizes its *own* settlement delta (the hand's payoff is not
zero-sum between two sides, so this is max-n rather than alpha-beta); an opponent choosing among
equally good cards picks the one worst for the searching seat (a cautious tie-break).

A transposition table keyed at trick boundaries by the cards still held, the leader, trump and a
summary of the past (card points per seat once trump is fixed, else the captured cards, and the
tricks won) lets one solve share work between the candidates of the root and between orders of
play that reach the same position.
"""

from __future__ import annotations

from ..cards import EIGHT, RANK_OF, SEVEN, SIX, SUIT_OF, card_points
from ..rules import card_power, legal_mask
from ..scoring import seat_points
from ..state import HandState
from .common import deltas_of

Result = tuple[tuple[int, int, int], list[int], list[int]]


def _blanks(trump: int, eights: bool) -> int:
    """Cards worth 0 whatever happens later: with trump fixed its zero cards; before, 6 7 (and 8 without
    the eights rule) of every suit (a 9 may still become the Nell)."""
    m = 0
    for c in range(36):
        r = RANK_OF[c]
        if trump >= 0:
            if card_points(c, trump) == 0:
                m |= 1 << c
        elif r in (SIX, SEVEN) or (r == EIGHT and not eights):
            m |= 1 << c
    return m


_ZERO = tuple(_blanks(t, False) for t in range(-1, 4))
_ZERO_EIGHTS = _blanks(-1, True)


def solve_root(state: HandState, root: int, cands: list[int] | None) -> list[tuple[int, list[int], list[int]]]:
    """Solve ``state`` (not modified) after each card of ``cands`` (``root`` must be to play), or, with
    ``cands`` None, from the position itself (any seat to play; a list of one result).

    Returns per candidate ``(root's delta, final card points, final tricks won)`` of the max-n line.
    """
    hands = state.hands[:]
    captured = state.captured[:]
    tw = state.tricks_won[:]
    eights = state.rules.eights
    utw = state.rules.undertrump_when_void
    memo: dict[tuple[int, ...], Result] = {}
    last = [-1]
    # Mittlere's solver: three seats (the key and the settlement below count on it)
    n_seats = state.spec.seats
    n_tricks = state.spec.tricks

    def rec(trick: list[int], leader: int, trump: int, n_done: int) -> Result:
        if n_done == n_tricks:
            pts = seat_points(captured, trump, last[0], eights)
            return deltas_of(pts, tw), pts, tw[:]
        key: tuple[int, ...] | None = None
        if not trick:
            if trump >= 0:
                p = seat_points(captured, trump, None, eights)
                key = (hands[0], hands[1], hands[2], leader, trump, p[0], p[1], p[2], tw[0], tw[1], tw[2])
            else:
                key = (hands[0], hands[1], hands[2], leader, trump, captured[0], captured[1], captured[2],
                       tw[0], tw[1], tw[2])
            hit = memo.get(key)
            if hit is not None:
                return hit
        seat = (leader + len(trick)) % n_seats
        best = play_each(seat, legal_mask(hands[seat], trick, trump, utw), trick, leader, trump, n_done)
        if key is not None:
            memo[key] = best
        return best

    def play_each(seat: int, legal: int, trick: list[int], leader: int, trump: int,
                  n_done: int, collect: list[Result] | None = None) -> Result:
        best: Result | None = None
        best_val = (0, 0)
        hand = hands[seat]
        others = hands[0] | hands[1] | hands[2]
        others &= ~hand
        zero = _ZERO[trump + 1] if (trump >= 0 or not eights) else _ZERO_EIGHTS
        prev = -1
        while legal:
            bit = legal & -legal
            legal ^= bit
            c = bit.bit_length() - 1
            if zero >> c & 1:
                # a blank right above the previous blank of its suit, no other seat's card between: same move
                if prev >= 0 and SUIT_OF[prev] == SUIT_OF[c] and not others & (bit - (2 << prev)):
                    continue
                prev = c
            hands[seat] = hand ^ bit
            new_trump = trump
            if trump < 0 and trick and SUIT_OF[c] != SUIT_OF[trick[0]]:
                new_trump = SUIT_OF[c]
            trick.append(c)
            if len(trick) == n_seats:
                led = SUIT_OF[trick[0]]
                k = [card_power(x, led, new_trump) for x in trick]
                w = (leader + k.index(max(k))) % n_seats
                m = (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2])
                captured[w] |= m
                tw[w] += 1
                prev_last = last[0]
                if n_done + 1 == n_tricks:
                    last[0] = w
                res = rec([], w, new_trump, n_done + 1)
                last[0] = prev_last
                tw[w] -= 1
                captured[w] ^= m
            else:
                res = rec(trick, leader, new_trump, n_done)
            trick.pop()
            hands[seat] = hand
            if collect is not None:
                collect.append(res)
            d = res[0]
            val = (d[seat], -d[root]) if seat != root else (d[seat], 0)
            if best is None or val > best_val:
                best, best_val = res, val
        assert best is not None
        return best

    if cands is None:
        d, pts, tws = rec(list(state.trick), state.leader, state.trump, len(state.tricks))
        return [(d[root], pts, tws)]
    out = []
    for c in cands:
        got: list[Result] = []
        play_each(root, 1 << c, list(state.trick), state.leader, state.trump, len(state.tricks), got)
        d, pts, tws = got[0]
        out.append((d[root], pts, tws))
    return out
