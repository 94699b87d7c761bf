"""The lobby's right side: tables found on this network, hosting, and joining by address.

The panel shows the tables the network finds (it listens to `TableFound`, `TableUpdated` and
`TableLost`) and what else it is told (`add_or_update`, `remove`, `set_unavailable`); it never
waits on the network.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from net.listing import TableFound, TableLost, TableUpdated
from ui import theme
from ui.catalogue import game_name
from ui.event_listener import shows
from ui.lobby.listing import TableListing, listing_from_net, why_not_joinable

HINT_DELAY_MS = 6000
"""How long to look before explaining why no table may show up."""


class TableRow(QWidget):
    """One found table: game, host and seats, with a Join button or the reason it cannot be;
    Rejoin when this laptop still holds a seat there (`sitting`); Watch, full or not."""

    join_requested = Signal(object)
    watch_requested = Signal(object)

    def __init__(
        self,
        table: TableListing,
        parent: QWidget | None = None,
        sitting: bool = False,
        given_away: bool = False,
    ) -> None:
        """`given_away`: this laptop's seat there went to a bot while it was away (its game
        went on without it at another laptop): it may watch the game, not rejoin it."""
        super().__init__(parent)
        t = theme.current()
        self.table = table
        seats = f"{table.seats_taken}/{table.seats_total}"
        self.title = QLabel(f"{game_name(table.game_id)} · {table.host_name} · {seats}")
        self.title.setFont(t.font(theme.FontRole.HEADING))
        self.title.setWordWrap(True)
        self.reason = why_not_joinable(table)
        self.rejoin = sitting and table.protocol_ok and not given_away
        if given_away:
            self.reason = self.tr("While you were away, a bot took your seat: watch the game")
            detail = self.reason
        elif self.rejoin:
            self.reason = None  # my seat is kept for me, full table or game under way
            detail = self.tr("Your seat is kept for you: rejoin, no code needed")
        elif self.reason:
            detail = self.reason
        elif table.private:
            detail = self.tr("Private: ask the host for the code · %1").replace("%1", table.address)
        else:
            detail = self.tr("Open, at %1").replace("%1", table.address)
        self.detail = QLabel(detail)
        self.detail.setStyleSheet(
            f"color: {t.palette.danger if self.reason and not given_away else t.palette.ink_soft};"
        )
        self.detail.setWordWrap(True)
        self.join_button = QPushButton(self.tr("Rejoin") if self.rejoin else self.tr("Join"))
        self.join_button.setEnabled(self.reason is None)
        if self.rejoin:
            self.join_button.setProperty("accent", True)
            self.join_button.setToolTip(self.tr("Go back to your seat at this table"))
        else:
            self.join_button.setToolTip(self.reason or self.tr("Take a seat at this table"))
        self.join_button.clicked.connect(lambda: self.join_requested.emit(self.table))
        # Watching takes no seat: a full table, or one whose game is under way, may be watched.
        self.watch_button = QPushButton(self.tr("Watch"))
        self.watch_button.setEnabled(table.protocol_ok and not self.rejoin)
        self.watch_button.setToolTip(
            self.tr("Follow this table's game without a seat: you see no hidden card")
        )
        self.watch_button.clicked.connect(lambda: self.watch_requested.emit(self.table))
        text = QVBoxLayout()
        text.setSpacing(t.px(2))
        text.addWidget(self.title)
        text.addWidget(self.detail)
        row = QHBoxLayout(self)
        row.setContentsMargins(t.px(8), t.px(6), t.px(8), t.px(6))
        row.addLayout(text, 1)
        row.addWidget(self.watch_button, 0, Qt.AlignmentFlag.AlignVCenter)
        row.addWidget(self.join_button, 0, Qt.AlignmentFlag.AlignVCenter)


class NetworkPanel(QFrame):
    tables_changed = Signal()
    """A table was found, changed or lost (`tables`)."""
    join_requested = Signal(object)
    """A TableListing the player wants to join."""
    watch_requested = Signal(object)
    """A TableListing the player wants to watch."""
    host_requested = Signal()
    join_by_address_requested = Signal()

    def __init__(self, parent: QWidget | None = None, hint_delay_ms: int = HINT_DELAY_MS) -> None:
        super().__init__(parent)
        t = theme.current()
        self.setObjectName("NetworkPanel")
        self.setStyleSheet(
            f"#NetworkPanel {{ background: {t.palette.felt}; border-radius: {t.px(12)}px; }}"
            f"#NetworkPanel QLabel#PanelTitle"
            f" {{ color: {t.palette.text_on_felt}; }}"
            f"#NetworkPanel QScrollArea, #Rows {{ background: {t.palette.cream};"
            f" border-radius: {t.px(8)}px; border: none; }}"
        )
        self.tables: dict[str, TableListing] = {}
        self.my_tables: frozenset[str] = frozenset()
        """The ids of the tables this laptop still holds a seat at (their rows say Rejoin)."""
        self.given_away: frozenset[str] = frozenset()
        """The ids of the tables whose game went on without this laptop, a bot in its seat
        (their rows offer Watch only)."""
        self.title = QLabel(self.tr("Tables on this network"))
        self.title.setObjectName("PanelTitle")
        self.title.setFont(t.font(theme.FontRole.TITLE))
        self.title.setWordWrap(True)  # a narrow (zoomed) panel wraps its title
        # Found tables stack in a scrolling column; each row wraps to the panel's width.
        self.rows_box = QWidget()
        self.rows_box.setObjectName("Rows")
        self.rows_layout = QVBoxLayout(self.rows_box)
        self.rows_layout.setContentsMargins(t.px(4), t.px(4), t.px(4), t.px(4))
        self.rows_layout.setSpacing(t.px(4))
        self.rows_layout.addStretch(1)
        self.list = QScrollArea()
        self.list.setWidget(self.rows_box)
        self.list.setWidgetResizable(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setAccessibleName(self.tr("Tables on this network"))
        self.hint = QLabel(self.tr("Looking for tables…"))
        self.hint.setObjectName("Hint")
        self.hint.setWordWrap(True)
        # Inside the list, under the found tables: where the eye looks when it is empty.
        self.hint.setFont(t.font(theme.FontRole.HEADING))
        self.hint.setStyleSheet(f"color: {t.palette.ink_soft}; padding: {t.px(8)}px;")
        self.rows_layout.insertWidget(0, self.hint)
        self.host_button = QPushButton(self.tr("Host a table"))
        self.address_button = QPushButton(self.tr("Join by address"))
        self.host_button.clicked.connect(self.host_requested)
        self.address_button.clicked.connect(self.join_by_address_requested)

        # Zoomed, the two buttons stack, so the lobby still fits a 1024-pixel-wide screen.
        buttons = QBoxLayout(
            QBoxLayout.Direction.TopToBottom if t.zoom > 1.2 else QBoxLayout.Direction.LeftToRight
        )
        if t.zoom <= 1.2:
            buttons.addStretch(1)
        buttons.addWidget(self.host_button)
        buttons.addWidget(self.address_button)
        column = QVBoxLayout(self)
        column.setContentsMargins(t.px(14), t.px(12), t.px(14), t.px(12))
        column.addWidget(self.title)
        column.addWidget(self.list, 1)
        column.addLayout(buttons)

        self.hint_timer = QTimer(self)
        self.hint_timer.setSingleShot(True)
        self.hint_timer.setInterval(hint_delay_ms)
        self.hint_timer.timeout.connect(self._refresh_hint)
        self.unavailable_reason: str | None = None
        self.searching = False
        self.journals: Path | None = None
        """Where this laptop keeps its tables' journals, once the network is up (a found
        table it sat at may be joined again)."""

    @shows(TableFound, TableUpdated)
    def _found(self, event: TableFound | TableUpdated) -> None:
        from net.limits import PROTOCOL_VERSION

        self.add_or_update(listing_from_net(event.listing, PROTOCOL_VERSION, self.journals))

    @shows(TableLost)
    def _lost(self, event: TableLost) -> None:
        self.remove(event.service)

    def start_searching(self) -> None:
        self.searching = True
        self.unavailable_reason = None
        self.hint_timer.start()
        self._refresh_hint()

    def set_unavailable(self, reason: str) -> None:
        """The network cannot be used now: say why, keep Join by address for a retry."""
        self.searching = False
        self.unavailable_reason = reason
        self.hint_timer.stop()
        self._refresh_hint()

    def add_or_update(self, table: TableListing) -> None:
        """List `table`; the same table announced by another laptop (its game moved there when
        the host went, and the gone host said no goodbye) is listed once, where it is now."""
        if table.table_id:
            for key, listed in list(self.tables.items()):
                if listed.table_id == table.table_id and key != table.key:
                    del self.tables[key]
        self.tables[table.key] = table
        self._rebuild()
        self.tables_changed.emit()

    def set_given_away(self, table_ids: frozenset[str]) -> None:
        """The tables whose game went on without this laptop (ids, hex)."""
        if table_ids != self.given_away:
            self.given_away = table_ids
            self._rebuild()

    def set_my_tables(self, table_ids: frozenset[str]) -> None:
        """The tables this laptop still holds a seat at, by id (hex)."""
        if table_ids != self.my_tables:
            self.my_tables = table_ids
            self._rebuild()

    def sitting_at(self, table: TableListing) -> bool:
        """This laptop holds a seat at `table` (it may rejoin it with no code)."""
        return bool(table.table_id) and table.table_id in self.my_tables

    def remove(self, key: str) -> None:
        if self.tables.pop(key, None) is not None:
            self._rebuild()
            self.tables_changed.emit()

    def hint_text(self) -> str:
        return self.hint.text()

    def rows(self) -> list[TableRow]:
        """The rows shown, top to bottom."""
        found = []
        for index in range(self.rows_layout.count()):
            item = self.rows_layout.itemAt(index)
            widget = item.widget() if item is not None else None
            if isinstance(widget, TableRow):
                found.append(widget)
        return found

    def _rebuild(self) -> None:
        for row in self.rows():
            self.rows_layout.removeWidget(row)
            row.hide()  # gone from the screen now, freed when Qt gets round to it
            row.deleteLater()
        joinable_first = sorted(
            self.tables.values(),
            key=lambda tl: (
                not self.sitting_at(tl),
                why_not_joinable(tl) is not None,
                tl.host_name.lower(),
                tl.key,
            ),
        )
        for position, table in enumerate(joinable_first):  # the hint stays last
            away = bool(table.table_id) and table.table_id in self.given_away
            row = TableRow(table, sitting=self.sitting_at(table), given_away=away)
            row.join_requested.connect(self.join_requested)
            row.watch_requested.connect(self.watch_requested)
            self.rows_layout.insertWidget(position, row)
        self._refresh_hint()

    def _refresh_hint(self) -> None:
        # Large when the list is empty and the hint is all there is to read; small under tables.
        role = theme.FontRole.BODY if self.tables else theme.FontRole.HEADING
        self.hint.setFont(theme.current().font(role))
        if self.unavailable_reason is not None:
            self.hint.setText(self.unavailable_reason)
        elif self.tables:
            self.hint.setText(self.tr("%n table(s) found.", "", len(self.tables)))
        elif self.searching and self.hint_timer.isActive():
            self.hint.setText(self.tr("Looking for tables…"))
        else:
            self.hint.setText(
                self.tr(
                    "No tables found yet. Guest Wi-Fi and some firewalls stop laptops from "
                    "finding each other. Ask the host for the address shown on their screen "
                    "and use Join by address."
                )
            )
