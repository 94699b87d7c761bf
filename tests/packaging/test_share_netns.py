"""A laptop with no internet gets lanpurr from a friend over the LAN, then joins their table.

Two network namespaces that this test builds and deletes: the friend's serves the kit with
`lanpurr share` and hosts a table; the newcomer's only network is the veth to the friend, so no
package index can be reached. The newcomer makes a fresh virtual environment from the plain
Python interpreter, installs lanpurr with pip from the friend's /wheels/ page alone, and runs
the installed `lanpurr` (not this checkout).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.net.netns import Lan, NetnsUnavailable, check_available
from tests.packaging.conftest import ROOT, Watched

pytestmark = pytest.mark.netns
PORT = 8765


def plain_environment(home: Path) -> dict[str, str]:
    """No pip configuration (this machine's points at local package mirrors), no PYTHONPATH."""
    keep = {"PATH", "LANG", "LC_ALL", "TERM"}
    env = {k: v for k, v in os.environ.items() if k in keep}
    env.update(PIP_CONFIG_FILE=os.devnull, PIP_NO_CACHE_DIR="1", PIP_DISABLE_PIP_VERSION_CHECK="1",
               HOME=str(home), LANPURR_HOME=str(home / "lanpurr"))  # fmt: skip
    return env


def test_a_laptop_with_no_internet_installs_lanpurr_from_a_friend_and_joins_the_table(
    kit: Path, tmp_path: Path
) -> None:
    try:
        check_available()
    except NetnsUnavailable as missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the offline install test must run in CI: {missing}")
        pytest.skip(str(missing))
    with Lan(hosts=2) as lan:
        friend, newcomer = lan.hosts
        repo_env = {**os.environ, "PYTHONPATH": str(ROOT), "LANPURR_HOME": str(tmp_path / "ann")}
        running: list[Watched] = []
        try:
            share = Watched(
                friend.python("-m", "ui.cli", "share", "--kit", str(kit), "--bind",
                              friend.address, "--port", str(PORT)),
                env=repo_env, cwd=ROOT,
            )  # fmt: skip
            running.append(share)
            share.wait_for(lambda line: "Ctrl-C stops sharing" in line, 30)
            table = Watched(
                friend.python("-m", "ui.cli", "host", "momistigri", "--no-announce", "--json",
                              "--name", "Ann", "--interface", friend.address),
                env=repo_env, cwd=ROOT,
            )  # fmt: skip
            running.append(table)
            hosted = json.loads(table.wait_for(lambda line: '"hosting"' in line, 30))

            # The newcomer's namespace has no way out: no default route, only the friend's LAN.
            routes = subprocess.run(newcomer.command(["ip", "route"]), capture_output=True,
                                    text=True, timeout=10).stdout  # fmt: skip
            assert "default" not in routes and friend.address.rsplit(".", 1)[0] in routes

            home = tmp_path / "newcomer"
            home.mkdir()
            env = plain_environment(home)
            venv = home / "lanpurr-env"
            plain_python = Path(sys.base_prefix) / "bin" / "python3"

            def on_newcomer(*argv: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
                done = subprocess.run(newcomer.command(argv), capture_output=True, text=True,
                                      timeout=timeout, env=env, cwd=home)  # fmt: skip
                assert done.returncode == 0, f"{argv}:\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
                return done

            on_newcomer(str(plain_python), "-m", "venv", str(venv))
            # The exact command the shared page gives (with this venv's pip).
            on_newcomer(str(venv / "bin" / "pip"), "install", "--no-index", "--trusted-host",
                        friend.address, "--find-links", f"http://{friend.address}:{PORT}/wheels/",
                        "lanpurr")  # fmt: skip
            assert any("downloaded lanpurr-" in line for line in share.lines)

            version = on_newcomer(str(venv / "bin" / "lanpurr"), "--version", timeout=60)
            assert version.stdout.startswith("lanpurr 0.1") and "network protocol" in version.stdout
            # The installed copy, with the share page's texts (package data) on board.
            code = "from net.share.share_page import texts; import ui; "
            code += "print(texts()['it']['title'], ui.__file__)"
            where = on_newcomer(str(venv / "bin" / "python"), "-c", code, timeout=60)
            assert where.stdout.startswith("Prendi lanpurr " + str(venv)), where.stdout

            guest = Watched(
                newcomer.command([str(venv / "bin" / "lanpurr"), "join",
                                  f"{friend.address}:{hosted['port']}", "--json", "--name", "Bob",
                                  "--interface", newcomer.address]),
                env=env, cwd=home,
            )  # fmt: skip
            running.append(guest)
            joined = json.loads(
                guest.wait_for(lambda line: '"Joined"' in line and '"table"' in line, 30)
            )
            assert joined["table"] == hosted["table"]
            table.wait_for(lambda line: '"name": "Bob"' in line, 15)  # Ann's table seats Bob
        finally:
            for process in running:
                process.stop()
        assert any("stopped sharing" in line for line in share.lines)
