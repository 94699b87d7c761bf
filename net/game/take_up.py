"""Taking a game up again after a restart: this laptop's seats rebuilt from the game's record.

The driver reads this game's messages back from the table's journal and opens their batches:
what this laptop sent (by generation), and the frames of the others. `take_up` then feeds the
record's passes to freshly built seats, in order, and checks that they send again, frame for
frame, what the journal says this laptop sent; anything else is a `ResumeError` a person can
read. What the others sent that no pass fed is news, for the game's next pass.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lanpurr.seat.table import TableUpdate
from net.framing import FrameError
from net.game import messages
from net.game.messages import Batch, SeatSwap
from net.game.record import GameRecord, ResumeError, frame_id
from net.game.seats import MySeats, PassOutput

Pairs = list[tuple[int, bytes]]


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
    by_id = {frame_id(frame): frame for _, _, frame in theirs}
    used: set[bytes] = set()
    total = PassOutput()
    out: dict[int, Pairs] = {}
    passes = record.read()
    for stored in passes:
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
        out.setdefault(result.generation, []).extend(result.frames)
        total.swaps.extend(s for s in result.swaps if s["v"] not in swapped)
        total.replaced.extend(result.replaced)
        total.rounds.extend(result.rounds)
        total.accusations.extend(result.accusations)
        total.progress, total.over, total.due = result.progress, result.over, result.due
        total.waiting_for = result.waiting_for
        total.scores, total.audits = result.scores, result.audits
    for generation, mine in sent.items():
        made = out.get(generation, [])
        if made[: len(mine)] != mine:
            at = next(i for i, pair in enumerate(mine) if i >= len(made) or made[i] != pair)
            raise ResumeError(
                f"replaying this laptop's record of the game does not give what it sent "
                f"(frame {at + 1} of {len(mine)} differs): the record is damaged or belongs "
                "to another game, so it cannot take its seat back"
            )
    last = seats.generation
    total.generation = last
    total.frames = out.get(last, [])[len(sent.get(last, [])) :]
    main = seats.main
    if main is not None and main.seat == seats.my_seat:
        main.take_updates()
        total.updates = [TableUpdate((), main.current_view())]
    news = [
        (seat, frame)
        for generation, seat, frame in theirs
        if generation == last and frame_id(frame) not in used
    ]
    return TakenUp(total, news, any(p.first for p in passes), len(passes))


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
            swapped.add(message.generation)
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
