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
    """An observation as plain JSON (masks stay ints below 2**36): for a bot in another worker.  ``game`` only when
    not Mittlere (Mittlere's JSON is as before the family)."""
    out: ObservationJson = {
        "seat": obs.seat, "rules": obs.rules.to_json(obs.game), "dealer": obs.dealer, "hand": obs.hand,
        "plays": [[s, c] for s, c in obs.plays], "tricks": [[t.leader, list(t.cards), t.winner] for t in obs.tricks],
        "leader": obs.leader, "trick": list(obs.trick), "trump": obs.trump, "trump_fixed_at": obs.trump_fixed_at,
        "trump_fixed_by": obs.trump_fixed_by, "tricks_won": list(obs.tricks_won), "captured": list(obs.captured),
        "counts": list(obs.counts), "excluded": list(obs.excluded), "scores": list(obs.scores),
        "hands_left": obs.hands_left,
    }
    if obs.game != MITTLERE.id:
        out["game"] = obs.game
    return out


def observation_from_json(d: dict[str, Any]) -> Observation:
    """The observation :func:`observation_to_json` wrote."""
    def trip(x: Any) -> tuple[int, ...]:
        """A value per seat."""
        return tuple([int(v) for v in x])

    game = str(d.get("game", MITTLERE.id))
    game_spec(game)  # ValueError for an unknown game
    return Observation(
        seat=int(d["seat"]), rules=Rules.from_json(d["rules"], game), dealer=int(d["dealer"]), hand=int(d["hand"]),
        plays=tuple((int(s), int(c)) for s, c in d["plays"]),
        tricks=tuple(Trick(int(t[0]), trip(t[1]), int(t[2])) for t in d["tricks"]),
        leader=int(d["leader"]), trick=tuple(int(c) for c in d["trick"]), trump=int(d["trump"]),
        trump_fixed_at=d["trump_fixed_at"], trump_fixed_by=d["trump_fixed_by"],
        tricks_won=trip(d["tricks_won"]), captured=trip(d["captured"]), counts=trip(d["counts"]),
        excluded=trip(d["excluded"]), scores=trip(d["scores"]), hands_left=int(d["hands_left"]), game=game,
    )
