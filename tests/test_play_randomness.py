"""The test harnesses' shared random stream never reaches a real game.

`lanpurr.seat.harness` and `lanpurr.fair.harness` draw every seat's secrets from one seeded
stream, so that a test can replay a table exactly; whoever knows that stream knows every hand.
A game between laptops must use each seat's own randomness (net/game/record.py), never theirs: no
module of `net/` or `ui/` imports them, and loading the app's and the command line's game code
does not load them either (docs/fair-play.md, threat model)."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_layering import ROOT

HARNESSES = ("lanpurr.seat.harness", "lanpurr.fair.harness", "lanpurr.seat.whole_game")


def imported_modules(path: Path) -> set[str]:

    tree = ast.parse(path.read_text(), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


@pytest.mark.parametrize("package", ["net", "ui"])
def test_no_module_of_the_network_or_the_app_imports_a_harness(package: str) -> None:
    offenders = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in sorted((ROOT / package).rglob("*.py"))
        for name in sorted(imported_modules(path))
        if name.startswith(HARNESSES)
    ]
    assert not offenders, "\n".join(offenders)


def test_the_game_code_of_the_app_and_the_command_line_loads_no_harness() -> None:
    code = (
        "import sys\n"
        "import net.game.driver, net.table.session, ui.main_window, ui.tables.network_table\n"
        "import ui.terminal.cli\n"
        f"bad = sorted(n for n in sys.modules if n.startswith({HARNESSES!r}))\n"
        "print(bad); sys.exit(1 if bad else 0)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_check_sees_an_import_of_a_harness(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from lanpurr.seat import harness\nimport lanpurr.fair.harness\n")
    assert {"lanpurr.seat.harness", "lanpurr.fair.harness"} <= imported_modules(bad)
