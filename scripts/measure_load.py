#!/usr/bin/env python3
"""First-visit load, side by side: bare Pyodide vs the app (a measurement, not a test): prints figures.

    python scripts/measure_load.py [--runs 3] [--window 60] [--networks loopback,20mbit,phone] [--before DIR]
                                   [--json out.json] [--waterfall]

* Both are served by ONE small static server in this script that serves plainly, like `python3 -m http.server`
  (no Cache-Control, no Content-Encoding, Python's own MIME types) and counts the bytes it sends.
  - the app: dist/ (built first), opened at /?speed=instant&seed=1
  - --before DIR: also another build's dist/ (e.g. of an older commit: `git archive <commit> | tar -x -C DIR`,
    then `python3 build.py` there), served under /__before/ and measured in the same alternation
  - bare Pyodide: /__bare/, a page whose module worker only calls `loadPyodide()` on the pinned Pyodide's files
    exactly as npm ships them (.cache/npm/node_modules/pyodide, served under /__bare/pyodide/)
* Every sample is a fresh browser context (empty HTTP cache, no service worker, no Cache Storage); samples
  alternate bare, app, bare, app, ...; for each network: loopback, and throttled with CDP
  Network.emulateNetworkConditions (it applies to the page's workers too): "20mbit" (20 Mbit/s down, 40 ms RTT) and
  "phone" (a slow phone network: 1.6 Mbit/s down, 150 ms RTT).
* figures: time to ready (bare: loadPyodide resolved in the worker, the page notified) / playable (the app:
  body[data-phase=play], the first hand dealt), first contentful paint, bytes the server sent until then and during
  the next --window seconds (the app's service worker precache runs then; loopback samples only, the bytes do not
  depend on the network speed), then the warm start (a reload: service worker cache and Python's memory snapshot),
  medians, the ratio app/bare, on a throttled network the ratio to the transfer time of the bytes sent until playable
  (bytes / bandwidth), the load average (other jobs make CPU figures noisy); per app sample, where the time went (the
  page's and the worker's load milestones).
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
from tools import chromium  # noqa: E402

ARGS = chromium.args()   # tools/chromium.py


def throttle(mbit: float, rtt_ms: float) -> dict:
    """CDP Network.emulateNetworkConditions: `mbit` Mbit/s each way, `rtt_ms` of latency."""
    rate = mbit * 1e6 / 8
    return {"offline": False, "latency": rtt_ms, "downloadThroughput": rate, "uploadThroughput": rate}


NETWORKS = {"loopback": None, "20mbit": throttle(20, 40), "phone": throttle(1.6, 150)}

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


def make_counting_server(dist: Path, pyodide_pkg: Path, counter: Counter,
                         before: Path | None = None) -> http.server.ThreadingHTTPServer:
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
            if before is not None and p.startswith("/__before/"):
                rel = p[len("/__before/"):] or "index.html"
                return str(before / rel)
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


def wait_playable(page, url: str, timeout_s: float) -> None:
    end = time.monotonic() + timeout_s
    while True:
        got = page.evaluate("""() => window.__playableAt !== undefined || document.body?.dataset.phase === 'error'""")
        if got:
            return
        if time.monotonic() > end:
            raise TimeoutError(f"{url} not ready after {timeout_s}s")
        time.sleep(0.05)


def sample(browser, url: str, counter: Counter, network: dict | None, window_s: float, timeout_s: float,
           waterfall: bool = False) -> dict:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    requests: list = []   # every request of the page and its workers (their timing: the browser's clock)
    if waterfall:
        ctx.on("request", lambda r: requests.append(r))
    page.add_init_script(PLAYABLE_PROBE)
    if network:
        cdp = ctx.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", network)
    counter.reset()
    page.goto(url, wait_until="commit")
    wait_playable(page, url, timeout_s)
    res = page.evaluate("""() => ({ ready: window.__playableAt, phase: document.body.dataset.phase,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null })""")
    if res["phase"] != "play":
        raise RuntimeError(f"{url}: load failed ({res['phase']})")
    res["bytes_ready"] = counter.total()
    if waterfall:
        res["waterfall"] = waterfall_lines(requests, res["ready"])
    # where the time went in the app's worker (ms since the worker started; see web/js/engine/worker.js) and on the page
    res["stages"] = page.evaluate("() => window.__jass ? window.__jass.timing() : null")
    if window_s > 0:
        time.sleep(window_s)
        res["bytes_window"] = counter.total()
        res["by_path"] = counter.snapshot()
        # the first start's memory snapshot, taken once the worker is idle after playable (web/js/engine/worker.js)
        res["snapshot"] = page.evaluate("() => window.__jass ? window.__jass.timing().snapshot : null")
        # did the service worker finish its precache within the window? (the app only; see
        # web/js/offline/sw-register.js)
        res["precached"] = page.evaluate("""async () => { if (!window.__jassSW) return null;
            const s = await window.__jassSW(); return s.controlled && s.files > 0 && s.cached === s.files; }""")
        # the warm start: a reload after the window (service worker cache, Python from the memory snapshot)
        page.reload(wait_until="commit")
        wait_playable(page, url, timeout_s)
        res["warm"] = page.evaluate("() => window.__playableAt")
    ctx.close()
    return res


def waterfall_lines(requests: list, ready_ms: float) -> list[str]:
    """The requests asked for until playable, in ms after the page's own request: asked, finished (`-`: not by
    then), type, file (Playwright's request timing: the browser's clock, not when Python heard of it)."""
    pages = [r for r in requests if r.resource_type == "document" and r.timing["startTime"] > 0]
    if not pages:
        return []
    t0 = pages[0].timing["startTime"]
    rows = []
    for r in requests:
        t = r.timing
        if t["startTime"] <= 0:   # no network timing (not sent)
            continue
        asked = t["startTime"] - t0
        if asked > ready_ms:
            continue
        end = t["startTime"] + t["responseEnd"] - t0 if t["responseEnd"] >= 0 else None
        done = f"{end:7.0f}" if end is not None and end <= ready_ms else "-"
        rows.append((asked, f"{asked:7.0f} {done:>7s}  {r.resource_type:10s} "
                            f"{r.url.split('?')[0].rsplit('/', 1)[-1] or '/'}"))
    return [line for _, line in sorted(rows)]


def milestones(st: dict, snap: dict | None = None) -> str:
    """The app's load milestones (web/js/boot.js timing, engine/worker.js marks) as one line, in ms after navigation."""
    if not st.get("workerMarks"):
        return ""
    w0 = st.get("workerStartedAt", 0)
    marks = sorted(((k, v + w0) for k, v in st["workerMarks"].items() if not k.endswith("Ms")), key=lambda kv: kv[1])
    return (f"\n      page: main.js ran at {st['mainStart']:.0f} ms, worker started at {w0:.0f} ms; worker: "
            + ", ".join(f"{k} {t:.0f}" for k, t in marks) + f"; engine ready {st.get('engineReady', 0):.0f}"
            + (f"; memory snapshot at {snap['at'] + w0:.0f} ({snap['ms']:.0f} ms)" if snap else ""))


def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3, help="samples per variant and network (default 3)")
    ap.add_argument("--window", type=float, default=60, help="seconds to keep counting after the first visit is ready "
                    "(the service worker's precache; default 60; loopback samples only)")
    ap.add_argument("--no-throttle", action="store_true", help="loopback only")
    ap.add_argument("--networks", default="loopback,20mbit", help=f"comma-separated, of {', '.join(NETWORKS)} "
                    "(default loopback,20mbit)")
    ap.add_argument("--no-build", action="store_true", help="measure dist/ as it is")
    ap.add_argument("--before", type=Path, help="another build's dist/ to measure side by side (as 'before')")
    ap.add_argument("--json", type=Path, help="also write the raw samples here")
    ap.add_argument("--waterfall", action="store_true", help="print each app sample's requests until playable (page "
                    "and worker: ms asked, ms finished, type, file)")
    a = ap.parse_args()
    if not a.no_build:
        build.build(quiet=True)
    pkg = build.NPM_DIR / "node_modules" / "pyodide"
    counter = Counter()
    srv = make_counting_server(build.DIST, pkg, counter, a.before)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{srv.server_address[1]}/"
    variants = {"bare": base + "__bare/", "app": base + "?speed=instant&seed=1"}
    if a.before:
        variants["before"] = base + "__before/?speed=instant&seed=1"
    load0 = os.getloadavg()
    print(f"load average at start: {load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f} ({os.cpu_count()} CPUs)", flush=True)
    networks = ["loopback"] if a.no_throttle else [n.strip() for n in a.networks.split(",") if n.strip()]
    if "loopback" not in networks:
        networks.insert(0, "loopback")   # the bytes and the warm start are counted there
    bad = [n for n in networks if n not in NETWORKS]
    if bad:
        ap.error(f"unknown network {bad}: choose from {list(NETWORKS)}")
    samples: dict = {n: {v: [] for v in variants} for n in networks}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium.executable(), args=ARGS)
        for net in networks:
            for i in range(a.runs):
                order = list(variants) if i % 2 == 0 else list(variants)[::-1]
                for v in order:
                    window = a.window if (net == "loopback" and v != "bare") else 0
                    r = sample(browser, variants[v], counter, NETWORKS[net], window, 600, a.waterfall and v != "bare")
                    r["load"] = os.getloadavg()[0]
                    samples[net][v].append(r)
                    extra = (f", +{window:.0f}s: {r['bytes_window'] / 1e6:.2f} MB, precache complete: {r['precached']}"
                             f", warm start {r['warm'] / 1000:.2f} s" if window else "")
                    extra += milestones(r.get("stages") or {}, r.get("snapshot"))
                    print(f"  {net:9s} {v:4s} #{i + 1}: ready {r['ready'] / 1000:.2f} s, FCP "
                          f"{(r['fcp'] or 0) / 1000:.2f} s, {r['bytes_ready'] / 1e6:.2f} MB{extra} "
                          f"(load {r['load']:.1f})", flush=True)
                    for line in r.pop("waterfall", []):
                        print("        " + line)
        browser.close()
    srv.shutdown()
    srv.server_close()

    print()
    apps = [v for v in variants if v != "bare"]
    print(f"{'':32s} {'bare Pyodide':>12s}" + "".join(f" {v:>9s} {v + '/bare':>11s}" for v in apps))
    summary: dict = {}
    for net in networks:
        rb = med(s["ready"] for s in samples[net]["bare"]) / 1000
        fb = med(s["fcp"] for s in samples[net]["bare"]) / 1000
        line, fline = f"{net + ', ready/playable (s)':32s} {rb:12.2f}", f"{net + ', first paint (s)':32s} {fb:12.2f}"
        summary[net] = {"bare_s": round(rb, 2), "bare_fcp_s": round(fb, 2)}
        for v in apps:
            ra = med(s["ready"] for s in samples[net][v]) / 1000
            fa = med(s["fcp"] for s in samples[net][v]) / 1000
            line += f" {ra:9.2f} {ra / rb:11.2f}"
            fline += f" {fa:9.2f} {'':11s}"
            summary[net] |= {f"{v}_s": round(ra, 2), f"{v}_ratio": round(ra / rb, 3), f"{v}_fcp_s": round(fa, 2)}
        print(line)
        print(fline)
        if NETWORKS[net]:   # playable / the transfer time of the bytes sent until then at this bandwidth
            bps = NETWORKS[net]["downloadThroughput"]
            tline = f"{net + ', x transfer time':32s} {'':12s}"
            for v in apps:
                xt = med(s["ready"] / 1000 / (s["bytes_ready"] / bps) for s in samples[net][v])
                tline += f" {xt:9.2f} {'':11s}"
                summary[net][f"{v}_x_transfer"] = round(xt, 2)
            print(tline)
    bb = med(s["bytes_ready"] for s in samples["loopback"]["bare"]) / 1e6
    line = f"{'bytes until ready (MB)':32s} {bb:12.2f}"
    summary["bytes_ready_MB"] = {"bare": round(bb, 2)}
    for v in apps:
        ba = med(s["bytes_ready"] for s in samples["loopback"][v]) / 1e6
        line += f" {ba:9.2f} {ba / bb:11.2f}"
        summary["bytes_ready_MB"][v] = round(ba, 2)
    print(line)
    if a.window > 0:
        line = f"{'warm start (s)':32s} {'':12s}"
        for v in apps:
            line += f" {med(s['warm'] for s in samples['loopback'][v]) / 1000:9.2f} {'':11s}"
            summary.setdefault("warm_s", {})[v] = round(med(s["warm"] for s in samples["loopback"][v]) / 1000, 2)
        print(line)
        line = f"{f'bytes incl. next {a.window:.0f} s (MB)':32s} {'':12s}"
        summary["bytes_first_visit_MB"], summary["precache_complete"] = {}, {}
        for v in apps:
            bw = med(s["bytes_window"] for s in samples["loopback"][v]) / 1e6
            line += f" {bw:9.2f} {'':11s}"
            summary["bytes_first_visit_MB"][v] = round(bw, 2)
            summary["precache_complete"][v] = all(s["precached"] for s in samples["loopback"][v])
        print(line)
        print(f"service worker precache complete within the window: {summary['precache_complete']}")
        for v in apps:
            last = samples["loopback"][v][-1]["by_path"]
            print(f"\nbytes per file, last {v} sample (first visit + window):")
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
