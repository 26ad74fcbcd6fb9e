"""Information-set search levels: ``hard`` (determinized Monte Carlo) and ``expert`` (+ exact endgame).

For each decision the bot

1. groups its legal cards into distinct choices (blanks of one suit with no unseen card between
   them are the same move) — :func:`choices`;
2. repeatedly samples a *world*: the two unseen hands, uniformly among all deals consistent with
   the observation (known voids, the Puur rule, undertrumping, card counts: :mod:`.common`); with the
   ``infer`` option, from a pool of that many uniform deals in proportion to how well each explains the
   opponents' plays so far (:mod:`.inference`; off by default, see docs/bots-log.md);
3. plays every surviving candidate in that same world (common random numbers), then finishes the
   hand with a fast play-out policy (:mod:`.playout`), or, in the expert's endgame, solves it
   exactly (:mod:`.endgame`);
4. scores the result **in strokes**: the settlement delta of its own seat (RULES §6);
5. with successive halving: the work is split into rounds, and after each round the worse half of
   the candidates is dropped, so the close calls get the samples.

The budget is **work**: ``iterations`` play-outs (or exact solves) per decision, the same on every
machine.  ``max_ms`` is only a safety net against a pathologically slow device, measured in CPU time of
this process (so a busy machine does not trigger it: other processes' load does not count).  The randomness
of a decision is derived from the bot's seed and the position (:func:`engine.bots.common.decision_rng`),
so the same position always gives the same card.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any, ClassVar

from ..cards import CODES, EIGHT, NINE, NUM_CARDS, RANK_OF, SEVEN, SIX, SUIT_OF, iter_cards, pretty
from ..games import MITTLERE
from ..observation import Observation, state_from_observation
from ..rules import legal_mask
from ..scoring import seat_points
from ..state import random_playout
from .common import CLASSES, decision_rng, deltas_of, game_share, sample_hidden, sampler_setup, seat_class
from .endgame import solve_root
from .family import FAMILY_ITERATIONS, RACE, search_choose
from .inference import weighted_pool
from .joint import HIGH, LOW, OTHER, PRIOR, RULES, draw_world, joint_pool, prior_types, world_modes
from .playout import draw_plans, policy_playout, public_voids, rule_playout

_CLASS_TEXT = {
    "lowest": "finish lowest", "highest": "finish highest", "middle": "end in the middle",
    "hundred": "reach 100+", "no_trick": "take no trick", "match": "take every trick", "tie": "tie",
}


def choice_groups(obs: Observation, legal: int) -> dict[int, int]:
    """Each legal card mapped to the card that stands for its group of equivalent cards (the lowest).

    Two blanks of one suit are the same move when no unseen card lies between them: whatever the
    others hold, either wins and loses the same tricks and is worth nothing.  A card is a blank for
    sure: 6, 7 (and 8 unless the eights rule could still apply) before trump is fixed; after, any
    zero card (6 7 8 of trump, 6 7 8 9 of a plain suit).
    """
    trump = obs.trump
    eights = obs.rules.eights
    unseen = obs.unseen
    out: dict[int, int] = {}
    prev = -1
    for c in iter_cards(legal):
        r = RANK_OF[c]
        if trump >= 0:
            blank = r in (SIX, SEVEN, EIGHT) or (r == NINE and SUIT_OF[c] != trump)
        else:
            blank = r in (SIX, SEVEN) or (r == EIGHT and not eights)
        out[c] = c
        if blank:
            if prev >= 0 and SUIT_OF[prev] == SUIT_OF[c] and not unseen & ((1 << c) - (2 << prev)):
                out[c] = out[prev]
            prev = c
    return out


def choices(obs: Observation, legal: int) -> list[int]:
    """The legal cards with equivalent ones merged (:func:`choice_groups`)."""
    return sorted(set(choice_groups(obs, legal).values()))


def _cpu_seconds() -> Callable[[], float]:
    """CPU time of this process where the platform has it (CPython), else wall-clock (a browser worker
    thread has the CPU to itself anyway)."""
    try:
        time.process_time()
        return time.process_time
    except (OSError, AttributeError):  # pragma: no cover - platform without a process clock
        return time.perf_counter


_cpu_clock = _cpu_seconds()


class _Run:
    """What one sampling loop gathered, per candidate index."""

    def __init__(self, totals: list[float], counts: list[int], classes: list[dict[str, int]], alive: list[int],
                 exact: bool):
        self.totals = totals
        self.counts = counts
        self.classes = classes
        self.alive = alive
        self.exact = exact
        #: Strokes alone, when ``totals`` also hold the game-win share (a game's last hand); else None.
        self.strokes: list[float] | None = None
        self.work = 0
        self.worlds = 0
        self.stopped = False


class SearchBot:
    """Determinized Monte Carlo search scored in strokes, with a budget in play-outs."""

    level = "hard"

    def __init__(self, seed: int | str = 0, iterations: int = 900, max_ms: float | None = 3000.0,
                 endgame_tricks: int = 0, endgame_worlds: int = 40, policy: str = "smart", eps: float = 0.25,
                 halving: bool = True, group: bool = True, infer: int = 0, infer_eps: float = 0.4,
                 adapt: bool = False, last_hand: float = 0.0, own_eps: float | None = None, joint: int = 0,
                 joint_ess: float = 50.0, joint_rules: float = PRIOR[RULES], joint_other: str = "plans",
                 family_iterations: int | None = None, race: float = RACE):
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        if policy not in ("smart", "rules", "mixed", "others", "random"):
            raise ValueError(f"unknown play-out policy {policy!r} (smart, rules, mixed, others, random)")
        self.seed = seed
        self.iterations = iterations
        self.max_ms = max_ms
        self.endgame_tricks = endgame_tricks
        self.endgame_worlds = endgame_worlds
        if joint and policy != "smart":
            raise ValueError("joint inference plays each opponent by its type: it needs policy=smart")
        self.policy = policy
        self.eps = eps
        #: With ``policy="rules"``: the share of random cards in the searcher's own later play (None: ``eps``).
        self.own_eps = own_eps
        self.halving = halving
        self.group = group
        #: Size of the pool of deals weighed by the opponents' plays that the worlds are drawn from
        #: (:mod:`.inference`); 0: every world a fresh uniform deal (the search before inference).
        self.infer = infer
        self.infer_eps = infer_eps
        #: Size of the pool of deals weighed jointly with the opponents' types (:mod:`.joint`); 0: off.  Each
        #: opponent is played out by its type drawn with the deal; the searcher by its drawn plan.
        self.joint = joint
        #: The joint pool's effective sample size is kept at least this by tempering its likelihoods.
        self.joint_ess = joint_ess
        #: The prior of the ``RULES`` type (``OTHER`` takes what it gives or leaves; ``LOW`` and ``HIGH`` keep theirs).
        if not 0.0 <= joint_rules <= PRIOR[RULES] + PRIOR[OTHER]:
            raise ValueError(f"joint_rules must be between 0 and {PRIOR[RULES] + PRIOR[OTHER]}")
        self.joint_prior = (joint_rules, PRIOR[LOW], PRIOR[HIGH], PRIOR[RULES] + PRIOR[OTHER] - joint_rules)
        #: Joint inference: how an ``OTHER`` opponent's plays weigh the deals: ``plans`` (the soft plan likelihood)
        #: or ``flat`` (not at all).
        if joint_other not in ("plans", "flat"):
            raise ValueError(f"joint_other must be plans or flat, not {joint_other!r}")
        self.joint_other = joint_other
        #: Play-out plans that change after every trick (:func:`.playout.adapt_plans`).
        self.adapt = adapt
        #: In a game's last hand a card is scored by its strokes plus this many strokes times its share of the game
        #: win (0: strokes only, as in every other hand).  The reason still reports strokes.
        self.last_hand = last_hand
        #: Molotow and Plus-Minus (:mod:`.family`): play-outs per decision (None: the level's
        #: :data:`~.family.FAMILY_ITERATIONS`), and in Plus-Minus the weight of the race to 7 strokes.
        if family_iterations is not None and family_iterations < 1:
            raise ValueError("family_iterations must be at least 1")
        self.family_iterations = family_iterations
        self.race = race
        self.last_reason = ""
        #: The last decision as a code with parameters (for a UI that words it in its own language).
        self.last_explanation: dict[str, Any] = {}
        self.last_stats: dict[str, Any] = {}
        self._revealed: dict[int, int] | None = None

    def reveal(self, hidden: dict[int, int]) -> None:
        """Tell the bot the other seats' true hands for its next decision only (an omniscient control).

        Only the arena calls this (``--omniscient``); a game never does.
        """
        self._revealed = dict(hidden)

    def choose(self, obs: Observation) -> int:
        revealed, self._revealed = self._revealed, None
        if obs.game != MITTLERE.id:  # Molotow, Plus-Minus: the family's search (engine.bots.family)
            work = self.family_iterations or FAMILY_ITERATIONS.get(self.level, FAMILY_ITERATIONS["hard"])
            return search_choose(self, obs, work, self.eps, self.race, self.halving)
        legal = legal_mask(obs.hand, obs.trick, obs.trump, obs.rules.undertrump_when_void)
        cands = choices(obs, legal) if self.group else list(iter_cards(legal))
        if len(cands) == 1:
            self.last_reason = f"{pretty(cands[0])} is the only sensible card here."
            self.last_explanation = {"code": "only_choice", "params": {"card": CODES[cands[0]]}}
            self.last_stats = {"playouts": 0}
            return cands[0]
        start = time.perf_counter()
        run = self._run(obs, cands, self.iterations, self.halving, self.level, revealed, game=True)
        best = max(run.alive, key=lambda i: (run.totals[i] / run.counts[i], -cands[i]))
        c = cands[best]
        shown = run.totals if run.strokes is None else run.strokes
        means = {i: shown[i] / run.counts[i] for i in range(len(cands)) if run.counts[i]}
        # the runner-up among the candidates that stayed to the end (one dropped by halving has a mean over fewer,
        # earlier samples, and may show higher than the card played)
        second = max((means[i] for i in run.alive if i != best), default=means[best])
        self.last_stats = {"playouts": run.work, "worlds": run.worlds, "exact": run.exact,
                           "stopped_by_time": run.stopped,
                           "means": {pretty(cands[i]): round(v, 3) for i, v in means.items()},
                           "ms": (time.perf_counter() - start) * 1000}
        self.last_reason = self._reason(c, means[best], second, run.classes[best], run.counts[best], run.exact)
        n = run.counts[best]
        top = sorted(((k, v) for k, v in run.classes[best].items() if v), key=lambda kv: -kv[1])[:2]
        self.last_explanation = {"code": "solved" if run.exact else "sampled", "params": {
            "card": CODES[c], "mean": round(means[best], 2), "next_best": round(second, 2), "samples": n,
            "outcomes": {k: round(100 * v / n) for k, v in top}}}
        return c

    def evaluate_classes(self, obs: Observation, cards: list[int],
                         iterations: int) -> tuple[dict[int, float], dict[int, dict[str, float]]]:
        """Mean strokes of each of ``cards`` (legal ones) over ``iterations`` play-outs on shared worlds,
        and how often each outcome class follows.  The coach's measure: no halving, deterministic."""
        run = self._run(obs, cards, iterations, False, self.level + "/eval", None)
        means = {c: run.totals[i] / run.counts[i] for i, c in enumerate(cards)}
        classes = {c: {k: v / run.counts[i] for k, v in run.classes[i].items()} for i, c in enumerate(cards)}
        return means, classes

    def _run(self, obs: Observation, cands: list[int], iterations: int, halving: bool, salt: str,
             revealed: dict[int, int] | None, game: bool = False) -> _Run:
        """The sampling loop: ``iterations`` play-outs (or ``endgame_worlds`` exact solves) over ``cands``."""
        rng = decision_rng(salt, self.seed, obs)
        rand = rng.random
        seat = obs.seat
        setup = sampler_setup(obs)
        a, b = setup[0], setup[1]
        base = state_from_observation(obs, {a: 0, b: 0})
        eights = obs.rules.eights
        exact = NUM_CARDS // obs.seats - len(obs.tricks) <= self.endgame_tricks
        # mixed: the searcher by the rules, the others by their plans; others: the other way round
        mixed = self.policy in ("mixed", "others")
        rule_seats = (1 << seat) if self.policy == "mixed" else ((1 << obs.seats) - 1) & ~(1 << seat)
        smart = self.policy == "smart" or mixed
        rules = self.policy == "rules" or mixed
        eps = self.eps
        voids = public_voids(obs) if rules or self.joint else []
        if rules:
            eps_of = [eps] * obs.seats
            eps_of[seat] = eps if self.own_eps is None else self.own_eps
        pts_now = obs.card_points()
        adapt_from = list(pts_now) if self.adapt else None
        pool = None
        if self.infer > 1 and revealed is None and any(p_seat != seat for p_seat, _ in obs.plays):
            pool = weighted_pool(obs, rng, setup, self.infer_eps, self.infer)
        jpool = None
        types: dict[int, int] | None = None
        if self.joint:
            eps_all = [eps] * obs.seats
            if any(p_seat != seat for p_seat, _ in obs.plays):
                jpool = joint_pool(obs, rng, setup, self.joint, self.joint_ess, self.joint_prior,
                                   deals=None if revealed is None else [revealed],
                                   flat_other=self.joint_other == "flat")
        n = len(cands)
        run = _Run([0.0] * n, [0] * n, [dict.fromkeys(CLASSES, 0) for _ in range(n)], list(range(n)), exact)
        totals, counts, classes = run.totals, run.counts, run.classes
        # a game's last hand: score the share of the game win too (strokes kept apart for the reason)
        final = game and self.last_hand > 0 and obs.hands_left == 1
        weight = self.last_hand
        scores = obs.scores
        strokes: list[float] = [0.0] * n
        if final:
            run.strokes = strokes
        deadline = None if self.max_ms is None else _cpu_clock() + self.max_ms / 1000.0
        rounds = max(1, math.ceil(math.log2(n))) if halving else 1
        for r in range(rounds):
            alive = run.alive
            m = len(alive)
            if exact:
                per_round = max(1, self.endgame_worlds // rounds)
            else:
                per_round = max(1, iterations // (rounds * m))
            for _ in range(per_round):
                if jpool is not None:
                    hidden, types = draw_world(jpool, rng)
                elif self.joint:
                    types = prior_types((a, b), rng, self.joint_prior)
                    hidden = revealed if revealed is not None else sample_hidden(obs, rng, setup)
                elif revealed is not None:
                    hidden = revealed
                elif pool is not None:
                    hidden = rng.choices(pool[0], cum_weights=pool[1])[0]
                else:
                    hidden = sample_hidden(obs, rng, setup)
                world = base.copy()
                world.hands[a] = hidden[a]
                world.hands[b] = hidden[b]
                run.worlds += 1
                run.work += m
                if exact:
                    for i, (d, pts, tw) in zip(alive, solve_root(world, seat, [cands[i] for i in alive]), strict=True):
                        ev: float = d
                        if final:
                            strokes[i] += d
                            ev += weight * game_share(scores, deltas_of(pts, tw), seat)
                        totals[i] += ev
                        counts[i] += 1
                        classes[i][seat_class(pts, tw, seat)] += 1
                else:
                    plans = draw_plans(pts_now, rand) if smart else []
                    if types is not None:
                        typed_rules = world_modes(types, plans, pts_now)
                    for i in alive:
                        st = world.copy()
                        st.push(cands[i])
                        if types is not None:
                            rule_playout(st, rand, eps_all, voids, plans, typed_rules)
                        elif mixed:
                            rule_playout(st, rand, eps_of, voids, plans, rule_seats)
                        elif rules:
                            rule_playout(st, rand, eps_of, voids)
                        elif smart:
                            policy_playout(st, rand, plans, eps, adapt_from)
                        else:
                            random_playout(st, rand)
                        pts = seat_points(st.captured, st.trump, st.tricks[-1].winner, eights)
                        tw = st.tricks_won
                        dl = deltas_of(pts, tw)
                        v: float = dl[seat]
                        if final:
                            strokes[i] += v
                            v += weight * game_share(scores, dl, seat)
                        totals[i] += v
                        counts[i] += 1
                        classes[i][seat_class(pts, tw, seat)] += 1
                if deadline is not None and _cpu_clock() >= deadline:
                    run.stopped = True
                    return run
            if r < rounds - 1 and m > 2:
                alive.sort(key=lambda i: (-totals[i] / counts[i], cands[i]))
                run.alive = alive[:max(2, (m + 1) // 2)]
        return run

    @staticmethod
    def _reason(c: int, mean: float, second: float, cls: dict[str, int], n: int, exact: bool) -> str:
        top = sorted(((k, v) for k, v in cls.items() if v), key=lambda kv: -kv[1])[:2]
        parts = [f"{_CLASS_TEXT[k]} {round(100 * v / n)}%" for k, v in top]
        how = "solved exactly" if exact else "played out"
        return (f"{pretty(c)}: about {mean:+.2f} strokes on average over {n} sampled deals {how} "
                f"(next best {second:+.2f}); you {', '.join(parts)}.")


class HardBot(SearchBot):
    """The ``hard`` level: the search with joint inference of the deal and the opponents' types (:mod:`.joint`).

    It states only what differs from :class:`SearchBot` (:attr:`DEFAULTS`); any option may still be given
    (``make_bot("hard", seed, iterations=400)``, the arena's ``hard:key=value``).  Another play-out policy than the
    plan play-out needs ``joint=0`` (joint inference plays each opponent by its type)."""

    DEFAULTS: ClassVar[dict[str, Any]] = {"joint": 300, "joint_ess": 20.0}

    def __init__(self, seed: int | str = 0, **options: Any):
        super().__init__(seed, **{**self.DEFAULTS, **options})


class ExpertBot(HardBot):
    """``hard`` with more work and the last tricks solved exactly in every sampled world.

    It states only what differs from ``hard`` (:attr:`DEFAULTS`); every other option keeps ``hard``'s default, and
    any option may still be given (``make_bot("expert", seed, iterations=400)``, the arena's ``expert:key=value``)."""

    level = "expert"
    DEFAULTS: ClassVar[dict[str, Any]] = {**HardBot.DEFAULTS, "iterations": 1500, "max_ms": 10000.0,
                                          "endgame_tricks": 4}
