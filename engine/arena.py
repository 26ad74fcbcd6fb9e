"""``python -m engine arena``: measure bot strength on seeded deals with seat rotation.

Deal ``k`` (``k = 0 .. N-1``) is ``engine.deal.deal(seed, k, k % 3)``: dealt by seat ``k % 3``.  Every deal
is played three times, once per *rotation* ``r``: bot ``j`` sits at seat ``(j + r) % 3``, so every bot
holds every hand of every deal once and the luck of the cards cancels.

A *game* is 12 consecutive deals (``12g .. 12g+11``) under one rotation; the bots see the running game
score and the hands left in their observations as in a real game.  The game's winner is the bot with
the highest net (strokes minus zeros); tied winners share the win (1/2 each).  Only complete games count.

Figures per bot: mean strokes per hand with a 95% confidence interval (normal approximation over
the per-deal means across the three rotations, so the comparison is paired), game wins, mean card
points, settlement classes, and decision time (median and 95th percentile over decisions with a
choice, i.e. at least two legal cards).
"""

from __future__ import annotations

import json
import math
import sys
import time

from .cards import NUM_SEATS
from .deal import deal
from .observation import observe
from .rules import DEFAULT_RULES
from .state import HandState, outcome

GAME_LEN = 12


def add_parser(sub) -> None:
    p = sub.add_parser("arena", help="play bots against each other on seeded deals (all seat rotations)")
    p.add_argument("--bots", default="hard,normal,normal",
                   help="three comma-separated levels (default hard,normal,normal)")
    p.add_argument("--deals", type=int, default=120, help="number of deals (each played 3 times; default 120)")
    p.add_argument("--seed", default="1", help="seed of the deals (default 1)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--budget-ms", type=float, default=None,
                   help="time budget per decision for the search levels (default: the level's own)")
    p.add_argument("--iterations", type=int, default=None,
                   help="fixed sampled worlds per decision for the search levels; with --budget-ms 0 "
                        "the run is fully deterministic")


def _bot_options(level: str, args) -> dict:
    if level not in ("hard", "expert"):
        return {}
    opts: dict = {}
    if args.budget_ms is not None:
        opts["budget_ms"] = None if args.budget_ms <= 0 else args.budget_ms
    if args.iterations is not None:
        opts["iterations"] = args.iterations
    return opts


def play_block(task: tuple) -> dict:
    """Play deals ``start .. end-1`` under all three rotations.  Returns raw per-deal figures."""
    from .bots import make_bot

    levels, seed, start, end, options = task
    n = end - start
    deltas = [[[0] * NUM_SEATS for _ in range(n)] for _ in range(NUM_SEATS)]  # [rot][deal][bot]
    points = [[[0] * NUM_SEATS for _ in range(n)] for _ in range(NUM_SEATS)]
    cases: list[dict] = [dict() for _ in range(NUM_SEATS)]  # per bot: class -> count
    times: list[list[float]] = [[] for _ in range(NUM_SEATS)]
    from .bots.common import seat_class
    for rot in range(NUM_SEATS):
        bots = [make_bot(levels[j], f"{seed}/{start}/{rot}/{j}", **options[j]) for j in range(NUM_SEATS)]
        seat_bot = [0] * NUM_SEATS
        for j in range(NUM_SEATS):
            seat_bot[(j + rot) % NUM_SEATS] = j
        net = [0, 0, 0]  # by seat, within the current game
        for k in range(start, end):
            if k % GAME_LEN == 0:
                net = [0, 0, 0]
            hands_left = GAME_LEN - k % GAME_LEN
            dealer = k % NUM_SEATS
            st = HandState(deal(seed, k, dealer), dealer, DEFAULT_RULES)
            while not st.is_complete:
                seat = st.to_play
                obs = observe(st, seat, tuple(net), hands_left)  # type: ignore[arg-type]
                bot = bots[seat_bot[seat]]
                choice = st.legal_mask()
                if choice & (choice - 1):
                    t0 = time.perf_counter()
                    c = bot.choose(obs)
                    times[seat_bot[seat]].append((time.perf_counter() - t0) * 1000)
                else:
                    c = bot.choose(obs)
                if not choice >> c & 1:
                    raise RuntimeError(f"bot {levels[seat_bot[seat]]} played an illegal card")
                st.push(c)
            out = outcome(st)
            d = out.settlement.deltas
            for seat in range(NUM_SEATS):
                j = seat_bot[seat]
                deltas[rot][k - start][j] = d[seat]
                points[rot][k - start][j] = out.card_points[seat]
                cls = seat_class(out.card_points, out.tricks_won, seat)
                cases[j][cls] = cases[j].get(cls, 0) + 1
                net[seat] += d[seat]
    return {"start": start, "end": end, "deltas": deltas, "points": points, "cases": cases, "times": times}


def _quantile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    i = min(len(xs) - 1, max(0, int(math.ceil(q * len(xs))) - 1))
    return xs[i]


def summarize(levels: list[str], seed, blocks: list[dict]) -> dict:
    blocks = sorted(blocks, key=lambda b: b["start"])
    n_deals = sum(b["end"] - b["start"] for b in blocks)
    per_deal = [[] for _ in range(NUM_SEATS)]  # bot -> per-deal mean over rotations
    pts = [0.0] * NUM_SEATS
    times: list[list[float]] = [[] for _ in range(NUM_SEATS)]
    cases: list[dict] = [dict() for _ in range(NUM_SEATS)]
    for b in blocks:
        for i in range(b["end"] - b["start"]):
            for j in range(NUM_SEATS):
                per_deal[j].append(sum(b["deltas"][r][i][j] for r in range(NUM_SEATS)) / NUM_SEATS)
                pts[j] += sum(b["points"][r][i][j] for r in range(NUM_SEATS)) / NUM_SEATS
        for j in range(NUM_SEATS):
            times[j].extend(b["times"][j])
            for k, v in b["cases"][j].items():
                cases[j][k] = cases[j].get(k, 0) + v
    # games: 12 consecutive deals under one rotation
    wins = [0.0] * NUM_SEATS
    games = 0
    all_deltas = {}  # (rot, k) -> per bot
    for b in blocks:
        for r in range(NUM_SEATS):
            for i in range(b["end"] - b["start"]):
                all_deltas[(r, b["start"] + i)] = b["deltas"][r][i]
    for g in range(n_deals // GAME_LEN):
        ks = range(g * GAME_LEN, (g + 1) * GAME_LEN)
        if not all((0, k) in all_deltas for k in ks):
            continue
        for r in range(NUM_SEATS):
            net = [sum(all_deltas[(r, k)][j] for k in ks) for j in range(NUM_SEATS)]
            top = max(net)
            winners = [j for j in range(NUM_SEATS) if net[j] == top]
            for j in winners:
                wins[j] += 1 / len(winners)
            games += 1
    names = []
    for j, lv in enumerate(levels):
        names.append(lv if levels.count(lv) == 1 else f"{lv}#{levels[:j + 1].count(lv)}")
    bots = []
    for j in range(NUM_SEATS):
        xs = per_deal[j]
        n = len(xs)
        mean = sum(xs) / n if n else 0.0
        var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
        half = 1.96 * math.sqrt(var / n) if n > 1 else 0.0
        bots.append({
            "bot": names[j], "level": levels[j], "strokes_per_hand": round(mean, 4),
            "ci95": [round(mean - half, 4), round(mean + half, 4)],
            "game_wins": round(wins[j], 2), "games": games,
            "game_win_rate": round(wins[j] / games, 4) if games else None,
            "card_points": round(pts[j] / n, 2) if n else 0.0,
            "outcomes": {k: round(v / (NUM_SEATS * n), 4) for k, v in sorted(cases[j].items())},
            "decisions": len(times[j]),
            "decision_ms_median": round(_quantile(times[j], 0.5), 2),
            "decision_ms_p95": round(_quantile(times[j], 0.95), 2),
        })
    return {"seed": seed, "deals": n_deals, "hands_played": n_deals * NUM_SEATS, "game_length": GAME_LEN,
            "bots": bots}


def format_summary(s: dict) -> str:
    lines = [f"arena: seed {s['seed']}, {s['deals']} deals x 3 rotations = {s['hands_played']} hands; "
             f"game = {s['game_length']} consecutive deals"]
    lines.append(f"{'bot':<10} {'strokes/hand':>12} {'95% CI':>20} {'game wins':>14} {'points':>7} "
                 f"{'ms median':>9} {'ms p95':>8}")
    for b in s["bots"]:
        ci = f"[{b['ci95'][0]:+.3f}, {b['ci95'][1]:+.3f}]"
        gw = f"{b['game_wins']:g}/{b['games']}"
        lines.append(f"{b['bot']:<10} {b['strokes_per_hand']:>+12.3f} {ci:>20} {gw:>14} {b['card_points']:>7.1f} "
                     f"{b['decision_ms_median']:>9.2f} {b['decision_ms_p95']:>8.2f}")
    for b in s["bots"]:
        o = ", ".join(f"{k} {100 * v:.1f}%" for k, v in b["outcomes"].items())
        lines.append(f"  {b['bot']}: {o}")
    return "\n".join(lines)


def run(args, out=None, err=None) -> int:
    from .bots import LEVELS
    out = out or sys.stdout
    err = err or sys.stderr
    levels = [x.strip() for x in args.bots.split(",")]
    if len(levels) != NUM_SEATS or any(lv not in LEVELS for lv in levels):
        err.write(f"error: --bots needs three levels from {', '.join(LEVELS)}, not {args.bots!r}\n")
        return 2
    if args.deals < 1:
        err.write("error: --deals must be at least 1\n")
        return 2
    seed = args.seed
    options = [_bot_options(lv, args) for lv in levels]
    size = GAME_LEN
    tasks = [(levels, seed, s, min(s + size, args.deals), options) for s in range(0, args.deals, size)]
    blocks: list[dict] = []
    t0 = time.time()
    last = [0.0]

    def progress(done_deals: int) -> None:
        now = time.time()
        if now - last[0] >= 5 or done_deals == args.deals:
            last[0] = now
            rate = done_deals / max(now - t0, 1e-9)
            eta = (args.deals - done_deals) / rate if rate > 0 else 0
            partial = summarize(levels, seed, blocks) if blocks else None
            tail = ""
            if partial:
                tail = "  " + "  ".join(f"{b['bot']} {b['strokes_per_hand']:+.3f}" for b in partial["bots"])
            err.write(f"[arena] {done_deals}/{args.deals} deals, {now - t0:.0f}s, eta {eta:.0f}s{tail}\n")
            err.flush()

    done = 0
    if args.jobs > 1:
        import multiprocessing  # lazily: only the CLI's parallel path uses processes
        with multiprocessing.Pool(args.jobs) as pool:
            for b in pool.imap_unordered(play_block, tasks):
                blocks.append(b)
                done += b["end"] - b["start"]
                progress(done)
    else:
        for t in tasks:
            b = play_block(t)
            blocks.append(b)
            done += b["end"] - b["start"]
            progress(done)
    summary = summarize(levels, seed, blocks)
    summary["bots_spec"] = args.bots
    summary["wall_seconds"] = round(time.time() - t0, 1)
    summary["jobs"] = args.jobs
    try:
        import os
        summary["load_average"] = [round(x, 2) for x in os.getloadavg()]
    except (OSError, AttributeError):
        pass
    if args.json:
        out.write(json.dumps(summary) + "\n")
    else:
        out.write(format_summary(summary) + "\n")
        out.write(f"wall {summary['wall_seconds']}s, jobs {args.jobs}, load {summary.get('load_average')}\n")
    return 0
