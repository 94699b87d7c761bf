"""The table every game view is drawn on: felt, seats around an oval, drawn buttons, hit-testing.

A view paints itself and, while painting, records the rectangle of every piece a player can
click (`regions`). Clicks are resolved against those rectangles, and tests find cards and buttons
with the same `rect_of(key)` the mouse handling uses.
"""

import math
from collections.abc import Callable, Hashable
from typing import Any

from PySide6.QtCore import QEvent, QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QRadialGradient,
)
from PySide6.QtWidgets import QWidget

from lanpurr.core.game import Event
from ui import theme
from ui.art.cache import draw_cached
from ui.tables.animation import Animator, Step
from ui.tables.refusals import said_to_player
from ui.tables.source import TableSource, TableStep, TableUpdate

Key = Hashable


def seat_angle(seat: int, me: int, players: int) -> float:
    """Where a seat sits on the oval, in degrees on screen (y down): me at the bottom (90°) and
    the others clockwise in seat order, so seat s+1 is on my left (M-3.1)."""
    return 90.0 + 360.0 * ((seat - me) % players) / players


def opponent_angle(seat: int, me: int, players: int) -> float:
    """Like `seat_angle`, but the others spread over the upper arc only (from my left round to
    my right), leaving the bottom of the table to my own hand."""
    others = players - 1
    i = (seat - me) % players
    if others == 1:
        return 270.0
    return 180.0 + 180.0 * (i - 1) / (others - 1)


def on_oval(rect: QRectF, degrees: float) -> QPointF:
    a = math.radians(degrees)
    return QPointF(
        rect.center().x() + rect.width() / 2 * math.cos(a),
        rect.center().y() + rect.height() / 2 * math.sin(a),
    )


MIN_TEXT_PX = 13.0
"""Text on the table never gets smaller than this (before zoom): it wraps instead."""


def text_fits(rect: QRectF, text: str, font: Any, wrap: bool) -> bool:
    """Whether `text` in `font` fits inside `rect` (wrapping at word boundaries if `wrap`)."""
    metrics = QFontMetricsF(font)
    flags = int(Qt.TextFlag.TextWordWrap) if wrap else 0
    bound = metrics.boundingRect(QRectF(0, 0, rect.width(), 100000), flags, text)
    return bound.width() <= rect.width() + 0.5 and bound.height() <= rect.height() + 0.5


def fit_name(name: str, font: Any, width: float) -> str:
    """`name` shortened with "…" to `width` in `font` (whole if it fits)."""
    metrics = QFontMetricsF(font)
    return str(metrics.elidedText(name, Qt.TextElideMode.ElideRight, max(0.0, width)))


def button_font(rect: QRectF, text: str) -> tuple[Any, bool]:
    """The font for a drawn button and whether its text wraps: the largest size up to the normal
    one at which the text fits on one line, else two lines, never below MIN_TEXT_PX."""
    inner = rect.adjusted(8, 2, -8, -2)
    px = min(18.0, rect.height() * 0.42)
    while px >= MIN_TEXT_PX:
        font = table_font(theme.FontRole.HEADING, px)
        if text_fits(inner, text, font, False):
            return font, False
        if text_fits(inner, text, font, True):
            return font, True
        px -= 1
    return table_font(theme.FontRole.HEADING, MIN_TEXT_PX), True


def font_px(role: theme.FontRole, px: float, zoom: float | None = None) -> Any:
    """A font of `role`'s weight at `px` logical pixels scaled by `zoom` (the zoom setting if
    None). The tables draw through a painter scaled by the zoom, so they pass 1."""
    font = theme.current().font(role)
    font.setPixelSize(max(1, round(px * (theme.current().zoom if zoom is None else zoom))))
    return font


def table_font(role: theme.FontRole, px: float) -> Any:
    """A font for drawing on a table (whose painter already carries the zoom)."""
    return font_px(role, px, 1.0)


class TableView(QWidget):
    """Base of the three game views: feeds on TableUpdates, animates them, resolves clicks."""

    banner_changed = Signal()
    leave_requested = Signal()
    play_again_requested = Signal()
    logged = Signal(str)
    watching = False
    """Someone at no seat watches this table (ui/tables/watching.py): nothing to press."""
    """A line for the move log: what just happened, in words."""
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
        self.regions: list[tuple[QRectF, Key]] = []
        self.notice = ""
        """A message for the player (a refused action), shown until the next click."""
        self.focus_key: Key | None = None
        """The piece the keyboard points at (arrows move it, Space or Enter clicks it)."""
        self.moving: Event | None = None
        self.outcome: Any = None
        """The view once the update being played is over: a later step may show the faces of
        cards this one moved (the cards a swap brought me)."""
        """The event being animated, if any."""
        self.keys_help = False
        """The overlay listing the keys is shown."""
        self.can_play_again = True
        """Whether this player may start another game here (at a network table, the host)."""
        self.guide: Any = None
        """The Learn-to-play guide's hints (`ui.tables.tutorial.Guide`), if on."""
        self.texts: list[tuple[QRectF, str, Any, bool]] = []
        """Every text painted last time: (rectangle, text, font, wraps), so tests can check that
        each one fits its rectangle."""
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        # Small enough for a 1024×600 screen once the banner and the window frame are counted.
        self.setMinimumSize(QSize(560, 380))
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

    # -- zoom --------------------------------------------------------------------------------
    #
    # A table is laid out on a canvas of `width()` × `height()` table pixels and painted through
    # a painter scaled by the zoom, so zooming makes everything bigger together (text, cards,
    # gaps) and a layout that fits a small window fits a zoomed one the same way.

    ROOM = (900.0, 470.0)
    """The canvas (table pixels) the tables are laid out comfortably on: a zoom that would leave
    less is lowered as far as needed (never below 100 %), so a zoomed table on a small screen
    still has its seats, hand and buttons apart."""

    def zoom(self) -> float:
        wanted = theme.current().zoom
        if wanted <= 1.0:
            return wanted
        room = min(QWidget.width(self) / self.ROOM[0], QWidget.height(self) / self.ROOM[1])
        return max(1.0, min(wanted, room))

    def width(self) -> int:
        return max(1, round(super().width() / self.zoom()))

    def height(self) -> int:
        return max(1, round(super().height() / self.zoom()))

    def rect(self) -> QRect:
        return QRect(0, 0, self.width(), self.height())

    def to_table(self, pos: QPointF) -> QPointF:
        """A point of the widget (mouse events) on the table's canvas."""
        return QPointF(pos.x() / self.zoom(), pos.y() / self.zoom())

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

    def key_at(self, pos: QPointF) -> Key | None:
        """The piece under `pos`, a point on the table's canvas (see `to_table`)."""
        for rect, key in reversed(self.regions):
            if rect.contains(pos):
                return key
        return None

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
        self.paint_caption(p)
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
            self.paint_notice(p, self.notice)
        if self.keys_help:
            self.paint_keys_help(p)

    def caption_rect(self) -> QRectF:
        """Where the moving event is said in words while it animates."""
        w = min(self.width() * 0.6, 620.0)
        h = 34.0
        return QRectF((self.width() - w) / 2, self.height() * 0.5 - h / 2, w, h)

    def paint_caption(self, p: QPainter) -> None:
        """The animation says what happens, in the same words as the move log."""
        if self.moving is None or not self.animator.busy():
            return
        text = self.describe(self.moving)
        if not text:
            return
        t = theme.current()
        rect = self.caption_rect()
        font = table_font(theme.FontRole.BODY, 15)
        height = (
            QFontMetricsF(font)
            .boundingRect(rect.adjusted(12, 0, -12, 0), int(Qt.TextFlag.TextWordWrap), text)
            .height()
        )
        rect.setHeight(max(rect.height(), height + 10))
        p.save()
        p.setPen(Qt.PenStyle.NoPen)
        colour = QColor(t.palette.ink)
        colour.setAlpha(200)
        p.setBrush(QBrush(colour))
        p.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
        p.restore()
        self.label(p, rect.adjusted(12, 0, -12, 0), text, px=15, colour=t.color("cream"))

    def paint_keys_help(self, p: QPainter) -> None:
        t = theme.current()
        lines = self.keys_help_lines()
        z = 1.0
        w = min(self.width() - 40.0, 640.0 * z)
        row = 30.0 * z
        h = 70 * z + row * len(lines)
        rect = QRectF((self.width() - w) / 2, (self.height() - h) / 2, w, h)
        p.save()
        p.setPen(QPen(t.color("accent"), 3))
        p.setBrush(QBrush(t.color("cream")))
        p.drawRoundedRect(rect, 14, 14)
        p.restore()
        ink = t.color("ink")
        self.label(
            p,
            QRectF(rect.left(), rect.top() + 8, w, 40 * z),
            self.tr("Keys"),
            px=22,
            role=theme.FontRole.TITLE,
            colour=ink,
        )
        y = rect.top() + 54 * z
        key_w = min(190.0 * z, w * 0.35)
        for keys, what in lines:
            self.label(
                p,
                QRectF(rect.left() + 16, y, key_w, row),
                keys,
                px=15,
                role=theme.FontRole.HEADING,
                colour=ink,
                align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            )
            self.label(
                p,
                QRectF(rect.left() + 24 + key_w, y, w - key_w - 40, row),
                what,
                px=14,
                colour=ink,
                align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            )
            y += row

    def paint_table(self, p: QPainter) -> None:
        """Draw the game; register clickable pieces with `region`."""

    def region(self, rect: QRectF, key: Key) -> None:
        self.regions.append((QRectF(rect), key))

    def paint_felt(self, p: QPainter) -> None:
        t = theme.current()
        key = ("felt", t.palette.felt, t.palette.felt_light, t.palette.felt_dark, t.palette.wood)
        draw_cached(p, QRectF(self.rect()), key, self._paint_felt)

    def _paint_felt(self, p: QPainter, r: QRectF) -> None:
        t = theme.current()
        p.fillRect(r, t.color("felt_dark"))
        oval = r.adjusted(
            r.width() * 0.03, r.height() * 0.04, -r.width() * 0.03, -r.height() * 0.04
        )
        gradient = QRadialGradient(oval.center(), max(oval.width(), oval.height()) / 2)
        gradient.setColorAt(0, t.color("felt_light"))
        gradient.setColorAt(1, t.color("felt"))
        p.setPen(QPen(t.color("wood"), 10))
        p.setBrush(QBrush(gradient))
        p.drawRoundedRect(oval, oval.height() * 0.35, oval.height() * 0.35)

    def button(
        self,
        p: QPainter,
        rect: QRectF,
        text: str,
        key: Key,
        *,
        enabled: bool = True,
        accent: bool = False,
    ) -> None:
        """A button drawn on the table (registered for clicks only when enabled)."""
        t = theme.current()
        p.save()
        fill = t.color("accent") if accent and enabled else t.color("cream")
        if not enabled:
            fill = QColor(t.palette.paper)
            fill.setAlpha(150)
        p.setPen(QPen(t.color("accent_dark") if accent else t.color("ink_soft"), 2))
        p.setBrush(QBrush(fill))
        p.drawRoundedRect(rect, 10, 10)
        p.setPen(t.color("ink") if enabled else t.color("ink_soft"))
        font, wrap = button_font(rect, text)
        inner = rect.adjusted(8, 2, -8, -2)
        flags = int(Qt.AlignmentFlag.AlignCenter | (Qt.TextFlag.TextWordWrap if wrap else 0))
        p.setFont(font)
        p.drawText(inner, flags, text)
        self.texts.append((inner, text, font, wrap))
        p.restore()
        if enabled:
            self.region(rect, key)

    def label(
        self,
        p: QPainter,
        rect: QRectF,
        text: str,
        *,
        px: float = 15,
        role: theme.FontRole = theme.FontRole.BODY,
        colour: QColor | None = None,
        align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter,
    ) -> None:
        p.save()
        p.setPen(colour or theme.current().color("text_on_felt"))
        font = table_font(role, px)
        p.setFont(font)
        p.drawText(rect, int(align | Qt.TextFlag.TextWordWrap), text)
        self.texts.append((QRectF(rect), text, font, True))
        p.restore()

    def name(
        self,
        p: QPainter,
        rect: QRectF,
        name: str,
        *,
        px: float = 16,
        role: theme.FontRole = theme.FontRole.HEADING,
        align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter,
        leave: str = "",
        leave_px: float = 14,
        leave_role: theme.FontRole = theme.FontRole.BODY,
    ) -> None:
        """A player's name on one line, shortened with "…" where it does not fit (long names
        never wrap out of their panel nor run into the points); `leave`: text drawn at the
        right of the same rectangle (the points), whose room the name leaves free. A
        right-to-left name is aligned like any other."""
        room = QRectF(rect)
        if leave:
            taken = QFontMetricsF(table_font(leave_role, leave_px)).horizontalAdvance(leave)
            room.setRight(rect.right() - taken - 8)
        font = table_font(role, px)
        shown = fit_name(name, font, room.width())
        p.save()
        p.setPen(theme.current().color("text_on_felt"))
        p.setFont(font)
        p.drawText(room, int(align | Qt.AlignmentFlag.AlignAbsolute), shown)
        self.texts.append((QRectF(room), shown, font, False))
        p.restore()

    @staticmethod
    def wrapped_height(
        width: float, text: str, px: float, role: theme.FontRole = theme.FontRole.BODY
    ) -> float:
        """The height `text` takes at `px` when wrapped in `width` table pixels."""
        metrics = QFontMetricsF(table_font(role, px))
        flags = int(Qt.TextFlag.TextWordWrap)
        return float(metrics.boundingRect(QRectF(0, 0, width, 100000), flags, text).height())

    def panel(self, p: QPainter, rect: QRectF, *, glow: bool = False) -> None:
        t = theme.current()
        p.save()
        p.setPen(QPen(t.color("accent") if glow else QColor(0, 0, 0, 60), 4 if glow else 1))
        colour = QColor(t.palette.felt_dark)
        colour.setAlpha(170)
        p.setBrush(QBrush(colour))
        p.drawRoundedRect(rect, 14, 14)
        p.restore()

    def paint_notice(self, p: QPainter, text: str) -> None:
        t = theme.current()
        w = min(self.width() * 0.7, 760.0)
        rect = QRectF((self.width() - w) / 2, self.height() * 0.42, w, 64)
        p.save()
        p.setPen(QPen(t.color("danger"), 3))
        p.setBrush(QBrush(t.color("cream")))
        p.drawRoundedRect(rect, 12, 12)
        p.restore()
        self.label(p, rect.adjusted(12, 4, -12, -4), text, px=15, colour=t.color("ink"))

    def results_layout(
        self, title: str, rows: int, footer: str
    ) -> tuple[QRectF, float, float, float]:
        """(panel, title height, row height, footer height) of a result panel that holds a
        wrapped title, `rows` rows and a footer, and never runs off the table: the rows get
        closer together (never under 24 px) before the panel grows past the table."""
        w = min(self.width() * 0.8, 620.0)
        title_h = max(40.0, self.wrapped_height(w - 40, title, 26, theme.FontRole.TITLE) + 8)
        footer_h = self.wrapped_height(w - 40, footer, 15) + 8 if footer else 0.0
        fixed = 14 + title_h + 12 + footer_h + 12 + 46 + 14
        room = self.height() - 12 - fixed
        row_h = max(24.0, min(34.0, room / max(1, rows)))
        h = fixed + row_h * rows
        top = max(6.0, (self.height() - h) / 2)
        return QRectF((self.width() - w) / 2, top, w, h), title_h, row_h, footer_h

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
        t = theme.current()
        rect, title_h, row_h, footer_h = self.results_layout(title, len(lines), footer)
        w = rect.width()
        p.save()
        p.setPen(QPen(t.color("accent"), 4))
        p.setBrush(QBrush(t.color("cream")))
        p.drawRoundedRect(rect, 18, 18)
        p.restore()
        ink = t.color("ink")
        self.label(
            p,
            QRectF(rect.left() + 20, rect.top() + 14, w - 40, title_h),
            title,
            px=26,
            role=theme.FontRole.TITLE,
            colour=ink,
        )
        y = rect.top() + 14 + title_h + 12
        px = 17.0 if row_h >= 30 else 15.0
        for name, figure, best in lines:
            row = QRectF(rect.left() + 30, y, w - 60, row_h - 4)
            if best:
                p.save()
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QBrush(t.color("accent")))
                p.drawRoundedRect(row, 8, 8)
                p.restore()
            self.label(
                p,
                row.adjusted(12, 0, 0, 0),
                name,
                px=px,
                colour=ink,
                align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            )
            self.label(
                p,
                row.adjusted(0, 0, -12, 0),
                figure,
                px=px,
                colour=ink,
                role=theme.FontRole.NUMBER,
                align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            )
            y += row_h
        if footer:
            self.label(p, QRectF(rect.left() + 20, y, w - 40, footer_h), footer, px=15, colour=ink)
            y += footer_h
        bw = min(220.0, (w - 40 - 16 * (len(buttons) - 1)) / max(1, len(buttons)))
        x = rect.center().x() - (len(buttons) * (bw + 16) - 16) / 2
        for text, key in buttons:
            again = key in (("button", "again"), ("again",))
            if again and not self.can_play_again:
                self.button(
                    p,
                    QRectF(x, y + 12, bw, 46),
                    self.tr("Waiting for the host…"),
                    key,
                    enabled=False,
                )
            else:
                self.button(p, QRectF(x, y + 12, bw, 46), text, key, accent=True)
            x += bw + 16
