"""CPU-seconds per test: a pytest plugin that reads the machine's busy CPU time (/proc/stat, Linux only) before and
after each test and prints the totals, the files and the dearest tests at the end (issue 21: where the e2e suite's
CPU goes). Machine-wide, so run it on a quiet machine and in one process (no xdist):

    PYTHONPATH=scripts CHROMIUM_PATH=/usr/bin/chromium .venv/bin/python -m pytest -q -p no:xdist -p cpu_per_test e2e

$CPU_PER_TEST_JSON, if set, names a file for the rows [test id, CPU-s, wall s] (to compare two runs side by side).
"""
from __future__ import annotations

import json
import os
import time
from collections import defaultdict

import pytest

HZ = os.sysconf("SC_CLK_TCK")
_rows: list[tuple[str, float, float]] = []


def busy_seconds() -> float:
    """CPU time the machine has spent on anything but idling and waiting for the disk, in seconds."""
    with open("/proc/stat") as f:
        ticks = [int(x) for x in f.readline().split()[1:]]
    return (sum(ticks) - ticks[3] - ticks[4]) / HZ


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    cpu0, wall0 = busy_seconds(), time.monotonic()
    yield
    _rows.append((item.nodeid, round(busy_seconds() - cpu0, 2), round(time.monotonic() - wall0, 2)))


def pytest_terminal_summary(terminalreporter) -> None:
    if not _rows:
        return
    say = terminalreporter.write_line
    say(f"cpu_per_test: {len(_rows)} tests, {sum(r[1] for r in _rows):.1f} CPU-s, {sum(r[2] for r in _rows):.1f} s")
    files: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0])
    for test, cpu, wall in _rows:
        f = files[test.split("::")[0]]
        f[0] += cpu
        f[1] += wall
        f[2] += 1
    for name, (cpu, wall, n) in sorted(files.items(), key=lambda kv: -kv[1][0]):
        say(f"  {cpu:7.1f} CPU-s {wall:7.1f} s {int(n):4d} tests  {name}")
    for test, cpu, wall in sorted(_rows, key=lambda r: -r[1])[:15]:
        say(f"  {cpu:7.1f} CPU-s {wall:7.1f} s  {test}")
    if os.environ.get("CPU_PER_TEST_JSON"):
        with open(os.environ["CPU_PER_TEST_JSON"], "w") as f:
            json.dump(_rows, f)
