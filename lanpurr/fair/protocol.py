"""One peer of a fair table for one round: signed messages in, signed messages out.

Every peer runs the same deterministic machine over the same ordered stream of envelopes, so
every honest peer reaches the same public state and catches the same faults. The machine knows
no game: a game layer asks it for operations (`deal`, `reveal`, `give`, `draw`, `play`) in the
same order on every peer, and reads back the faces this peer may know.

Phases of a round (docs/fair-play.md has every message):

    keys ─► seeds ─► shuffle(0 … n−1) ─► ready ⇄ operations ─► secrets ─► (audit)

A card on the table is a *slot*: a masked pair in `cards`, with an owner (a seat, or None for
a face-down pile) and the decryption shares published for it so far. Shuffles, gifts and hand
re-shuffles make fresh slots, so nobody can follow a card by its old masking.

The peer is built in layers, each a class on top of the one before it:

    peer_state.PeerState       its fields; sending; naming a cheater at once
    peer_steps.PeerSteps       the operations a game asks for, queued and closed in turn
    peer_outgoing.PeerOutgoing the messages this seat makes, and when it sends them
    peer_checks.PeerChecks     every message but a play, checked on arrival
    peer_plays.PeerPlays       plays in turn, and moves a real-time table orders itself
    peer_evidence.PeerEvidence cards handed to this seat turned over as evidence of a lie
    peer_held.PeerHeld         cards this seat handed another shown, when that seat's move lied
    FairPeer (here)            a frame in: the signed log, the table, then the handler

Two tables drive it: `round_state.PHASE_STEPS`, the only steps its phase takes (`_enter`), and
`messages.MESSAGES`, which every message is read against (its kind, its phase, its fields)
before its handler runs (`_handlers`).
"""

from collections.abc import Callable
from typing import Any

import msgpack

from lanpurr.fair.accusation import AT_ONCE, Accusation, Fault
from lanpurr.fair.envelope import Envelope, EnvelopeError, Rejected
from lanpurr.fair.joint_random import Uncarried
from lanpurr.fair.messages import Body, Kind, admit
from lanpurr.fair.peer_held import PeerHeld
from lanpurr.fair.round_state import IllegalPhaseStep, Phase

Handler = Callable[[int, Body], None]
"""A message's handler: (its sender's seat, its body), once MESSAGES has taken it."""


class FairPeer(PeerHeld):
    """One seat (or, with `identity=None`, a silent observer that checks everything)."""

    # ---- receiving --------------------------------------------------------------------

    def receive(self, data: bytes, via: int) -> list[bytes]:
        """Take one frame that arrived on seat `via`'s connection; return frames to send."""
        if self.halted:
            return []
        try:
            envelope = Envelope.decode(data)
        except EnvelopeError as error:
            self.refused.append(f"from seat {via}: {error}")
            return []
        return self._deliver(envelope, via)

    def observe(self, envelope: Envelope, seat: int) -> None:
        """A silent observer's replay (lanpurr/fair/audit.py): one message of the log."""
        self._deliver(envelope, seat)

    def observe_request(self, kind: str, args: tuple[Any, ...]) -> None:
        """A silent observer's replay: an operation the schedule says was asked for then."""
        self._request(kind, args)

    def _deliver(self, envelope: Envelope, via: int) -> list[bytes]:
        try:
            self.log.accept(envelope)
        except Rejected as rejected:
            rule = {
                "forged signature": "F-SIG",
                "unknown sender": "F-SIG",
                "wrong table": "F-TABLE",
            }.get(rejected.reason, "F-SEQ")
            self._accuse(via, rule, rejected.detail, envelope, rejected.evidence)
            return []
        seat = self.setup.members.index(envelope.sender)
        self.current = envelope
        try:
            body = msgpack.unpackb(
                envelope.body, raw=False, strict_map_key=True, max_ext_len=0, max_map_len=16
            )
            if not isinstance(body, dict) or not isinstance(body.get("k"), str):
                raise Fault("F-FORM", "a message body is a map with a kind")
            if body.get("r") != self.setup.round:
                raise Fault("F-TABLE", f"message for round {body.get('r')!r}")
            kind = admit(body, self.phase)  # kind, phase and fields, before any handler
            self._handlers()[kind](seat, body)
        except Uncarried as fault:
            if not fault.known.envelope:
                self._accuse(seat, fault.rule, fault.detail, envelope, (envelope,))
                return []
            # Shown to every seat first: one that never saw the void try's key judges alike.
            shown = self._send({"k": Kind.CARRIED.value, "key": fault.known.envelope})
            old = Envelope.decode(fault.known.envelope)
            self._accuse(seat, fault.rule, fault.detail, envelope, (old, envelope))
            return [shown]
        except Fault as fault:
            self._accuse(seat, fault.rule, fault.detail, envelope, (envelope,))
            return []
        except IllegalPhaseStep:
            raise  # a bug here, not the sender's doing
        except (ValueError, TypeError, KeyError) as error:
            self._accuse(seat, "F-FORM", f"malformed message ({error})", envelope, (envelope,))
            return []
        except Exception as error:  # msgpack's decode errors share no importable base
            self._accuse(
                seat, "F-FORM", f"malformed body ({type(error).__name__})", envelope, (envelope,)
            )
            return []
        if seat == self.seat:
            return []
        return self._act()

    def overdue(self) -> list[Accusation]:
        """Called when the table's timeout expires: name every seat that owes a message."""
        owed = self.owed()
        found = [
            Accusation(s, "F-REVEAL", f"never sent its {what} (timed out)", None, (), AT_ONCE)
            for s, what in owed
        ]
        if found and not self.halted:
            self.accusations.extend(found)
        return found

    def owed(self) -> list[tuple[int, str]]:
        n = self.setup.seats
        if self.phase is Phase.KEYS:
            return [(s, "key share") for s in range(n) if s not in self.key_shares]
        if self.phase in (Phase.SEEDS, Phase.SHUFFLE):
            seeds = [(s, "seed reveal") for s in self.jr.overdue()]
            due = self.shuffles.due
            return seeds if due is None else [*seeds, (due, "shuffle")]
        if self.phase is Phase.SECRETS:
            return [(s, "round secrets") for s in range(n) if s not in self.revealed_secrets]
        if self.op is not None:
            return [(s, f"{self.op.kind} message") for s in sorted(self.op.owed)]
        return []

    def _handlers(self) -> dict[Kind, Handler]:
        """The handler of each kind of MESSAGES, looked up on this peer (so that a peer that
        overrides one, as the cheat catalogue's do, is called with its own)."""
        return {
            Kind.KEY: self._on_key,
            Kind.SEED: self._on_seed,
            Kind.SHUFFLE: self._on_shuffle,
            Kind.SHARES: self._on_shares,
            Kind.GIVE: self._on_give,
            Kind.TRANSFER: self._on_transfer,
            Kind.HAND: self._on_hand,
            Kind.PICK: self._on_pick,
            Kind.PLAY: self._on_play,
            Kind.MOVE: self._on_move,
            Kind.TICK: self._on_tick,
            Kind.EXPOSE: self._on_expose,
            Kind.HELD: self._on_held,
            Kind.SECRETS: self._on_secrets,
            Kind.CARRIED: self._on_carried,
        }
