"""Command line: ``python -m engine replay|bench|arena|coach``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable
from typing import Any, TextIO

from .protocol import ReplaySummary
from .quote import cut
from .record import RecordError, replay, summary


def _load(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except RecursionError:
        raise RecordError("not valid JSON: nested too deeply") from None
    except ValueError as e:  # an integer beyond Python's digit limit for int()
        raise RecordError(f"not valid JSON: a number with too many digits ({cut(str(e))})") from None


def replay_text(text: str) -> ReplaySummary:
    """The replay summary of one record given as JSON text; RecordError when it is bad."""
    return summary(replay(_load(text)))


def _batch_line(raw: bytes | str) -> dict[str, Any] | ReplaySummary | None:
    """The output of one ``--batch`` input line (None for a blank line); never raises for bad input."""
    if isinstance(raw, bytes):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            return {"error": f"the line is not valid UTF-8 (byte {raw[e.start]:#04x} at position {e.start})"}
    else:
        line = raw
    if not line.strip():
        return None
    try:
        return replay_text(line)
    except RecordError as e:
        return {"error": str(e)}


def cmd_replay(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    name = args.file if args.file not in (None, "-") else None
    if args.batch:
        try:
            # bytes where possible: an invalid UTF-8 line is then that line's error, not the end of the batch
            source: Iterable[bytes | str] = open(name, "rb") if name else getattr(stdin, "buffer", stdin)
        except OSError as e:
            stderr.write(f"error: cannot read {cut(str(name))}: {e.strerror or e}\n")
            return 2
        all_good = True
        try:
            for raw in source:
                result = _batch_line(raw)
                if result is None:
                    continue
                all_good = all_good and "error" not in result
                stdout.write(json.dumps(result) + "\n")
        except OSError as e:  # e.g. a directory given as the file
            stderr.write(f"error: cannot read {cut(str(name))}: {e.strerror or e}\n")
            return 2
        finally:
            if name and hasattr(source, "close"):
                source.close()
        return 0 if all_good else 2
    try:
        if name is None:
            text = stdin.read()
        else:
            with open(name, encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        stderr.write(f"error: cannot read {cut(str(args.file))}: {reason}\n")
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
    from . import arena
    from .bots import coach

    arena.add_parser(sub)
    coach.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; every failure is one line on stderr and an exit code, never a traceback."""
    try:
        return _main(argv)
    except BrokenPipeError:  # the reader went away (`| head -1`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # Python would fail flushing stdout at exit otherwise
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as e:  # a bug: say so in one line
        sys.stderr.write(f"error: internal error: {type(e).__name__}: {cut(str(e), 300)}\n")
        return 1


def _main(argv: list[str] | None) -> int:
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
    from . import arena  # the only other command (argparse refuses unknown ones)

    return arena.run(args)
