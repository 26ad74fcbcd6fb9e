"""Helpers for driving the app like a user (and reading what it shows)."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"

WAIT = 30_000
# How often a test's wait checks its condition in the page, in ms: a timer, not every animation frame (a frame callback
# keeps the browser making frames while the test waits; conftest.py makes it page.wait_for_function's default)
POLL_MS = 25
# A static file of dist/ (not the app): the shared contexts park a page there to reach the site's storage.
KEEPER_PATH = "build.json"
# Paths a test serves on the site's own origin beside dist/ (a path prefix -> a function that answers the GET request
# handler it is given; conftest's `site` server asks them first), e.g. a package index for the bot lab: the origin stays
# the warm one (another port is another origin: a cold start, with nothing cached).
SITE_ROUTES: dict[str, Callable[[Any], None]] = {}
# Browser context options the tests share (a warm context is kept per set of options, see conftest.WarmContexts)
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
# Pyodide's and the engine's downloads: a route that never answers them keeps a page on its loading screen
PYTHON_DOWNLOADS = re.compile(r"pyodide|python_stdlib|\.whl")
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}


class PageWatch:
    """A page's requests (and those still on their way), console errors and page errors; the page keeps its watch
    (`page._jass_watch`) for failure messages (where_is)."""
    def __init__(self, page):
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.on_the_way: dict[int, str] = {}   # id(request) -> url, until it finished or failed
        page.on("request", self._sent)
        page.on("requestfinished", lambda r: self.on_the_way.pop(id(r), None))
        page.on("requestfailed", lambda r: self.on_the_way.pop(id(r), None))
        page.on("console", lambda m: self.errors.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.__dict__["_jass_watch"] = self

    def _sent(self, request) -> None:
        self.requests.append(request.url)
        self.on_the_way[id(request)] = request.url

    def foreign(self) -> list[str]:
        bad = []
        for url in self.requests:
            u = urlparse(url)
            if u.scheme in ("data", "blob", "about"):
                continue
            if u.hostname != "127.0.0.1":
                bad.append(url)
        return bad


def where_is(page) -> dict:
    """What a page that does not come where a test waits shows: its phase, whether the test hook is there (main.js
    ran), the loading screen's words and error, and from its watch (if any) the requests still on their way and the
    last console or page errors."""
    try:
        where = page.evaluate("""() => ({phase: document.body?.dataset.phase, hook: !!window.__jass,
            status: document.querySelector('#loading-status')?.textContent,
            error: document.querySelector('#loading-error-detail')?.textContent,
            timing: window.__jass?.timing?.() ?? null})""")
    except Exception as inner:   # the page itself is gone
        where = {"asked": f"(the page could not be asked: {inner})"}
    w = page.__dict__.get("_jass_watch")
    if w is not None:
        where["on_the_way"] = list(w.on_the_way.values())[:12]
        where["errors"] = w.errors[-6:]
    return where


def state(page) -> dict:
    return page.evaluate("window.__jass.state()")


def view(page) -> dict:
    return page.evaluate("window.__jass.view()")


def wait_my_turn_or_phase(page, timeout=WAIT) -> str:
    """Wait until the human may play (returns 'turn') or the hand/game is over (returns the phase)."""
    page.wait_for_function(
        """() => { const s = window.__jass.state();
                   return (s.phase === 'play' && s.toPlay === 0 && !s.busy) || s.phase === 'hand-over' || s.phase === 'game-over'; }""",
        timeout=timeout)
    s = state(page)
    return "turn" if s["phase"] == "play" else s["phase"]


# In the page, in one round trip: wait until the card `played` (if any) has left the player's hand and then until the
# player may play or the hand or game is over; at the player's turn, focus the button of its first legal card (what
# a keyboard user has under the finger: Enter plays it).
NEXT_TURN_JS = """async ([played, timeout, pollMs]) => {
  const end = performance.now() + timeout;
  for (;;) {
    const s = window.__jass.state();
    const turn = s.phase === 'play' && s.toPlay === 0 && !s.busy;
    if ((played == null || !s.hand.includes(played)) && (turn || s.phase === 'hand-over' || s.phase === 'game-over')) {
      if (!turn) return {what: s.phase, card: null};
      document.querySelector(`#hand-buttons button[data-card='${s.legal[0]}']`).focus();
      return {what: 'turn', card: s.legal[0]};
    }
    if (performance.now() > end) throw new Error('no turn and no end of hand: ' + JSON.stringify(s));
    await new Promise((done) => setTimeout(done, pollMs));
  }
}"""


def next_turn(page, played: str | None = None, timeout=WAIT) -> dict:
    """NEXT_TURN_JS: {'what': 'turn' | 'hand-over' | 'game-over', 'card': the focused first legal card or None}."""
    return page.evaluate(NEXT_TURN_JS, [played, timeout, POLL_MS])


def wait_painted(page) -> None:
    """Wait until the browser has run two more animation frames: a frame the table asked for before this call (it
    draws on requestAnimationFrame) has been painted into the canvas by then."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def click_card_on_canvas(page, card: str) -> None:
    rects = page.evaluate("window.__jass.cardRects()")
    r = next(r for r in rects if r["card"] == card)
    assert r["x"] is not None, f"no visible click point for {card}"
    # the click must land on the canvas, not on the DOM buttons
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.id", [r["x"], r["y"]])
    assert hit == "table", f"click point for {card} is over #{hit}, not the canvas"
    page.mouse.click(r["x"], r["y"])


def wait_card_gone(page, card: str, timeout=WAIT) -> None:
    page.wait_for_function("(c) => !window.__jass.state().hand.includes(c)", arg=card, timeout=timeout)


def play_via_dom_button(page, card: str, timeout=WAIT) -> None:
    """Play a card the way a keyboard or screen-reader user does: focus its button in the hand group, press Enter."""
    play_card(page, card, "keys", timeout)


# The player may play (the viewer's turn: seat 0 unless a person at this device is to play) or the hand or game is over
TURN_OR_END_JS = """() => { const s = window.__jass.state();
  return ((s.phase === 'play' && s.toPlay === (s.viewer ?? 0) && !s.busy) || s.phase === 'hand-over' || s.phase === 'game-over') && s; }"""
ENDS = ("hand-over", "game-over")


class Played(NamedTuple):
    what: str    # 'hand-over', 'game-over', or 'turn' when `stop` ended the play
    cards: int   # the cards the player played


def play_card(page, card: str, way: str = "keys", timeout=WAIT) -> None:
    """Play `card` as a player does and wait until it has left the hand: `keys` (focus its button in the hand group,
    Enter: a keyboard or screen-reader user), `canvas` (a click on the canvas, checked to land there) or `touch` (a
    tap on the canvas)."""
    if way == "keys":
        page.locator(f"#hand-buttons button[data-card='{card}']").focus()
        page.keyboard.press("Enter")
    elif way == "canvas":
        click_card_on_canvas(page, card)
    elif way == "touch":
        r = next(r for r in page.evaluate("window.__jass.cardRects()") if r["card"] == card)
        page.touchscreen.tap(r["x"], r["y"])
    else:
        raise ValueError(way)
    wait_card_gone(page, card, timeout)


def play_until(page, until=ENDS, *, stop=None, pick=None, way="keys", on_turn=None, on_card=None, at_hand_over=None,
               timeout=WAIT) -> Played:
    """Play the player's cards until the table is at a phase in `until` ('hand-over', 'game-over'), waiting in the
    page for each turn. At each turn `stop(state)` true ends it there ('turn'); else `on_turn(state)` runs, the card
    `pick(state)` (the first legal card unless given) is played `way` (play_card) and `on_card(page)` runs. A hand over
    not in `until` is dealt on: `at_hand_over(page)` runs, then Next hand. A game over always ends it."""
    cards = 0
    while True:
        s = page.wait_for_function(TURN_OR_END_JS, timeout=timeout).json_value()
        what = "turn" if s["phase"] == "play" else s["phase"]
        if what in until or what == "game-over":
            return Played(what, cards)
        if what == "hand-over":
            if at_hand_over:
                at_hand_over(page)
            page.locator("#btn-next").click()
            page.wait_for_function("() => document.body.dataset.phase === 'play'", timeout=timeout)
            continue
        if stop and stop(s):
            return Played("turn", cards)
        assert s["legal"], f"the player's turn but no legal card: {s}"
        if on_turn:
            on_turn(s)
        play_card(page, (pick or first_legal)(s), way, timeout)
        cards += 1
        if on_card:
            on_card(page)


def first_legal(s: dict) -> str:
    return s["legal"][0]


def last_legal(s: dict) -> str:
    return s["legal"][-1]


def load_catalog(lang: str) -> dict:
    """A catalog of web/js/i18n/locales/ as a dict (Node imports the module)."""
    node = shutil.which("node")
    assert node, "node is needed to read the catalogs"
    code = ("const m = await import(process.argv[1]); console.log(JSON.stringify(m.default));")
    out = subprocess.run([node, "--input-type=module", "-e", code, (ROOT / "web" / "js" / "i18n" / "locales" / f"{lang}.js").as_uri()],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def toolbar_click(page, selector: str) -> None:
    """Use a toolbar button as a player would: in the bar when it is there, else from the menu (narrow screens)."""
    btn = page.locator(selector)
    if btn.is_visible():
        btn.click()
        return
    page.locator("#btn-menu").click()
    page.locator(f"#dlg-menu button[data-for='{selector.lstrip('#')}']").click()


def screenshot_if_failed(page, request) -> None:
    """Save a full-page screenshot into e2e/artifacts/ when the test's call phase failed."""
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        try:
            page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
        except Exception:
            pass
