"""`lanpurr` with a laptop that misbehaves at the session level once its game is under way.

Run like `python -m ui.cli` (tests/net/test_misbehaving_netns.py and bench/ put it in its own
process on the real network). What it does is chosen by environment variables:

- LANPURR_MISBEHAVE: one of KINDS (below);
- LANPURR_MISBEHAVE_AFTER: how many of its own game batches it sends honestly first (10: by
  then its seat plays);
  LANPURR_MISBEHAVE_SEED instead draws that number between 2 and 40 (a random moment);
- LANPURR_FLOOD_COUNT: how many messages a flood sends (each kind has its default).

Everything it sends is signed properly with its own key, and every message is within the
protocol's shapes (docs/protocol.md §5, §11): only what an honest laptop never does is wrong.
It says what it did, once: on stderr ("misbehaving: …") and as a JSON line
(`misbehaving`, with `kind`, `what` and `t`) among the CLI's own.
"""

import json
import os
import random
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from typing import Any

import net.game.batches
from lanpurr.fair.envelope import Envelope, seal
from net.game import messages
from net.game.commands import Swap
from net.game.driver import GameDriver
from net.game.laptop_game import LaptopGame
from net.game.messages import Cheat, GameKey, SeatSwap
from net.limits import BODY, GAME_BATCH
from net.table.session import TableSession
from net.wire import framing
from net.wire.handshake import Applicant
from net.wire.link import Link
from net.wire.mesh import Mesh
from net.wire.messages import Refuse
from net.wire.private import seal_for
from ui.cli import main

BLAME_KINDS = ("evict", "refuse", "refuse-one", "wrong-key")
"""Lies about another laptop (docs/fair-play.md, "Who may accuse whom"): evict: as the acting
host, its next swap gives another laptop's seats to its bot with a made-up cheat (not acting
host: it sends that swap all the same, for when it takes the host's part); refuse: it cuts
every other member off as `banned`, with a reason of its own, which it says to the acting host
only: the others' calls are hung up on without a word, so they see only its link go down;
refuse-one: it cuts one member off as `banned` (the last of the line but the acting host), in
words, while the acting host still hears it;
wrong-key: as the host, it seals the last member of the line another game key than the one it
announced."""
HOST_KINDS = ("evict", "wrong-key")
"""The kinds a host plays (a soak gives them to the laptop that hosts)."""
STAGE_FLOODS = ("flood-req", "flood-refused", "flood-seen", "flood-sealed", "flood-chat",
                "flood-later")  # fmt: skip
"""Floods of messages that each pass every check of the table taken alone: flood-req: `req
ready` (no request means anything during a game); flood-refused: `refused` for another member;
flood-seen: `seen` (an echo and nothing else); flood-sealed: 3 KiB private lines sealed to
another member; flood-chat: chat lines of 1 KiB; flood-later: batches of 96 KiB of frames,
sealed with the game key, for the next game (a game that started elsewhere first)."""
HOST_FLOODS = ("flood-table",)
"""Floods that only the host's messages can be: flood-table: its last table state again and
again, each with a higher version (during a game the table changes only when a member comes
back from another address, or the table is handed over)."""
KINDS = ("equivocate", "bad-box", "withhold", "flood-big", "flood-tiny", "flood-many",
         "flood-batch", *STAGE_FLOODS, *HOST_FLOODS, *BLAME_KINDS)  # fmt: skip
"""equivocate: its next game batch in two signed versions under one number, one to one peer
and the other to the others; bad-box: a batch that does not open with the game key;
withhold: a batch signed and kept in its own journal but never sent, later messages going on;
flood-big: app bodies just under the size limit; flood-tiny: app bodies full of tiny values;
flood-many: thousands of small (empty) game batches; flood-batch: batch-sized app bodies until
past the member's journal quota."""
FLOOD_COUNTS = {"flood-big": 30, "flood-tiny": 2000, "flood-many": 20_000, "flood-batch": 600,
                "flood-req": 20_000, "flood-refused": 20_000, "flood-seen": 100_000,
                "flood-sealed": 20_000, "flood-chat": 50_000, "flood-later": 917,
                "flood-table": 20_000}  # fmt: skip
BIG_BODY = GAME_BATCH + 4 * 1024 - 256
"""Bytes of one flood-big value: its `app` body lands just under the playing limit."""
TINY_VALUES = 4000
"""Values in one flood-tiny body (the table allows 4096 in a body)."""


class Misbehaviour:
    """When and how this laptop misbehaves; installed over Mesh and Link at runtime."""

    def __init__(self, kind: str, after: int, count: int) -> None:
        self.kind = kind
        self.after = after
        self.count = count
        self.batches = 0
        self.done = False
        self.game_key: bytes | None = None
        self.forks: dict[int, bytes] = {}
        """My number -> the other version of that message (equivocate)."""
        self.fork_to: set[bytes] = set()
        """The peers that get the other version."""
        self.withheld: int | None = None
        self.holding = False
        self.table_state: dict[str, Any] | None = None
        """The last table state this laptop published (flood-table)."""
        self.hung_up_on: set[bytes] = set()
        """refuse: the laptops whose calls it hangs up on without a word."""

    def say(self, what: str) -> None:
        print(f"misbehaving: {what}", file=sys.stderr, flush=True)
        line = {"event": "misbehaving", "kind": self.kind, "what": what, "t": time.time()}
        print(json.dumps(line), flush=True)

    # -- the hooks ------------------------------------------------------------------------

    def publish(self, mesh: Mesh, original: Callable[[Mesh, dict[str, Any]], Envelope],
                body: dict[str, Any]) -> Envelope:  # fmt: skip
        data = body.get("d")
        if body.get("k") == "table":
            self.table_state = body["s"]
        is_batch = body.get("k") == "app" and isinstance(data, dict) and "b" in data
        if not is_batch or self.done:
            return original(mesh, body)
        self.batches += 1
        if self.batches <= self.after or self.kind in BLAME_KINDS:
            return original(mesh, body)
        self.done = True
        assert isinstance(data, dict)
        if self.kind == "equivocate":
            return self._equivocate(mesh, original, body)
        if self.kind == "bad-box":
            bad = {**body, "d": {**data, "b": os.urandom(len(data["b"]))}}
            sent = original(mesh, bad)
            self.say(f"bad-box: message {sent.seq} holds a box no key opens")
            original(mesh, body)
            return sent
        if self.kind == "withhold":
            assert mesh.outbox is not None
            self.withheld = mesh.outbox.seq  # before it is sealed: publishing may write at once
            envelope = original(mesh, body)
            self.say(f"withhold: message {envelope.seq} is kept and never sent")
            return envelope
        envelope = original(mesh, body)
        self._flood(mesh, original, data["g"])
        return envelope

    def _equivocate(self, mesh: Mesh, original: Callable[[Mesh, dict[str, Any]], Envelope],
                    body: dict[str, Any]) -> Envelope:  # fmt: skip
        self.holding = True  # nothing is written until both versions exist
        try:
            first = original(mesh, body)
        finally:
            self.holding = False
        signed = framing.unpack(first.body, BODY)
        data = signed["d"]
        other = {**signed, "d": {**data, "b": self._rebox(data["b"])}}
        assert mesh.table is not None
        second = seal(mesh.identity, mesh.table, first.seq, first.prev, framing.pack(other))
        peers = sorted(mesh.links)
        self.fork_to = set(peers[1:])
        self.forks[first.seq] = second.encode()
        self.say(f"equivocate: message {first.seq} in two versions, the second to "
                 f"{len(self.fork_to)} of {len(peers)} peers")  # fmt: skip
        for link in list(mesh.links.values()):
            link.wake()
        return first

    def _rebox(self, box: bytes) -> bytes:
        """The same frames in a box of their own (another nonce): another signed message."""
        assert self.game_key is not None
        pairs = net.game.batches.open_box(self.game_key, box, 64)
        return net.game.batches._box(self.game_key, pairs)

    def _flood(self, mesh: Mesh, original: Callable[[Mesh, dict[str, Any]], Envelope],
               game: int) -> None:  # fmt: skip
        if self.kind in STAGE_FLOODS or self.kind in HOST_FLOODS:
            self._flood_stage(mesh, original, game)
            return
        for _ in range(self.count):
            if self.kind in ("flood-big", "flood-batch"):
                original(mesh, {"k": "app", "d": os.urandom(BIG_BODY)})
            elif self.kind == "flood-tiny":
                original(mesh, {"k": "app", "d": [0] * TINY_VALUES})
            else:
                assert self.game_key is not None
                empty = net.game.batches._box(self.game_key, [])
                original(mesh, {"k": "app", "d": {"g": game, "b": empty}})
        self.say(f"{self.kind}: {self.count} messages sent after message {mesh.held(mesh.key)}")

    def _flood_stage(self, mesh: Mesh, original: Callable[[Mesh, dict[str, Any]], Envelope],
                     game: int) -> None:  # fmt: skip
        """One of STAGE_FLOODS: `count` messages, each one the table takes alone."""
        other = min(k for k in mesh.links if k != mesh.key) if mesh.links else mesh.key
        later: bytes | None = None
        if self.kind == "flood-later":
            assert self.game_key is not None
            later = net.game.batches._box(self.game_key, [(0, os.urandom(GAME_BATCH - 64))])
        sent = 0
        self.say(f"{self.kind}: {self.count} messages from message {mesh.held(mesh.key)} on")
        for _ in range(self.count):
            if mesh.closing:
                break
            body: dict[str, Any]
            if self.kind == "flood-req":
                body = {"k": "req", "do": "ready", "ready": sent % 2 == 0}
            elif self.kind == "flood-refused":
                body = {"k": "refused", "to": other, "why": "no"}
            elif self.kind == "flood-seen":
                body = {"k": "seen"}
            elif self.kind == "flood-sealed":
                box = seal_for(other, framing.pack("m" * 3000))
                body = {"k": "sealed", "to": other, "box": box}
            elif self.kind == "flood-chat":
                body = {"k": "app", "d": "m" * 1000}
            elif self.kind == "flood-table":
                assert self.table_state is not None
                state = self.table_state
                body = {"k": "table", "s": {**state, "version": state["version"] + 1 + sent}}
            else:
                body = {"k": "app", "d": {"g": game + 1, "b": later}}
            original(mesh, body)
            sent += 1
        self.say(f"{self.kind}: {sent} messages sent")

    def blame(self, play: GameDriver) -> None:
        """After a pass of this laptop's game: tell its lie, once, when its time came."""
        if self.kind not in ("evict", "refuse", "refuse-one") or self.done:
            return
        if self.batches < self.after:
            return
        if play.finished:
            return
        self.done = True
        game = play.game
        me, drops = play.table.me, game.drops
        victims = [k for k in drops.line if k != me and k not in drops.out and drops.plays(k)]
        if not victims:
            return
        if self.kind == "refuse-one":
            victim = next((k for k in reversed(victims) if k != drops.host), None)
            session = play.table
            assert isinstance(session, TableSession)
            if victim is not None:
                session.mesh.ban(victim, "you cheated (this laptop says so)")
                self.say(f"refuse-one: cut off {game._name(victim)} with a made-up reason")
            return
        if self.kind == "refuse":
            session = play.table
            assert isinstance(session, TableSession)
            self.hung_up_on = {key for key in victims if key != drops.host}
            for key in victims:  # (each ban counts its laptop out here: the host changes)
                session.mesh.ban(key, "you cheated (this laptop says so)")
            self.say(f"refuse: cut off {len(victims)} laptops with a made-up reason, said to "
                     f"{len(victims) - len(self.hung_up_on)} of them")  # fmt: skip
            return
        victim = victims[-1]
        seats = drops.laptops_of(victim)
        made_up = Cheat(seats[0], "F-SHUFFLE", "a made-up shuffle")
        if drops.host == me:
            game.verdicts._dropping(victim, made_up)
            game._replace(victim)
            self.say(f"evict: gave {game._name(victim)}'s seats to its bot, acting host")
            return
        keys = tuple(os.urandom(32) for _ in seats)
        swap = SeatSwap(play.number, Swap(game.generation + 1, tuple(seats), keys, 1), made_up)
        play.table.send(messages.plain(swap))
        self.say(f"evict: sent a swap of {game._name(victim)}'s seats, not acting host")

    def admit(self, mesh: Mesh, applicant: Applicant,
              original: Callable[[Mesh, Applicant], Refuse | None]) -> Refuse | None:  # fmt: skip
        """refuse: a laptop it hangs up on hears no refusal, only a connection that closes."""
        if applicant.key in self.hung_up_on:
            raise ConnectionResetError("hung up without a word")
        return original(mesh, applicant)

    def wrong_key(self, play: LaptopGame, original: Callable[[LaptopGame], None]) -> None:
        """Hosting: seal the last member of the line another key than the announced one."""
        if self.kind != "wrong-key" or play.me != play.host:
            original(play)
            return
        check, key = play.keys.announce(play.bot_level)
        play.send(messages.plain(check))
        victim = play.drops.line[-1]
        for member in play.state.members:
            if member.key == victim:
                play.send(messages.plain(GameKey(play.number, os.urandom(32))), to=victim)
            elif member.key != play.me:
                play.send(messages.plain(key), to=member.key)
        self.done = True
        self.say(f"wrong-key: sealed {play._name(victim)} another game key")

    def write_due(self, link: Link, original: Callable[[Link], bool]) -> bool:
        if self.holding:
            link._wake.set()  # written by the write loop, once both versions exist
            return False
        if self.withheld is not None and link.window.sent == self.withheld:
            link.window.mark_sent(self.withheld + 1)  # skipped: the peer never gets it
        return original(link)

    def send_copies(self, mesh: Mesh, data: bytes, original: Callable[[Mesh, bytes], None]) -> None:
        """A message withheld or forked goes in no datagram copy either (net/wire/copies.py):
        each peer gets only what its link brings it."""
        seq = mesh.held(mesh.key) - 1
        if self.holding or seq == self.withheld or seq in self.forks:
            return
        original(mesh, data)

    def log_for(self, link_key: bytes, log: Sequence[bytes]) -> Sequence[bytes]:
        return _Forked(self, link_key, log)


class _Forked(Sequence[bytes]):
    """My log as one peer sees it: the other version of a forked message for `fork_to`."""

    def __init__(self, misbehaviour: Misbehaviour, key: bytes, log: Sequence[bytes]) -> None:
        self.misbehaviour = misbehaviour
        self.key = key
        self.log = log

    def __len__(self) -> int:
        return len(self.log)

    def __getitem__(self, seq: Any) -> Any:
        if isinstance(seq, int) and self.key in self.misbehaviour.fork_to:
            fork = self.misbehaviour.forks.get(seq)
            if fork is not None:
                return fork
        return self.log[seq]


def install(misbehaviour: Misbehaviour) -> None:
    publish = Mesh.publish

    def publish_or_say(mesh: Mesh, body: dict[str, Any]) -> Envelope:
        try:
            return misbehaviour.publish(mesh, publish, body)
        except Exception:
            traceback.print_exc()  # a mistake here must not pass for the table's doing
            raise

    Mesh.publish = publish_or_say  # type: ignore[method-assign,assignment]
    admit = Mesh._admit
    Mesh._admit = lambda mesh, applicant: misbehaviour.admit(mesh, applicant, admit)  # type: ignore[method-assign]
    write_due = Link._write_due
    Link._write_due = lambda link: misbehaviour.write_due(link, write_due)  # type: ignore[method-assign,assignment]
    send_copies = Mesh._send_copies
    Mesh._send_copies = lambda mesh, data: misbehaviour.send_copies(mesh, data, send_copies)  # type: ignore[method-assign]
    link_init = Link.__init__

    def init(link: Link, reader: Any, writer: Any, greeting: Any, my_log: Sequence[bytes],
             *rest: Any) -> None:  # fmt: skip
        link_init(link, reader, writer, greeting, misbehaviour.log_for(greeting.key, my_log),
                  *rest)  # fmt: skip

    Link.__init__ = init  # type: ignore[method-assign,assignment]
    seal_batches = net.game.batches.seal

    def seal_keeping_key(key: bytes, pairs: Any) -> list[bytes]:
        misbehaviour.game_key = key
        return seal_batches(key, pairs)

    net.game.batches.seal = seal_keeping_key
    carry = GameDriver._carry

    def carry_and_blame(play: GameDriver) -> None:
        carry(play)
        if not misbehaviour.done:
            misbehaviour.blame(play)
            carry(play)

    GameDriver._carry = carry_and_blame  # type: ignore[method-assign]
    send_key = LaptopGame._send_key
    LaptopGame._send_key = lambda play: misbehaviour.wrong_key(play, send_key)  # type: ignore[method-assign]


def command(argv: list[str], kind: str, **settings: object) -> list[str]:
    """A `lanpurr` command line (`… python -m ui.cli …`, as netns.Host.python builds it) run
    by this module instead, misbehaving with `kind`; `settings` (after, seed, count) become
    its environment variables."""
    names = {"after": "LANPURR_MISBEHAVE_AFTER", "seed": "LANPURR_MISBEHAVE_SEED",
             "count": "LANPURR_FLOOD_COUNT"}  # fmt: skip
    env = [f"LANPURR_MISBEHAVE={kind}"]
    env += [f"{names[name]}={value}" for name, value in settings.items() if value is not None]
    argv = list(argv)
    argv[argv.index("ui.cli")] = "tests.net.misbehaving_laptop"
    python = argv.index(sys.executable)
    return [*argv[:python], "env", *env, *argv[python:]]


def from_environment() -> Misbehaviour:
    kind = os.environ.get("LANPURR_MISBEHAVE", "")
    if kind not in KINDS:
        raise SystemExit(f"LANPURR_MISBEHAVE must be one of {', '.join(KINDS)}")
    after = int(os.environ.get("LANPURR_MISBEHAVE_AFTER", "10"))
    seed = os.environ.get("LANPURR_MISBEHAVE_SEED")
    if seed is not None:
        after = random.Random(int(seed)).randint(2, 40)
    count = int(os.environ.get("LANPURR_FLOOD_COUNT", FLOOD_COUNTS.get(kind, 0)))
    return Misbehaviour(kind, after, count)


if __name__ == "__main__":
    install(from_environment())
    sys.exit(main(sys.argv[1:]))
