"""Games as properties (engine.games, docs/seats.md): Mittlere's numbers behind every former constant, a deal and
a hand for another number of seats, and the game of a hand record."""

import json
import random
from pathlib import Path

import pytest

from engine.bots.playout import draw_plans, policy_playout
from engine.cards import ALL_CARDS, NUM_CARDS, iter_cards
from engine.deal import deal, deal_from_deck, first_dealer
from engine.game import DEFAULT_HANDS, Game
from engine.games import GAMES, HAND_POINTS, MITTLERE, GameSpec, game_spec
from engine.observation import observe
from engine.record import RecordError, parse_record, replay, summary
from engine.rules import DEFAULT_RULES
from engine.scoring import Settlement, settle
from engine.state import HandState, outcome, random_playout

RECORDS = Path(__file__).parent / "records"


def _even(card_points, tricks_won, rules):
    """A made-up settlement for the made-up four-seat game of these tests: nothing for anyone."""
    return Settlement("tie", (0,) * len(card_points), {})


def _never_over(strokes, zeros, hands_counted, hands_total):
    return None


#: A four-seat game used only here: the family's seat count, none of Molotow's or Plus-Minus's rules.
FOUR = GameSpec(id="four-seats-test", seats=4, settle=_even, game_over=_never_over, default_hands=1)


def test_mittlere_numbers():
    assert list(GAMES) == ["mittlere", "molotow", "plusminus"] and game_spec("mittlere") is MITTLERE
    assert (MITTLERE.id, MITTLERE.seats, MITTLERE.cards_per_hand, MITTLERE.tricks) == ("mittlere", 3, 12, 12)
    assert MITTLERE.hand_points == HAND_POINTS == 157
    assert MITTLERE.default_hands == DEFAULT_HANDS == 12
    assert MITTLERE.next_seat == (1, 2, 0)
    assert MITTLERE.seat_list() == "0, 1 or 2" and MITTLERE.seats_word() == "three"


def test_mittlere_settles_and_ends_as_the_rule_book():
    pts, tricks = (70, 50, 37), (4, 4, 4)
    assert MITTLERE.settle(pts, tricks, DEFAULT_RULES) == settle(pts, tricks)
    assert MITTLERE.game_over((3, 1, 2), (0, 1, 2), 11, 12) is None
    assert MITTLERE.game_over((3, 1, 2), (0, 1, 2), 12, 12) == [0]
    assert MITTLERE.game_over((3, 2, 2), (1, 0, 2), 12, 12) == [0, 1]      # ties share


def test_unknown_game_is_refused_by_name():
    for bad in ("Molotow", "Mittlere", None, 3):
        with pytest.raises(ValueError, match=r"unknown game .* \(known: mittlere, molotow, plusminus\)"):
            game_spec(bad)


def test_seats_must_divide_the_pack():
    with pytest.raises(ValueError, match="divides the 36 cards"):
        GameSpec(id="five", seats=5, settle=_even, game_over=_never_over, default_hands=1)
    assert (FOUR.cards_per_hand, FOUR.tricks, FOUR.next_seat) == (9, 9, (1, 2, 3, 0))


def test_four_seat_deal_has_four_hands_of_nine_covering_the_pack():
    for k in range(20):
        dealer = first_dealer(f"four/{k}", FOUR.seats)
        assert 0 <= dealer < 4
        hands = deal(f"four/{k}", k, dealer, FOUR.seats)
        assert len(hands) == 4
        assert [h.bit_count() for h in hands] == [9, 9, 9, 9]
        union = 0
        for h in hands:
            assert not union & h
            union |= h
        assert union == ALL_CARDS


def test_four_seat_deal_goes_in_packets_of_three_from_the_dealers_right():
    hands = deal_from_deck(list(range(NUM_CARDS)), 1, FOUR.seats)
    # packets 0, 1, 2, 3 go to seats 2, 3, 0, 1; then round again
    assert list(iter_cards(hands[2]))[:3] == [0, 1, 2]
    assert list(iter_cards(hands[3]))[:3] == [3, 4, 5]
    assert list(iter_cards(hands[0]))[:3] == [6, 7, 8]
    assert list(iter_cards(hands[1]))[:3] == [9, 10, 11]
    assert list(iter_cards(hands[2]))[3:6] == [12, 13, 14]
    # the three-seat deal is the default and unchanged
    assert deal_from_deck(list(range(NUM_CARDS)), 1) == deal_from_deck(list(range(NUM_CARDS)), 1, 3)


def test_a_four_seat_hand_plays_nine_tricks_of_four():
    for k in range(30):
        st = HandState(deal(k, 0, k % 4, FOUR.seats), k % 4, DEFAULT_RULES, FOUR)
        assert st.leader == (k % 4 + 1) % 4 and len(st.captured) == len(st.tricks_won) == 4
        rng = random.Random(k)
        plays = 0
        while not st.is_complete:
            seat = st.to_play
            assert seat == (st.leader + len(st.trick)) % 4
            legal = list(iter_cards(st.legal_mask()))
            st.push(rng.choice(legal))
            plays += 1
        assert plays == NUM_CARDS and len(st.tricks) == 9 and st.to_play is None
        assert all(len(t.cards) == 4 and t.seats() == tuple((t.leader + i) % 4 for i in range(4)) for t in st.tricks)
        out = outcome(st)
        assert sum(out.card_points) == HAND_POINTS and sum(out.tricks_won) == 9
        assert out.settlement is not None and out.settlement.deltas == (0, 0, 0, 0)
        obs = observe(st, 3)
        assert obs.seats == 4 and obs.game == FOUR.id and obs.to_play is None and obs.scores == (0, 0, 0, 0)
        assert len(obs.excluded) == len(obs.counts) == 4


def test_a_four_seat_random_playout_is_the_same_hand_as_push():
    for k in range(30):
        st = HandState(deal(k, 0, k % 4, FOUR.seats), k % 4, DEFAULT_RULES, FOUR)
        random_playout(st, random.Random(k).random)
        again = HandState(deal(k, 0, k % 4, FOUR.seats), k % 4, DEFAULT_RULES, FOUR)
        for c in st.plays:
            assert again.legal_mask() >> c & 1
            again.push(c)
        assert again.tricks == st.tricks and again.captured == st.captured and again.tricks_won == st.tricks_won
        assert st.is_complete and st.leader == again.leader


def test_a_four_seat_policy_playout_plays_legal_cards_to_the_end():
    for k in range(30):
        st = HandState(deal(k, 1, k % 4, FOUR.seats), k % 4, DEFAULT_RULES, FOUR)
        rand = random.Random(k).random
        policy_playout(st, rand, draw_plans([0, 0, 0, 0], rand), 0.25, [0, 0, 0, 0])
        again = HandState(deal(k, 1, k % 4, FOUR.seats), k % 4, DEFAULT_RULES, FOUR)
        for c in st.plays:
            assert again.legal_mask() >> c & 1
            again.push(c)
        assert st.is_complete and again.tricks == st.tricks and again.captured == st.captured


def test_four_seat_hand_refuses_three_hands_and_a_fifth_dealer():
    with pytest.raises(ValueError, match="needs four hands"):
        HandState(deal(1, 0, 0), 0, DEFAULT_RULES, FOUR)
    with pytest.raises(ValueError, match=r"dealer must be 0, 1, 2 or 3, not 4"):
        HandState(deal(1, 0, 0, 4), 4, DEFAULT_RULES, FOUR)


def test_a_game_of_another_spec_deals_plays_and_ends_by_its_spec():
    game = Game(hands_total=1, seed="g", spec=FOUR)
    assert game.spec is FOUR and len(game.state.hands) == 4 and game.state.spec is FOUR
    assert Game(seed="g").spec is MITTLERE
    rng = random.Random(7)
    for _ in range(2):
        dealer = game.dealer
        while game.phase == "play":
            game.play(rng.choice(list(iter_cards(game.state.legal_mask()))))
        assert game.phase == "hand-over"   # FOUR's game_over never ends it, though hands_total is 1
        assert len(game.results[-1].card_points) == 4 and sum(game.results[-1].card_points) == HAND_POINTS
        assert game.winners is None and game.net == [0, 0, 0, 0]
        game.next_hand()
        assert game.dealer == (dealer + 1) % 4


def _record(name="ex1.json"):
    return json.loads((RECORDS / name).read_text())


def test_a_record_without_game_is_mittlere_and_with_game_mittlere_the_same():
    for path in sorted(RECORDS.glob("*.json")):
        data = json.loads(path.read_text())
        assert "game" not in data
        plain = replay(data)
        assert plain.spec is MITTLERE
        named = replay({**data, "game": "mittlere"})
        assert named.spec is MITTLERE
        assert summary(named) == summary(plain)


@pytest.mark.parametrize("game", ["Molotow", "plus-minus", "", None, 4, ["mittlere"]])
def test_a_record_of_an_unknown_game_is_refused(game):
    with pytest.raises(RecordError, match=r"^unknown game .* \(known: mittlere, molotow, plusminus\)$"):
        parse_record({**_record(), "game": game})
