"""The bot API for bots written outside the engine (docs/bot-api.md).

A bot is a module with ``choose(obs) -> card`` and optionally ``new_hand(obs)`` (functions, or methods of a class
in the module).  ``obs`` is exactly the :class:`~engine.observation.Observation` the engine's own bots get.  The
card may be a code such as ``"SA"`` or ``"H10"`` or one of the engine's card ints (0-35).

:class:`OutsideBot` wraps such a bot for the arena, the lab and play against it: it turns the answer into a card
int and refuses, with a :class:`BotError` naming the reason and the position, anything else: an exception, a
wrong type, an unknown or illegal card, too much time (when a limit is set).
"""

from __future__ import annotations

import inspect
import time
import traceback
from collections.abc import Callable
from types import ModuleType
from typing import Any

from .cards import CODES, SUITS, codes_of, parse_card
from .observation import Observation
from .quote import cut, quote
from .rules import legal_mask

# the reasons a bot's match ends (codes; the lab words them in the player's language)
REASONS = ("load", "no_choose", "exception", "type", "unknown_card", "illegal", "timeout")


class BotError(ValueError):
    """An outside bot broke the bot API: ``code`` (one of :data:`REASONS`), a technical ``detail`` (English, for the
    command line), the ``position`` it happened in (None while loading) and the detail's ``params`` (card codes,
    names, a traceback), from which the lab says the detail in the player's language and card names."""

    def __init__(self, code: str, detail: str, position: dict[str, Any] | None = None,
                 params: dict[str, Any] | None = None):
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail
        self.position = position
        self.params = params or {}

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "detail": self.detail, "position": self.position, "params": self.params}


def position(obs: Observation) -> dict[str, Any]:
    """The position a bot was asked about, in plain JSON (card codes): for error messages."""
    return {
        "seat": obs.seat, "dealer": obs.dealer, "hands_left": obs.hands_left, "trick_no": len(obs.tricks) + 1,
        "hand": codes_of(obs.hand), "trick": [CODES[c] for c in obs.trick],
        "trump": SUITS[obs.trump] if obs.trump >= 0 else None,
        "legal": codes_of(legal_mask(obs.hand, obs.trick, obs.trump, obs.rules.undertrump_when_void)),
    }


def to_card(value: object, obs: Observation) -> int:
    """The card int of a bot's answer: a code (``"SA"``) or a card int, legal in ``obs``; else BotError."""
    if isinstance(value, str):
        try:
            c = parse_card(value)
        except ValueError:
            shown = cut(quote(value), 60)
            raise BotError("unknown_card", f"choose() returned {shown}, which is no card "
                           "(expected a code such as 'SA' or 'H10')", position(obs), {"value": shown}) from None
    elif isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value < len(CODES):
            raise BotError("unknown_card", f"choose() returned {value}, which is no card (card ints are 0-35)",
                           position(obs), {"value": str(value)})
        c = value
    else:
        shown, kind = cut(quote(value), 60), type(value).__name__
        raise BotError("type", f"choose() returned {shown} of type {kind}, not a card code (str) or a card int",
                       position(obs), {"value": shown, "type": kind})
    if not legal_mask(obs.hand, obs.trick, obs.trump, obs.rules.undertrump_when_void) >> c & 1:
        raise BotError("illegal", f"choose() returned {CODES[c]}, which may not be played here", position(obs),
                       {"card": CODES[c]})
    return c


def _trace(e: BaseException) -> str:
    """The exception and the last frames of its traceback, short."""
    tb = e.__traceback__.tb_next if e.__traceback__ is not None else None  # from the bot's own frame on
    lines = traceback.format_exception(type(e), e, tb)
    return cut("".join(lines[-6:]).strip(), 1200)


# called before and after every call into an outside bot (the lab's watchdog): before(what, position), after()
Watch = tuple[Callable[[str, dict[str, Any]], None], Callable[[], None]]


class OutsideBot:
    """An outside bot behind the bot API.  ``time_limit`` (seconds per call, None: no limit) and ``watch`` are
    set by the lab; the command-line arena sets neither."""

    time_limit: float | None = None
    watch: Watch | None = None

    def __init__(self, inner: Any, name: str):
        if not callable(getattr(inner, "choose", None)):
            raise BotError("no_choose", f"{name} has no choose(obs) function")
        self.inner = inner
        self.level = name

    def _call(self, what: str, fn: Callable[[Observation], Any], obs: Observation) -> Any:
        watch = OutsideBot.watch
        if watch is not None:
            watch[0](what, position(obs))
        t0 = time.perf_counter()
        try:
            result = fn(obs)
        except BotError:
            raise
        except Exception as e:
            trace = _trace(e)
            raise BotError("exception", f"{what}() raised {trace}", position(obs),
                           {"what": what, "trace": trace}) from None
        finally:
            if watch is not None:
                watch[1]()
        limit = OutsideBot.time_limit
        spent = time.perf_counter() - t0
        if limit is not None and spent > limit:
            raise BotError("timeout", f"{what}() took {spent:.1f} s (the limit is {limit:g} s)", position(obs),
                           {"what": what, "spent": round(spent, 1), "limit": limit})
        return result

    def new_hand(self, obs: Observation) -> None:
        hook = getattr(self.inner, "new_hand", None)
        if callable(hook):
            self._call("new_hand", hook, obs)

    def choose(self, obs: Observation) -> int:
        return to_card(self._call("choose", self.inner.choose, obs), obs)


def bot_from_module(mod: ModuleType, cls_name: str | None, seed: str, options: dict[str, Any] | None = None,
                    name: str | None = None) -> OutsideBot:
    """The bot a module defines: the class ``cls_name`` (built with ``seed=`` when it takes one, and the options),
    else the module's own ``choose``/``new_hand`` functions, else the one class of the module that has ``choose``."""
    options = options or {}
    label = name or mod.__name__
    if cls_name:
        cls = getattr(mod, cls_name, None)
        if cls is None:
            raise BotError("no_choose", f"{label} defines no {cls_name}")
        return OutsideBot(_instance(cls, seed, options), label)
    if callable(getattr(mod, "choose", None)):
        return OutsideBot(mod, label)
    classes = [c for c in vars(mod).values()
               if inspect.isclass(c) and c.__module__ == mod.__name__ and callable(getattr(c, "choose", None))]
    if len(classes) != 1:
        raise BotError("no_choose", f"{label} defines no choose(obs) function"
                       + (f" and {len(classes)} classes with choose(); name one" if classes else ""))
    return OutsideBot(_instance(classes[0], seed, options), label)


def _instance(cls: Any, seed: str, options: dict[str, Any]) -> Any:
    try:
        takes_seed = "seed" in inspect.signature(cls).parameters
    except (TypeError, ValueError):
        takes_seed = False
    try:
        return cls(seed=seed, **options) if takes_seed else cls(**options)
    except Exception as e:
        trace = _trace(e)
        raise BotError("exception", f"{cls.__name__}() raised {trace}", None,
                       {"what": cls.__name__, "trace": trace}) from None

