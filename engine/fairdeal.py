"""A fair deal between peers (play together, docs/peer.md): no single peer, the host included, chooses the cards.

Before a hand every peer (the host and each friend, in seat order; bots have none) draws a secret and sends its
commitment; once every commitment is in, the peers reveal their secrets; the hand's seed is derived from all of them,
so a peer who sees the others' commitments still cannot steer the deal.  After the hand anyone re-deals from the
revealed secrets and checks the commitments and the hand that was played (:func:`verify`).

- A secret is 64 lowercase hex digits (32 random bytes).
- Its commitment is SHA-256 of the secret's ASCII text, as 64 lowercase hex digits.
- The hand's seed is SHA-256 of ``"mittlere-jass/fair/v1"`` followed by ``"/" + secret`` for each secret in seat
  order, as 64 lowercase hex digits: the engine's seed text (``engine.deal``).  The hand is deal 0 of that seed
  (``deal(seed, 0, dealer)``); a game's first dealer is ``first_dealer(seed)`` of its first hand's seed.

Pure functions, standard library only.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence

from .cards import mask_of, parse_card
from .deal import deal, sha256
from .games import MITTLERE
from .protocol import Params

SECRET_RE = re.compile(r"[0-9a-f]{64}\Z")
FAIR_LABEL = "mittlere-jass/fair/v1"
MAX_PEERS = 3   # the seats of a Mittlere table: at most one secret per seat
VERIFIED = "verified"


def new_secret() -> str:
    """A fresh secret: 32 random bytes as hex."""
    return os.urandom(32).hex()


def is_secret(value: object) -> bool:
    return isinstance(value, str) and SECRET_RE.match(value) is not None


def commitment(secret: str) -> str:
    """The commitment to ``secret``: SHA-256 of its text, hex."""
    return sha256(secret.encode("ascii")).digest().hex()


def fair_seed(secrets: Sequence[str]) -> str:
    """The hand's seed from every peer's secret in seat order (64 hex digits)."""
    return sha256((FAIR_LABEL + "".join("/" + s for s in secrets)).encode("ascii")).digest().hex()


def verify(commitments: Sequence[object], secrets: Sequence[object], dealer: int,
           hands: Sequence[Sequence[str]]) -> tuple[str, Params]:
    """Re-deal from the revealed ``secrets`` and check them against the ``commitments`` (both in seat order of
    the peers) and the ``hands`` dealt by ``dealer`` (card codes per seat).  -> ("verified", {"seed": ...}) or the
    first fault: ("bad_fair", {}) when the lists are malformed, ("bad_secret", {"peer": i}),
    ("commitment_mismatch", {"peer": i}) or ("deal_mismatch", {"seat": s}), peers counted from 0."""
    if not (isinstance(commitments, (list, tuple)) and isinstance(secrets, (list, tuple))
            and 1 <= len(commitments) == len(secrets) <= MAX_PEERS and all(is_secret(c) for c in commitments)):
        return "bad_fair", {}
    for i, secret in enumerate(secrets):
        if not is_secret(secret):
            return "bad_secret", {"peer": i}
    clean = [str(s) for s in secrets]
    for i, (c, s) in enumerate(zip(commitments, clean, strict=True)):
        if commitment(s) != c:
            return "commitment_mismatch", {"peer": i}
    seed = fair_seed(clean)
    dealt = deal(seed, 0, dealer, MITTLERE.seats)
    if len(hands) != len(dealt):
        return "deal_mismatch", {"seat": 0}
    for seat, (mask, cards) in enumerate(zip(dealt, hands, strict=True)):
        try:
            if mask_of(parse_card(c) for c in cards) != mask:
                return "deal_mismatch", {"seat": seat}
        except (ValueError, TypeError):
            return "deal_mismatch", {"seat": seat}
    return VERIFIED, {"seed": seed}
