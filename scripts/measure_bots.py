#!/usr/bin/env python3
"""Decision time per bot level in CPython and in the browser, on the same positions (a measurement: prints figures).

    python scripts/measure_bots.py [--levels random,easy,normal,hard,expert] [--hands 2] [--seed bt1]
                                   [--game mittlere|molotow|plusminus] [--playouts SECONDS]

For each level a game with that level in both bot seats, the player always playing its first legal card, is played
twice: in CPython through `engine.web` (the browser's own protocol) and in Chromium on the built site (`dist/`).
Both are deterministic, so the bots decide the very same positions (the script checks the hand records agree). The
figure is the engine's `think_ms` per bot move — the time `choose()` took — median and p95; for the browser also the
worker round trip. Uses $CHROMIUM_PATH or /usr/bin/chromium; builds dist/ first.

`--playouts SECONDS` (`--levels ""` for it alone) also prints the search's play-out speed, whole hands from the deal
per second by each policy (`engine/bench.py`'s loops, best and median of 5 rounds of SECONDS / 5), in CPython and in
the browser: in a second engine worker of the built site (worker.js as built, not connected to the page), running
the same loops on the same deals.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402
from engine import web  # noqa: E402
from engine.games import GAMES  # noqa: E402
from tools import chromium  # noqa: E402

ARGS = chromium.args()   # tools/chromium.py
MY_TURN_OR_OVER = """() => { const s = window.__jass?.state(); return !!s && !s.busy &&
  ((s.phase === 'play' && s.toPlay === 0) || s.phase === 'hand-over' || s.phase === 'game-over'); }"""


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))] if xs else float("nan")


def cpython_game(level: str, hands: int, seed: str, game: str = "mittlere") -> tuple[list[float], list[dict]]:
    """think_ms of every bot move and the hand records, playing through the browser's protocol in this process."""
    s = web.Session()
    others = GAMES[game].seats - 1
    req = {"cmd": "new_game", "hands": hands, "bots": [level] * others, "seed": seed}
    v = s.handle({**req, "game": game} if game != "mittlere" else req)["view"]
    times: list[float] = []
    while v["phase"] != "game-over":
        if v["phase"] == "hand-over":
            if len(v["history"]) >= hands:   # a game that ends by its own rule (Plus-Minus): `hands` hands of it
                break
            a = s.handle({"cmd": "next_hand"})
        elif v["to_play"] == 0:   # the player's seat
            a = s.handle({"cmd": "play", "card": v["legal"][0]})
        else:
            a = s.handle({"cmd": "bot_move"})
            times.append(a["think_ms"])
        v = a["view"]
    return times, s.handle({"cmd": "records"})["records"]


def browser_game(page, url: str, level: str, hands: int, seed: str,
                 game: str = "mittlere") -> tuple[list[float], list[float], list[dict]]:
    """think_ms and round trips of every bot move and the hand records, playing the built site in Chromium."""
    bots = ",".join([level] * (GAMES[game].seats - 1))
    page.goto(f"{url}?speed=instant&seed={seed}&hands={hands}&bots={bots}&game={game}")
    while True:
        page.wait_for_function(MY_TURN_OR_OVER, timeout=600_000, polling=20)
        st = page.evaluate("window.__jass.state()")
        if st["phase"] == "game-over":
            break
        if st["phase"] == "hand-over":
            if len(page.evaluate("window.__jass.view().history")) >= hands:
                break
            page.locator("#btn-next").click()
            page.wait_for_function("() => window.__jass.state().phase === 'play'", timeout=60_000)
            continue
        card = st["legal"][0]
        page.locator(f"#hand-buttons button[data-card='{card}']").focus()
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => !window.__jass.state().hand.includes('{card}')", timeout=60_000)
    stats = [s for s in page.evaluate("window.__jass.stats()") if s["cmd"] == "bot_move"]
    records = page.evaluate("window.__jass.ask({cmd: 'records'})")["records"]
    return [s["thinkMs"] for s in stats], [s["rtt"] for s in stats], records


BENCH = ROOT / "engine" / "bench.py"   # not in the wheel: its loops are run from source in the browser


def bench_source() -> str:
    """engine/bench.py as a script over the installed engine (its relative imports made absolute)."""
    return BENCH.read_text().replace("from .", "from engine.")


def playout_rates(seconds: float, seed: int) -> dict[str, list[float]]:
    """policy -> [best, median] play-outs per second, here in CPython."""
    from engine import bench
    return {policy: list(bench._playouts_per_second(seconds, seed, policy)[:2]) for policy in ("plans", "rules")}


def browser_playout_rates(page, url: str, seconds: float, seed: int) -> dict[str, list[float]]:
    """The same loops in a second engine worker of the built site, from engine/bench.py's source."""
    page.goto(f"{url}?speed=instant&seed=1")
    page.wait_for_function("() => document.body.dataset.phase === 'play'", timeout=120_000)
    w = chromium.second_engine_worker(page, "bench")
    rates = f"list(ns['_playouts_per_second']({seconds!r}, {seed!r}, p)[:2])"
    src = (f"import json\nns = {{'__name__': 'bench_loops'}}\nexec({bench_source()!r}, ns)\n"
           f"json.dumps({{p: {rates} for p in ('plans', 'rules')}})")
    return json.loads(w.evaluate("(src) => self.__jassPython.runPython(src)", src))


def serve(root: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *a) -> None:   # not a line per request on stderr
            pass

    handler = functools.partial(Quiet, directory=str(root))
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, f"http://127.0.0.1:{srv.server_address[1]}/"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--levels", default="random,easy,normal,hard,expert")
    ap.add_argument("--hands", type=int, default=2, help="hands per level (each about 24 bot moves)")
    ap.add_argument("--seed", default="bt1")
    ap.add_argument("--game", default="mittlere", choices=sorted(GAMES), help="the game the bots play")
    ap.add_argument("--playouts", type=float, default=0.0, metavar="SECONDS",
                    help="also the play-out speed per policy, CPython and browser (SECONDS of loops each)")
    args = ap.parse_args()
    build.main([])
    srv, url = serve(ROOT / "dist")
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium.executable(), args=ARGS)
        if args.playouts > 0:
            speeds = {"CPython": playout_rates(args.playouts, 1)}
            ctx = browser.new_context(viewport={"width": 1280, "height": 800})
            speeds["browser"] = browser_playout_rates(ctx.new_page(), url, args.playouts, 1)
            ctx.close()
            print(f"play-outs per second (whole hands from the deal; best / median of 5 rounds; load "
                  f"{os.getloadavg()[0]:.1f})")
            for policy in ("plans", "rules"):
                (cb, cm), (bb, bm) = speeds["CPython"][policy], speeds["browser"][policy]
                print(f"  {policy:6} CPython {cb:9,.0f} / {cm:9,.0f}   browser {bb:9,.0f} / {bm:9,.0f}   "
                      f"browser/CPython {bb / cb:.2f}", flush=True)
        for level in [lv for lv in args.levels.split(",") if lv]:
            cpu, rec_py = cpython_game(level, args.hands, args.seed, args.game)
            ctx = browser.new_context(viewport={"width": 1280, "height": 800})   # a fresh profile: no saved game
            think, rtt, rec_web = browser_game(ctx.new_page(), url, level, args.hands, args.seed, args.game)
            ctx.close()
            rows.append((level, len(cpu), cpu, think, rtt, rec_py == rec_web, os.getloadavg()[0]))
            print(f"{level}: done", file=sys.stderr, flush=True)
        browser.close()
    srv.shutdown()
    if not rows:
        return
    print(f"bot decision time (ms; think_ms = choose() alone), {args.game}, {args.hands} hands per level, "
          f"seed {args.seed}")
    print(f"{'level':8} {'moves':>5}  {'CPython med':>11} {'p95':>7}  {'browser med':>11} {'p95':>7}  "
          f"{'ratio':>5}  {'round trip med':>14}  same positions  load")
    for level, n, cpu, think, rtt, same, load in rows:
        cm, bm = statistics.median(cpu), statistics.median(think)
        ratio = bm / cm if cm else float("nan")
        print(f"{level:8} {n:>5}  {cm:>11.2f} {pct(cpu, 95):>7.2f}  {bm:>11.2f} {pct(think, 95):>7.2f}  "
              f"{ratio:>5.2f}  {statistics.median(rtt):>14.2f}  {'yes' if same else 'NO':>14}  {load:.1f}")


if __name__ == "__main__":
    main()
