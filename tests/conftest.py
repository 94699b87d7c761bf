"""The whole suite speaks English unless a test asks for another language: the terminal takes
the system's language (ui/terminal/speech.py), and every `lanpurr` process a test starts
inherits this environment.

`-n auto` (README's test command) starts two workers per core, not one: most of the suite's
time is whole games between real processes that wait for one another, for grace periods and
for timeouts, so one worker per core leaves the cores idle much of the time
(docs/decisions/0056)."""

import os

import pytest

for _name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"

WORKERS_PER_CORE = 2
MOST_WORKERS = 16
"""(Each worker is a Python process with Qt loaded; beyond this, more is only more memory.)"""


@pytest.hookimpl(optionalhook=True)  # (a test's own pytest run may go without xdist)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # pytest-xdist reads it
    return min(WORKERS_PER_CORE * len(os.sched_getaffinity(0)), MOST_WORKERS)
