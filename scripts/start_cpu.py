"""CPU-seconds of a warm page start: every Chromium process's CPU time (from /proc, Linux only) over N loads of the
built site in one browser context, after a cold and a warm load have filled its caches and the memory snapshot.
Prints per load the CPU by process type and thread name, and the medians (issue 21: what one page start of an e2e
test costs). Compare flags side by side in one run; other Chromium processes on the machine are counted too, so run
it on a quiet machine.

    .venv/bin/python build.py && .venv/bin/python -c "import build; build.make_server(8765).serve_forever()" &
    .venv/bin/python scripts/start_cpu.py http://localhost:8765/ 5 [chromium flags...]
"""
from __future__ import annotations

import glob
import json
import os
import re
import sys
import time

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from tools import chromium  # noqa: E402

HZ = os.sysconf("SC_CLK_TCK")
PLAYABLE = "() => document.body.dataset.phase === 'play' && window.__jass"


def threads() -> dict[str, tuple[str, float]]:
    """Every Chromium thread: its /proc path -> ("process type/thread name", CPU-seconds so far)."""
    out = {}
    for path in glob.glob("/proc/[0-9]*/task/[0-9]*/stat"):
        proc = "/".join(path.split("/")[:3])
        try:
            with open(path) as f:
                stat = f.read()
            with open(proc + "/comm") as f:
                comm = f.read().strip()
            with open(proc + "/cmdline") as f:
                cmd = f.read().replace("\0", " ")
        except OSError:
            continue
        if "chrom" not in comm:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        kind = re.search(r"--type=(\S+)", cmd)
        out[path] = (f"{kind.group(1) if kind else 'browser'}/{name}", (int(fields[11]) + int(fields[12])) / HZ)
    return out


def main() -> None:
    site, n, flags = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium.executable(),
                                    args=chromium.args(*flags))
        ctx = browser.new_context(locale="en-US")
        page = ctx.new_page()
        for _ in range(2):   # a cold start, then a warm one: the caches and the snapshot are in place
            page.goto(site + "?speed=instant")
            page.wait_for_function(PLAYABLE, timeout=90_000)
            page.wait_for_timeout(1500)
        walls, cpus = [], []
        for _ in range(n):
            page.close()
            before, t0 = threads(), time.monotonic()
            page = ctx.new_page()
            page.goto(site + "?speed=instant")
            page.wait_for_function(PLAYABLE, timeout=90_000)
            walls.append(time.monotonic() - t0)
            time.sleep(0.3)   # what the start leaves running (the first frames, the snapshot's reads)
            by: dict[str, float] = {}
            for key, (name, cpu) in threads().items():
                by[name] = by.get(name, 0.0) + cpu - before.get(key, (name, 0.0))[1]
            cpus.append(sum(by.values()))
            print(sorted(((k, round(v, 2)) for k, v in by.items() if v > 0.01), key=lambda x: -x[1])[:10])
        walls.sort()
        cpus.sort()
        print(json.dumps({"flags": flags, "wall_median_s": round(walls[n // 2], 2),
                          "cpu_median_s": round(cpus[n // 2], 2), "cpu_s": [round(c, 2) for c in cpus]}))
        browser.close()


if __name__ == "__main__":
    main()
