"""Exact search of the end of a hand with all cards known (one sampled world): max-n on strokes.

Every seat plays the card that maximizes its *own* settlement delta (the hand's payoff is not
zero-sum between two sides, so this is max-n rather than alpha-beta); an opponent choosing among
equally good cards picks the one worst for the searching seat (a cautious tie-break).
"""

from __future__ import annotations

from ..cards import CARDS_PER_HAND, SUIT_OF
from ..rules import card_power, legal_mask
from ..scoring import seat_points
from .common import deltas_of


def solve_deltas(state, root: int) -> tuple[int, list[int], list[int]]:
    """Solve ``state`` (a HandState, not modified) to its end.

    Returns ``(root's delta, final card points, final tricks won)`` of the max-n line.
    """
    hands = state.hands[:]
    captured = state.captured[:]
    tw = state.tricks_won[:]
    eights = state.rules.eights
    utw = state.rules.undertrump_when_void
    n_tricks = len(state.tricks)

    def rec(trick: list[int], leader: int, trump: int, n_done: int):
        if n_done == CARDS_PER_HAND:
            pts = seat_points(captured, trump, last[0], eights)
            return deltas_of(pts, tw), pts, tw[:]
        seat = (leader + len(trick)) % 3
        legal = legal_mask(hands[seat], trick, trump, utw)
        best = None
        best_val = None
        hand = hands[seat]
        while legal:
            bit = legal & -legal
            legal ^= bit
            c = bit.bit_length() - 1
            hands[seat] = hand ^ bit
            new_trump = trump
            if trump < 0 and trick and SUIT_OF[c] != SUIT_OF[trick[0]]:
                new_trump = SUIT_OF[c]
            trick.append(c)
            if len(trick) == 3:
                led = SUIT_OF[trick[0]]
                k = [card_power(x, led, new_trump) for x in trick]
                w = (leader + k.index(max(k))) % 3
                m = (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2])
                captured[w] |= m
                tw[w] += 1
                prev_last = last[0]
                if n_done + 1 == CARDS_PER_HAND:
                    last[0] = w
                res = rec([], w, new_trump, n_done + 1)
                last[0] = prev_last
                tw[w] -= 1
                captured[w] ^= m
            else:
                res = rec(trick, leader, new_trump, n_done)
            trick.pop()
            hands[seat] = hand
            d = res[0]
            val = (d[seat], -d[root]) if seat != root else (d[seat], 0)
            if best is None or val > best_val:
                best, best_val = res, val
        return best

    last = [None]
    d, pts, tws = rec(list(state.trick), state.leader, state.trump, n_tricks)
    return d[root], pts, tws
