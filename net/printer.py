"""The lines `lanpurr host`, `join` and `tables` print: one for each event, in words for a
person (the game's cards and moves, the choices of a person at a terminal, numbered) or as one
JSON object per line for a script.
"""

import json
import sys
import time
from typing import Any

from lanpurr.seat.registry import layer_for
from net import events
from net.framing import pack
from net.table_words import describe_listing, describe_state, listing_json, state_json, waiting_hint
from net.terminal_words import (
    MoveNumbers,
    Words,
    colour_wanted,
    describe_move,
    describe_table,
    progress_text,
)
from net.text import clean, shown
from net.watch_words import WATCH_EVENTS, hands_shown, say


class Printer:
    """Prints events for a person, or as JSON lines for a script."""

    def __init__(self, as_json: bool, me: bytes = b"") -> None:
        self.as_json = as_json
        self.game = ""
        self.me = me
        """My key: the waiting room says what I am expected to do."""
        self.words: Words | None = None
        """How to say the game's cards and moves (from the game's start)."""
        self.seat: int | None = None
        self.moves = MoveNumbers()
        self.shown_moves: list[tuple[int, str]] = []
        self.hinted = ""
        self.watching = False
        """This laptop watches the table (`join --watch`): it holds no seat."""

    def line(self, said: str, **fields: Any) -> None:
        """One line: JSON escapes every control character; plain text is cleaned of them
        line by line (what a peer chose can neither move the cursor nor fake a line)."""
        if self.as_json:
            fields.setdefault("t", round(time.time(), 4))  # when (scripts measure with it)
            print(json.dumps(fields, sort_keys=True, default=_plain), flush=True)
        else:
            print("\n".join(clean(part, 2000) for part in said.split("\n")), flush=True)

    def own_line(self, said: str) -> None:
        """Plain text of our own making, which may hold colour: every peer-chosen part of it
        (names) was cleaned when `self.words` was made."""
        if not self.as_json:
            print(said, flush=True)

    def event(self, event: events.Event) -> None:
        kind = type(event).__name__
        if isinstance(event, WATCH_EVENTS):
            say(self, event)
        elif isinstance(event, events.TableStateChanged):
            self.line(describe_state(event.state), event=kind, state=state_json(event.state))
            hint = waiting_hint(event.state, self.me)
            if hint and hint != self.hinted:
                self.line(hint, event="hint", text=hint)
            self.hinted = hint
        elif isinstance(event, events.MessageReceived):
            self.line(
                f"{event.name}{' (private)' if event.private else ''}: {shown(event.data)}",
                event=kind,
                sender=event.sender.hex(),
                name=event.name,
                seq=event.seq,
                data=event.data if len(pack(event.data)) <= ECHOED else shown(event.data),
                private=event.private,
                replayed=event.replayed,
            )
        elif isinstance(event, events.PeerWaiting):
            if event.seconds_left % 15 == 0 or self.as_json:
                self.line(str(event), event=kind, name=event.name, seconds_left=event.seconds_left)
        elif isinstance(event, events.TableFound | events.TableUpdated):
            self.line(describe_listing(event.listing), event=kind, **listing_json(event.listing))
        elif isinstance(event, events.TableLost):
            self.line(f"table gone: {event.service}", event=kind, service=event.service)
        elif isinstance(event, GAME_EVENTS):
            self.game_event(event)
        elif isinstance(
            event, events.Joined | events.CheaterCaught | events.PlaysRelayed | events.PeerLeft
        ):
            said = str(event)
            self.line(said[:1].upper() + said[1:], event=kind, **vars(event))
        else:
            fields = {k: v for k, v in vars(event).items()}
            text = " ".join(str(v) for v in fields.values())
            self.line(f"{kind}: {text}", event=kind, **fields)

    def game_event(self, event: Any) -> None:
        if isinstance(event, events.GameStarted):
            self.game = event.game
            self.seat = event.seat
            names = tuple(clean(name, 40) for name in event.names)
            self.words = Words(event.game, names, colour_wanted(sys.stdout) and not self.as_json)
            seat = "only bots" if event.seat is None else f"seat {event.seat + 1}"
            role = "you watch" if self.watching else f"you play {seat}"
            self.line(
                f"Game {event.number} of {event.game.capitalize()} starts: {role}. "
                + ", ".join(f"Seat {i + 1}: {n}" for i, n in enumerate(event.names)),
                event="game_started",
                game=event.game,
                seat=event.seat,
                names=list(event.names),
                number=event.number,
            )
        elif isinstance(event, events.GameResumed):
            self.line(
                f"game {event.number} resumed where this laptop left it "
                f"({event.passes} steps replayed from its record, {event.resent} frames re-sent)",
                event="game_resumed",
                number=event.number,
                passes=event.passes,
                resent=event.resent,
            )
        elif isinstance(event, events.SeatReplaced):
            self.line(
                str(event),
                event="seat_replaced",
                seats=list(event.seats),
                name=event.name,
                round=event.round,
                names=list(event.names),
                cheat=event.cheat,
                why=event.why,
                host=event.host,
                handed=event.handed,
                text=str(event),
            )
        elif isinstance(event, events.GameProgress):
            text = progress_text(self.words, event.step, event.seat, self.seat)
            if text:
                self.line(text, event="progress", step=event.step, seat=event.seat, text=text)
        elif isinstance(event, events.GameUpdate):
            steps = [type(step.event).__name__ for step in event.update.steps]
            if self.as_json and self.watching:
                # What the watcher's own fold of the public events makes of the scores.
                scores = layer_for(self.game).scores(event.update.view)
                self.line("", event="update", steps=steps, scores=list(scores))
            elif self.as_json:
                self.line("", event="update", steps=steps)
            elif self.words is not None:
                self.own_line(describe_table(self.words, event.update.view, self.seat))
                shown = hands_shown(self.words, event.update, self.seat)
                if shown:
                    self.own_line(shown)
        elif isinstance(event, events.ActionRefused):
            self.line(f"Refused: {event.reason}", event="refused", reason=event.reason)
        elif isinstance(event, events.RoundChecked):
            self.line(
                f"Round {event.number} checked: {event.verdict}. " + self.scores(event.scores),
                event="round_checked",
                round=event.number,
                fair=event.fair,
                verdict=event.verdict,
                scores=list(event.scores),
            )
        elif isinstance(event, events.CheatNamed):
            self.line(
                f"{event.text}\nevidence saved in {event.evidence or '(could not be saved)'}",
                event="cheat",
                name=event.name,
                seat=event.seat,
                rule=event.rule,
                text=event.text,
                evidence=event.evidence,
                laptop=event.laptop,
                detail=event.detail,
                ends=event.ends,
                by=event.by,
            )
        elif isinstance(event, events.HostHandedOn):
            said = str(event)
            self.line(said[:1].upper() + said[1:], event="host_handed_on", **vars(event))
        elif isinstance(event, events.LaptopUnheard):
            said = str(event)
            self.line(said[:1].upper() + said[1:], event="unheard", laptop=event.laptop,
                      what=event.what, through=list(event.through), ends=event.ends)  # fmt: skip
        elif isinstance(event, events.LaptopCutOff):
            evidence = f"\nevidence saved in {event.evidence}" if event.evidence else ""
            said = str(event)
            self.line(said[:1].upper() + said[1:] + evidence, event="cut_off", **vars(event))
        elif isinstance(event, events.TableWaits):
            if event.seconds_left % 10 == 0 or self.as_json:
                said = str(event)
                self.line(
                    said[:1].upper() + said[1:],
                    event="waits",
                    seats=[seat for seat, _ in event.owed],
                    owed=[what for _, what in event.owed],
                    names=list(event.names),
                    seconds_left=event.seconds_left,
                    turn=event.turn,
                )
        elif isinstance(event, events.GameOver):
            self.line(
                "Game over. " + self.scores(event.scores),
                event="game_over",
                scores=list(event.scores),
                audits=list(event.audits),
            )
        elif isinstance(event, events.GameStopped):
            said = f"The game stopped: {event.reason}"
            self.line(said, event="stopped", reason=event.reason, cheat=event.cheat)

    def scores(self, scores: Any) -> str:
        """ "Scores: Ana 3, Ben 5" (the names once the game has started)."""
        names = self.words.names if self.words is not None else ()
        return "Scores: " + ", ".join(
            f"{names[i] if i < len(names) else f'seat {i + 1}'} {score}"
            for i, score in enumerate(scores)
        )

    def offer_moves(self, view: Any, legal: list[Any]) -> None:
        """My legal moves, numbered; said again only when the list changed."""
        assert self.words is not None
        # Two copies of a card make two moves that read alike: one of them is enough.
        said: dict[str, Any] = {}
        for move in legal:
            said.setdefault(describe_move(self.words, view, move, self.seat), move)
        texts = {move: text for text, move in said.items()}
        numbered = self.moves.update(said.values())
        shown = [(n, texts[move]) for n, move in numbered]
        if shown == self.shown_moves:
            return
        self.shown_moves = shown
        for number, text in shown:
            self.own_line(f"  {number:>2}. {text}") if not self.as_json else self.line(
                "", event="choice", number=number, action=str(self.moves.move(number)), text=text
            )
        self.line("Your turn: type the number of a move (help: commands).", event="your_turn")

    def acted(self) -> None:
        self.moves.forget()
        self.shown_moves = []


ECHOED = 2048
"""Bytes of a peer's message printed as they are in --json (a larger one is summed up)."""

GAME_EVENTS = (
    events.GameStarted,
    events.GameResumed,
    events.SeatReplaced,
    events.GameProgress,
    events.GameUpdate,
    events.ActionRefused,
    events.RoundChecked,
    events.CheatNamed,
    events.LaptopCutOff,
    events.LaptopUnheard,
    events.HostHandedOn,
    events.TableWaits,
    events.GameOver,
    events.GameStopped,
)


def _plain(value: Any) -> Any:
    if isinstance(value, bytes):
        return value.hex()
    if hasattr(value, "encode") and hasattr(value, "signature"):  # an envelope (evidence)
        return value.encode().hex()
    if isinstance(value, frozenset | set | tuple):
        return list(value)
    return str(value)
