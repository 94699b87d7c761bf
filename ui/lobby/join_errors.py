"""Why a join failed, in words a player can act on, instead of the network's own message."""

from __future__ import annotations

import errno
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication


@dataclass(frozen=True)
class JoinProblem:
    text: str
    """What happened and what to do, in the player's language."""
    wants_code: bool = False
    """The table is private: the dialog should ask for the code."""
    table_gone: bool = False
    """Nobody hosts a table there any more: a listing of it should go."""


def explain(error: BaseException, address: str, typed_code: str) -> JoinProblem:
    """The problem behind `error`, raised while joining the table at `address`."""
    from net.limits import CONNECT_TIMEOUT, CONNECT_TRIES
    from net.lobby import AddressError
    from net.wire.handshake import HandshakeError, Refused
    from net.wire.mesh import NothingAnswered

    if isinstance(error, Refused):
        return _refusal(error.why, error.reason, typed_code)
    if isinstance(error, AddressError):
        return JoinProblem(
            QCoreApplication.translate(
                "JoinErrors",
                "That is not an address. Write it as on the host's screen: numbers, a colon, "
                "then the port, like 192.168.1.23:47300.",
            )
        )
    if isinstance(error, HandshakeError):
        return JoinProblem(
            QCoreApplication.translate(
                "JoinErrors",
                "Something answered at %1, but not a lanpurr table. Check the address on the "
                "host's screen.",
            ).replace("%1", address)
        )
    if isinstance(error, ConnectionRefusedError):
        return JoinProblem(
            QCoreApplication.translate(
                "JoinErrors",
                "Nobody hosts a table at %1 any more: the host may have closed the table or "
                "lanpurr. Check the address on the host's screen.",
            ).replace("%1", address),
            table_gone=True,
        )
    if isinstance(error, NothingAnswered):
        return JoinProblem(
            QCoreApplication.translate(
                "JoinErrors",
                "Nothing answered at %1 within %2 s. Check the address on the host's screen; a "
                "guest Wi-Fi or a firewall can keep laptops from reaching each other.",
            )
            .replace("%1", address)
            .replace("%2", f"{CONNECT_TIMEOUT * CONNECT_TRIES:g}"),
            table_gone=True,
        )
    if isinstance(error, TimeoutError):
        return JoinProblem(
            QCoreApplication.translate(
                "JoinErrors",
                "No answer from %1. Check the address on the host's screen; a guest Wi-Fi or a "
                "firewall can keep laptops from reaching each other.",
            ).replace("%1", address),
            table_gone=True,
        )
    unreachable = (errno.EHOSTUNREACH, errno.ENETUNREACH, errno.EADDRNOTAVAIL)
    if isinstance(error, OSError) and (
        error.errno in unreachable or isinstance(error, ConnectionError)
    ):
        return JoinProblem(
            QCoreApplication.translate(
                "JoinErrors",
                "This laptop cannot reach %1. Are both laptops on the same network? A guest "
                "Wi-Fi or a firewall can keep them apart.",
            ).replace("%1", address),
            table_gone=True,
        )
    return JoinProblem(
        QCoreApplication.translate("JoinErrors", "Could not join the table at %1: %2")
        .replace("%1", address)
        .replace("%2", str(error))
    )


def _refusal(why: str, reason: str, typed_code: str) -> JoinProblem:
    from net.table.watch_desk import SEAT_GOING

    if why == "private":
        if typed_code:
            return JoinProblem(
                QCoreApplication.translate(
                    "JoinErrors",
                    "That code does not open this table. Check it on the host's screen: it "
                    "looks like ABC-DEF.",
                ),
                wants_code=True,
            )
        return JoinProblem(
            QCoreApplication.translate(
                "JoinErrors", "This table is private: type the code shown on the host's screen."
            ),
            wants_code=True,
        )
    texts = {
        "full": QCoreApplication.translate(
            "JoinErrors", "This table is full. Ask the host to free a seat, or host your own."
        ),
        "started": QCoreApplication.translate(
            "JoinErrors", "The game at this table has already started."
        ),
        "removed": QCoreApplication.translate(
            "JoinErrors", "The host removed you from this table."
        ),
        "closed": QCoreApplication.translate("JoinErrors", "This table is closed."),
        "member": QCoreApplication.translate(
            "JoinErrors", "A bot takes your seat in a moment: then you can watch the game."
        )
        if reason == SEAT_GOING
        else QCoreApplication.translate(
            "JoinErrors", "You sit at this table: join it instead of watching it."
        ),
        "version": QCoreApplication.translate(
            "JoinErrors", "That laptop runs another version of lanpurr: %1"
        ).replace("%1", reason),
    }
    # "slowdown": too many wrong codes were tried; the net layer says how long to wait, and the
    # code is what to check meanwhile.
    return JoinProblem(
        texts.get(why, reason), wants_code=why == "slowdown", table_gone=why == "closed"
    )
