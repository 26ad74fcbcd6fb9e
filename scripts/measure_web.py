#!/usr/bin/env python3
"""Measure the built web app in Chromium (a measurement, not a test): prints figures.

    python scripts/measure_web.py [--runs N] [--hands-moves N] [--sw | --sw-only]

* cold load to a playable hand (fresh browser context, empty cache) and warm reload (same context, HTTP cache)
* bytes transferred on cold load (sum of response bodies) and the size of dist/ and the engine wheel
* main-thread long tasks (PerformanceObserver 'longtask', > 50 ms) while bots think and cards animate (normal speed)
* bot move latency in the browser: the engine's think_ms and the worker round trip
* --sw: also the warm start with the service worker (after the first visit has precached everything): reloads with the
  Pyodide memory snapshot (the normal warm start) and without it (snapshot deleted first: the service worker alone);
  --sw-only: just these start-up figures (fast)
Uses $CHROMIUM_PATH or /usr/bin/chromium; builds dist/ first.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402
from tools import chromium  # noqa: E402

ARGS = chromium.args()   # tools/chromium.py

LONGTASK_OBSERVER = """
window.__longtasks = [];
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longtasks.push({start: e.startTime, ms: e.duration}); })
  .observe({type: 'longtask', buffered: true});
"""


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))] if xs else float("nan")


SW_READY = """async () => {
  if (!window.__jassSW) return false;
  const s = await window.__jassSW();
  const snap = (await caches.keys()).filter((n) => n.startsWith('jass-snapshot:'));
  const snapped = snap.length === 1 && (await (await caches.open(snap[0])).keys()).length === 1;
  return s.controlled && s.files > 0 && s.cached === s.files && snapped;
}"""
DROP_SNAPSHOT = """async () => { for (const n of await caches.keys()) if (n.startsWith('jass-snapshot:')) await caches.delete(n); }"""


def wait_sw_ready(page, timeout_s: float) -> None:
    """Poll SW_READY with page.evaluate (which awaits the promise; wait_for_function would take it as truthy)."""
    end = time.time() + timeout_s
    while not page.evaluate(SW_READY):
        if time.time() > end:
            raise TimeoutError("the service worker / snapshot never became ready")
        time.sleep(0.2)


def measure_sw(browser, url: str, runs: int, level: str) -> dict:
    """Warm start through the service worker, to a playable hand (seconds, from reload to body[data-phase=play])."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    q = f"?speed=instant&seed=1&bots={level},{level}"
    page.goto(url + q)
    wait_sw_ready(page, 180)
    res: dict = {}
    for label, drop in (("warm_sw_snapshot", False), ("warm_sw_no_snapshot", True)):
        secs, bd = [], []
        for _ in range(runs):
            if drop:
                page.evaluate(DROP_SNAPSHOT)
            t0 = time.perf_counter()
            page.reload()
            page.wait_for_function("() => document.body.dataset.phase === 'play'", timeout=120_000, polling=10)
            secs.append(time.perf_counter() - t0)
            t = page.evaluate("window.__jass.timing()")
            assert t["worker"].get("snapshot", 0) == (0 if drop else 1), t
            bd.append(t)
            if drop:   # let the fresh snapshot be written before the next round drops it again
                wait_sw_ready(page, 60)
        res[f"{label}_s"] = [round(x, 2) for x in secs]
        res[f"{label}_median_s"] = round(statistics.median(secs), 2)
        res[f"{label}_breakdown_ms (median)"] = {
            **{k: round(statistics.median(t[k] for t in bd)) for k in ("mainStart", "workerCreated", "engineReady", "playable")},
            **{f"worker.{k}": round(statistics.median(t["worker"][k] for t in bd)) for k in ("import", "pyodide", "engine")}}
        res[f"{label}_load_avg"] = round(os.getloadavg()[0], 2)
    res["snapshot_MB"] = round(page.evaluate("""async () => { const n = (await caches.keys()).find((k) => k.startsWith('jass-snapshot:'));
        const c = await caches.open(n); const r = await c.match((await c.keys())[0]); return (await r.arrayBuffer()).byteLength; }""") / 1e6, 1)
    ctx.close()
    return res


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--moves", type=int, default=24, help="bot moves to watch for long tasks / latency")
    ap.add_argument("--level", default="normal")
    ap.add_argument("--sw", action="store_true", help="also measure the warm start with the service worker")
    ap.add_argument("--sw-only", action="store_true", help="only the service-worker warm start figures")
    a = ap.parse_args()
    info = build.build(quiet=True)
    srv = build.make_server(0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{srv.server_address[1]}/"
    cold, warm, nbytes, timings = [], [], [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium.executable(), args=ARGS)
        sw_res = measure_sw(browser, url, a.runs, a.level) if (a.sw or a.sw_only) else {}
        if a.sw_only:
            browser.close()
            srv.shutdown()
            out = {**sw_res, "dist_MB": round(info["distBytes"] / 1e6, 2), "cpu_load_avg_1min": os.getloadavg()[0]}
            for k, v in out.items():
                print(f"{k:36s} {v}")
            print(json.dumps(out))
            return
        for _ in range(a.runs):
            ctx = browser.new_context(viewport={"width": 1280, "height": 800})
            page = ctx.new_page()
            got = []
            page.on("requestfinished", lambda r, seen=got: seen.append(r))   # a bound builtin cannot carry Playwright's handler mark
            t0 = time.perf_counter()
            page.goto(url + f"?speed=instant&seed=1&bots={a.level},{a.level}")
            page.wait_for_function("() => document.body.dataset.phase === 'play'", timeout=120_000, polling=10)
            cold.append(time.perf_counter() - t0)
            timings.append(page.evaluate("window.__jass.timing()"))
            total = 0
            for r in got:
                s = r.sizes()
                total += s.get("responseBodySize", 0) + s.get("responseHeadersSize", 0)
            nbytes.append(total)
            t0 = time.perf_counter()
            page.reload()
            page.wait_for_function("() => document.body.dataset.phase === 'play'", timeout=120_000, polling=10)
            warm.append(time.perf_counter() - t0)
            ctx.close()

        # long tasks and bot latency during play at normal speed (bots think, cards animate)
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        page = ctx.new_page()
        page.add_init_script(LONGTASK_OBSERVER)
        page.goto(url + f"?speed=normal&seed=99&hands=12&bots={a.level},{a.level}")
        page.wait_for_function("() => document.body.dataset.phase === 'play'", timeout=120_000)
        page.evaluate("window.__longtasks.length = 0")
        moves = 0
        t_end = time.time() + 240
        while moves < a.moves and time.time() < t_end:
            page.wait_for_function("""() => { const s = window.__jass.state();
                return (s.toPlay === 0 && !s.busy) || s.phase !== 'play'; }""", timeout=120_000)
            s = page.evaluate("window.__jass.state()")
            if s["phase"] == "hand-over":
                page.get_by_role("button", name="Next hand").click()
                continue
            if s["phase"] != "play":
                break
            card = s["legal"][0]
            page.locator(f"#hand-buttons button[data-card='{card}']").focus()
            page.keyboard.press("Enter")
            page.wait_for_function("(c) => !window.__jass.state().hand.includes(c)", arg=card)
            moves = sum(1 for st in page.evaluate("window.__jass.stats()") if st["cmd"] == "bot_move")
        stats = page.evaluate("window.__jass.stats()")
        longtasks = page.evaluate("window.__longtasks")
        ctx.close()
        browser.close()
    srv.shutdown()

    bot = [s for s in stats if s["cmd"] == "bot_move"]
    think = [s["thinkMs"] for s in bot if s["thinkMs"] is not None]
    rtt = [s["rtt"] for s in bot]
    play = [s["rtt"] for s in stats if s["cmd"] == "play"]
    dist_mb = info["distBytes"] / 1e6
    out = {
        "cold_load_s": [round(x, 2) for x in cold], "cold_load_median_s": round(statistics.median(cold), 2),
        "warm_reload_s": [round(x, 2) for x in warm], "warm_reload_median_s": round(statistics.median(warm), 2),
        "cold_breakdown_ms (median)": {k: round(statistics.median(t[k] for t in timings)) for k in ("mainStart", "workerCreated", "engineReady", "playable")},
        "worker_stages_ms (median)": {k: round(statistics.median(t["worker"][k] for t in timings)) for k in ("import", "pyodide", "engine")},
        "our_part_ms (median)": round(statistics.median(t["playable"] - t["worker"]["pyodide"] for t in timings)),
        "cold_bytes_transferred_MB": round(statistics.median(nbytes) / 1e6, 2),
        "dist_MB": round(dist_mb, 2), "engine_wheel_KB": round(info["wheelBytes"] / 1024, 1),
        "bot_level": a.level, "bot_moves": len(bot),
        "bot_think_ms_median": round(statistics.median(think), 1) if think else None,
        "bot_think_ms_p95": round(pct(think, 95), 1) if think else None,
        "bot_round_trip_ms_median": round(statistics.median(rtt), 1) if rtt else None,
        "bot_round_trip_ms_p95": round(pct(rtt, 95), 1) if rtt else None,
        "human_play_round_trip_ms_median": round(statistics.median(play), 1) if play else None,
        "main_thread_long_tasks_during_play": len(longtasks),
        "longest_main_thread_task_ms": round(max((t["ms"] for t in longtasks), default=0), 1),
        "long_tasks_ms": [round(t["ms"]) for t in longtasks],
        "cpu_load_avg_1min": os.getloadavg()[0],
        **sw_res,
    }
    for k, v in out.items():
        print(f"{k:36s} {v}")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
