"""`lanpurr simulate GAME --seats` through the real command: every game between seat runtimes,
one per seat, each round audited by every seat."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def lanpurr(*args: str) -> subprocess.CompletedProcess[str]:
    code = "import sys; from ui.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def test_games_between_seat_runtimes_complete_fair_with_their_figures() -> None:
    done = lanpurr("simulate", "gutters", "--players", "2", "--games", "2", "--seats", "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout)
    assert (report["completed"], report["violations"]) == (2, 0)
    assert report["table"] == "seat runtimes, one per seat (shuffle proofs on)"
    assert sum(report["wins"]) == 2
    assert report["rounds_per_game"] == 1
    assert report["frames_per_game"] > 20 and report["kib_per_seat_round"] > 1


def test_the_text_report_says_how_the_games_were_played() -> None:
    done = lanpurr(
        "simulate", "momistigri", "--players", "3", "--games", "1", "--seats", "--no-proofs"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "played on           seat runtimes, one per seat (shuffle proofs off)" in done.stdout
    assert "games completed      1/1" in done.stdout


def test_bad_arguments_get_a_one_line_answer() -> None:
    cases = [
        (("purrfect", "--players", "9"), "Purrfect is for"),
        (("momistigri", "--players", "3", "--bots", "heuristic,nobody,random"), "unknown bot"),
        (("momistigri", "--players", "3", "--variant", "mini"), "has no variants"),
        (("gutters", "--players", "2", "--bots", "planner"), "give one per seat"),
    ]
    for args, message in cases:
        done = lanpurr("simulate", *args, "--seats", "--games", "1")
        assert done.returncode == 2 and message in done.stdout, (args, done.stdout)
        assert "Traceback" not in done.stderr
    done = lanpurr("simulate", "gutters", "--players", "2", "--no-proofs")
    assert done.returncode == 2 and "--no-proofs goes with --seats" in done.stdout
