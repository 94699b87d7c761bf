"""Opening a table session: hosting a new table, hosting again a table this laptop hosted
before it stopped (from its journal), and joining a table by address."""

import asyncio
import os
import time
from collections.abc import Callable, Sequence

from lanpurr.fair.identity import fingerprint_of
from net import table_state as table
from net.events import Event
from net.home import Profile
from net.limits import HANDSHAKE_TIMEOUT, RECONNECT_GRACE
from net.table.session import TableSession
from net.table_state import CLOSED, OPEN, Member, TableError
from net.wire.handshake import Refused, new_code
from net.wire.journal import Journal, TableRecord
from net.wire.mesh import Address, Mesh


async def host(
    profile: Profile,
    emit: Callable[[Event], None],
    game: str,
    seats: int,
    options: dict[str, str] | None = None,
    private: bool = False,
    bind: str = "0.0.0.0",
    port: int = 0,
    announce_on: Sequence[str] | None = None,
    announce: bool = True,
    grace: float = RECONNECT_GRACE,
) -> TableSession:
    """Create a table and (with `announce`) advertise it on the LAN.

    `announce_on`: the addresses to advertise and to bind mDNS to; None means all of
    this machine's IPv4 addresses."""
    mesh = Mesh(profile.identity, profile.name, profile.journals, bind, port)
    session = TableSession(profile, mesh, emit, grace)
    table_id = os.urandom(16)
    me = Member(session.me, profile.name, "", 0)
    state = table.create(table_id, me, game, seats, options, private, announce)  # or TableError
    await mesh.listen()
    mesh.bind_table(table_id, TableRecord(table_id, session.me, "", mesh.port, mesh.port))
    mesh.private = private
    session.code = new_code() if private else None
    mesh.code = session.code
    session.adopt(table.admit(state, Member(session.me, profile.name, "", mesh.port)))
    if announce:
        await session.announce(announce_on)
    return session


async def resume_host(
    profile: Profile,
    emit: Callable[[Event], None],
    table_id: bytes,
    bind: str = "0.0.0.0",
    announce_on: Sequence[str] | None = None,
    announce: bool = True,
    grace: float = RECONNECT_GRACE,
) -> TableSession:
    """Host again a table this laptop hosted before it crashed, from its journal, on the
    same port so that the players' laptops find it again by themselves."""
    record, _ = Journal.for_table(profile.journals, table_id).read()
    if record is None or record.host != profile.identity.public_key:
        raise TableError("there is no table hosted by you to resume")
    mesh = Mesh(profile.identity, profile.name, profile.journals, bind, record.port)
    session = TableSession(profile, mesh, emit, grace)
    await mesh.listen()
    mesh.bind_table(table_id, record)
    session.replay_journal()
    state = session.state
    if state is None or state.phase == CLOSED:
        await mesh.close()
        raise TableError("that table is closed; host a new one")
    mesh.private = state.private
    for member in state.members:
        # Whoever does not come back follows the countdown like any absent player.
        if member.key != session.me and member.key not in state.left:
            session.absences.count_down(member.key, member.name, quiet=5.0)
    # The code was never written down; returning players need none, newcomers the new one.
    session.code = new_code() if state.private else None
    mesh.code = session.code
    if announce and state.phase == OPEN:
        await session.announce(announce_on)
    return session


async def join(
    profile: Profile,
    emit: Callable[[Event], None],
    address: Address,
    code: str | None = None,
    bind: str = "0.0.0.0",
    port: int = 0,
    grace: float = RECONNECT_GRACE,
    wait: float = 5.0,
    expect_key: bytes | None = None,
    handshake_timeout: float = HANDSHAKE_TIMEOUT,
) -> TableSession:
    """Join the table at `address` (its host, or any member when coming back).

    `expect_key`: the host's key when it is known (a listing): the join fails unless the
    peer at `address` proves it holds that key. Raises `handshake.Refused` with a sentence
    for the player when refused."""
    mesh = Mesh(profile.identity, profile.name, profile.journals, bind, port)
    session = TableSession(profile, mesh, emit, grace)
    await mesh.listen()
    try:
        link = await mesh.connect(address, code=code, expect=expect_key, timeout=handshake_timeout)
    except BaseException:
        await mesh.close()
        raise
    session.host_address = address.host
    session.host_name = link.name
    session.host_fingerprint = fingerprint_of(link.key)
    session.replay_journal()
    mesh.want(link.key, address)
    deadline = time.monotonic() + wait
    while not session.state_seen.is_set() and not link.closed:
        if time.monotonic() > deadline:
            break
        await asyncio.sleep(0.02)
    if not session.state_seen.is_set():
        hung_up = link.closed  # (read before closing the mesh closes it here too)
        await mesh.close()
        if hung_up:
            raise Refused(
                "closed", link.peer_said_bye or "the table hung up before giving you a seat"
            )
        raise TimeoutError(f"{address.host}:{address.port} did not send its table")
    return session
