"""`lanpurr host` and `lanpurr join` print where a phone watches the table (`phone` in
`--json`), on the address the table uses on the LAN; a phone on another laptop of that LAN
opens the page and its feed there. In network namespaces: nothing reaches a real network."""

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.net.netns import Lan, lan_for_test
from tests.net.test_discovery_netns import ROOT, Process, lanpurr

pytestmark = pytest.mark.netns


@pytest.fixture
def lan() -> Iterator[Lan]:
    yield from lan_for_test(2)


def test_host_and_join_print_the_phones_address_and_a_phone_on_the_lan_opens_it(
    lan: Lan, tmp_path: Path
) -> None:
    hosting, joining = lan.hosts
    running: list[Process] = []
    try:
        host = Process(hosting, lanpurr(hosting, tmp_path, "Ann", "host", "gutters", "--seats",
                                        "3", "--no-announce", "--json"))  # fmt: skip
        running.append(host)
        hosted = host.wait_for(lambda line: line.get("event") == "hosting", 20)
        assert hosted["phone"] == f"http://{hosting.address}:{hosted['port'] + 1}/"
        guest = Process(joining, lanpurr(joining, tmp_path, "Ben", "join", hosted["address"],
                                         "--json"))  # fmt: skip
        running.append(guest)
        joined = guest.wait_for(lambda line: line.get("event") == "Joined" and "phone" in line, 20)
        assert joined["phone"] == f"http://{joining.address}:{joined['port'] + 1}/"
        # A phone on Ben's side of the LAN watches Ann's table from Ann's laptop...
        fetched = subprocess.run(
            joining.python("tests/phone/fetch_page.py", hosted["phone"], "2"),
            capture_output=True, text=True, timeout=60, cwd=str(ROOT),
            env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        )  # fmt: skip
        assert fetched.returncode == 0, fetched.stderr
        seen = json.loads(fetched.stdout)
        assert seen["page"] > 300 and seen["script"]
        table = seen["feed"][0]
        assert table["k"] == "table" and table["game"] == "gutters"
        assert table["seats"][:2] == ["Ann", "Ben"] or "Ann" in table["seats"]
        host.wait_for(lambda line: line.get("event") == "phones" and line["count"] == 1, 20)
        # ...and from Ben's, where the same table shows.
        fetched = subprocess.run(
            hosting.python("tests/phone/fetch_page.py", joined["phone"], "1"),
            capture_output=True, text=True, timeout=60, cwd=str(ROOT),
            env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        )  # fmt: skip
        assert fetched.returncode == 0, fetched.stderr
        assert json.loads(fetched.stdout)["feed"][0]["game"] == "gutters"
    finally:
        for process in running:
            process.stop()
