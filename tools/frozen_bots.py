"""Today's bots frozen for experiments: an older checkout's ``hard``/``expert``/``normal`` as arena bots.

The issue 24 reference field is ``hard`` of main at a70c5d3 (before the rule play-outs). Export it once, outside the
repository, then load it through the arena's ``module:Class``::

    mkdir -p /tmp/bt-frozen && git archive a70c5d3 engine | tar -x -C /tmp/bt-frozen
    python -m engine arena --bots hard,tools/frozen_bots.py:Hard,tools/frozen_bots.py:Hard --deals 200 --seed X

``FROZEN_ENGINE`` names another exported ``engine`` directory.  The old package is loaded beside this one under a
private name (:func:`engine.arena._load_module`); the only adaptation is the observation's ``rules``, which the old
engine checks against its own ``Rules`` class.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from engine.arena import _load_module

_ROOT = os.environ.get("FROZEN_ENGINE", "/tmp/bt-frozen/engine")


def _frozen(module: str) -> Any:
    return _load_module(os.path.join(_ROOT, "bots", module + ".py"))


class _Frozen:
    """An old bot class behind this engine's observations."""

    module = "search"
    cls = "SearchBot"

    def __init__(self, seed: int | str = 0, **options: Any):
        mod = _frozen(self.module)
        self._rules = sys.modules[mod.__name__.rsplit(".", 2)[0] + ".rules"].Rules
        self._bot = getattr(mod, self.cls)(seed, **options)
        self.level = self._bot.level

    def choose(self, obs: Any) -> int:
        return int(self._bot.choose(obs._replace(rules=self._rules(*obs.rules))))

    def reveal(self, hidden: dict[int, int]) -> None:
        self._bot.reveal(hidden)


class Hard(_Frozen):
    pass


class Expert(_Frozen):
    cls = "ExpertBot"


class Normal(_Frozen):
    module = "normal"
    cls = "NormalBot"
