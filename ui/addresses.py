"""This laptop's addresses, as the host's screen shows them for others to type."""

from __future__ import annotations


def local_addresses() -> list[str]:
    """This laptop's IPv4 addresses on its networks (not loopback), for people to type in."""
    from PySide6.QtNetwork import QAbstractSocket, QHostAddress, QNetworkInterface

    found = []
    for address in QNetworkInterface.allAddresses():
        if (
            address.protocol() == QAbstractSocket.NetworkLayerProtocol.IPv4Protocol
            and not address.isLoopback()
            and not address.isEqual(QHostAddress(QHostAddress.SpecialAddress.AnyIPv4))
        ):
            found.append(address.toString())
    return found
