"""Who may join a table (the host admits and seats a laptop whose handshake completed), and
what a laptop at a table hears of the other members: links up and down, the countdown of an
absent member (net/table/absence.py), members heard through another laptop, members that refuse
this one, members cut off or caught, their messages and those refused. Each is told to the
player and to the game being played (net.game). A layer of `TableSession` (session.py), on the
network thread.
"""

import logging
from collections.abc import Callable
from typing import Any

from lanpurr.fair.envelope import Envelope, Rejected
from lanpurr.fair.identity import fingerprint_of
from net import table_state as table
from net.events import (
    CheaterCaught,
    Event,
    MessageReceived,
    MessageRefused,
    PlaysRelayed,
    RefusedHere,
)
from net.table.absence import Absences
from net.table.table_game import TableGame
from net.table_state import CLOSED, OPEN, Member, TableError, TableState
from net.text import clean
from net.wire.handshake import Applicant, Refused
from net.wire.link import Link
from net.wire.mesh import Mesh
from net.wire.messages import Refuse
from net.wire.relay import Withheld

log = logging.getLogger("lanpurr.net")


class Members:
    """What `TableSession` does with the news of the other members (the session's own parts it
    uses are declared here)."""

    me: bytes
    mesh: Mesh
    state: TableState | None
    absences: Absences
    grace: float
    closed: bool
    _refusals: dict[bytes, str]
    _relayed_said: set[bytes]
    emit: Callable[[Event], None]
    adopt: Callable[..., None]
    _name: Callable[..., str]
    games: TableGame

    def _rejected(self, link: Link, rejected: Rejected) -> None:
        name = self._name(link.key, link.name)
        log.warning("refused a message from %s: %s", name, rejected)
        self.emit(MessageRefused(name, str(rejected)))

    def _banned(self, key: bytes, reason: str, said: str) -> None:
        """The mesh cut `key` off. Before the start the host also frees its seat; in a game,
        the game drops its laptop (net.game.dropouts)."""
        self.emit(MessageRefused(self._name(key), f"cut off from the table: {said}"))
        if self.games.play is not None:
            proof = self.mesh.proofs.get(key) or self.mesh.relay_proofs.get(key)
            self.games.play.cut_off(key, said, proof)
        state = self.state
        if (
            state is not None
            and state.host == self.me
            and state.phase == OPEN
            and state.member(key)
        ):
            self.adopt(table.remove(state, self.me, key))

    def withheld(self, key: bytes) -> Withheld | None:
        """Whether the laptop `key`'s messages may be held back on their way here, so that a
        wait for them names nobody (net.wire.relay.Withheld; None: nothing stands between us)."""
        return self.mesh.withheld(key)

    def _disputed(self, key: bytes) -> None:
        if self.games.play is not None:
            self.games.play.disputed(key)

    def _refused_me(self, key: bytes, refused: Refused) -> None:
        """A member refuses this laptop for good. In a game its word alone stops nothing here:
        its link is down for good, its plays come, if at all, through the others, and it is
        counted out only if nothing of it comes (net.table.absence: a refusing laptop's
        countdown)."""
        if refused.why != "banned" or self.games.play is None or key in self._refusals:
            return
        reason = self._refusals[key] = clean(refused.reason, 200)
        name = self._name(key)
        self.emit(RefusedHere(name, reason))
        self.absences.refused(key, name)
        self.mesh.recall.add(key)

    def _relayed(self, sender: bytes, via: bytes) -> None:
        """A message of `sender` came through `via`: said once; and `sender` is heard, so its
        absence's countdown stops (a relayed laptop is not gone)."""
        if sender not in self.mesh.links and sender not in self._relayed_said:
            self._relayed_said.add(sender)
            self.emit(PlaysRelayed(self._name(sender), self._name(via)))
        self.absences.relayed(sender, self._name(sender))
        if self.games.play is not None:
            self.games.play.heard_again(sender)

    def _cheater(self, key: bytes, proof: tuple[Envelope, Envelope]) -> None:
        self.emit(CheaterCaught(self._name(key), fingerprint_of(key), proof[0].seq, proof))

    # -- admission ------------------------------------------------------------------------

    def _admit(self, applicant: Applicant) -> Refuse | None:
        """Whether `applicant` may complete its handshake. Nothing is given yet: the seat
        comes with the link (`_link_up`), once the handshake is complete."""
        state = self.state
        if state is None or self.closed or state.phase == CLOSED:
            return Refuse("closed", "this table is closed")
        known = state.member(applicant.key) is not None
        if state.host != self.me:
            if known:
                return None
            if applicant.key in state.removed:
                return Refuse("removed", "the host removed you from this table")
            return Refuse("notyet", "you are not (yet) a member of this table: join its host")
        if not known and state.private and not applicant.code_ok:
            return Refuse(
                "private",
                "the code is wrong: check the code on the host's screen and try again"
                if applicant.code_tried
                else "this table is private: ask the host for the code shown on their screen "
                "and join with it (lanpurr join ADDRESS --code CODE)",
            )
        problem = table.admission_problem(state, applicant.key)
        if problem is not None and not known and state.phase == OPEN and self._free_a_seat():
            problem = table.admission_problem(self.state or state, applicant.key)
        if problem is not None:
            why = "removed" if applicant.key in state.removed else "full"
            why = "started" if state.phase != OPEN and not known else why
            return Refuse(why, problem)
        return None

    def _free_a_seat(self) -> bool:
        """Hosting, before the start, a full table: free the seat of a member that said
        goodbye and is away (a goodbye is unsigned, so it only frees a seat someone wants)."""
        state = self.state
        gone = self.absences.said_goodbye() if state is not None else None
        if state is None or gone is None:
            return False
        self.adopt(table.leave(state, gone))
        self.mesh.unwant(gone)
        return True

    def _seat(self, link: Link) -> bool:
        """At the host: give the peer of a new link its seat (or update its address).
        False when the table cannot take it any more (another player took the last seat
        during its handshake): the link is closed with the reason."""
        state = self.state
        if state is None or state.host != self.me or state.phase == CLOSED:
            return True
        if state.member(link.key) is None and state.phase != OPEN:
            link.close("this table's game has already started")
            return False
        member = Member(link.key, link.greeting.name, link.address, link.greeting.port)
        try:
            self.adopt(table.admit(state, member))
        except TableError as error:
            link.close(str(error))
            return False
        return True

    # -- absent players -------------------------------------------------------------------

    def _link_up(self, link: Link) -> None:
        if self._seat(link):
            self.absences.back(link, self._name(link.key, link.name))

    def _link_down(self, link: Link) -> None:
        state = self.state
        if state is None or self.closed or state.member(link.key) is None:
            return
        if link.key in state.left or link.key in self.mesh.banned:
            return
        name = self._name(link.key, link.name)
        if link.peer_said_bye is not None:
            # Unsigned, so it cannot end anything: leaving is a signed request in the log.
            log.warning(
                "%s said goodbye (%s) without leaving the table: keeping the seat for %d s",
                name,
                link.peer_said_bye,
                round(self.grace),
            )
        self.absences.away(link, name)

    def _heard_of(self, key: bytes) -> tuple[int, int]:
        """How many of `key`'s messages this laptop holds, and how many exist by the signed
        echoes of the members not cut off (net/table/absence.py: news of an absent member)."""
        held = self.mesh.held(key)
        withheld = self.mesh.withheld(key)
        holders = withheld.holders.values() if withheld is not None else ()
        return held, max([held, *holders])

    def _away(self, key: bytes) -> None:
        """A member's absence is announced: the game's timeout leaves it to the grace period."""
        if self.games.play is not None:
            self.games.play.laptop_away(key)

    def _back(self, key: bytes) -> None:
        if self.games.play is not None:
            self.games.play.laptop_back(key)

    def _did_not_come_back(self, key: bytes) -> None:
        if self.games.play is not None and key in self._refusals:
            self.games.play.shut_out(key, self._refusals[key])
        elif self.games.play is not None:
            closed = key in self.absences.apps_closed
            self.games.play.laptop_gone(key, "closed its app" if closed else "did not come back")
        if self.state is not None and self.state.host == self.me and self.state.phase == OPEN:
            self.adopt(table.leave(self.state, key))
            self.mesh.unwant(key)

    def _deliver(self, envelope: Envelope, data: Any, private: bool, replayed: bool) -> None:
        if envelope.sender == self.me:
            return  # my own messages, re-read from my journal: the app knows what it sent
        name = self._name(envelope.sender)
        self.emit(MessageReceived(envelope.sender, name, envelope.seq, data, private, replayed))
