"""The table changes hands: the host dropped out of a game and the next laptop of the line took
over its part (net/game/dropouts.py), so that laptop hosts the table from then on — Play
again, newcomers and the listing — and the others take its table states.

A table state from a laptop that is not the host is taken only from the game's acting host on
this laptop, once the host it replaces has dropped out here too, and only as the host's own
state handed over (`table.hand_over`: the same table, game and seats, the old host among those
who left). One that comes before this laptop saw the host go (its countdown ends a moment
later) is held, the latest one, until it does. A laptop outside the game's line that publishes
a table is refused as before. docs/protocol.md §11, "When the host goes".
"""

import logging
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, Protocol

from net import table_state as table
from net.game.driver import GameDriver
from net.table_state import PLAYING, TableState
from net.wire.handshake import new_code
from net.wire.mesh import Mesh

log = logging.getLogger("lanpurr.net")


class Hosted(Protocol):
    """What the handover needs of its table session."""

    me: bytes
    state: TableState | None
    mesh: Mesh
    code: str | None
    announce_on: Sequence[str] | None
    hosting: list[Callable[[], None]]

    @property
    def play(self) -> GameDriver | None: ...

    def adopt(self, state: TableState, replayed: bool = False) -> None: ...

    def announce(self, announce_on: Sequence[str] | None) -> Coroutine[Any, Any, None]: ...

    def in_background(self, coroutine: Coroutine[Any, Any, None]) -> None: ...


class Handover:
    def __init__(self, session: Hosted) -> None:
        self.session = session
        self.held: TableState | None = None
        """A handed-over table state that came before this laptop saw the host go."""

    def may_publish(self, sender: bytes) -> bool:
        """A laptop of the game's line may publish a table state (checked when it comes)."""
        play = self.session.play
        return play is not None and sender in play.game.drops.line

    def received(self, sender: bytes, state: TableState) -> bool:
        """A table state from `sender`, not the host: True if it was taken or held."""
        session, play = self.session, self.session.play
        current = session.state
        if current is None or not table.handed_over(current, sender, state):
            return False
        if play is None:  # (read back from the journal: the game, taken up, says who acts)
            self._hold(state)
            return True
        if sender not in play.game.drops.line:
            return False
        if play.game.drops.host == sender and current.host in play.game.drops.out:
            session.adopt(state)
        else:
            self._hold(state)
        return True

    def _hold(self, state: TableState) -> None:
        if self.held is None or state.version > self.held.version:
            self.held = state

    def moved(self, acting: bytes) -> None:
        """The game's acting host is `acting` now: it hosts the table from now on."""
        session = self.session
        state = session.state
        if state is None or state.phase != PLAYING or acting == state.host:
            return
        if acting == session.me:
            log.warning("this laptop hosts the table from now on")
            session.adopt(table.hand_over(state, session.me))
            if state.private:  # (the code was on the old host's screen: newcomers get a new one)
                session.code = session.mesh.code = new_code()
                session.mesh.private = True
            if state.listed:
                session.in_background(session.announce(session.announce_on))
            for hook in session.hosting:
                hook()
            return
        held, self.held = self.held, None
        if held is not None and held.host == acting:
            session.adopt(held)
