"""The flags the e2e tests and the measuring scripts start Chromium with (tools/chromium.py)."""
from __future__ import annotations

from tools import chromium


def test_one_disable_features_switch_keeps_playwrights_own_list():
    """Chromium reads only the last --disable-features switch: ours must carry Playwright's list (read from the
    installed driver) as well as our own features, else it silently re-enables what Playwright turns off."""
    pw = chromium.playwright_disabled_features()
    assert {"PaintHolding", "OptimizationHints", "MediaRouter"} <= set(pw), pw
    flags = chromium.args("--disable-features=Foo,Bar", disable_features=("Baz",))
    switches = [f for f in flags if f.startswith("--disable-features=")]
    assert len(switches) == 1
    features = switches[0].split("=", 1)[1].split(",")
    assert set(pw) | set(chromium.NO_OMNIBOX_POPUP) | {"Foo", "Bar", "Baz"} == set(features)
    assert len(features) == len(set(features))
    assert "--no-sandbox" in flags and "--disable-gpu" in flags
