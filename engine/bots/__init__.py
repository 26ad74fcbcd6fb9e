"""Bots.  A bot only ever receives an :class:`~engine.observation.Observation` (never a HandState).

``make_bot(level, seed)`` gives a bot whose ``choose(obs)`` returns a card int; the same seed and
the same observations give the same decisions.  ``LEVELS`` lists the levels from weakest to
strongest; ``suggest(obs)`` is the hint API.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

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


class RandomBot:
    """Uniform among the legal cards."""

    level = "random"

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(str(seed))

    def choose(self, obs: Observation) -> int:
        return self.rng.choice(legal_cards(obs))


_FACTORIES: dict[str, Callable[[int | str], Bot]] = {"random": RandomBot}
LEVEL_NAMES: dict[str, str] = {"random": "Random"}
LEVELS: list[str] = ["random"]


def register(level: str, name: str, factory: Callable[[int | str], Bot]) -> None:
    """Add a level (in order, weakest first)."""
    _FACTORIES[level] = factory
    LEVEL_NAMES[level] = name
    if level not in LEVELS:
        LEVELS.append(level)


def make_bot(level: str, seed: int | str = 0, **options) -> Bot:
    """A bot of ``level``.  ``options`` go to the level's constructor (e.g. ``budget_ms``,
    ``iterations`` for the search levels); unknown options raise TypeError."""
    try:
        factory = _FACTORIES[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})") from None
    return factory(seed, **options)


#: Thinking time of the hint (CPython; the browser is about 1.5-2x slower).
HINT_BUDGET_MS = 150.0


def suggest(obs: Observation, budget_ms: float | None = HINT_BUDGET_MS,
            iterations: int | None = None) -> tuple[int, str]:
    """The hint: the card the ``hard`` level would play (with a little more time), and a short reason.

    ``iterations`` (with ``budget_ms=None``) makes the hint deterministic.
    """
    level = "hard" if "hard" in LEVELS else LEVELS[-1]
    opts = {}
    if level == "hard":
        opts = {"budget_ms": budget_ms, "iterations": iterations if iterations is not None else 4000}
    bot = make_bot(level, "hint", **opts)
    c = bot.choose(obs)
    reason = getattr(bot, "last_reason", "") or "A reasonable card here."
    return c, reason


# The order of these imports registers the levels, weakest first.
# isort: off
from . import simple  # noqa: E402,F401
from . import normal  # noqa: E402,F401
from . import search  # noqa: E402,F401
# isort: on
