"""The game of a table, on this laptop: when it starts, what reaches it, and when it is let go.

A `TableSession` hands every game message (net.game) here. The game starts when the session
adopts a table state in `PLAYING` with a new game number; game messages for a game that
started on other laptops before the start reached this one are kept meanwhile (in the order
they came); a game the table moved on from while this laptop still draws its last moves is
played out first; after a restart the game is taken up from the journal (net.game.take_up).
"""

import logging
from collections.abc import Coroutine
from typing import Any, Protocol

from lanpurr.fair.envelope import Envelope
from lanpurr.fair.identity import Identity
from net.events import Event, GameStopped
from net.game import messages
from net.game import record as game_record
from net.game.driver import GameDriver, TableLink
from net.game.messages import Received
from net.game.setup import PlaySettings, prepare
from net.table_state import OPEN, PLAYING, TableState

log = logging.getLogger("lanpurr.net")

EARLY_GAME_BYTES = 16 * 1024 * 1024
"""Bytes of game messages kept for a game this laptop has not started yet (see `early`)."""
PLAY_OUT_PATIENCE = 60.0
"""Seconds a laptop behind the host may take to draw a game's last moves after the host has
opened the table again or closed it (a slow laptop, or messages late on bad Wi-Fi)."""


class Seat(TableLink, Protocol):
    """What the game of a table needs of its session, beyond what a game needs (TableLink)."""

    state: TableState | None
    closed: bool
    play_settings: PlaySettings

    @property
    def is_host(self) -> bool: ...

    def emit(self, event: Event) -> None: ...

    def in_background(self, coroutine: Coroutine[Any, Any, None]) -> None: ...


class TableGame:
    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.play: GameDriver | None = None
        """The game being played, from the start on."""
        self.replayed: list[Received] = []
        """Game messages read back from the journal, for the game to take up."""
        self._lost: int | None = None
        """A game this laptop could not take up again: it never starts it afresh."""
        self._early: list[Received] = []
        """Game messages for a game that started on other laptops before the start reached
        this one (its sender's next messages may already be here too): handed to the game, in
        the order they came, once it starts here."""
        self._early_bytes = 0
        self._playing_out: set[GameDriver] = set()
        """Games the table moved on from that this laptop is still drawing to their end."""

    def follow(self, replayed: bool) -> None:
        """Start this laptop's seats when the game starts; let go of a game that is over."""
        seat = self.seat
        state = seat.state  # the latest (a listener may have changed it again meanwhile)
        if state is None:
            return
        play = self.play
        moved_on = play is not None and (state.phase != PLAYING or state.games != play.number)
        if play is not None and moved_on and self.behind(play, state):
            # The host is done with this game (Play again, or it closed the table) while this
            # laptop still draws its last moves from messages already here or on their way.
            if play not in self._playing_out:
                self._playing_out.add(play)
                seat.in_background(self._play_out(play))
        elif play is not None and moved_on:
            self.play = None
            seat.in_background(play.close())
            play = None
        if state.phase == OPEN:
            prepare(state.game)  # ready for Start
        lost = state.games == self._lost
        if (
            play is None
            and state.phase == PLAYING
            and not replayed
            and not seat.closed
            and not lost
        ):
            try:
                self.play = GameDriver(seat, state, seat.play_settings, seat.emit)
            except ValueError as error:
                seat.emit(GameStopped(f"this laptop cannot play its seats: {error}"))
                return
            self.play.start()
            early, self._early, self._early_bytes = self._early, [], 0
            for sender, data, private in early:
                self.message_for(sender, data, private)

    def behind(self, play: GameDriver, state: TableState) -> bool:
        return not play.finished and state.games == play.number and not self.seat.is_host

    async def _play_out(self, play: GameDriver) -> None:
        await play.played_out(PLAY_OUT_PATIENCE)
        self._playing_out.discard(play)
        state = self.seat.state
        if self.play is play and state is not None and state.phase != PLAYING:
            self.play = None
            await play.close()

    async def host_closed(self, host: bytes) -> None:
        """The host closed the table: a game this laptop has not seen the end of is played
        out first, as far as it can go without the host's seats (laptop gone)."""
        play = self.play
        if play is not None and not play.finished:
            play.laptop_gone(host, "closed the table")
            await play.played_out(PLAY_OUT_PATIENCE)

    def message(
        self,
        sender: bytes,
        data: Any,
        private: bool,
        replayed: bool,
        envelope: Envelope | None = None,
    ) -> bool:
        """True if `data` is a game message (net.game), handed to the game being played
        (`envelope`: the signed message that carried it, when it was sealed to me)."""
        if messages.game_number(data) is None:
            return False
        if replayed:
            self.replayed.append((sender, data, private))
        elif sender != self.seat.me:
            self.message_for(sender, data, private, envelope)
        return True

    def message_for(
        self, sender: bytes, data: dict[str, Any], private: bool, envelope: Envelope | None = None
    ) -> None:
        number = messages.game_number(data)
        play, state = self.play, self.seat.state
        if play is not None and number == play.number:
            play.on_message(sender, data, private, envelope)
            return
        started = state.games if state is not None else 0
        if private and "gk" in data and play is not None and envelope is not None:
            play.mislabelled(sender, envelope)  # (a game key sealed for another game)
        if type(number) is not int or number <= started:
            return  # a game that is over here
        if play is not None and not play.finished:
            play.game.noted(sender, f"its game messages were labelled for game {number}")
        size = sum(len(v) for v in data.values() if isinstance(v, bytes))
        if self._early_bytes + size > EARLY_GAME_BYTES:
            log.warning("too many game messages before the game started here: one dropped")
            return
        self._early.append((sender, data, private))
        self._early_bytes += size

    def resume(self) -> None:
        """After a restart (the journal read back): take up the game this laptop was playing
        (net.game.take_up), before the event loop runs again."""
        seat, state = self.seat, self.seat.state
        replayed, self.replayed = self.replayed, []
        if state is None or state.phase != PLAYING or self.play is not None or seat.closed:
            return
        if state.member(seat.me) is None or seat.me in state.left:
            return
        mine = [m for m in replayed if m[1].get("n", m[1].get("g")) == state.games]
        try:
            for private in game_record.load_bot_keys(seat.profile.journals, state.table):
                bot = Identity.from_private_bytes(private)
                seat.bot_identities.setdefault(bot.public_key, bot)
            self.play = GameDriver(seat, state, seat.play_settings, seat.emit, replayed=mine)
        except ValueError as error:
            self._lost = state.games
            seat.emit(GameStopped(f"this laptop cannot play its seats: {error}"))
            return
        self.play.start()
