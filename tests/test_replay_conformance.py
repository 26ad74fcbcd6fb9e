"""Independent conformance tests for ``python -m engine replay`` (README: Hand records and the CLI).

Everything here is derived from docs/rules.md and the README's replay section only, never from the engine's source:

* a small, deliberately plain list-based reference model of the rules (below), written straight from docs/rules.md;
* hand-crafted hand records in tests/records/ whose expected results are written out explicitly (with the
  arithmetic in comments), covering each settlement case, each worked example of docs/rules.md §8 and the delicate
  rules (Puur rule, undertrumping incl. the fixing card as the trump to beat, the all-trumps exception, the
  ``undertrump_when_void`` flag, final-trump valuation of cards captured before trump was fixed, the no-trump hand
  under ``no_trump`` "eights" and "annul");
* bulk cross-checks: seeded random legal play-outs (full and partial, every flag combination, ordinary and
  3-3-3-3 deals) replayed through one ``--batch`` call each and compared field by field with the model;
* the error contract: one line on stderr, exit 2, no traceback; ``--batch`` error objects.

Seats are 0, 1, 2 in playing order; dealer d -> seat d+1 leads trick 1.
"""
import copy
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
RECORDS = HERE / "records"

# ---- reference model (copied into test file) ----
SUITS = "SHDC"
PLAIN_ORDER = ["A", "K", "Q", "J", "10", "9", "8", "7", "6"]   # high -> low (docs/rules.md §2)
TRUMP_ORDER = ["J", "9", "A", "K", "Q", "10", "8", "7", "6"]   # high -> low (docs/rules.md §2)
PLAIN_POINTS = {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10}
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "K": 4, "Q": 3, "10": 10}
DECK = [s + r for s in SUITS for r in PLAIN_ORDER]


def suit(c):
    return c[0]


def rank(c):
    return c[1:]


def plain_strength(c):
    return -PLAIN_ORDER.index(rank(c))


def trump_strength(c):
    return -TRUMP_ORDER.index(rank(c))


def card_value(c, trump, eights):
    if trump is not None and suit(c) == trump:
        return TRUMP_POINTS.get(rank(c), 0)
    if trump is None and eights and rank(c) == "8":
        return 8
    return PLAIN_POINTS.get(rank(c), 0)


def legal_cards(hand, trick, trump, undertrump_when_void):
    """Straight from docs/rules.md R2, R3, R5, R6."""
    hand = list(hand)
    if not trick:
        return hand                                   # the leader may lead anything
    led = suit(trick[0])
    follow = [c for c in hand if suit(c) == led]
    if trump is None:                                 # R2
        return follow if follow else hand
    if led == trump:                                  # R6
        trumps = [c for c in hand if suit(c) == trump]
        if not trumps:
            return hand
        if trumps == [trump + "J"]:                  # Puur rule
            return hand
        return trumps
    # R5: plain suit led, trump fixed (possibly by a card of this very trick)
    in_trick = [c for c in trick if suit(c) == trump]
    best = max((trump_strength(c) for c in in_trick), default=None)

    def not_under(c):
        return best is None or trump_strength(c) > best

    if follow:
        return follow + [c for c in hand if suit(c) == trump and not_under(c)]
    if undertrump_when_void:
        return hand
    if all(suit(c) == trump for c in hand):           # all-trumps exception
        return hand
    return [c for c in hand if suit(c) != trump or not_under(c)]


def trick_winner_pos(cards, trump):
    led = suit(cards[0])
    trumps = [i for i, c in enumerate(cards) if trump is not None and suit(c) == trump]
    if trumps:
        return max(trumps, key=lambda i: trump_strength(cards[i]))
    return max((i for i, c in enumerate(cards) if suit(c) == led), key=lambda i: plain_strength(cards[i]))


class ModelError(Exception):
    pass


def replay_model(record):
    rules = {"undertrump_when_void": False, "no_trump": "eights"}
    rules.update(record.get("rules") or {})
    uwv = rules["undertrump_when_void"]
    dealer = record["dealer"]
    hands = [list(h) for h in record["hands"]]
    plays = record["plays"]
    trump = None
    fixed_at = None
    leader = (dealer + 1) % 3
    trick = []
    done = []          # (leader, cards, winner_seat)
    for i, c in enumerate(plays):
        seat = (leader + len(trick)) % 3
        if c not in hands[seat]:
            raise ModelError(f"play {i}: seat {seat} does not hold {c}")
        leg = legal_cards(hands[seat], trick, trump, uwv)
        if c not in leg:
            raise ModelError(f"play {i}: seat {seat} may not play {c}")
        hands[seat].remove(c)
        if trick and trump is None and suit(c) != suit(trick[0]):
            trump, fixed_at = suit(c), i
        trick.append(c)
        if len(trick) == 3:
            w = (leader + trick_winner_pos(trick, trump)) % 3
            done.append((leader, trick, w))
            leader, trick = w, []
    complete = len(done) == 12
    eights = trump is None and rules["no_trump"] == "eights"
    tricks = []
    tricks_won = [0, 0, 0]
    card_points = [0, 0, 0]
    for n, (lead, cards, w) in enumerate(done):
        pts = sum(card_value(c, trump, eights) for c in cards) + (5 if n == 11 else 0)
        tricks.append({"leader": lead, "cards": list(cards), "winner": w, "points": pts})
        tricks_won[w] += 1
        card_points[w] += pts
    out = {"trump": trump, "trump_fixed_at": fixed_at, "tricks": tricks, "complete": complete,
           "tricks_won": tricks_won, "card_points": card_points}
    if complete:
        out["to_play"] = None
        out["legal"] = []
        out["settlement"], out["settlement_case"] = settle(tricks_won, card_points,
                                                          trump is None and rules["no_trump"] == "annul")
        out["annulled"] = out["settlement_case"] == "annulled"
    else:
        seat = (leader + len(trick)) % 3
        out["to_play"] = seat
        out["legal"] = sorted(legal_cards(hands[seat], trick, trump, uwv))
        out["settlement"] = None
        out["settlement_case"] = None
        out["annulled"] = False
    return out


def settle(tricks_won, card_points, annulled=False):
    if annulled:
        return [0, 0, 0], "annulled"
    if 12 in tricks_won:
        return [2 if t == 12 else -1 for t in tricks_won], "match"
    z = [s for s in range(3) if tricks_won[s] == 0]
    h = [s for s in range(3) if card_points[s] >= 100]
    if z and h:
        return [-1 if s in (z[0], h[0]) else 2 for s in range(3)], "no_trick_and_hundred"
    if z:
        return [-2 if s == z[0] else 1 for s in range(3)], "no_trick"
    if h:
        return [-2 if s == h[0] else 1 for s in range(3)], "hundred"
    cp = card_points
    if len(set(cp)) == 3:
        mid = sorted(range(3), key=lambda s: cp[s])[1]
        return [-2 if s == mid else 1 for s in range(3)], "ranking"
    odd = [s for s in range(3) if cp.count(cp[s]) == 1][0]
    return [1 if s == odd else 0 for s in range(3)], "tie"


# ---------------------------------------------------------------------------------------------------------------
# CLI helpers
# ---------------------------------------------------------------------------------------------------------------
FIELDS = ["trump", "trump_fixed_at", "tricks", "complete", "to_play", "legal", "tricks_won", "card_points",
          "settlement", "settlement_case", "annulled"]


def run_cli(args, stdin=None):
    return subprocess.run([sys.executable, "-m", "engine", "replay", *args], cwd=str(ROOT), input=stdin,
                          capture_output=True, text=True, timeout=120)


_CACHE = {}


def _key(rec):
    return json.dumps(rec, sort_keys=True)


def replay_single(record, args=("-",)):
    """Replay one good record through the CLI in single-record mode; return the parsed JSON object."""
    text = "" if record is None else (record if isinstance(record, str) else json.dumps(record))
    p = run_cli(list(args), text)
    assert p.returncode == 0, f"exit {p.returncode}, stderr: {p.stderr}"
    assert "Traceback" not in p.stderr
    out = json.loads(p.stdout)
    assert isinstance(out, dict)
    return out


def replay(record):
    """The CLI result for a good record. Python start-up costs ~0.5 s per process here, so the hand-crafted
    records (in every rule variant) are replayed once through a single --batch call (see _prefetch) and looked
    up; test_batch_all_good_exit_0_and_same_as_single checks that batch and single mode agree."""
    k = _key(record)
    if k not in _CACHE:
        _prefetch()
    if k not in _CACHE:
        _CACHE[k] = replay_single(record)
    out = _CACHE[k]
    assert "error" not in out, f"CLI refused a legal record: {out!r}\n{json.dumps(record)}"
    return out


def batch(lines):
    """Run --batch over a list of records (dicts) or raw strings; return (returncode, [parsed line], stderr)."""
    text = "".join((ln if isinstance(ln, str) else json.dumps(ln)) + "\n" for ln in lines)
    p = run_cli(["--batch"], text)
    assert "Traceback" not in p.stderr, p.stderr
    outs = [json.loads(ln) for ln in p.stdout.splitlines() if ln.strip()]
    return p.returncode, outs, p.stderr


def load(name, **rules):
    rec = json.loads((RECORDS / (name + ".json")).read_text())
    if rules:
        rec = copy.deepcopy(rec)
        rec.setdefault("rules", {}).update(rules)
    return rec


def with_plays(rec, plays):
    rec = copy.deepcopy(rec)
    rec["plays"] = list(plays)
    return rec


_PREFETCHED = []


def _rule_variants(rec, name):
    out = [rec, {k: v for k, v in rec.items() if k != "rules"}, dict(rec, rules={})]
    for uwv in (False, True):
        out.append(load(name, undertrump_when_void=uwv))
        for nt in ("eights", "annul"):
            out.append(load(name, undertrump_when_void=uwv, no_trump=nt))
    for nt in ("eights", "annul"):
        out.append(load(name, no_trump=nt))
        out.append(dict(rec, rules={"no_trump": nt}))
    return out


def _prefetch():
    if _PREFETCHED:
        return
    recs, seen = [], set()

    def add(r):
        k = _key(r)
        if k in seen:
            return
        try:
            replay_model(r)
        except ModelError:
            return
        seen.add(k)
        recs.append(r)

    for path in sorted(RECORDS.glob("*.json")):
        name = path.stem
        for v in _rule_variants(load(name), name):
            for n in sorted({len(v["plays"]), 0, 30, 32, 35}):
                if n <= len(v["plays"]):
                    add(with_plays(v, v["plays"][:n]))
    for d in range(3):
        add(dict(with_plays(load("nt_ranking"), []), dealer=d))
    rc, outs, err = batch(recs)
    assert len(outs) == len(recs), (
        f"one output line per record expected ({len(recs)} in, {len(outs)} out); {err[:500]}")
    for r, o in zip(recs, outs, strict=True):
        _CACHE[_key(r)] = o
    _PREFETCHED.append((rc, recs, outs))


def norm_tricks(tricks, with_points=True):
    keys = ("leader", "cards", "winner", "points") if with_points else ("leader", "cards", "winner")
    return [{k: t[k] for k in keys} for t in tricks]


def assert_matches_model(out, rec, where=""):
    """Compare every field of a CLI result with the reference model."""
    exp = replay_model(rec)
    for f in FIELDS:
        assert f in out, f"{where}: field {f!r} missing in {out!r}"
    annulled = exp["settlement_case"] == "annulled"
    # points are unambiguous once trump is known (and for a complete no-trump hand settled with 8s = 8); for a
    # partial hand without trump yet the final trump is unknown, and an annulled hand's points are not specified.
    points_defined = (exp["trump"] is not None or exp["complete"]) and not annulled
    for f in ("trump", "trump_fixed_at", "complete", "to_play", "tricks_won", "settlement", "settlement_case"):
        assert out[f] == exp[f], f"{where}: {f} is {out[f]!r}, expected {exp[f]!r}"
    assert norm_tricks(out["tricks"], points_defined) == norm_tricks(exp["tricks"], points_defined), where
    if points_defined:
        assert out["card_points"] == exp["card_points"], where
    assert len(out["legal"]) == len(set(out["legal"])), "{}: duplicate legal cards {!r}".format(where, out["legal"])
    assert sorted(out["legal"]) == sorted(exp["legal"]), "{}: legal {!r}, expected {!r}".format(
        where, sorted(out["legal"]), sorted(exp["legal"]))
    if exp["complete"]:
        assert out["annulled"] is annulled, where
    else:
        assert out["annulled"] in (False, None), where


def check(out, **expected):
    for k, v in expected.items():
        if k == "legal":
            assert sorted(out["legal"]) == sorted(v), "legal {!r}, expected {!r}".format(out["legal"], v)
        elif k == "tricks":
            assert norm_tricks(out["tricks"]) == v
        else:
            assert out[k] == v, f"{k} is {out[k]!r}, expected {v!r}"


def T(leader, cards, winner, points):
    return {"leader": leader, "cards": cards.split(), "winner": winner, "points": points}


def assert_one_line_error(p, *, must_contain=()):
    assert p.returncode == 2, f"exit {p.returncode}, stdout {p.stdout!r}, stderr {p.stderr!r}"
    assert "Traceback" not in p.stderr, p.stderr
    assert p.stdout.strip() == "", f"nothing should be printed on stdout for a bad record: {p.stdout!r}"
    lines = p.stderr.strip("\n").split("\n")
    assert len(lines) == 1 and lines[0].strip(), f"stderr must be exactly one non-empty line: {p.stderr!r}"
    for s in must_contain:
        assert s in lines[0], f"{s!r} not named in {lines[0]!r}"
    return lines[0]


def has_token(line, tok):
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(tok)}(?![0-9A-Za-z])", line) is not None


# ---------------------------------------------------------------------------------------------------------------
# self-check of the reference model against the hand-computed values (guards the model itself)
# ---------------------------------------------------------------------------------------------------------------
def test_model_self_check():
    assert replay_model(load("nt_ranking"))["card_points"] == [67, 64, 26]
    assert replay_model(load("late_fix_hundred"))["tricks"][0]["points"] == 45
    assert settle([4, 4, 4], [70, 50, 37]) == ([1, -2, 1], "ranking")           # docs/rules.md §8 ex. 8
    assert settle([4, 4, 4], [104, 40, 13]) == ([-2, 1, 1], "hundred")
    assert settle([4, 4, 4], [99, 41, 17]) == ([1, -2, 1], "ranking")
    assert settle([6, 6, 0], [110, 47, 0]) == ([-1, 2, -1], "no_trick_and_hundred")  # ex. 9
    assert settle([12, 0, 0], [157, 0, 0]) == ([2, -1, -1], "match")
    assert settle([4, 4, 4], [60, 60, 37]) == ([0, 0, 1], "tie")                  # ex. 10
    # §8 ex. 1-6 straight on the model
    assert legal_cards(["SK", "HA", "DJ"], ["S7"], None, False) == ["SK"]
    assert legal_cards(["HJ", "SA"], ["H6"], None, False) == ["HJ"]
    assert sorted(legal_cards(["SA", "DJ", "HK"], ["S7", "D6"], "D", False)) == ["DJ", "SA"]
    assert legal_cards(["SA", "D7", "HK"], ["S7", "D8"], "D", False) == ["SA"]
    assert sorted(legal_cards(["D6", "D9", "CA"], ["S7", "DA"], "D", False)) == ["CA", "D9"]
    assert sorted(legal_cards(["D6", "D9", "CA"], ["S7", "DA"], "D", True)) == ["CA", "D6", "D9"]
    assert sorted(legal_cards(["D6", "D8"], ["S7", "DA"], "D", False)) == ["D6", "D8"]
    assert sorted(legal_cards(["HJ", "SA", "C7"], ["H6"], "H", False)) == ["C7", "HJ", "SA"]
    assert sorted(legal_cards(["HJ", "H8", "SA"], ["H6"], "H", False)) == ["H8", "HJ"]
    assert sum(card_value(c, "D", False) for c in ["DA", "DJ", "D9"]) == 45                       # ex. 7
    assert sum(card_value(c, None, True) for c in DECK) + 5 == 157
    assert sum(card_value(c, "S", False) for c in DECK) + 5 == 157


# ---------------------------------------------------------------------------------------------------------------
# output shape, input channels
# ---------------------------------------------------------------------------------------------------------------
def test_handcrafted_records_in_every_rule_variant_match_model():
    _prefetch()
    rc, recs, outs = _PREFETCHED[0]
    failures = []
    for rec, out in zip(recs, outs, strict=True):
        try:
            assert "error" not in out, out
            assert_matches_model(out, rec, "")
        except AssertionError as e:
            failures.append(f"{e}\n    record: {json.dumps(rec)}")
    assert not failures, f"{len(failures)} of {len(recs)} disagree:\n" + "\n".join(failures[:6])
    assert rc == 0


def test_all_fields_present_partial_and_complete():
    for rec in (load("ex1"), load("nt_ranking")):
        out = replay(rec)
        for f in FIELDS:
            assert f in out, f
        for t in out["tricks"]:
            assert {"leader", "cards", "winner", "points"} <= set(t)


def test_file_argument_stdin_dash_and_no_argument_agree():
    path = RECORDS / "late_fix_hundred.json"
    a = replay_single(None, args=(str(path),))
    b = replay_single(path.read_text(), args=("-",))
    c = replay_single(path.read_text(), args=())
    assert a == b == c
    check(a, complete=True, settlement=[-2, 1, 1], settlement_case="hundred")


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_no_plays_leader_is_dealer_plus_one(dealer):
    rec = with_plays(load("nt_ranking"), [])
    rec["dealer"] = dealer
    out = replay(rec)
    leader = (dealer + 1) % 3
    check(out, trump=None, trump_fixed_at=None, tricks=[], complete=False, to_play=leader,
          legal=rec["hands"][leader], tricks_won=[0, 0, 0], card_points=[0, 0, 0], settlement=None,
          settlement_case=None)
    assert out["annulled"] in (False, None)


def test_rules_optional_defaults_and_partial_rules():
    base = load("ex4_void")          # plays S7 D8; seat 2 void in S holds D7 (below the fixing D8)
    no_rules = replay(base)
    empty = replay(dict(base, rules={}))
    only_nt = replay(dict(base, rules={"no_trump": "annul"}))
    explicit = replay(dict(base, rules={"undertrump_when_void": False, "no_trump": "eights"}))
    for o in (no_rules, empty, only_nt, explicit):
        assert "D7" not in o["legal"]          # default undertrump_when_void = false
    nt = load("nt_ranking")
    assert replay(nt)["settlement_case"] == "ranking"                     # default no_trump = "eights"
    assert replay(dict(nt, rules={"undertrump_when_void": True}))["settlement_case"] == "ranking"


# ---------------------------------------------------------------------------------------------------------------
# the no-trump hand (docs/rules.md §5): 3-3-3-3, everybody always follows
# ---------------------------------------------------------------------------------------------------------------
NT_RANKING_TRICKS = [
    # no trump ever: plain values, every 8 counts 8
    T(0, "SA SJ S8", 0, 21),      # 11+2+8
    T(0, "SK S10 S7", 0, 14),     # 4+10+0
    T(0, "SQ S9 S6", 0, 3),       # 3+0+0
    T(0, "DA D8 D10", 0, 29),     # 11+8+10
    T(0, "D9 DK DQ", 1, 7),       # 0+4+3, K highest
    T(1, "HA H9 H6", 1, 11),
    T(1, "HK H10 H7", 1, 14),
    T(1, "HQ HJ H8", 1, 13),      # 3+2+8
    T(1, "CA C6 C8", 1, 19),      # 11+0+8
    T(1, "C9 CK C10", 2, 14),     # 0+4+10
    T(2, "CQ CJ C7", 2, 5),
    T(2, "DJ D6 D7", 2, 7),       # 2+0+0 +5 last trick
]


@pytest.mark.parametrize("uwv", [False, True])
def test_no_trump_hand_eights(uwv):
    out = replay(load("nt_ranking", undertrump_when_void=uwv, no_trump="eights"))
    # seat 0: 21+14+3+29 = 67; seat 1: 7+11+14+13+19 = 64; seat 2: 14+5+7 = 26; total 157
    # ranking: 67 highest +1, 26 lowest +1, 64 middle -2
    check(out, trump=None, trump_fixed_at=None, tricks=NT_RANKING_TRICKS, complete=True, to_play=None, legal=[],
          tricks_won=[4, 5, 3], card_points=[67, 64, 26], settlement=[1, -2, 1], settlement_case="ranking",
          annulled=False)


@pytest.mark.parametrize("uwv", [False, True])
def test_no_trump_hand_annul(uwv):
    out = replay(load("nt_ranking", undertrump_when_void=uwv, no_trump="annul"))
    check(out, trump=None, trump_fixed_at=None, complete=True, to_play=None, legal=[], tricks_won=[4, 5, 3],
          settlement=[0, 0, 0], settlement_case="annulled", annulled=True)
    assert norm_tricks(out["tricks"], False) == norm_tricks(NT_RANKING_TRICKS, False)


@pytest.mark.parametrize("no_trump", ["eights", "annul"])
def test_no_trump_hand_partial_is_not_settled(no_trump):
    rec = load("nt_ranking", no_trump=no_trump)
    out = replay(with_plays(rec, rec["plays"][:35]))
    check(out, trump=None, trump_fixed_at=None, complete=False, to_play=1, legal=["D7"], settlement=None,
          settlement_case=None, tricks_won=[4, 5, 2])
    assert out["annulled"] in (False, None)


def test_no_trump_match_eights_and_annul():
    # seat 0 holds A K Q of every suit and leads all 12 tricks; 157 = 4*30 + 4*8 + 5
    out = replay(load("nt_match"))
    check(out, trump=None, complete=True, tricks_won=[12, 0, 0], card_points=[157, 0, 0], settlement=[2, -1, -1],
          settlement_case="match", annulled=False)
    assert out["tricks"][0]["points"] == 19       # SA S9 S8: 11+0+8
    assert out["tricks"][11]["points"] == 18      # CQ C10 C7: 3+10+0 +5
    out = replay(load("nt_match", no_trump="annul"))
    check(out, trump=None, complete=True, settlement=[0, 0, 0], settlement_case="annulled", annulled=True)


@pytest.mark.parametrize("name,cp,tw,settlement,case", [
    # 102 >= 100 and everybody took a trick: H -2, the others +1
    ("case_nt_hundred", [102, 14, 41], [7, 1, 4], [-2, 1, 1], "hundred"),
    # 57 = 57 tied highest: tied players 0, the third +1
    ("case_nt_tie", [43, 57, 57], [3, 5, 4], [1, 0, 0], "tie"),
    # Z = seat 0 (no trick), H = seat 1 (105): Z -1, H -1, third +2
    ("case_nt_no_trick_and_hundred", [0, 105, 52], [0, 8, 4], [-1, -1, 2], "no_trick_and_hundred"),
    # Z = seat 1, nobody >= 100: Z -2, the others +1
    ("case_nt_no_trick", [89, 0, 68], [6, 0, 6], [1, -2, 1], "no_trick"),
])
@pytest.mark.parametrize("uwv", [False, True])
def test_no_trump_hands_settled_normally(name, cp, tw, settlement, case, uwv):
    rec = load(name, undertrump_when_void=uwv)
    out = replay(rec)
    assert sum(cp) == 157
    check(out, trump=None, trump_fixed_at=None, complete=True, card_points=cp, tricks_won=tw,
          settlement=settlement, settlement_case=case, annulled=False)
    assert_matches_model(out, rec, name)
    out = replay(load(name, undertrump_when_void=uwv, no_trump="annul"))
    check(out, settlement=[0, 0, 0], settlement_case="annulled", annulled=True, trump=None)


# ---------------------------------------------------------------------------------------------------------------
# trump fixed late: valuation with the FINAL trump of cards captured before (docs/rules.md §5, §8 ex. 7)
# ---------------------------------------------------------------------------------------------------------------
LATE_FIX_TRICKS = [
    # trump D is fixed only at play 31 (trick 11, seat 1 void in H plays D7); every trick valued with trump D
    T(0, "DA DJ D9", 0, 45),      # §8 ex.7: DA wins (no trump then, plain rank); later 11+20+14
    T(0, "SA S9 S6", 0, 11),
    T(0, "D6 DK D10", 1, 14),     # plain: K wins; 0+4+10
    T(1, "CA C9 C6", 1, 11),
    T(1, "CK C10 C7", 1, 14),
    T(1, "HQ H10 HA", 0, 24),     # 3+10+11
    T(0, "SK SJ S8", 0, 6),       # 4+2+0: the 8 counts 0 because a trump was fixed
    T(0, "SQ S10 S7", 0, 13),
    T(0, "C8 CQ CJ", 1, 5),
    T(1, "HJ H9 HK", 0, 6),
    T(0, "H7 D7 DQ", 2, 3),       # D7 fixes trump; seat 2 overtrumps with DQ: 0+0+3
    T(2, "H8 H6 D8", 1, 5),       # trump D8 wins; 0+0+0 +5
]


@pytest.mark.parametrize("uwv", [False, True])
@pytest.mark.parametrize("no_trump", ["eights", "annul"])
def test_late_trump_fix_revalues_earlier_tricks_hundred(uwv, no_trump):
    out = replay(load("late_fix_hundred", undertrump_when_void=uwv, no_trump=no_trump))
    # seat 0: 45+11+24+6+13+6 = 105 (6 tricks) -> H; seat 1: 14+11+14+5+5 = 49; seat 2: 3
    # H = seat 0, everyone took a trick: H -2, others +1
    check(out, trump="D", trump_fixed_at=31, tricks=LATE_FIX_TRICKS, complete=True, to_play=None, legal=[],
          tricks_won=[6, 5, 1], card_points=[105, 49, 3], settlement=[-2, 1, 1], settlement_case="hundred",
          annulled=False)


@pytest.mark.parametrize("uwv", [False, True])
def test_late_trump_fix_partial(uwv):
    rec = load("late_fix_hundred", undertrump_when_void=uwv)
    # after 30 plays: no trump yet, seat 0 to lead
    out = replay(with_plays(rec, rec["plays"][:30]))
    check(out, trump=None, trump_fixed_at=None, complete=False, to_play=0,
          legal=["H6", "H7"], tricks_won=[6, 4, 0], settlement=None, settlement_case=None)
    # after H7 D7: D is trump; seat 2 holds H8 and DQ: follow or overtrump the fixing D7 -> {H8, DQ}
    out = replay(with_plays(rec, rec["plays"][:32]))
    # card points so far: seat 0 45+11+24+6+13+6 = 105; seat 1 14+11+14+5 = 44; seat 2 nothing
    check(out, trump="D", trump_fixed_at=31, complete=False, to_play=2, legal=["H8", "DQ"],
          tricks_won=[6, 4, 0], card_points=[105, 44, 0], settlement=None, settlement_case=None)
    assert [t["points"] for t in out["tricks"]] == [t["points"] for t in LATE_FIX_TRICKS[:10]]


@pytest.mark.parametrize("uwv", [False, True])
def test_late_trump_fix_no_trick_and_hundred(uwv):
    rec = load("late_fix_no_trick_and_hundred", undertrump_when_void=uwv)
    out = replay(rec)
    # tricks: DA DJ D9 ->0 45; SA S9 S6 ->0 11; DQ DK D10 ->1 3+4+10=17; CA C9 C6 ->1 11; CK C10 C7 ->1 14;
    # HQ H10 HA ->0 24; SK SJ S8 ->0 6; SQ S10 S7 ->0 13; C8 CQ CJ ->1 5; HJ H9 HK ->0 6;
    # H7 D7 H8 ->1 0 (seat 2 holds H8 and only the lower D6: may not undertrump D7, must follow);
    # D8 D6 H6 ->1 0+5
    # seat 0: 45+11+24+6+13+6 = 105 (H); seat 1: 17+11+14+5+0+5 = 52; seat 2: 0, no trick (Z)
    # Z and H: Z -1, H -1, the third +2
    check(out, trump="D", trump_fixed_at=31, complete=True, tricks_won=[6, 6, 0], card_points=[105, 52, 0],
          settlement=[-1, 2, -1], settlement_case="no_trick_and_hundred", annulled=False)
    assert [t["points"] for t in out["tricks"]] == [45, 11, 17, 11, 14, 24, 6, 13, 5, 6, 0, 5]
    assert [t["winner"] for t in out["tricks"]] == [0, 0, 1, 1, 1, 0, 0, 0, 1, 0, 1, 1]
    part = replay(with_plays(rec, rec["plays"][:32]))
    check(part, trump="D", to_play=2, legal=["H8"])      # D6 would undertrump D7; seat 2 holds the led suit


# ---------------------------------------------------------------------------------------------------------------
# match with a trump suit
# ---------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("uwv", [False, True])
@pytest.mark.parametrize("no_trump", ["eights", "annul"])
def test_match_with_trump(uwv, no_trump):
    out = replay(load("match_trump", undertrump_when_void=uwv, no_trump=no_trump))
    # dealer 0: seat 1 leads H6, seat 2 H7, seat 0 (void) SJ fixes spades at play 2 and wins (20 points);
    # seat 0 then leads and wins every trick: 157 card points, 12 tricks; match: +2, -1, -1 (nothing else applies,
    # although 157 >= 100 and two players took no trick)
    check(out, trump="S", trump_fixed_at=2, complete=True, tricks_won=[12, 0, 0], card_points=[157, 0, 0],
          settlement=[2, -1, -1], settlement_case="match", annulled=False)
    assert out["tricks"][0] == {**out["tricks"][0], **T(1, "H6 H7 SJ", 0, 20)}
    assert out["tricks"][11]["points"] == 21          # CQ DA CJ: 3+11+2 +5
    assert out["tricks"][1]["points"] == 11           # SA H8 H9: trump A 11
    assert out["tricks"][2]["points"] == 26           # S9 H10 HJ: Nell 14 + 10 + 2


# ---------------------------------------------------------------------------------------------------------------
# settlement cases on records found by search (expected values written out, arithmetic in the comments)
# ---------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name,trump,cp,tw,settlement,case", [
    # exactly 100 is H: seat 2 100 -> -2, others +1 (everyone took a trick)
    ("case_hundred_exact_100", "C", [4, 53, 100], [1, 4, 7], [1, 1, -2], "hundred"),
    # 100 only thanks to the 5 of trick 12 (seat 2 wins D7 D6 DJ = 2+5 with trump H): 95 + 5 = 100 -> H
    ("case_hundred_by_last_trick", "H", [36, 21, 100], [3, 1, 8], [1, 1, -2], "hundred"),
    # 99 is not H: 99 highest +1, 21 lowest +1, 37 middle -2
    ("case_ranking_99", "C", [21, 99, 37], [1, 8, 3], [1, 1, -2], "ranking"),
    # 97 highest +1, 11 lowest +1, 49 middle -2
    ("case_ranking_plain", "D", [11, 97, 49], [1, 6, 5], [1, 1, -2], "ranking"),
    # tie for highest 70 = 70: both 0, the third (17) +1
    ("case_tie_highest", "H", [17, 70, 70], [2, 5, 5], [1, 0, 0], "tie"),
    # tie for lowest 48 = 48: both 0, the third (61) +1
    ("case_tie_lowest", "C", [48, 61, 48], [4, 5, 3], [0, 1, 0], "tie"),
    # H with the two others tied: H applies, 103 -> -2, others +1
    ("case_hundred_others_tied", "D", [27, 27, 103], [3, 2, 7], [1, 1, -2], "hundred"),
    # Z = seat 0, nobody >= 100: Z -2, others +1
    ("case_no_trick", "S", [0, 65, 92], [0, 6, 6], [-2, 1, 1], "no_trick"),
    # 0 card points but 2 tricks is not Z: ranking 96 +1, 0 +1, 61 middle -2
    ("case_ranking_zero_point_trick", "D", [96, 61, 0], [7, 3, 2], [1, -2, 1], "ranking"),
    # Z = seat 0 (no trick), H = seat 1 (157 from 11 tricks), seat 2 took a 0-point trick: Z -1, H -1, seat 2 +2
    ("case_no_trick_and_zero_point_trick", "C", [0, 157, 0], [0, 11, 1], [-1, -1, 2], "no_trick_and_hundred"),
])
def test_settlement_cases(name, trump, cp, tw, settlement, case):
    rec = load(name)
    out = replay(rec)
    assert sum(cp) == 157 and sum(tw) == 12
    check(out, trump=trump, complete=True, to_play=None, legal=[], card_points=cp, tricks_won=tw,
          settlement=settlement, settlement_case=case, annulled=False)
    assert_matches_model(out, rec, name)
    assert sum(t["points"] for t in out["tricks"]) == 157
    # the same plays under the other undertrump setting (when they are legal there too) settle the same
    other = load(name, undertrump_when_void=not rec["rules"]["undertrump_when_void"])
    try:
        replay_model(other)
    except ModelError:
        return
    check(replay(other), settlement=settlement, settlement_case=case, card_points=cp)


# ---------------------------------------------------------------------------------------------------------------
# docs/rules.md §8 worked examples (P1 = seat 0 leads unless noted) and the delicate play rules
# ---------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("uwv", [False, True])
def test_example_1_must_follow(uwv):
    # Lead S7; P2 holds SK HA DJ (SK its only spade) -> legal {SK}
    out = replay(load("ex1", undertrump_when_void=uwv))
    check(out, trump=None, trump_fixed_at=None, tricks=[], complete=False, to_play=1, legal=["SK"],
          settlement=None, settlement_case=None)


@pytest.mark.parametrize("uwv", [False, True])
def test_trump_fixed_by_third_player_in_trick_1(uwv):
    # S7 SK, seat 2 void in S plays CA: C trump at play 2, CA wins: 0+4+11 = 15; seat 2 leads, anything
    rec = load("ex1_third_fixes", undertrump_when_void=uwv)
    out = replay(rec)
    check(out, trump="C", trump_fixed_at=2, tricks=[T(0, "S7 SK CA", 2, 15)], complete=False, to_play=2,
          legal=[c for c in rec["hands"][2] if c != "CA"], tricks_won=[0, 0, 1], card_points=[0, 0, 15])


@pytest.mark.parametrize("uwv", [False, True])
def test_example_2_jack_before_trump(uwv):
    # Lead H6; P2's only heart is HJ -> {HJ} (no Puur rule before trump exists)
    check(replay(load("ex2", undertrump_when_void=uwv)), trump=None, to_play=1, legal=["HJ"])
    # H6 HJ, seat 2 void plays C6: C trump; C6 wins; HJ is a plain jack: 0+2+0 = 2
    out = replay(load("ex2_third_fixes", undertrump_when_void=uwv))
    check(out, trump="C", trump_fixed_at=2, tricks=[T(0, "H6 HJ C6", 2, 2)], to_play=2, card_points=[0, 0, 2])


@pytest.mark.parametrize("uwv", [False, True])
def test_example_3_fixing_trick(uwv):
    # Lead S7; P2 void plays D6 -> D is trump now. P3 holds SA DJ HK (+ hearts, clubs) -> {SA, DJ}
    out = replay(load("ex3", undertrump_when_void=uwv))
    check(out, trump="D", trump_fixed_at=1, tricks=[], complete=False, to_play=2, legal=["SA", "DJ"])
    # If P3 plays SA, P2 wins with the trump D6: 0+0+11 = 11; P2 leads: any of its 11 cards
    rec = load("ex3_trick", undertrump_when_void=uwv)
    out = replay(rec)
    check(out, trump="D", trump_fixed_at=1, tricks=[T(0, "S7 D6 SA", 1, 11)], to_play=1,
          legal=[c for c in rec["hands"][1] if c != "D6"], tricks_won=[0, 1, 0], card_points=[0, 11, 0])


@pytest.mark.parametrize("uwv", [False, True])
def test_example_4_no_undertrumping_the_fixing_card(uwv):
    # As 3, but P2 plays D8 and P3 holds SA D7 HK -> {SA} (D7 would undertrump); P3 holds the led suit, so the
    # undertrump_when_void flag changes nothing
    out = replay(load("ex4", undertrump_when_void=uwv))
    check(out, trump="D", trump_fixed_at=1, to_play=2, legal=["SA"])


def test_fixing_card_is_trump_to_beat_for_void_player():
    # S7, D8 (fixes D); seat 2 is void in S and holds D7 DJ + hearts and clubs
    rec = load("ex4_void")
    hand = rec["hands"][2]
    out = replay(rec)
    check(out, trump="D", trump_fixed_at=1, to_play=2, legal=[c for c in hand if c != "D7"])   # default: no D7
    out = replay(load("ex4_void", undertrump_when_void=True))
    check(out, trump="D", trump_fixed_at=1, to_play=2, legal=hand)                             # void may undertrump
    # with the flag the undertrump is accepted; the fixing D8 still wins the trick (0+0+0)
    out = replay(load("ex4_void_uwv_trick"))
    check(out, tricks=[T(0, "S7 D8 D7", 1, 0)], to_play=1, tricks_won=[0, 1, 0])


@pytest.mark.parametrize("uwv", [False, True])
def test_r3_later_offsuit_card_changes_nothing(uwv):
    # R3: lead S7, next player void plays D8 (trump D), last player void plays HK -> trump stays D; D8 wins: 0+0+4
    out = replay(load("r3_later_offsuit", undertrump_when_void=uwv))
    check(out, trump="D", trump_fixed_at=1, tricks=[T(0, "S7 D8 HK", 1, 4)], to_play=1, tricks_won=[0, 1, 0],
          card_points=[0, 4, 0])


def test_example_5_void_player_and_undertrump_flag():
    # Trump D (fixed at play 7 by seat 1's D7). Trick 5: seat 0 leads S7, seat 1 plays DA; seat 2 void in S holds
    # D6 D9 CA C8 H8 H9 H10 HJ -> default {D9, CA, C8, H8, H9, H10, HJ}; with the flag also D6
    out = replay(load("ex5"))
    check(out, trump="D", trump_fixed_at=7, complete=False, to_play=2,
          legal=["D9", "CA", "C8", "H8", "H9", "H10", "HJ"], tricks_won=[3, 1, 0])
    # tricks: HA HK H6 ->0 15; CK CJ C6 ->0 6; HQ D7 H7 ->1 3; C9 C7 CQ ->0 3
    assert [t["points"] for t in out["tricks"]] == [15, 6, 3, 3]
    out = replay(load("ex5", undertrump_when_void=True))
    check(out, trump="D", to_play=2, legal=["D6", "D9", "CA", "C8", "H8", "H9", "H10", "HJ"])


@pytest.mark.parametrize("uwv", [False, True])
def test_example_5_all_trumps_exception(uwv):
    # Trump D (fixed at play 7 by seat 1's D9). Trick 7: seat 0 leads S7, seat 1 plays DA; seat 2 holds nothing but
    # trumps, all below DA: D6 D7 D8 D10 DQ DK -> any of them
    out = replay(load("ex5_all_trumps", undertrump_when_void=uwv))
    check(out, trump="D", trump_fixed_at=7, to_play=2, legal=["D6", "D7", "D8", "D10", "DQ", "DK"],
          tricks_won=[5, 1, 0])


@pytest.mark.parametrize("uwv", [False, True])
def test_example_6_puur_rule(uwv):
    # Trump H (seat 1's H7 on the SA lead). Seat 1 leads H6; seat 2's only trump is HJ -> any card (Puur rule)
    rec = load("ex6_puur", undertrump_when_void=uwv)
    out = replay(rec)
    check(out, trump="H", trump_fixed_at=1, tricks=[T(0, "SA H7 S6", 1, 11)], to_play=2,
          legal=[c for c in rec["hands"][2] if c != "S6"])
    # holding HJ and H8 -> {HJ, H8}
    out = replay(load("ex6_jack_and_eight", undertrump_when_void=uwv))
    check(out, trump="H", to_play=2, legal=["HJ", "H8"])
    # trump led with the HA: a lower trump is fine (no undertrump ban when trump is led)
    out = replay(load("ex6_trump_led_lower", undertrump_when_void=uwv))
    check(out, trump="H", to_play=2, legal=["HJ", "H8"])


# ---------------------------------------------------------------------------------------------------------------
# error handling (single record): one line on stderr, exit 2, no traceback
# ---------------------------------------------------------------------------------------------------------------
def _illegal(name, extra, rules=None):
    rec = load(name, **(rules or {}))
    return with_plays(rec, rec["plays"] + [extra])


@pytest.mark.parametrize("rec,index,seat,card,legal,reason", [
    # must follow before trump (R2): lead S7, seat 1 plays HA although it holds SK
    (_illegal("ex1", "HA"), 1, 1, "HA", ["SK"], "follow"),
    # undertrumping the fixing card while holding the led suit (ex. 4)
    (_illegal("ex4", "D7"), 2, 2, "D7", ["SA"], "undertrump"),
    (_illegal("ex4", "D7", {"undertrump_when_void": True}), 2, 2, "D7", ["SA"], "undertrump"),
    # a third suit while holding the led suit after trump (R5): ex. 3, seat 2 plays HK
    (_illegal("ex3", "HK"), 2, 2, "HK", ["SA", "DJ"], None),
    # void player undertrumps under the default (ex. 5)
    (_illegal("ex5", "D6"), 14, 2, "D6", ["C8", "CA", "D9", "H10", "H8", "H9", "HJ"], "undertrump"),
    # trump led, seat holds HJ and H8: must play a trump (R6)
    (_illegal("ex6_jack_and_eight", "S8"), 4, 2, "S8", ["H8", "HJ"], "trump"),
])
def test_illegal_play_single(rec, index, seat, card, legal, reason):
    with pytest.raises(ModelError):
        replay_model(rec)
    p = run_cli(["-"], json.dumps(rec))
    line = assert_one_line_error(p)
    assert has_token(line, str(index)), f"play index {index} not named: {line!r}"
    assert re.search(rf"seat\W{{0,3}}{seat}(?!\d)", line, re.I), f"seat {seat} not named: {line!r}"
    assert has_token(line, card), line
    for c in legal:
        assert has_token(line, c), f"legal card {c} not named: {line!r}"
    if reason:
        assert reason in line.lower(), f"reason {reason!r} not given: {line!r}"


def _bad_records():
    """(id, text, tokens the message must name, also run in single mode?)"""
    good = load("nt_ranking")
    out = []

    def mod(label, f, names=(), single=True):
        r = copy.deepcopy(good)
        f(r)
        out.append((label, json.dumps(r), names, single))

    out.append(("not-json", "this is not json", (), True))
    out.append(("truncated-json", '{"dealer": 0, "hands": [', (), True))
    mod("card-not-held", lambda r: r.__setitem__("plays", ["SA", "SK"]), ("SK",))   # seat 1 does not hold SK
    mod("card-played-twice", lambda r: r.__setitem__("plays", ["SA", "SJ", "S8", "SA"]), ("SA",))
    mod("more-plays-than-cards", lambda r: r["plays"].append("SA"))
    mod("37-plays-of-unplayed-name", lambda r: r["plays"].append("DJ"), single=False)
    mod("hand-of-11-and-13", lambda r: r["hands"][1].append(r["hands"][0].pop()))
    mod("hand-of-11", lambda r: (r["hands"][0].pop(), r.__setitem__("plays", [])))
    mod("hand-of-13", lambda r: (r["hands"][0].append("S5"), r.__setitem__("plays", [])), single=False)
    mod("duplicate-card", lambda r: (r["hands"][0].__setitem__(11, r["hands"][1][0]), r.__setitem__("plays", [])),
        (good["hands"][1][0],))
    mod("duplicate-in-own-hand", lambda r: (r["hands"][0].__setitem__(11, r["hands"][0][0]),
                                            r.__setitem__("plays", [])), single=False)
    mod("unknown-card-S5", lambda r: (r["hands"][0].__setitem__(11, "S5"), r.__setitem__("plays", [])), ("S5",))
    mod("unknown-card-X9", lambda r: (r["hands"][0].__setitem__(11, "X9"), r.__setitem__("plays", [])),
        single=False)
    mod("unknown-card-in-plays", lambda r: r.__setitem__("plays", ["SA", "S11"]), ("S11",))
    mod("dealer-3", lambda r: r.__setitem__("dealer", 3))
    mod("dealer-minus-1", lambda r: r.__setitem__("dealer", -1))
    mod("unknown-rule-key", lambda r: r.__setitem__("rules", {"bogus_rule": True}), ("bogus_rule",))
    mod("unknown-rule-key-with-good", lambda r: r.__setitem__("rules", {"no_trump": "eights", "undertrump": True}),
        single=False)
    mod("unknown-no_trump-value", lambda r: r.__setitem__("rules", {"no_trump": "sevens"}), ("sevens",))
    mod("unknown-undertrump-value", lambda r: r.__setitem__("rules", {"undertrump_when_void": "yes"}))
    mod("missing-hands", lambda r: r.pop("hands"))
    mod("two-hands", lambda r: r["hands"].pop(), single=False)
    out.append(("json-array", "[]", (), False))
    return out


@pytest.mark.parametrize("label,text,names", [(a, b, c) for a, b, c, single in _bad_records() if single],
                         ids=[a for a, b, c, single in _bad_records() if single])
def test_bad_single_record(label, text, names):
    p = run_cli(["-"], text)
    line = assert_one_line_error(p)
    for n in names:
        assert has_token(line, n), f"{label}: {n!r} should be named in {line!r}"


def test_bad_records_in_batch_each_give_an_error_object():
    bad = _bad_records()
    lines = []
    for _label, text, _names, _single in bad:
        lines += [load("ex1"), text]
    rc, outs, err = batch(lines)
    assert rc == 2
    assert len(outs) == len(lines), "one output line per input line"
    failures = []
    for i, (label, _text, _names, _single) in enumerate(bad):
        good_out, bad_out = outs[2 * i], outs[2 * i + 1]
        if good_out.get("legal") != ["SK"]:
            failures.append(f"{label}: the good line before it gave {good_out!r}")
        if not (isinstance(bad_out, dict) and isinstance(bad_out.get("error"), str) and bad_out["error"].strip()):
            failures.append(f"{label}: expected an error object, got {bad_out!r}")
    assert not failures, "\n".join(failures)


def test_bad_file_record_exit_2(tmp_path):
    f = tmp_path / "bad.json"
    f.write_text("{not json")
    assert_one_line_error(run_cli([str(f)]))


# ---------------------------------------------------------------------------------------------------------------
# bulk cross-check: random legal play-outs through one --batch call, compared with the model
# ---------------------------------------------------------------------------------------------------------------
def _random_deal(rng):
    d = DECK[:]
    rng.shuffle(d)
    return [d[0:12], d[12:24], d[24:36]]


def _deal_3333(rng):
    hands = [[], [], []]
    for s in SUITS:
        cs = [s + r for r in PLAIN_ORDER]
        rng.shuffle(cs)
        for k in range(3):
            hands[k] += cs[3 * k:3 * k + 3]
    for h in hands:
        rng.shuffle(h)
    return hands


def _skewed_deal(rng):
    # long suits make voids (and so trump fixing and undertrump situations) come early
    d = DECK[:]
    rng.shuffle(d)
    d.sort(key=lambda c: (SUITS.index(suit(c)) + rng.random() * 2.5))
    return [d[0:12], d[12:24], d[24:36]]


def _walk(rng, hands, dealer, uwv):
    """Random legal play-out; returns the plays and, for every decision, the state before it."""
    hs = [list(h) for h in hands]
    trump, fixed_at, leader, trick, plays, states = None, None, (dealer + 1) % 3, [], [], []
    for _ in range(36):
        seat = (leader + len(trick)) % 3
        leg = legal_cards(hs[seat], trick, trump, uwv)
        other = legal_cards(hs[seat], trick, trump, not uwv)
        states.append({"plays": list(plays), "hand": list(hs[seat]), "trick": list(trick), "trump": trump,
                       "fixed_at": fixed_at, "legal": leg, "other": other})
        c = rng.choice(leg)
        if trick and trump is None and suit(c) != suit(trick[0]):
            trump, fixed_at = suit(c), len(plays)
        plays.append(c)
        hs[seat].remove(c)
        trick.append(c)
        if len(trick) == 3:
            leader = (leader + trick_winner_pos(trick, trump)) % 3
            trick = []
    return plays, states


def _classify(st):
    hand, trick, trump, leg = st["hand"], st["trick"], st["trump"], st["legal"]
    tags = set()
    if sorted(leg) != sorted(st["other"]):
        tags.add("flag_matters")
    if not trick or trump is None:
        return tags
    led = suit(trick[0])
    trumps_held = [c for c in hand if suit(c) == trump]
    if led == trump and trumps_held == [trump + "J"] and len(hand) > 1:
        tags.add("puur")
    if led != trump and any(suit(c) == trump for c in trick):
        holds_led = any(suit(c) == led for c in hand)
        if trumps_held and not holds_led:
            if len(trumps_held) == len(hand):
                tags.add("all_trumps")
            elif len(leg) < len(hand):
                tags.add("void_ban")
        if holds_led and any(c not in leg for c in trumps_held):
            tags.add("holder_ban")
        if st["fixed_at"] == len(st["plays"]) - 1 and len(trick) == 2:
            tags.add("third_after_fixing_card")
    return tags


def _build_cases(seed=20240501):
    rng = random.Random(seed)
    good, illegal, tags_seen = [], [], {}
    rare = {"flag_matters", "puur", "all_trumps", "third_after_fixing_card"}
    for uwv in (False, True):
        for nt in ("eights", "annul"):
            rules = {"undertrump_when_void": uwv, "no_trump": nt}
            for k in range(300):
                kind = k % 17
                hands = _deal_3333(rng) if kind == 0 else (_skewed_deal(rng) if kind % 3 == 1 else _random_deal(rng))
                dealer = rng.randrange(3)
                plays, states = _walk(rng, hands, dealer, uwv)
                good.append({"rules": dict(rules), "dealer": dealer, "hands": hands, "plays": plays})
                picked = {rng.randrange(36)}
                for i, st in enumerate(states):
                    t = _classify(st)
                    if (t & rare) or (t and rng.random() < 0.08):
                        picked.add(i)
                        for tag in t:
                            tags_seen[tag] = tags_seen.get(tag, 0) + 1
                for i in sorted(picked):
                    st = states[i]
                    good.append({"rules": dict(rules), "dealer": dealer, "hands": hands, "plays": st["plays"]})
                    bad = [c for c in st["hand"] if c not in st["legal"]]
                    if bad and rng.random() < 0.5:
                        illegal.append({"rules": dict(rules), "dealer": dealer, "hands": hands,
                                        "plays": st["plays"] + [rng.choice(bad)]})
    return good, illegal, tags_seen


_CASES = None


def cases():
    global _CASES
    if _CASES is None:
        _CASES = _build_cases()
    return _CASES


def test_random_cases_cover_the_delicate_rules():
    good, illegal, tags = cases()
    for tag in ("flag_matters", "puur", "all_trumps", "void_ban", "holder_ban", "third_after_fixing_card"):
        assert tags.get(tag, 0) >= 15, (tag, tags)
    full = [r for r in good if len(r["plays"]) == 36]
    kinds = {}
    for r in full:
        k = (r["rules"]["undertrump_when_void"], replay_model(r)["settlement_case"])
        kinds[k] = kinds.get(k, 0) + 1
    # every settlement case under both undertrump settings
    for uwv in (False, True):
        for case in ("match", "ranking", "tie", "no_trick", "hundred", "no_trick_and_hundred", "annulled"):
            assert kinds.get((uwv, case), 0) >= 3, kinds


def test_random_batch_matches_model():
    good, _, _ = cases()
    rc, outs, err = batch(good)
    assert rc == 0, err[:2000]
    assert len(outs) == len(good)
    failures = []
    for i, (rec, out) in enumerate(zip(good, outs, strict=True)):
        try:
            assert "error" not in out, out
            assert_matches_model(out, rec, f"batch line {i}")
        except AssertionError as e:
            failures.append(f"{e}\n    record: {json.dumps(rec)}")
    assert not failures, (
        f"{len(failures)} of {len(good)} records disagree; first ones:\n" + "\n".join(failures[:5]))


def test_random_illegal_plays_refused_in_mixed_batch():
    good, illegal, _ = cases()
    rng = random.Random(5)
    mixed, expect_bad = [], []
    fulls = [r for r in good if len(r["plays"]) == 36]
    for rec in illegal[:400]:
        g = rng.choice(fulls)
        mixed += [g, rec]
        expect_bad += [False, True]
    mixed += ["not json at all", {"dealer": 5, "hands": [], "plays": []}, fulls[0]]
    expect_bad += [True, True, False]
    rc, outs, err = batch(mixed)
    assert rc == 2
    assert len(outs) == len(mixed), "one output line per input line"
    failures = []
    for i, (rec, out, bad) in enumerate(zip(mixed, outs, expect_bad, strict=True)):
        if bad:
            if not (isinstance(out, dict) and isinstance(out.get("error"), str) and out["error"]):
                failures.append(f"line {i} should be an error object, got {out!r} for {json.dumps(rec)}")
        else:
            try:
                assert "error" not in out, out
                assert_matches_model(out, rec, f"line {i}")
            except AssertionError as e:
                failures.append(str(e))
    assert not failures, f"{len(failures)} failures:\n" + "\n".join(failures[:5])


def test_batch_all_good_exit_0_and_same_as_single():
    names = ["nt_ranking", "late_fix_hundred", "match_trump", "ex5", "ex6_puur", "case_tie_lowest"]
    recs = [load(n) for n in names]
    rc, outs, err = batch(recs)
    assert rc == 0, err
    assert len(outs) == len(recs)
    for rec, out in zip(recs, outs, strict=True):
        assert out == replay(rec)


def test_batch_single_bad_line_exit_2_others_go_on():
    recs = [load("nt_ranking"), "{broken", load("ex1"), _illegal("ex4", "D7"), load("case_no_trick")]
    rc, outs, err = batch(recs)
    assert rc == 2
    assert len(outs) == 5
    assert set(outs[1]) == {"error"} and set(outs[3]) == {"error"}
    assert outs[0]["settlement"] == [1, -2, 1]
    assert outs[2]["legal"] == ["SK"]
    assert outs[4]["settlement"] == [-2, 1, 1]
