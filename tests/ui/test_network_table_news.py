"""News a game between laptops adds to the table: a laptop that never came back and the bot
that took its seat."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from pytestqt.qtbot import QtBot

from net import events
from tests.ui.test_tables_support import no_animations, open_table
from ui.lobby.network_client import LobbyNetwork
from ui.main_window import MainWindow
from ui.settings import Settings
from ui.tables.network_table import create_network_table


def test_a_bot_taking_a_gone_laptops_seat_is_named_at_the_table_and_said(
    qtbot: QtBot, english: None
) -> None:
    with no_animations():
        local = open_table(qtbot, "momistigri", 3, "heuristic", seed=3)
        names = ("Ann", "Ben", "Cleo")
        started = events.GameStarted("momistigri", 0, names, 1, local.view.state)
        screen = create_network_table(started, local.view.state, lambda a: None, lambda: None,
                                      host=False)  # fmt: skip
        qtbot.addWidget(screen)
        screen.resize(1280, 800)
        screen.show()
        assert screen.view.names == names
        replaced = ("Ann", "Bot 2 (Ann)", "Cleo")
        screen.source.on_event(events.SeatReplaced((1,), "Ben", 2, replaced))
        assert screen.view.names == replaced
        assert screen.line.isVisible()
        said = screen.line.text()
        assert said == (
            "Ben's laptop did not come back. A bot plays their seat and round 2 is dealt "
            "again; the scores stay."
        ), said
        assert not screen.back.isVisible()  # the game goes on: no way out offered as if it ended
        assert screen.game_in_progress()
        # The host leaves on purpose: what happened and what happens next, in one line, which
        # also parts the moves.
        left = events.SeatReplaced((0,), "Ann", 3, ("Bot 1 (Cleo)", *replaced[1:]), why="left",
                                   host="Cleo", handed=True)  # fmt: skip
        screen.source.on_event(left)
        said = screen.line.text()
        assert said == (
            "Ann left. A bot plays their seat, Cleo's laptop hosts now, and round 3 is dealt "
            "again; the scores stay."
        ), said
        assert screen.side.lines()[-1] == f"— {said} —"
        # Momistigri's round goes on where it stood: only the hands are dealt again.
        gone = events.SeatReplaced((2,), "Cleo", 3, ("Bot 1 (Ben)", replaced[1], "Bot 3 (Ben)"),
                                   why="gone", host="Ben", kept=True, hands=True)  # fmt: skip
        screen.source.on_event(gone)
        said = screen.line.text()
        assert said == (
            "Cleo's laptop did not come back. A bot plays their seat and the hands are dealt "
            "again, as many cards each; everything else stays."
        ), said
        assert str(gone) == said
        # Purrfect's too: the hands are dealt again and the open offers, made of them, go.
        gone = replace(gone, offers=True)
        screen.source.on_event(gone)
        said = screen.line.text()
        assert said == (
            "Cleo's laptop did not come back. A bot plays their seat and the hands are dealt "
            "again, as many cards each; the open offers are cancelled and everything else "
            "stays."
        ), said
        assert str(gone) == said
        gone = replace(gone, handed=True)
        screen.source.on_event(gone)
        said = screen.line.text()
        assert said == (
            "Cleo's laptop did not come back. A bot plays their seat, Ben's laptop hosts now, "
            "and the hands are dealt again, as many cards each; the open offers are cancelled "
            "and everything else stays."
        ), said
        assert str(gone) == said


def test_the_news_of_a_replaced_seat_reaches_the_table_from_the_network(
    qtbot: QtBot, english: None, tmp_path: Path
) -> None:
    window = MainWindow(Settings(name="Ann"), start_network=False)
    client = LobbyNetwork(window, window.lobby.network, "Ann", browse=False, home=tmp_path)
    with no_animations():
        local = open_table(qtbot, "momistigri", 3, "heuristic", seed=3)
        started = events.GameStarted("momistigri", 0, ("Ann", "Ben", "Cleo"), 1, local.view.state)
        screen = create_network_table(started, local.view.state, lambda a: None, lambda: None,
                                      host=False)  # fmt: skip
        qtbot.addWidget(screen)
        client.follow_game(screen)
        heard: list[object] = []
        screen.source.seats_replaced.connect(heard.append)
        news = events.SeatReplaced((1,), "Ben", 2, ("Ann", "Bot 2 (Ann)", "Cleo"))
        client.bridge.publish(news)
        assert heard == [news.names]
    window.close()


def test_a_guest_still_drawing_the_last_moves_sees_the_end_before_the_waiting_room(
    qtbot: QtBot, english: None
) -> None:
    """The host pressed Play again while this laptop was still drawing the game's last moves:
    the table stays, the game ends on it, and Play again then takes the player to their seat."""
    window = MainWindow(Settings(name="Ben"), start_network=False)
    qtbot.addWidget(window)
    with no_animations():
        local = open_table(qtbot, "momistigri", 3, "heuristic", seed=3)
        started = events.GameStarted("momistigri", 1, ("Ann", "Ben", "Cleo"), 1, local.view.state)
        screen = create_network_table(started, local.view.state, lambda a: None, lambda: None,
                                      host=False)  # fmt: skip
        window.show_network_game(screen)
        seat = SimpleNamespace(is_host=False, state=None)
        window.network = SimpleNamespace(seat=seat)  # type: ignore[assignment]
        waiting_room: list[object] = []
        window.show_table_setup = waiting_room.append  # type: ignore[method-assign]
        window._table_changed(SimpleNamespace(phase="open"))
        assert window.table is screen and not waiting_room  # the game is not over here yet
        screen.source.on_event(events.GameOver((3, 1, 2), ("fair",)))
        assert "The host opened the table again" in screen.line.text()
        assert screen.view.can_play_again
        screen.play_again_requested.emit()
        assert waiting_room == [seat]
    window.network = None
    window.close()


def _cheat(ends: bool) -> events.CheatNamed:
    return events.CheatNamed(
        "Carla", 2, "F-GAME", "(English text for the terminal)", "/home/ann/evidence/cheat.json",
        "Carla", "named a pair, turned up two other cards", ends=ends,
    )  # fmt: skip


def _network_screen(qtbot: QtBot) -> object:
    local = open_table(qtbot, "momistigri", 3, "heuristic", seed=3)
    started = events.GameStarted("momistigri", 0, ("Ann", "Ben", "Carla"), 1, local.view.state)
    screen = create_network_table(started, local.view.state, lambda a: None, lambda: None,
                                  host=True)  # fmt: skip
    qtbot.addWidget(screen)
    screen.resize(1280, 800)
    screen.show()
    return screen


@contextmanager
def _at_a_network_game(qtbot: QtBot, tmp_path: Path) -> Iterator[tuple[MainWindow, Any, Any]]:
    """Ann's window with its lobby network client, at a network game's table."""
    window = MainWindow(Settings(name="Ann"), start_network=False)
    qtbot.addWidget(window)
    client = LobbyNetwork(window, window.lobby.network, "Ann", browse=False, home=tmp_path)
    window.connect_network(client)
    with no_animations():
        screen: Any = _network_screen(qtbot)
        window.show_network_game(screen)
        yield window, client, screen
    window.network = None
    window.close()


def test_a_named_cheater_is_said_at_the_table_and_the_game_goes_on_with_a_bot(
    qtbot: QtBot, english: None
) -> None:
    with no_animations():
        screen: Any = _network_screen(qtbot)
        screen.source.on_event(_cheat(ends=False))
        said = screen.line.text()
        assert "Carla's laptop broke the fair-play rules for Carla" in said, said
        assert "every action is legal in the game" in said and "two other cards" in said
        assert "The round is void" in said and "cheat.json" in said
        assert not screen.back.isVisible() and screen.game_in_progress()
        replaced = ("Ann", "Ben", "Bot 3 (Ann)")
        screen.source.on_event(events.SeatReplaced((2,), "Carla", 1, replaced, cheat=True))
        said = screen.line.text()
        assert "Carla's laptop broke the fair-play rules" in said, "who and why stay on show"
        assert "Round 1 starts again with a bot in each of Carla's seats" in said, said
        assert "did not come back" not in said
        assert screen.view.names == replaced and screen.game_in_progress()


def test_a_named_cheater_is_said_in_the_players_language(qtbot: QtBot, english: None) -> None:
    from ui import i18n

    with no_animations():
        said_in = {
            "it": ("ha violato", "ogni azione è lecita", "finisce"),
            "es": ("ha roto", "cada acción es legal", "termina"),
        }
        for language, words in said_in.items():
            i18n.install(language)
            screen: Any = _network_screen(qtbot)
            screen.source.on_event(_cheat(ends=True))
            said = screen.line.text()
            assert all(word in said for word in words), said
            assert screen.back.isVisible(), "the game ended: the way back is offered"


def _cut_off(ends: bool) -> events.LaptopCutOff:
    return events.LaptopCutOff(
        "Carla", "it signed two different messages under one number",
        "/home/ann/evidence/cut-off.json", ends=ends,
    )  # fmt: skip


def test_a_laptop_cut_off_is_said_at_the_table_and_a_bot_takes_its_seats(
    qtbot: QtBot, english: None
) -> None:
    with no_animations():
        screen: Any = _network_screen(qtbot)
        screen.source.on_event(_cut_off(ends=False))
        said = screen.line.text()
        assert (
            "Carla's laptop was cut off from the table: it signed two different messages under "
            "one number. The round is void; their laptop is dropped from the game." in said
        ), said
        assert "cut-off.json" in said, "where the signed evidence is kept"
        assert not screen.back.isVisible() and screen.game_in_progress()
        replaced = ("Ann", "Ben", "Bot 3 (Ann)")
        screen.source.on_event(events.SeatReplaced((2,), "Carla", 1, replaced, cheat=True))
        said = screen.line.text()
        assert "Carla's laptop was cut off from the table" in said, "why stays on show"
        assert "Round 1 starts again with a bot in each of Carla's seats" in said, said
        assert "fair-play rules" not in said and "did not come back" not in said
        assert screen.view.names == replaced and screen.game_in_progress()


def test_a_laptop_cut_off_that_ends_the_game_is_said_in_the_players_language(
    qtbot: QtBot, english: None
) -> None:
    from ui import i18n

    with no_animations():
        said_in = {
            "en": ("Carla's laptop was cut off from the table", "the game ends"),
            "it": ("Il portatile di Carla è stato escluso dal tavolo", "la partita finisce"),
            "es": ("El portátil de Carla ha sido expulsado de la mesa", "la partida termina"),
        }
        for language, words in said_in.items():
            i18n.install(language)
            screen: Any = _network_screen(qtbot)
            screen.source.on_event(_cut_off(ends=True))
            # The network's own last word (English, for the command line) does not replace it.
            screen.source.on_event(events.GameStopped("Carla's laptop was cut off: the game ends"))
            said = screen.line.text()
            assert all(word in said for word in words), said
            assert "two different messages" in said, "what it did, as the table said it"
            assert screen.back.isVisible() and not screen.game_in_progress()
            assert screen.notice_box.text() == said


def test_a_cut_off_laptop_reaches_the_table_from_the_network(
    qtbot: QtBot, english: None, tmp_path: Path
) -> None:
    window = MainWindow(Settings(name="Ann"), start_network=False)
    client = LobbyNetwork(window, window.lobby.network, "Ann", browse=False, home=tmp_path)
    with no_animations():
        screen: Any = _network_screen(qtbot)
        client.follow_game(screen)
        client.bridge.publish(_cut_off(ends=False))
        assert "Carla's laptop was cut off from the table" in screen.line.text()
    window.close()


def test_a_member_played_through_another_laptop_is_said_in_the_players_language(
    qtbot: QtBot, english: None, tmp_path: Path, closing_never_asks: None
) -> None:
    from ui import i18n

    with _at_a_network_game(qtbot, tmp_path) as (window, client, screen):
        said_in = {
            "en": "Cleo's laptop cannot reach yours directly: playing through Ben's laptop.",
            "it": "Il portatile di Cleo non raggiunge direttamente il tuo: si gioca passando "
            "per il portatile di Ben.",
            "es": "El portátil de Cleo no llega directamente al tuyo: se juega a través del "
            "portátil de Ben.",
        }
        for language, sentence in said_in.items():
            i18n.install(language)
            client.bridge.publish(events.PlaysRelayed("Cleo", "Ben"))
            assert screen.line.text() == sentence
            assert window.lobby.notice.text() == sentence
        # A refusal is said as the refusing laptop's word, quoted, in the player's language.
        refused = {
            "en": "Cleo's laptop refuses yours (it says: “you cheat”): its plays come through",
            "it": "Il portatile di Cleo rifiuta il tuo (dice: «you cheat»): le sue mosse",
            "es": "El portátil de Cleo rechaza el tuyo (dice: «you cheat»): sus jugadas",
        }
        for language, start in refused.items():
            i18n.install(language)
            client.bridge.publish(events.RefusedHere("Cleo", "you cheat"))
            assert screen.line.text().startswith(start)


def test_a_host_is_told_before_leaving_that_the_game_ends_for_everyone(
    qtbot: QtBot, english: None
) -> None:
    from ui import i18n
    from ui.tables.screen import leave_question

    screen = _network_screen(qtbot)  # Ann hosts
    assert screen.leave_ends_for_all()  # type: ignore[attr-defined]
    asked = leave_question(screen, screen.leave_ends_for_all())  # type: ignore[attr-defined]
    assert "it ends for everyone at the table" in asked.text()
    i18n.install("it")
    asked = leave_question(screen, True)
    assert "finisce per tutti al tavolo" in asked.text()
    i18n.install("en")
    screen.source.on_event(events.GameOver((3, 1, 2), ("fair",)))  # type: ignore[attr-defined]
    assert not screen.leave_ends_for_all()  # type: ignore[attr-defined]
    local = open_table(qtbot, "momistigri", 3, "heuristic", seed=3)
    started = events.GameStarted("momistigri", 1, ("Ann", "Ben", "Carla"), 1, local.view.state)
    guest = create_network_table(started, local.view.state, lambda a: None, lambda: None,
                                 host=False)  # fmt: skip
    qtbot.addWidget(guest)
    assert not guest.leave_ends_for_all()
    assert "The game is not over" in leave_question(guest, False).text()


def test_a_host_whose_game_goes_on_is_told_a_bot_takes_its_seat_and_the_next_laptop_hosts(
    qtbot: QtBot, english: None
) -> None:
    from ui.tables.screen import leave_question

    local = open_table(qtbot, "momistigri", 3, "heuristic", seed=3)
    started = events.GameStarted("momistigri", 0, ("Ann", "Ben", "Carla"), 1, local.view.state)
    ann = create_network_table(started, local.view.state, lambda a: None, lambda: None,
                               host=True, bots_take_over=True)  # fmt: skip
    qtbot.addWidget(ann)
    assert ann.leave_hands_on() and not ann.leave_ends_for_all()
    asked = leave_question(ann, ann.leave_ends_for_all(), ann.leave_hands_on())
    assert "a bot takes your seat and the next laptop at the table hosts the game" in asked.text()
    # Ben's laptop: a guest until Ann's goes; then it hosts, and leaving hands the game on.
    ben_started = events.GameStarted("momistigri", 1, ("Ann", "Ben", "Carla"), 1,
                                     local.view.state)  # fmt: skip
    ben = create_network_table(ben_started, local.view.state, lambda a: None, lambda: None,
                               host=False)  # fmt: skip
    qtbot.addWidget(ben)
    ben.resize(1280, 800)
    ben.show()
    assert not ben.leave_hands_on() and not ben.leave_ends_for_all()
    assert not ben.view.can_play_again
    ben.source.on_event(events.HostHandedOn("Ben", "Ann", me=True))
    assert ben.line.text() == "Ann's laptop no longer hosts the game: yours takes over."
    assert ben.leave_hands_on() and ben.view.can_play_again  # Ben's laptop hosts the table now
    carla = create_network_table(started, local.view.state, lambda a: None, lambda: None,
                                 host=False)  # fmt: skip
    qtbot.addWidget(carla)
    carla.show()
    carla.source.on_event(events.HostHandedOn("Ben", "Ann"))
    assert carla.line.text() == "Ann's laptop no longer hosts the game: Ben's laptop takes over."
    assert not carla.leave_hands_on()


def test_a_player_who_left_is_said_with_what_happens_next(
    qtbot: QtBot, english: None, tmp_path: Path, closing_never_asks: None
) -> None:
    from ui import i18n

    with _at_a_network_game(qtbot, tmp_path) as (window, client, screen):
        client.bridge.publish(events.PeerLeft("Cleo", "bot"))
        said = "Cleo left the table: a bot takes their seat and the game goes on."
        assert screen.line.text() == said and window.lobby.notice.text() == said
        client.bridge.publish(events.PeerLeft("Cleo", "end"))
        assert screen.line.text() == "Cleo left the table: the game ends."
        i18n.install("it")
        client.bridge.publish(events.PeerLeft("Cleo", "bot"))
        assert screen.line.text().startswith("Cleo ha lasciato il tavolo: un bot prende")
        i18n.install("en")


def test_news_of_a_table_is_forgotten_on_leaving_it_but_why_it_closed_is_not(
    qtbot: QtBot, english: None, tmp_path: Path, closing_never_asks: None
) -> None:
    with _at_a_network_game(qtbot, tmp_path) as (window, client, screen):
        client.bridge.publish(events.PeerBack("Ben"))
        assert screen.line.text() == "Ben is back."
        window.back_to_lobby()
        assert window.stack.currentWidget() is window.lobby
        assert window.lobby.notice.text() == ""
        window.apply_settings(Settings(name="Ann", language="it"))  # nor said again
        assert window.lobby.notice.text() == ""
        window.apply_settings(Settings(name="Ann"))

        screen = _network_screen(qtbot)
        window.show_network_game(screen)
        client.bridge.publish(events.TableClosed("the host stopped the game"))
        window.back_to_lobby()
        assert window.lobby.notice.text() == "The table was closed: The host stopped the game."
