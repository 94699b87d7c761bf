"""Purrfect simulation speed: complete simulated 7-player games per second on one core.

Runs the real simulator (`lanpurr simulate purrfect`): bots on simulated time, every action
checked against the invariants, every acceptance delivered to its offerer's peer.

    .venv/bin/python bench/bench_purrfect.py [--games 100] [--players 7] [--bots heuristic]
"""

import argparse
import time

from lanpurr.core.simulation import SimulationConfig
from lanpurr.games.purrfect.bots import BOTS
from lanpurr.games.purrfect.simulate import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=7)
    parser.add_argument("--bots", default="heuristic", choices=sorted(BOTS))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    config = SimulationConfig(
        "purrfect", args.players, args.games, args.seed, bots=(args.bots,) * args.players
    )
    start, cpu_start = time.perf_counter(), time.process_time()
    report = simulate(config)
    wall = time.perf_counter() - start
    # CPU time, not wall time: the figure stays honest on a machine busy with other work.
    elapsed = time.process_time() - cpu_start
    rounds = report.figures["rounds_per_game"] * args.games
    swaps = report.figures["trades_per_round"] * rounds
    print(
        f"purrfect: {args.games} games of {args.players} {args.bots} bots: "
        f"{elapsed:.2f} s CPU ({wall:.2f} s wall)"
    )
    print(f"  games per CPU second   {args.games / elapsed:8.1f}")
    print(f"  rounds per CPU second  {rounds / elapsed:8.1f}")
    print(f"  swaps per CPU second   {swaps / elapsed:8.1f}")
    print(f"  completed {report.completed}/{args.games}, violations {len(report.violations)}")


if __name__ == "__main__":
    main()
