"""The bots' play in Molotow and Plus-Minus (four seats; docs/rules-molotow.md, docs/rules-plusminus.md).

Mittlere's levels are built around three seats (two hidden hands that the sampler splits exactly, Mittlere's own
settlement, the endgame solver) and stay exactly as they are.  In another game of the family:

- ``normal`` plans for the game's goal (:func:`rule_card`): finish **alone with the fewest** card points (``low``,
  the default) or **alone with the most, under 100** (``high``, with a strong hand or a clear lead in points), never
  in the middle; it switches to ``low`` from ``cliff`` points and never takes a trick that brings it to 100 or more
  when it can lose it (Molotow: 100+ is three zeros; Plus-Minus: no stroke).  Then a second look: every distinct card
  played out on ``check`` sampled deals, the plan overruled when another card is better by ``margin``.
- ``hard`` and ``expert`` search (:func:`search`): sampled deals consistent with the seat's observation, every
  distinct card played out in the same deals with the plan play-out (:func:`engine.bots.playout.policy_playout`:
  each seat a drawn ``low``/``high`` plan, a share ``eps`` of random cards), successive halving of the candidates,
  each play-out scored by the game's own settlement (``GameSpec.settle``) for the bot's seat.  In Plus-Minus a hand
  is scored for the **race** to 7 strokes (:func:`race_weights`): from the game standings the observation carries
  (``scores``: strokes so far), a stroke counts more the nearer its taker is to 7 — the bot's own up to
  ``1 + race``, another seat's down to ``-race`` (it brings that seat nearer the win).
- the coach (:mod:`engine.bots.coach`) measures a family hand's decisions with the same search without halving
  (:func:`evaluate`): each distinct card's mean value and how often each outcome class of the seat follows
  (:data:`FAMILY_CLASSES`, :func:`family_class`).

The budget is work (play-outs), so a decision is a pure function of the seed, the options and the observation.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from ..cards import CODES, NUM_CARDS, RANK_OF, SUIT_MASKS, SUIT_OF, iter_cards, pretty
from ..games import MOLOTOW, PLUSMINUS, PLUSMINUS_TARGET
from ..observation import Observation, state_from_observation
from ..rules import legal_mask
from ..scoring import MOLOTOW_HUNDRED, Settlement
from ..state import outcome
from .common import decision_rng, other_seats, second_look
from .playout import _POINTS, _STRENGTH_OF, draw_plans, plan_choice, policy_playout

#: Attempts at a deal that respects every known void before the sampler settles for the card counts alone.
SAMPLE_TRIES = 20

#: Play-outs per decision of the search levels in the family's games (the levels' ``family_iterations`` default).
FAMILY_ITERATIONS = {"hard": 600, "expert": 1600}
#: Plus-Minus: how much a stroke's weight grows near 7 (own strokes up to ``1 + RACE``, others' down to ``-RACE``).
RACE = 0.5
#: ``normal``: hand strength from which it aims high, the points from which it aims low again, the second look's
#: sampled deals per card and the margin (expected strokes) by which another card must be better to overrule.
THRESHOLD = 4.0
CLIFF = 60
CHECK = 3
MARGIN = 0.75


def sample_hidden_any(obs: Observation, rng: random.Random) -> dict[int, int]:
    """One deal of the unseen cards to every other seat: each gets its count of cards, none it is known not to hold
    when such a deal is found in :data:`SAMPLE_TRIES` random attempts (the most constrained cards first), else by
    the counts alone.  Not exactly uniform; any number of seats."""
    others = other_seats(obs.seat, obs.seats)
    cards = list(iter_cards(obs.unseen))
    for _ in range(SAMPLE_TRIES):
        rng.shuffle(cards)
        order = sorted(cards, key=lambda c: sum(1 for s in others if not obs.excluded[s] >> c & 1))
        need = {s: obs.counts[s] for s in others}
        hands = dict.fromkeys(others, 0)
        for c in order:
            room = [s for s in others if need[s] and not obs.excluded[s] >> c & 1]
            if not room:
                break
            s = rng.choices(room, weights=[need[x] for x in room])[0]
            hands[s] |= 1 << c
            need[s] -= 1
        else:
            return hands
    rng.shuffle(cards)
    hands = {}
    at = 0
    for s in others:
        hands[s] = sum(1 << c for c in cards[at:at + obs.counts[s]])
        at += obs.counts[s]
    return hands


# -- what a hand is worth ------------------------------------------------------------------------------------------

def race_weights(obs: Observation, race: float = RACE) -> tuple[float, ...] | None:
    """Plus-Minus: per seat, what one stroke of that seat is worth to the observing seat in the race to 7, from the
    strokes so far (``obs.scores``; Plus-Minus has no zeros, so the net is the strokes).  A seat's *pressure* is 0 up
    to 3 strokes, grows to 1 at 6 (one stroke from the win) and stays 1; the own stroke weighs ``1 + race *
    pressure``, another seat's ``-race * pressure``.  None in any other game or with ``race`` 0: the hand's
    settlement delta alone."""
    if obs.game != PLUSMINUS.id or race <= 0:
        return None
    weights = []
    for s in range(obs.seats):
        pressure = min(1.0, max(0.0, (obs.scores[s] - (PLUSMINUS_TARGET - 4)) / 3))
        weights.append(1 + race * pressure if s == obs.seat else -race * pressure)
    return tuple(weights)


#: A seat's outcome classes in a hand of each game of the family (the coach's reasons, :func:`family_class`).
#: Molotow: ``all_points`` (every point, 3 strokes), ``hundred`` (100 or more, 3 zeros), ``other_all`` /
#: ``other_hundred`` (another player did so: a zero / a stroke), ``lowest`` / ``highest`` (alone with the fewest /
#: the most: a stroke), ``middle`` (untied between them: a zero), ``tie`` (tied: nothing).  Plus-Minus: ``lowest``,
#: ``highest`` (alone with the most, 99 or less) and ``passed`` (a tied extreme's stroke passed on, ``ties: next``)
#: give a stroke; ``hundred`` (alone with the most at 100 or more), ``middle`` and ``tie`` nothing.  ``annulled``:
#: no trump under ``no_trump: annul``.
FAMILY_CLASSES: dict[str, tuple[str, ...]] = {
    MOLOTOW.id: ("all_points", "hundred", "other_all", "other_hundred", "lowest", "highest", "middle", "tie",
                "annulled"),
    PLUSMINUS.id: ("lowest", "highest", "passed", "hundred", "middle", "tie", "annulled"),
}


def family_class(settled: Settlement, pts: Sequence[int], seat: int) -> str:
    """``seat``'s outcome class (:data:`FAMILY_CLASSES`) in a settled Molotow or Plus-Minus hand."""
    roles = settled.roles
    if settled.case == "annulled":
        return "annulled"
    if settled.case == "molotow_all":
        return "all_points" if roles["winner"] == seat else "other_all"
    if settled.case == "molotow_hundred":
        return "hundred" if roles["hundred"] == seat else "other_hundred"
    if seat in roles["stroke"]:
        return "lowest" if pts[seat] == min(pts) else "highest" if pts[seat] == max(pts) else "passed"
    if roles.get("hundred") == seat:
        return "hundred"
    if seat in roles.get("zero", ()) or (settled.case == "plusminus" and seat not in roles["tied"]):
        return "middle"
    return "tie"


def _value(deltas: tuple[int, ...], seat: int, weights: tuple[float, ...] | None) -> float:
    if weights is None:
        return float(deltas[seat])
    return sum(w * d for w, d in zip(weights, deltas, strict=True))


# -- the search (hard, expert, normal's second look) ---------------------------------------------------------------

def search(obs: Observation, cands: list[int], playouts: int, rng: random.Random, eps: float = 0.25,
           race: float = RACE, halving: bool = True,
           classes: list[dict[str, int]] | None = None) -> tuple[list[float], list[int], list[int]]:
    """Evaluate ``cands`` with about ``playouts`` play-outs in sampled worlds (common random numbers: every living
    candidate in the same world with the same random stream), halving the candidates after each round when
    ``halving``.  Returns ``(totals, counts, alive)`` per candidate index; with ``classes`` (a dict per candidate)
    it also counts each play-out's outcome class for the bot's seat (:func:`family_class`) there."""
    n = len(cands)
    weights = race_weights(obs, race)
    seat = obs.seat
    totals = [0.0] * n
    counts = [0] * n
    alive = list(range(n))
    rounds = max(1, math.ceil(math.log2(n))) if halving and n > 2 else 1
    for r in range(rounds):
        worlds = max(1, playouts // rounds // len(alive))
        for _ in range(worlds):
            base = state_from_observation(obs, sample_hidden_any(obs, rng))
            # an int seed: a float one is hashed, and hash() is 32 bits in the browser's Python (wasm32), 64 here
            stream = rng.getrandbits(64)
            for i in alive:
                st = base.copy()
                st.push(cands[i])
                sub = random.Random(stream)
                plans = draw_plans(st.card_points(), sub.random)
                policy_playout(st, sub.random, plans, eps)
                settled = outcome(st).settlement
                if settled is not None:
                    totals[i] += _value(settled.deltas, seat, weights)
                    if classes is not None:
                        classes[i][family_class(settled, st.card_points(), seat)] += 1
                counts[i] += 1
        if r < rounds - 1 and len(alive) > 1:
            alive.sort(key=lambda i: (-totals[i] / counts[i], cands[i]))
            alive = sorted(alive[:max(1, (len(alive) + 1) // 2)])
    return totals, counts, alive


def evaluate(obs: Observation, cards: list[int], playouts: int, rng: random.Random, eps: float = 0.25,
             race: float = RACE) -> tuple[dict[int, float], dict[int, dict[str, float]]]:
    """The coach's measure in the family: the mean value of each of ``cards`` (legal ones; strokes minus zeros of the
    seat, race-weighted in Plus-Minus as the search scores them) over about ``playouts`` play-outs on shared sampled
    worlds, no halving, and how often each outcome class (:data:`FAMILY_CLASSES`) follows.  Deterministic for
    ``rng``'s seed."""
    classes = [dict.fromkeys(FAMILY_CLASSES[obs.game], 0) for _ in cards]
    totals, counts, _ = search(obs, cards, playouts, rng, eps, race, halving=False, classes=classes)
    means = {c: totals[i] / counts[i] for i, c in enumerate(cards)}
    freq = {c: {k: v / counts[i] for k, v in classes[i].items()} for i, c in enumerate(cards)}
    return means, freq


def search_choose(bot: Any, obs: Observation, playouts: int, eps: float = 0.25, race: float = RACE,
                  halving: bool = True) -> int:
    """The card the search with ``playouts`` play-outs picks for ``obs`` (sets ``bot.last_reason``,
    ``bot.last_explanation`` and ``bot.last_stats``); ``bot.level`` and ``bot.seed`` seed the decision."""
    from .search import choices  # the search module dispatches here: imported late
    legal = legal_mask(obs.hand, obs.trick, obs.trump, obs.rules.undertrump_when_void)
    cands = choices(obs, legal)
    if len(cands) == 1:
        bot.last_reason = f"{pretty(cands[0])} is the only sensible card here."
        bot.last_explanation = {"code": "only_choice", "params": {"card": CODES[cands[0]]}}
        bot.last_stats = {"playouts": 0}
        return cands[0]
    rng = decision_rng(bot.level, bot.seed, obs)
    totals, counts, alive = search(obs, cands, playouts, rng, eps, race, halving)
    best = max(alive, key=lambda i: (totals[i] / counts[i], -cands[i]))
    mean = totals[best] / counts[best]
    second = max((totals[i] / counts[i] for i in alive if i != best), default=mean)
    what = "race-weighted strokes" if race_weights(obs, race) is not None else "strokes"
    bot.last_reason = (f"{pretty(cands[best])}: about {mean:+.2f} {what} on average over {counts[best]} sampled "
                       f"deals played out (next best {second:+.2f}).")
    bot.last_explanation = {"code": "sampled", "params": {
        "card": CODES[cands[best]], "mean": round(mean, 2), "next_best": round(second, 2), "samples": counts[best],
        "outcomes": {}}}
    bot.last_stats = {"playouts": sum(counts)}
    return cands[best]


# -- normal: the plan ----------------------------------------------------------------------------------------------

def strength(hand: int, trump: int) -> float:
    """A rough count of the tricks a hand can force (as Mittlere's ``normal``)."""
    from .normal import NormalBot
    return NormalBot.strength(hand, trump)


def plan_high(obs: Observation, threshold: float = THRESHOLD, cliff: int = CLIFF) -> bool:
    """Whether ``normal`` aims alone for the most points (under 100) rather than alone for the fewest: with a strong
    hand or a clear lead in points, and never from ``cliff`` points on."""
    pts = obs.card_points()
    me = pts[obs.seat]
    if me >= cliff:
        return False
    others = max(p for s, p in enumerate(pts) if s != obs.seat)
    if me >= 30 and me > others + 10:
        return True
    if obs.tricks and me + 25 < others:  # far behind the leader: the most is out of reach
        return False
    return strength(obs.hand, obs.trump) >= threshold


def _trick_state(obs: Observation) -> tuple[int, int]:
    """``(led, wkey)``: the current trick's suit and its winning card's power in the play-out's keys."""
    if not obs.trick:
        return -1, -1
    led = SUIT_OF[obs.trick[0]]
    trump = obs.trump
    wkey = -1
    for i, c in enumerate(obs.trick):
        s = SUIT_OF[c]
        if s == trump or (trump < 0 and i and s != led):
            # before trump, the first off-suit card fixes trump (it is then the only trump of the trick)
            key = 100 + _STRENGTH_OF[c]
        elif s == led:
            key = RANK_OF[c]
        else:
            key = -1
        wkey = max(wkey, key)
    return led, wkey


def _takes(c: int, obs: Observation, led: int, wkey: int) -> bool:
    """Whether ``c`` would win the trick so far."""
    s = SUIT_OF[c]
    if not obs.trick:
        return True
    if s == obs.trump or (obs.trump < 0 and s != led):
        return 100 + _STRENGTH_OF[c] > wkey
    return s == led and RANK_OF[c] > wkey


def rule_card(obs: Observation, threshold: float = THRESHOLD, cliff: int = CLIFF) -> tuple[int, str]:
    """``normal``'s card by its plan (:func:`plan_high`), never taking a trick into 100 points or more when a card
    that loses it is legal; and a sentence why."""
    legal = legal_mask(obs.hand, obs.trick, obs.trump, obs.rules.undertrump_when_void)
    high = plan_high(obs, threshold, cliff)
    led, wkey = _trick_state(obs)
    trump = obs.trump
    ntrick = len(obs.trick)
    c = plan_choice(legal, ntrick, led, wkey, trump, _POINTS[trump + 1], high).bit_length() - 1
    me = obs.card_points()[obs.seat]
    if _takes(c, obs, led, wkey) and ntrick:
        table = _POINTS[(SUIT_OF[c] if trump < 0 and SUIT_OF[c] != led else trump) + 1]
        last = len(obs.tricks) == NUM_CARDS // obs.seats - 1
        gain = sum(table[x] for x in obs.trick) + table[c] + (5 if last else 0)
        unsure = (obs.seats - 1 - ntrick) * 11  # what the cards still to come may add
        if me + gain + unsure >= MOLOTOW_HUNDRED:
            losers = 0
            for x in iter_cards(legal):
                if not _takes(x, obs, led, wkey):
                    losers |= 1 << x
            if losers:
                c = plan_choice(losers, ntrick, led, wkey, trump, _POINTS[trump + 1], False).bit_length() - 1
                return c, f"{pretty(c)}: taking this trick could bring you to 100 points or more."
    aim = "alone the most points, under 100" if high else "alone the fewest points"
    suit = ""
    if trump < 0 and ntrick and not obs.hand & SUIT_MASKS[led]:
        suit = " (the card not following makes its suit trump)"
    return c, f"{pretty(c)}: aiming for {aim}{suit}."


def normal_choose(bot: Any, obs: Observation, check: int = CHECK, margin: float = MARGIN,
                  threshold: float = THRESHOLD, cliff: int = CLIFF) -> int:
    """``normal`` in the family: the plan's card (:func:`rule_card`), unless a second look at ``check`` sampled deals
    per distinct card finds another better by more than ``margin`` expected strokes."""
    c, reason = rule_card(obs, threshold, cliff)
    bot.last_reason = reason
    if check <= 0:
        return c

    def means_of(reps: list[int]) -> dict[int, float]:
        rng = decision_rng(bot.level + "/check", bot.seed, obs)
        totals, counts, _ = search(obs, reps, check * len(reps), rng, halving=False)
        return {x: totals[i] / counts[i] for i, x in enumerate(reps)}
    return second_look(bot, obs, c, margin, means_of)
