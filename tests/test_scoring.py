"""Settlement, docs/rules.md §6 and worked examples 8-10."""

import pytest

from engine.scoring import settle
from engine.text import settlement_text

ALL_TRICKS = (4, 4, 4)


@pytest.mark.parametrize("points,tricks,case,deltas", [
    ((70, 50, 37), ALL_TRICKS, "ranking", (1, -2, 1)),          # example 8
    ((104, 40, 13), ALL_TRICKS, "hundred", (-2, 1, 1)),         # example 8
    ((99, 41, 17), ALL_TRICKS, "ranking", (1, -2, 1)),          # example 8: 99 is not 100
    ((100, 40, 17), ALL_TRICKS, "hundred", (-2, 1, 1)),         # 100 exactly is 100 or more
    ((110, 47, 0), (8, 4, 0), "no_trick_and_hundred", (-1, 2, -1)),  # example 9
    ((157, 0, 0), (12, 0, 0), "match", (2, -1, -1)),            # example 9
    ((60, 60, 37), ALL_TRICKS, "tie", (0, 0, 1)),               # example 10
    ((37, 60, 60), ALL_TRICKS, "tie", (1, 0, 0)),               # tie for the highest
    ((20, 20, 117), (4, 4, 4), "hundred", (1, 1, -2)),          # H before the tie
    ((0, 80, 77), (0, 6, 6), "no_trick", (-2, 1, 1)),
    ((5, 80, 72), (1, 6, 5), "ranking", (-2 + 3, -2 + 3, -2)),  # 5 lowest, 72 middle
])
def test_settlement_cases(points, tricks, case, deltas):
    s = settle(points, tricks)
    assert s.case == case
    assert s.deltas == deltas


def test_match_wins_over_everything():
    # A match also means 100+ and two trickless players: only the match applies.
    s = settle((0, 157, 0), (0, 12, 0))
    assert (s.case, s.deltas) == ("match", (-1, 2, -1))


def test_trickless_player_with_zero_points_is_not_a_tie_case():
    # Z applies before the ranking, so equal points elsewhere do not matter.
    s = settle((0, 80, 77), (0, 7, 5))
    assert s.case == "no_trick"


def test_all_cases_but_tie_are_zero_sum_and_strokes_zeros_split():
    for pts, tr in [((70, 50, 37), ALL_TRICKS), ((104, 40, 13), ALL_TRICKS), ((110, 47, 0), (8, 4, 0)),
                    ((157, 0, 0), (12, 0, 0)), ((0, 80, 77), (0, 7, 5))]:
        s = settle(pts, tr)
        assert sum(s.deltas) == 0
        assert all(st - z == d for st, z, d in zip(s.strokes, s.zeros, s.deltas, strict=True))
    assert sum(settle((60, 60, 37), ALL_TRICKS).deltas) == 1


@pytest.mark.parametrize("points,tricks,roles", [
    ((157, 0, 0), (12, 0, 0), {"winner": 0}),
    ((0, 80, 77), (0, 6, 6), {"no_trick": 0}),
    ((20, 20, 117), ALL_TRICKS, {"hundred": 2}),
    ((110, 47, 0), (8, 4, 0), {"no_trick": 2, "hundred": 0, "other": 1}),
    ((70, 50, 37), ALL_TRICKS, {"middle": 1, "high": 0, "low": 2}),
    ((60, 60, 37), ALL_TRICKS, {"tied": [0, 1], "third": 2}),
    ((37, 60, 60), ALL_TRICKS, {"tied": [1, 2], "third": 0}),
])
def test_roles_name_the_seats_the_case_is_about(points, tricks, roles):
    assert settle(points, tricks).roles == roles


@pytest.mark.parametrize("points,tricks,sentence", [
    ((70, 50, 37), ALL_TRICKS,
     "Middle score for Bea (50 points): −2; +1 for the highest, Ann (70), and the lowest, Cy (37)."),
    ((157, 0, 0), (12, 0, 0), "Match for Ann (all 12 tricks): +2; −1 for the others."),
    ((0, 80, 77), (0, 6, 6), "No trick for Ann: −2; +1 for the others."),
    ((20, 20, 117), ALL_TRICKS, "100 or more for Cy (117 points): −2; +1 for the others."),
    ((110, 47, 0), (8, 4, 0), "No trick for Cy and 100 or more for Ann (110 points): the penalties add up, "
                              "−1 each; +2 for Bea."),
    ((37, 60, 60), ALL_TRICKS, "Tie between Bea and Cy at 60 points: nothing for them; +1 for Ann."),
])
def test_english_explanation_from_case_and_roles(points, tricks, sentence):
    s = settle(points, tricks)
    assert settlement_text(s.case, s.roles, points, ("Ann", "Bea", "Cy")) == sentence
