"""Command line: ``python -m engine replay|bench|arena|coach``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from .record import RecordError, replay, summary


def _load(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None


def replay_text(text: str) -> dict:
    """The replay summary of one record given as JSON text; RecordError when it is bad."""
    return summary(replay(_load(text)))


def cmd_replay(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    if args.batch:
        source = stdin if args.file in (None, "-") else open(args.file, encoding="utf-8")
        all_good = True
        with source:
            for line in source:
                if not line.strip():
                    continue
                try:
                    result: dict = replay_text(line)
                except RecordError as e:
                    result = {"error": str(e)}
                    all_good = False
                stdout.write(json.dumps(result) + "\n")
        return 0 if all_good else 2
    try:
        if args.file in (None, "-"):
            text = stdin.read()
        else:
            with open(args.file, encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        stderr.write(f"error: cannot read {args.file}: {e}\n")
        return 2
    try:
        result = replay_text(text)
    except RecordError as e:
        stderr.write(f"error: {e}\n")
        return 2
    stdout.write(json.dumps(result) + "\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Mittlere Jass engine")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="replay a hand record (JSON) and print its summary")
    p.add_argument("file", nargs="?", help="record file, or - for standard input (default)")
    p.add_argument("--batch", action="store_true", help="JSON Lines in, JSON Lines out")
    b = sub.add_parser("bench", help="print engine speed figures")
    b.add_argument("--seconds", type=float, default=3.0, help="time per figure, in 5 rounds (default 3)")
    b.add_argument("--seed", type=int, default=1)
    try:
        from . import arena
    except ImportError:  # pragma: no cover - arena arrives with the bots
        arena = None
    if arena is not None:
        arena.add_parser(sub)
    from .bots import coach
    coach.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "replay":
        return cmd_replay(args, sys.stdin, sys.stdout, sys.stderr)
    if args.command == "bench":
        from .bench import run_bench
        run_bench(args.seconds, args.seed, sys.stdout)
        return 0
    if args.command == "coach":
        from .bots import coach
        return coach.run(args)
    if args.command == "arena":
        from . import arena
        return arena.run(args)
    parser.error(f"unknown command {args.command}")
    return 2
