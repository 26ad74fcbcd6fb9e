import pytest

from engine.cards import (
    ALL_CARDS,
    CODES,
    PLAIN_POINTS,
    SUIT_MASKS,
    TRUMP_POINTS,
    code,
    parse_card,
    points_of,
    pretty,
    sort_key,
)


def test_36_cards_with_unique_codes():
    assert len(CODES) == 36 == len(set(CODES))
    assert CODES[0] == "S6" and CODES[8] == "SA" and CODES[35] == "CA"
    for c in range(36):
        assert parse_card(code(c)) == c


@pytest.mark.parametrize("bad", ["", "S5", "X7", "SAA", "S1", None, 7, "H11", "sa", " SA"])
def test_unknown_codes_are_refused_with_a_message(bad):
    with pytest.raises(ValueError, match="card"):
        parse_card(bad)


def test_pretty_codes():
    assert pretty(parse_card("DA")) == "♦A"
    assert pretty(parse_card("S10")) == "♠10"


def test_plain_and_trump_points():
    # docs/rules.md §2: plain A11 K4 Q3 J2 10=10, trump J20 9=14.
    assert dict(zip(["6", "7", "8", "9", "10", "J", "Q", "K", "A"], PLAIN_POINTS, strict=True)) == {
        "6": 0, "7": 0, "8": 0, "9": 0, "10": 10, "J": 2, "Q": 3, "K": 4, "A": 11}
    assert dict(zip(["6", "7", "8", "9", "10", "J", "Q", "K", "A"], TRUMP_POINTS, strict=True)) == {
        "6": 0, "7": 0, "8": 0, "9": 14, "10": 10, "J": 20, "Q": 3, "K": 4, "A": 11}
    for s in range(4):
        assert points_of(SUIT_MASKS[s], None) == 30
        assert points_of(SUIT_MASKS[s], s) == 62
    for t in range(4):
        assert points_of(ALL_CARDS, t) + 5 == 157
    assert points_of(ALL_CARDS, None, eights=True) + 5 == 157


def test_display_order_puts_trump_first_high_to_low():
    hand = [parse_card(c) for c in ["S6", "DA", "D9", "DJ", "HK", "D6"]]
    trump = parse_card("D6") // 9
    ordered = [code(c) for c in sorted(hand, key=lambda c: sort_key(c, trump))]
    assert ordered[:4] == ["DJ", "D9", "DA", "D6"]
