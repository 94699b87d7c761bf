"""Chat and emotes between app windows at one table, in the waiting room and during the game,
over real sockets on loopback; and the limits that keep a flooding peer harmless."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from tests.ui.test_lobby_network import Player, close_as_a_person
from ui.chat.log import BURST, LINE_LIMIT, REFILL_S, ChatLine, ChatLog, line_from
from ui.chat.panel import ChatPanel
from ui.lobby.host_join_dialogs import HostChoice, JoinChoice
from ui.lobby.table_setup import TableSetupView
from ui.sound.player import SoundPlayer
from ui.tables.network_table import NetworkTableScreen


@pytest.fixture
def table(qtbot: QtBot, tmp_path: Path, english: None) -> Iterator[tuple[Player, Player]]:
    """Ana hosts a Momistigri table for three; Ben joins it by address."""
    made: list[Player] = []
    try:
        ana = Player(qtbot, tmp_path / "ana", "Ana")
        made.append(ana)
        ben = Player(qtbot, tmp_path / "ben", "Ben")
        made.append(ben)
        assert ana.client.host(HostChoice("momistigri", 3, False, {}))
        qtbot.waitUntil(lambda: isinstance(ana.window.table, TableSetupView), timeout=5000)
        ben.client.join(JoinChoice("127.0.0.1", ana.client.seat.port, ""))
        qtbot.waitUntil(lambda: isinstance(ben.window.table, TableSetupView), timeout=8000)
        # Ben's laptop links to Ana's, and Ana's table lists him.
        qtbot.waitUntil(lambda: ben.setup().state is not None, timeout=5000)
        qtbot.waitUntil(lambda: len(ana.setup().state.members) == 2, timeout=5000)
        yield ana, ben
    finally:
        for player in reversed(made):
            close_as_a_person(player.window)
            player.window.deleteLater()


def type_line(qtbot: QtBot, panel: ChatPanel, text: str) -> None:
    panel.entry.setFocus()
    qtbot.keyClicks(panel.entry, text)
    qtbot.keyClick(panel.entry, Qt.Key.Key_Return)


def test_players_chat_and_meow_in_the_waiting_room_then_on_at_the_game(
    qtbot: QtBot, table: tuple[Player, Player], sounds: SoundPlayer
) -> None:
    ana, ben = table
    host_chat, guest_chat = ana.setup().chat, ben.setup().chat
    type_line(qtbot, guest_chat, "Hello <b>Ana</b> & <img src=x>")
    assert guest_chat.entry.text() == ""
    assert guest_chat.shown_lines() == ["You Hello <b>Ana</b> & <img src=x>"]
    qtbot.waitUntil(lambda: host_chat.shown_lines() == ["Ben Hello <b>Ana</b> & <img src=x>"],
                    timeout=5000)  # fmt: skip
    # A peer's words are drawn as the characters they are, never as markup.
    labels = host_chat.lines_box.findChildren(QLabel)
    assert labels and all(label.textFormat() == Qt.TextFormat.PlainText for label in labels)
    assert "chat" in sounds.played
    qtbot.mouseClick(host_chat.emote_buttons["meow"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: guest_chat.shown_lines()[-1:] == ["Ana meows."], timeout=5000)
    assert host_chat.shown_lines()[-1] == "You meow."
    assert "meow:Meow" in sounds.played

    # The game starts: the chat moves to the table with what was said, and goes on there. Ana's
    # window is wide: the chat shows beside the table; Ben's is small: it hides until asked.
    ana.window.resize(1300, 820)
    ana.window.show()
    ben.window.resize(1024, 600)
    ben.window.show()
    setup = ben.setup()
    setup.ready_button.click()
    qtbot.waitUntil(lambda: ben.client.seat.me in ana.setup().state.ready, timeout=5000)
    add_bot = next(b for b in ana.setup().seat_buttons if b.text() == "Add a bot")
    add_bot.click()
    ana.setup().ready_button.click()
    qtbot.waitUntil(ana.setup().start_button.isEnabled, timeout=5000)
    ana.setup().start_button.click()
    for player in (ana, ben):
        qtbot.waitUntil(lambda p=player: isinstance(p.window.table, NetworkTableScreen),
                        timeout=10000)  # fmt: skip
    host_table, guest_table = ana.window.table, ben.window.table
    assert isinstance(host_table, NetworkTableScreen) and isinstance(
        guest_table, NetworkTableScreen
    )
    assert host_table.chat is not None and guest_table.chat is not None
    assert host_table.chat.shown_lines() == ["Ben Hello <b>Ana</b> & <img src=x>", "You meow."]
    qtbot.waitUntil(host_table.chat.isVisible, timeout=3000)
    assert not guest_table.chat.isVisible() and guest_table.chat_button is not None
    type_line(qtbot, host_table.chat, "good <i>luck</i>")
    qtbot.waitUntil(lambda: guest_table.chat.shown_lines()[-1:] == ["Ana good <i>luck</i>"],
                    timeout=5000)  # fmt: skip
    # Hidden, the chat says so on its button, and the line passes over the table a moment.
    assert guest_table.chat_button.text() == "Chat (1)"
    assert guest_table.toast.isVisible() and guest_table.toast.text() == "Ana: good <i>luck</i>"
    assert guest_table.toast.textFormat() == Qt.TextFormat.PlainText
    qtbot.mouseClick(guest_table.chat_button, Qt.MouseButton.LeftButton)
    assert guest_table.chat.isVisible() and not guest_table.toast.isVisible()
    assert guest_table.chat_button.text() == "Chat"
    sounds.played.clear()
    qtbot.mouseClick(guest_table.chat.emote_buttons["turn"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: host_table.chat.shown_lines()[-1:] == ["Ben: your turn!"],
                    timeout=5000)  # fmt: skip
    assert "turn" in sounds.played


def test_a_peer_flooding_the_chat_is_cut_short_and_long_lines_are_cut(
    qtbot: QtBot, table: tuple[Player, Player]
) -> None:
    ana, ben = table
    host_chat = ana.setup().chat
    ben.client.say("x" * 3000)  # past what the line to type allows: a patched laptop
    for n in range(60):
        ben.client.say(f"spam {n}")
    note = "Ben is sending too many messages: some are not shown."
    qtbot.waitUntil(lambda: note in host_chat.shown_lines(), timeout=8000)
    qtbot.wait(300)  # the rest of the flood arrives, and is dropped
    shown = host_chat.shown_lines()
    assert shown[0] == "Ben " + "x" * (LINE_LIMIT - 1) + "…"
    assert len(shown) <= BURST + 2 and shown.count(note) == 1
    # Ana's own lines still get through at once.
    type_line(qtbot, host_chat, "calm down")
    assert host_chat.shown_lines()[-1] == "You calm down"


def test_the_chat_limit_lets_a_burst_through_then_one_line_every_few_seconds() -> None:
    now = [0.0]
    log = ChatLog(clock=lambda: now[0])
    floods: list[str] = []
    log.flooding.connect(floods.append)
    said = [log.offer("ben", ChatLine("Ben", f"line {n}")) for n in range(BURST + 3)]
    assert said == [True] * BURST + [False] * 3 and floods == ["Ben"]
    assert log.offer("ana", ChatLine("Ana", "hi"))  # one sender's flood costs the others nothing
    now[0] += REFILL_S
    assert log.offer("ben", ChatLine("Ben", "later"))
    assert not log.offer("ben", ChatLine("Ben", "again"))
    assert floods == ["Ben", "Ben"]  # a new flood is told again


def test_only_text_and_known_emotes_are_chat_and_text_is_cleaned() -> None:
    assert line_from("Ben", "a\x1b[2J\u202ebc\n\nd") == ChatLine("Ben", "abc d")
    assert line_from("Ben", {"emote": "meow"}) == ChatLine("Ben", emote="meow")
    assert line_from("Ben", {"emote": "dance"}) is None
    assert line_from("Ben", {"g": 1, "emote": "meow"}) is None
    assert line_from("Ben", "   ") is None
    assert line_from("Ben", b"bytes") is None
