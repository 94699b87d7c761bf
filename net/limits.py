"""Every limit the network layer puts on untrusted input, in one place (see docs/protocol.md)."""

from dataclasses import dataclass

PROTOCOL_VERSION = 17
"""Bumped whenever two lanpurr versions could no longer understand each other.
2: table codes by SPAKE2, signed listings, echoes of the latest messages, `evidence` frames.
3: games between laptops: bots with keys of their own, `again`, game keys and sealed batches.
4: a fair `move` names the masked slots of its cards (`slots`); a Purrfect swap is a `transfer`
of the bound slots instead of two draws.
5: the fair-play group is ristretto255 instead of ed25519 (points, cards and generators are
ristretto255 encodings; docs/decisions/0025).
6: the host announces its game key's digest to everyone before it seals the key to each member
(`gc`), and tells everyone when its game stops (`end`).
7: the key's digest carries the table's drop-out setting (`bot`); when the host drops out of a
game, the next laptop of the line takes over its part and the table (`swap`, `end`, a table
state handed over; docs/protocol.md §8, §11); laptops may watch a table (`watch`, `shown`; the
members' `{"watchers": [...]}`; §12).
8: a watched table's `table` feed message names the laptops its game would go on at (`next`), so
that a watcher follows the game when the host's laptop goes (§12).
9: blame rests on evidence the receiver checks itself: a `swap` is taken only once the laptops it
names dropped out on the receiver; a member shows the table a wrong game key sealed to it
(`kc`), and any laptop of the game may seal the key to it; a refusal or an `end` counts only
its sender out (docs/fair-play.md, "Who may accuse whom"); the watcher's feed carries the
game's start as its first host signed it (`line`): a watcher reads the game's line from it and
calls only those laptops, `next` giving their addresses (§12); a `relay` frame carries the
relay's signature of the bytes it hands on (`sig`), so that a relay that alters or forges is
named with proof (§4).
10: a fair `held` message: the seat that handed another seat cards shows them, proven, when that
seat's move broke a promise about its hand (docs/fair-play.md, "Lies only one seat can see");
each laptop of a game's line agrees, in an `app` message, to the start its first host signed
(`{"agree": [games, digest]}`), and the watcher's `line` carries those agreements: a watcher
calls only laptops that agreed to the start it holds (§12).
11: a Momistigri blind draw is asked for as soon as the draw phase begins, before the drawer's
`play`: the holder's `hand` follows its own last move, then the drawer's `pick` and the shares,
and the drawer's `Draw` takes the cards of that draw (docs/protocol.md, "A blind draw comes
before its `play`").
12: at a table without turns, the stamp after a seat's own `move` skips one Lamport time, and a
move is placed once every other seat's latest stamp reaches its time (instead of passing its
key): a take is placed with its acceptance, one message step sooner (docs/realtime-order.md §3).
13: a draw's shares cover the holder's whole re-shuffled hand, each card shared by every seat but
its owner (the drawer sends its shares of the cards the holder keeps right after its `pick`), so
that turning up a card of a hand needs its holder's share alone (docs/fair-play.md, "Every card
of a hand is shared as a dealt card"); a game's record names the protocol it was played by.
14: a fair `transfer` (a Purrfect swap) carries, with each card re-masked, its holder's own share
of it and every other seat's but the receiver's, derived from the old card's (`carried`, `own`,
`own_proof`), so that nobody sends a share after the hand-overs (docs/fair-play.md, "A Purrfect
swap: bound slots, one transfer"; docs/decisions/0052).
15: a deck `shuffle` is taken once every key share is in, beside the seeds, and the seats shuffle
in the table's shuffle order, a laptop's seats one after the other (docs/protocol.md, "The
opening"; docs/decisions/0055)."""


@dataclass(frozen=True)
class Limits:
    """Caps for decoding one msgpack value from a peer."""

    frame: int
    """Largest frame payload, in bytes (the length prefix excluded)."""
    string: int = 4096
    """Longest str, in UTF-8 bytes."""
    binary: int = 9 * 1024 * 1024
    """Longest bin value."""
    array: int = 1024
    map: int = 64
    depth: int = 8
    """Deepest nesting of arrays and maps (a scalar at the top is depth 0)."""


HANDSHAKE = Limits(frame=4096, binary=256, array=0, map=16, depth=1)
"""Before a peer has proved its identity it may only send small flat handshake frames."""

SESSION = Limits(frame=160 * 1024, string=400 * 4, binary=150 * 1024, array=0, map=4, depth=1)
"""After the handshake: room for the largest envelope (a game batch, GAME_BATCH bytes of frames,
sealed) plus headroom. Every session frame is a flat map of at most two fields, so a frame
cannot hide millions of tiny values."""

BODY = Limits(frame=128 * 1024, string=64 * 1024, binary=112 * 1024, array=4096, map=256, depth=16)
"""An envelope's body (table messages and game messages); see also net.table.bodies."""
GAME_BATCH = 96 * 1024
"""Bytes of frames one game batch holds at most (a larger pass is sent as several batches)."""
BODY_OBJECTS = 4096
"""Most arrays' and maps' entries in one body, all levels together. A game batch is one sealed
box (its frames are decoded only once it opens, each by its seat's runtime); a table state of
seven seats has a few hundred. A body of tiny values costs CPU to decode for its size: 4096
keeps each under a millisecond."""

HANDSHAKE_TIMEOUT = 15.0
"""Seconds a connection may take to complete its handshake before it is closed. A handshake is
four round trips; on bad Wi-Fi (400 ms round trips, a lost segment costing 1, then 2, then 4 s
of retransmission timeout) 5 s failed one join in five. A half handshake holds no seat, and
the caps on handshakes under way bound what slow ones can cost (docs/protocol.md, "Limits")."""
JOIN_ATTEMPT = 6.0
"""Seconds a join gives one connection's handshake before it drops that connection and dials a
fresh one (within JOIN_PATIENCE). A segment that bad Wi-Fi lost twice on one connection waits
for the system's retransmission timeout, which doubles each time (1, 2, 4, 8 s), while a fresh
connection starts again at 1 s. Before, one of six joins of three bad-Wi-Fi games (10 % loss,
200 ± 50 ms) waited its whole patience on a single connection and said the table did not
answer. The host gives a handshake HANDSHAKE_TIMEOUT, so an abandoned one is closed there."""
CONNECT_TIMEOUT = 4.0
"""Seconds a TCP connection may take to be accepted before its address counts as one where
nothing answers. A laptop on the LAN accepts within milliseconds, and the system sends a lost
SYN again after 1 s and 3 s: three tries in 4 s. Apart from HANDSHAKE_TIMEOUT, which gives the
four round trips that follow all the time bad Wi-Fi needs. A join connects CONNECT_TRIES times
before it says nothing answers: on Wi-Fi that loses 10 % of the packets each way one connect
in about 150 gets no answer in time, two in a row one join in about 20 000; a join to a
black-holed address took 15.5 s to fail before."""
CONNECT_TRIES = 2
JOIN_PATIENCE = 15.0
"""Seconds a join keeps trying a table whose handshake does not complete, or whose answer gets
lost, before it says so. An address that refuses the connection, that nothing accepts it at
within CONNECT_TIMEOUT, or that no route or ARP reaches is reported at once: the system has
already tried it several times."""
HEARTBEAT_INTERVAL = 2.0
"""Seconds of silence after which a connection sends a ping."""
DEAD_AFTER = 7.0
"""Seconds without a whole frame after which a connection is declared dead (goal: within 10 s)."""
RECONNECT_GRACE = 120.0
"""Seconds a player's seat is kept for them while they reconnect."""
CLOSED_APP_GRACE = 15.0
"""Seconds a player's seat is kept when their laptop answers but their app is gone: every call
to the address where their app answered before is refused at once, and none of their messages
comes (long enough for a quick restart; net/table/absence.py, docs/protocol.md §7)."""
REFUSED_LATELY = 5.0
"""A refused call says the app is gone for this long (calls are at most 2.4 s apart)."""
SETTLE = 3.0
"""Seconds after a link drops during which a member's last messages, sent before it went, may
still be learnt of (relayed, or named by another member's echo) without counting as news."""
QUIET_BEFORE_WAITING = 2.0
"""Seconds a lost link may take to come back before the countdown is shown (two peers that
dial each other at once close one of the two links: that is no absence)."""
PENDING_PER_ADDRESS = 4
"""Handshakes under way at once from one IP address."""
PENDING_TOTAL = 64
"""Handshakes under way at once in all."""
CODE_TRIES_PER_ADDRESS = 5.0
"""Wrong table codes an address may try per minute."""
CODE_TRIES_PER_TABLE = 30.0
"""Wrong table codes a table accepts to check per minute, from all addresses together."""
STATE_INTERVAL = 0.2
"""Seconds between two table states the host publishes (changes in between are merged)."""
ECHO_DELAY = 1.0
"""Seconds after which a peer that received messages but sent none says what it holds."""
MAX_PEERS = 7
MAX_WATCHERS = 8
"""Laptops that may watch one table at once (net/table/watch_desk.py)."""
MAX_PHONES = 16
"""Phones watching one table from one laptop's page at once (net/phone/)."""
NAME_LENGTH = 32
"""Longest display name, in characters."""
