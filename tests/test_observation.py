"""A seat's observation: everything public, nothing of another seat's unplayed cards."""

import random

from engine.cards import SUIT_MASKS, parse_card
from engine.deal import deal
from engine.observation import observe, state_from_observation
from engine.rules import DEFAULT_RULES, Rules
from engine.state import HandState
from helpers import m


def random_state(seed: int, plays: int, rules: Rules = DEFAULT_RULES) -> HandState:
    rng = random.Random(seed)
    st = HandState(deal("obs", seed, seed % 3), seed % 3, rules)
    for _ in range(plays):
        st.push(rng.choice([c for c in range(36) if st.legal_mask() >> c & 1]))
    return st


def test_observation_is_identical_when_only_hidden_cards_differ():
    st = random_state(1, 10)
    seat = 0
    others = [s for s in range(3) if s != seat]
    # swap one unplayed card between the two other seats (same counts): the observation must not change
    a, b = others
    ca = next(c for c in range(36) if st.hands[a] >> c & 1)
    cb = next(c for c in range(36) if st.hands[b] >> c & 1)
    alt = st.copy()
    alt.hands[a] = alt.hands[a] & ~(1 << ca) | (1 << cb)
    alt.hands[b] = alt.hands[b] & ~(1 << cb) | (1 << ca)
    o1, o2 = observe(st, seat), observe(alt, seat)
    assert o1 == o2


def test_void_inferred_from_not_following():
    hands = [m("S7", "C6"), m("D6", "C8"), m("H6", "C9")]
    st = HandState(hands, dealer=2)
    for code in ("S7", "D6", "H6"):
        st.push(parse_card(code))
    obs = observe(st, 0)
    assert obs.excluded[1] & SUIT_MASKS[0] == SUIT_MASKS[0] & ~obs.played
    assert "S" in obs.voids(1) and "S" in obs.voids(2)
    assert obs.trump == 2 and obs.trump_fixed_by == 1 and obs.trump_fixed_at == 1


def test_puur_inference_keeps_the_jack_possible():
    # Trump D fixed; D led later; a seat that does not trump may still hold DJ.
    hands = [m("S7", "D9", "CA"), m("D6", "CK", "DJ"), m("H6", "C9", "HA")]
    st = HandState(hands, dealer=2)
    for code in ("S7", "D6", "H6"):   # D fixed by seat 1, seat 1 wins
        st.push(parse_card(code))
    for code in ("CK", "C9", "CA"):   # seat 1 leads, seat 0 wins with CA
        st.push(parse_card(code))
    st.push(parse_card("D9"))         # seat 0 leads trump
    st.push(parse_card("DJ"))         # seat 1 (holds DJ, ... ) plays it
    st.push(parse_card("HA"))         # seat 2 has no trump
    obs = observe(st, 0)
    assert obs.excluded[2] & SUIT_MASKS[2] == SUIT_MASKS[2] & ~parse_card_mask("DJ") & ~obs.played


def parse_card_mask(code: str) -> int:
    return 1 << parse_card(code)


def test_state_from_observation_round_trips_the_public_state():
    for k in range(50):
        st = random_state(k, k % 36)
        seat = st.to_play
        obs = observe(st, seat)
        hidden = {s: st.hands[s] for s in range(3) if s != seat}
        rebuilt = state_from_observation(obs, hidden)
        assert rebuilt.hands == st.hands and rebuilt.plays == st.plays and rebuilt.tricks == st.tricks
        assert rebuilt.legal_mask() == st.legal_mask()
        assert rebuilt.dealt == st.dealt


def test_observation_reveals_no_unplayed_card_of_another_seat():
    for k in range(100):
        st = random_state(k, k % 36, Rules(undertrump_when_void=bool(k % 2)))
        for seat in range(3):
            obs = observe(st, seat)
            hidden = 0
            for s in range(3):
                if s != seat:
                    hidden |= st.hands[s]
            assert obs.hand & hidden == 0
            assert all(c not in [x for x in range(36) if hidden >> x & 1] for _, c in obs.plays)
            # what is excluded for a seat is never a card that seat holds: inference is sound
            for s in range(3):
                if s != seat:
                    assert obs.excluded[s] & st.hands[s] == 0
            assert obs.unseen == hidden
