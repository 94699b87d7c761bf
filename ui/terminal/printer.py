"""The lines `lanpurr host`, `join` and `tables` print: one for each event, in words for a
person (the game's cards and moves, the choices of a person at a terminal, numbered) or as one
JSON object per line for a script.
"""

import dataclasses
import json
import logging
import sys
import time
from typing import Any

from lanpurr.seat.registry import layer_for
from net import events
from net.framing import pack
from net.text import clean, shown
from net.watch_events import WATCH_EVENTS, PhonesElsewhere, PhonesWatching
from ui.terminal.board_words import gutters_table
from ui.terminal.move_steps import MoveMenu, Steps, listed, move_steps
from ui.terminal.table_words import (
    describe_listing,
    describe_state,
    listing_json,
    state_json,
    waiting_hint,
)
from ui.terminal.terminal_words import (
    Words,
    colour_wanted,
    describe_table,
    game_title,
    join_words,
    progress_text,
    sentence,
)
from ui.terminal.watch_words import hands_shown, say

log = logging.getLogger("lanpurr.terminal")

NOT_SHOWN = (
    "This terminal could not show what just happened at the table; the game goes on "
    "(the details are in the log file{where})."
)
"""What a player reads instead of a traceback when one of our own lines fails."""
EMOTE_WORDS = {"meow": "meows.", "laugh": "laughs.", "turn": "says: your turn!"}
"""The app's one-click emotes (ui/chat), as the terminal says them."""
OWED_WORDS = {
    "key share": "its key share",
    "seed reveal": "its share of the table's luck",
    "shuffle": "its shuffle",
    "round secrets": "the round's secrets",
    "showed the hand the rules turn face up": "its hand, which the rules turn face up",
}
"""What a laptop's software owes the round, as a person reads it."""


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
        self.menu = MoveMenu()
        self.shown_moves: list[tuple[int, str]] = []
        self.hinted = ""
        self.watching = False
        """This laptop watches the table (`join --watch`): it holds no seat."""
        self.winners: tuple[int, ...] = ()
        """Who won the game, as its last event said."""
        self.log_file = ""
        """Where the log goes (said when a line could not be shown)."""

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
        """The lines for `event`; a line that fails is logged and the player reads one plain
        sentence instead: a wording bug never stops the game nor shows a traceback."""
        try:
            self._event(event)
        except Exception:
            self.failed(type(event).__name__)

    def failed(self, what: str) -> None:
        """Log the exception being handled (in the log file), and say so in one sentence."""
        log.exception("the terminal could not show %s", what)
        where = f": {self.log_file}" if self.log_file else ""
        self.line(NOT_SHOWN.format(where=where), event="not_shown", what=what)

    def _event(self, event: events.Event) -> None:
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
                _message(event.name, event.private, event.data),
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
            self.line(f"Table gone: {event.service}", event=kind, service=event.service)
        elif isinstance(event, GAME_EVENTS):
            self.game_event(event)
        elif isinstance(event, PhonesWatching):
            said = f"Phones watching from this laptop's page: {event.count}"
            self.line(said, event="phones", count=event.count)
        elif isinstance(event, PhonesElsewhere):
            said = f"Phones watching from {event.laptop}'s laptop: {event.count}"
            self.line(said, event="phones", count=event.count, laptop=event.laptop)
        elif isinstance(
            event,
            events.Joined
            | events.CheaterCaught
            | events.PlaysRelayed
            | events.RefusedHere
            | events.PeerLeft,
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
            self.winners = ()
            names = tuple(clean(name, 40) for name in event.names)
            self.words = Words(event.game, names, colour_wanted(sys.stdout) and not self.as_json)
            seat = "only bots" if event.seat is None else f"seat {event.seat + 1}"
            role = "you watch" if self.watching else f"you play {seat}"
            self.line(
                f"Game {event.number} of {game_title(event.game)} starts: {role}. "
                + ", ".join(f"Seat {i + 1}: {n}" for i, n in enumerate(event.names)),
                event="game_started",
                game=event.game,
                seat=event.seat,
                names=list(event.names),
                number=event.number,
            )
        elif isinstance(event, events.GameResumed):
            self.line(
                f"Game {event.number} resumed where this laptop left it "
                f"({event.passes} steps replayed from its record, {event.resent} frames re-sent)",
                event="game_resumed",
                number=event.number,
                passes=event.passes,
                resent=event.resent,
            )
        elif isinstance(event, events.SeatReplaced):
            if self.words is not None and event.names:
                # From now on a gone player's seat is called by its bot's name.
                names = tuple(clean(name, 40) for name in event.names)
                self.words = dataclasses.replace(self.words, names=names)
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
                kept=event.kept,
                hands=event.hands,
                offers=event.offers,
                text=str(event),
            )
        elif isinstance(event, events.GameProgress):
            text = progress_text(self.words, event.step, event.seat, self.seat)
            if text:
                self.line(text, event="progress", step=event.step, seat=event.seat, text=text)
        elif isinstance(event, events.GameUpdate):
            steps = [type(step.event).__name__ for step in event.update.steps]
            self.winners = _winners(event.update) or self.winners
            if self.as_json and self.watching:
                # What the watcher's own fold of the public events makes of the scores.
                scores = layer_for(self.game).scores(event.update.view)
                self.line("", event="update", steps=steps, scores=list(scores))
            elif self.as_json:
                self.line("", event="update", steps=steps)
            elif self.words is not None:
                describe = gutters_table if self.game == "gutters" else describe_table
                self.own_line(describe(self.words, event.update.view, self.seat))
                shown = hands_shown(self.words, event.update, self.seat)
                if shown:
                    self.own_line(shown)
        elif isinstance(event, events.ActionRefused):
            reason = sentence(clean(event.reason))
            self.line(f"Refused: {reason}", event="refused", reason=event.reason)
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
                self.line(
                    _waits(event),
                    event="waits",
                    seats=[seat for seat, _ in event.owed],
                    owed=[what for _, what in event.owed],
                    names=list(event.names),
                    seconds_left=event.seconds_left,
                    turn=event.turn,
                )
        elif isinstance(event, events.GameOver):
            self.line(
                f"Game over: {self.won()}. " + self.scores(event.scores),
                event="game_over",
                scores=list(event.scores),
                audits=list(event.audits),
            )
        elif isinstance(event, events.GameStopped):
            said = f"The game stopped: {event.reason}"
            where = [
                f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
                for _, host, port in event.elsewhere
            ]
            if where:  # (cut from the table: it may go on at one of these)
                said += (
                    ". To see how it goes on once the network heals, watch it: "
                    f"lanpurr join {where[0]} --watch"
                )
            self.line(
                said, event="stopped", reason=event.reason, cheat=event.cheat, elsewhere=where
            )

    def won(self) -> str:
        """ "Ana wins", "Ana and Ben share the win" (names, so that everyone reads the same)."""
        names = self.words.names if self.words is not None else ()
        who = [names[s] if s < len(names) else f"seat {s + 1}" for s in self.winners]
        if not who:
            return "the scores decide"
        return f"{who[0]} wins" if len(who) == 1 else f"{join_words(who)} share the win"

    def scores(self, scores: Any) -> str:
        """ "Scores: Ana 3, Ben 5" (the names once the game has started)."""
        names = self.words.names if self.words is not None else ()
        return "Scores: " + ", ".join(
            f"{names[i] if i < len(names) else f'seat {i + 1}'} {score}"
            for i, score in enumerate(scores)
        )

    def offer_moves(self, view: Any, legal: list[Any]) -> None:
        """My legal moves as numbered choices, one step at a time; said again only when the
        list changed. A move this terminal cannot word is left out and logged, never fatal."""
        assert self.words is not None
        moves: dict[Steps, Any] = {}
        for move in legal:
            try:
                if listed(self.words, view, move, self.seat):
                    moves.setdefault(move_steps(self.words, view, move, self.seat), move)
            except Exception:
                log.exception("the terminal could not word the move %r", move)
        shown = self.menu.offer(moves)
        if shown == self.shown_moves:
            return
        self.show_menu(shown)

    def show_menu(self, shown: list[tuple[int, str]] | None = None) -> None:
        shown = self.menu.shown() if shown is None else shown
        self.shown_moves = shown
        if self.menu.chosen and not self.as_json:
            self.own_line("  " + ", ".join(self.menu.chosen) + " …")
        for number, text in shown:
            if self.as_json:
                move = self.menu.moves.get((*self.menu.chosen, text))
                self.line("", event="choice", number=number, action=str(move), text=text)
            else:
                self.own_line(f"  {number:>2}. {text}")
        self.line("Your turn: type the number of a move (help: commands).", event="your_turn")

    def choose(self, number: int) -> Any | None:
        """The move that choice `number` completes, else None after showing the next step."""
        move = self.menu.choose(number)
        if move is None:
            self.show_menu()
        return move

    def acted(self) -> None:
        self.menu.forget()
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


def _message(name: str, private: bool, data: Any) -> str:
    """A chat line or an emote, as the app shows it."""
    to_me = " (to you)" if private else ""
    if isinstance(data, dict) and len(data) == 1 and data.get("emote") in EMOTE_WORDS:
        return f"{name}{to_me} {EMOTE_WORDS[data['emote']]}"
    return f"{name}{to_me}: {shown(data)}"


def _winners(update: Any) -> tuple[int, ...]:
    """Who won, if this update holds the game's last event (Momistigri's and No sin mi gato's
    name `winners`, Purrfect's its `winner`)."""
    for step in reversed(update.steps):
        winners = getattr(step.event, "winners", None)
        if winners is not None and type(step.event).__name__ == "GameEnded":
            return tuple(winners)
        if type(step.event).__name__ == "GameWon":
            return (step.event.winner,)
    return ()


def _waits(event: events.TableWaits) -> str:
    """ "Waiting for Cleo to play: if nothing comes in 9:50, the table counts Cleo's laptop
    as gone." """
    minutes, seconds = divmod(max(event.seconds_left, 0), 60)
    left = f"{minutes}:{seconds:02d}"
    names = join_words(list(event.names))
    if event.turn:
        return (
            f"Waiting for {names} to play: if nothing comes in {left}, the table counts "
            f"{'their laptops' if len(event.names) > 1 else 'their laptop'} as gone."
        )
    pairs = zip(event.names, event.owed, strict=False)
    # (Other waits are the protocol's own: said plainly, seat numbers and all left out.)
    said = [f"{n}'s laptop ({OWED_WORDS.get(w, 'a message it owes')})" for n, (_, w) in pairs]
    owed = join_words(said)
    return f"Waiting for {owed}: if nothing comes in {left}, the table counts it as gone."
