#!/usr/bin/env python3
"""First-visit load, side by side: bare Pyodide vs the app (a measurement, not a test): prints figures.

    python scripts/measure_load.py [--runs 3] [--window 60] [--no-throttle] [--json out.json]

* Both are served by ONE small static server in this script that serves plainly, like `python3 -m http.server`
  (no Cache-Control, no Content-Encoding, Python's own MIME types) and counts the bytes it sends.
  - the app: dist/ (built first), opened at /?speed=instant&seed=1
  - bare Pyodide: /__bare/, a page whose module worker only calls `loadPyodide()` on the pinned Pyodide's files
    exactly as npm ships them (.cache/npm/node_modules/pyodide, served under /__bare/pyodide/)
* Every sample is a fresh browser context (empty HTTP cache, no service worker, no Cache Storage); samples
  alternate bare, app, bare, app, ...; for each network: loopback, and throttled with CDP
  Network.emulateNetworkConditions (20 Mbit/s down, 40 ms RTT; it applies to the page's workers too).
* figures: time to ready (bare: loadPyodide resolved in the worker, the page notified) / playable (the app:
  body[data-phase=play], the first hand dealt), first contentful paint, bytes the server sent until then and during
  the next --window seconds (the app's service worker precache runs then; loopback samples only, the bytes do not
  depend on the network speed), medians, the ratio app/bare, the load average (other jobs make CPU figures noisy).
Uses $CHROMIUM_PATH or /usr/bin/chromium.
"""
from __future__ import annotations

import argparse
import collections
import functools
import http.server
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

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
THROTTLE = {"offline": False, "latency": 40, "downloadThroughput": 20e6 / 8, "uploadThroughput": 20e6 / 8}

BARE_HTML = b"""<!doctype html><html><head><meta charset="utf-8"><title>bare Pyodide</title></head>
<body data-phase="loading"><p>Loading Python&hellip;</p><script type="module" src="bare.js"></script></body></html>"""
BARE_JS = b"""const w = new Worker(new URL("bare-worker.js", import.meta.url), { type: "module" });
w.onmessage = (e) => { document.body.dataset.phase = e.data === "ready" ? "play" : "error"; };"""
BARE_WORKER = b"""import { loadPyodide } from "./pyodide/pyodide.mjs";
loadPyodide().then(() => postMessage("ready"), (e) => { console.error(e); postMessage("error"); });"""

# when body[data-phase] first becomes "play" (the app: first hand playable; bare: Python ready), in page time
PLAYABLE_PROBE = """
(() => {
  const check = () => {
    if (window.__playableAt === undefined && document.body && document.body.dataset.phase === 'play')
      window.__playableAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-phase'],
                                                  childList: true });
})();
"""


class Counter:
    def __init__(self):
        self.lock = threading.Lock()
        self.by_path: dict[str, int] = collections.Counter()
        self.requests = 0

    def add(self, path: str, n: int) -> None:
        with self.lock:
            self.by_path[path] += n

    def reset(self) -> None:
        with self.lock:
            self.by_path = collections.Counter()
            self.requests = 0

    def total(self) -> int:
        with self.lock:
            return sum(self.by_path.values())

    def snapshot(self) -> dict[str, int]:
        with self.lock:
            return dict(self.by_path)


class _CountingWriter:
    def __init__(self, raw, counter: Counter, handler):
        self.raw, self.counter, self.handler = raw, counter, handler

    def write(self, data):
        n = self.raw.write(data)
        self.counter.add(getattr(self.handler, "path", "?").split("?")[0], len(data))
        return n

    def __getattr__(self, name):
        return getattr(self.raw, name)


def make_counting_server(dist: Path, pyodide_pkg: Path, counter: Counter) -> http.server.ThreadingHTTPServer:
    """A plain static server (what `python3 -m http.server` sends) for dist/, plus /__bare/; counts every byte sent
    (headers and bodies)."""
    virtual = {"/__bare/": BARE_HTML, "/__bare/bare.js": BARE_JS, "/__bare/bare-worker.js": BARE_WORKER}

    class Handler(http.server.SimpleHTTPRequestHandler):
        def setup(self):
            super().setup()
            self.wfile = _CountingWriter(self.wfile, counter, self)

        def translate_path(self, path):
            p = path.split("?", 1)[0]
            if p.startswith("/__bare/pyodide/"):
                return str(pyodide_pkg / p[len("/__bare/pyodide/"):])
            return super().translate_path(path)

        def do_GET(self):
            with counter.lock:
                counter.requests += 1
            p = self.path.split("?", 1)[0]
            if p in virtual:
                body = virtual[p]
                self.send_response(200)
                self.send_header("Content-Type", "text/html" if p.endswith("/") else "text/javascript")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            super().do_GET()

        def log_message(self, *a):
            pass

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(dist)))
    srv.daemon_threads = True
    return srv


def sample(browser, url: str, counter: Counter, throttled: bool, window_s: float, timeout_s: float) -> dict:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.add_init_script(PLAYABLE_PROBE)
    if throttled:
        cdp = ctx.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", THROTTLE)
    counter.reset()
    page.goto(url, wait_until="commit")
    end = time.monotonic() + timeout_s
    while True:
        got = page.evaluate("""() => window.__playableAt !== undefined || document.body?.dataset.phase === 'error'""")
        if got:
            break
        if time.monotonic() > end:
            raise TimeoutError(f"{url} not ready after {timeout_s}s")
        time.sleep(0.05)
    res = page.evaluate("""() => ({ ready: window.__playableAt, phase: document.body.dataset.phase,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null })""")
    if res["phase"] != "play":
        raise RuntimeError(f"{url}: load failed ({res['phase']})")
    res["bytes_ready"] = counter.total()
    if window_s > 0:
        time.sleep(window_s)
        res["bytes_window"] = counter.total()
        res["by_path"] = counter.snapshot()
        # did the service worker finish its precache within the window? (the app only; see web/js/sw-register.js)
        res["precached"] = page.evaluate("""async () => { if (!window.__jassSW) return null;
            const s = await window.__jassSW(); return s.controlled && s.files > 0 && s.cached === s.files; }""")
    ctx.close()
    return res


def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3, help="samples per variant and network (default 3)")
    ap.add_argument("--window", type=float, default=60, help="seconds to keep counting after the first visit is ready "
                    "(the service worker's precache; default 60; loopback samples only)")
    ap.add_argument("--no-throttle", action="store_true", help="loopback only")
    ap.add_argument("--no-build", action="store_true", help="measure dist/ as it is")
    ap.add_argument("--json", type=Path, help="also write the raw samples here")
    a = ap.parse_args()
    if not a.no_build:
        build.build(quiet=True)
    pkg = build.NPM_DIR / "node_modules" / "pyodide"
    counter = Counter()
    srv = make_counting_server(build.DIST, pkg, counter)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{srv.server_address[1]}/"
    variants = {"bare": base + "__bare/", "app": base + "?speed=instant&seed=1"}
    load0 = os.getloadavg()
    print(f"load average at start: {load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f} ({os.cpu_count()} CPUs)", flush=True)
    networks = ["loopback"] + ([] if a.no_throttle else ["throttled"])
    samples: dict = {n: {v: [] for v in variants} for n in networks}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"), args=ARGS)
        for net in networks:
            for i in range(a.runs):
                order = list(variants) if i % 2 == 0 else list(variants)[::-1]
                for v in order:
                    window = a.window if (net == "loopback" and v == "app") else 0
                    r = sample(browser, variants[v], counter, net == "throttled", window, 180)
                    r["load"] = os.getloadavg()[0]
                    samples[net][v].append(r)
                    extra = (f", +{window:.0f}s: {r['bytes_window'] / 1e6:.2f} MB, precache complete: {r['precached']}"
                             if window else "")
                    print(f"  {net:9s} {v:4s} #{i + 1}: ready {r['ready'] / 1000:.2f} s, FCP "
                          f"{(r['fcp'] or 0) / 1000:.2f} s, {r['bytes_ready'] / 1e6:.2f} MB{extra} "
                          f"(load {r['load']:.1f})", flush=True)
        browser.close()
    srv.shutdown()
    srv.server_close()

    print()
    print(f"{'':28s} {'bare Pyodide':>14s} {'this app':>14s} {'app/bare':>9s}")
    summary: dict = {}
    for net in networks:
        b, ap_ = samples[net]["bare"], samples[net]["app"]
        rb, ra = med(s["ready"] for s in b) / 1000, med(s["ready"] for s in ap_) / 1000
        fb, fa = med(s["fcp"] for s in b), med(s["fcp"] for s in ap_)
        print(f"{net + ', ready/playable (s)':28s} {rb:14.2f} {ra:14.2f} {ra / rb:9.2f}")
        print(f"{net + ', first paint (s)':28s} {(fb or 0) / 1000:14.2f} {(fa or 0) / 1000:14.2f}")
        summary[net] = {"bare_s": round(rb, 2), "app_s": round(ra, 2), "ratio": round(ra / rb, 3),
                        "bare_fcp_s": round((fb or 0) / 1000, 2), "app_fcp_s": round((fa or 0) / 1000, 2)}
    bb = med(s["bytes_ready"] for s in samples["loopback"]["bare"]) / 1e6
    ba = med(s["bytes_ready"] for s in samples["loopback"]["app"]) / 1e6
    print(f"{'bytes until ready (MB)':28s} {bb:14.2f} {ba:14.2f} {ba / bb:9.2f}")
    summary["bytes_ready_MB"] = {"bare": round(bb, 2), "app": round(ba, 2)}
    if a.window > 0:
        bw = med(s["bytes_window"] for s in samples["loopback"]["app"]) / 1e6
        print(f"{f'bytes incl. next {a.window:.0f} s (MB)':28s} {'':14s} {bw:14.2f}")
        summary["bytes_first_visit_MB"] = round(bw, 2)
        summary["precache_complete"] = all(s["precached"] for s in samples["loopback"]["app"])
        print(f"{'service worker precache complete in the window':48s} {summary['precache_complete']}")
        last = samples["loopback"]["app"][-1]["by_path"]
        print("\nbytes per file, last app sample (first visit + window):")
        for path, n in sorted(last.items(), key=lambda kv: -kv[1])[:12]:
            print(f"  {n / 1e6:8.3f} MB  {path}")
    load1 = os.getloadavg()
    print(f"\nload average at end: {load1[0]:.2f} {load1[1]:.2f} {load1[2]:.2f}")
    summary["load_avg"] = [round(load0[0], 2), round(load1[0], 2)]
    print(json.dumps(summary))
    if a.json:
        a.json.write_text(json.dumps({"summary": summary, "samples": samples}, indent=1))


if __name__ == "__main__":
    main()
