"""The lobby: three games with a picture, a description and player counts; tables found on the
network with Join or the reason they cannot be joined; the hint when nothing shows up."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from ui.catalogue import GAMES
from ui.lobby.emblems import GameEmblem
from ui.lobby.listing import TableListing, why_not_joinable
from ui.lobby.lobby_view import LobbyView
from ui.lobby.network_panel import NetworkPanel
from ui.settings import Settings


def listing(**changes: object) -> TableListing:
    fields: dict[str, object] = {
        "key": "ben-1",
        "game_id": "purrfect",
        "host_name": "Ben",
        "seats_taken": 3,
        "seats_total": 5,
        "playing": False,
        "address": "10.77.1.2:47300",
    }
    fields.update(changes)
    return TableListing(**fields)  # type: ignore[arg-type]


def test_the_lobby_shows_the_three_games_with_description_and_players(
    qtbot: QtBot, english: None
) -> None:
    lobby = LobbyView("Ana")
    qtbot.addWidget(lobby)
    assert list(lobby.cards) == ["momistigri", "purrfect", "gutters"]
    names = [card.name_label.text() for card in lobby.cards.values()]
    assert names == ["Momistigri", "Purrfect", "Not Without My Cat"]
    players = [card.players_label.text() for card in lobby.cards.values()]
    assert players == ["3–5 players", "4–7 players", "1–4 players"]
    for card in lobby.cards.values():
        assert len(card.tagline_label.text()) > 20
    assert lobby.name_button.text() == "Ana"


@pytest.mark.parametrize("game_id", [game.game_id for game in GAMES])
def test_each_game_has_a_picture_that_is_actually_drawn(
    qtbot: QtBot, english: None, game_id: str
) -> None:
    emblem = GameEmblem(game_id)
    qtbot.addWidget(emblem)
    emblem.resize(180, 130)
    image = emblem.grab().toImage()
    colours = {QColor(image.pixel(x, y)).name() for x in range(0, 180, 6) for y in range(0, 130, 6)}
    assert len(colours) >= 5, f"the {game_id} picture is nearly blank: {colours}"


def test_play_and_rules_buttons_say_which_game(qtbot: QtBot, english: None) -> None:
    lobby = LobbyView("Ana")
    qtbot.addWidget(lobby)
    with qtbot.waitSignal(lobby.play_requested) as play:
        lobby.cards["purrfect"].play_button.click()
    assert play.args == ["purrfect"]
    with qtbot.waitSignal(lobby.rules_requested) as rules:
        lobby.cards["gutters"].rules_button.click()
    assert rules.args == ["gutters"]


def test_a_found_table_can_be_joined_and_says_where_it_is(qtbot: QtBot, english: None) -> None:
    panel = NetworkPanel()
    qtbot.addWidget(panel)
    panel.add_or_update(listing())
    assert len(panel.rows()) == 1
    row = panel.rows()[0]
    assert row.title.text() == "Purrfect · Ben · 3/5"
    assert "10.77.1.2:47300" in row.detail.text()
    assert row.join_button.isEnabled()
    with qtbot.waitSignal(panel.join_requested) as joined:
        row.join_button.click()
    assert joined.args[0].key == "ben-1"
    assert panel.hint_text() == "1 table found."


@pytest.mark.parametrize(
    ("changes", "reason_words"),
    [
        ({"seats_taken": 5}, "seat is taken"),
        ({"playing": True}, "Already playing"),
        ({"protocol_ok": False, "protocol_note": "2 here, 3 there"}, "2 here, 3 there"),
    ],
)
def test_a_table_that_cannot_be_joined_says_why(
    qtbot: QtBot, english: None, changes: dict[str, object], reason_words: str
) -> None:
    panel = NetworkPanel()
    qtbot.addWidget(panel)
    panel.add_or_update(listing(**changes))
    row = panel.rows()[0]
    assert not row.join_button.isEnabled()
    assert reason_words in row.detail.text()
    assert reason_words in row.join_button.toolTip()


def test_tables_update_and_disappear(qtbot: QtBot, english: None) -> None:
    panel = NetworkPanel()
    qtbot.addWidget(panel)
    panel.add_or_update(listing())
    panel.add_or_update(listing(key="cleo", host_name="Cleo", game_id="momistigri"))
    panel.add_or_update(listing(seats_taken=4))
    titles = sorted(row.title.text() for row in panel.rows())
    assert titles == ["Momistigri · Cleo · 3/5", "Purrfect · Ben · 4/5"]
    panel.remove("ben-1")
    assert len(panel.rows()) == 1
    assert panel.hint_text() == "1 table found."


def test_joinable_tables_are_listed_before_those_that_cannot_be_joined(
    qtbot: QtBot, english: None
) -> None:
    panel = NetworkPanel()
    qtbot.addWidget(panel)
    panel.add_or_update(listing(key="a", host_name="Ada", playing=True))
    panel.add_or_update(listing(key="z", host_name="Zoe"))
    first = panel.rows()[0]
    assert first.table.host_name == "Zoe"


def test_nothing_found_after_a_while_explains_why_and_offers_join_by_address(
    qtbot: QtBot, english: None
) -> None:
    panel = NetworkPanel(hint_delay_ms=50)
    qtbot.addWidget(panel)
    panel.start_searching()
    assert panel.hint_text() == "Looking for tables…"
    qtbot.waitUntil(lambda: "firewall" in panel.hint_text(), timeout=2000)
    assert "Join by address" in panel.hint_text()
    assert panel.address_button.isEnabled()
    with qtbot.waitSignal(panel.join_by_address_requested):
        panel.address_button.click()


def test_a_table_found_before_the_delay_means_no_warning(qtbot: QtBot, english: None) -> None:
    panel = NetworkPanel(hint_delay_ms=50)
    qtbot.addWidget(panel)
    panel.start_searching()
    panel.add_or_update(listing())
    qtbot.wait(120)
    assert "firewall" not in panel.hint_text()


def test_why_not_joinable_is_none_for_an_open_table(english: None) -> None:
    assert why_not_joinable(listing()) is None


def test_a_game_under_way_can_be_joined_again_only_by_a_laptop_that_sat_there(
    english: None,
) -> None:
    assert why_not_joinable(listing(playing=True)) is not None
    assert why_not_joinable(listing(playing=True, mine=True)) is None  # back after a crash


def test_hosting_offers_the_chosen_games_options_and_seats(qtbot: QtBot, english: None) -> None:
    from ui.lobby.host_join_dialogs import HostChoice, HostDialog

    dialog = HostDialog(game_id="gutters")
    qtbot.addWidget(dialog)
    assert dialog.options is not None
    assert set(dialog.options.boxes) == {"mode", "board"}
    assert (dialog.seats.minimum(), dialog.seats.maximum()) == (2, 4)
    dialog.game.setCurrentIndex(dialog.game.findData("momistigri"))
    assert dialog.options is not None
    assert set(dialog.options.boxes) == {"strict_discard", "five_pair"}
    strict = dialog.options.boxes["strict_discard"]
    strict.setCurrentIndex(strict.findData("on"))
    dialog.seats.setValue(5)
    dialog.private.setChecked(True)
    assert dialog.choice() == HostChoice(
        "momistigri", 5, True, {"strict_discard": "on", "five_pair": "each_opponent"}
    )


def test_the_host_dialog_fits_each_games_options_with_no_gap_under_a_note(
    qtbot: QtBot, english: None
) -> None:
    # Purrfect's one note takes one line: after Momistigri's two-line notes, the dialog shrinks
    # to it, with no second line's gap under it (a wrapped label's size hint is worked out for
    # a narrower width than it is shown at).
    from PySide6.QtWidgets import QLabel

    from ui.lobby.host_join_dialogs import HostDialog

    dialog = HostDialog(game_id="momistigri")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)

    def notes() -> list[QLabel]:
        assert dialog.options is not None
        return [row for row in dialog.options.rows if isinstance(row, QLabel)]

    def fitted() -> bool:
        column = dialog.layout()
        assert column is not None
        lines = [note.heightForWidth(note.width()) for note in notes()]
        return [note.height() for note in notes()] == lines and (
            dialog.height() <= column.totalHeightForWidth(dialog.width())
        )

    heights = {}
    for game in ("momistigri", "purrfect", "gutters", "purrfect"):
        dialog.game.setCurrentIndex(dialog.game.findData(game))
        qtbot.waitUntil(fitted, timeout=2000)
        heights[game] = dialog.height()
    (note,) = notes()
    assert note.height() < 2 * note.fontMetrics().lineSpacing()  # (one line, as it reads)
    assert heights["purrfect"] < heights["momistigri"]


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("192.168.1.23:47300", ("192.168.1.23", 47300)),
        ("  10.0.0.5:1  ", ("10.0.0.5", 1)),
        ("[fe80::1]:47300", ("fe80::1", 47300)),
        ("laptop.local:47300", ("laptop.local", 47300)),
        ("192.168.1.23", ("192.168.1.23", 47300)),  # no port: the usual one
        ("[fe80::1]", ("fe80::1", 47300)),
        ("fe80::1", ("fe80::1", 47300)),
        ("192.168.1.23:99999", None),
        ("192.168.1.23:port", None),
        ("192.168.1.23 47300", None),
        ("", None),
    ],
)
def test_join_by_address_understands_what_people_type(
    typed: str, expected: tuple[str, int] | None
) -> None:
    from ui.lobby.host_join_dialogs import parse_address

    assert parse_address(typed) == expected


def test_join_by_address_explains_a_wrong_address_and_stays_open(
    qtbot: QtBot, english: None
) -> None:
    from ui.lobby.host_join_dialogs import JoinChoice, JoinDialog

    dialog = JoinDialog(address="192.168.1.23:port")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.accept()
    assert dialog.isVisible()
    assert "colon" in dialog.error.text()
    dialog.address.setText("192.168.1.23")  # the usual port is understood
    dialog.code.setText(" KTX-492 ")
    dialog.accept()
    assert dialog.choice() == JoinChoice("192.168.1.23", 47300, "KTX-492")


def test_arrow_keys_move_between_games_and_their_buttons(qtbot: QtBot, english: None) -> None:
    from PySide6.QtCore import Qt

    lobby = LobbyView("Ana")
    qtbot.addWidget(lobby)
    lobby.show()
    first = lobby.cards["momistigri"].play_button
    first.setFocus()
    qtbot.keyClick(first, Qt.Key.Key_Down)
    assert lobby.focusWidget() is lobby.cards["purrfect"].play_button
    qtbot.keyClick(lobby.focusWidget(), Qt.Key.Key_Right)
    assert lobby.focusWidget() is lobby.cards["purrfect"].learn_button
    with qtbot.waitSignal(lobby.tutorial_requested) as learn:
        qtbot.keyClick(lobby.focusWidget(), Qt.Key.Key_Return)
    assert learn.args == ["purrfect"]
    qtbot.keyClick(lobby.focusWidget(), Qt.Key.Key_Right)
    assert lobby.focusWidget() is lobby.cards["purrfect"].rules_button
    qtbot.keyClick(lobby.focusWidget(), Qt.Key.Key_Down)
    assert lobby.focusWidget() is lobby.cards["gutters"].rules_button
    with qtbot.waitSignal(lobby.rules_requested) as rules:
        qtbot.keyClick(lobby.focusWidget(), Qt.Key.Key_Space)
    assert rules.args == ["gutters"]
    qtbot.keyClick(lobby.focusWidget(), Qt.Key.Key_Left)
    qtbot.keyClick(lobby.focusWidget(), Qt.Key.Key_Left)
    with qtbot.waitSignal(lobby.play_requested) as play:
        qtbot.keyClick(lobby.focusWidget(), Qt.Key.Key_Return)
    assert play.args == ["gutters"]


@pytest.mark.parametrize("language", ["en", "it", "es"])
def test_a_games_buttons_share_one_row_on_a_small_laptop_screen_in_every_language(
    qtbot: QtBot, english: None, language: str
) -> None:
    from ui import i18n
    from ui.main_window import MainWindow

    i18n.install(language)
    window = MainWindow(Settings(name="Ana", language=language), start_network=False)
    qtbot.addWidget(window)
    window.resize(1024, 600)
    window.show()
    qtbot.waitExposed(window)
    for card in window.lobby.cards.values():
        # Stacked, the buttons made each card taller, and the third game went below the fold.
        assert card.arrangement == "row", (language, card.game.game_id)
        qtbot.waitUntil(lambda c=card: c.play_button.y() == c.rules_button.y(), timeout=2000)
