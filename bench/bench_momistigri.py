"""Momistigri self-play speed: complete 4-player games per second on one core.

Bots choose from their seat's view (as in real play); the engine applies every action to the
full state. No invariant checks (the simulator adds those).

    .venv/bin/python bench/bench_momistigri.py [--games 100] [--repeat 5] [--bots heuristic]

Like `timeit`, it reports the best of `--repeat` batches, the figure least disturbed by other
work on the machine, and the median batch for comparison.
"""

import argparse
import statistics
import time

from lanpurr.core.game import CHANCE
from lanpurr.core.rng import derive, rng_from
from lanpurr.games.momistigri import GAME
from lanpurr.games.momistigri.bots import BOTS


def play(number: int, bot_name: str, players: int) -> int:
    bots = [BOTS[bot_name]() for _ in range(players)]
    rngs = [rng_from("bench", number, seat) for seat in range(players)]
    state = GAME.new_state(players, {})
    actions = 0
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        if seat == CHANCE:
            action = GAME.chance_action(state, derive("bench", number, actions))
        else:
            action = bots[seat].choose(GAME.view(state, seat), seat, rngs[seat])
        state = GAME.apply(state, action).state
        actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per batch")
    parser.add_argument("--repeat", type=int, default=5, help="batches; the best one counts")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="heuristic", choices=sorted(BOTS))
    args = parser.parse_args()
    rates: list[float] = []
    cpu_rates: list[float] = []
    actions = 0
    for batch in range(args.repeat):
        first = batch * args.games  # every batch plays different games
        start, cpu_start = time.perf_counter(), time.process_time()
        actions = sum(play(n, args.bots, args.players) for n in range(first, first + args.games))
        rates.append(args.games / (time.perf_counter() - start))
        cpu_rates.append(args.games / (time.process_time() - cpu_start))
    print(
        f"momistigri {args.players} players, {args.bots} self-play, {args.repeat} x {args.games} "
        f"games: best {max(rates):.0f} games/s, median {statistics.median(rates):.0f} games/s "
        f"(CPU time: best {max(cpu_rates):.0f}); {actions / args.games:.0f} actions/game"
    )


if __name__ == "__main__":
    main()
