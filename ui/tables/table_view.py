"""The game's table as a widget: it feeds on TableUpdates, animates them, and resolves clicks.

`TableView` is the base of the three game views. It plays each update's events one after the
other (`ui.tables.animation`), says each in words for the move log, and hands the game's view
the hooks it fills in: how long an event shows, what changes as it starts and once the update
is over, the banner, what a click does, and `paint_table`. While painting it records the
rectangle of every piece a player can click (`ui.tables.canvas`); mouse clicks and the keyboard
are resolved against those rectangles, and tests find cards and buttons with the same
`rect_of(key)`. Over the game it draws the caption of the moving event, a refusal's notice, the
keys help and the results (`ui.tables.panels`).
"""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from PySide6.QtCore import QEvent, QRectF, Qt, Signal
from PySide6.QtGui import QImage, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from lanpurr.core.game import Event
from ui import theme
from ui.tables import panels
from ui.tables.animation import Animator, Step
from ui.tables.canvas import Key, TableCanvas
from ui.tables.refusals import said_to_player
from ui.tables.source import TableSource, TableStep, TableUpdate


class TableView(TableCanvas):
    """Base of the three game views: feeds on TableUpdates, animates them, resolves clicks."""

    banner_changed = Signal()
    leave_requested = Signal()
    play_again_requested = Signal()
    logged = Signal(str)
    """A line for the move log: what just happened, in words."""
    watching = False
    """Someone at no seat watches this table (ui/tables/watching.py): nothing to press."""
    event_shown = Signal(object)
    """An event has just been shown (its sound plays now: ui.sound.table_sounds)."""

    @property
    def me(self) -> int:
        """The seat the table's words call "you": the seat drawn nearest, but on a watcher's
        table (ui/tables/watching.py), which is nobody's."""
        return self.seat

    def __init__(self, source: TableSource, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.source = source
        self.game = source.game
        self.seat = source.seat
        """The seat drawn nearest, at the bottom of the table."""
        self.names = source.names
        self.state: Any = source.current_view()
        self.animator = Animator(self)
        self.animator.frame.connect(self.update)
        self.animator.idle.connect(self._settled)
        self.notice = ""
        """A message for the player (a refused action), shown until the next click."""
        self.focus_key: Key | None = None
        """The piece the keyboard points at (arrows move it, Space or Enter clicks it)."""
        self.moving: Event | None = None
        """The event being animated, if any."""
        self.outcome: Any = None
        """The view once the update being played is over: a later step may show the faces of
        cards this one moved (the cards a swap brought me)."""
        self.keys_help = False
        """The overlay listing the keys is shown."""
        self.can_play_again = True
        """Whether this player may start another game here (at a network table, the host)."""
        self.guide: Any = None
        """The Learn-to-play guide's hints (`ui.tables.guide.Guide`), if on."""
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        theme.notifier().changed.connect(self._theme_changed)

    # -- updates -----------------------------------------------------------------------------

    def receive(self, update: TableUpdate) -> None:
        final = update.view
        for step in update.steps:
            self.animator.add(Step(self.duration_of(step.event), self._shower(step, final)))
        self.animator.add(Step(0, lambda: self._show_final(final)))

    def _shower(self, step: TableStep, final: Any) -> Callable[[], None]:
        return lambda: self._show(step, final)

    def _show(self, step: TableStep, final: Any = None) -> None:
        self.outcome = final
        self.moving = step.event
        self.before_event(step.event)
        self.state = step.view
        line = self.describe(step.event)
        if line:
            self.logged.emit(line)
        self.event_shown.emit(step.event)
        self.banner_changed.emit()

    def _show_final(self, view: Any) -> None:
        self.moving = None
        self.state = view
        self.after_update()
        self.banner_changed.emit()

    @contextmanager
    def as_settled(self) -> Iterator[None]:
        """Within it, `state` is the view as it stands once the update being played is over.
        What the player is asked to do next (the banner, a game's action buttons) is said from
        it, not from a moment in between (a 4+4's discard before its gift): a click jumps to
        that end anyway."""
        before = self.state
        if self.moving is not None and self.outcome is not None:
            self.state = self.outcome
        try:
            yield
        finally:
            self.state = before

    def _settled(self) -> None:
        self.moving = None
        self.update()

    def _theme_changed(self, _theme: object) -> None:
        self.update()

    def busy(self) -> bool:
        return self.animator.busy()

    def duration_of(self, event: Event) -> int:
        """Base duration of an event's animation in ms (0: no animation)."""
        return 0

    def before_event(self, event: Event) -> None:
        """Called as an event starts to play, before the state changes to after it."""

    def after_update(self) -> None:
        """Called when an update has fully played: reset selections that no longer apply."""

    def caption_rect(self, said: str) -> QRectF:
        """Where the moving event's caption `said` goes: across the middle of the table, unless
        the game knows a place that covers less of it."""
        return panels.caption_rect(self)

    def describe(self, event: Event) -> str | None:
        """The event in words for the move log and the caption of its animation (None: not
        worth a line)."""
        return None

    def score_history(self) -> tuple[list[str], list[tuple[str, list[str]]]]:
        """(column headers, rows of (player, cells)) for the scores of every round so far."""
        return [], []

    def game_over(self) -> bool:
        try:
            return bool(self.game.is_over(self.state))
        except (AttributeError, TypeError):
            return False

    def toggle_keys_help(self) -> None:
        self.keys_help = not self.keys_help
        if self.keys_help:
            self.setFocus()  # (from the Keys button too: Esc then closes the help)
        self.update()

    def keys_help_lines(self) -> list[tuple[str, str]]:
        """(keys, what they do) for the keyboard overlay; views add their own."""
        return [
            (self.tr("← → ↑ ↓"), self.tr("move between the cards and buttons you may use")),
            (self.tr("Space / Enter"), self.tr("click the card or button in the ring")),
            (self.tr("Esc"), self.tr("clear your choice; close this help")),
            (self.tr("Tab"), self.tr("reach the Rules, Moves and Leave buttons")),
            ("?", self.tr("show or hide this help")),
        ]

    def banner(self) -> tuple[str, str, bool]:
        """(whose turn, what I am expected to do, is it up to me)."""
        return "", "", False

    def act(self, action: Any) -> bool:
        refused = self.source.submit(action)
        # The engine's reason is English, for the log; the player reads it in their language.
        self.notice = said_to_player(refused) if refused else ""
        self.update()
        return refused is None

    # -- hit-testing -------------------------------------------------------------------------

    def rect_of(self, key: Key) -> QRectF | None:
        """Where the piece `key` is drawn now, in widget coordinates (None if it is not on the
        table)."""
        self._layout()
        z = self.zoom()
        for rect, k in reversed(self.regions):
            if k == key:
                return QRectF(rect.x() * z, rect.y() * z, rect.width() * z, rect.height() * z)
        return None

    def clickable(self) -> list[Key]:
        """Every clickable piece on the table now."""
        self._layout()
        return [k for _, k in self.regions]

    def _layout(self) -> None:
        size = self.size()
        image = QImage(max(1, size.width()), max(1, size.height()), QImage.Format.Format_ARGB32)
        painter = QPainter(image)
        self._paint(painter)
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        # A click always does what it points at: a running animation jumps to its end first,
        # and the click lands on the table as it is then.
        if self.animator.busy():
            self.animator.skip()
            self._layout()
        key = self.key_at(self.to_table(event.position()))
        self.notice = ""
        if key is not None:
            self.click(key)
        self.update()

    def click(self, key: Key) -> None:
        """A click on `key`, by mouse or keyboard: the guide's own buttons, else the game's."""
        if isinstance(key, tuple) and key[:1] == ("guide",):
            if self.guide is not None:
                self.guide.pressed(key[1])
            return
        guide = self.guide
        self.clicked(key)
        if guide is not None:
            guide.clicked(key)

    def clicked(self, key: Key) -> None:
        """A clickable piece was clicked."""

    def event(self, event: QEvent) -> bool:
        """Esc closes the keyboard help before any game's own use of Esc (letting go of the
        selected cards) sees it."""
        if (
            getattr(self, "keys_help", False)  # (events come before __init__ is done)
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Escape
        ):
            self.keys_help = False
            self.update()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Arrows move a focus ring over the clickable pieces; Space or Enter clicks it."""
        key = event.key()
        if key == Qt.Key.Key_Question or event.text() == "?":
            self.toggle_keys_help()
            return
        if key == Qt.Key.Key_Escape and self.keys_help:
            self.keys_help = False
            self.update()
            return
        keys = self.clickable()
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Up, Qt.Key.Key_Right, Qt.Key.Key_Down) and keys:
            step = -1 if key in (Qt.Key.Key_Left, Qt.Key.Key_Up) else 1
            at = keys.index(self.focus_key) if self.focus_key in keys else (-1 if step > 0 else 0)
            self.focus_key = keys[(at + step) % len(keys)]
            self.update()
        elif key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if self.animator.busy():
                self.animator.skip()
                keys = self.clickable()
            if self.focus_key in keys:
                self.notice = ""
                self.click(self.focus_key)
            self.update()
        else:
            super().keyPressEvent(event)

    # -- painting ----------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        self._paint(painter)
        painter.end()

    def _paint(self, p: QPainter) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        p.scale(self.zoom(), self.zoom())
        self.regions = []
        self.texts = []
        self.paint_felt(p)
        self.paint_table(p)
        if self.moving is not None and self.animator.busy():
            said = self.describe(self.moving)
            if said:
                panels.paint_caption(self, p, said, self.caption_rect(said))
        if self.guide is not None:
            self.guide.paint(p)
        focused = next((r for r, k in self.regions if k == self.focus_key), None)
        if focused is not None and self.hasFocus():
            p.save()
            p.setPen(QPen(theme.current().color("accent"), 3, Qt.PenStyle.DotLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(focused.adjusted(-4, -4, 4, 4), 8, 8)
            p.restore()
        if self.notice:
            panels.paint_notice(self, p, self.notice)
        if self.keys_help:
            panels.paint_keys_help(self, p, self.tr("Keys"), self.keys_help_lines())

    def paint_table(self, p: QPainter) -> None:
        """Draw the game; register clickable pieces with `region`."""

    def results_layout(
        self, title: str, rows: int, footer: str
    ) -> tuple[QRectF, float, float, float]:
        """Where a result panel sits and how its rows are spaced (`panels.results_layout`)."""
        return panels.results_layout(self, title, rows, footer)

    def paint_results(
        self,
        p: QPainter,
        title: str,
        lines: list[tuple[str, str, bool]],
        footer: str = "",
        buttons: tuple[tuple[str, Key], ...] = (),
    ) -> None:
        """A result panel in the middle: a title, rows (name, figure, highlighted) and buttons.

        At a table where only the host starts another game, a guest is shown "Waiting for the
        host…" in place of Play again."""
        waiting = None if self.can_play_again else self.tr("Waiting for the host…")
        panels.paint_results(self, p, title, lines, footer, buttons, waiting)
