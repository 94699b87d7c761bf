"""Every typed table command reaches the session's request of the same meaning
(net/table/commands.py, `TableSession.command`)."""

from typing import Any, get_args

import pytest

from net.table.commands import AddBot, Again, Ready, Remove, RemoveBot, Sit, Start, TableCommand
from net.table.session import TableSession


class Asked:
    """Stands in for a session: records which request each command became."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, tuple[Any, ...]]] = []

    def __getattr__(self, name: str) -> Any:
        return lambda *args: self.asked.append((name, args))


CASES = [
    (Sit(2), ("sit", (2,))),
    (Ready(False), ("ready", (False,))),
    (AddBot(1, "hard"), ("add_bot", (1, "hard"))),
    (RemoveBot(1), ("remove_bot", (1,))),
    (Remove(b"k" * 32), ("remove", (b"k" * 32,))),
    (Start(), ("start", ())),
    (Again(), ("again", ())),
]


@pytest.mark.parametrize(("command", "asked"), CASES)
def test_each_command_becomes_its_request(command: TableCommand, asked: tuple[Any, ...]) -> None:
    session = Asked()
    TableSession.command(session, command)  # type: ignore[arg-type]
    assert session.asked == [asked]


def test_every_kind_of_command_is_covered() -> None:
    assert {type(command) for command, _ in CASES} == set(get_args(TableCommand))
