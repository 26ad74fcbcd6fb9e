"""Fuzz tests (hypothesis): the replay CLI and the browser protocol's ``handle()`` take any input without a
traceback, answer every request, and leave the game unchanged when they refuse one.

Sizes are tuned so the whole file runs in seconds: ``FUZZ_EXAMPLES`` examples per property (raise it locally, e.g.
``FUZZ_EXAMPLES=2000 pytest tests/test_fuzz.py``, for a longer hunt).
"""

import argparse
import io
import json
import os
import subprocess
import sys
from pathlib import Path

from conforms import problems
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import web
from engine.cards import CODES, iter_cards
from engine.cli import cmd_replay
from engine.protocol import Answer
from engine.rules import legal_mask

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "100"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow],
                derandomize=True)

GOOD = {"rules": {"undertrump_when_void": False, "no_trump": "eights"}, "dealer": 0,
        "hands": [["SQ", "SA", "H6", "H10", "HQ", "D6", "D9", "DJ", "DK", "C8", "CJ", "CQ"],
                  ["S8", "S9", "H7", "HJ", "HA", "D7", "D8", "DQ", "DA", "C6", "C10", "CA"],
                  ["S6", "S7", "S10", "SJ", "SK", "H8", "H9", "HK", "D10", "C7", "C9", "CK"]],
        "plays": ["S9", "S10", "SQ"]}

# JSON values of every kind, small and large, plus the codes and words the engine knows (so that mutations often
# get past the first check)
words = st.sampled_from(["SA", "H10", "DJ", "S5", "", " ", "eights", "annul", "normal", "random", "--5", "²", "\x00",
                         "\ud800", "x" * 200, "play", "new_game", "review", "restore"] + list(CODES))
scalars = (st.none() | st.booleans() | st.integers(-10, 300) | st.integers() | st.floats(allow_nan=False)
           | st.text(max_size=20) | words)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8) | words, inner, max_size=4), max_leaves=12)


@st.composite
def records(draw) -> object:
    """A hand record, mutated: a field replaced, removed or added, or a play changed."""
    rec = json.loads(json.dumps(GOOD))
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["replace", "remove", "add", "play", "hand", "whole"]))
        if kind == "replace":
            rec[draw(st.sampled_from(["rules", "dealer", "hands", "plays"]))] = draw(json_values)
        elif kind == "remove":
            rec.pop(draw(st.sampled_from(["rules", "dealer", "hands", "plays"])), None)
        elif kind == "add":
            rec[draw(st.text(max_size=8))] = draw(json_values)
        elif kind == "play" and isinstance(rec.get("plays"), list):
            rec["plays"] = rec["plays"] + [draw(words | json_values)]
        elif kind == "hand" and isinstance(rec.get("hands"), list) and rec["hands"]:
            rec["hands"][0] = draw(json_values)
        elif kind == "whole":
            return draw(json_values)
    return rec


def texts() -> st.SearchStrategy[str]:
    """Input text: a (mutated) record as JSON, cut or padded, or anything."""
    as_json = records().map(json.dumps)
    cut = st.tuples(as_json, st.integers(0, 400)).map(lambda t: t[0][: t[1]])
    return as_json | cut | st.text(max_size=200) | st.sampled_from(["[" * 5000, '{"a": ' + "9" * 5000 + "}", ""])


def run_replay(stdin: io.TextIOBase, batch: bool) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    rc = cmd_replay(argparse.Namespace(file=None, batch=batch), stdin, out, err)
    return rc, out.getvalue(), err.getvalue()


@FUZZ
@given(text=texts())
def test_replay_of_any_text_is_a_summary_or_one_error_line(text):
    rc, out, err = run_replay(io.StringIO(text), batch=False)
    if rc == 0:
        assert err == "" and isinstance(json.loads(out), dict)
    else:
        assert rc == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1
        assert len(err) < 400, err  # bad input is quoted cut short


@FUZZ
@given(lines=st.lists(texts() | st.binary(max_size=60).map(lambda b: b.decode("utf-8", "replace")), max_size=5))
def test_batch_answers_every_line_in_order(lines):
    lines = [line.replace("\n", " ").replace("\r", " ") for line in lines]
    blob = "".join(line + "\n" for line in lines).encode("utf-8", "surrogatepass")
    stdin = io.TextIOWrapper(io.BytesIO(blob), encoding="utf-8")
    rc, out, err = run_replay(stdin, batch=True)
    results = [json.loads(line) for line in out.splitlines()]
    assert len(results) == sum(1 for line in lines if line.strip()) and err == ""
    assert rc == (2 if any("error" in r for r in results) else 0)
    assert all(len(json.dumps(r["error"])) < 400 for r in results if "error" in r)


@settings(max_examples=3, deadline=None, derandomize=True)
@given(lines=st.lists(texts(), min_size=1, max_size=40), junk=st.binary(min_size=1, max_size=40))
def test_batch_as_a_process_with_invalid_utf8_never_shows_a_traceback(lines, junk):
    blob = b"".join(line.replace("\n", " ").encode("utf-8", "surrogatepass") + b"\n" for line in lines)
    blob += b"\xff" + junk + b"\n"
    p = subprocess.run([sys.executable, "-m", "engine", "replay", "--batch"], input=blob, capture_output=True,
                       cwd=ROOT, timeout=120)
    assert b"Traceback" not in p.stderr and p.returncode in (0, 2)
    assert len(p.stdout.splitlines()) == sum(1 for line in blob.split(b"\n") if line.strip())


# -- the browser protocol -------------------------------------------------------------------------------------------

COMMANDS = ["hello", "new_game", "play", "bot_move", "why", "hint", "next_hand", "view", "records", "review",
            "restore", "levels", "nope", "seat", "guest", "verify_deal", "peer_check"]
REMOTE = [{"kind": "me"}, {"kind": "remote"}, {"kind": "bot", "level": "random"}]


seeds = (st.sampled_from(["--5", "-5", "²", "٣", "1_000", " 7 ", "+3", "0x10", "1e9", "9" * 64, "9" * 65, "\ud800"])
         | st.text(max_size=70) | st.integers())


@st.composite
def requests(draw) -> str:
    """A request: mostly well-formed commands with fuzzed fields, sometimes anything at all."""
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return draw(st.text(max_size=40) | json_values.map(json.dumps))
    req: dict = {"cmd": draw(st.sampled_from(COMMANDS))}
    if req["cmd"] == "new_game":
        for key, good in (("hands", st.integers(1, 3)), ("bots", st.just(["random", "easy"])),
                          ("seed", seeds), ("rules", st.just({"no_trump": "annul"})),
                          ("names", st.just(["A", "B", "C"]))):
            if draw(st.booleans()):
                req[key] = draw(good | json_values) if draw(st.integers(0, 3)) == 0 else draw(good)
        if draw(st.integers(0, 2)) == 0 and "bots" not in req:
            req["seats"] = REMOTE      # a friend's seat (play together)
        else:
            req.setdefault("bots", ["random", "easy"])
        req.setdefault("hands", 1)
    elif req["cmd"] in ("play", "why"):
        req["card"] = draw(st.sampled_from(["<legal>", "<legal>", "<any>"]) | words | json_values)
    elif req["cmd"] == "review":
        req["records"] = draw(st.lists(records(), max_size=3) | json_values)
    elif req["cmd"] in ("seat", "guest", "peer_check"):
        req["seat"] = draw(st.sampled_from([1, 1, 2]) | json_values)
        req.update({"seat": {"kind": draw(st.sampled_from(["bot", "remote"]) | json_values),
                             "level": draw(st.just("random") | json_values)},
                    "guest": {"since": draw(st.integers(-1, 40) | json_values)},
                    "peer_check": {"message": draw(st.just('{"v": 1, "type": "card", "seq": 1, "card": "SA"}')
                                                   | st.text(max_size=40) | json_values)}}[req["cmd"]])
    elif req["cmd"] == "verify_deal":
        req.update(commitments=draw(st.lists(st.just("ab" * 32), max_size=3) | json_values),
                   secrets=draw(st.lists(st.just("cd" * 32), max_size=3) | json_values),
                   record=draw(records() | json_values))
    elif req["cmd"] == "restore":
        req["setup"] = draw(st.just({"hands": 1, "bots": ["random", "random"], "seed": "f"}) | json_values)
        req["hands"] = draw(st.lists(st.lists(words, max_size=4), max_size=3) | json_values)
    if draw(st.integers(0, 5)) == 0:
        req[draw(st.text(max_size=6))] = draw(json_values)
    return json.dumps(req)


def _fill_card(request: str, session: web.Session) -> str:
    """Put a real card into a play/why request (legal when one is asked for), so play gets somewhere."""
    if "<legal>" not in request and "<any>" not in request or session.game is None:
        return request
    view = session.view()
    req = json.loads(request)
    pool = view["legal"] if req["card"] == "<legal>" and view["legal"] else view["hand"] or ["SA"]
    req["card"] = pool[len(request) % len(pool)]
    return json.dumps(req)


def _snapshot(session: web.Session):
    if session.game is None:
        return None
    return json.dumps([session.view(history=True), session.records(), session.levels, len(session.log),
                       {s: link.last_seq for s, link in session.links.items()}])


def _quick_hint(obs):
    """The hint's search is not what is fuzzed here: a quick stand-in (the first legal card) keeps examples fast."""
    legal = legal_mask(obs.hand, obs.trick, obs.trump, obs.rules.undertrump_when_void)
    c = next(iter_cards(legal))
    return c, "the first legal card", {"code": "only_choice", "params": {"card": CODES[c]}}


@FUZZ
@given(batch=st.lists(requests(), min_size=1, max_size=20))
def test_handle_answers_every_request_and_a_refusal_changes_nothing(batch):
    session = web.Session()
    saved = web._SESSION, web.hint
    web._SESSION, web.hint = session, _quick_hint
    try:
        for raw in batch:
            raw = _fill_card(raw, session)
            before = _snapshot(session)
            answer = json.loads(web.handle(raw))
            assert isinstance(answer, dict) and isinstance(answer.get("ok"), bool)
            assert not problems(answer, Answer), (raw[:300], problems(answer, Answer)[:3])
            if not answer["ok"]:
                assert answer["error"]["code"] != "internal", (raw[:300], answer["error"])
                assert _snapshot(session) == before, raw[:300]
    finally:
        web._SESSION, web.hint = saved
