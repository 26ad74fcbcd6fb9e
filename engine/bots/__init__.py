"""Bots.  A bot only ever receives an :class:`~engine.observation.Observation` (never a HandState).

``make_bot(level, seed, **options)`` gives a bot whose ``choose(obs)`` returns a card int.  Every
decision is a pure function of the bot's seed, its options and the observation: the same position
gives the same card whatever the bot decided before (a resumed game continues exactly), and the
search levels budget *work* (play-outs), not time, so they are as strong on a slow machine as on a
fast one.  ``LEVELS`` lists the levels from weakest to strongest; ``suggest(obs)`` is the hint API.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from ..cards import iter_cards
from ..observation import Observation
from ..rules import legal_mask


class Bot(Protocol):
    level: str

    def choose(self, obs: Observation) -> int: ...


def legal_cards(obs: Observation) -> list[int]:
    """The cards the observing seat may play now (it must be its turn)."""
    m = legal_mask(obs.hand, obs.trick, obs.trump, obs.rules.undertrump_when_void)
    return list(iter_cards(m))


def position_key(obs: Observation) -> str:
    """A text naming the position as this seat sees it: seat, hand, every play, the game score.

    Seeding a generator with ``f"{level}/{seed}/{position_key(obs)}"`` gives each decision its own
    randomness, independent of the decisions made before.
    """
    plays = ",".join(str(c) for _, c in obs.plays)
    return f"{obs.seat}/{obs.dealer}/{obs.hand}/{plays}/{obs.scores}/{obs.hands_left}"


def decision_rng(level: str, seed: int | str, obs: Observation) -> random.Random:
    """The generator of one decision (``random.Random`` seeded with a string is the same everywhere)."""
    return random.Random(f"{level}/{seed}/{position_key(obs)}")


class RandomBot:
    """Uniform among the legal cards."""

    level = "random"

    def __init__(self, seed: int | str = 0):
        self.seed = seed
        self.last_reason = ""

    def choose(self, obs: Observation) -> int:
        return decision_rng(self.level, self.seed, obs).choice(legal_cards(obs))


_FACTORIES: dict[str, Callable[..., Bot]] = {"random": RandomBot}
LEVEL_NAMES: dict[str, str] = {"random": "Random"}
LEVELS: list[str] = ["random"]


def register(level: str, name: str, factory: Callable[..., Bot]) -> None:
    """Add a level (in order, weakest first)."""
    _FACTORIES[level] = factory
    LEVEL_NAMES[level] = name
    if level not in LEVELS:
        LEVELS.append(level)


def make_bot(level: str, seed: int | str = 0, **options: Any) -> Bot:
    """A bot of ``level``.  ``options`` go to the level's constructor (e.g. ``iterations`` for the
    search levels); unknown options raise TypeError."""
    try:
        factory = _FACTORIES[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})") from None
    return factory(seed, **options)


#: Work of the hint: play-outs per decision (the ``hard`` search with more work).
HINT_ITERATIONS = 2400


def suggest(obs: Observation, iterations: int | None = None) -> tuple[int, str]:
    """The hint: the card the ``hard`` search plays with ``iterations`` play-outs, and a short reason.

    Deterministic: the same position gives the same hint.
    """
    c, reason, _ = hint(obs, iterations)
    return c, reason


def hint(obs: Observation, iterations: int | None = None) -> tuple[int, str, dict[str, Any]]:
    """The hint with its explanation both as an English sentence and as a code with parameters
    (``sampled``/``solved``: ``card``, ``mean`` and ``next_best`` strokes, ``samples``, ``outcomes`` in
    percent; ``only_choice``: ``card``)."""
    bot = make_bot("hard", "hint", iterations=iterations or HINT_ITERATIONS)
    c = bot.choose(obs)
    return c, getattr(bot, "last_reason", ""), dict(getattr(bot, "last_explanation", {}))


# The order of these imports registers the levels, weakest first.
# isort: off
from . import simple  # noqa: E402,F401
from . import normal  # noqa: E402,F401
from . import search  # noqa: E402,F401
# isort: on
