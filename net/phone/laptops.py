"""Where a phone may go on watching when the laptop that served its page goes.

The page learns the phone addresses (`host:port`, plain http) of the other laptops of the
game's line that agreed to the game's start (net/watch/watch_line.py, decision 37), read from that
start as its first host signed it: every laptop of the line signed its agreement to that very
state, so no laptop's word alone names an address. Each laptop serves its page on its table's
port + 1 (net/phone/watch.py), so that is the port a phone dials. Only an IPv4 address of the
LAN (private, link-local) or of the loopback is ever named: a phone is never sent off the LAN,
and the page's Content-Security-Policy can name it (CSP has no IPv6 literals).

`reach` is the wider set the page's CSP allows and the server accepts as an Origin: the
laptops the table's current signed state names (the line once a game is in play). A page
loaded before a laptop joined reloads itself from its own laptop to be allowed to dial it.
"""

import ipaddress
from collections.abc import Iterable
from typing import Any

from lanpurr.fair.envelope import Envelope, EnvelopeError
from net.game.setup import line_of
from net.table_state import TableState
from net.watch.watch_line import in_play, read_line

MAX_LAPTOPS = 16


def phone_address(address: str, table_port: int) -> str | None:
    """The `host:port` a phone reaches a laptop's page at, from the address and table port the
    table's signed state gives it; None when a phone may not be sent there."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return None
    if not isinstance(ip, ipaddress.IPv4Address) or not 0 < table_port < 65535:
        return None
    if not (ip.is_private or ip.is_loopback or ip.is_link_local) or ip.is_unspecified:
        return None
    if ip.is_multicast or ip.is_reserved:
        return None
    return f"{ip}:{table_port + 1}"


def _address_in(state: TableState, key: bytes, host_address: str) -> str | None:
    member = state.member(key)
    if member is None:
        return None
    # The host's own address is "" in the state: a member reaches it where it dialed it.
    return phone_address(member.address or (host_address if key == state.host else ""), member.port)


def line_laptops(
    line: dict[str, Any] | None, me: bytes, host_address: str, gone: Iterable[bytes] = ()
) -> list[str]:
    """The phone addresses of the laptops of the game's line, but this one, that agreed to the
    game's start `line` (a watch feed's `line` message, net/watch/watch_feed.py), in the line's
    order, as that start names them; none without a start."""
    if line is None:
        return []
    try:
        start = Envelope.decode(line["start"])
        state = in_play(start)
        if state is None:
            return []
        agreed = read_line(line["start"], line["agreed"], state.table, line_of(state)[0])
    except (EnvelopeError, KeyError, ValueError):
        return []
    left = set(gone)
    found: list[str] = []
    for key in agreed.keys:
        if key == me or key in left:
            continue
        address = _address_in(state, key, host_address)
        if address is not None and address not in found:
            found.append(address)
    return found[:MAX_LAPTOPS]


def table_laptops(state: TableState | None, me: bytes, host_address: str) -> list[str]:
    """The phone addresses of every other laptop the table's signed state names."""
    if state is None:
        return []
    found: list[str] = []
    for member in state.members:
        if member.key == me:
            continue
        address = _address_in(state, member.key, host_address)
        if address is not None and address not in found:
            found.append(address)
    return found[:MAX_LAPTOPS]
