"""One test per play rule of docs/rules.md §4 and per worked example of §8 (examples 1-7)."""

import pytest

from engine.rules import Rules, legal_mask, trick_winner_offset, why_not
from helpers import cs, legal_codes, m, suit

NONE = -1


# R2: before trump is fixed, must follow.
def test_r2_must_follow_before_trump_example_1():
    assert legal_codes(legal_mask(m("SK", "HA", "DJ"), cs("S7"), NONE)) == {"SK"}


def test_r2_jack_is_ordinary_before_trump_example_2():
    assert legal_codes(legal_mask(m("HJ", "SA", "C7"), cs("H6"), NONE)) == {"HJ"}


def test_r2_void_may_play_anything_before_trump():
    assert legal_codes(legal_mask(m("HJ", "DA", "C7"), cs("S6"), NONE)) == {"HJ", "DA", "C7"}


def test_leader_may_lead_anything():
    assert legal_codes(legal_mask(m("HJ", "DA"), [], suit("D"))) == {"HJ", "DA"}


# R3 + R5 in the fixing trick: the fixing card is the trump to beat.
def test_example_3_fixing_card_makes_trump_for_rest_of_trick():
    # Lead S7, P2 plays D6 -> D trump.  P3 holds SA DJ HK.
    assert legal_codes(legal_mask(m("SA", "DJ", "HK"), cs("S7", "D6"), suit("D"))) == {"SA", "DJ"}
    # If P3 plays SA, P2 wins with the trump D6.
    assert trick_winner_offset(cs("S7", "D6", "SA"), suit("D")) == 1


def test_example_4_no_undertrumping_the_fixing_card():
    assert legal_codes(legal_mask(m("SA", "D7", "HK"), cs("S7", "D8"), suit("D"))) == {"SA"}


# R5: plain suit led after trump.
def test_r5_follow_or_trump_but_no_third_suit():
    legal = legal_mask(m("S9", "DQ", "C7"), cs("SA"), suit("D"))
    assert legal_codes(legal) == {"S9", "DQ"}


def test_r5_void_may_play_anything_and_nobody_must_trump():
    legal = legal_mask(m("DQ", "C7", "HA"), cs("SA"), suit("D"))
    assert legal_codes(legal) == {"DQ", "C7", "HA"}


def test_example_5_undertrump_ban_for_void_player():
    trick = cs("S7", "DA")
    assert legal_codes(legal_mask(m("D6", "D9", "CA"), trick, suit("D"))) == {"D9", "CA"}
    legal = legal_mask(m("D6", "D9", "CA"), trick, suit("D"), undertrump_when_void=True)
    assert legal_codes(legal) == {"D6", "D9", "CA"}


def test_example_5_all_trumps_exception():
    assert legal_codes(legal_mask(m("D6", "D8"), cs("S7", "DA"), suit("D"))) == {"D6", "D8"}


def test_undertrump_ban_holds_for_player_holding_led_suit_under_both_settings():
    for utw in (False, True):
        legal = legal_mask(m("S6", "D6", "DJ"), cs("S7", "DA"), suit("D"), utw)
        assert legal_codes(legal) == {"S6", "DJ"}


def test_overtrumping_is_allowed_and_uses_trump_rank():
    # D9 (Nell) beats DA; D10 does not.
    legal = legal_mask(m("D9", "D10", "CA"), cs("S7", "DA"), suit("D"))
    assert legal_codes(legal) == {"D9", "CA"}


# R6: trump led.
def test_r6_trump_led_must_trump_any_trump_even_lower():
    legal = legal_mask(m("D6", "DA", "SA"), cs("D9"), suit("D"))
    assert legal_codes(legal) == {"D6", "DA"}


def test_example_6_puur_rule():
    assert legal_codes(legal_mask(m("HJ", "SA", "C7"), cs("H6"), suit("H"))) == {"HJ", "SA", "C7"}
    assert legal_codes(legal_mask(m("HJ", "H8", "SA"), cs("H6"), suit("H"))) == {"HJ", "H8"}


def test_r6_no_trump_in_hand_any_card():
    assert legal_codes(legal_mask(m("SA", "C7"), cs("H6"), suit("H"))) == {"SA", "C7"}


# R4: trick winner.
def test_r4_highest_of_led_suit_without_trump_example_7():
    assert trick_winner_offset(cs("DA", "DJ", "D9"), NONE) == 0


def test_r4_trump_rank_decides_among_trumps():
    assert trick_winner_offset(cs("S7", "DA", "D9"), suit("D")) == 2
    assert trick_winner_offset(cs("D9", "DJ", "DA"), suit("D")) == 1


def test_r4_off_suit_non_trump_never_wins():
    assert trick_winner_offset(cs("S7", "HA", "CA"), suit("D")) == 0


# Why-not reasons.
@pytest.mark.parametrize("hand,trick,trump,card,code,message", [
    (("SK", "HA"), ("S7",), NONE, "HA", "must_follow", "You hold ♠: follow suit."),
    (("SK", "HA", "DQ"), ("S7",), "D", "HA", "must_follow", "You hold ♠: follow suit or play a trump."),
    (("D6", "D9", "CA"), ("S7", "DA"), "D", "D6", "undertrump", "You may not undertrump the ♦A."),
    (("D6", "SA"), ("D9",), "D", "SA", "must_trump", "Trump ♦ was led and you hold a trump: play a trump."),
    (("D6",), ("D9",), "D", "SA", "not_in_hand", "You do not hold the ♠A."),
])
def test_why_not_gives_a_code_and_a_sentence(hand, trick, trump, card, code, message):
    t = suit(trump) if trump != NONE else NONE
    r = why_not(m(*hand), cs(card)[0], cs(*trick), t)
    assert r is not None and r.code == code and r.message == message


def test_why_not_is_none_for_legal_cards():
    assert why_not(m("SK", "HA"), cs("SK")[0], cs("S7"), NONE) is None


def test_rules_from_json_rejects_unknown_keys_and_values():
    assert Rules.from_json(None) == Rules()
    assert Rules.from_json({"undertrump_when_void": True, "no_trump": "annul"}) == Rules(True, "annul")
    for bad in ({"foo": 1}, {"undertrump_when_void": "yes"}, {"no_trump": "void"}, [1]):
        with pytest.raises(ValueError):
            Rules.from_json(bad)
