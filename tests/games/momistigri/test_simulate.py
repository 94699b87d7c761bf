"""`lanpurr simulate momistigri` through the real command."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
LANPURR = str(Path(sys.executable).parent / "lanpurr")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [LANPURR, "simulate", "momistigri", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_same_seed_gives_the_same_report() -> None:
    args = (
        "--players",
        "4",
        "--games",
        "25",
        "--seed",
        "9",
        "--bots",
        "heuristic,random,random,heuristic",
        "--json",
    )
    first, second = run(*args), run(*args)
    assert first.returncode == 0, first.stdout + first.stderr
    assert first.stdout == second.stdout
    report = json.loads(first.stdout)
    assert report["completed"] == 25 and report["violations"] == 0
    assert abs(sum(report["wins"]) - 25) < 1e-6  # shared wins are fractional
    assert report["mean_turns_per_round"] > 5
    assert report["bots"] == ["heuristic", "random", "random", "heuristic"]
    other = json.loads(run("--players", "4", "--games", "25", "--seed", "10", "--json").stdout)
    assert other != report


def test_the_text_report_lists_figures_and_wins_by_seat() -> None:
    done = run("--players", "3", "--games", "5", "--seed", "1")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "mean turns per round" in done.stdout and "seat 2 random" in done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--players", "4", "--bots", "heuristic,random,random"), "3 bot(s) for 4 players"),
        (("--players", "3", "--bots", "heuristic,clever,random"), "unknown bot 'clever'"),
        (
            (
                "--players",
                "6",
            ),
            "3 to 5 players, not 6",
        ),
        (("--players", "4", "--variant", "solo"), "no variants"),
    ],
)
def test_bad_arguments_give_a_clear_one_line_message(args: tuple[str, ...], message: str) -> None:
    done = run(*args, "--games", "2")
    assert done.returncode == 2
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], done.stdout + done.stderr
