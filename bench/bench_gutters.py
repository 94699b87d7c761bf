"""Benchmark of No sin mi gato: planner decisions per second, solo games per second, and the
planner's mean number of solo turns (rated with G-9.5).

    .venv/bin/python bench/bench_gutters.py --games 1000 --seed 0
"""

import argparse
import random
import time

from lanpurr.core.rng import derive
from lanpurr.games.gutters.actions import PlayerAction
from lanpurr.games.gutters.bots import PlannerBot
from lanpurr.games.gutters.simulate import play_game
from lanpurr.games.gutters.state import GuttersState
from lanpurr.games.gutters.variants import rating


class TimedPlanner(PlannerBot):
    """The planner, timing its own decisions in CPU time (the machine may be shared)."""

    def __init__(self) -> None:
        super().__init__()
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, view: GuttersState, seat: int, rng: random.Random) -> PlayerAction:
        start = time.process_time()
        action = super().choose(view, seat, rng)
        self.seconds += time.process_time() - start
        self.decisions += 1
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--board", choices=("standard", "mini"), default="standard")
    args = parser.parse_args()

    turns: list[int] = []
    decisions, thinking = 0, 0.0
    start, cpu_start = time.perf_counter(), time.process_time()
    for index in range(args.games):
        bot = TimedPlanner()
        played = play_game(
            {"mode": "solo", "board": args.board},
            1,
            [bot],
            derive(args.seed, "bench", index),
            check=lambda state: [],
        )
        assert played.end is not None, f"game {index} did not end"
        turns.append(played.end.turns)
        decisions += bot.decisions
        thinking += bot.seconds
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    mean = sum(turns) / len(turns)
    print(f"solo games ({args.board} board, planner): {args.games}, seed {args.seed}")
    print(f"  mean turns to win all 15 cats  {mean:.2f}  ({rating(round(mean))!r})")
    print(
        f"  turns: best {min(turns)}, worst {max(turns)}, "
        f"13 or fewer in {sum(t <= 13 for t in turns) / len(turns):.1%} of games"
    )
    print(
        f"  planner decisions per CPU s    {decisions / thinking:.1f}"
        f"  (turns planned per CPU s {sum(turns) / thinking:.1f})"
    )
    print(f"  solo games per CPU s           {args.games / cpu:.2f}")
    print(f"  CPU time {cpu:.1f} s, wall time {elapsed:.1f} s")


if __name__ == "__main__":
    main()
