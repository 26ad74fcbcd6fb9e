"""The coach: after a hand, the expert search evaluates every decision one seat made.

``coach_hand(record, seat)`` replays a hand record (:mod:`engine.record`) of any game of the family and, at each of
``seat``'s decisions with a real choice (``seat``: one of the game's seats, 0..2 in Mittlere, 0..3 in Molotow and
Plus-Minus), measures the expected value of every distinct legal card on the same sampled worlds — the expert's
evaluation of the game:

- Mittlere: expected strokes (strokes minus zeros) by the expert's smart play-outs, the last tricks solved exactly
  (:meth:`engine.bots.search.SearchBot.evaluate_classes`);
- Molotow and Plus-Minus: the family's search (:func:`engine.bots.family.evaluate`, the play-outs ``hard`` and
  ``expert`` use), each play-out scored by the game's own settlement for the seat — Molotow strokes minus zeros,
  Plus-Minus strokes (race-weighted as the search weighs them; a hand record carries no game standings, so the
  weights are the seat's own strokes).

It reports the card played against the best card, marks the biggest mistakes, and gives a reason
as a *code with parameters* (no sentences: the UI words them in its language;
:func:`render_text` is the English rendering of the CLI, ``python -m engine coach``).

Deterministic: the same record, seat and work give the same report.

Reason codes (``reason.code``):

- ``best``: the card played was (about) the best one;
- ``outcome_risk``: the card played makes a bad outcome likelier — ``params.outcome`` and its chance after the
  card played and after the best card (percent);
- ``outcome_missed``: the best card makes a good outcome likelier — ``params.outcome`` with the two chances;
- ``worse_on_average``: no single outcome explains the loss (it is spread over several).

The outcomes are each game's own (:data:`OUTCOMES`; the classes :func:`engine.bots.common.seat_class` and
:func:`engine.bots.family.family_class`), bad ones first:

- Mittlere (docs/rules.md §6): ``middle``, ``hundred``, ``no_trick``; ``lowest``, ``highest``, ``match`` (every
  trick);
- Molotow (docs/rules-molotow.md §5): ``middle`` (untied between the most and the fewest: a zero), ``hundred`` (100
  or more: three zeros), ``other_all`` (another player has all 157 points: a zero); ``lowest``, ``highest`` (alone:
  a stroke), ``all_points`` (157: three strokes), ``other_hundred`` (another player on 100 or more: a stroke);
- Plus-Minus (docs/rules-plusminus.md §5): ``middle``, ``hundred`` (alone with the most at 100 or more: no stroke);
  ``lowest``, ``highest`` (alone, 99 or less), ``passed`` (a tied extreme's stroke passed on, ``ties: next``).
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any, NamedTuple, TextIO

from ..cards import CODES, iter_cards, pretty
from ..games import MITTLERE, MOLOTOW, PLUSMINUS
from ..observation import Observation, observe
from ..record import RecordError, parse_record
from ..rules import legal_mask
from .common import decision_rng
from .family import evaluate as family_evaluate
from .search import ExpertBot, choice_groups

if TYPE_CHECKING:   # the command line's arguments (engine/cli.py): the game's worker never imports argparse
    import argparse

#: Play-outs per decision when the caller gives none: the ``coach`` CLI's and the web protocol's default, in every
#: game (a family decision costs less than Mittlere's: no exact endgame, see docs/bots.md).
COACH_ITERATIONS = 1500

#: Marks by the expected strokes lost against the best card.
MARKS = (("blunder", 0.5), ("mistake", 0.2), ("inaccuracy", 0.08))

#: Per game, the outcomes a reason may name and what each weighs in it: ``(bad, good)``, each outcome -> the strokes
#: it costs (bad) or gains (good), roughly, against finishing tied (worth nothing).  Mittlere: middle, 100+ and no
#: trick cost 2, the lowest, the highest and every trick gain 1.  Molotow (docs/rules-molotow.md §5): the middle
#: costs a zero, 100+ three, another player's 157 a zero; the lowest and the highest gain a stroke, all 157 three,
#: another player's 100+ one.  Plus-Minus (docs/rules-plusminus.md §5): the lowest, the highest (99 or less) and a
#: passed stroke gain one; the middle and 100+ cost the stroke a place at the top or the bottom would have given.
OUTCOMES: dict[str, tuple[dict[str, float], dict[str, float]]] = {
    MITTLERE.id: ({"middle": 2, "hundred": 2, "no_trick": 2}, {"lowest": 1, "highest": 1, "match": 1}),
    MOLOTOW.id: ({"middle": 1, "hundred": 3, "other_all": 1},
                 {"lowest": 1, "highest": 1, "all_points": 3, "other_hundred": 1}),
    PLUSMINUS.id: ({"middle": 1, "hundred": 1}, {"lowest": 1, "highest": 1, "passed": 1}),
}


def _mark(loss: float) -> str | None:
    for name, limit in MARKS:
        if loss >= limit:
            return name
    return None


def _reason(game: str, loss: float, played: dict[str, float], best: dict[str, float]) -> dict[str, Any]:
    if loss < MARKS[-1][1]:
        return {"code": "best", "params": {}}
    bad, good = OUTCOMES[game]
    swings = [(w * (played[k] - best[k]), "outcome_risk", k) for k, w in bad.items()]
    swings += [(w * (best[k] - played[k]), "outcome_missed", k) for k, w in good.items()]
    size, code, k = max(swings)
    if size < 0.5 * loss:
        return {"code": "worse_on_average", "params": {}}
    return {"code": code, "params": {"outcome": k, "played_pct": round(100 * played[k]),
                                     "best_pct": round(100 * best[k])}}


class _Decision(NamedTuple):
    """One of the seat's decisions with a real choice: where it was, the card played, what the seat saw."""

    play_index: int
    card: int
    obs: Observation
    legal: int
    groups: dict[int, int]   # each legal card -> the representative of its equivalent cards


def _decisions(record: Any, seat: int) -> list[_Decision]:
    """``seat``'s decisions with a real choice (two or more distinct cards), replaying the record once; raises
    :class:`~engine.record.RecordError` for a bad record, a bad seat or an illegal play."""
    state, plays = parse_record(record)
    spec = state.spec
    if isinstance(seat, bool) or seat not in range(spec.seats):
        raise RecordError(f"seat must be {spec.seat_list()} in {spec.id}, not {seat!r}")
    found: list[_Decision] = []
    for i, c in enumerate(plays):
        if state.to_play == seat:
            obs = observe(state, seat)
            legal = legal_mask(obs.hand, obs.trick, obs.trump, obs.rules.undertrump_when_void)
            if not legal >> c & 1:
                raise RecordError(f"play {i}: seat {seat} may not play {CODES[c]}")
            groups = choice_groups(obs, legal)
            if len(set(groups.values())) > 1:
                found.append(_Decision(i, c, obs, legal, groups))
        state.push(c)
    return found


def _evaluate(bot: ExpertBot, obs: Observation, reps: list[int],
              iterations: int) -> tuple[dict[int, float], dict[int, dict[str, float]]]:
    """Each of ``reps``' expected value and outcome classes: Mittlere's expert evaluation, or in Molotow and
    Plus-Minus the family's search scored by the game's own settlement (:func:`engine.bots.family.evaluate`)."""
    if obs.game == MITTLERE.id:
        return bot.evaluate_classes(obs, reps, iterations)
    rng = decision_rng(bot.level + "/eval", bot.seed, obs)
    return family_evaluate(obs, reps, iterations, rng, bot.eps, bot.race)


def coach_steps(record: Any, seat: int, start: int = 0, limit: int | None = None, iterations: int = COACH_ITERATIONS,
                seed: str = "coach") -> dict[str, Any]:
    """Evaluate ``seat``'s decisions from the ``start``-th (0-based, among the decisions with a real choice), at
    most ``limit`` of them: ``{"decisions", "count", "next"}`` (``next`` is null when none is left).  Each
    decision is seeded by its position, so evaluating in steps gives exactly what :func:`coach_hand` gives."""
    found = _decisions(record, seat)
    todo = found[start:] if limit is None else found[start:start + max(0, limit)]
    bot = ExpertBot(seed, iterations=iterations, endgame_worlds=max(2, iterations // 40))
    decisions: list[dict[str, Any]] = []
    for i, c, obs, legal, groups in todo:
        reps = sorted(set(groups.values()))
        means, classes = _evaluate(bot, obs, reps, iterations)
        best = max(reps, key=lambda x: (means[x], -x))
        mine = groups[c]
        loss = max(0.0, means[best] - means[mine])
        decisions.append({
            "play_index": i, "trick": len(obs.tricks) + 1, "card": CODES[c], "best": CODES[best],
            "expected": round(means[mine], 3), "best_expected": round(means[best], 3),
            "loss": round(loss, 3), "mark": _mark(loss),
            "reason": _reason(obs.game, loss, classes[mine], classes[best]),
            "options": {CODES[x]: round(means[x], 3) for x in reps},
            "same_as": sorted(CODES[x] for x in iter_cards(legal) if groups[x] == mine and x != c),
        })
    end = start + len(todo)
    return {"decisions": decisions, "count": len(found), "next": end if end < len(found) else None}


def biggest(decisions: list[dict[str, Any]], n: int = 3) -> list[int]:
    """The play indices of the ``n`` costliest marked decisions, costliest first."""
    ranked = sorted((d for d in decisions if d["mark"]), key=lambda d: -d["loss"])
    return [d["play_index"] for d in ranked[:n]]


def coach_hand(record: Any, seat: int, iterations: int = COACH_ITERATIONS, seed: str = "coach") -> dict[str, Any]:
    """The coach's report of ``seat``'s decisions in ``record`` (a decoded hand record of any game of the family).

    Raises :class:`~engine.record.RecordError` for a bad record or seat.
    """
    decisions = coach_steps(record, seat, iterations=iterations, seed=seed)["decisions"]
    return {"seat": seat, "iterations": iterations, "decisions": decisions,
            "total_loss": round(sum(d["loss"] for d in decisions), 3),
            "biggest": biggest(decisions)}


_OUTCOME_TEXT = {"middle": "ending in the middle", "hundred": "reaching 100 or more", "no_trick": "taking no trick",
                 "lowest": "finishing lowest", "highest": "finishing highest", "match": "taking every trick",
                 "all_points": "taking all the points", "other_hundred": "another player reaching 100 or more",
                 "other_all": "another player taking all the points",
                 "passed": "taking a stroke passed on from a tie"}


def _card_text(code: str) -> str:
    return pretty(CODES.index(code))


def render_text(report: dict[str, Any]) -> str:
    """The report in English, one line per decision, the biggest mistakes flagged."""
    lines = [f"Coach for seat {report['seat']} ({report['iterations']} play-outs per decision): "
             f"{report['total_loss']:.2f} expected strokes lost in total."]
    for d in report["decisions"]:
        flag = " <-- " + d["mark"].upper() if d["play_index"] in report["biggest"] else (
            f" ({d['mark']})" if d["mark"] else "")
        head = f"trick {d['trick']:>2}: played {_card_text(d['card'])} ({d['expected']:+.2f})"
        if d["loss"] >= 0.005:
            head += f", best {_card_text(d['best'])} ({d['best_expected']:+.2f})"
        head += flag
        r = d["reason"]
        p = r["params"]
        if r["code"] == "outcome_risk":
            why = (f"   your card makes {_OUTCOME_TEXT[p['outcome']]} likelier: {p['played_pct']}% instead of "
                   f"{p['best_pct']}%.")
        elif r["code"] == "outcome_missed":
            why = (f"   {_card_text(d['best'])} gives a better chance of {_OUTCOME_TEXT[p['outcome']]}: "
                   f"{p['best_pct']}% instead of {p['played_pct']}%.")
        elif r["code"] == "worse_on_average":
            why = "   worse on average over many deals, no single outcome explains it."
        else:
            why = ""
        lines.append(head)
        if why:
            lines.append(why)
    return "\n".join(lines)


def add_parser(sub: Any) -> None:
    p = sub.add_parser("coach", help="evaluate one seat's decisions in a hand record with the expert search")
    p.add_argument("file", help="hand record (JSON), or - for standard input")
    p.add_argument("--seat", type=int, required=True,
                   help="the seat to coach (0, 1 or 2 in Mittlere; 0 to 3 in Molotow and Plus-Minus)")
    p.add_argument("--iterations", type=int, default=COACH_ITERATIONS,
                   help=f"play-outs per decision (default {COACH_ITERATIONS})")
    p.add_argument("--json", action="store_true", help="print the report as JSON (codes, no sentences)")


def run(args: argparse.Namespace, stdin: TextIO | None = None, out: TextIO | None = None,
        err: TextIO | None = None) -> int:
    stdin = stdin or sys.stdin
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        if args.file == "-":
            text = stdin.read()
        else:
            with open(args.file, encoding="utf-8") as f:
                text = f.read()
        report = coach_hand(json.loads(text), args.seat, max(1, args.iterations))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecordError) as e:
        err.write(f"error: {e}\n")
        return 2
    out.write((json.dumps(report) if args.json else render_text(report)) + "\n")
    return 0
