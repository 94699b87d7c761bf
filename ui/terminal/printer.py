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
from net.text import clean, shown
from net.watch_events import WATCH_EVENTS, PhonesElsewhere, PhonesWatching
from net.wire.framing import pack
from ui.terminal.board_words import gutters_table
from ui.terminal.move_steps import MoveMenu, Steps, listed, move_steps
from ui.terminal.speech import catalogue, join_words, tr, tr_n
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
    progress_text,
    sentence,
)
from ui.terminal.watch_words import hands_shown, say

log = logging.getLogger("lanpurr.terminal")

NOT_SHOWN = catalogue("en")["not_shown"]
"""What a player reads instead of a traceback when one of our own lines fails (in English)."""
EMOTES = ("meow", "laugh", "turn")
"""The app's one-click emotes (ui/chat), said by the catalogues' `emote.*`."""
OWED_WORDS = {
    "key share": "owed.key_share",
    "seed reveal": "owed.seed_reveal",
    "shuffle": "owed.shuffle",
    "round secrets": "owed.round_secrets",
    "showed the hand the rules turn face up": "owed.hand",
}
"""What a laptop's software owes the round (net's words), by the catalogues' key."""


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
        self.line(tr("not_shown", where=where), event="not_shown", what=what)

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
                said = tr("peer_waiting", name=event.name, left=_clock(event.seconds_left))
                self.line(said, event=kind, name=event.name, seconds_left=event.seconds_left)
        elif isinstance(event, events.TableFound | events.TableUpdated):
            self.line(describe_listing(event.listing), event=kind, **listing_json(event.listing))
        elif isinstance(event, events.TableLost):
            self.line(tr("table_lost", service=event.service), event=kind, service=event.service)
        elif isinstance(event, GAME_EVENTS):
            self.game_event(event)
        elif isinstance(event, PhonesWatching):
            said = tr("phones.here", count=event.count)
            self.line(said, event="phones", count=event.count)
        elif isinstance(event, PhonesElsewhere):
            said = tr("phones.there", laptop=event.laptop, count=event.count)
            self.line(said, event="phones", count=event.count, laptop=event.laptop)
        elif isinstance(event, NET_NEWS):
            self.line(sentence(_news(event)), event=kind, **vars(event))
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
            if self.watching:
                role = tr("started.watch")
            elif event.seat is None:
                role = tr("started.bots")
            else:
                role = tr("started.seat", n=event.seat + 1)
            seats = ", ".join(tr("state.seat", n=i + 1, who=n) for i, n in enumerate(event.names))
            self.line(
                tr(
                    "started",
                    number=event.number,
                    game=game_title(event.game),
                    role=role,
                    seats=seats,
                ),
                event="game_started",
                game=event.game,
                seat=event.seat,
                names=list(event.names),
                number=event.number,
            )
        elif isinstance(event, events.GameResumed):
            self.line(
                tr("resumed", number=event.number, passes=event.passes, resent=event.resent),
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
                _replaced(event),
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
            self.line(tr("refused", reason=reason), event="refused", reason=event.reason)
        elif isinstance(event, events.RoundChecked):
            verdict = tr("verdict.fair") if event.verdict == "fair" else event.verdict
            self.line(
                tr(
                    "round_checked",
                    number=event.number,
                    verdict=verdict,
                    scores=self.scores(event.scores),
                ),
                event="round_checked",
                round=event.number,
                fair=event.fair,
                verdict=event.verdict,
                scores=list(event.scores),
            )
        elif isinstance(event, events.CheatNamed):
            evidence = event.evidence or tr("evidence.not_saved")
            self.line(
                _cheat(event) + "\n" + tr("evidence", file=evidence),
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
            said = tr("handed_on.me" if event.me else "handed_on", gone=event.gone, name=event.name)
            self.line(sentence(said), event="host_handed_on", **vars(event))
        elif isinstance(event, events.LaptopUnheard):
            self.line(sentence(_unheard(event)), event="unheard", laptop=event.laptop,
                      what=event.what, through=list(event.through), ends=event.ends)  # fmt: skip
        elif isinstance(event, events.LaptopCutOff):
            evidence = "\n" + tr("evidence", file=event.evidence) if event.evidence else ""
            then = tr("then.ends" if event.ends else "then.bot")
            said = tr("cut_off", laptop=event.laptop, why=event.why, then=then)
            self.line(sentence(said) + evidence, event="cut_off", **vars(event))
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
                tr("game_over", won=self.won(), scores=self.scores(event.scores)),
                event="game_over",
                scores=list(event.scores),
                audits=list(event.audits),
            )
        elif isinstance(event, events.GameStopped):
            said = tr("stopped", reason=event.reason)
            where = [
                f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
                for _, host, port in event.elsewhere
            ]
            if where:  # (cut from the table: it may go on at one of these)
                said += tr("stopped.watch", address=where[0])
            self.line(
                said, event="stopped", reason=event.reason, cheat=event.cheat, elsewhere=where
            )

    def won(self) -> str:
        """ "Ana wins", "Ana and Ben share the win" (names, so that everyone reads the same)."""
        names = self.words.names if self.words is not None else ()
        who = [names[s] if s < len(names) else tr("who.seat", n=s + 1) for s in self.winners]
        if not who:
            return tr("won.scores_decide")
        if len(who) == 1:
            return tr("won.one", name=who[0])
        return tr("won.shared", names=join_words(who))

    def scores(self, scores: Any) -> str:
        """ "Scores: Ana 3, Ben 5" (the names once the game has started)."""
        names = self.words.names if self.words is not None else ()
        return tr("scores", scores=", ".join(
            f"{names[i] if i < len(names) else tr('who.seat', n=i + 1)} {score}"
            for i, score in enumerate(scores)
        ))  # fmt: skip

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
        self.line(tr("your_turn"), event="your_turn")

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
    who = tr("chat.to_you", name=name) if private else name
    if isinstance(data, dict) and len(data) == 1 and data.get("emote") in EMOTES:
        return tr(f"emote.{data['emote']}", name=who)
    return tr("chat", name=who, text=shown(data))


def _winners(update: Any) -> tuple[int, ...]:
    """Who won, if this update holds the game's last event (Momistigri's and No sin mi gato's
    name `winners`, Purrfect's its `winner`)."""
    for step in reversed(update.ends()):
        winners = getattr(step.event, "winners", None)
        if winners is not None:
            return tuple(winners)
        return (step.event.winner,)
    return ()


def _waits(event: events.TableWaits) -> str:
    """ "Waiting for Cleo to play: if nothing comes in 9:50, the table counts Cleo's laptop
    as gone." """
    left = _clock(event.seconds_left)
    names = join_words(list(event.names))
    if event.turn:
        return tr_n("waits.turn", len(event.names), names=names, left=left)
    pairs = zip(event.names, event.owed, strict=False)
    # (Other waits are the protocol's own: said plainly, seat numbers and all left out.)
    said = [
        tr("waits.laptop", name=n, owed=tr(OWED_WORDS.get(w, "owed.message")))
        for n, (_, w) in pairs
    ]
    return tr("waits.owed", owed=join_words(said), left=left)


def _clock(seconds_left: int) -> str:
    """ "9:50" """
    minutes, seconds = divmod(max(seconds_left, 0), 60)
    return f"{minutes}:{seconds:02d}"


NET_NEWS = (
    events.Joined,
    events.CheaterCaught,
    events.PlaysRelayed,
    events.RefusedHere,
    events.PeerLeft,
    events.PeerBack,
    events.PeerGone,
    events.TableClosed,
    events.RequestRefused,
    events.MessageRefused,
)
"""The network's news the terminal words from their fields (a reason stays as it came)."""


def _news(event: Any) -> str:
    """The sentence for one of NET_NEWS."""
    if isinstance(event, events.Joined):
        key = "joined.checked" if event.checked else "joined"
        return tr(key, host=event.host, address=event.address, fingerprint=event.fingerprint)
    if isinstance(event, events.CheaterCaught):
        return tr("cheater_caught", name=event.name, fingerprint=event.fingerprint, seq=event.seq)
    if isinstance(event, events.PlaysRelayed):
        return tr("relayed", name=event.name, via=event.via)
    if isinstance(event, events.RefusedHere):
        return tr("refused_here", name=event.name, reason=event.reason)
    if isinstance(event, events.PeerLeft):
        then = event.then if event.then in ("bot", "end") else ""
        return tr(f"left.{then}" if then else "left", name=event.name)
    if isinstance(event, events.PeerBack):
        return tr("peer_back", name=event.name)
    if isinstance(event, events.PeerGone):
        return tr("peer_gone", name=event.name)
    if isinstance(event, events.TableClosed):
        return tr("table_closed", reason=event.reason)
    if isinstance(event, events.RequestRefused):
        return tr("request_refused", reason=event.reason)
    return tr("message_refused", name=event.name, reason=event.reason)


def _replaced(event: events.SeatReplaced) -> str:
    """A gone laptop's seats given to a bot, and what happens to the round."""
    went = tr(f"went.{event.why}" if event.why in ("left", "gone", "dropped") else "went.out",
              name=event.name)  # fmt: skip
    bot = tr_n("replaced.bot", len(event.seats))
    hosts = tr("replaced.hosts", name=event.host) if event.handed and event.host else ""
    if event.kept and event.hands and event.offers:
        then = tr("replaced.offers")
    elif event.kept and event.hands:
        then = tr("replaced.hands")
    elif event.kept:
        then = tr("replaced.kept")
    else:
        then = tr("replaced.round", round=event.round)
    return tr("replaced", went=went, bot=bot, hosts=hosts, then=then)


def _cheat(event: events.CheatNamed) -> str:
    """Who broke which rule; the detail stays as the check said it."""
    detail = f" ({event.detail})" if event.detail else ""
    if event.by:
        said = tr("cheat.by", by=event.by, laptop=event.laptop, name=event.name, rule=event.rule,
                  detail=detail)  # fmt: skip
    elif event.laptop:
        said = tr("cheat.laptop", laptop=event.laptop, name=event.name, rule=event.rule,
                  detail=detail)  # fmt: skip
    else:
        said = tr("cheat", name=event.name, rule=event.rule, detail=detail)
    return said + " " + tr("cheat.ends" if event.ends else "cheat.bot")


def _unheard(event: events.LaptopUnheard) -> str:
    then = tr("then.ends" if event.ends else "then.bot")
    if event.through:
        via = join_words([tr("laptop_of", name=name) for name in event.through])
        return tr("unheard.through", laptop=event.laptop, what=event.what, via=via, then=then)
    return tr("unheard", laptop=event.laptop, what=event.what, then=then)
