"""``python -m engine arena``: measure bot strength on seeded deals with seat rotation.

Deal ``k`` (``k = 0 .. N-1``) is ``engine.deal.deal(seed, k, k % n)``: dealt by seat ``k % n`` of the ``n`` seats
of the game (``--game``: Mittlere's three unless told; Molotow and Plus-Minus have four).  Every deal is played
``n`` times, once per *rotation* ``r``: bot ``j`` sits at seat ``(j + r) % n``, so every bot holds every hand of
every deal once and the luck of the cards cancels.  Each hand is settled by the game's own settlement.

A *game* is 12 consecutive deals (``12g .. 12g+11``) under one rotation; the bots see the running game
score and the hands left in their observations as in a real game.  The game's winner is the bot with
the highest net (strokes minus zeros); tied winners share the win (1/2 each).  Only complete games count.

Figures per bot: mean strokes per hand with a 95% confidence interval (normal approximation over
the per-deal means across the rotations, so the comparison is paired), game wins, mean card
points, settlement classes, and decision time (median and 95th percentile over decisions with a
choice, i.e. at least two legal cards), wall-clock and CPU.

``--bots`` takes levels or outside bots (``module:Class`` or ``path/file.py:Class``), each with ``:key=value``
options; ``--omniscient J`` hands bot ``J`` the true deal before each of its decisions (its ``reveal`` hook),
a control for the gap to perfect information.  Ctrl-C prints the figures of the deals finished so far.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import math
import os
import sys
import time
import zlib
from collections.abc import Callable
from types import ModuleType
from typing import Any, NamedTuple, TextIO

from .botapi import BotError, bot_from_module
from .deal import deal
from .games import GAMES, MITTLERE, GameSpec, game_spec
from .observation import observe
from .state import HandState, outcome

GAME_LEN = 12
#: Mittlere's seats: the arena's (and the lab's) unless ``--game`` names another game.
SEATS = MITTLERE.seats


def add_parser(sub: Any) -> None:
    p = sub.add_parser("arena", help="play bots against each other on seeded deals (all seat rotations)")
    p.add_argument("--game", default=MITTLERE.id, choices=list(GAMES),
                   help="the game (default mittlere, three seats; molotow and plusminus have four)")
    p.add_argument("--bots", default=None,
                   help="one bot per seat, comma-separated (default hard,normal,normal; four seats: "
                        "hard,normal,normal,normal): a level, or module:Class "
                        "(a module name or a .py path), each with optional :key=value options, "
                        "e.g. hard:iterations=400,normal,normal")
    p.add_argument("--deals", type=int, default=120, help="number of deals (each played 3 times; default 120)")
    p.add_argument("--seed", default="1", help="seed of the deals (default 1)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--omniscient", type=int, default=None, metavar="BOT",
                   help="give bot BOT (0, 1 or 2 in --bots order) the true deal before each decision "
                        "(a control: the gap to perfect information)")
    p.add_argument("--game-length", type=int, default=GAME_LEN, metavar="HANDS",
                   help=f"hands per game (default {GAME_LEN}); the bots see the score and the hands left, so a short "
                        "game measures how they play a game's last hands")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")


class BotSpec(NamedTuple):
    """One ``--bots`` entry: a level or ``module:Class``, and its options."""

    name: str
    options: dict[str, Any]

    @property
    def is_level(self) -> bool:
        return ":" not in self.name and not self.name.endswith(".py")


def _value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if low == "none":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_bot(entry: str) -> BotSpec:
    """``hard``, ``hard:iterations=400:policy=random``, ``pkg.mod:Class``, ``path/to/file.py:Class:x=1``."""
    parts = [x.strip() for x in entry.strip().split(":")]
    name_parts = [x for x in parts if "=" not in x]
    options: dict[str, Any] = {}
    for x in parts:
        if "=" in x:
            k, _, v = x.partition("=")
            if not k.strip().isidentifier():
                raise ValueError(f"bad option {x!r} in {entry!r}")
            options[k.strip()] = _value(v.strip())
    if not 1 <= len(name_parts) <= 2 or not all(name_parts):
        raise ValueError(f"bad bot {entry!r}: a level or module:Class, then :key=value options")
    return BotSpec(":".join(name_parts), options)


def _load_module(where: str) -> ModuleType:
    """A module by dotted name, or by the path of a ``.py`` file.  A file inside a package (directories
    with ``__init__.py``) is imported as part of that package under a private name, so its relative
    imports work and it never clashes with this engine (e.g. an old checkout's ``engine``)."""
    if not where.endswith(".py"):
        return importlib.import_module(where)
    path = os.path.abspath(where)
    if not os.path.isfile(path):
        raise ValueError(f"no such file {where!r}")
    parts = [os.path.splitext(os.path.basename(path))[0]]
    top = os.path.dirname(path)
    while os.path.isfile(os.path.join(top, "__init__.py")):
        parts.insert(0, os.path.basename(top))
        top = os.path.dirname(top)
    if len(parts) == 1:
        spec = importlib.util.spec_from_file_location("_arena_ext_" + parts[0], path)
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod
    alias = "_arena_ext_%08x" % (zlib.crc32(path.encode()) & 0xFFFFFFFF)
    if alias not in sys.modules:
        root = os.path.join(top, parts[0])
        spec = importlib.util.spec_from_file_location(alias, os.path.join(root, "__init__.py"),
                                                      submodule_search_locations=[root])
        assert spec is not None and spec.loader is not None
        pkg = importlib.util.module_from_spec(spec)
        sys.modules[alias] = pkg
        spec.loader.exec_module(pkg)
    return importlib.import_module(".".join([alias] + parts[1:]))


def build_bot(spec: BotSpec, seed: str) -> Any:
    """The bot of one ``--bots`` entry, with its own seed (outside bots: see :mod:`engine.botapi`)."""
    from .bots import make_bot
    if spec.is_level:
        return make_bot(spec.name, seed, **spec.options)
    where, _, cls_name = spec.name.rpartition(":") if ":" in spec.name else (spec.name, "", "")
    return bot_from_module(_load_module(where), cls_name or None, seed, spec.options, spec.name)


def play_block(task: tuple[Any, ...], on_deal: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play deals ``start .. end-1`` under one rotation ``rot``.  Returns raw per-deal figures.

    ``on_deal(n)`` is called after each deal with the deals of this block played so far (the lab's progress)."""
    from .bots.common import seat_class

    specs, seed, start, end, rot, omniscient, game_len = task[:7]
    spec: GameSpec = game_spec(task[7]) if len(task) > 7 else MITTLERE
    SEATS = spec.seats  # noqa: N806 (the module's name for the seat count, here the game's)
    n = end - start
    deltas = [[0] * SEATS for _ in range(n)]  # [deal][bot]
    points = [[0] * SEATS for _ in range(n)]
    cases: list[dict[str, int]] = [dict() for _ in range(SEATS)]  # per bot: class -> count
    times: list[list[float]] = [[] for _ in range(SEATS)]
    cpu: list[list[float]] = [[] for _ in range(SEATS)]
    bots = [build_bot(specs[j], f"{seed}/{start}/{rot}/{j}") for j in range(SEATS)]
    if omniscient is not None and not hasattr(bots[omniscient], "reveal"):
        raise ValueError(f"bot {specs[omniscient].name} has no reveal() hook for --omniscient")
    seat_bot = [0] * SEATS
    for j in range(SEATS):
        seat_bot[(j + rot) % SEATS] = j
    net = [0] * SEATS  # by seat, within the current game
    for k in range(start, end):
        if k % game_len == 0:
            net = [0] * SEATS
        hands_left = game_len - k % game_len
        dealer = k % SEATS
        st = HandState(deal(seed, k, dealer, SEATS), dealer, spec.default_rules, spec)
        scores = tuple(net)
        for s in range(SEATS):
            hook = getattr(bots[seat_bot[s]], "new_hand", None)
            if hook is not None:
                hook(observe(st, s, scores, hands_left))
        while not st.is_complete:
            seat = st.to_play
            assert seat is not None
            obs = observe(st, seat, scores, hands_left)
            j = seat_bot[seat]
            bot = bots[j]
            if j == omniscient:
                bot.reveal({s: st.hands[s] for s in range(SEATS) if s != seat})
            choice = st.legal_mask()
            t0, c0 = time.perf_counter(), time.process_time()
            c = bot.choose(obs)
            if choice & (choice - 1):
                times[j].append((time.perf_counter() - t0) * 1000)
                cpu[j].append((time.process_time() - c0) * 1000)
            if not choice >> c & 1:
                raise RuntimeError(f"bot {specs[j].name} played an illegal card")
            st.push(c)
        out = outcome(st)
        assert out.settlement is not None
        d = out.settlement.deltas
        for seat in range(SEATS):
            j = seat_bot[seat]
            deltas[k - start][j] = d[seat]
            points[k - start][j] = out.card_points[seat]
            cls = seat_class(list(out.card_points), list(out.tricks_won), seat)
            cases[j][cls] = cases[j].get(cls, 0) + 1
            net[seat] += d[seat]
        if on_deal is not None:
            on_deal(k - start + 1)
    return {"start": start, "end": end, "rot": rot, "deltas": deltas, "points": points, "cases": cases,
            "times": times, "cpu": cpu}


def wilson_interval(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share observed over ``n`` trials: it stays inside [0, 1] and is sensible at
    0% and 100% (the normal approximation gave 84.8–102.7% for 22.5 wins of 24 games)."""
    if n <= 0:
        return (0.0, 1.0)
    z2n = z * z / n
    centre = (share + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(max(0.0, share * (1 - share) / n + z2n / (4 * n)))
    return (max(0.0, centre - half), min(1.0, centre + half))


def _quantile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    i = min(len(xs) - 1, max(0, int(math.ceil(q * len(xs))) - 1))
    return xs[i]


def summarize(names: list[str], seed: str, blocks: list[dict[str, Any]], game_len: int = GAME_LEN,
              game: str = MITTLERE.id) -> dict[str, Any]:
    """Figures over the deals that were played under every rotation (one per seat of ``game``)."""
    SEATS = game_spec(game).seats  # noqa: N806 (the module's name for the seat count, here the game's)
    by_deal: dict[int, dict[int, tuple[list[int], list[int]]]] = {}  # deal -> rot -> (deltas, points)
    times: list[list[float]] = [[] for _ in range(SEATS)]
    cpu: list[list[float]] = [[] for _ in range(SEATS)]
    cases: list[dict[str, int]] = [dict() for _ in range(SEATS)]
    for b in blocks:
        for i in range(b["end"] - b["start"]):
            by_deal.setdefault(b["start"] + i, {})[b["rot"]] = (b["deltas"][i], b["points"][i])
        for j in range(SEATS):
            times[j].extend(b["times"][j])
            cpu[j].extend(b["cpu"][j])
            for k, v in b["cases"][j].items():
                cases[j][k] = cases[j].get(k, 0) + v
    complete = sorted(k for k, rots in by_deal.items() if len(rots) == SEATS)
    n_deals = len(complete)
    per_deal: list[list[float]] = [[] for _ in range(SEATS)]  # bot -> per-deal mean over rotations
    pts = [0.0] * SEATS
    for k in complete:
        for j in range(SEATS):
            per_deal[j].append(sum(by_deal[k][r][0][j] for r in range(SEATS)) / SEATS)
            pts[j] += sum(by_deal[k][r][1][j] for r in range(SEATS)) / SEATS
    # games: game_len consecutive deals under one rotation
    shares: list[list[float]] = [[] for _ in range(SEATS)]  # bot -> its share of each game's win
    games = 0
    for g in range(max(complete, default=-1) // game_len + 1):
        ks = range(g * game_len, (g + 1) * game_len)
        for r in range(SEATS):
            if not all(r in by_deal.get(k, {}) for k in ks):
                continue
            net = [sum(by_deal[k][r][0][j] for k in ks) for j in range(SEATS)]
            top = max(net)
            winners = [j for j in range(SEATS) if net[j] == top]
            for j in range(SEATS):
                shares[j].append(1 / len(winners) if j in winners else 0.0)
            games += 1
    wins = [sum(ws) for ws in shares]
    labels = []
    for j, lv in enumerate(names):
        labels.append(lv if names.count(lv) == 1 else f"{lv}#{names[:j + 1].count(lv)}")
    bots = []
    for j in range(SEATS):
        xs = per_deal[j]
        n = len(xs)
        mean = sum(xs) / n if n else 0.0
        var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
        half = 1.96 * math.sqrt(var / n) if n > 1 else 0.0
        bots.append({
            "bot": labels[j], "level": names[j], "strokes_per_hand": round(mean, 4),
            "ci95": [round(mean - half, 4), round(mean + half, 4)],
            "game_wins": round(wins[j], 2), "games": games,
            "game_win_rate": round(wins[j] / games, 4) if games else None,
            "game_win_ci95": [round(x, 4) for x in wilson_interval(wins[j] / games, games)] if games else None,
            "card_points": round(pts[j] / n, 2) if n else 0.0,
            "outcomes": {k: round(v / sum(cases[j].values()), 4) for k, v in sorted(cases[j].items())},
            "decisions": len(times[j]),
            "decision_ms_median": round(_quantile(times[j], 0.5), 2),
            "decision_ms_p95": round(_quantile(times[j], 0.95), 2),
            "decision_cpu_ms_median": round(_quantile(cpu[j], 0.5), 2),
            "decision_cpu_ms_p95": round(_quantile(cpu[j], 0.95), 2),
        })
    diff = [a - b for a, b in zip(per_deal[0], per_deal[1], strict=True)]
    n = len(diff)
    dmean = sum(diff) / n if n else 0.0
    dhalf = 1.96 * math.sqrt(sum((x - dmean) ** 2 for x in diff) / (n - 1) / n) if n > 1 else 0.0
    which = {} if game == MITTLERE.id else {"game": game, "seats": SEATS}  # Mittlere's summary as before
    return {"seed": seed, **which, "deals": n_deals, "hands_played": n_deals * SEATS, "game_length": game_len,
            "bots": bots, "first_minus_second": {"mean": round(dmean, 4),
                                                 "ci95": [round(dmean - dhalf, 4), round(dmean + dhalf, 4)]}}


def format_summary(s: dict[str, Any]) -> str:
    game = "" if s.get("game", MITTLERE.id) == MITTLERE.id else f"{s['game']}, "
    lines = [f"arena: {game}seed {s['seed']}, {s['deals']} deals x {s.get('seats', SEATS)} rotations = "
             f"{s['hands_played']} hands; "
             f"game = {s['game_length']} consecutive deals"]
    w = max(4, *(len(b["bot"]) for b in s["bots"]))
    lines.append(f"{'bot':<{w}} {'strokes/hand':>12} {'95% CI':>20} {'game wins':>14} {'points':>7} "
                 f"{'ms median':>9} {'ms p95':>8} {'cpu med':>8}")
    for b in s["bots"]:
        ci = f"[{b['ci95'][0]:+.3f}, {b['ci95'][1]:+.3f}]"
        gw = f"{b['game_wins']:g}/{b['games']}"
        lines.append(f"{b['bot']:<{w}} {b['strokes_per_hand']:>+12.3f} {ci:>20} {gw:>14} "
                     f"{b['card_points']:>7.1f} {b['decision_ms_median']:>9.2f} {b['decision_ms_p95']:>8.2f} "
                     f"{b['decision_cpu_ms_median']:>8.2f}")
    d = s["first_minus_second"]
    lines.append(f"first minus second bot: {d['mean']:+.3f} [{d['ci95'][0]:+.3f}, {d['ci95'][1]:+.3f}] strokes/hand")
    for b in s["bots"]:
        o = ", ".join(f"{k} {100 * v:.1f}%" for k, v in b["outcomes"].items())
        ci = b.get("game_win_ci95")
        won = f"; game win share {100 * b['game_win_rate']:.1f}% [{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]" if ci else ""
        lines.append(f"  {b['bot']}: {o}{won}")
    return "\n".join(lines)


def run(args: Any, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    game = game_spec(getattr(args, "game", MITTLERE.id))
    SEATS = game.seats  # noqa: N806 (the module's name for the seat count, here the game's)
    bots_arg = getattr(args, "bots", None) or ",".join(["hard"] + ["normal"] * (SEATS - 1))
    try:
        specs = [parse_bot(x) for x in bots_arg.split(",")]
        if len(specs) != SEATS:
            raise ValueError(f"--bots needs {game.seats_word()} bots, not {bots_arg!r}")
        for spec in specs:  # fail early: build each bot once here
            build_bot(spec, "check")
    except (ValueError, TypeError, ImportError, AttributeError) as e:
        err.write(f"error: {e}\n")
        return 2
    omniscient = getattr(args, "omniscient", None)
    if omniscient is not None and omniscient not in range(SEATS):
        err.write(f"error: --omniscient takes {game.seat_list()} (a position in --bots)\n")
        return 2
    if args.deals < 1:
        err.write("error: --deals must be at least 1\n")
        return 2
    game_len = getattr(args, "game_length", GAME_LEN)
    if game_len < 1:
        err.write("error: --game-length must be at least 1\n")
        return 2
    seed = args.seed
    names = [sp.name if not sp.options else sp.name + ":" + ":".join(f"{k}={v}" for k, v in sp.options.items())
             for sp in specs]
    if omniscient is not None:
        names[omniscient] += "(omniscient)"
    tasks = [(specs, seed, s, min(s + game_len, args.deals), rot, omniscient, game_len, game.id)
             for s in range(0, args.deals, game_len) for rot in range(SEATS)]
    blocks: list[dict[str, Any]] = []
    t0 = time.time()
    last = [0.0]
    total = len(tasks)

    def progress() -> None:
        now = time.time()
        if now - last[0] >= 5 or len(blocks) == total:
            last[0] = now
            rate = len(blocks) / max(now - t0, 1e-9)
            eta = (total - len(blocks)) / rate if rate > 0 else 0
            partial = summarize(names, seed, blocks, game_len, game.id)
            tail = "  " + "  ".join(f"{b['bot']} {b['strokes_per_hand']:+.3f}" for b in partial["bots"])
            err.write(f"[arena] {len(blocks)}/{total} blocks, {now - t0:.0f}s, eta {eta:.0f}s{tail}\n")
            err.flush()

    interrupted = False
    try:
        if args.jobs > 1:
            import multiprocessing  # lazily: only the CLI's parallel path uses processes
            with multiprocessing.Pool(args.jobs) as pool:
                for b in pool.imap_unordered(play_block, tasks):
                    blocks.append(b)
                    progress()
        else:
            for t in tasks:
                blocks.append(play_block(t))
                progress()
    except KeyboardInterrupt:  # Ctrl-C: report the deals played under every rotation so far
        interrupted = True
    except BotError as e:  # an outside bot broke the bot API: the reason and the position, no traceback
        err.write(f"error: {e.detail}\n")
        if e.position is not None:
            err.write(f"position: {json.dumps(e.position)}\n")
        return 2
    summary = summarize(names, seed, blocks, game_len, game.id)
    summary["interrupted"] = interrupted
    summary["bots_spec"] = bots_arg
    summary["omniscient"] = omniscient
    summary["wall_seconds"] = round(time.time() - t0, 1)
    summary["jobs"] = args.jobs
    try:
        summary["load_average"] = [round(x, 2) for x in os.getloadavg()]
    except (OSError, AttributeError):
        pass
    if args.json:
        out.write(json.dumps(summary) + "\n")
    else:
        out.write(format_summary(summary) + "\n")
        out.write(f"wall {summary['wall_seconds']}s, jobs {args.jobs}, load {summary.get('load_average')}\n")
    return 0
