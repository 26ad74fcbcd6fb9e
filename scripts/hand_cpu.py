"""CPU-seconds of one hand at the default speed, by Chromium process type and thread (from /proc, Linux only): the
player's cards played the moment the table offers them, the bots' at their pace, every card's flight and every trick
gathered drawn. Counts only the Chromium this script starts. Compare two builds side by side in one run (this
machine's speed swings between runs):

    .venv/bin/python build.py
    .venv/bin/python scripts/hand_cpu.py . desktop        # 1280x800
    .venv/bin/python scripts/hand_cpu.py . phone          # 390x844, DPR 3, touch
    .venv/bin/python scripts/hand_cpu.py /tmp/other phone  # another checkout with its own built dist/

Prints the wall time, the CPU, the frames drawn (with a card in flight, drawn only where cards fly) and the dearest
threads.
"""
from __future__ import annotations

import functools
import os
import sys
import threading
import time

from playwright.sync_api import sync_playwright

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, HERE)
from scripts.start_cpu import threads  # noqa: E402
from tools import chromium  # noqa: E402

PLAYABLE = "() => document.body.dataset.phase === 'play' && window.__jass"
PLAY = """() => { const s = window.__jass.state(), v = window.__jass.view();
  if (!v) return 'wait';
  if (v.phase !== 'play') return 'over';
  if (s.busy || v.to_play !== v.viewer || !v.legal.length) return 'wait';
  document.querySelector(`#hand-buttons button[data-card='${v.legal[0]}']`).click();
  return 'played'; }"""
SCREENS = {"desktop": {"viewport": {"width": 1280, "height": 800}},
           "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True,
                     "has_touch": True}}


def own_pids() -> set[int]:
    """This process and every process under it (its Playwright driver, its Chromium)."""
    children: dict[int, list[int]] = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    stat = f.read()
            except OSError:
                continue
            children.setdefault(int(stat[stat.rindex(")") + 2:].split()[1]), []).append(int(d))
    out, todo = set(), [os.getpid()]
    while todo:
        pid = todo.pop()
        out.add(pid)
        todo += children.get(pid, [])
    return out


def own_threads() -> dict[str, tuple[str, float]]:
    pids = own_pids()
    return {k: v for k, v in threads().items() if int(k.split("/")[2]) in pids}


def main() -> None:
    root, screen = os.path.abspath(sys.argv[1]), sys.argv[2]
    import build
    srv = build.Server(("127.0.0.1", 0), functools.partial(build.Handler, directory=os.path.join(root, "dist")))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{srv.server_address[1]}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium.executable(),
                                    args=chromium.args("--js-flags=--liftoff-only", *sys.argv[3:]))
        page = browser.new_context(**SCREENS[screen]).new_page()
        page.goto(site + "?speed=instant&seed=5")   # a first start: the caches and the snapshot are in place
        page.wait_for_function(PLAYABLE, timeout=90_000)
        page.wait_for_timeout(1500)
        before, t0 = own_threads(), time.monotonic()
        page.goto(site + "?seed=11&hands=1")
        page.wait_for_function(PLAYABLE, timeout=90_000)
        while page.evaluate(PLAY) != "over":
            page.wait_for_timeout(25)
        wall = time.monotonic() - t0
        by: dict[str, float] = {}
        for key, (name, cpu) in own_threads().items():
            by[name] = by.get(name, 0.0) + cpu - before.get(key, (name, 0.0))[1]
        t = page.evaluate("() => window.__jass.table()")
        print(f"{screen} {root}: wall {wall:.1f} s, CPU {sum(by.values()):.2f} s, frames {t['frames']} "
              f"(in flight {t['flyFrames']}, partial {t.get('partialFrames')})")
        print(sorted(((k, round(v, 2)) for k, v in by.items() if v > 0.1), key=lambda x: -x[1])[:12])
        browser.close()


if __name__ == "__main__":
    main()
