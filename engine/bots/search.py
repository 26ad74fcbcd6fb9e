"""Information-set search levels: ``hard`` (determinized Monte Carlo) and ``expert`` (+ exact endgame).

For each decision the bot repeatedly

1. samples a *world*: the two unseen hands, uniformly among all deals consistent with the
   observation (known voids, the Puur rule, undertrumping, card counts: :mod:`.common`);
2. plays every candidate card in that same world (common random numbers), then finishes the hand
   with a fast play-out policy, or, in the expert's endgame, solves it exactly;
3. scores the result **in strokes**: the settlement delta of its own seat (docs/rules.md §6).

It plays the candidate with the best mean.  The loop is *anytime*: it stops when the time budget
(``budget_ms``) is spent or after ``iterations`` worlds, whichever comes first; ``budget_ms=None``
with a fixed ``iterations`` makes decisions fully deterministic for a seed.
"""

from __future__ import annotations

import random
import time

from ..cards import CARDS_PER_HAND, iter_cards, pretty
from ..observation import Observation, state_from_observation
from ..rules import legal_mask
from ..scoring import seat_points
from ..state import random_playout
from . import register
from .common import CLASSES, deltas_of, sample_hidden, sampler_setup, seat_class
from .endgame import solve_deltas

_CLASS_TEXT = {
    "lowest": "finish lowest", "highest": "finish highest", "middle": "end in the middle",
    "hundred": "reach 100+", "no_trick": "take no trick", "match": "take every trick", "tie": "tie",
}


class SearchBot:
    """Determinized Monte Carlo search scored in strokes."""

    level = "hard"

    def __init__(self, seed: int | str = 0, budget_ms: float | None = 80.0, iterations: int | None = 4000,
                 endgame_tricks: int = 0, min_iterations: int = 8):
        self.seed = seed
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.endgame_tricks = endgame_tricks
        self.min_iterations = min_iterations
        self.last_reason = ""
        self.last_stats: dict = {}

    def _rng(self, obs: Observation) -> random.Random:
        # Keyed by the seed and the observation only: the same seed and the same view give the
        # same decision, whatever happened before (and whatever the hidden hands are).
        key = ",".join(str(c) for _, c in obs.plays)
        return random.Random(f"{self.level}/{self.seed}/{obs.seat}/{obs.hand}/{key}")

    def choose(self, obs: Observation) -> int:
        legal = legal_mask(obs.hand, obs.trick, obs.trump, obs.rules.undertrump_when_void)
        cands = list(iter_cards(legal))
        if len(cands) == 1:
            self.last_reason = f"{pretty(cands[0])} is the only card you may play."
            self.last_stats = {}
            return cands[0]
        rng = self._rng(obs)
        rand = rng.random
        seat = obs.seat
        setup = sampler_setup(obs)
        a, b = setup[0], setup[1]
        base = state_from_observation(obs, {a: 0, b: 0})
        eights = obs.rules.eights
        tricks_left = CARDS_PER_HAND - len(obs.tricks)
        exact = tricks_left <= self.endgame_tricks
        n = len(cands)
        totals = [0.0] * n
        classes = [dict.fromkeys(CLASSES, 0) for _ in range(n)]
        start = time.perf_counter()
        deadline = None if self.budget_ms is None else start + self.budget_ms / 1000.0
        limit = self.iterations if self.iterations is not None else 10 ** 9
        it = 0
        while it < limit:
            if deadline is not None and it >= self.min_iterations and time.perf_counter() >= deadline:
                break
            hidden = sample_hidden(obs, rng, setup)
            world = base.copy()
            world.hands[a] = hidden[a]
            world.hands[b] = hidden[b]
            for i, c in enumerate(cands):
                st = world.copy()
                st.push(c)
                if exact:
                    d, pts, tw = solve_deltas(st, seat)
                    totals[i] += d
                    classes[i][seat_class(pts, tw, seat)] += 1
                    continue
                random_playout(st, rand)
                pts = seat_points(st.captured, st.trump, st.tricks[-1].winner, eights)
                tw = st.tricks_won
                totals[i] += deltas_of(pts, tw)[seat]
                classes[i][seat_class(pts, tw, seat)] += 1
            it += 1
        best = max(range(n), key=lambda i: (totals[i], -cands[i]))
        c = cands[best]
        means = [t / it for t in totals]
        self.last_stats = {"iterations": it,
                           "means": {pretty(x): round(m, 3) for x, m in zip(cands, means, strict=True)},
                           "exact": exact, "ms": (time.perf_counter() - start) * 1000}
        self.last_reason = self._reason(c, means[best], sorted(means)[-2], classes[best], it, exact)
        return c

    @staticmethod
    def _reason(c: int, mean: float, second: float, cls: dict, n: int, exact: bool) -> str:
        top = sorted(((k, v) for k, v in cls.items() if v), key=lambda kv: -kv[1])[:2]
        parts = [f"{_CLASS_TEXT[k]} {round(100 * v / n)}%" for k, v in top]
        how = "solved exactly" if exact else "played out"
        return (f"{pretty(c)}: about {mean:+.2f} strokes on average over {n} sampled deals {how} "
                f"(next best {second:+.2f}); you {', '.join(parts)}.")


class ExpertBot(SearchBot):
    """More thinking time, and the last tricks solved exactly in every sampled world."""

    level = "expert"

    def __init__(self, seed: int | str = 0, budget_ms: float | None = 500.0, iterations: int | None = 20000,
                 endgame_tricks: int = 3, min_iterations: int = 8):
        super().__init__(seed, budget_ms, iterations, endgame_tricks, min_iterations)


register("hard", "Hard", SearchBot)
register("expert", "Expert", ExpertBot)
