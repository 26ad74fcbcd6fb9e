"""Joint inference: the hidden deal and each opponent's *type*, weighed together by the opponents' plays.

The plain search samples the two unseen hands uniformly and plays every seat out with the same plan play-out.  Here
each opponent is one of four types, and a sampled world is a deal together with a type per opponent:

* ``RULES``: plays like ``normal``'s rules (:func:`.playout.rule_card`), now and then another card;
* ``LOW`` / ``HIGH``: follows one plan of the plan play-out for the hand (:func:`.playout.plan_choice`);
* ``OTHER``: play these models do not explain (a person, another program).

A pool of uniform deals is drawn once per decision.  In each deal, each opponent's earlier plays of this hand are
replayed with the hand the deal gives it (:func:`.inference.decisions`, :func:`type_likelihoods`).  An opponent's type
posterior is its prior times the evidence of its plays, decision by decision averaged over the pool (under ``OTHER``:
any legal card as likely as another); averaging per decision keeps the evidence steady where a uniform pool holds few
deals that explain a whole hand.  A world is then drawn as each opponent's type from its posterior, and a deal in
proportion to its likelihood under those types (``OTHER``: the soft plan likelihood of :mod:`.inference`), tempered
when the pool's effective sample size would fall below its floor (:meth:`Pool.weights`).  The search plays each
opponent out by its type (:func:`world_modes`): the rules for ``RULES``, its plan for ``LOW``/``HIGH``, the plan
play-out's drawn plan for ``OTHER``; the searcher plays its own future by its drawn plan, as without inference.
"""

from __future__ import annotations

import math
import random

from ..cards import NUM_CARDS
from ..observation import Observation
from ..rules import legal_mask
from .common import Setup, sample_hidden
from .inference import HIGH_PRIOR, Decision, decisions
from .playout import _POINTS, _rule_step, plan_choice

RULES, LOW, HIGH, OTHER = 0, 1, 2, 3
TYPES = (RULES, LOW, HIGH, OTHER)
TYPE_NAMES = ("rules", "low", "high", "other")
#: Each opponent's type before any play is seen.
PRIOR = (0.35, 0.25, 0.1, 0.3)
#: In the likelihood: the chance that a ``RULES`` player plays another card than the rules' (any legal card).
RULES_EPS = 0.1
#: In the likelihood: the same for a player following a plan (the plan play-out's share of random cards).
PLAN_EPS = 0.25
#: OTHER's deal weights: a player assumed sensible but not modelled, as the plan inference weighs every opponent
#: (:mod:`.inference`): one plan for the hand, ``high`` with its :data:`.inference.HIGH_PRIOR`, and this share of
#: any card.
OTHER_EPS = 0.4
#: The tempering exponents tried, in order, until the pool's effective sample size reaches its floor.
BETAS = (1.0, 0.7, 0.5, 0.35, 0.25, 0.15, 0.1, 0.05, 0.0)


def type_likelihoods(obs: Observation, decs: list[Decision], hidden: dict[int, int],
                     per_decision: list[list[float]] | None = None,
                     plan_cache: dict[tuple[int, int], tuple[bool, bool]] | None = None) -> dict[int, list[float]]:
    """Per other seat, the log-likelihood of its plays so far under each type (:data:`TYPES`), had it held
    ``hidden[seat]`` (its unplayed cards).  ``OTHER``'s entry is the soft plan likelihood that weighs deals for an
    unexplained player (:data:`OTHER_EPS`); its evidence as a type is uniform play.  With ``per_decision`` (one
    row of four per decision in ``decs``), each decision's probability of the card played under ``RULES``, ``LOW``,
    ``HIGH`` and uniform play is added to its row.  ``plan_cache`` keeps the plans' verdicts per decision and set of
    legal cards across the deals of a pool (a card's plan choice depends on nothing else)."""
    utw = obs.rules.undertrump_when_void
    seats = obs.seats
    n_tricks = NUM_CARDS // seats
    nxt = tuple((s + 1) % seats for s in range(seats))
    out = {s: [0.0, 0.0, 0.0, 0.0] for s in hidden}
    soft = {s: [0.0, 0.0] for s in hidden}
    log = math.log
    for k, d in enumerate(decs):
        seat = d.seat
        hand = hidden[seat] | d.later
        legal = legal_mask(hand, d.trick, d.trump, utw)
        n = legal.bit_count()
        if n < 2:
            continue
        trump = d.trump
        points = _POINTS[trump + 1]
        ntrick = len(d.trick)
        bit = d.bit
        key = (k, legal)
        got = plan_cache.get(key) if plan_cache is not None else None
        if got is None:
            got = (plan_choice(legal, ntrick, d.led, d.wkey, trump, points, False) == bit,
                   plan_choice(legal, ntrick, d.led, d.wkey, trump, points, True) == bit)
            if plan_cache is not None:
                plan_cache[key] = got
        lo, hi = got
        rule = _rule_step(legal, hand, seat, nxt, d.seat_pts, d.voids, d.tricks_won, d.done, n_tricks, d.trick, ntrick,
                          seats - 1, d.led, d.wkey, d.win, trump, points, d.remaining) == bit
        p_r = (1.0 - RULES_EPS if rule else 0.0) + RULES_EPS / n
        p_l = (1.0 - PLAN_EPS if lo else 0.0) + PLAN_EPS / n
        p_h = (1.0 - PLAN_EPS if hi else 0.0) + PLAN_EPS / n
        ll = out[seat]
        ll[RULES] += log(p_r)
        ll[LOW] += log(p_l)
        ll[HIGH] += log(p_h)
        sf = soft[seat]
        sf[0] += log((1.0 - OTHER_EPS if lo else 0.0) + OTHER_EPS / n)
        sf[1] += log((1.0 - OTHER_EPS if hi else 0.0) + OTHER_EPS / n)
        if per_decision is not None:
            row = per_decision[k]
            row[0] += p_r
            row[1] += p_l
            row[2] += p_h
            row[3] += 1.0 / n
    for s, (sl, sh) in soft.items():
        top = max(sl, sh)
        out[s][OTHER] = top + log((1.0 - HIGH_PRIOR) * math.exp(sl - top) + HIGH_PRIOR * math.exp(sh - top))
    return out


class Pool:
    """A pool of uniform deals for joint inference.

    Each other seat's type posterior comes from the evidence of its plays averaged over the pool decision by
    decision (each decision's probability under a type, averaged over the deals, multiplied over the decisions:
    robust where few deals of a uniform pool explain a whole hand's plays).  Given the two seats' types, the deals
    are weighed by their likelihoods under those types, tempered until the effective sample size reaches
    ``min_ess`` (:meth:`weights`)."""

    def __init__(self, deals: list[dict[int, int]], lls: list[dict[int, list[float]]],
                 posterior: dict[int, list[float]], min_ess: float):
        self.deals = deals
        self.lls = lls
        self.posterior = posterior
        self.min_ess = min_ess
        self._combos: dict[tuple[int, ...], tuple[list[float], float, float]] = {}

    def weights(self, types: tuple[tuple[int, int], ...]) -> tuple[list[float], float, float]:
        """For the other seats' types ``((seat, type), ...)``: the deals' cumulative weights, the effective sample
        size and the tempering exponent used."""
        key = tuple(t for _, t in types)
        got = self._combos.get(key)
        if got is not None:
            return got
        rows = [sum(ll[s][t] for s, t in types) for ll in self.lls]
        top = max(rows)
        exp = math.exp
        chosen = None
        for beta in BETAS:
            w = [exp(beta * (r - top)) for r in rows]
            total = sum(w)
            ess = total * total / sum(x * x for x in w)
            if ess >= self.min_ess or beta == BETAS[-1]:
                cum: list[float] = []
                acc = 0.0
                for x in w:
                    acc += x
                    cum.append(acc)
                chosen = (cum, ess, beta)
                break
        assert chosen is not None
        self._combos[key] = chosen
        return chosen


def joint_pool(obs: Observation, rng: random.Random, setup: Setup, size: int, min_ess: float,
               prior: tuple[float, ...] = PRIOR, deals: list[dict[int, int]] | None = None,
               flat_other: bool = False) -> Pool:
    """``size`` uniform deals (or the given ``deals``), their likelihoods under each type, and each other seat's
    type posterior (:class:`Pool`).  With ``flat_other`` an ``OTHER`` opponent's plays do not weigh the deals (each
    consistent deal alike) instead of weighing them by the soft plan likelihood."""
    decs = decisions(obs)
    if deals is None:
        deals = [sample_hidden(obs, rng, setup) for _ in range(size)]
    per_decision = [[0.0, 0.0, 0.0, 0.0] for _ in decs]
    cache: dict[tuple[int, int], tuple[bool, bool]] = {}
    lls = [type_likelihoods(obs, decs, d, per_decision, cache) for d in deals]
    if flat_other:
        for ll in lls:
            for row in ll.values():
                row[OTHER] = 0.0
    n = len(deals)
    evidence = {s: [0.0, 0.0, 0.0, 0.0] for s in lls[0]}
    for d, row in zip(decs, per_decision, strict=True):
        if row[3] > 0:   # a decision with a choice in some deal
            ev = evidence[d.seat]
            for t in TYPES:
                ev[t] += math.log(row[t] / n)
    posterior: dict[int, list[float]] = {}
    for s, ev in evidence.items():
        top = max(ev)
        w = [prior[t] * math.exp(ev[t] - top) for t in TYPES]
        total = sum(w)
        posterior[s] = [x / total for x in w]
    return Pool(deals, lls, posterior, min_ess)


def draw_world(pool: Pool, rng: random.Random) -> tuple[dict[int, int], dict[int, int]]:
    """Each other seat's type from its posterior, then a deal by its weight under those types."""
    types = {s: _pick(post, rng.random()) for s, post in pool.posterior.items()}
    cum, _, _ = pool.weights(tuple(types.items()))
    i = rng.choices(range(len(pool.deals)), cum_weights=cum)[0]
    return pool.deals[i], types


def world_modes(types: dict[int, int], plans: list[bool], points_now: list[int]) -> int:
    """Set each typed seat's plan in ``plans`` (in place) and return the seats (bits) that play by the rules."""
    rule_seats = 0
    for s, t in types.items():
        if t == RULES:
            rule_seats |= 1 << s
        elif t == LOW:
            plans[s] = False
        elif t == HIGH:
            plans[s] = points_now[s] < 75
    return rule_seats


def prior_types(others: tuple[int, ...], rng: random.Random, prior: tuple[float, ...] = PRIOR) -> dict[int, int]:
    """Each other seat's type drawn from the prior (no play of theirs seen yet)."""
    return {s: _pick(prior, rng.random() * sum(prior)) for s in others}


def _pick(weights: list[float] | tuple[float, ...], x: float) -> int:
    """The type whose share of ``weights`` (in order) holds ``x`` (0 <= x < sum of the weights)."""
    t = 0
    while t < len(weights) - 1 and x >= weights[t]:
        x -= weights[t]
        t += 1
    return t


__all__ = ["HIGH", "LOW", "OTHER", "PRIOR", "RULES", "TYPES", "TYPE_NAMES", "Decision", "Pool", "decisions",
           "draw_world", "joint_pool", "prior_types", "type_likelihoods", "world_modes"]
