"""An :class:`~engine.observation.Observation` as plain JSON and back: for a bot in another worker (the bot lab's
"play against it"; standard library only, light to import)."""

from __future__ import annotations

from typing import Any

from .games import MITTLERE, game_spec
from .observation import Observation
from .protocol import ObservationJson
from .rules import Rules
from .state import Trick


def observation_to_json(obs: Observation) -> ObservationJson:
    """An observation as plain JSON (masks stay ints below 2**36): for a bot in another worker.  It names its
    ``game`` and that game's number of ``seats`` (every per-seat list has that length)."""
    return {
        "game": obs.game, "seats": obs.seats, "seat": obs.seat, "rules": obs.rules.to_json(obs.game),
        "dealer": obs.dealer, "hand": obs.hand,
        "plays": [[s, c] for s, c in obs.plays], "tricks": [[t.leader, list(t.cards), t.winner] for t in obs.tricks],
        "leader": obs.leader, "trick": list(obs.trick), "trump": obs.trump, "trump_fixed_at": obs.trump_fixed_at,
        "trump_fixed_by": obs.trump_fixed_by, "tricks_won": list(obs.tricks_won), "captured": list(obs.captured),
        "counts": list(obs.counts), "excluded": list(obs.excluded), "scores": list(obs.scores),
        "hands_left": obs.hands_left,
    }


def observation_from_json(d: dict[str, Any]) -> Observation:
    """The observation :func:`observation_to_json` wrote (an older one without ``game`` is Mittlere's, one without
    ``seats`` has its game's).  ValueError when ``game`` is unknown or ``seats`` or a per-seat list does not match the
    game's seats."""
    spec = game_spec(d.get("game", MITTLERE.id))  # ValueError for an unknown game
    if "seats" in d and d["seats"] != spec.seats:
        raise ValueError(f"{spec.id} has {spec.seats} seats, not {d['seats']!r}")

    def trip(x: Any) -> tuple[int, ...]:
        """A value per seat."""
        values = tuple([int(v) for v in x])
        if len(values) != spec.seats:
            raise ValueError(f"{spec.id} takes a value per seat ({spec.seats}), not {len(values)}")
        return values

    seat = int(d["seat"])
    if not 0 <= seat < spec.seats:
        raise ValueError(f"seat must be {spec.seat_list()}, not {seat}")
    return Observation(
        seat=seat, rules=Rules.from_json(d["rules"], spec.id), dealer=int(d["dealer"]), hand=int(d["hand"]),
        plays=tuple((int(s), int(c)) for s, c in d["plays"]),
        tricks=tuple(Trick(int(t[0]), trip(t[1]), int(t[2])) for t in d["tricks"]),
        leader=int(d["leader"]), trick=tuple(int(c) for c in d["trick"]), trump=int(d["trump"]),
        trump_fixed_at=d["trump_fixed_at"], trump_fixed_by=d["trump_fixed_by"],
        tricks_won=trip(d["tricks_won"]), captured=trip(d["captured"]), counts=trip(d["counts"]),
        excluded=trip(d["excluded"]), scores=trip(d["scores"]), hands_left=int(d["hands_left"]), game=spec.id,
    )
