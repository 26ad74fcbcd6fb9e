"""Frame cost of the table: window.__jass.drawCost at the human's first turn (seed 5, random bots), at 1280x800 @1
and 390x844 @3 (touch), in Debian Chromium with a software canvas. 'flushed' also forces each frame's raster
(getImageData of one pixel), so deferred canvas work is counted too.

    .venv/bin/python scripts/measure_table.py [ROOT_WITH_DIST] [EXTRA_QUERY]   e.g. . "&deck=swiss"

Serves ROOT/dist (default: this repository's, built by `python build.py`). Prints figures; asserts nothing.
"""
from __future__ import annotations

import statistics
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent
EXTRA = sys.argv[2] if len(sys.argv) > 2 else ""
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from tools import chromium  # noqa: E402

FLUSH = """(n) => {
  const c = document.querySelector('#table').getContext('2d'), t0 = performance.now();
  for (let i = 0; i < n; i++) { window.__jass.drawCost(1); c.getImageData(0, 0, 1, 1); }
  return (performance.now() - t0) / n;
}"""
READY = ("() => document.body.dataset.phase === 'play' && window.__jass && !window.__jass.state().busy"
         " && window.__jass.state().toPlay === 0")


def main() -> None:
    srv = build.make_server(0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{srv.server_address[1]}/"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium.executable(), args=chromium.args())
        for w, h, dpr in [(1280, 800, 1), (390, 844, 3)]:
            pg = b.new_page(viewport={"width": w, "height": h}, device_scale_factor=dpr, has_touch=dpr > 1)
            pg.goto(url + "?speed=fast&seed=5&bots=random,random" + EXTRA)
            pg.wait_for_function(READY, timeout=120_000)
            pg.wait_for_timeout(2500)
            cost = [pg.evaluate("window.__jass.drawCost(60)") for _ in range(7)]
            fl = [pg.evaluate(FLUSH, 30) for _ in range(7)]
            print(f"{w}x{h}@{dpr}: drawCost median {statistics.median(cost):.2f} ms (min {min(cost):.2f}); "
                  f"flushed frame median {statistics.median(fl):.2f} ms (min {min(fl):.2f})")
            pg.close()
        b.close()
    srv.shutdown()


if __name__ == "__main__":
    main()
