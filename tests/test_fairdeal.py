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
    # more secrets than the largest table (four) has seats
    assert verify(commits + commits[:2], SECRETS + SECRETS[:2], 1, dealt(SECRETS)) == ("bad_fair", {})
    assert verify(["xyz", *commits[1:]], SECRETS, 1, dealt(SECRETS)) == ("bad_fair", {})
    assert verify(commits, [SECRETS[0], "secret", SECRETS[2]], 1, dealt(SECRETS)) == ("bad_secret", {"peer": 1})
    assert verify(commits, SECRETS, 1, [["SA"], ["S6"], ["S7"]]) == ("deal_mismatch", {"seat": 0})
    assert verify(commits, SECRETS, 1, [["nope"], [], []]) == ("deal_mismatch", {"seat": 0})


# -- the host's round in the engine (FairRound, engine.web's fair_* requests): the deal stays secret ---------------
import itertools  # noqa: E402
import json  # noqa: E402
import re  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from engine import web  # noqa: E402
from engine.cards import CODES  # noqa: E402
from engine.fairdeal import FairRefused, FairRound  # noqa: E402

HEX64 = re.compile(r"[0-9a-f]{64}")


def test_a_round_takes_each_friends_commitment_then_secret_once_and_checks_it():
    r = FairRound.begin(3, [0, 1, 2], SECRETS[0])
    assert r.commitments == {0: commitment(SECRETS[0])} and r.waiting() == [1, 2]
    with pytest.raises(FairRefused, match="fair_unexpected"):
        r.take(1, "reveal", SECRETS[1])                       # no secret before the commitments are fixed
    r.take(1, "commit", commitment(SECRETS[1]))
    with pytest.raises(FairRefused, match="fair_unexpected"):
        r.take(1, "commit", commitment(SECRETS[2]))           # a second commitment
    with pytest.raises(FairRefused, match="fair_unexpected"):
        r.take(0, "commit", commitment(SECRETS[2]))           # the host's own seat
    assert r.fix_commitments() == {"type": "commitments", "hand_no": 3, "seats": [0, 1],
                                   "commitments": [commitment(SECRETS[0]), commitment(SECRETS[1])]}
    with pytest.raises(FairRefused, match="fair_unexpected"):
        r.take(2, "commit", commitment(SECRETS[2]))           # seat 2 was silent: too late now
    with pytest.raises(FairRefused) as refused:
        r.take(1, "reveal", SECRETS[2])                       # not the secret it promised
    assert (refused.value.code, refused.value.params) == ("fair_mismatch", {"seat": 1})
    r.take(1, "reveal", SECRETS[1])
    assert r.deal() == fair_seed(SECRETS[:2])
    assert r.dealt_message() == {"type": "dealt", "hand_no": 3, "seats": [0, 1]}
    assert r.secrets_message()["secrets"] == SECRETS[:2]
    assert FairRound.from_json(r.to_json()).seed == r.seed


def test_a_kept_round_is_checked_when_it_comes_back():
    good = FairRound.begin(1, [0], SECRETS[0])
    good.fix_commitments()
    good.deal()
    kept = good.to_json()
    assert FairRound.from_json(kept).secrets == {0: SECRETS[0]}
    for bad in (None, {**kept, "x": 1}, {**kept, "hand_no": 0}, {**kept, "seats": [1]},
                {**kept, "secrets": [SECRETS[1]]}, {**kept, "commitments": ["0" * 64]}, {**kept, "seats": [0, 0]}):
        with pytest.raises(ValueError):
            FairRound.from_json(bad)


REMOTE = [{"kind": "me"}, {"kind": "remote"}, {"kind": "remote"}]


def ask(session: web.Session, **req) -> dict:
    """A request as the page sends it (through JSON both ways)."""
    return json.loads(json.dumps(web._answer(session, json.dumps(req))))


def test_the_engine_releases_the_secrets_only_once_the_hand_is_over():
    s = web.Session()
    ask(s, cmd="new_game", seats=REMOTE, names=["A", "B", "C"], hands=1)   # the lobby
    commit = ask(s, cmd="fair_begin", hand_no=1, seats=[0, 1, 2])
    assert commit["message"]["type"] == "commit" and commit["waiting"] == [1, 2]
    assert ask(s, cmd="fair_take", seat=1, message={"type": "commit", "hand_no": 1,
                                                    "commitment": commitment(SECRETS[1])})["waiting"] == [2]
    early = ask(s, cmd="fair_take", seat=1, message={"type": "reveal", "hand_no": 1, "secret": SECRETS[1]})
    assert early["error"]["code"] == "fair_unexpected"   # no secret is taken before the commitments are fixed
    fixed = ask(s, cmd="fair_commitments", hand_no=1)["message"]
    assert fixed["seats"] == [0, 1]
    wrong = ask(s, cmd="fair_take", seat=1, message={"type": "reveal", "hand_no": 1, "secret": SECRETS[2]})
    assert wrong["error"] == {"code": "fair_mismatch", "params": {"seat": 1}}
    assert ask(s, cmd="fair_take", seat=1, message={"type": "reveal", "hand_no": 1, "secret": SECRETS[1]})["ok"]
    dealt = ask(s, cmd="fair_deal", hand_no=1)
    assert dealt["message"] == {"type": "dealt", "hand_no": 1, "seats": [0, 1]}
    assert not HEX64.search(json.dumps(dealt["message"]))
    r = ask(s, cmd="new_game", seats=REMOTE, names=["A", "B", "C"], hands=1, seed=dealt["seed"])
    assert ask(s, cmd="fair_secrets", hand_no=1)["error"]["code"] == "fair_hand_not_over"
    while r["view"]["phase"] == "play":
        seat = r["view"]["to_play"]
        card = CODES[next(c for c in range(36) if s.game.state.legal_mask() >> c & 1)]
        r = ask(s, cmd="play", seat=seat, card=card) if seat else ask(s, cmd="play", card=card)
    out = ask(s, cmd="fair_secrets", hand_no=1)["message"]
    assert out["seats"] == [0, 1] and out["secrets"][1] == SECRETS[1]
    record = ask(s, cmd="records")["records"][0]
    check = ask(s, cmd="verify_deal", commitments=fixed["commitments"], secrets=out["secrets"], record=record)
    assert check["verified"]
    # a reload: the kept round comes back, and a bad one is refused
    s2 = web.Session()
    assert ask(s2, cmd="fair_rounds", rounds=[dealt["round"]])["ok"]
    assert ask(s2, cmd="fair_rounds", rounds=[{**dealt["round"], "secrets": [SECRETS[2], SECRETS[1]]}])["error"][
        "code"] == "bad_fair_round"
    for bad in ({"hand_no": 0, "seats": [0]}, {"hand_no": 1, "seats": [1]}, {"hand_no": 1, "seats": [0, 1, 1]},
                {"hand_no": 1, "seats": [0, 3]}, {"hand_no": "1", "seats": [0]}):
        assert ask(s, cmd="fair_begin", **bad)["error"]["code"] == "bad_fair_round"


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), silent=st.sets(st.sampled_from([1, 2])), picks=st.lists(st.integers(0, 99),
       min_size=80, max_size=80), friend=st.sampled_from([1, 2]))
def test_before_a_hands_last_card_a_friend_holds_no_other_secret_and_cannot_deal_it(seed, silent, picks, friend):
    """Over random tables (issue 43): the host's engine runs the fair deal as the host's page does (peer/host.js),
    and everything it gives the page to send friend `friend` (the fair messages and the state stream) is collected in
    order. Before each hand's last card that friend holds no other peer's secret (the host's included) and no
    combination of the 64-hex values it holds gives the hand's seed: its messages do not determine another seat's
    cards. After the hand the secrets come, and they verify the hand that was played."""
    s = web.Session()
    rng = [*picks]
    mine: dict[int, Any] = {}   # the friend's own secret of the hand under way, where its messages begin
    ask(s, cmd="new_game", seats=REMOTE, names=["A", "B", "C"], hands=2)
    received: list[str] = []   # what friend `friend` got, as text

    def send(to: int, message: dict) -> None:
        if to == friend:
            received.append(json.dumps(message))

    def round_for(hand_no: int) -> str:
        # each friend draws a fresh secret for every hand (peer/guest.js)
        secrets = {f: hashlib.sha256(f"{seed}/{hand_no}/{f}".encode()).hexdigest() for f in (1, 2)}
        mine[0] = secrets[friend]
        mine[1] = len(received)   # (where this hand's messages begin)
        commit = ask(s, cmd="fair_begin", hand_no=hand_no, seats=[0, 1, 2])["message"]
        for f in (1, 2):
            send(f, commit)
            if f not in silent or f == friend:
                ask(s, cmd="fair_take", seat=f, message={"type": "commit", "hand_no": hand_no,
                                                         "commitment": commitment(secrets[f])})
        fixed = ask(s, cmd="fair_commitments", hand_no=hand_no)["message"]
        for f in fixed["seats"][1:]:
            send(f, fixed)
            ask(s, cmd="fair_take", seat=f, message={"type": "reveal", "hand_no": hand_no, "secret": secrets[f]})
        dealt = ask(s, cmd="fair_deal", hand_no=hand_no)
        for f in (1, 2):
            send(f, dealt["message"])
        return dealt["seed"]

    seed1 = round_for(1)
    r = ask(s, cmd="new_game", seats=REMOTE, names=["A", "B", "C"], hands=2, seed=seed1)
    hand_seed, hand_no, since = seed1, 1, 0
    for _ in range(200):
        if r["view"]["phase"] == "game-over" and hand_no > 2:
            break
        stream = ask(s, cmd="guest", seat=friend, since=since)
        since = stream["next"]
        send(friend, {"type": "state", **{k: stream[k] for k in ("seat", "observation", "events", "next", "more")}})
        if r["view"]["phase"] != "play":
            # the hand is over: now, and only now, the secrets; then the next hand's fair deal
            out = ask(s, cmd="fair_secrets", hand_no=hand_no)["message"]
            record = ask(s, cmd="records")["records"][hand_no - 1]
            fixed = [commitment(x) for x in out["secrets"]]
            assert ask(s, cmd="verify_deal", commitments=fixed, secrets=out["secrets"], record=record)["verified"]
            send(friend, out)
            if r["view"]["phase"] == "game-over":
                break
            hand_no += 1
            hand_seed = round_for(hand_no)
            r = ask(s, cmd="next_hand", seed=hand_seed)
            continue
        # the friend's knowledge so far: every 64-hex value it received, and its own secret
        known = set(HEX64.findall("".join(received))) | {mine[0]}
        others = set(s.fair[hand_no].secrets.values()) - {mine[0]}
        assert s.fair[hand_no].secrets[0] in others   # (the host's, at least)
        assert not known & others, "another peer's secret reached the friend before the hand's last card"
        this_hand = set(HEX64.findall("".join(received[mine[1]:]))) | {mine[0]}
        assert len(this_hand) <= 5   # the host's commitment, the commitments (<= 3), its own secret
        assert all(fair_seed(list(p)) != hand_seed for k in (1, 2, 3) for p in itertools.permutations(this_hand, k)), \
            "the friend can compute the hand's seed"
        assert ask(s, cmd="fair_secrets", hand_no=hand_no)["error"]["code"] == "fair_hand_not_over"
        seat = r["view"]["to_play"]
        legal = [c for c in range(36) if s.game.state.legal_mask() >> c & 1]
        card = CODES[legal[rng.pop() % len(legal)] if rng else legal[0]]
        r = ask(s, cmd="play", seat=seat, card=card) if seat else ask(s, cmd="play", card=card)
        assert r["ok"]
    assert hand_no >= 2 and r["view"]["phase"] == "game-over"   # (both hands were played to the end)


def test_a_table_of_four_verifies_with_four_secrets_against_its_four_hands():
    """Molotow and Plus-Minus with friends: the host and three friends; the hands re-dealt to four seats."""
    secrets = [*SECRETS, "12" * 32]
    commits = [commitment(s) for s in secrets]
    hands = [codes_of(m) for m in deal(fair_seed(secrets), 0, 2, 4)]
    assert len(hands) == 4 and all(len(h) == 9 for h in hands)
    assert verify(commits, secrets, 2, hands)[0] == "verified"
    swapped = [hands[0], hands[1], [*hands[2][:-1], hands[3][-1]], [*hands[3][:-1], hands[2][-1]]]
    assert verify(commits, secrets, 2, swapped) == ("deal_mismatch", {"seat": 2})   # a card moved between seats
