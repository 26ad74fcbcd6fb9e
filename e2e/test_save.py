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


# ------------------------------------------------------------------------------------------------- autosave, resume
# What the player sees, captured the moment a saved game is resumed (before any bot can move): installed before the
# page's own scripts, it runs as a microtask right after the app marks <body data-resumed>.
CAPTURE_AT_RESUME = """
(() => {
  const capture = () => ({
    seats: [0, 1, 2].map((s) => {
      const el = document.querySelector(`#mirror [data-seat="${s}"]`);
      return {net: +el.dataset.net, points: +el.dataset.points, tricks: +el.dataset.tricks};
    }),
    trick: document.querySelector('#trick').dataset.cards,
    phase: document.body.dataset.phase,
    buttons: [...document.querySelectorAll('#hand-buttons button')].map((b) => [b.dataset.card, b.getAttribute('aria-disabled')]),
    handNo: window.__jass.state().handNo,
  });
  new MutationObserver(() => {
    if (document.body?.dataset.resumed && !window.__atResume) window.__atResume = capture();
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-resumed']});
})();
"""


def expected_position(v: dict) -> dict:
    """What the table must show for an engine view once it stands still."""
    phase = v["phase"]
    return {**expected_mirror(v, phase), "handNo": v["hand_no"],
            "buttons": [[c, "false" if c in v["legal"] else "true"] for c in v["hand"]]}


def kill_and_reload(page) -> tuple[dict, bool]:
    """Stop the page as a crash would (the engine worker dies, then the tab reloads); the engine's position then and
    whether an animation was under way."""
    v, busy = page.evaluate("() => { const v = window.__jass.view(); const b = window.__jass.state().busy; "
                            "window.__jass.killWorker(); return [v, b]; }")
    page.reload()
    page.wait_for_function("() => window.__atResume", timeout=TIMEOUT)
    return v, busy


def assert_resumed_at(page, v: dict) -> None:
    got = page.evaluate("() => window.__atResume")
    assert got == expected_position(v)
    page.evaluate("() => { window.__atResume = null; }")


def test_reload_resumes_the_same_position(open_app, page, watch):
    page.add_init_script(CAPTURE_AT_RESUME)
    open_app("?speed=instant&seed=8&hands=2&bots=normal,normal")
    for _ in range(3):
        assert wait_my_turn_or_phase(page, TIMEOUT) == "turn"
        play_via_dom_button(page, state(page)["legal"][0])
    wait_my_turn_or_phase(page, TIMEOUT)
    v, _ = kill_and_reload(page)
    assert_resumed_at(page, v)
    # the resumed game goes on: the human's turn, a card, the bots answer
    assert wait_my_turn_or_phase(page, TIMEOUT) == "turn"
    play_via_dom_button(page, state(page)["legal"][0])
    assert page.evaluate("() => document.body.dataset.save") == "on"
