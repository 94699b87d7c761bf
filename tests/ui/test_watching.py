"""Watching a table in a real window: Watch on a full table opens its table with no hand to
play, which follows the game live to a round's end; a player's table says who watches.

The other laptops are real `lanpurr` processes whose tables listen on loopback only
(tests/ui/loopback_lanpurr.py, no mDNS)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from lanpurr.games.momistigri.deck import hand_value
from tests.ui.test_come_back import Loopback, _table_found, window_at_home
from tests.ui.test_lobby_network import close_as_a_person, found
from ui.lobby.table_setup import TableSetupView
from ui.tables.momistigri.view import MomistigriTable
from ui.tables.network_table import NetworkTableScreen
from ui.tables.watching import WatchersLine


@pytest.fixture
def loopback(tmp_path: Path) -> Iterator[Loopback]:
    laptops = Loopback(tmp_path)
    try:
        yield laptops
    finally:
        laptops.stop()


def test_watch_on_a_full_table_follows_its_game_with_no_hand_to_the_round_end(
    qtbot: QtBot, loopback: Loopback, english: None
) -> None:
    ann, hosting = loopback.host()
    state = ann.wait_for(lambda line: line.get("event") == "TableStateChanged", 10)["state"]
    loopback.lanpurr("Ben", "join", str(hosting["address"]))
    ann.wait_for(lambda line: line.get("event") == "game_started", 20)

    window, client = window_at_home(qtbot, loopback.tmp / "Wes", "Wes")
    try:
        full = found(service="ann", addresses=("127.0.0.1",), port=hosting["port"],
                     game="momistigri", taken=3, seats=3, state="playing", host="Ann",
                     table=hosting["table"], key=bytes.fromhex(state["host"]))  # fmt: skip
        client.bridge.call_soon(client.bridge.publish, _table_found(full))
        panel = window.lobby.network
        qtbot.waitUntil(lambda: len(panel.rows()) == 1, timeout=5000)
        row = panel.rows()[0]
        assert not row.join_button.isEnabled()  # every seat taken...
        assert row.watch_button.isEnabled() and row.watch_button.text() == "Watch"  # ...watch

        qtbot.mouseClick(row.watch_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: isinstance(window.table, NetworkTableScreen), timeout=20000)
        screen = window.table
        assert isinstance(screen, NetworkTableScreen)
        view = screen.view
        assert isinstance(view, MomistigriTable)
        assert view.names[:2] == ("Ann", "Ben")
        _, what, mine = view.banner()
        assert what.startswith("You are watching") and not mine
        assert view.legal() == [] and not view.acting()  # nothing to play, ever
        # The players know: the host says who watches.
        ann.wait_for(lambda line: line.get("event") == "watchers" and "Wes" in line["names"], 10)

        # It plays along: cards go to the pile, and at the round's end every hand is shown.
        qtbot.waitUntil(lambda: view.round_result is not None, timeout=120000)
        result = view.round_result
        assert result is not None
        # Every hand left is face up for everyone: the faces the watcher sees are the penalties
        # scored (a round can also end with nobody holding a card, M-8.2: then nothing is left).
        assert hand_value([face for _, face in result.revealed]) == sum(result.penalties)
        assert result.revealed or result.reason == "no_holder"
    finally:
        close_as_a_person(window)
    left = ann.wait_for(lambda line: line.get("event") == "watchers" and not line["names"], 30)
    assert left["names"] == []  # Wes went back to the lobby: nobody watches any more


def test_a_players_table_says_who_watches(qtbot: QtBot, loopback: Loopback, english: None) -> None:
    _, hosting = loopback.host()
    window, client = window_at_home(qtbot, loopback.tmp / "Ben", "Ben")
    try:
        from ui.lobby.host_join_dialogs import JoinChoice

        host, port = str(hosting["address"]).rsplit(":", 1)
        client.join(JoinChoice(host, int(port), ""))
        qtbot.waitUntil(lambda: isinstance(window.table, TableSetupView), timeout=20000)
        setup = window.table
        assert isinstance(setup, TableSetupView)
        wes = loopback.lanpurr("Wes", "join", str(hosting["address"]), "--watch")
        wes.wait_for(lambda line: line.get("event") == "watching", 20)
        # The waiting room says it too, then the game's table keeps a line of who watches.
        qtbot.waitUntil(lambda: setup.notice.text() == "Watching the table: Wes", timeout=10000)
        qtbot.mouseClick(setup.ready_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: isinstance(window.table, NetworkTableScreen), timeout=20000)
        screen = window.table
        assert isinstance(screen, NetworkTableScreen)
        line = screen.findChild(WatchersLine)
        assert line is not None
        qtbot.waitUntil(lambda: line.isVisible() and line.text() == "Watching: Wes", timeout=10000)
        wes.process.terminate()  # Wes stops watching: the line goes
        qtbot.waitUntil(lambda: not line.isVisible(), timeout=10000)
    finally:
        close_as_a_person(window)


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("momistigri", 3, {}), ("purrfect", 4, {}), ("gutters", 2, {"mode": "competitive"})],
)
def test_each_games_watching_table_paints_with_nothing_to_play(
    qtbot: QtBot, english: None, game: str, players: int, options: dict[str, str]
) -> None:
    from net.events import GameStarted
    from net.watch.watch_feed import WatchReplica
    from ui.tables.watching import create_watching_table

    replica = WatchReplica()
    names = [f"P{seat}" for seat in range(players)]
    message = {"k": "start", "game": game, "number": 1, "names": names,
               "options": [list(o) for o in options.items()]}  # fmt: skip
    (started,) = replica.read(message)
    assert isinstance(started, GameStarted) and started.seat is None
    screen = create_watching_table(started)
    qtbot.addWidget(screen)
    screen.resize(1024, 600)
    screen.show()
    assert not screen.grab().isNull()
    assert screen.view.banner()[1].startswith("You are watching")
    assert screen.view.source.submit(object()) is not None  # nothing reaches a game
    assert not screen.leave_ends_for_all() and not screen.game_in_progress()


def test_a_watcher_is_told_while_it_follows_the_game_to_the_laptop_that_takes_it_over(
    qtbot: QtBot, english: None, tmp_path: Path, closing_never_asks: None
) -> None:
    from net import events
    from net.watch_events import WatchFollowing, Watching
    from tests.ui.test_tables_support import no_animations, open_table
    from ui import i18n
    from ui.lobby.network_client import LobbyNetwork
    from ui.main_window import MainWindow
    from ui.settings import Settings

    window = MainWindow(Settings(name="Wes"), start_network=False)
    qtbot.addWidget(window)
    client = LobbyNetwork(window, window.lobby.network, "Wes", browse=False, home=tmp_path)
    window.connect_network(client)
    said = {
        "en": "The host's laptop is gone. Waiting for the laptop that takes the game over, "
        "to watch it there.",
        "it": "The host's laptop is gone. Aspettiamo il portatile che prende in mano la partita, "
        "per guardarla da lì.",
    }
    for language, sentence in said.items():
        i18n.install(language)
        client.bridge.publish(WatchFollowing("the host's laptop is gone"))
        assert window.lobby.notice.text() == sentence
    i18n.install("en")
    # Ben's laptop admits it and feeds it the game: its new table says where it watches.
    client.bridge.publish(Watching("Ben", "AAAA-BBBB-CCCC-DDDD", "10.0.0.2:47300"))
    with no_animations():
        local = open_table(qtbot, "momistigri", 3, "heuristic", seed=3)
        names = ("Bot 1 (Ben)", "Ben", "Cleo")
        client.bridge.publish(events.GameStarted("momistigri", None, names, 1, local.view.state))
        screen = window.table
        assert isinstance(screen, NetworkTableScreen) and screen.view.names == names
        moved = "Ben's laptop took the game over: you watch it there."
        assert screen.line.text() == moved
        client.bridge.publish(events.GameProgress("dealing", None))  # (the void round, again)
        assert screen.line.text() == "Dealing…"
        client.bridge.publish(events.GameProgress("playing", None))
        assert screen.line.text() == moved
        client.bridge.publish(events.GameProgress("playing", None))
        assert screen.line.text() == ""
        client.bridge.publish(events.GameProgress("checking", None))
        assert screen.line.text() == "Checking the round…"
    window.back_to_lobby()  # (Leave): nothing of that wait stays in the lobby
    assert window.lobby.notice.text() == ""
    window.network = None
    window.close()


def test_a_watchers_table_never_calls_the_seat_drawn_nearest_you(
    qtbot: QtBot, english: None
) -> None:
    # The watcher sits behind the first seat's chair: when that seat wins, the table says who
    # won, not "You win!".
    from PySide6.QtGui import QImage, QPainter

    from lanpurr.games.momistigri.events import GameEnded
    from net.watch.watch_feed import WatchReplica
    from ui.tables.momistigri import paint_results, words
    from ui.tables.watching import create_watching_table

    replica = WatchReplica()
    start = {"k": "start", "game": "momistigri", "number": 1, "names": ["Ann", "Ben", "Cleo"],
             "options": []}  # fmt: skip
    (started,) = replica.read(start)
    screen = create_watching_table(started)
    qtbot.addWidget(screen)
    view: Any = screen.view
    won = GameEnded(winners=(0,), totals=(3, 9, 14), rule="M-9.1")
    titles: list[str] = []
    view.paint_results = lambda p, title, *rest, **named: titles.append(title)
    image = QImage(400, 300, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    paint_results.paint_game_over(view, painter, view.state, won)
    painter.end()
    assert view.seat == 0 and titles == ["Ann wins with the fewest penalty points."]
    assert words.winners_text(view, won) == titles[0]


def test_a_watcher_whose_host_comes_back_or_whose_watch_ends_is_told_on_its_table(
    qtbot: QtBot, english: None, tmp_path: Path, closing_never_asks: None
) -> None:
    from net import events
    from net.watch_events import WatchEnded, WatchFollowing, Watching
    from tests.ui.test_tables_support import no_animations, open_table
    from ui import i18n
    from ui.lobby.network_client import LobbyNetwork
    from ui.main_window import MainWindow
    from ui.settings import Settings

    window = MainWindow(Settings(name="Wes"), start_network=False)
    qtbot.addWidget(window)
    client = LobbyNetwork(window, window.lobby.network, "Wes", browse=False, home=tmp_path)
    window.connect_network(client)
    names = ("Ann", "Ben", "Cleo")
    with no_animations():
        local = open_table(qtbot, "momistigri", 3, "heuristic", seed=3)
        client.bridge.publish(Watching("Ann", "AAAA-BBBB-CCCC-DDDD", "10.0.0.1:47300"))
        client.bridge.publish(events.GameStarted("momistigri", None, names, 1, local.view.state))
        # Ann's app is killed, and started again at once: she hosts the game still.
        client.bridge.publish(WatchFollowing("the host's laptop is gone"))
        client.bridge.publish(Watching("Ann", "AAAA-BBBB-CCCC-DDDD", "10.0.0.1:47300"))
        client.bridge.publish(events.GameStarted("momistigri", None, names, 1, local.view.state))
        screen = window.table
        assert isinstance(screen, NetworkTableScreen)
        said = {
            "en": "Ann's laptop is back: you watch the game there again.",
            "it": "Il portatile di Ann è tornato: guardi di nuovo la partita da lì.",
            "es": "El portátil de Ann ha vuelto: vuelves a mirar la partida desde allí.",
        }
        for language, sentence in said.items():
            i18n.install(language)
            qtbot.waitUntil(lambda s=sentence: screen.line.text() == s, timeout=2000)
        i18n.install("en")
        # Then it goes for good, and nobody takes its game over: the table says the watch ended.
        client.bridge.publish(WatchFollowing("the host's laptop is gone"))
        client.bridge.publish(
            WatchEnded(
                "the host's laptop is gone; The game ended here: the host's laptop did not "
                "come back"
            )
        )
        assert screen.line.text().startswith("No longer watching: The host's laptop is gone;")
        assert not client.watch.watching
    window.back_to_lobby()
    window.network = None
    window.close()


def test_an_app_watching_a_host_killed_and_started_again_watches_its_game_there_again(
    qtbot: QtBot, loopback: Loopback, english: None
) -> None:
    # Wes watches Ann's table in the app. Ann's laptop is killed mid-game and started again at
    # once: it takes its seat back and hosts the game still. Wes's table says so and follows
    # the game on, without a frozen board.
    from tests.ui.test_come_back import kill_mid_game

    ann, hosting = loopback.host("--grace", "30")
    state = ann.wait_for(lambda line: line.get("event") == "TableStateChanged", 10)["state"]
    loopback.lanpurr("Ben", "join", str(hosting["address"]), "--grace", "30")
    ann.wait_for(lambda line: line.get("event") == "game_started", 20)

    window, client = window_at_home(qtbot, loopback.tmp / "Wes", "Wes")
    try:
        full = found(service="ann", addresses=("127.0.0.1",), port=hosting["port"],
                     game="momistigri", taken=3, seats=3, state="playing", host="Ann",
                     table=hosting["table"], key=bytes.fromhex(state["host"]))  # fmt: skip
        client.bridge.call_soon(client.bridge.publish, _table_found(full))
        panel = window.lobby.network
        qtbot.waitUntil(lambda: len(panel.rows()) == 1, timeout=5000)
        qtbot.mouseClick(panel.rows()[0].watch_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: isinstance(window.table, NetworkTableScreen), timeout=20000)
        first = window.table
        kill_mid_game(ann, updates=2)
        waiting = "Waiting for the laptop that takes the game over, to watch it there."
        qtbot.waitUntil(lambda: waiting in window.lobby.notice.text(), timeout=20000)
        again = loopback.lanpurr("Ann", "host", "momistigri", "--resume", "--no-announce",
                                 "--grace", "30")  # fmt: skip
        # (Its table says "Ann's laptop is back: you watch the game there again." until the
        # game's progress takes the line: test_a_watcher_whose_host_comes_back_or_whose_...)
        qtbot.waitUntil(
            lambda: window.table is not first and isinstance(window.table, NetworkTableScreen),
            timeout=60000,
        )
        assert again.wait_for(lambda line: line.get("event") == "watchers", 5)["names"] == ["Wes"]
        assert client.watch.watching and client.watch.came_from == "Ann"
        screen = window.table
        assert isinstance(screen, NetworkTableScreen)
        view = screen.view
        assert isinstance(view, MomistigriTable)
        # The game goes on there, move by move, to its end.
        caught_up = view.state
        qtbot.waitUntil(
            lambda: view.state != caught_up or screen.over_event is not None, timeout=60000
        )
    finally:
        close_as_a_person(window)
