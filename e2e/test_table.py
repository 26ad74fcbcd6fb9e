"""The table as a player sees it (issue 12): both decks, turn and trick marks, motion, sound, touch, edges."""
from __future__ import annotations

from jass_e2e import state, wait_my_turn_or_phase

TIMEOUT = 60_000

# the pixels of one card of the canvas (device pixels around its centre), as a flat list of RGB values
CARD_PIXELS = """(i) => {
  const c = document.querySelector('#table'), r = c.getBoundingClientRect(), d = c.width / r.width;
  const card = window.__jass.cardRects()[i];
  const x = Math.round((card.cx - r.left - card.w * 0.3) * d), y = Math.round((card.cy - r.top - card.h * 0.35) * d);
  const data = c.getContext('2d').getImageData(x, y, Math.round(card.w * 0.6 * d), Math.round(card.h * 0.7 * d)).data;
  const out = [];
  for (let k = 0; k < data.length; k += 4) out.push(data[k], data[k + 1], data[k + 2]);
  return out;
}"""


def card_pixels(page, i: int) -> list[int]:
    return page.evaluate(CARD_PIXELS, i)


def gold_or_green(px: list[int]) -> int:
    """How many pixels are gold/yellow or green: every Swiss sign has them, the French pack is black and red only."""
    n = 0
    for k in range(0, len(px), 3):
        r, g, b = px[k:k + 3]
        if (r > 170 and g > 120 and b < 110) or (g > r + 30 and g > b + 30):
            n += 1
    return n


def test_both_decks_render_and_differ(open_app, page, watch):
    """The same deal drawn with the Swiss and the French pack: the last hand card's pixels differ; both are painted."""
    seen = {}
    for deck in ("swiss", "french"):
        open_app(f"?speed=instant&seed=3&deck={deck}")
        wait_my_turn_or_phase(page)
        page.wait_for_timeout(300)
        s = state(page)
        seen[deck] = card_pixels(page, s["hand"].index(s["legal"][-1]))   # a playable card: not dimmed
        # a painted card face: mostly light paper, with ink on it
        px = seen[deck]
        light = sum(1 for k in range(0, len(px), 3) if min(px[k:k + 3]) > 200)
        assert light > len(px) // 3 * 0.3, f"{deck}: the card is not painted"
    diff = sum(abs(a - b) for a, b in zip(seen["swiss"], seen["french"], strict=True)) / len(seen["swiss"])
    assert diff > 8, f"the two decks look the same at the card's position (mean difference {diff:.1f})"
    # whatever the suit, Swiss signs have gold or green in them, French ones are one ink colour (black or red)
    assert gold_or_green(seen["swiss"]) > 50 and gold_or_green(seen["french"]) < 10


def test_deck_follows_the_language_by_default(browser, site):
    """No saved choice: a de-CH browser gets the Swiss pack, an en-US one the French pack."""
    got = {}
    for locale in ("de-CH", "en-US"):
        ctx = browser.new_context(locale=locale)
        page = ctx.new_page()
        page.goto(site + "?speed=instant&seed=3")
        page.wait_for_function("() => document.body.dataset.phase === 'play' && window.__jass", timeout=TIMEOUT)
        got[locale] = page.evaluate("window.__jass.table().deck")
        ctx.close()
    assert got == {"de-CH": "swiss", "en-US": "french"}
