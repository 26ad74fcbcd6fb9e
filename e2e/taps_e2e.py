"""A person who taps a playable card the moment it is offered (the engine's view says it is their turn) while the
table still animates: the card played from that one tap, or the tap counted as lost (the table came to rest at
their turn with the card still in hand). Shared by test_taps.py (a lone player) and test_friends_taps.py."""
from __future__ import annotations

TIMEOUT = 60_000

# the page's own turn in the engine's view (the moment a card is offered), or the hand/game over
OFFERED_JS = """() => {
  const v = window.__jass.view();
  return !!v && (v.phase !== 'play' || (v.to_play === v.viewer && v.legal.length > 0));
}"""

LOOK_JS = """() => {
  const v = window.__jass.view(), s = window.__jass.state();
  return {over: v.phase !== 'play', busy: s.busy, legal: v.legal, hand: v.hand, rect: null};
}"""

# the tapped card left the engine's hand (played), or the table rests at the page's turn with it still in hand (lost)
OUTCOME_JS = """(card) => {
  const v = window.__jass.view(), s = window.__jass.state();
  if (!v.hand.includes(card)) return 'played';
  return !s.busy && v.phase === 'play' && v.to_play === v.viewer ? 'lost' : null;
}"""

# the seat whose turn the host's engine says it is, and the cards left in all hands; null once the hand is over
TURN_JS = """() => { const v = window.__jass.view();
  return v.phase === 'play' ? {seat: v.to_play, count: v.counts.reduce((a, b) => a + b, 0)} : null; }"""
# the host's table has fewer cards in hand than `n`: the card just played arrived
ARRIVED_JS = "(n) => window.__jass.view().counts.reduce((a, b) => a + b, 0) !== n"

RECT_JS = """(card) => {
  const r = window.__jass.cardRects().find((c) => c.card === card);
  return r && r.x != null ? {x: r.x, y: r.y} : null;
}"""


def tap(page, card: str, way: str) -> None:
    """Play `card` as a person: a mouse click on the canvas card, or Enter on its hand button (keyboard)."""
    if way == "mouse":
        rect = page.wait_for_function(RECT_JS, arg=card, timeout=TIMEOUT).json_value()
        page.mouse.click(rect["x"], rect["y"])
    else:
        page.focus(f"#hand-buttons button[data-card='{card}']")
        page.keyboard.press("Enter")


def tap_when_offered(page, way: str, counts: dict) -> bool:
    """Wait for the page's turn; tap its first legal card at once (the table may still move). False: the hand or
    game is over. A lost tap is counted and the card tapped again at rest, so that the game goes on."""
    page.wait_for_function(OFFERED_JS, timeout=TIMEOUT)
    s = page.evaluate(LOOK_JS)
    if s["over"]:
        return False
    card = s["legal"][0]
    counts["taps"] += 1
    counts["early"] += bool(s["busy"])
    tap(page, card, way)
    outcome = page.wait_for_function(OUTCOME_JS, arg=card, timeout=TIMEOUT).json_value()
    if outcome == "lost":
        counts["lost"] += 1
        tap(page, card, way)
        page.wait_for_function("(card) => !window.__jass.view().hand.includes(card)", arg=card, timeout=TIMEOUT)
    return True
