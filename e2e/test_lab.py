"""The bot lab (#lab, issue 15): a player's Python bot in its own worker, the arena, micropip, play against it.

Everything the tests read is what the lab shows: the JSON under [data-lab-result], the error box's text, the
figures table, the page's phase.
"""
from __future__ import annotations

import json
import subprocess
import sys

from jass_e2e import ROOT

EXAMPLE = ROOT / "web" / "lab" / "example_bot.py"
LAB_WAIT = 180_000   # Python starts in the lab's worker, then an arena runs: generous on a loaded machine


def open_lab(page, site):
    page.goto(site + "#lab")
    page.wait_for_selector("#bot-source", state="visible", timeout=60_000)
    page.wait_for_function("() => document.body.dataset.phase === 'lab'", timeout=60_000)
    return page


def run(page, source: str | None = None, deals: int = 12, seed: str = "1", opponents=("normal", "normal")) -> dict:
    """Fill the editor (None: keep it), run the arena, return the JSON result once it is there."""
    if source is not None:
        page.fill("#bot-source", source)
    page.select_option("#lab-opp-0", opponents[0])
    page.select_option("#lab-opp-1", opponents[1])
    page.fill("#lab-deals", str(deals))
    page.fill("#lab-seed", seed)
    page.evaluate("document.querySelector('[data-lab-result]').textContent = ''")
    page.click('[data-action="lab-run"]')
    page.wait_for_function("() => document.querySelector('[data-lab-result]').textContent.length > 0 && "
                           "!document.querySelector('[data-action=\"lab-run\"]').disabled", timeout=LAB_WAIT)
    return json.loads(page.text_content("[data-lab-result]"))


def cli_arena(bots: str, deals: int, seed: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "engine", "arena", "--bots", bots, "--deals", str(deals),
                          "--seed", seed, "--json"], cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_the_example_bot_runs_an_arena_equal_to_the_command_line(page, site, watch):
    open_lab(page, site)
    assert page.input_value("#bot-source") == EXAMPLE.read_text()
    r = run(page, deals=24, seed="7", opponents=("normal", "easy"))
    assert set(r) >= {"deals", "mean", "ci95", "error"} and r["error"] is None
    cli = cli_arena(f"{EXAMPLE}:MyBot,normal,easy", 24, "7")
    assert r["deals"] == cli["deals"] == 24
    assert r["mean"] == cli["bots"][0]["strokes_per_hand"]
    assert r["ci95"] == cli["bots"][0]["ci95"]
    for mine, theirs in zip(r["summary"]["bots"], cli["bots"], strict=True):
        for k in ("strokes_per_hand", "ci95", "game_wins", "games", "card_points", "outcomes", "decisions"):
            assert mine[k] == theirs[k], k
    # the table shows the same figures: strokes per hand of the player's bot, games won
    row = page.locator(".lab-figures tbody tr").first.inner_text()
    assert f"{abs(cli['bots'][0]['strokes_per_hand']):.3f}" in row.replace(",", ".")
    assert page.locator(".lab-figures tbody tr").count() == 3


def test_looping_raising_and_illegal_bots_each_get_their_reason(page, site, watch):
    open_lab(page, site)
    loop = "def choose(obs):\n    while True:\n        pass\n"
    r = run(page, loop, deals=1)
    assert r["error"]["code"] == "timeout" and r["mean"] is None
    assert r["error"]["position"]["seat"] in (0, 1, 2)
    box = page.locator("#lab-error")
    assert box.is_visible()
    assert "did not answer within 2 seconds" in box.inner_text()
    assert "Hand:" in box.inner_text() and "Allowed:" in box.inner_text()

    raising = "def choose(obs):\n    return {}['no such key']\n"
    r = run(page, raising, deals=1)
    assert r["error"]["code"] == "exception" and "KeyError" in r["error"]["detail"]
    assert "raised an exception" in box.inner_text() and "KeyError" in box.inner_text()
    assert r["error"]["position"]["deal"] == 0

    illegal = ("def choose(obs):\n    legal = __import__('engine.bots', fromlist=['x']).legal_cards(obs)\n"
               "    bad = [c for c in range(36) if obs.hand >> c & 1 and c not in legal]\n"
               "    return bad[0] if bad else legal[0]\n")
    r = run(page, illegal, deals=3)
    assert r["error"]["code"] == "illegal"
    assert "not allowed here" in box.inner_text()
    pos = r["error"]["position"]
    assert pos["trick"] and set(pos["legal"]) < set(pos["hand"])   # it had a choice it did not respect

    wrong_type = "def choose(obs):\n    return None\n"
    r = run(page, wrong_type, deals=1)
    assert r["error"]["code"] == "type" and "NoneType" in r["error"]["detail"]

    # the lab is still usable: the example bot runs a clean arena after all that
    r = run(page, EXAMPLE.read_text(), deals=3)
    assert r["error"] is None and r["deals"] == 3
    assert box.is_hidden()
    assert page.evaluate("document.body.dataset.phase") == "lab"


def test_the_game_starts_without_the_lab_and_the_lab_keeps_the_page(open_app, page, site, watch):
    open_app("?speed=instant")
    assert not [u for u in watch.requests if "micropip" in u or "/lab/" in u], "the game loaded lab files"
    sw = (ROOT / "dist" / "sw.js").read_text()
    assert "micropip" not in sw and "/lab/" not in sw and "python_stdlib-full" not in sw   # not precached either
    page.click("#btn-lab")
    page.wait_for_selector("#bot-source", state="visible", timeout=60_000)
    assert page.evaluate("location.hash") == "#lab" and page.evaluate("document.body.dataset.phase") == "lab"
    page.click('[data-action="lab-close"]')
    page.wait_for_function("() => document.body.dataset.phase === 'play'", timeout=30_000)
    assert page.locator("#lab").is_hidden() and page.evaluate("location.hash") == ""
