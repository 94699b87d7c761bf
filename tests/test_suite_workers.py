"""README's test command, `pytest -n auto`, starts two workers per core (decision 56), and a
pytest run without xdist (as the app's own test runs are) still loads the suite's conftest."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NO_TEST = 5
"""pytest's exit code when nothing was selected: the runs below only collect."""


def _pytest(*arguments: str) -> str:
    environment = {k: v for k, v in os.environ.items() if k != "PYTEST_XDIST_AUTO_NUM_WORKERS"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-o", "addopts=", "-k", "no_such_test", *arguments,
         "tests/test_suite_workers.py"],
        cwd=ROOT, capture_output=True, text=True, env=environment, timeout=120,
    )  # fmt: skip
    assert done.returncode == NO_TEST, done.stdout[-2000:] + done.stderr[-2000:]
    return done.stdout


def test_auto_starts_two_workers_per_core() -> None:
    workers = min(2 * len(os.sched_getaffinity(0)), 16)
    assert f"created: {workers}/{workers} workers" in _pytest("-n", "auto")


def test_a_run_without_xdist_loads_the_suites_conftest() -> None:
    assert "2 deselected" in _pytest("-p", "no:xdist")
