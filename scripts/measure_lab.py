#!/usr/bin/env python3
"""Bot lab figures: time to open the lab, and arena throughput in the browser vs CPython for the same bots.

    python scripts/measure_lab.py [--deals 24] [--opponents normal,normal] [--runs 2]

Builds dist/ (quick when unchanged), serves it on 127.0.0.1, opens `#lab` in Chromium (Playwright, the e2e tools
from .venv) and prints:
  * open: from navigation to the lab view shown, and to the lab's worker ready (Python + the full stdlib + the engine
    wheel + micropip), first visit (cold HTTP cache) and a second visit in the same browser (service worker cache);
  * arena: the example bot against the opponents, deals per second in the browser (the lab worker's own wall clock)
    and in CPython here (the same engine.lab code, in-process), with the ratio.
Figures only, no pass/fail: the machine's load changes them (the load averages are printed); best of --runs for both.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools import chromium  # noqa: E402


def cpython_rate(source: str, opponents: list[str], deals: int, seed: str) -> tuple[float, dict]:
    from engine import lab
    lab.load(source)
    box = lab.Lab()
    t0 = time.perf_counter()
    for _ in range(box.arena_start(opponents, deals, seed)):
        box.arena_step()
    secs = time.perf_counter() - t0
    return deals / secs, box.arena_result()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=24)
    ap.add_argument("--opponents", default="normal,normal")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--runs", type=int, default=2, help="arena runs in the browser (the best is reported)")
    args = ap.parse_args()
    opponents = args.opponents.split(",")
    subprocess.run([sys.executable, str(ROOT / "build.py")], cwd=ROOT, check=True, capture_output=True)
    from playwright.sync_api import sync_playwright

    import build

    srv = build.make_server(0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{srv.server_address[1]}/"
    source = (ROOT / "web" / "lab" / "example_bot.py").read_text()
    out: dict = {"load_average_at_start": [round(x, 2) for x in os.getloadavg()]}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium.executable(), args=chromium.args())
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        page = ctx.new_page()
        for visit in ("first", "second"):
            page.goto("about:blank")   # a real navigation each time (a hash change alone loads nothing)
            t0 = time.perf_counter()
            page.goto(base + "#lab")
            page.wait_for_selector("#bot-source", state="visible", timeout=120_000)
            shown = time.perf_counter() - t0
            page.wait_for_function("() => document.getElementById('lab').dataset.worker === 'ready'", timeout=120_000)
            ready = time.perf_counter() - t0
            out[f"open_{visit}"] = {"view_shown_s": round(shown, 2), "worker_ready_s": round(ready, 2)}
            if visit == "first":   # let the service worker take over before the second visit
                page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller",
                                       timeout=120_000)
        page.fill("#bot-source", source)
        page.select_option("#lab-opp-0", opponents[0])
        page.select_option("#lab-opp-1", opponents[1])
        page.fill("#lab-deals", str(args.deals))
        page.fill("#lab-seed", args.seed)
        best = None
        for _ in range(args.runs):
            page.evaluate("document.querySelector('[data-lab-result]').textContent = ''")
            page.click('[data-action="lab-run"]')
            page.wait_for_function("() => document.querySelector('[data-lab-result]').textContent.length > 0",
                                   timeout=600_000)
            r = json.loads(page.text_content("[data-lab-result]"))
            if r["error"]:
                print("arena failed:", r["error"], file=sys.stderr)
                return 1
            rate = args.deals / (r["wall_ms"] / 1000)
            best = max(best or 0, rate)
        browser.close()
    srv.shutdown()
    cp_rate, cp = max((cpython_rate(source, opponents, args.deals, args.seed) for _ in range(args.runs)),
                      key=lambda x: x[0])
    assert best is not None
    out["arena"] = {"bots": ["example"] + opponents, "deals": args.deals, "seed": args.seed,
                    "browser_deals_per_s": round(best, 2), "cpython_deals_per_s": round(cp_rate, 2),
                    "browser_vs_cpython": round(best / cp_rate, 2), "same_mean": cp["mean"] == r["mean"]}
    out["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
