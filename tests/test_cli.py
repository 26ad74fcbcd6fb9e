"""The replay CLI (README: Hand records and the CLI): golden records, errors, batch mode, and the bench command.

Most tests call `engine.cli.main` in this process (`run`: the same argv, standard input, output and exit code as the
command, without starting Python again); the tests of the `python -m engine` entry and of a closed pipe start the
real process (`run_process`)."""

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "random_hands.jsonl"


def run_process(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    """`python -m engine *args` as a real process."""
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


def run(*args: str, stdin: str | bytes = "") -> subprocess.CompletedProcess:
    """`python -m engine *args` in this process: `main(argv)` with `stdin` as standard input (text, or bytes as a
    pipe would give them), standard output and error captured as text, the exit code as `returncode`."""
    raw = stdin.encode() if isinstance(stdin, str) else stdin
    fake_stdin = io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    saved_stdin, saved_cwd = sys.stdin, os.getcwd()
    try:
        sys.stdin = fake_stdin
        os.chdir(ROOT)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as e:   # argparse refusing the arguments
                code = e.code if isinstance(e.code, int) else 2
    finally:
        sys.stdin = saved_stdin
        os.chdir(saved_cwd)
    return subprocess.CompletedProcess(["python", "-m", "engine", *args], code, out.getvalue(), err.getvalue())


def golden() -> list[dict]:
    return [json.loads(line) for line in GOLDEN.read_text().splitlines() if line.strip()]


@pytest.mark.parametrize("runner", [run, run_process], ids=["in-process", "python-m-engine"])
def test_golden_records_replay_to_their_pinned_summaries(runner):
    cases = golden()
    p = runner("replay", "--batch", stdin="".join(json.dumps(c["record"]) + "\n" for c in cases))
    assert p.returncode == 0, p.stderr
    got = [json.loads(line) for line in p.stdout.splitlines()]
    assert got == [c["expected"] for c in cases]


def test_golden_summaries_are_consistent():
    for c in golden():
        e = c["expected"]
        if e["complete"]:
            assert len(e["tricks"]) == 12 and e["to_play"] is None and e["legal"] == []
            assert sum(t["points"] for t in e["tricks"]) == sum(e["card_points"])
            assert e["tricks_won"] == [sum(t["winner"] == s for t in e["tricks"]) for s in range(3)]
        else:
            assert e["settlement"] is None and e["settlement_case"] is None and e["legal"]


def test_single_record_from_file_and_stdin(tmp_path):
    rec = golden()[0]
    f = tmp_path / "hand.json"
    f.write_text(json.dumps(rec["record"]))
    for p in (run("replay", str(f)), run("replay", "-", stdin=f.read_text()), run("replay", stdin=f.read_text())):
        assert p.returncode == 0, p.stderr
        assert json.loads(p.stdout) == rec["expected"]


def base_record() -> dict:
    return json.loads(json.dumps(golden()[0]["record"]))


def bad_records() -> list[tuple[str, object, str]]:
    r = base_record()
    out = []
    out.append(("not json", "{nope", "not valid JSON"))
    out.append(("dealer", {**r, "dealer": 3}, "dealer must be 0, 1 or 2"))
    out.append(("rule key", {**r, "rules": {"foo": True}}, "unknown rule 'foo'"))
    out.append(("rule value", {**r, "rules": {"no_trump": "zero"}}, "no_trump"))
    short = base_record()
    short["hands"][1] = short["hands"][1][:11]
    out.append(("11 cards", short, "hand of seat 1 has 11 cards, not 12"))
    dup = base_record()
    dup["hands"][2][0] = dup["hands"][0][0]
    out.append(("duplicate", dup, "duplicate card"))
    unk = base_record()
    unk["hands"][0][0] = "Z9"
    out.append(("unknown", unk, "unknown card 'Z9'"))
    many = base_record()
    many["plays"] = many["plays"] + ["SA"]
    out.append(("too many", many, "more than the 36 cards"))
    not_held = base_record()
    first_leader = (not_held["dealer"] + 1) % 3
    other = not_held["hands"][(first_leader + 1) % 3][0]
    not_held["plays"] = [other]
    out.append(("not held", not_held, f"play 0: seat {first_leader} does not hold {other}"))
    return out


@pytest.mark.parametrize("name,record,message", bad_records(), ids=[b[0] for b in bad_records()])
def test_bad_single_record_one_line_on_stderr_exit_2(name, record, message):
    text = record if isinstance(record, str) else json.dumps(record)
    p = run("replay", stdin=text)
    assert p.returncode == 2
    assert p.stdout == ""
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in p.stderr
    assert message in lines[0]


def test_illegal_play_names_index_seat_card_reason_and_legal_cards():
    rec = {"dealer": 2, "hands": [
        ["S7", "S8", "S9", "S10", "SJ", "SQ", "SK", "SA", "H6", "H7", "H8", "H9"],
        ["S6", "H10", "HJ", "HQ", "HK", "HA", "D6", "D7", "D8", "D9", "D10", "DJ"],
        ["DQ", "DK", "DA", "C6", "C7", "C8", "C9", "C10", "CJ", "CQ", "CK", "CA"]],
        "plays": ["S7", "H10"]}
    p = run("replay", stdin=json.dumps(rec))
    assert p.returncode == 2
    line = p.stderr.strip()
    assert "play 1" in line and "seat 1" in line and "H10" in line and "follow suit" in line and "legal: S6" in line


def test_batch_mixes_good_and_bad_lines_and_exits_2():
    good = json.dumps(golden()[0]["record"])
    p = run("replay", "--batch", stdin=good + "\n{bad\n" + json.dumps({"dealer": 5}) + "\n" + good + "\n")
    assert p.returncode == 2
    out = [json.loads(line) for line in p.stdout.splitlines()]
    assert len(out) == 4
    assert out[0] == out[3] == golden()[0]["expected"]
    assert "error" in out[1] and "error" in out[2]


def test_partial_record_reports_to_play_and_legal():
    rec = base_record()
    rec["plays"] = []
    p = run("replay", stdin=json.dumps(rec))
    e = json.loads(p.stdout)
    leader = (rec["dealer"] + 1) % 3
    assert e["complete"] is False and e["to_play"] == leader
    assert sorted(e["legal"]) == sorted(rec["hands"][leader])
    assert e["trump"] is None and e["trump_fixed_at"] is None and e["tricks"] == []
    assert e["settlement"] is None and e["card_points"] == [0, 0, 0]


def test_bench_prints_figures():
    p = run("bench", "--seconds", "0.05")
    assert p.returncode == 0
    assert "hands/s" in p.stdout and "legal-move generations" in p.stdout


# -- hardening: no input gives a traceback (each finding of the hostile probe, reproduced) -------------------------

def _no_traceback(p: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in p.stderr and "Traceback" not in p.stdout, p.stderr[-2000:]


@pytest.mark.parametrize("text,words", [
    ("[" * 100_000, "nested too deeply"),
    ('{"dealer": ' + "9" * 5000 + "}", "too many digits"),
], ids=["deep-nesting", "5000-digit-int"])
def test_hostile_json_is_one_error_line_not_a_traceback(text, words):
    p = run("replay", "-", stdin=text)
    _no_traceback(p)
    assert p.returncode == 2 and p.stderr.count("\n") == 1 and words in p.stderr


def test_batch_goes_on_after_hostile_lines():
    good = json.dumps(base_record())
    lines = [good, "[" * 100_000, good, '{"dealer": ' + "9" * 5000 + "}", good]
    p = run("replay", "--batch", stdin="\n".join(lines) + "\n")
    _no_traceback(p)
    out = [json.loads(line) for line in p.stdout.splitlines()]
    assert p.returncode == 2 and len(out) == 5
    assert "error" in out[1] and "error" in out[3] and all("error" not in out[i] for i in (0, 2, 4))


def test_batch_file_with_invalid_utf8_reports_that_line_and_goes_on(tmp_path):
    good = json.dumps(base_record()).encode()
    f = tmp_path / "bad.jsonl"
    f.write_bytes(good + b"\n" + b'{"dealer": "\xff\xfe"}\n' + good + b"\n")
    p = run("replay", "--batch", str(f))
    assert "Traceback" not in p.stderr
    out = [json.loads(line) for line in p.stdout.splitlines()]
    assert p.returncode == 2 and len(out) == 3
    assert "UTF-8" in out[1]["error"] and "error" not in out[0] and "error" not in out[2]


@pytest.mark.parametrize("mode", [["--batch"], []])
@pytest.mark.parametrize("target", ["/nonexistent/records.jsonl", "tests"])
def test_missing_file_or_directory_is_one_error_line(mode, target):
    p = run("replay", *mode, target)
    _no_traceback(p)
    assert p.returncode == 2 and p.stderr.startswith(f"error: cannot read {target}: ") and p.stderr.count("\n") == 1


def test_broken_pipe_is_quiet():
    lines = (json.dumps(base_record()) + "\n") * 3000
    p = subprocess.run(f"{sys.executable} -m engine replay --batch | head -1", shell=True, input=lines,
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert p.stdout.count("\n") == 1 and "Traceback" not in p.stderr and "BrokenPipe" not in p.stderr, p.stderr


def test_quoted_bad_input_is_cut_to_a_readable_length():
    rec = base_record()
    rec["plays"] = ["X" * 10_000_000]
    p = run("replay", "-", stdin=json.dumps(rec))
    assert p.returncode == 2 and len(p.stderr) < 300 and "XXXX" in p.stderr
    rec = base_record()
    rec["rules"] = {"k" * 100_000: True}
    p = run("replay", "--batch", stdin=json.dumps(rec) + "\n")
    assert p.returncode == 2 and len(p.stdout) < 300 and "kkkk" in p.stdout
