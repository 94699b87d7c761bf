"""The headless commands speak in sentences and never wait for a keyboard that is not there."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def lanpurr(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ui.cli", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL,
    )  # fmt: skip


def test_a_damaged_identity_stops_the_command_until_the_player_agrees(tmp_path: Path) -> None:
    (tmp_path / "identity.json").write_text("{ not json")
    done = lanpurr("join", "127.0.0.1:1", "--home", str(tmp_path))
    assert done.returncode == 2
    assert "identity" in done.stderr and "is damaged" in done.stderr
    assert "--new-identity" in done.stderr and "Traceback" not in done.stderr
    assert (tmp_path / "identity.json").read_text() == "{ not json"  # never replaced silently

    replaced = lanpurr("join", "127.0.0.1:1", "--home", str(tmp_path), "--new-identity")
    assert "Nobody hosts a table at 127.0.0.1:1" in replaced.stderr  # got past the identity
    assert json.loads((tmp_path / "identity.json").read_text())["format"] == 1
    assert list(tmp_path.glob("identity.json.damaged-*"))


def test_bad_arguments_are_explained(tmp_path: Path) -> None:
    home = ("--home", str(tmp_path))
    assert "is not a port number" in lanpurr("join", "nowhere:port", *home).stderr
    assert (
        "is played by 3 to 5 players, not 9"
        in lanpurr("host", "momistigri", "--seats", "9", "--no-announce", *home).stderr
    )
    assert (
        "--bots must be between 0"
        in lanpurr("host", "gutters", "--seats", "2", "--bots", "3", "--no-announce", *home).stderr
    )
    assert (
        "You have not hosted a table"
        in lanpurr("host", "gutters", "--resume", "--no-announce", *home).stderr
    )


def test_starting_lanpurr_leaves_no_file_in_the_temporary_folder() -> None:
    """rbcl writes libsodium to a temporary file at every import; a laptop that starts lanpurr
    every day must not collect them (the `lanpurr` command removes it once loaded)."""
    code = (
        "import sys, contextlib\n"
        "from ui.cli import main\n"
        "with contextlib.suppress(SystemExit):\n"
        "    main(['--version'])\n"
        "print(sys.modules['rbcl._sodium'].lib_path)"
    )
    shown = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    path = shown.stdout.strip().splitlines()[-1]
    assert path and not os.path.exists(path)
