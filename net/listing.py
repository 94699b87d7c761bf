"""A table as the LAN announces it, and the lobby's events about the tables it finds: plain
data, so that what shows them needs no mDNS (net/discovery/mdns.py finds and checks them)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Listing:
    """A table as its TXT record describes it."""

    service: str
    addresses: tuple[str, ...]
    port: int
    version: int
    game: str
    options: str
    taken: int
    seats: int
    state: str
    host: str
    fingerprint: str
    private: bool
    table: str
    key: bytes = b""
    """The host's public key; the listing is signed with it and a join checks it."""

    @property
    def address(self) -> str:
        """`host:port` to join, using the first advertised address."""
        first = self.addresses[0] if self.addresses else "?"
        return f"{first}:{self.port}"


@dataclass(frozen=True)
class TableFound:
    listing: Listing


@dataclass(frozen=True)
class TableUpdated:
    listing: Listing


@dataclass(frozen=True)
class TableLost:
    service: str
