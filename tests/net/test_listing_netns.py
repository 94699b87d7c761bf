"""A table leaves other lobbies within seconds when its game is over, when it closes, and when
it moves (needs root; mDNS runs only inside namespaces the test builds, see netns.py)."""

import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.net.netns import Lan, lan_for_test
from tests.net.test_discovery_netns import Process, lanpurr

pytestmark = pytest.mark.netns

PROMPTLY = 5.0
"""Seconds within which other lobbies must drop or update a table that changed."""


@pytest.fixture
def lan() -> Iterator[Lan]:
    yield from lan_for_test(2)


def _after(process: Process, since: float, check: Any, timeout: float) -> dict[str, Any]:
    return process.wait_for(lambda line: line.get("at", line.get("t", 0)) >= since and check(line),
                            timeout)  # fmt: skip


def _say(host: Process, command: str) -> float:
    assert host.process.stdin is not None
    said = time.time()
    host.process.stdin.write(f"{command}\n")
    host.process.stdin.flush()
    return said


def test_a_game_over_takes_the_table_off_and_play_again_lists_it_anew(
    lan: Lan, tmp_path: Path
) -> None:
    hosting, watching = lan.hosts
    watch = Process(watching, watching.python("tests/net/watch_tables.py", watching.address, "200"))
    host = Process(hosting, hosting.python("tests/net/staying_app_host.py", str(tmp_path / "Ann"),
                                           hosting.address), stdin=subprocess.PIPE)  # fmt: skip
    try:
        watch.wait_for(lambda line: line["event"] == "browsing", 10)
        host.wait_for(lambda line: line["event"] == "hosting", 15)
        watch.wait_for(lambda line: line["event"] == "TableFound", 15)
        over = host.wait_for(lambda line: line["event"] == "over", 150)
        # The app's end panel stays, and so did the listing ("Already playing"), for good.
        lost = _after(watch, over["t"], lambda line: line["event"] == "TableLost", 15)
        assert lost["at"] - over["t"] <= PROMPTLY

        said = _say(host, "again")
        found = _after(watch, said, lambda line: line["event"] == "TableFound", 15)
        assert found["state"] == "open" and found["at"] - said <= PROMPTLY

        said = _say(host, "leave")
        lost = _after(watch, said, lambda line: line["event"] == "TableLost", 15)
        assert lost["at"] - said <= PROMPTLY
    finally:
        host.stop()
        watch.stop()


def test_a_closed_table_stays_gone_when_another_table_answers_at_its_port(
    lan: Lan, tmp_path: Path
) -> None:
    """The app hosts every table on the usual port: the next table there answered the re-check
    for the closed one, which came back to every lobby and stayed."""
    hosting, watching = lan.hosts
    watch = Process(watching, watching.python("tests/net/watch_tables.py", watching.address,
                                              "200", "1"))  # fmt: skip
    first = Process(hosting, lanpurr(hosting, tmp_path, "Ann", "host", "momistigri", "--json"))
    second: Process | None = None
    try:
        watch.wait_for(lambda line: line["event"] == "browsing", 10)
        hosted = first.wait_for(lambda line: line.get("event") == "hosting", 15)
        found = watch.wait_for(lambda line: line["event"] == "TableFound", 15)
        closed = time.time()
        first.stop()  # (the host closes its table)
        _after(watch, closed, lambda line: line["event"] == "TableLost", PROMPTLY)
        second = Process(hosting, lanpurr(hosting, tmp_path, "Ann", "host", "purrfect", "--json",
                                          "--port", str(hosted["port"])))  # fmt: skip
        again = second.wait_for(lambda line: line.get("event") == "hosting", 15)
        assert again["port"] == hosted["port"]
        _after(watch, closed, lambda line: line.get("game") == "purrfect", 15)
        time.sleep(4.0)  # several re-checks (every second here)
        back = [line for line in watch.lines
                if line["at"] > closed and line.get("service") == found["service"]
                and line["event"] != "TableLost"]  # fmt: skip
        assert back == []
    finally:
        for process in (first, second):
            if process is not None:
                process.stop()
        watch.stop()
