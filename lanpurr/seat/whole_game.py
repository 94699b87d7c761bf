"""Whole games between seat runtimes, in memory, and everything such a game must satisfy.

`play` seats one bot per seat, each in its own `SeatRuntime` with its own keys, and lets the
in-memory network (harness.py) deliver every frame in a random interleaving per receiver. When
the table falls quiet before the game's end, its patience runs out (`time_out`), as a laptop's
would. `problems` then lists, in words, every way the game failed what network play promises:
it ended on every seat, nobody was accused, every seat agrees on the scores, every round's audit
(every seat runs its own) is fair, the audit's full-knowledge replay keeps the game's invariants
after every play, each seat's view equals the replayed state's view for that seat at every step,
and what each seat decrypted is what the audit decrypted.

The tests, `lanpurr simulate --seats` and the benchmarks all play their games through here.
"""

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lanpurr.core.game import Seat
from lanpurr.fair.accusation import Accusation
from lanpurr.seat import registry
from lanpurr.seat.harness import Bot, Network, Outcome, seat_table
from lanpurr.seat.runtime import SeatRuntime
from lanpurr.seat.seat_base import PeerFactory

MAX_FRAMES = 2_000_000
"""Frame deliveries before a game counts as one that never ends (a 7-seat Purrfect game takes
about 80 000)."""


@dataclass
class GameRun:
    game: str
    network: Network
    outcome: Outcome
    timed_out: list[Accusation] = field(default_factory=list)
    """What the seats named when the quiet table's patience ran out (nothing if it ended)."""

    @property
    def runtimes(self) -> list[SeatRuntime]:
        return self.network.runtimes

    def scores(self) -> list[int]:
        first = self.runtimes[0]
        return list(first.layer.scores(first.state))

    def final_state(self) -> Any:
        """The full state at the end, as the last round's audit replayed it (the only place
        a full state exists)."""
        replay = self.runtimes[0].rounds[-1].replay
        assert replay is not None and replay.states, "the last round was not audited"
        return replay.states[-1]

    def winners(self) -> tuple[Seat, ...]:
        state = self.runtimes[0].state
        winners = getattr(state, "winners", None)
        if winners is None and hasattr(state, "winner"):
            winners = () if state.winner is None else (state.winner,)
        if winners is None:  # gutters: the game's last event names them
            ended = [
                step.event
                for update in self.runtimes[0].updates
                for step in update.steps
                if hasattr(step.event, "winners")
            ]
            winners = ended[-1].winners if ended else ()
        return tuple(winners)

    def bytes_sent(self) -> list[int]:
        """Bytes each seat signed and sent, once per frame (a frame goes to every other seat)."""
        sent = [0] * len(self.runtimes)
        receiver = {s: (s + 1) % len(sent) for s in range(len(sent))}
        for sender, to, frame in self.outcome.wire:
            if to == receiver[sender]:
                sent[sender] += len(frame)
        return sent


def bots_of(game: str, names: Sequence[str]) -> list[Bot]:
    """Each seat's bot, by name (the game's bots in lanpurr.seat.registry)."""
    known = registry.bots_of(game)
    unknown = [name for name in names if name not in known]
    if unknown:
        raise ValueError(f"unknown bot {unknown[0]!r}; {game} has: {', '.join(sorted(known))}")
    return [known[name]().choose for name in names]


def play(
    game: str,
    bots: Sequence[str],
    seed: int,
    *,
    options: Mapping[str, str] | None = None,
    shuffle_proofs: bool = True,
    factories: Mapping[int, PeerFactory] | None = None,
    max_frames: int = MAX_FRAMES,
) -> GameRun:
    """One whole game, a seat runtime per bot; ends, or times out, within `max_frames`."""
    network = seat_table(
        game,
        len(bots),
        bots_of(game, bots),
        random.Random(seed),
        options=options,
        factories=factories,
        shuffle_proofs=shuffle_proofs,
    )
    outcome = network.run(max_frames=max_frames)
    run = GameRun(game, network, outcome)
    if not outcome.finished:
        for runtime in network.runtimes:
            run.timed_out.extend(runtime.time_out())
    return run


def problems(run: GameRun, *, views: bool = True) -> list[str]:
    """Everything wrong with a game that should have been played honestly (empty: nothing).
    `views`: compare every seat's view with the replay at every step (the costliest check)."""
    found: list[str] = []
    runtimes = run.runtimes
    for runtime in runtimes:
        for accusation in runtime.accusations[:1]:
            found.append(f"seat {runtime.seat} accused: {accusation}")
    if not run.outcome.finished:
        progress = [r.progress for r in runtimes]
        return [*found, f"the game did not end ({run.outcome.frames} frames): {progress}"]
    if found:
        return found
    scores = {tuple(r.layer.scores(r.state)) for r in runtimes}
    if len(scores) != 1:
        found.append(f"the seats disagree on the scores: {sorted(scores)}")
    check = _invariants(run.game)
    for runtime in runtimes:
        for record in runtime.rounds:
            if record.audit is None or not record.audit.fair:
                found.append(f"seat {runtime.seat}, round {record.number}: audit {record.audit}")
                continue
            replay = record.replay
            assert replay is not None
            if runtime.seat == 0:  # every seat's replay is the same: check it once
                for step, state in enumerate(replay.states):
                    broken = check(state)
                    if broken:
                        found.append(f"round {record.number}, step {step}: {'; '.join(broken)}")
            if views:
                found += _views(runtime, record.number, record.views, replay.states)
        found += _decrypted(runtime)
    return found


def _invariants(game: str) -> Callable[[Any], list[str]]:
    return registry.parts(game).invariants


def _views(runtime: SeatRuntime, number: int, mine: list[Any], full: list[Any]) -> list[str]:
    if len(mine) != len(full):
        return [f"seat {runtime.seat}, round {number}: {len(mine)} views, {len(full)} plays"]
    for step, (view, state) in enumerate(zip(mine, full, strict=True)):
        if view != runtime.game.view(state, runtime.seat):
            return [f"seat {runtime.seat}, round {number}, step {step}: its view differs"]
    return []


def _decrypted(runtime: SeatRuntime) -> list[str]:
    """Every card the seat decrypted in the last round is the card the audit decrypted."""
    fair, record = runtime.fair, runtime.rounds[-1] if runtime.rounds else None
    if fair is None or record is None or record.audit is None:
        return []
    faces = record.audit.faces
    wrong = [slot for slot, index in fair.known.items() if faces.get(slot) != index]
    return [f"seat {runtime.seat} decrypted slots {wrong} differently"] if wrong else []
