"""Runs inside Pyodide (build time in Node, and in the browser e2e test): imports every engine module, plays a short
game with each bot level through the browser protocol (engine.web.handle) with hints, and asks for a hand review and
the coach, so that every standard-library module the game can need is imported.  Its last expression (what
pyodide.runPython returns) is a JSON string: {"games": n, "moves": n, "modules": [...]}."""
import functools
import importlib
import json
import pkgutil
import random
import sys

import engine
import engine.web

random.seed()
for info in pkgutil.walk_packages(engine.__path__, "engine."):
    importlib.import_module(info.name)

# The search levels and the hint with a small budget: the same code runs (sampling, inference, play-outs, the exact
# endgame), so the same modules are imported, with a fraction of the play-outs (this runs in Pyodide under Node at
# build time and in the browser in e2e/test_load.py, where the full budgets took most of the time).
bots = importlib.import_module("engine.bots")
for level in ("hard", "expert"):
    entry = bots.REGISTRY[level]
    bots.REGISTRY[level] = entry._replace(factory=functools.partial(entry.factory, iterations=60))
bots.HINT_ITERATIONS = 60


def ask(req):
    return json.loads(engine.web.handle(json.dumps(req)))


hello = ask({"cmd": "hello"})
assert hello["ok"], hello
levels = [lv["id"] if isinstance(lv, dict) else lv for lv in hello["levels"]]
games = moves = 0
for i, level in enumerate(levels):
    res = ask({"cmd": "new_game", "hands": 1, "bots": [level, levels[-1 - i]], "seed": str(1000 + i)})
    assert res["ok"], res
    view = res["view"]
    while view["phase"] == "play" or view["phase"] == "hand-over":
        if view["phase"] == "hand-over":
            res = ask({"cmd": "next_hand"})
        elif view["to_play"] == 0:
            ask({"cmd": "why", "card": view["legal"][0]})
            if moves % 7 == 0:
                ask({"cmd": "hint"})
            res = ask({"cmd": "play", "card": view["legal"][0]})
        else:
            res = ask({"cmd": "bot_move"})
        assert res["ok"], res
        view = res["view"]
        moves += 1
    recs = ask({"cmd": "records"})["records"]
    if i == 0:   # the hand review and the coach (a short budget, two decisions) on the first game's hand
        assert ask({"cmd": "review", "records": recs})["ok"]
        coach = ask({"cmd": "coach", "record": recs[0], "seat": 0, "limit": 2, "iterations": 50})
        assert coach["ok"] and coach["decisions"], coach
    games += 1
# error paths: bad JSON, unknown command, a bad card
for bad in ("{", "[]", json.dumps({"cmd": "nope"}), json.dumps({"cmd": "play", "card": "zz"})):
    assert not json.loads(engine.web.handle(bad))["ok"]
assert games == len(levels) and moves > 0
json.dumps({"games": games, "moves": moves, "modules": sorted(sys.modules)})
