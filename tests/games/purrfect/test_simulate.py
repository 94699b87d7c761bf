"""`lanpurr simulate purrfect`: simulated real time, invariant checks, bounded rounds."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lanpurr.core.simulation import SimulationConfig
from lanpurr.games.purrfect import simulate as simulation

ROOT = Path(__file__).resolve().parents[3]


def lanpurr_command() -> list[str]:
    script = shutil.which("lanpurr", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "ui.cli"]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*lanpurr_command(), "simulate", "purrfect", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_same_seed_same_output_through_the_real_command() -> None:
    args = ("--players", "6", "--games", "6", "--seed", "11", "--json")
    first, second = run_cli(*args), run_cli(*args)
    assert first.returncode == 0, first.stdout + first.stderr
    assert first.stdout == second.stdout
    report = json.loads(first.stdout)
    assert report["completed"] == 6 and report["violations"] == 0
    assert 1 <= report["rounds_per_game"] <= 9 and report["trades_per_round"] > 0
    assert sum(report["wins"]) == 6
    other = run_cli("--players", "6", "--games", "6", "--seed", "12", "--json")
    assert other.stdout != first.stdout


def test_the_text_report_and_show() -> None:
    done = run_cli("--players", "4", "--games", "2", "--seed", "1", "--show")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "games completed      2/2" in done.stdout and "rounds per game" in done.stdout
    assert "winner: seat" in done.stdout


def test_bad_arguments_are_refused_with_a_reason() -> None:
    done = run_cli("--players", "8", "--games", "1")
    assert done.returncode == 2 and "3 to 7 players" in done.stdout
    done = run_cli("--players", "4", "--bots", "heuristic,clever,random,random")
    assert done.returncode == 2 and "unknown bot 'clever'" in done.stdout


def test_a_round_that_runs_too_long_is_a_reported_violation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(simulation, "MAX_ACTIONS_PER_ROUND", 5)
    report = simulation.simulate(SimulationConfig("purrfect", players=4, games=2, seed=0))
    assert report.completed == 0 and len(report.violations) == 2
    assert all("ran too long" in v for v in report.violations)


def test_three_players_play_with_allow_three() -> None:
    report = simulation.simulate(SimulationConfig("purrfect", players=3, games=3, seed=5))
    assert report.completed == 3 and not report.violations


def test_the_heuristic_wins_at_least_twice_the_random_share_against_random_bots() -> None:
    games = 40
    bots = ("heuristic", "random", "random", "random", "random")
    report = simulation.simulate(SimulationConfig("purrfect", 5, games, seed=2026, bots=bots))
    assert report.completed == games and not report.violations
    heuristic_share = report.wins[0] / games
    assert heuristic_share >= 2 * (1 / 5), report.as_text()
