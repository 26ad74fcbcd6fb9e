"""Bots.  A bot only ever receives an :class:`~engine.observation.Observation` (never a HandState).

``make_bot(level, seed, **options)`` gives a bot whose ``choose(obs)`` returns a card int.  Every
decision is a pure function of the bot's seed, its options and the observation: the same position
gives the same card whatever the bot decided before (a resumed game continues exactly), and the
search levels budget *work* (play-outs), not time, so they are as strong on a slow machine as on a
fast one.  ``REGISTRY`` is the one table of the levels (weakest first: id, name, class); ``LEVELS`` lists their
ids and ``LEVEL_NAMES`` their names.  ``suggest(obs)`` is the hint API.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ..observation import Observation
from .common import Bot, decision_rng, legal_cards, position_key
from .normal import NormalBot
from .search import ExpertBot, HardBot
from .simple import EasyBot, RandomBot

__all__ = ["HINT_ITERATIONS", "HINT_MAX_MS", "LEVELS", "LEVEL_NAMES", "REGISTRY", "Bot", "Level", "RandomBot",
           "decision_rng", "hint", "legal_cards", "make_bot", "position_key", "suggest"]


class Level(NamedTuple):
    """A bot level: the name shown for it and the factory ``(seed, **options) -> Bot`` (the level's class)."""

    name: str
    factory: Callable[..., Bot]


#: The registry of the levels, weakest first.  ``LEVELS`` and ``LEVEL_NAMES`` are read from it.
REGISTRY: dict[str, Level] = {
    "random": Level("Random", RandomBot),
    "easy": Level("Easy", EasyBot),
    "normal": Level("Normal", NormalBot),
    "hard": Level("Hard", HardBot),
    "expert": Level("Expert", ExpertBot),
}
LEVELS: list[str] = list(REGISTRY)
LEVEL_NAMES: dict[str, str] = {level: entry.name for level, entry in REGISTRY.items()}


def make_bot(level: str, seed: int | str = 0, **options: Any) -> Bot:
    """A bot of ``level``.  ``options`` go to the level's constructor (e.g. ``iterations`` for the
    search levels); unknown options raise TypeError.

    Every level's choice for seat 1, first to play in seed 42's first deal:

    >>> from engine.cards import code
    >>> from engine.deal import deal
    >>> from engine.observation import observe
    >>> from engine.state import HandState
    >>> obs = observe(HandState(deal(seed=42, deal_no=0, dealer=0), dealer=0), 1)
    >>> [code(make_bot(level, seed=1).choose(obs)) for level in ("random", "easy", "normal", "hard")]
    ['H10', 'H6', 'D6', 'D9']
    >>> make_bot("master")
    Traceback (most recent call last):
    ...
    ValueError: unknown bot level 'master' (known: random, easy, normal, hard, expert)
    """
    try:
        factory = REGISTRY[level].factory
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})") from None
    return factory(seed, **options)


#: Work of the hint: play-outs per decision (the ``hard`` search with more work).
HINT_ITERATIONS = 2400
#: The hint's safety net in ms (``max_ms``): as the expert's, not hard's 3 s. The same position must give the same
#: hint, and a busy device (a phone in the background, two browsers on two cores) can take over 3 s for 2400
#: play-outs that take ~0.4 s on a quiet one; only a device 25 times slower than that sees a shortened search.
HINT_MAX_MS = 10_000.0


def suggest(obs: Observation, iterations: int | None = None) -> tuple[int, str]:
    """The hint: the card the ``hard`` search plays with ``iterations`` play-outs, and a short reason.

    Deterministic: the same position gives the same hint.

    >>> from engine.cards import code
    >>> from engine.deal import deal
    >>> from engine.observation import observe
    >>> from engine.state import HandState
    >>> obs = observe(HandState(deal(seed=42, deal_no=0, dealer=0), dealer=0), 1)
    >>> card, reason = suggest(obs, iterations=200)
    >>> code(card), reason.startswith("♠J: about +0.11 strokes on average")
    ('SJ', True)
    """
    c, reason, _ = hint(obs, iterations)
    return c, reason


def hint(obs: Observation, iterations: int | None = None) -> tuple[int, str, dict[str, Any]]:
    """The hint with its explanation both as an English sentence and as a code with parameters
    (``sampled``/``solved``: ``card``, ``mean`` and ``next_best`` strokes, ``samples``, ``outcomes`` in
    percent; ``only_choice``: ``card``)."""
    bot = make_bot("hard", "hint", iterations=iterations or HINT_ITERATIONS, max_ms=HINT_MAX_MS)
    c = bot.choose(obs)
    return c, getattr(bot, "last_reason", ""), dict(getattr(bot, "last_explanation", {}))

