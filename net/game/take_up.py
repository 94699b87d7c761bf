"""Taking a game up again after a restart: this laptop's seats rebuilt from the game's record.

The driver reads this game's messages back from the table's journal and opens their batches:
what this laptop sent (by generation), and the frames of the others. `take_up` then feeds the
record's passes to freshly built seats, in order, and checks that they send again, frame for
frame, what the journal says this laptop sent; anything else is a `ResumeError` a person can
read. What the others sent that no pass fed is news, for the game's next pass.

With a snapshot of the seats at a pass's end (snapshot.py), the seats are put back as they
were after the pass it follows and only the passes after it are replayed; what they send is
checked against the rest of what the journal holds. A snapshot that cannot be used, or that
leads anywhere but to what was sent, is left aside and the whole record is replayed.
"""

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lanpurr.fair.identity import Identity
from lanpurr.seat.table import TableStep, TableUpdate
from net.game import messages, snapshot
from net.game.commands import Swap
from net.game.messages import Batch, SeatSwap
from net.game.record import GameRecord, ResumeError, Stored, frame_id
from net.game.seats import MySeats, PassOutput
from net.game.takeover import bot_identity
from net.wire.framing import FrameError

log = logging.getLogger("lanpurr.net")

Pairs = list[tuple[int, bytes]]
MAX_GENERATIONS = 256


@dataclass
class TakenUp:
    output: PassOutput
    """Every replayed pass's output together; its frames are those still to send."""
    news: Pairs = field(default_factory=list)
    """Frames of the others that no recorded pass fed."""
    started: bool = False
    """The seats had started before the restart."""
    passes: int = 0


def take_up(
    seats: MySeats,
    record: GameRecord,
    sent: dict[int, Pairs],
    theirs: list[tuple[int, int, bytes]],
    swapped: set[int],
    now: float,
) -> TakenUp:
    """`sent`: my frames by generation; `theirs`: (generation, seat, frame); `swapped`: the
    generations whose swap message I had sent already."""
    passes = record.read()
    found = snapshot.read(record, passes)
    if found is not None:
        fresh = snapshot.dump(seats)  # (to go back to, if the snapshot leads elsewhere)
        identity = _identities(seats, record)
        try:
            total, made = _put_back(seats, found, sent, swapped, identity, now)
            return _replay(seats, record, passes, sent, theirs, swapped, now, found.passes,
                           total, made)  # fmt: skip
        except Exception as error:
            log.warning(
                "this laptop's snapshot of the game in %s cannot be used (%s): replaying the "
                "whole record instead",
                record.folder,
                error,
            )
            snapshot.restore(seats, fresh, identity, now)
    return _replay(seats, record, passes, sent, theirs, swapped, now, 0, PassOutput(), {})


def _put_back(
    seats: MySeats,
    found: snapshot.Found,
    sent: dict[int, Pairs],
    swapped: set[int],
    identity: Callable[[bytes], Identity | None],
    now: float,
) -> tuple[PassOutput, dict[int, int]]:
    """My seats as the snapshot has them; what the passes before it reported, and how many
    frames they made by generation."""
    snapshot.restore(seats, found.state, identity, now)
    kept = seats.keeper.kept
    for generation in {*kept.made, *sent}:
        made = kept.made.get(generation, [])
        mine = [frame_id(frame) for _, frame in sent.get(generation, [])]
        if mine[: len(made)] != made[: len(mine)]:
            raise ValueError("it does not agree with what this laptop sent")
    if len(sent.get(seats.generation, [])) < len(kept.made.get(seats.generation, [])):
        raise ValueError("frames its seats had made before it were never sent")
    current = seats.report()
    total = PassOutput(
        replaced=list(kept.replaced),
        rounds=list(kept.rounds),
        accusations=list(kept.accusations),
        swaps=[s for s in map(Swap.of, kept.swaps) if s.generation not in swapped],
    )
    total.progress, total.over, total.due = current.progress, current.over, current.due
    total.waiting_for, total.scores = current.waiting_for, current.scores
    total.audits = current.audits
    return total, {generation: len(ids) for generation, ids in kept.made.items()}


def _identities(seats: MySeats, record: GameRecord) -> Callable[[bytes], Identity | None]:
    """The keys of my seats (and of the bots this laptop put in others' seats), by public key."""
    known = {r.identity.public_key: r.identity for r in seats.runtimes.values()}
    derived = [0]  # (the generations whose bots' keys are in `known`)

    def find(key: bytes) -> Identity | None:
        while key not in known and derived[0] < MAX_GENERATIONS:
            derived[0] += 1
            for seat in range(seats.spec.seats):
                bot = bot_identity(record.seed, derived[0], seat)
                known[bot.public_key] = bot
        return known.get(key)

    return find


def _replay(
    seats: MySeats,
    record: GameRecord,
    passes: list[Stored],
    sent: dict[int, Pairs],
    theirs: list[tuple[int, int, bytes]],
    swapped: set[int],
    now: float,
    skip: int,
    total: PassOutput,
    before: dict[int, int],
) -> TakenUp:
    """Replay the record's passes after the first `skip` (those a snapshot put back: `total`
    holds what they reported, `before` how many frames they made by generation)."""
    by_id = {frame_id(frame): frame for _, _, frame in theirs}
    used: set[bytes] = {name for stored in passes[:skip] for _, name in stored.inbox}
    out: dict[int, Pairs] = {}
    ends: list[TableStep] = []
    for stored in passes[skip:]:
        inbox = []
        for seat, name in stored.inbox:
            frame = by_id.get(name)
            if frame is None:
                raise ResumeError(
                    "this laptop's record of the game names a frame that the table's "
                    "journal does not hold: the two do not belong together"
                )
            inbox.append((seat, frame))
            used.add(name)
        fresh = record.begin(stored)
        result = seats.work(now, stored.first, inbox, stored.commands, fresh, replay=stored)
        ends.extend(step for update in result.updates for step in update.ends())
        out.setdefault(result.generation, []).extend(result.frames)
        total.swaps.extend(s for s in result.swaps if s.generation not in swapped)
        total.replaced.extend(result.replaced)
        total.rounds.extend(result.rounds)
        total.accusations.extend(result.accusations)
        total.progress, total.over, total.due = result.progress, result.over, result.due
        total.waiting_for = result.waiting_for
        total.scores, total.audits = result.scores, result.audits
    for generation, all_mine in sent.items():
        made = out.get(generation, [])
        done = before.get(generation, 0)
        mine = all_mine[done:]
        if made[: len(mine)] != mine:
            at = done + next(i for i, pair in enumerate(mine) if i >= len(made) or made[i] != pair)
            raise ResumeError(
                f"replaying this laptop's record of the game does not give what it sent "
                f"(frame {at + 1} of {len(all_mine)} differs): the record is damaged or belongs "
                "to another game, so it cannot take its seat back"
            )
    last = seats.generation
    total.generation = last
    total.frames = out.get(last, [])[max(0, len(sent.get(last, [])) - before.get(last, 0)) :]
    main = seats.main
    if main is not None and main.seat == seats.my_seat:
        # A game that ended is told again with its end, which names who won (the app's end
        # panel and the terminal's last line read it there); nothing else is played again.
        ends.extend(step for update in main.take_updates() for step in update.ends())
        total.updates = [TableUpdate(tuple(ends), main.current_view())]
    news = [
        (seat, frame)
        for generation, seat, frame in theirs
        if generation == last and frame_id(frame) not in used
    ]
    return TakenUp(total, news, any(p.first for p in passes), len(passes) - skip)


def journal_frames(
    received: list[tuple[bytes, dict[str, Any], bool]],
    me: bytes,
    seats: int,
    open_batch: Callable[[bytes, Batch], Pairs] | None,
) -> tuple[dict[int, Pairs], list[tuple[int, int, bytes]], set[int], list[tuple[bytes, Batch]]]:
    """This game's messages read back from the journal, as `take_up` wants them: my frames by
    generation, the others' (generation, seat, frame), the generations whose swap I had sent;
    and, when there is no key yet (`open_batch` None), the others' batches to open later."""
    sent: dict[int, Pairs] = {}
    theirs: list[tuple[int, int, bytes]] = []
    swapped: set[int] = set()
    locked: list[tuple[bytes, Batch]] = []
    for sender, data, _ in received:
        try:
            message = messages.parse(data, seats)
        except messages.MessageError:
            continue
        if isinstance(message, SeatSwap) and sender == me:
            swapped.add(message.swap.generation)
        if not isinstance(message, Batch):
            continue
        if open_batch is None:
            if sender != me:
                locked.append((sender, message))
            continue
        try:
            pairs = open_batch(sender, message)
        except FrameError:
            if sender == me:
                raise ResumeError(
                    "a game message this laptop sent does not open with the game's key: "
                    "its record of the game does not belong to this table"
                ) from None
            continue  # refused when it came, too
        if sender == me:
            sent.setdefault(message.generation, []).extend(pairs)
        else:
            theirs.extend((message.generation, seat, frame) for seat, frame in pairs)
    return sent, theirs, swapped, locked
