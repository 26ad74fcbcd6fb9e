"""Messages between peers (play together, docs/peer.md): the check every received message passes first.

The types are ``PeerMessage`` and its parts in :mod:`engine.protocol` (generated to JSDoc with the worker protocol).
:func:`check_message` refuses, with a code and params, a message that is too big, not a JSON object, of another
version, of an unknown type or one its sender may not send, replayed (its ``seq`` not above the last accepted one),
malformed (a field missing, extra or of the wrong type), or about another seat than the sender's.  Whether a card
may be played now (its turn, its rules) is the engine's to say, once (``play`` refuses a friend's card out of turn
with ``peer_out_of_turn``), not this module's.  Standard library only.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from .games import GAMES
from .protocol import PeerMessage, Refused

PEER_VERSION = 3
#: The most a guest's message may take (UTF-8 bytes): its longest, a hello with one name, is far below it.
MAX_GUEST_BYTES = 1024
#: The most a host's message may take (UTF-8 bytes): a state message with every event of a long game fits.
MAX_HOST_BYTES = 1 << 20
#: The longest player name (characters): a friend's name in a hello must be one the table takes (engine.web uses
#: this one limit for ``new_game``'s names and tells the page in ``hello``).
NAME_MAX_LEN = 24
#: The longest name a friend's hello may carry before it is cleaned and cut (padding included).
NAME_RAW_MAX = 256
HEX64_LEN = 64

GUEST_TYPES = frozenset({"hello", "commit", "reveal", "card", "ready", "react", "rejoin", "bye"})
HOST_TYPES = frozenset({"hello", "commit", "commitments", "dealt", "secrets", "state", "away", "rejoin", "react",
                        "bye"})
#: The reactions a player may send the table (no free text): ids the pages' catalogs word (react.<id>).
REACTIONS = ("thumbs", "wow", "laugh", "oops", "well_played")
#: The most seats of a game of the family (Molotow and Plus-Minus: four): a message names at most this many.
SEATS = max(spec.seats for spec in GAMES.values())


class PeerRefused(Refused):
    """A refused message: a code and the params its sentence needs."""


def _utf8(msg: object) -> bool:
    """No lone surrogate anywhere (valid in JSON as an escape, not in UTF-8 text)."""
    try:
        json.dumps(msg, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 1 << 31


def _hex64(v: object) -> bool:
    return isinstance(v, str) and len(v) == HEX64_LEN and all(ch in "0123456789abcdef" for ch in v)


ZWJ = "\u200d"   # joins emoji into one (a family, a flag): kept, unlike every other format character


def clean_name(text: str, cut: bool = True) -> str:
    """A player's name as every table shows it: NFC; control, format and private characters gone (no right-to-left
    override or zero-width padding), every run of spaces one space, no space at either end; ``cut``: at most
    NAME_MAX_LEN characters.

    >>> clean_name("  Bea\u202e\u200b  Lea ")
    'Bea Lea'
    >>> clean_name("x" * 30)
    'xxxxxxxxxxxxxxxxxxxxxxxx'
    """
    text = unicodedata.normalize("NFC", text)
    kept = "".join(" " if unicodedata.category(ch) in ("Cc", "Zl", "Zp") or ch.isspace()
                   else "" if unicodedata.category(ch) in ("Cf", "Cs", "Co", "Cn") and ch != ZWJ else ch for ch in text)
    name = " ".join(kept.split())
    return name[:NAME_MAX_LEN].strip() if cut else name


def _names(v: object) -> bool:
    """1..SEATS names, each with something left once cleaned (a friend's padding is cleaned away: clean_name)."""
    return (isinstance(v, list) and 1 <= len(v) <= SEATS
            and all(isinstance(n, str) and len(n) <= NAME_RAW_MAX and clean_name(n) for n in v))


def _seats(v: object) -> bool:
    """The seats of a fair deal: 1..SEATS distinct seats, ascending, the host's (0) first."""
    return (isinstance(v, list) and 1 <= len(v) <= SEATS and v[0] == 0 and all(_int(s) and s < SEATS for s in v)
            and all(a < b for a, b in zip(v, v[1:], strict=False)))


def _hex64s(v: object) -> bool:
    return isinstance(v, list) and 1 <= len(v) <= SEATS and all(_hex64(x) for x in v)


def _card(v: object) -> bool:
    return isinstance(v, str) and 2 <= len(v) <= 3


def _bool(v: object) -> bool:
    return isinstance(v, bool)


def _obj(v: object) -> bool:
    return isinstance(v, dict)


def _list(v: object) -> bool:
    return isinstance(v, list)


_COMMON: dict[str, Callable[[object], bool]] = {"v": _int, "type": lambda v: isinstance(v, str), "seq": _int}
FIELDS: dict[str, dict[str, Callable[[object], bool]]] = {
    "hello": {"seat": _int, "names": _names},
    "commit": {"hand_no": _int, "commitment": _hex64},
    "reveal": {"hand_no": _int, "secret": _hex64},
    "commitments": {"hand_no": _int, "seats": _seats, "commitments": _hex64s},
    "dealt": {"hand_no": _int, "seats": _seats},
    "secrets": {"hand_no": _int, "seats": _seats, "secrets": _hex64s},
    "state": {"seat": _int, "observation": _obj, "events": _list, "next": _int, "more": _bool},
    "card": {"card": _card},
    "ready": {"hand_no": _int},
    "react": {"seat": _int, "reaction": lambda v: isinstance(v, str) and v in REACTIONS},
    "away": {"seat": _int},
    "rejoin": {"seat": _int},
    "bye": {},
}


@dataclass
class PeerLink:
    """One side's view of a link: who sends on it (``seat``; ``from_host``: the host's page sends) and the last
    sequence number accepted from it (-1 before the first message)."""

    seat: int
    from_host: bool = False
    last_seq: int = -1

    def accept(self, raw: object) -> PeerMessage:
        """:func:`check_message`, then remember its sequence number (nothing changes when it is refused)."""
        msg = check_message(raw, self)
        self.last_seq = msg["seq"]
        return msg


def check_message(raw: object, link: PeerLink) -> PeerMessage:
    """The message ``raw`` (the text received) if ``link``'s sender may send it, else PeerRefused: peer_too_big
    {max}, peer_malformed {field} (null: not a JSON object), peer_version {version}, peer_unknown_type {type},
    peer_not_allowed {type}, peer_replayed {seq, last}, peer_wrong_seat {seat}.  A card's turn is not checked
    here: the engine's ``play`` checks it (peer_out_of_turn)."""
    limit = MAX_HOST_BYTES if link.from_host else MAX_GUEST_BYTES
    if isinstance(raw, str):
        try:
            size = len(raw.encode("utf-8"))
        except UnicodeEncodeError:
            raise PeerRefused("peer_malformed", {"field": None}) from None
    else:
        raise PeerRefused("peer_malformed", {"field": None})
    if size > limit:
        raise PeerRefused("peer_too_big", {"max": limit})
    try:
        msg: Any = json.loads(raw)
    except (ValueError, RecursionError):
        raise PeerRefused("peer_malformed", {"field": None}) from None
    if not isinstance(msg, dict) or not _utf8(msg):
        raise PeerRefused("peer_malformed", {"field": None})
    for field, ok in _COMMON.items():
        if not ok(msg.get(field)):
            raise PeerRefused("peer_malformed", {"field": field})
    if msg["v"] != PEER_VERSION:
        raise PeerRefused("peer_version", {"version": PEER_VERSION})
    kind = msg["type"]
    if kind not in FIELDS:
        raise PeerRefused("peer_unknown_type", {"type": kind[:24]})
    if kind not in (HOST_TYPES if link.from_host else GUEST_TYPES):
        raise PeerRefused("peer_not_allowed", {"type": kind})
    if msg["seq"] <= link.last_seq:
        raise PeerRefused("peer_replayed", {"seq": msg["seq"], "last": link.last_seq})
    fields = FIELDS[kind]
    extra = sorted(set(msg) - set(_COMMON) - set(fields))
    if extra:
        raise PeerRefused("peer_malformed", {"field": extra[0][:24]})
    for field, ok in fields.items():
        if not ok(msg.get(field)):
            raise PeerRefused("peer_malformed", {"field": field})
    for listed in ("commitments", "secrets"):
        if kind == listed and len(msg[listed]) != len(msg["seats"]):
            raise PeerRefused("peer_malformed", {"field": listed})
    if not link.from_host and "seat" in fields and msg["seat"] != link.seat:
        raise PeerRefused("peer_wrong_seat", {"seat": link.seat})
    if kind == "hello":
        msg["names"] = [clean_name(n) for n in msg["names"]]   # what the pages use is the cleaned name
    return cast(PeerMessage, msg)
