"""Messages between peers (engine/peer.py, docs/peer.md): each kind of hostile or broken message is refused with its
code, and a refused message changes nothing (the link's last sequence number stays)."""

import json

import pytest
from conforms import problems

from engine.peer import MAX_GUEST_BYTES, MAX_HOST_BYTES, PEER_VERSION, PeerLink, PeerRefused, check_message
from engine.protocol import PeerMessage

HEX = "ab" * 32


def msg(type_: str, seq: int = 1, **fields) -> str:
    return json.dumps({"v": PEER_VERSION, "type": type_, "seq": seq, **fields})


GOOD_FROM_GUEST = [
    msg("hello", seat=1, names=["Anna"]), msg("commit", hand_no=1, commitment=HEX),
    msg("reveal", hand_no=1, secret=HEX), msg("card", card="H10"), msg("rejoin", seat=1), msg("bye"),
]


@pytest.mark.parametrize("raw", GOOD_FROM_GUEST)
def test_a_guest_may_send_each_of_its_messages(raw):
    link = PeerLink(seat=1)
    m = link.accept(raw)
    assert m == json.loads(raw) and link.last_seq == 1
    assert not problems(m, PeerMessage)


def test_the_host_may_send_a_state_and_away():
    link = PeerLink(seat=0, from_host=True)
    state = msg("state", seat=1, observation={"seat": 1}, events=[], next=0, more=False)
    assert link.accept(state)["type"] == "state"
    assert link.accept(msg("away", seq=2, seat=2))["seat"] == 2
    assert link.last_seq == 2


def test_the_host_relays_every_commitment_then_every_secret():
    """The fair deal's relay (docs/peer.md): each guest gets every peer's commitment before it reveals, and every
    secret after, each list in the order of its seats."""
    link = PeerLink(seat=0, from_host=True)
    for seq, (kind, field) in enumerate([("commitments", "commitments"), ("secrets", "secrets")], start=1):
        m = link.accept(msg(kind, seq=seq, hand_no=3, seats=[0, 2], **{field: [HEX, "cd" * 32]}))
        assert m["seats"] == [0, 2] and not problems(m, PeerMessage)
    assert refused(msg("commitments", seq=5, hand_no=1, seats=[0], commitments=[HEX])) == \
        ("peer_not_allowed", {"type": "commitments"})                    # a guest relays nothing
    assert refused(msg("reveal", seq=5, hand_no=1, secret=HEX), link) == ("peer_not_allowed", {"type": "reveal"})


@pytest.mark.parametrize("seats, values, field", [
    ([1, 2], [HEX, HEX], "seats"),          # the host's seat 0 always takes part
    ([0, 0], [HEX, HEX], "seats"),          # twice
    ([0, 2, 1], [HEX] * 3, "seats"),        # not ascending
    ([0, 4], [HEX, HEX], "seats"),          # no such seat (a table has at most four)
    ([], [], "seats"),
    ([0, True], [HEX, HEX], "seats"),
    ([0, 1], [HEX], "{kind}"),              # one value per seat
    ([0, 1], [HEX, "AB" * 32], "{kind}"),
])
@pytest.mark.parametrize("kind", ["commitments", "secrets"])
def test_a_relay_with_bad_seats_or_values_is_malformed(kind, seats, values, field):
    host = PeerLink(seat=0, from_host=True, last_seq=4)
    raw = msg(kind, seq=5, hand_no=1, seats=seats, **{kind: values})
    assert refused(raw, host) == ("peer_malformed", {"field": field.format(kind=kind)})


def refused(raw, link: PeerLink | None = None) -> tuple[str, dict]:
    link = link or PeerLink(seat=1, last_seq=4)
    before = link.last_seq
    with pytest.raises(PeerRefused) as e:
        link.accept(raw)
    assert link.last_seq == before
    return e.value.code, e.value.params


@pytest.mark.parametrize("raw", ["not json", "[1, 2]", "null", '"hello"', b'{"v": 1}', None, "[" * 1000,
                                 '{"v": 1, "type": "card", "seq": 5, "card": "SA"\ud800}',
                                 '{"v": 1, "type": "card", "seq": 5, "card": "S\\ud800"}',
                                 '{"v": 1, "type": "\\udc00", "seq": 5}'],
                         ids=["text", "list", "null", "string", "bytes", "none", "deep", "surrogate", "escaped",
                              "escaped-type"])
def test_not_a_json_object_is_malformed(raw):
    assert refused(raw) == ("peer_malformed", {"field": None})


@pytest.mark.parametrize("raw, field", [
    (json.dumps({"type": "card", "seq": 5, "card": "SA"}), "v"),
    (json.dumps({"v": 1, "seq": 5, "card": "SA"}), "type"),
    (json.dumps({"v": 1, "type": "card", "card": "SA"}), "seq"),
    (json.dumps({"v": 1, "type": "card", "seq": -5, "card": "SA"}), "seq"),
    (json.dumps({"v": 1, "type": "card", "seq": True, "card": "SA"}), "seq"),
    (msg("card", seq=5), "card"),
    (msg("card", seq=5, card=["SA"]), "card"),
    (msg("card", seq=5, card="SA", seat=2), "seat"),                 # an extra field
    (msg("hello", seq=5, seat=1, names=[]), "names"),
    (msg("hello", seq=5, seat=1, names=["\u202e \u200b\t"]), "names"),   # nothing left once cleaned
    (msg("hello", seq=5, seat=1, names=["x" * 257]), "names"),
    (msg("commit", seq=5, hand_no=1, commitment="AB" * 32), "commitment"),
    (msg("reveal", seq=5, hand_no=1, secret=HEX[:-1]), "secret"),
    (msg("rejoin", seq=5, seat="1"), "seat"),
])
def test_a_missing_extra_or_mistyped_field_is_named(raw, field):
    assert refused(raw) == ("peer_malformed", {"field": field})


def test_a_message_over_the_byte_limit_is_refused_before_it_is_read():
    big = msg("hello", seq=5, seat=1, names=["Anna"], pad="x" * MAX_GUEST_BYTES)
    assert refused(big) == ("peer_too_big", {"max": MAX_GUEST_BYTES})
    # counted in UTF-8 bytes, not characters
    wide = msg("card", seq=5, card="SA") + " " * (MAX_GUEST_BYTES // 3 - 20) + "\u20ac" * 1
    assert len(wide) < MAX_GUEST_BYTES
    assert refused(wide.replace(" ", "\u3000")) == ("peer_too_big", {"max": MAX_GUEST_BYTES})
    host = PeerLink(seat=0, from_host=True)
    assert refused("x" * (MAX_HOST_BYTES + 1), host) == ("peer_too_big", {"max": MAX_HOST_BYTES})


def test_another_version_is_refused():
    raw = json.dumps({"v": PEER_VERSION + 1, "type": "card", "seq": 5, "card": "SA"})
    assert refused(raw) == ("peer_version", {"version": PEER_VERSION})


def test_an_unknown_type_and_a_type_the_sender_may_not_send_are_refused():
    assert refused(msg("shuffle", seq=5)) == ("peer_unknown_type", {"type": "shuffle"})
    state = msg("state", seq=5, seat=1, observation={}, events=[], next=0, more=False)
    assert refused(state) == ("peer_not_allowed", {"type": "state"})          # a guest never sends a state
    assert refused(msg("away", seq=5, seat=2)) == ("peer_not_allowed", {"type": "away"})
    host = PeerLink(seat=0, from_host=True)
    assert refused(msg("card", seq=5, card="SA"), host) == ("peer_not_allowed", {"type": "card"})


def test_a_replayed_or_old_message_is_refused():
    link = PeerLink(seat=1)
    link.accept(msg("card", seq=7, card="SA"))
    assert refused(msg("card", seq=7, card="SA"), link) == ("peer_replayed", {"seq": 7, "last": 7})
    assert refused(msg("card", seq=3, card="SA"), link) == ("peer_replayed", {"seq": 3, "last": 7})
    assert link.accept(msg("bye", seq=8))["type"] == "bye"


def test_a_message_for_another_seat_is_refused():
    assert refused(msg("rejoin", seq=5, seat=2)) == ("peer_wrong_seat", {"seat": 1})
    assert refused(msg("hello", seq=5, seat=0, names=["Anna"])) == ("peer_wrong_seat", {"seat": 1})


def test_a_cards_turn_is_not_the_peer_checks_to_say():
    """Whose turn it is, the engine's play says, once (tests/test_web.py: peer_out_of_turn): the check passes a
    well-formed card whatever the turn."""
    assert PeerLink(seat=1, last_seq=4).accept(msg("card", seq=5, card="SA"))["card"] == "SA"


def test_check_message_alone_keeps_no_state():
    link = PeerLink(seat=1)
    raw = msg("card", seq=1, card="SA")
    assert check_message(raw, link) == check_message(raw, link)
    assert link.last_seq == -1


def test_the_sizes_tool_measures_messages_within_the_limits():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "tools" / "peer_sizes.py"
    spec = importlib.util.spec_from_file_location("peer_sizes", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    sizes = tool.measure("5", 1)
    assert 30 < sizes["card_min"] <= sizes["card_max"] < MAX_GUEST_BYTES
    assert 100 < sizes["state_median"] <= sizes["state_max"] < sizes["rejoin_total"] < MAX_HOST_BYTES
    # a rejoin late in a long game goes in messages that do not grow with the game (a data channel takes 256 KiB)
    long = tool.measure("5", 12)
    assert long["rejoin_messages"] > 3 and long["rejoin_max"] < 32 * 1024 < long["rejoin_total"]


def test_a_friends_name_is_cleaned_where_it_enters():
    """Issue 43: odd characters (a right-to-left override, zero-width padding, control characters, runs of spaces) are
    cleaned away and a long name is cut to the limit, so every page shows the same short name and an invite can carry
    it; an emoji sequence keeps its joiner."""
    link = PeerLink(1)
    names = link.accept(msg("hello", seq=1, seat=1, names=["\u202eBea\u200b\u0007   " + "z" * 40]))["names"]
    assert names == ["Bea " + "z" * 20]
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
    assert link.accept(msg("hello", seq=2, seat=1, names=[f" {family} Lea "]))["names"] == [f"{family} Lea"]
    assert link.accept(msg("hello", seq=3, seat=1, names=["Ze\u0301"]))["names"] == ["Z\u00e9"]   # NFC
