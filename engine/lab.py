"""The bot lab's Python side: runs in the lab's own worker (web/lab/lab-worker.js), never in the game's.

``load(source)`` makes the player's bot module (its PEP 723 dependencies are installed by the worker first),
``arena_start``/``arena_step`` play it in a game of the family (Mittlere against two of ours, Molotow and Plus-Minus
against three) exactly as ``python -m engine arena --game G`` does (the same tasks for
:func:`engine.arena.play_block` and the same :func:`engine.arena.summarize`, so the same seed gives the same
numbers), and ``move`` answers one position for a game against it (the observation names its game).  Every failure
of the player's bot is a :class:`~engine.botapi.BotError` (a reason code, a detail and the position).
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
import traceback
from collections.abc import Callable
from types import ModuleType
from typing import Any

from .arena import GAME_LEN, BotSpec, play_block, summarize
from .botapi import BotError, OutsideBot, bot_from_module
from .bots import LEVELS
from .cards import CODES
from .games import GAMES, MITTLERE, game_spec
from .obsjson import observation_from_json
from .quote import cut

MODULE = "labbot"          # the player's module, as sys.modules knows it
MAX_DEALS = 3000           # the most deals one arena run of the lab plays (arena_start refuses more)
TIME_LIMIT_S = 2.0         # per call of choose() / new_hand(): a late answer is refused here (OutsideBot), a call
                           # that never returns is ended by the page's watchdog (the worker's ready message tells it)

_WORDS = {2: "two", 3: "three"}   # opponents in words, for the refusal

_PEP723 = re.compile(r"(?m)^# /// (?P<type>[a-zA-Z0-9-]+)$\s(?P<content>(^#(| .*)$\s)+)^# ///$")


def dependencies(source: str) -> list[str]:
    """The ``dependencies`` of the source's PEP 723 ``script`` block ([] without one); ValueError when it is bad."""
    blocks = [m for m in _PEP723.finditer(source) if m.group("type") == "script"]
    if not blocks:
        return []
    if len(blocks) > 1:
        raise ValueError("more than one '# /// script' block")
    content = "".join(line[2:] if line.startswith("# ") else line[1:]
                      for line in blocks[0].group("content").splitlines(keepends=True))
    try:
        meta = tomllib.loads(content)
    except tomllib.TOMLDecodeError as e:
        raise ValueError(f"the '# /// script' block is not valid TOML: {e}") from None
    deps = meta.get("dependencies", [])
    if not isinstance(deps, list) or not all(isinstance(d, str) for d in deps):
        raise ValueError("'dependencies' must be a list of strings")
    return deps


def load(source: str) -> ModuleType:
    """Run the player's source as the module ``labbot`` (replacing an earlier one)."""
    mod = ModuleType(MODULE)
    mod.__file__ = "<bot>"
    sys.modules.pop(MODULE, None)
    try:
        code = compile(source, "<bot>", "exec")
        exec(code, mod.__dict__)
    except BaseException as e:  # noqa: BLE001  (SystemExit and KeyboardInterrupt too: it is the player's code)
        lines = traceback.format_exception_only(type(e), e) if isinstance(e, SyntaxError) \
            else traceback.format_exception(type(e), e, e.__traceback__)[-3:]
        trace = cut("".join(lines).strip(), 1200)
        raise BotError("load", trace, None, {"trace": trace}) from None
    sys.modules[MODULE] = mod
    bot_from_module(mod, None, "check", name="your bot")  # has choose()? builds (and drops) one
    return mod


class Lab:
    """One lab worker's state: the loaded bot and a running arena."""

    def __init__(self) -> None:
        self.tasks: list[tuple[Any, ...]] = []
        self.blocks: list[dict[str, Any]] = []
        self.names: list[str] = []
        self.seed = "1"
        self.game = MITTLERE.id
        self.player: OutsideBot | None = None
        self.player_mod: ModuleType | None = None
        self.hand_key: tuple[Any, ...] | None = None
        OutsideBot.time_limit = TIME_LIMIT_S

    def arena_start(self, opponents: list[str], deals: int, seed: str, game: str = MITTLERE.id) -> int:
        """Prepare an arena of the loaded bot (seat 0 of the rotation) against one level per other seat of ``game``
        (Mittlere: two, Molotow and Plus-Minus: three); returns the number of steps.  The tasks are those of
        ``python -m engine arena --game G --bots labbot,...`` (engine/arena.py ``run``)."""
        spec = game_spec(game)   # ValueError for an unknown game
        if MODULE not in sys.modules:
            raise ValueError("no bot loaded")
        if len(opponents) != spec.seats - 1 or not all(isinstance(o, str) and o in LEVELS for o in opponents):
            raise ValueError(f"opponents must be {_WORDS.get(spec.seats - 1, spec.seats - 1)} of {', '.join(LEVELS)}")
        if not 1 <= deals <= MAX_DEALS:
            raise ValueError(f"deals must be 1 to {MAX_DEALS}")
        specs = [BotSpec(MODULE + ":", {}), *(BotSpec(o, {}) for o in opponents)]
        self.seed = seed
        self.game = spec.id
        self.names = ["your bot", *opponents]
        self.tasks = [(specs, seed, s, min(s + GAME_LEN, deals), rot, None, GAME_LEN, spec.id)
                      for s in range(0, deals, GAME_LEN) for rot in range(spec.seats)]
        self.blocks = []
        return len(self.tasks)

    def arena_step(self, on_hands: Callable[[int], None] | None = None) -> int:
        """Play the next block (12 deals under one rotation of the game's seats); returns the blocks done.  BotError
        stops it.

        ``on_hands(n)`` hears the hands played in the whole arena after each one (a block of expert deals takes
        minutes in a browser: the progress moves per hand, not per block)."""
        task = self.tasks[len(self.blocks)]
        before = sum(b["end"] - b["start"] for b in self.blocks)
        try:
            self.blocks.append(play_block(task, None if on_hands is None else lambda n: on_hands(before + n)))
        except BotError as e:
            if e.position is not None:
                deal = task[2] + GAME_LEN - int(e.position.get("hands_left", GAME_LEN))
                e.position = {"deal": deal, "rotation": task[4], **e.position}
            raise
        return len(self.blocks)

    def arena_result(self) -> dict[str, Any]:
        """The figures so far (the format of ``python -m engine arena --json``) plus the lab's short form."""
        s = summarize(self.names, self.seed, self.blocks, GAME_LEN, self.game)
        mine = s["bots"][0]
        return {"deals": s["deals"], "mean": mine["strokes_per_hand"], "ci95": mine["ci95"], "error": None,
                "summary": s}

    def move(self, obs_json: str) -> str:
        """The loaded bot's card (a code) for one position of a game against it."""
        mod = sys.modules.get(MODULE)
        if mod is None:
            raise ValueError("no bot loaded")
        obs = observation_from_json(json.loads(obs_json))
        if self.player is None or self.player_mod is not mod:  # a new game, or a bot loaded since
            self.player = bot_from_module(mod, None, "play", name="your bot")
            self.player_mod = mod
            self.hand_key = None
        key = (obs.dealer, obs.scores, obs.hands_left)
        if key != self.hand_key:  # the first time this seat is asked in a hand
            self.hand_key = key
            self.player.new_hand(obs)
        return CODES[self.player.choose(obs)]

    # -- the worker's entry points: JSON text in and out, a BotError as {"ok": false, "error": {...}} -------------
    def arena_start_json(self, opponents: list[str], deals: int, seed: str, game: object = None) -> str:
        """``game``: a game id, None (an older page's request) for Mittlere."""
        def start() -> dict[str, Any]:
            spec = MITTLERE if game is None else game_spec(game)
            return {"total": self.arena_start(list(opponents), int(deals), str(seed), spec.id),
                    "hands": int(deals) * spec.seats, "game": spec.id, "seats": spec.seats}
        return _answer(start)

    def arena_step_json(self, on_hands: Callable[[int], None] | None = None) -> str:
        return _answer(lambda: {"done": self.arena_step(on_hands)})

    def arena_result_json(self) -> str:
        return _answer(self.arena_result)

    def move_json(self, obs_json: str) -> str:
        return _answer(lambda: {"card": self.move(obs_json)})


def _answer(fn: Callable[[], dict[str, Any]]) -> str:
    try:
        return json.dumps({"ok": True, **fn()})
    except BotError as e:
        return json.dumps({"ok": False, "error": e.to_json()})
    except (ValueError, TypeError, KeyError) as e:
        return json.dumps({"ok": False, "error": {"code": "bad_request", "detail": str(e), "position": None}})


def load_json(source: str) -> str:
    """:func:`load` for the worker."""
    return _answer(lambda: (load(source), {})[1])


def dependencies_json(source: str) -> str:
    """:func:`dependencies` for the worker."""
    def deps() -> dict[str, Any]:
        try:
            return {"deps": dependencies(source)}
        except ValueError as e:
            raise BotError("deps", str(e)) from None
    return _answer(deps)


def set_watch(before: Callable[[str, str], None], after: Callable[[], None]) -> None:
    """The worker's hooks around every call into the player's bot: before(what, position as JSON), after()."""
    OutsideBot.watch = (lambda what, pos: before(what, json.dumps(pos)), after)


def ready_json() -> str:
    """What the worker's ``ready`` message tells the page: our levels, weakest first (the opponents the lab offers),
    the games the arena plays with their seats (``games``: ``{id: seats}``, Mittlere first), and the lab's limits —
    ``call_ms``, the time a call into the player's bot may take (the page's watchdog ends it
    after that), and ``max_deals``, the most deals an arena run takes (:data:`MAX_DEALS`)."""
    return json.dumps({"levels": list(LEVELS), "games": {g.id: g.seats for g in GAMES.values()},
                       "limits": {"call_ms": round(TIME_LIMIT_S * 1000), "max_deals": MAX_DEALS}})
