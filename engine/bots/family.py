"""The bots' play in a game other than Mittlere (Molotow, Plus-Minus: four seats).

Mittlere's levels are built around three seats (two hidden hands that the sampler splits exactly, Mittlere's own
settlement, the endgame solver).  In another game the ``normal``, ``hard`` and ``expert`` levels play this plain
determinized Monte Carlo search instead: sample the hidden hands of every other seat (consistent with the known
voids where possible), play each legal card in the same world, finish the hand with uniformly random legal cards and
score it by the game's own settlement (``GameSpec.settle``) for the bot's seat.  Seat-count-free; the budget is
work (play-outs), so a decision is a pure function of the seed and the observation.
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import CODES, iter_cards, pretty
from ..observation import Observation, state_from_observation
from ..state import outcome, random_playout
from .common import decision_rng, legal_cards, other_seats

#: Attempts at a deal that respects every known void before the sampler settles for the card counts alone.
SAMPLE_TRIES = 20


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


def family_choose(bot: Any, obs: Observation, playouts: int) -> int:
    """The card the flat search with ``playouts`` play-outs picks for ``obs`` (sets ``bot.last_reason`` and
    ``bot.last_explanation``); ``bot.level`` and ``bot.seed`` seed the decision."""
    legal = legal_cards(obs)
    if len(legal) == 1:
        bot.last_reason = f"{pretty(legal[0])} is the only card you may play."
        bot.last_explanation = {"code": "only_choice", "params": {"card": CODES[legal[0]]}}
        return legal[0]
    rng = decision_rng(bot.level, bot.seed, obs)
    totals = [0.0] * len(legal)
    worlds = max(1, playouts // len(legal))
    for _ in range(worlds):
        base = state_from_observation(obs, sample_hidden_any(obs, rng))
        for i, c in enumerate(legal):
            st = base.copy()
            st.push(c)
            random_playout(st, rng.random)
            settled = outcome(st).settlement
            if settled is not None:
                totals[i] += settled.deltas[obs.seat]
    best = max(range(len(legal)), key=lambda i: (totals[i], -legal[i]))
    mean = totals[best] / worlds
    second = max((totals[i] / worlds for i in range(len(legal)) if i != best), default=mean)
    bot.last_reason = f"{pretty(legal[best])}: {mean:+.2f} strokes on average over {worlds} sampled deals."
    bot.last_explanation = {"code": "sampled", "params": {
        "card": CODES[legal[best]], "mean": round(mean, 2), "next_best": round(second, 2), "samples": worlds,
        "outcomes": {}}}
    return legal[best]
