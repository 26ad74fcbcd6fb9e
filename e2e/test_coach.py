"""Issue 14, the coach in the hand review: the expert checks each decision the player made, in a worker of its own
(the game's engine is never asked, the table plays on meanwhile), with the same figures as the command line's
`python -m engine coach`."""
from __future__ import annotations

import json
import math
import re
import subprocess
import sys

from playwright.sync_api import expect

from jass_e2e import ROOT, load_catalog, play_until

TIMEOUT = 60_000
COACHED = 240_000   # a second Python start plus ~10 decisions of 1500 play-outs each, on a loaded 2-core machine


def coach_cli(record: dict) -> dict:
    """The command line's coach report of seat 0 in ``record`` (JSON)."""
    out = subprocess.run([sys.executable, "-m", "engine", "coach", "-", "--seat", "0", "--json"], cwd=ROOT,
                         input=json.dumps(record), capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def coach_rows(coach, cli: dict):
    """The review's coach rows, one per decision of the CLI's report, each with its play, mark and loss; -> the rows."""
    rows = coach.locator(".coach-list li")
    expect(rows).to_have_count(len(cli["decisions"]))
    for i, d in enumerate(cli["decisions"]):
        row = rows.nth(i)
        expect(row).to_have_attribute("data-play", str(d["play_index"]))
        expect(row).to_have_attribute("data-mark", d["mark"] or "good")
        assert float(row.get_attribute("data-loss")) == d["loss"]
    return rows


def lost_shown(x: float) -> str:
    """Strokes lost as the review shows them: rounded like JavaScript's Math.round, two decimals."""
    return f"{math.floor(x * 100 + 0.5) / 100:.2f}"


def test_coach_checks_my_decisions_like_the_cli_while_the_table_plays_on(open_app, page, watch):
    open_app("?speed=instant&seed=41&hands=3&bots=normal,easy")
    assert play_until(page, timeout=TIMEOUT).what == "hand-over"
    record = page.evaluate("window.__jass.ask({cmd: 'records'})")["records"][0]
    page.locator("#btn-hand-review").click()
    dlg = page.locator("#dlg-review")
    coach = dlg.locator("#review-coach")
    expect(coach.locator("h3")).to_have_text("Coach")
    expect(coach.locator("[data-coach]")).to_have_attribute("data-coach", re.compile("starting|checking"))

    # while the coach works, the table goes on: close the review, deal the next hand, play it out
    page.keyboard.press("Escape")
    expect(dlg).to_be_hidden()
    page.locator("#btn-next").click()
    assert play_until(page, timeout=TIMEOUT).what == "hand-over"

    # hand 2's summary → review → back to hand 1: the coach's findings for it
    page.locator("#btn-hand-review").click()
    where = dlg.locator(".review-where")
    expect(where).to_contain_text("Hand 2 (2 ")   # the review of both hands is open (not the first one's old text)
    page.keyboard.press("PageUp")
    expect(where).to_contain_text("Hand 1 (2 ")
    expect(coach.locator("[data-coach]")).to_have_attribute("data-coach", "done", timeout=COACHED)

    cli = coach_cli(record)
    assert cli["decisions"], "seed 41 gives the player real choices in hand 1"
    rows = coach_rows(coach, cli)
    for i, d in enumerate(cli["decisions"]):
        row = rows.nth(i)
        expect(row).to_contain_text(f"Trick {d['trick']}")
        # what the card cost against the best one, in strokes lost (two decimals: "0.20", not "0.2"; issue 25)
        lost = lost_shown(d["loss"])
        expect(row).to_contain_text("the best card" if d["card"] == d["best"] else
                                    "as good as" if lost == "0.00" else f"{lost} strokes lost against")
        if d["play_index"] in cli["biggest"]:
            expect(row).to_have_class("coach-big")
    assert float(coach.locator("[data-coach]").get_attribute("data-lost")) == round(sum(d["loss"] for d in cli["decisions"]), 3)

    # "Show" takes the review to that decision's trick
    last = cli["decisions"][-1]
    rows.nth(len(cli["decisions"]) - 1).locator("[data-coach-show]").click()
    expect(dlg.locator("#review-trick")).to_have_attribute("data-trick", str(last["trick"]))
    expect(coach.locator("[data-coach]")).to_have_attribute("data-coach", "done")

    # the game's own engine was never asked to coach
    assert "coach" not in {s["cmd"] for s in page.evaluate("window.__jass.stats()")}


def test_coach_checks_a_family_hand_in_its_own_outcomes_like_the_cli(open_app, page, watch):
    """Molotow (four seats, nine cards): the review's coach checks the player's hand as the CLI does, and words a
    reason in the game's own outcomes (docs/bots.md#coach)."""
    open_app("?speed=instant&seed=5&hands=3&game=molotow&bots=normal,easy,normal")
    assert page.evaluate("window.__jass.view().game") == "molotow"
    assert play_until(page, timeout=TIMEOUT).what == "hand-over"
    record = page.evaluate("window.__jass.ask({cmd: 'records'})")["records"][0]
    assert record["game"] == "molotow" and len(record["hands"]) == 4
    page.locator("#btn-hand-review").click()
    coach = page.locator("#dlg-review #review-coach")
    expect(coach.locator("h3")).to_have_text("Coach")
    expect(coach.locator("[data-coach]")).to_have_attribute("data-coach", "done", timeout=COACHED)

    cli = coach_cli(record)
    assert cli["decisions"], "seed 5 gives the player real choices in Molotow's hand 1"
    rows = coach_rows(coach, cli)
    cat = load_catalog("en")
    for i, d in enumerate(cli["decisions"]):
        row = rows.nth(i)
        if d["reason"]["code"] in ("outcome_risk", "outcome_missed"):
            expect(row.locator(".coach-why")).to_contain_text(cat[f"outcome.{d['reason']['params']['outcome']}"])
    assert any(d["reason"]["code"].startswith("outcome_") for d in cli["decisions"]), "a reason in Molotow's outcomes"
    assert float(coach.locator("[data-coach]").get_attribute("data-lost")) == round(sum(d["loss"] for d in cli["decisions"]), 3)
