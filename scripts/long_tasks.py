"""Main-thread blocking on a slow phone's first visit, measured in the page (a measurement, not a test): prints figures.

Each sample is a fresh browser context (a first visit: no cache, no service worker, no snapshot) at a phone's size
(412x823, DPR 1.75, touch) with the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate, as Lighthouse's mobile
profile assumes); the page records its long tasks (PerformanceObserver "longtask") from the start. Per sample: first
contentful paint, when the game was playable (boot.js's `jass:playable` mark), and the blocking time after the first
paint until 3 s after playable (the sum of each long task's time beyond 50 ms: Lighthouse's TBT, here measured rather
than simulated), the number of long tasks and the longest. Several URLs (e.g. the build before a change on another
port) are sampled in alternation; medians at the end.

    .venv/bin/python build.py && .venv/bin/python -c "import build; build.make_server(8765).serve_forever()" &
    .venv/bin/python scripts/long_tasks.py http://127.0.0.1:8765/ [http://127.0.0.1:8766/ ...] [--runs 4]

Uses $CHROMIUM_PATH or /usr/bin/chromium. Throttled samples swing by a factor of two here: compare in one run.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from tools import chromium  # noqa: E402

RECORD = """(() => { window.__longTasks = [];
  try { new PerformanceObserver((l) => {
          for (const e of l.getEntries()) window.__longTasks.push([e.startTime, e.duration]); })
          .observe({ type: "longtask", buffered: true }); } catch { /* no long task timing */ } })();"""
FIGURES = """() => { const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
  const play = performance.getEntriesByName("jass:playable")[0]?.startTime ?? 0;
  const late = window.__longTasks.filter(([start]) => start >= fcp);
  return { fcp, play, tbt: late.reduce((a, [, d]) => a + Math.max(0, d - 50), 0), n: late.length,
           max: Math.max(0, ...late.map(([, d]) => d)) }; }"""
# Lighthouse's mobile screen (not the e2e tests' PHONE of jass_e2e.py, a 390x844 DPR 3 phone)
LIGHTHOUSE_PHONE = {"viewport": {"width": 412, "height": 823}, "device_scale_factor": 1.75, "is_mobile": True,
                    "has_touch": True, "locale": "en-US"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("urls", nargs="+")
    ap.add_argument("--runs", type=int, default=4, help="samples per URL (default 4)")
    ap.add_argument("--cpu", type=float, default=4.0, help="CPU slow-down (default 4)")
    args = ap.parse_args()
    samples: dict[str, list[dict]] = {u: [] for u in args.urls}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium.executable(), args=chromium.args())
        for _ in range(args.runs):
            for url in args.urls:
                ctx = browser.new_context(**LIGHTHOUSE_PHONE)
                page = ctx.new_page()
                page.add_init_script(RECORD)
                ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": args.cpu})
                page.goto(url)
                page.wait_for_function("() => document.body.dataset.phase === 'play'", timeout=120_000, polling=100)
                page.wait_for_timeout(3000)
                r = page.evaluate(FIGURES)
                ctx.close()
                samples[url].append(r)
                print(f"{url}: first paint {r['fcp']:.0f} ms, playable {r['play']:.0f} ms, blocking {r['tbt']:.0f} ms "
                      f"in {r['n']} long tasks, the longest {r['max']:.0f} ms", flush=True)
        browser.close()
    print(f"\nmedians of {args.runs} ({args.cpu:g}x slower CPU), load average {os.getloadavg()[0]:.1f}:")
    for url, rs in samples.items():
        def med(key: str, rs: list[dict] = rs) -> float:
            return statistics.median(r[key] for r in rs)
        each = ", ".join(f"{r['tbt']:.0f}" for r in rs)
        print(f"  {url}: blocking {med('tbt'):.0f} ms (each: {each}), "
              f"longest task {med('max'):.0f} ms, playable {med('play'):.0f} ms")


if __name__ == "__main__":
    main()
