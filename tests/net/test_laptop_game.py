"""Three laptops' games (`LaptopGame`, each with its `GameWorker`) played against each other in
memory, with no sockets and a clock the test moves: drop-outs and the host's part handed on,
a swap held until this laptop's own view agrees, and the table's timeout. What each one asks of
the world (`next_event`) is carried here as a table session would."""

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lanpurr.fair.identity import Identity
from net import events
from net import table_state as table
from net.game import evidence, messages
from net.game.commands import Swap
from net.game.effects import Ban, Ended, HostMoved, Send, Show, Wake
from net.game.laptop_game import LaptopGame
from net.game.messages import Cheat, GameEnd, SeatSwap
from net.game.setup import PlaySettings
from net.game.worker import GameWorker
from net.table_state import Member, TableState

TABLE = b"in memory table!"
STEP = 0.05
"""Seconds the test's clock moves at each step."""
MAX_STEPS = 40_000


@dataclass
class Laptop:
    name: str
    identity: Identity
    home: Path
    game: LaptopGame | None = None
    worker: GameWorker | None = None
    said: list[Any] = field(default_factory=list)
    inbox: list[tuple[bytes, dict[str, Any], bool]] = field(default_factory=list)
    due: bool = False
    banned: set[bytes] = field(default_factory=set)
    deaf_to: set[bytes] = field(default_factory=set)
    """Laptops whose messages never reach this one (a link down, a laptop gone)."""
    acting: bytes | None = None
    busy: bool = False
    """Its worker is busy: what comes waits in its game's inbox, and no pass runs."""

    @property
    def key(self) -> bytes:
        return self.identity.public_key

    def of(self, kind: type) -> list[Any]:
        return [event for event in self.said if isinstance(event, kind)]


class Table:
    """The laptops of one started game, and the clock."""

    def __init__(self, tmp_path: Path, names: tuple[str, ...], timeout: float = 600.0) -> None:
        self.laptops = [Laptop(n, Identity.generate(), tmp_path / n) for n in names]
        host = self.laptops[0]
        state = table.create(TABLE, Member(host.key, host.name, "", 0), "momistigri", len(names))
        for index, laptop in enumerate(self.laptops):
            if laptop is not host:
                state = table.admit(state, Member(laptop.key, laptop.name, "10.0.0.1", 4000))
            state = table.sit(state, laptop.key, index)
            if laptop is not host:
                state = table.set_ready(state, laptop.key, True)
        self.state: TableState = table.start(state, host.key)
        self.now = 100.0
        for laptop in self.laptops:
            settings = PlaySettings(
                me_bot="normal",
                evidence_dir=laptop.home / "evidence",
                replace_gone="normal",
                table_timeout=timeout,
                turn_timeout=timeout,
            )
            me = laptop.identity
            worker = GameWorker.open(
                laptop.key, laptop.home, self.state, settings, lambda _, me=me: me, lambda: None
            )
            laptop.worker = worker
            laptop.game = LaptopGame(
                laptop.key, me, self.state, settings, 60.0, laptop.home / "evidence",
                evidence.write, lambda key: None, worker.seated(),
            )  # fmt: skip
            laptop.game.start(self.now)

    def game(self, laptop: Laptop) -> LaptopGame:
        assert laptop.game is not None
        return laptop.game

    def carry(self, laptop: Laptop) -> None:
        """Carry out what `laptop`'s game asks, as its driver and its session would."""
        game = self.game(laptop)
        while (effect := game.next_event()) is not None:
            if isinstance(effect, Send):
                for other in self.laptops:
                    if other is not laptop and effect.to in (None, other.key):
                        other.inbox.append((laptop.key, effect.data, effect.to is not None))
            elif isinstance(effect, Show):
                laptop.said.append(effect.event)
            elif isinstance(effect, Wake):
                laptop.due = True
            elif isinstance(effect, Ban):
                laptop.banned.add(effect.key)
                game.cut_off(effect.key, effect.what, None, self.now)
            elif isinstance(effect, HostMoved):
                laptop.acting = effect.acting
            elif isinstance(effect, Ended):
                laptop.due = False

    def step(self) -> None:
        self.now += STEP
        for laptop in self.laptops:
            game = self.game(laptop)
            inbox, laptop.inbox = laptop.inbox, []
            for sender, data, private in inbox:
                if sender not in laptop.banned and sender not in laptop.deaf_to:
                    game.receive(sender, data, private, None, self.now)
            timer = game.get_timer()
            if timer is not None and timer <= self.now:
                game.handle_timer(self.now)
                laptop.due = True  # (the driver runs a pass after every look at the clock)
            self.carry(laptop)
            if laptop.due and not game.finished and not laptop.busy:
                laptop.due = False
                job = game.take_pass()
                assert laptop.worker is not None
                result = laptop.worker.work(job, self.now)
                game.passed(result, self.now, bool(job.inbox or job.commands or result.frames))
                self.carry(laptop)

    def run(self, until: Any, playing: list[Laptop] | None = None) -> None:
        for _ in range(MAX_STEPS):
            if until():
                return
            self.step()
        said = {p.name: p.said[-3:] for p in playing or self.laptops}
        raise AssertionError(f"not reached in {MAX_STEPS} steps; the last words: {said}")

    def over(self, laptops: list[Laptop]) -> bool:
        return all(self.game(p).finished for p in laptops)

    def gone(self, gone: Laptop, why: str = "did not come back") -> None:
        """`gone` is heard by nobody any more, and every other laptop's session says so."""
        for laptop in self.laptops:
            if laptop is not gone:
                laptop.deaf_to.add(gone.key)
                self.game(laptop).laptop_gone(gone.key, why, self.now)
                self.carry(laptop)
        gone.deaf_to.update(p.key for p in self.laptops)


def plays(laptop: Laptop) -> int:
    """How many plays of its round the laptop's own seat folded (its deal counts as one)."""
    assert laptop.worker is not None
    main = laptop.worker.seats.main
    return main.rounds[-1].plays if main is not None and main.rounds else 0


def scores(laptop: Laptop) -> tuple[int, ...]:
    [over] = laptop.of(events.GameOver)
    return tuple(over.scores)


def dealt(laptop: Laptop) -> bool:
    return any(isinstance(e, events.GameUpdate) for e in laptop.said[5:])


def test_three_laptops_play_a_whole_game_in_memory_and_end_alike(tmp_path: Path) -> None:
    t = Table(tmp_path, ("Ann", "Ben", "Cleo"))
    t.run(lambda: t.over(t.laptops))
    assert len({scores(p) for p in t.laptops}) == 1
    for laptop in t.laptops:
        assert not laptop.of(events.GameStopped) and not laptop.of(events.CheatNamed)
        assert all(r.fair for r in laptop.of(events.RoundChecked))


def test_the_next_laptop_takes_the_hosts_part_when_the_host_drops_out(tmp_path: Path) -> None:
    t = Table(tmp_path, ("Ann", "Ben", "Cleo"))
    ann, ben, cleo = t.laptops
    t.run(lambda: dealt(ben) and dealt(cleo))
    t.gone(ann)
    t.run(lambda: t.over([ben, cleo]), [ben, cleo])
    assert scores(ben) == scores(cleo)
    assert ben.acting == ben.key and cleo.acting == ben.key
    for laptop in (ben, cleo):
        assert [h.name for h in laptop.of(events.HostHandedOn)] == ["Ben"]
        assert [r.name for r in laptop.of(events.SeatReplaced)] == ["Ann"]
        assert not laptop.of(events.CheatNamed) and not laptop.of(events.GameStopped)
    assert t.game(ben).generation == t.game(cleo).generation == 1


def test_a_hosts_swap_of_a_laptop_still_heard_here_waits_until_it_drops_out(
    tmp_path: Path,
) -> None:
    t = Table(tmp_path, ("Ann", "Ben", "Cleo"))
    ann, ben, cleo = t.laptops
    t.run(lambda: dealt(ben) and dealt(cleo))
    # The host's word alone gives Cleo's seat away while Ben still hears her: held, named.
    claim = Swap(1, (2,), (Identity.generate().public_key,), 1)
    lie = SeatSwap(t.game(ben).number, claim, Cheat(2, "F-SHUFFLE", "a made-up shuffle"))
    t.game(ben).receive(ann.key, messages.plain(lie), False, None, t.now)
    t.carry(ben)
    assert t.game(ben).generation == 0 and t.game(ben)._pending
    for _ in range(40):
        t.step()
    assert t.game(ben).generation == 0  # Cleo plays on at Ben's
    # Her link to Ben goes down: Ben's own view now agrees, and the held swap is taken.
    ben.deaf_to.add(cleo.key)
    t.game(ben).laptop_away(cleo.key, t.now)
    t.carry(ben)
    assert t.game(ben).generation == 1 and not t.game(ben)._pending


def test_the_tables_timeout_gives_a_silent_laptops_seat_to_a_bot(tmp_path: Path) -> None:
    t = Table(tmp_path, ("Ann", "Ben", "Cleo"), timeout=8.0)
    ann, ben, cleo = t.laptops
    t.run(lambda: dealt(ann) and dealt(ben))
    for laptop in (ann, ben):  # nothing of Cleo comes any more, and no session says why
        laptop.deaf_to.add(cleo.key)
    cleo.deaf_to.update({ann.key, ben.key})
    t.run(lambda: t.over([ann, ben]), [ann, ben])
    assert scores(ann) == scores(ben)
    for laptop in (ann, ben):
        waits = laptop.of(events.TableWaits)
        assert waits and {w.names for w in waits} == {("Cleo",)}
        assert [c.laptop for c in laptop.of(events.LaptopCutOff)] == ["Cleo"]
        assert [r.name for r in laptop.of(events.SeatReplaced)] == ["Cleo"]
        assert not laptop.of(events.CheatNamed)


def test_a_laptop_that_ends_its_game_out_of_turn_is_counted_gone_and_named_by_nobody(
    tmp_path: Path,
) -> None:
    # Cleo's laptop, after Ben in the line, ends its game (in its own view every laptop before
    # it dropped out): the others count it gone, a bot takes her seat, and nobody is named.
    t = Table(tmp_path, ("Ann", "Ben", "Cleo"))
    ann, ben, cleo = t.laptops
    t.run(lambda: dealt(ann) and dealt(ben))
    ended = GameEnd(t.game(ann).number, "Ann's laptop did not come back")
    for laptop in (ann, ben):
        t.game(laptop).receive(cleo.key, messages.plain(ended), False, None, t.now)
        t.carry(laptop)
        laptop.deaf_to.add(cleo.key)
    cleo.deaf_to.update({ann.key, ben.key})
    t.run(lambda: t.over([ann, ben]), [ann, ben])
    assert scores(ann) == scores(ben)
    for laptop in (ann, ben):
        assert [r.name for r in laptop.of(events.SeatReplaced)] == ["Cleo"]
        assert not laptop.of(events.LaptopCutOff) and not laptop.of(events.CheatNamed)
        assert cleo.key not in laptop.banned


def test_what_came_before_the_hosts_swap_is_folded_before_it_is_taken(tmp_path: Path) -> None:
    # Ben's worker is busy when a play comes, and the host's swap of Cleo's seat right after
    # it: the host folded that play before it gave Cleo's seat away, so Ben's laptop folds it
    # too before the swap (dropping it, Ben's laptop would keep one play fewer and stop its
    # game: "the host kept 4 plays of round 1 but this laptop folded 3").
    t = Table(tmp_path, ("Ann", "Ben", "Cleo"))
    ann, ben, cleo = t.laptops
    t.run(lambda: min(plays(p) for p in t.laptops) >= 3)
    # A step in which Ann's laptop folds a play, Ben's worker busy, after which the round waits
    # for Cleo (the host gives a laptop's seats away only when the round needs them).
    for _ in range(MAX_STEPS):
        ben.busy = True
        t.step()
        if plays(ann) > plays(ben) and 2 in t.game(ann)._waiting_for:
            break
        ben.busy = False
        t.step()
    assert plays(ann) > plays(ben)
    for laptop in (ann, ben):  # (Ben's laptop cuts Cleo's off on its own evidence too)
        t.game(laptop).cut_off(cleo.key, "it sent too many requests", None, t.now)
        t.carry(laptop)
        laptop.deaf_to.add(cleo.key)
    cleo.deaf_to.update({ann.key, ben.key})
    t.run(lambda: t.game(ben).generation == 1, [ann, ben])
    ben.busy = False
    t.run(lambda: t.over([ann, ben]), [ann, ben])
    assert scores(ann) == scores(ben)
    for laptop in (ann, ben):
        assert not laptop.of(events.GameStopped)
        assert [r.name for r in laptop.of(events.SeatReplaced)] == ["Cleo"]
