"""Taps that do nothing (issue "Play together that survives real friends", blocker 3): a lone player against bots at
the default speed taps a playable card the moment it is offered, while the table still animates (the bots' cards in
flight, a trick being gathered, the deal): the card is played from that one tap (the tap waits for the table), with
the mouse on the canvas and with Enter on the card's hand button."""
from __future__ import annotations

import pytest
from taps_e2e import tap_when_offered


@pytest.mark.long_flow
@pytest.mark.parametrize("way", ["mouse", "keys"])
def test_a_card_tapped_while_the_table_moves_is_played(open_app, page, watch, way):
    page = open_app("?seed=11&hands=1")
    counts = {"taps": 0, "early": 0, "lost": 0}
    while tap_when_offered(page, way, counts):
        pass
    print("FIGURES", {"who": "lone", "way": way, **counts})
    assert counts["taps"] >= 12, counts
    assert counts["early"] > 0, counts   # some taps came while the table still moved: the case under test
    assert counts["lost"] == 0, f"{counts['lost']} of {counts['taps']} taps did nothing: {counts}"
