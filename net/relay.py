"""Relaying: members that cannot reach each other still play, through a laptop that reaches both.

On many venues' Wi-Fi every laptop reaches the host but not each other (client isolation), or a
laptop's firewall refuses connections. Every message is signed by its sender and chained to its
previous one (and a game's batches are sealed under the game key), so any member may hand a
message of one member to another: the receiver checks it exactly as if it came directly, and the
relay can neither read a sealed part nor change or forge anything.

Each member learns what the others hold from their echoes (net.echo): `[sender, seq, digest]`
for the latest message of each sender. When a member I am linked to has lacked, for RELAY_AFTER
seconds, a message of another member that I hold, I send it that message and those after it
(`Relay` frames), in order; from then on I hand it each new message of that member as soon as
I accept it, until its echoes show that it gets them before I do (a direct link is back). A
member that holds them already drops them as duplicates, so two relays cost bytes, never
correctness; to keep that rare, each member waits a little longer the later its key sorts
among the possible relays.

`RelayBook` is the bookkeeping, with no I/O: the mesh feeds it what it accepted and what others
echoed, and asks it what to relay now.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

RELAY_AFTER = 3.0
"""Seconds a member may lack a message I hold before I relay it (a member whose link works
echoes what it received within about a second)."""
RELAY_STAGGER = 1.0
"""Extra seconds per member whose key sorts before mine (so that usually one laptop relays)."""
RELAY_BATCH = 64
"""Messages relayed to one member at once, per sender (more follow as its echoes advance)."""


@dataclass
class RelayBook:
    me: bytes
    holds: dict[bytes, dict[bytes, int]] = field(default_factory=dict)
    """member -> sender -> how many of the sender's messages the member holds (its echoes)."""
    got_at: dict[bytes, list[float]] = field(default_factory=dict)
    """sender -> when I accepted each of its messages."""
    sent: dict[tuple[bytes, bytes], tuple[int, float]] = field(default_factory=dict)
    """(member, sender) -> up to which message I relayed, and when."""
    relaying: set[tuple[bytes, bytes]] = field(default_factory=set)
    """(member, sender): I hand the member each new message of the sender at once."""

    def accepted(self, sender: bytes, seq: int, now: float) -> list[bytes]:
        """I accepted the sender's message `seq`: the members to hand it on to at once."""
        times = self.got_at.setdefault(sender, [])
        if seq == len(times):
            times.append(now)
        out = []
        for member, source in self.relaying:
            upto, _ = self.sent[(member, source)]
            if source == sender and upto == seq:
                self.sent[(member, source)] = (seq + 1, now)
                out.append(member)
        return out

    def echoed(self, member: bytes, echo: Iterable[list[object]]) -> None:
        """`member` signed that it holds, of each sender, the message numbered `seq`."""
        held = self.holds.setdefault(member, {})
        for entry in echo:
            sender, seq = entry[0], entry[1]
            if isinstance(sender, bytes) and type(seq) is int:
                held[sender] = max(held.get(sender, 0), seq + 1)
                upto, _ = self.sent.get((member, sender), (0, 0.0))
                if held[sender] > upto:
                    self.relaying.discard((member, sender))  # it gets them without me

    def due(
        self, now: float, linked: list[bytes], members: list[bytes], held: Callable[[bytes], int]
    ) -> list[tuple[bytes, bytes, range]]:
        """What to relay now: (to member, sender, message numbers). `linked`: the members I
        have a working link to; `members`: everyone at the table; `held(sender)`: how many of
        the sender's messages I hold."""
        out = []
        for member in linked:
            theirs = self.holds.get(member, {})
            for sender in members:
                if sender in (member, self.me):
                    continue
                mine, has = held(sender), theirs.get(sender, 0)
                times = self.got_at.get(sender, [])
                if has >= mine or has >= len(times):
                    continue
                before_me = sum(1 for k in linked if k not in (member, sender) and k < self.me)
                wait = RELAY_AFTER + RELAY_STAGGER * before_me
                upto, when = self.sent.get((member, sender), (0, 0.0))
                if now - times[has] < wait or (upto > has and now - when < wait):
                    continue
                stop = min(mine, has + RELAY_BATCH)
                self.sent[(member, sender)] = (stop, now)
                if stop == mine:
                    self.relaying.add((member, sender))
                out.append((member, sender, range(has, stop)))
        return out
