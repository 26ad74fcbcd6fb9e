"""How the tests and the measuring scripts start Debian's Chromium (headless, through Playwright): one list of flags.

* `BASE_ARGS`: no sandbox (root in a container), no GPU, no QUIC, and none of Chromium's own background traffic
  (first-run pages, component updates, sync): only the page's requests reach the network.
* `NO_OMNIBOX_POPUP`: headless Chromium 156 builds a browser window's toolbar for every new tab, and with it the
  WebUI omnibox popup (chrome://omnibox-popup.top-chrome/, a renderer process of its own loading ~100 scripts). On
  this 2-core machine that renderer cost as much CPU as the game's page: a warm start of the site took 2.93 CPU-s
  with it and 1.67 without (wall 1.50 s -> 0.95 s; medians of 5, `scripts/start_cpu.py`). No page can see it.
* Chromium reads one `--disable-features` switch (the last one): `args()` joins the features every caller names into
  it, Playwright's own list first (`playwright_disabled_features()`). Without it our switch replaced Playwright's and
  re-enabled what it turns off (PaintHolding, OptimizationHints, MediaRouter, ...): a warm start of the site took
  1.48 / 1.68 CPU-s with ours alone and 1.36 / 1.55 with both (two runs of 7 loads, `scripts/start_cpu.py`).
"""
from __future__ import annotations

import importlib.util
import os
import re
import shutil
from functools import cache
from pathlib import Path

BASE_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
NO_OMNIBOX_POPUP = ["WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxPopup"]


@cache
def playwright_disabled_features() -> tuple[str, ...]:
    """The features Playwright's driver disables in every Chromium it launches (its `disabledFeatures` list, read from
    the installed driver's JavaScript); () when the driver or the list is not found."""
    spec = importlib.util.find_spec("playwright")
    if spec is None or not spec.submodule_search_locations:
        return ()
    lib = Path(next(iter(spec.submodule_search_locations))) / "driver" / "package" / "lib"
    for name in ("coreBundle.js", "server/chromium/chromiumSwitches.js"):
        try:
            text = (lib / name).read_text(encoding="utf-8")
        except OSError:
            continue
        found = re.search(r"disabledFeatures = \[(.*?)\]", text, re.S)
        if found:
            return tuple(re.findall(r'^\s*"([A-Za-z0-9_]+)"', found.group(1), re.M))
    return ()


def args(*extra: str, disable_features: tuple[str, ...] = ()) -> list[str]:
    """BASE_ARGS, `extra` and one --disable-features switch: Playwright's own list, the omnibox popup's features,
    `disable_features` and those of a --disable-features=... among `extra` (e.g. a flag given to
    scripts/start_cpu.py). $JASS_CHROMIUM_FLAGS adds flags to every launch (to compare flags on the e2e tests)."""
    extra = (*extra, *os.environ.get("JASS_CHROMIUM_FLAGS", "").split())
    key = "--disable-features="
    features = [*playwright_disabled_features(), *NO_OMNIBOX_POPUP, *disable_features,
                *(f for a in extra if a.startswith(key) for f in a[len(key):].split(",") if f)]
    return [*BASE_ARGS, *(a for a in extra if not a.startswith(key)), key + ",".join(features)]


def executable() -> str:
    """$CHROMIUM_PATH, else `chromium` on the PATH, else Debian's /usr/bin/chromium."""
    return os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"


def second_engine_worker(page, name: str, timeout_s: float = 120.0):
    """A second engine worker (worker.js as the page built it), started beside the page's and not connected to its
    bridge, so long work in it trips no heartbeat; -> the Playwright Worker once Python is ready in it (worker.js's
    `self.__jassPython`, for tests and measurements). Used by e2e/test_load.py and scripts/measure_bots.py."""
    import time
    engine = [w for w in page.workers if w.url.endswith("/js/engine/worker.js")]
    assert engine, [w.url for w in page.workers]
    with page.expect_worker(lambda w: w.url == engine[0].url) as info:
        page.evaluate("([url, name]) => { window['__' + name] = new Worker(url, { type: 'module', name }); }",
                      [engine[0].url, name])
    w = info.value
    end = time.monotonic() + timeout_s
    while not w.evaluate("() => !!self.__jassPython"):
        if time.monotonic() > end:
            raise AssertionError(f"the {name} worker never became ready")
        time.sleep(0.2)
    return w
