"""Never lose a game (issue 10): the DOM mirror of the table, autosave and resume, bad saves, two tabs."""
from __future__ import annotations

from jass_e2e import play_via_dom_button, state, view, wait_my_turn_or_phase

TIMEOUT = 60_000

MIRROR_JS = """() => {
  const seats = [0, 1, 2].map((s) => {
    const el = document.querySelector(`#mirror [data-seat="${s}"]`);
    return {net: +el.dataset.net, points: +el.dataset.points, tricks: +el.dataset.tricks};
  });
  return {seats, trick: document.querySelector('#trick').dataset.cards, phase: document.body.dataset.phase};
}"""


def mirror(page) -> dict:
    return page.evaluate(MIRROR_JS)


def expected_mirror(v: dict, phase: str) -> dict:
    return {
        "seats": [{"net": v["scores"]["net"][s], "points": v["points_taken"][s], "tricks": v["tricks_won"][s]}
                  for s in range(3)],
        "trick": " ".join(c["card"] for c in v["trick"]["cards"]),
        "phase": phase,
    }


def test_dom_mirror_follows_the_table(open_app, page, watch):
    open_app("?speed=instant&seed=5&hands=3")
    seen_trick = seen_points = False
    for _ in range(40):
        what = wait_my_turn_or_phase(page, TIMEOUT)
        v = view(page)
        got = mirror(page)
        assert got == expected_mirror(v, state(page)["phase"])
        seen_trick |= bool(got["trick"])
        seen_points |= any(s["points"] for s in got["seats"])
        if what != "turn":
            break
        card = state(page)["legal"][0]
        play_via_dom_button(page, card)
    assert what == "hand-over"
    got = mirror(page)
    assert sum(s["tricks"] for s in got["seats"]) == 12
    assert sum(s["points"] for s in got["seats"]) == 157
    assert sum(s["net"] for s in got["seats"]) == sum(view(page)["scores"]["net"])
    assert seen_trick and seen_points
