"""Hand state: trump fixing, trick winners, final-trump counting, no-trump hands, play-out equivalence."""

import random

import pytest

from engine.cards import codes_of, parse_card
from engine.deal import deal
from engine.rules import Rules
from engine.state import HandState, IllegalMove, apply_move, legal_move_mask, outcome, random_playout, refusal
from helpers import m

# A deal in which every hand is 3-3-3-3: seat 0 holds ranks 6 7 8 of each suit, seat 1 9 10 J, seat 2 Q K A.
FLAT = [m(*[s + r for s in "SHDC" for r in ("6", "7", "8")]),
        m(*[s + r for s in "SHDC" for r in ("9", "10", "J")]),
        m(*[s + r for s in "SHDC" for r in ("Q", "K", "A")])]


def play_codes(state: HandState, *codes: str) -> list[dict]:
    events = []
    for c in codes:
        state, evs = apply_move(state, parse_card(c))
        events.extend(evs)
    return state, events


def test_r1_no_trump_at_start_and_dealer_right_leads():
    st = HandState(deal(1, 0, 2), dealer=2)
    assert st.trump == -1 and st.trump_suit is None
    assert st.to_play == 0 and st.leader == 0


def test_r3_first_off_suit_card_fixes_trump_later_ones_change_nothing():
    hands = [m("S7", "C6"), m("D6", "C8"), m("H6", "C9")]
    st = HandState(hands, dealer=2)  # seat 0 leads
    st, events = play_codes(st, "S7", "D6", "H6")
    assert st.trump_suit == "D" and st.trump_fixed_at == 1 and st.trump_fixed_by == 1
    assert [e["type"] for e in events] == ["card_played", "card_played", "trump_fixed", "card_played", "trick_won"]
    assert events[-1]["seat"] == 1  # the trump D6 wins


def test_tricks_before_trump_keep_their_winner_and_count_with_final_trump():
    # Example 7: trick 1 DA DJ D9 without trump -> DA wins; D becomes trump later -> 11+20+14.
    hands = [m("DA", "S6"), m("DJ", "C6"), m("D9", "H6")]
    st = HandState(hands, dealer=2)
    st, _ = play_codes(st, "DA", "DJ", "D9")
    assert st.tricks[0].winner == 0
    # Trick 2: seat 0 leads S6, seat 1 (void in S) plays C6 -> C trump, seat 2 H6.
    st, _ = play_codes(st, "S6", "C6", "H6")
    assert st.trump_suit == "C" and st.tricks[0].winner == 0
    # valued with clubs as trump the D trick is worth 11 + 2 + 0 (plain).
    assert st.card_points()[0] == 13


def test_final_trump_revalues_earlier_tricks():
    # Trick 1 (no trump yet): DA DJ D9 to seat 0, worth 11 + 2 + 0 as plain cards.  Trick 2: seat 1,
    # void in spades, throws D6 and fixes diamonds as trump: trick 1 is now worth 11 + 20 + 14.
    hands = [m("DA", "S6"), m("DJ", "D6"), m("D9", "H6")]
    st = HandState(hands, dealer=2)
    st, _ = play_codes(st, "DA", "DJ", "D9")
    assert st.card_points()[0] == 13
    st, _ = play_codes(st, "S6", "D6", "H6")
    assert st.trump_suit == "D"
    assert st.card_points()[0] == 45  # 11 + 20 + 14


def test_illegal_card_is_refused_and_state_unchanged():
    st = HandState(deal(3, 0, 0), dealer=0)
    leader_hand = st.hands[st.to_play]
    not_held = next(c for c in range(36) if not leader_hand >> c & 1)
    before = (st.hands[:], st.plays[:])
    with pytest.raises(IllegalMove) as e:
        apply_move(st, not_held)
    assert e.value.refusal.code == "not_in_hand"
    assert (st.hands, st.plays) == before


def flat_playout(rules: Rules) -> HandState:
    """Everybody follows suit all hand: seat 0 leads each suit three times, nobody is ever void."""
    st = HandState(FLAT, dealer=2, rules=rules)
    order = []
    for s in "SHDC":
        for low, mid, high in (("6", "9", "Q"), ("7", "10", "K"), ("8", "J", "A")):
            order.append((s + low, s + mid, s + high))
    for trick in order:
        # the winner (seat 2) leads after trick 1: play in seat order starting from the leader
        by_seat = {0: trick[0], 1: trick[1], 2: trick[2]}
        for i in range(3):
            seat = (st.leader + i) % 3
            st.push(parse_card(by_seat[seat]))
    return st


def test_no_trump_hand_eights_count_8_total_157():
    st = flat_playout(Rules())
    assert st.trump == -1 and st.is_complete
    out = outcome(st)
    assert sum(out.card_points) == 157
    # seat 0 holds 6 7 8 of each suit: the 8s are worth 8 each, but seat 2 wins every trick.
    assert out.tricks_won == (0, 0, 12)
    assert out.settlement.case == "match"


def test_no_trump_hand_annulled_variant():
    st = flat_playout(Rules(no_trump="annul"))
    out = outcome(st)
    assert out.annulled and out.settlement.case == "annulled" and out.settlement.deltas == (0, 0, 0)


def play_random(st: HandState, rng: random.Random) -> HandState:
    while not st.is_complete:
        legal = codes_of(legal_move_mask(st))
        st.push(parse_card(rng.choice(legal)))
    return st


@pytest.mark.parametrize("utw", [False, True])
def test_random_playout_follows_the_same_rules_as_push(utw):
    """Replaying the fast play-out's cards through refusal() + push() accepts every card and agrees."""
    rules = Rules(undertrump_when_void=utw)
    rng = random.Random(99)
    for k in range(300):
        st = HandState(deal("po", k, k % 3), k % 3, rules)
        prefix = rng.randrange(0, 36)
        st = play_random(st, random.Random(k)) if prefix == 35 else st
        for _ in range(prefix if not st.is_complete else 0):
            st.push(rng.choice([c for c in range(36) if legal_move_mask(st) >> c & 1]))
        fast = random_playout(st.copy(), rng.random)
        check = HandState(st.dealt, st.dealer, rules)
        for c in fast.plays:
            assert refusal(check, c) is None
            check.push(c)
        assert check.tricks == fast.tricks
        assert check.captured == fast.captured and check.tricks_won == fast.tricks_won
        assert (check.trump, check.trump_fixed_at, check.trump_fixed_by) == (
            fast.trump, fast.trump_fixed_at, fast.trump_fixed_by)


def test_copy_is_independent():
    st = HandState(deal(5, 0, 1), 1)
    cp = st.copy()
    cp.push(next(c for c in range(36) if cp.legal_mask() >> c & 1))
    assert st.plays == [] and len(cp.plays) == 1 and st.hands != cp.hands


# -- the Python API refuses bad arguments with a clear error (never IndexError or a negative shift) ----------------

@pytest.mark.parametrize("bad", [36, 99, -1, 10 ** 30, True, "SA", 1.0, None])
def test_bad_card_argument_is_a_clear_value_error(bad):
    st = HandState(deal(3, 0, 0), dealer=0)
    for call in (apply_move, refusal):
        with pytest.raises(ValueError, match="not a card"):
            call(st, bad)


@pytest.mark.parametrize("seat", [-1, 3, True, "0", None])
def test_observe_refuses_a_seat_that_does_not_exist(seat):
    from engine.observation import observe

    with pytest.raises(ValueError, match="seat must be 0, 1 or 2"):
        observe(HandState(deal(3, 0, 0), dealer=0), seat)


@pytest.mark.parametrize("hands,dealer,words", [
    ([], 0, "three hands"), ([0, 0], 0, "three hands"), ("abc", 0, "three hands"),
    ([1, 2, "x"], 0, "card masks"), ([-1, 2, 4], 0, "card masks"), ([1 << 36, 2, 4], 0, "card masks"),
    ([1, 1, 2], 0, "more than one hand"),
    ([1, 2, 4], 3, "dealer must be 0, 1 or 2"), ([1, 2, 4], -1, "dealer must be 0, 1 or 2"),
])
def test_malformed_hand_state_is_refused(hands, dealer, words):
    with pytest.raises(ValueError, match=words):
        HandState(hands, dealer)


def test_malformed_rules_are_refused():
    with pytest.raises(ValueError, match="rules"):
        HandState(deal(3, 0, 0), 0, {"no_trump": "eights"})
