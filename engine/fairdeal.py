"""A fair deal between peers (play together, docs/peer.md): no single peer, the host included, chooses the cards.

Before a hand every peer (the host and each friend, in seat order; bots have none) draws a secret and sends its
commitment; once every commitment is in, each friend reveals its secret to the host alone; the hand's seed is derived
from all of them, so a peer who sees the others' commitments still cannot steer the deal, and no friend can compute
the seed (it lacks the host's secret).  After the hand's last card the host gives every friend every secret
(:class:`FairRound`), and anyone re-deals and checks the commitments and the hand that was played (:func:`verify`).

- A secret is 64 lowercase hex digits (32 random bytes).
- Its commitment is SHA-256 of the secret's ASCII text, as 64 lowercase hex digits.
- The hand's seed is SHA-256 of ``"mittlere-jass/fair/v1"`` followed by ``"/" + secret`` for each secret in seat
  order, as 64 lowercase hex digits: the engine's seed text (``engine.deal``).  The hand is deal 0 of that seed
  (``deal(seed, 0, dealer)``); a game's first dealer is ``first_dealer(seed)`` of its first hand's seed.

Pure functions and one small state machine (the host's round), standard library only.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import mask_of, parse_card
from .deal import deal, sha256
from .games import GAMES
from .protocol import FairRoundJson, Params

SECRET_RE = re.compile(r"[0-9a-f]{64}\Z")
FAIR_LABEL = "mittlere-jass/fair/v1"
MAX_PEERS = max(spec.seats for spec in GAMES.values())   # at most one secret per seat of the largest table
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
    dealt = deal(seed, 0, dealer, len(hands))   # the record's seats (three or four)
    if len(hands) != len(dealt):
        return "deal_mismatch", {"seat": 0}
    for seat, (mask, cards) in enumerate(zip(dealt, hands, strict=True)):
        try:
            if mask_of(parse_card(c) for c in cards) != mask:
                return "deal_mismatch", {"seat": seat}
        except (ValueError, TypeError):
            return "deal_mismatch", {"seat": seat}
    return VERIFIED, {"seed": seed}


class FairRefused(ValueError):
    """A friend's commitment or secret the host's round does not take: a code and its params (nothing changes)."""

    def __init__(self, code: str, params: Params | None = None) -> None:
        super().__init__(code)
        self.code = code
        self.params: Params = params or {}


@dataclass
class FairRound:
    """The host's side of one hand's fair deal (docs/peer.md), secret to the friends until the hand is over.

    ``hand_no`` is the dealt hand's ordinal in the game (an annulled hand and its redeal count as two).  ``seats``
    take part (the host's 0 first); the stage moves ``commit`` -> ``reveal`` -> ``dealt``, each step fixing the seats
    that answered in time.  The friends see the commitments before anyone reveals, the seats whose secrets made the
    seed once it is dealt, and the secrets only once the hand's last card is played (:meth:`secrets_message`, asked
    through ``engine.web``'s ``fair_secrets``, which refuses before).

    >>> r = FairRound.begin(1, [0, 2], "a" * 64)
    >>> r.take(2, "commit", commitment("b" * 64)); r.waiting()
    []
    >>> r.fix_commitments()["seats"]
    [0, 2]
    >>> r.take(2, "reveal", "b" * 64); r.deal() == fair_seed(["a" * 64, "b" * 64])
    True
    >>> r.take(2, "reveal", "c" * 64)
    Traceback (most recent call last):
    ...
    engine.fairdeal.FairRefused: fair_unexpected
    """

    hand_no: int
    seats: list[int]
    commitments: dict[int, str] = field(default_factory=dict)
    secrets: dict[int, str] = field(default_factory=dict)
    stage: str = "commit"
    seed: str | None = None

    @classmethod
    def begin(cls, hand_no: int, seats: Sequence[int], secret: str | None = None) -> FairRound:
        """A round for the seats present (the host's 0 first), with the host's secret (a fresh one by default)."""
        own = secret if secret is not None else new_secret()
        return cls(hand_no, list(seats), {0: commitment(own)}, {0: own})

    def take(self, seat: int, kind: str, value: str) -> None:
        """A friend's ``commit`` (its commitment) or ``reveal`` (its secret): FairRefused fair_unexpected when it is not
        one this round waits for (another stage, a seat not taking part, a second one), fair_mismatch {seat} when the
        secret is not the one its commitment promised."""
        stage = {"commit": "commit", "reveal": "reveal"}.get(kind)
        have = self.commitments if kind == "commit" else self.secrets
        if stage != self.stage or seat == 0 or seat not in self.seats or seat in have or not is_secret(value):
            raise FairRefused("fair_unexpected")
        if kind == "reveal" and commitment(value) != self.commitments[seat]:
            raise FairRefused("fair_mismatch", {"seat": seat})
        have[seat] = value

    def waiting(self) -> list[int]:
        """The seats whose commitment (commit stage) or secret (reveal stage) has not come yet."""
        have = self.commitments if self.stage == "commit" else self.secrets if self.stage == "reveal" else None
        return [] if have is None else [s for s in self.seats if s not in have]

    def fix_commitments(self) -> dict[str, Any]:
        """The commitments are fixed (a silent friend is left out): the ``commitments`` message's fields. Secrets are
        taken from now on."""
        if self.stage != "commit":
            raise FairRefused("fair_unexpected")
        self.seats = [s for s in self.seats if s in self.commitments]
        self.stage = "reveal"
        return {"type": "commitments", "hand_no": self.hand_no, "seats": list(self.seats),
                "commitments": [self.commitments[s] for s in self.seats]}

    def deal(self) -> str:
        """The secrets are in (a silent friend is left out): the hand's seed.  The ``dealt`` message names the seats
        whose secrets made it; the secrets themselves stay with the host until the hand is over."""
        if self.stage != "reveal":
            raise FairRefused("fair_unexpected")
        self.seats = [s for s in self.seats if s in self.secrets]
        self.stage = "dealt"
        self.seed = fair_seed([self.secrets[s] for s in self.seats])
        return self.seed

    def dealt_message(self) -> dict[str, Any]:
        return {"type": "dealt", "hand_no": self.hand_no, "seats": list(self.seats)}

    def secrets_message(self) -> dict[str, Any]:
        """The ``secrets`` message: every secret that made the seed (only once the hand is over: engine.web)."""
        return {"type": "secrets", "hand_no": self.hand_no, "seats": list(self.seats),
                "secrets": [self.secrets[s] for s in self.seats]}

    def to_json(self) -> FairRoundJson:
        """A dealt round as the host's page keeps it (its review verifies from it; a reload gives it back)."""
        return {"hand_no": self.hand_no, "seats": list(self.seats),
                "commitments": [self.commitments[s] for s in self.seats],
                "secrets": [self.secrets[s] for s in self.seats]}

    @classmethod
    def from_json(cls, data: object) -> FairRound:
        """A dealt round kept by the host's page: checked (ValueError when malformed or inconsistent)."""
        if not isinstance(data, dict) or set(data) != {"hand_no", "seats", "commitments", "secrets"}:
            raise ValueError("round")
        hand_no, seats, commits, secrets = data["hand_no"], data["seats"], data["commitments"], data["secrets"]
        if not (isinstance(hand_no, int) and not isinstance(hand_no, bool) and hand_no >= 1
                and isinstance(seats, list) and 1 <= len(seats) <= MAX_PEERS and seats[0] == 0
                and all(isinstance(s, int) and not isinstance(s, bool) for s in seats)
                and all(a < b for a, b in zip(seats, seats[1:], strict=False))
                and isinstance(commits, list) and isinstance(secrets, list)
                and len(commits) == len(secrets) == len(seats) and all(is_secret(s) for s in secrets)
                and all(commitment(s) == c for s, c in zip(secrets, commits, strict=True))):
            raise ValueError("round")
        r = cls(hand_no, list(seats), dict(zip(seats, commits, strict=True)), dict(zip(seats, secrets, strict=True)),
                "dealt")
        r.seed = fair_seed(secrets)
        return r
