"""The plain values a seat runtime is built from and gives out: the table it sits at, and the
updates its seat's view is fed with (the very `TableUpdate`s the app's table views draw)."""

from collections.abc import Mapping
from dataclasses import dataclass
from hashlib import sha256
from typing import Any

from lanpurr.core.game import Event
from lanpurr.fair.round_state import RoundSetup


@dataclass(frozen=True)
class TableStep:
    """One event this seat received, and what the seat sees once it has happened."""

    event: Event
    view: Any


@dataclass(frozen=True)
class TableUpdate:
    """The outcome of one action: the steps to animate, in order, and the view at the end."""

    steps: tuple[TableStep, ...]
    view: Any

    def ends(self) -> tuple[TableStep, ...]:
        """The steps that end the game (Momistigri's and No sin mi gato's `GameEnded`,
        Purrfect's `GameWon`): who won is told there, and nowhere in the view."""
        return tuple(s for s in self.steps if type(s.event).__name__ in ("GameEnded", "GameWon"))


@dataclass(frozen=True)
class TableSpec:
    """What every seat agrees on when the host presses Start."""

    table: bytes
    """The table's 16-byte id."""
    game: str
    members: tuple[bytes, ...]
    """Each seat's public key, in seat order."""
    names: tuple[str, ...] = ()
    options: tuple[tuple[str, str], ...] = ()
    shuffle_proofs: bool = True
    """Every shuffle and hand re-shuffle proven at once (docs/decisions/0010); off only for
    benchmarks."""
    shuffle_order: tuple[int, ...] = ()
    """The seats in the order they shuffle each round's deck (`RoundSetup.shuffle_order`);
    empty: seat order."""

    @classmethod
    def of(
        cls,
        table: bytes,
        game: str,
        members: tuple[bytes, ...],
        options: Mapping[str, str],
        *,
        shuffle_proofs: bool = True,
        shuffle_order: tuple[int, ...] = (),
    ) -> "TableSpec":
        return cls(
            table,
            game,
            members,
            options=tuple(sorted(options.items())),
            shuffle_proofs=shuffle_proofs,
            shuffle_order=shuffle_order,
        )

    @property
    def seats(self) -> int:
        return len(self.members)

    def round_setup(
        self, number: int, deck_id: str, deck_size: int, face_up: int = 0
    ) -> RoundSetup:
        return RoundSetup(
            table=round_table_id(self.table, number),
            round=number,
            members=self.members,
            deck_id=deck_id,
            deck_size=deck_size,
            shuffle_proofs=self.shuffle_proofs,
            face_up=face_up,
            shuffle_order=self.shuffle_order,
        )


def round_table_id(table: bytes, number: int) -> bytes:
    """Each round signs under its own id, so a message can never count in another round."""
    return sha256(b"lanpurr round\x00" + table + number.to_bytes(4, "big")).digest()[:16]
