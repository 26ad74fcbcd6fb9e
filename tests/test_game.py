"""A game of N hands: dealer rotation, annulled redeals, strokes and zeros, winners."""

import random

import pytest

from engine.cards import parse_card
from engine.game import Game
from engine.rules import Rules
from engine.scoring import Settlement
from engine.state import IllegalMove


def play_hand(game: Game, rng: random.Random) -> list[dict]:
    events = []
    while game.phase == "play":
        legal = [c for c in range(36) if game.state.legal_mask() >> c & 1]
        events.extend(game.play(rng.choice(legal)))
    return events


def test_dealer_rotates_to_the_right_and_game_ends_after_n_hands():
    game = Game(hands_total=6, seed=11)
    rng = random.Random(0)
    dealers = []
    while True:
        dealers.append(game.dealer)
        assert game.state.leader == (game.dealer + 1) % 3
        events = play_hand(game, rng)
        assert events[-1]["type"] in ("hand_over", "game_over")
        if game.phase == "game-over":
            assert events[-1]["type"] == "game_over"
            break
        game.next_hand()
    assert len(dealers) == 6
    assert all(dealers[i + 1] == (dealers[i] + 1) % 3 for i in range(5))
    assert game.hand_no == 6


def test_strokes_and_zeros_are_kept_apart_and_net_is_their_difference():
    game = Game(hands_total=12, seed=3)
    rng = random.Random(1)
    while True:
        play_hand(game, rng)
        if game.phase == "game-over":
            break
        game.next_hand()
    assert game.net == [s - z for s, z in zip(game.strokes, game.zeros, strict=True)]
    assert game.strokes == [sum(r.settlement.strokes[s] for r in game.results) for s in range(3)]
    best = max(game.net)
    assert game.winners == [s for s in range(3) if game.net[s] == best]


def test_winners_share_on_a_tie():
    game = Game(hands_total=1, seed=1)
    game.results.append(type("R", (), {"settlement": Settlement("x", (1, 1, -2), ""), "annulled": False})())
    assert game.phase == "game-over"
    assert game.winners == [0, 1]


def test_annulled_hand_is_redealt_by_same_dealer_and_does_not_count():
    game = Game(hands_total=2, seed=5, rules=Rules(no_trump="annul"))
    # Force a no-trump hand: give every seat 3-3-3-3 and let everybody follow.
    from test_state import FLAT

    from engine.state import HandState
    game.state = HandState(FLAT, game.dealer, game.rules)
    dealer = game.dealer
    while game.phase == "play":
        st = game.state
        legal = [c for c in range(36) if st.legal_mask() >> c & 1]
        led = st.trick[0] // 9 if st.trick else None
        same = [c for c in legal if led is None or c // 9 == led]
        game.play(same[0])
    assert game.state.trump == -1
    assert game.results[-1].annulled and game.phase == "hand-over"
    assert game.hand_no == 1
    events = game.next_hand()
    assert events[0]["redeal"] is True and game.dealer == dealer and game.hand_no == 1
    assert game.counted == []


def test_no_card_after_the_hand_is_over():
    game = Game(hands_total=1, seed=2)
    play_hand(game, random.Random(2))
    with pytest.raises(IllegalMove):
        game.play(parse_card("SA"))
    with pytest.raises(ValueError):
        game.next_hand()


@pytest.mark.parametrize("bad", [0, -3, 1.5, True, "12"])
def test_bad_game_length_is_refused(bad):
    with pytest.raises(ValueError):
        Game(hands_total=bad)
