"""The countdown a table shows while the round waits long for a laptop that owes a message: who
is waited for, how long before the table drops their laptop, and nothing once the game moves on."""

from __future__ import annotations

from typing import Any

from pytestqt.qtbot import QtBot

from lanpurr.seat.table import TableUpdate
from net import events
from tests.ui.test_network_table_news import _network_screen
from tests.ui.test_tables_support import no_animations
from ui import theme


def _turn(seat: int, name: str, seconds: int) -> events.TableWaits:
    return events.TableWaits(((seat, "its move"),), (name,), seconds, turn=True)


def _answer(seconds: int) -> events.TableWaits:
    """Carla's laptop owes a message its software sends (a shuffle)."""
    return events.TableWaits(((2, "the shuffle of the deck"),), ("Carla",), seconds, turn=False)


def test_the_countdown_names_who_the_table_waits_for_and_ticks(qtbot: QtBot, english: None) -> None:
    with no_animations():
        screen: Any = _network_screen(qtbot)
        screen.source.on_event(_turn(1, "Ben", 250))
        assert screen.line.isVisible()
        assert (
            screen.line.text()
            == "Waiting for Ben to play: 4:10 before the table drops their laptop."
        )
        screen.source.on_event(_turn(1, "Ben", 249))
        assert screen.line.text() == (
            "Waiting for Ben to play: 4:09 before the table drops their laptop."
        )
        screen.source.on_event(_answer(42))
        said = screen.line.text()
        assert said == (
            "Waiting for Carla: their laptop has not answered. 0:42 before the table drops it."
        )
        assert "shuffle" not in said, "what software owes is not a player's business"


def test_one_laptops_seats_are_named_once_and_several_laptops_together(
    qtbot: QtBot, english: None
) -> None:
    with no_animations():
        screen: Any = _network_screen(qtbot)
        owed = ((1, "a key"), (2, "a key"))
        screen.source.on_event(events.TableWaits(owed, ("Ben", "Carla"), 30, turn=False))
        assert screen.line.text() == (
            "Waiting for Ben, Carla: their laptops have not answered. 0:30 before the table "
            "drops them."
        )
        bots = ("Bot 2 (Ben)", "Bot 2 (Ben)")
        screen.source.on_event(events.TableWaits(owed, bots, 30, turn=False))
        assert screen.line.text().startswith("Waiting for Bot 2 (Ben): their laptop has not")


def test_the_countdown_goes_when_the_game_moves_on_and_the_news_stays(
    qtbot: QtBot, english: None
) -> None:
    with no_animations():
        screen: Any = _network_screen(qtbot)
        screen.source.on_event(events.RoundChecked(1, True, "fair", (0, 0, 0), False))
        screen.source.on_event(_turn(1, "Ben", 250))
        lines = screen.line.text().split("\n")
        assert lines == [
            "Round 1 checked: fair",
            "Waiting for Ben to play: 4:10 before the table drops their laptop.",
        ]
        palette = theme.current().palette
        assert palette.warning in screen.line.styleSheet(), "the line's edge warns"
        # Ben plays: my seat's view changes.
        view = screen.source.current_view()
        screen.source.on_event(events.GameUpdate(TableUpdate((), view)))
        assert screen.line.text() == "Round 1 checked: fair"
        assert palette.good in screen.line.styleSheet()
        screen.source.on_event(_answer(42))
        assert "0:42" in screen.line.text()
        screen.source.on_event(events.GameProgress("shuffling", 2))
        assert screen.line.text() == "Shuffling — Carla's turn to shuffle…"
        screen.source.on_event(_answer(42))
        screen.source.on_event(events.GameProgress("playing", None))
        assert not screen.line.isVisible()


def test_the_countdown_goes_when_the_network_stops_renewing_it(qtbot: QtBot, english: None) -> None:
    with no_animations():
        screen: Any = _network_screen(qtbot)
        screen.source.on_event(_answer(42))
        assert screen.line.isVisible()
        qtbot.waitUntil(lambda: not screen.line.isVisible(), timeout=5000)


def test_the_countdown_ends_with_the_game_and_never_replaces_why(
    qtbot: QtBot, english: None
) -> None:
    with no_animations():
        screen: Any = _network_screen(qtbot)
        screen.source.on_event(_answer(3))
        cheat = events.CheatNamed("Carla", 2, "F-REVEAL", "(terminal)", "", "Carla",
                                  "the shuffle was never sent", ends=True)  # fmt: skip
        screen.source.on_event(cheat)
        said = screen.line.text()
        assert "Carla's laptop broke the fair-play rules" in said and "Waiting" not in said
        screen.source.on_event(_answer(0))  # a last tick that crossed the news on its way
        assert screen.line.text() == said


def test_the_countdown_is_said_in_the_players_language(qtbot: QtBot, english: None) -> None:
    from ui import i18n

    with no_animations():
        screen: Any = _network_screen(qtbot)
        screen.source.on_event(_turn(1, "Ben", 250))
        said_in = {
            "it": "In attesa che giochi Ben: 4:10 prima che il tavolo escluda il suo portatile.",
            "es": "Esperando a que juegue Ben: 4:10 antes de que la mesa deje fuera su portátil.",
        }
        for language, sentence in said_in.items():
            i18n.install(language)  # the line is said again in the new language
            qtbot.waitUntil(lambda: screen.line.text() == sentence, timeout=2000)  # noqa: B023
        i18n.install("it")
        screen.source.on_event(_answer(42))
        assert screen.line.text() == (
            "In attesa di Carla: il suo portatile non ha risposto. 0:42 prima che il tavolo "
            "lo escluda."
        )
