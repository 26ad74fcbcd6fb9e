"""The fair deal between peers (engine/fairdeal.py, docs/peer.md): commitments, the seed and the check."""

import hashlib

from engine.cards import codes_of
from engine.deal import deal
from engine.fairdeal import commitment, fair_seed, is_secret, new_secret, verify

SECRETS = ["0" * 63 + "1", "ab" * 32, "f" * 64]


def dealt(secrets: list[str], dealer: int = 1) -> list[list[str]]:
    return [codes_of(m) for m in deal(fair_seed(secrets), 0, dealer)]


def test_the_derivation_is_the_documented_one():
    # commitment: SHA-256 of the secret's text; seed: SHA-256 of the label and "/secret" per peer in seat order
    assert commitment(SECRETS[1]) == hashlib.sha256(("ab" * 32).encode()).hexdigest()
    expected = hashlib.sha256(("mittlere-jass/fair/v1/" + "/".join(SECRETS)).encode()).hexdigest()
    assert fair_seed(SECRETS) == expected
    assert fair_seed(SECRETS) != fair_seed(list(reversed(SECRETS)))    # seat order matters
    assert fair_seed(SECRETS[:2]) != fair_seed(SECRETS)


def test_new_secrets_are_fresh_and_well_formed():
    a, b = new_secret(), new_secret()
    assert a != b and is_secret(a) and is_secret(b)
    assert not is_secret("F" * 64) and not is_secret("0" * 63) and not is_secret(7)


def test_an_honest_deal_is_verified():
    commits = [commitment(s) for s in SECRETS]
    assert verify(commits, SECRETS, 1, dealt(SECRETS)) == ("verified", {"seed": fair_seed(SECRETS)})


def test_a_tampered_secret_does_not_match_its_commitment():
    commits = [commitment(s) for s in SECRETS]
    tampered = [SECRETS[0], "ac" + SECRETS[1][2:], SECRETS[2]]
    assert verify(commits, tampered, 1, dealt(tampered)) == ("commitment_mismatch", {"peer": 1})


def test_a_wrong_commitment_is_named():
    commits = [commitment(s) for s in SECRETS]
    commits[2] = commitment(SECRETS[0])
    assert verify(commits, SECRETS, 1, dealt(SECRETS)) == ("commitment_mismatch", {"peer": 2})


def test_a_deal_that_differs_names_the_first_seat_whose_cards_differ():
    commits = [commitment(s) for s in SECRETS]
    hands = dealt(SECRETS)
    hands[1][0], hands[2][0] = hands[2][0], hands[1][0]     # the host swapped a card between seats 1 and 2
    assert verify(commits, SECRETS, 1, hands) == ("deal_mismatch", {"seat": 1})
    assert verify(commits, SECRETS, 2, dealt(SECRETS, 1))[0] == "deal_mismatch"    # another dealer, other packets
    other = [new_secret(), SECRETS[1], SECRETS[2]]
    assert verify(commits, SECRETS, 1, dealt(other)) == ("deal_mismatch", {"seat": 0})


def test_malformed_lists_and_secrets_are_named():
    commits = [commitment(s) for s in SECRETS]
    assert verify(commits, SECRETS[:2], 1, dealt(SECRETS)) == ("bad_fair", {})
    assert verify([], [], 1, dealt(SECRETS)) == ("bad_fair", {})
    assert verify(commits + [commits[0]], SECRETS + [SECRETS[0]], 1, dealt(SECRETS)) == ("bad_fair", {})
    assert verify(["xyz", *commits[1:]], SECRETS, 1, dealt(SECRETS)) == ("bad_fair", {})
    assert verify(commits, [SECRETS[0], "secret", SECRETS[2]], 1, dealt(SECRETS)) == ("bad_secret", {"peer": 1})
    assert verify(commits, SECRETS, 1, [["SA"], ["S6"], ["S7"]]) == ("deal_mismatch", {"seat": 0})
    assert verify(commits, SECRETS, 1, [["nope"], [], []]) == ("deal_mismatch", {"seat": 0})
