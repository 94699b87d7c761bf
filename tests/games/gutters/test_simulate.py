"""`lanpurr simulate gutters` through the real command."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def lanpurr(*args: str) -> subprocess.CompletedProcess[str]:
    code = "import sys; from ui.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def test_the_same_seed_gives_the_same_report_with_mean_turns_for_solo() -> None:
    args = (
        "simulate",
        "gutters",
        "--players",
        "1",
        "--variant",
        "solo",
        "--games",
        "2",
        "--seed",
        "5",
        "--json",
    )
    first, second = lanpurr(*args), lanpurr(*args)
    assert first.returncode == 0, first.stdout + first.stderr
    assert first.stdout == second.stdout
    report = json.loads(first.stdout)
    assert report["completed"] == 2 and report["violations"] == 0
    assert report["mean_turns"] > 0 and report["game"] == "gutters"
    assert {"wins", "win_rates", "bots", "seed", "players"} <= set(report)


def test_co_op_reports_mean_turns_and_show_prints_boards() -> None:
    done = lanpurr(
        "simulate",
        "gutters",
        "--players",
        "2",
        "--variant",
        "coop",
        "--games",
        "1",
        "--seed",
        "1",
        "--show",
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "mean turns" in done.stdout and "Home A" in done.stdout and "game 0:" in done.stdout


def test_mini_and_teams_run() -> None:
    done = lanpurr(
        "simulate", "gutters", "--players", "4", "--variant", "teams", "--games", "1", "--json"
    )
    assert done.returncode == 0 and json.loads(done.stdout)["completed"] == 1
    done = lanpurr(
        "simulate",
        "gutters",
        "--players",
        "2",
        "--variant",
        "mini",
        "--games",
        "1",
        "--bots",
        "planner,random",
        "--json",
    )
    assert done.returncode == 0 and json.loads(done.stdout)["bots"] == ["planner", "random"]


@pytest.mark.parametrize(
    ("players", "variant", "words"),
    [
        ("3", "teams", "G-9.2: the teams game needs exactly 4 players, not 3"),
        ("2", "solo", "G-9.4: the solo game needs exactly 1 player, not 2"),
        ("2", "huge", "gutters has no variant 'huge'"),
    ],
)
def test_bad_arguments_give_one_clear_line(players: str, variant: str, words: str) -> None:
    done = lanpurr("simulate", "gutters", "--players", players, "--variant", variant)
    assert done.returncode == 2
    assert done.stdout.count("\n") == 1 and words in done.stdout, done.stdout
