"""Momistigri self-play speed: complete 4-player games per second on one core.

Bots choose from their seat's view (as in real play); the engine applies every action to the
full state. No invariant checks (the simulator adds those).

    .venv/bin/python bench/bench_momistigri.py [--games 300] [--bots heuristic]
"""

import argparse
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
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="heuristic", choices=sorted(BOTS))
    args = parser.parse_args()
    start, cpu_start = time.perf_counter(), time.process_time()
    actions = sum(play(n, args.bots, args.players) for n in range(args.games))
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    print(
        f"momistigri {args.players} players, {args.bots} self-play, {args.games} games: "
        f"{args.games / elapsed:.0f} games/s wall ({elapsed:.2f} s), "
        f"{args.games / cpu:.0f} games/s of CPU time ({cpu:.2f} s); "
        f"{actions / args.games:.0f} actions/game"
    )


if __name__ == "__main__":
    main()
