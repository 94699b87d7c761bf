"""Discovery between hosts made of network namespaces (needs root; see netns.py).

mDNS runs only inside namespaces this test builds and deletes, bound to their own addresses.
"""

import json
import os
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from net.limits import PROTOCOL_VERSION
from tests.net.netns import Host, Lan, NetnsUnavailable, check_available, lan_for_test

ROOT = Path(__file__).resolve().parent.parent.parent
pytestmark = pytest.mark.netns


@pytest.fixture
def lan() -> Iterator[Lan]:
    yield from lan_for_test(3)


class Process:
    """A command inside a namespace whose JSON lines and stderr are collected as they come (so
    a chatty process never blocks on a full pipe)."""

    def __init__(self, host: Host, argv: list[str], stdin: int | None = None) -> None:
        """`stdin`: what the command reads (a terminal's, for a person typing commands)."""
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.process = host.popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                                  cwd=str(ROOT), stdin=stdin)  # fmt: skip
        self.lines: list[dict[str, Any]] = []
        self.errors: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_errors, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.startswith(("{", "[")):
                self.lines.append(json.loads(line))

    def _read_errors(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.errors.append(line)

    def stderr(self) -> str:
        return "".join(self.errors)

    def wait_for(self, check: Any, timeout: float) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in list(self.lines):
                if isinstance(line, dict) and check(line):
                    return line
            time.sleep(0.05)
        raise AssertionError(f"not seen within {timeout} s; saw {self.lines[-5:]}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)


def lanpurr(host: Host, tmp: Path, name: str, *args: str) -> list[str]:
    return host.python("-m", "ui.cli", *args, "--interface", host.address, "--name", name,
                       "--home", str(tmp / name))  # fmt: skip


def test_a_hosted_table_appears_updates_and_disappears_in_another_namespace(
    lan: Lan, tmp_path: Path
) -> None:
    hosting, watching, joining = lan.hosts
    running: list[Process] = []
    try:
        watch = Process(
            watching, watching.python("tests/net/watch_tables.py", watching.address, "60")
        )
        running.append(watch)
        watch.wait_for(lambda line: line["event"] == "browsing", 10)
        host = Process(hosting, lanpurr(hosting, tmp_path, "Ann", "host", "momistigri", "--json"))
        running.append(host)
        hosted = host.wait_for(lambda line: line.get("event") == "hosting", 10)
        found = watch.wait_for(lambda line: line["event"] == "TableFound", 10)
        assert found["address"] == f"{hosting.address}:{hosted['port']}"
        assert (found["game"], found["taken"], found["seats"], found["state"]) == (
            "momistigri", 1, 5, "open",
        )  # fmt: skip
        assert (
            found["host"] == "Ann" and found["version"] == PROTOCOL_VERSION and not found["private"]
        )
        assert len(found["fingerprint"]) == 19

        # Join by the advertised address from a third namespace: the listing follows.
        guest = Process(
            joining, lanpurr(joining, tmp_path, "Bob", "join", found["address"], "--json")
        )
        running.append(guest)
        watch.wait_for(lambda line: line["event"] == "TableUpdated" and line["taken"] == 2, 15)

        host.stop()  # closing the table withdraws it
        watch.wait_for(lambda line: line["event"] == "TableLost", 10)
        guest.wait_for(lambda line: line.get("event") == "TableClosed", 10)
    finally:
        for process in running:
            process.stop()


def test_the_tables_command_lists_tables_as_json(lan: Lan, tmp_path: Path) -> None:
    hosting, listing, _ = lan.hosts
    host = Process(hosting, lanpurr(hosting, tmp_path, "Ann", "host", "purrfect", "--seats", "4",
                                    "--private", "--json"))  # fmt: skip
    try:
        host.wait_for(lambda line: line.get("event") == "hosting", 10)
        time.sleep(1.5)  # registration probes for about 1.2 s
        done = subprocess.run(
            lanpurr(listing, tmp_path, "Cat", "tables", "--json", "--timeout", "3"),
            capture_output=True, text=True, timeout=30, cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        tables = json.loads(done.stdout)
        assert [(t["game"], t["seats"], t["private"], t["host"]) for t in tables] == [
            ("purrfect", 4, True, "Ann")
        ]
    finally:
        host.stop()


def test_namespaces_are_deleted_afterwards() -> None:
    try:
        check_available()
    except NetnsUnavailable as missing:
        if os.environ.get("CI") == "true":
            pytest.fail(str(missing))
        pytest.skip(str(missing))
    with Lan(hosts=2) as lan:
        names = [h.namespace for h in lan.hosts] + [lan.switch]
    listed = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout
    assert not any(name in listed for name in names)
