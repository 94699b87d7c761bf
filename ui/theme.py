"""The look of lanpurr: palette, fonts, zoom and animation speed, in one place.

Every widget asks this module for colours and sizes instead of hard-coding them, so the zoom
setting and colour-blind mode reach the whole app. `current()` is the theme in force;
`notifier().changed` fires when settings change it, so views can repaint.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication


@dataclass(frozen=True)
class Palette:
    """Named colours, as hex strings so they can go into style sheets and QColor alike."""

    felt: str = "#1f5c58"
    """The table surface: deep teal felt."""
    felt_dark: str = "#143f3c"
    felt_light: str = "#2c7670"
    wood: str = "#8a5a36"
    """Frames and the lobby's side panel: warm wood."""
    wood_dark: str = "#5e3b22"
    cream: str = "#fbf4e4"
    """Card faces and panels."""
    paper: str = "#f3e9d2"
    ink: str = "#2b2420"
    """Text on cream."""
    ink_soft: str = "#6b5e54"
    text_on_felt: str = "#f6efe0"
    text_on_felt_soft: str = "#bcd6cf"
    accent: str = "#f2a33a"
    """The one accent colour: "your move", the default button, the focus ring."""
    accent_dark: str = "#c9791a"
    good: str = "#4f9d5b"
    warning: str = "#d9822b"
    danger: str = "#c4453c"

    # Colour-blind safe series (Okabe and Ito's eight colours, minus black), for anything
    # that must be told apart by colour; symbols or patterns always come with them.
    series: tuple[str, ...] = (
        "#e69f00",
        "#56b4e9",
        "#009e73",
        "#f0e442",
        "#0072b2",
        "#d55e00",
        "#cc79a7",
    )


class FontRole(Enum):
    """What a piece of text is for; the size follows from the role and the zoom."""

    DISPLAY = "display"  # the app name, round results
    TITLE = "title"  # a screen or dialog title
    HEADING = "heading"  # a section of a screen, a player's name at a table
    BODY = "body"
    SMALL = "small"  # hints, status bar
    NUMBER = "number"  # card values, scores, counts: big and bold


# Point sizes at zoom 1.0. Laptops sit at arm's length, so the body text is larger than Qt's 9pt.
_POINT_SIZES = {
    FontRole.DISPLAY: 28.0,
    FontRole.TITLE: 20.0,
    FontRole.HEADING: 15.0,
    FontRole.BODY: 12.0,
    FontRole.SMALL: 10.5,
    FontRole.NUMBER: 18.0,
}
_BOLD = {FontRole.DISPLAY, FontRole.TITLE, FontRole.HEADING, FontRole.NUMBER}

ICON_DIR = Path(__file__).resolve().parent / "art" / "icons"
"""Small SVG marks the style sheet uses: arrows of combo and spin boxes, the check mark."""

ZOOM_STEPS = (0.8, 0.9, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0)
"""The zoom levels offered in settings."""

ANIMATION_SPEEDS = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.8}
"""Animation speed setting -> factor applied to every duration (0 means no animation)."""


@dataclass(frozen=True)
class Theme:
    palette: Palette = Palette()
    zoom: float = 1.0
    colour_blind: bool = False
    """Strengthen symbols and patterns so colour is never needed to tell things apart."""
    animation_speed: str = "normal"

    def px(self, pixels: float) -> int:
        """A length in device-independent pixels, scaled by the zoom."""
        return max(1, round(pixels * self.zoom))

    def font(self, role: FontRole = FontRole.BODY) -> QFont:
        font = QFont()
        font.setPointSizeF(_POINT_SIZES[role] * self.zoom)
        if role in _BOLD:
            font.setWeight(QFont.Weight.DemiBold if role is FontRole.HEADING else QFont.Weight.Bold)
        return font

    def duration_ms(self, base_ms: int) -> int:
        """How long an animation of `base_ms` at normal speed lasts now (0: skip it)."""
        return round(base_ms * ANIMATION_SPEEDS.get(self.animation_speed, 1.0))

    def color(self, name: str) -> QColor:
        """A palette colour by field name, e.g. `theme.color("accent")`."""
        value = getattr(self.palette, name)
        if not isinstance(value, str):
            raise ValueError(f"{name!r} is not a single colour of the palette")
        return QColor(value)


class _Notifier(QObject):
    changed = Signal(object)
    """Carries the new Theme."""


_current = Theme()
_notifier: _Notifier | None = None


def current() -> Theme:
    """The theme in force."""
    return _current


def notifier() -> _Notifier:
    """The object whose `changed(Theme)` signal fires when the theme changes."""
    global _notifier
    if _notifier is None:
        _notifier = _Notifier()
    return _notifier


def set_theme(theme: Theme) -> None:
    """Put `theme` in force, restyle the running application and tell every listener."""
    global _current
    _current = theme
    app = QApplication.instance()
    if isinstance(app, QApplication):
        apply_to_app(app, theme)
    notifier().changed.emit(theme)


def update(**changes: object) -> Theme:
    """Change some fields of the current theme, e.g. `update(zoom=1.3)`."""
    theme = replace(_current, **changes)  # type: ignore[arg-type]
    set_theme(theme)
    return theme


def qpalette(theme: Theme) -> QPalette:
    p = theme.palette
    pal = QPalette()
    roles = QPalette.ColorRole
    pal.setColor(roles.Window, QColor(p.paper))
    pal.setColor(roles.WindowText, QColor(p.ink))
    pal.setColor(roles.Base, QColor(p.cream))
    pal.setColor(roles.AlternateBase, QColor(p.paper))
    pal.setColor(roles.Text, QColor(p.ink))
    pal.setColor(roles.PlaceholderText, QColor(p.ink_soft))
    pal.setColor(roles.Button, QColor(p.cream))
    pal.setColor(roles.ButtonText, QColor(p.ink))
    pal.setColor(roles.Highlight, QColor(p.accent))
    pal.setColor(roles.HighlightedText, QColor(p.ink))
    pal.setColor(roles.ToolTipBase, QColor(p.cream))
    pal.setColor(roles.ToolTipText, QColor(p.ink))
    pal.setColor(roles.Link, QColor(p.felt))
    return pal


def style_sheet(theme: Theme) -> str:
    """The app-wide style sheet: rounded buttons, the accent for default buttons and focus."""
    p = theme.palette
    radius = theme.px(8)
    pad_v, pad_h = theme.px(6), theme.px(14)
    # Arrows and check marks are drawn at the zoom like everything else.
    icons = ICON_DIR.as_posix()
    arrow, arrow_w, box = theme.px(12), theme.px(24), theme.px(18)
    return f"""
QPushButton {{
    background: {p.cream}; color: {p.ink}; border: {theme.px(1)}px solid {p.ink_soft};
    border-radius: {radius}px; padding: {pad_v}px {pad_h}px;
}}
QPushButton:hover {{ background: #ffffff; }}
QPushButton:focus {{ border: {theme.px(2)}px solid {p.accent_dark}; }}
QPushButton:default, QPushButton[accent="true"] {{
    background: {p.accent}; border-color: {p.accent_dark};
}}
QPushButton:disabled {{ color: {p.ink_soft}; background: {p.paper}; }}
QLineEdit, QComboBox, QSpinBox {{
    background: {p.cream}; border: {theme.px(1)}px solid {p.ink_soft};
    border-radius: {theme.px(5)}px; padding: {theme.px(4)}px;
}}
QLineEdit:focus, QComboBox:focus, QSpinBox:focus {{ border: {theme.px(2)}px solid {p.accent}; }}
QToolTip {{ background: {p.cream}; color: {p.ink}; border: 1px solid {p.ink_soft}; }}
QDialogButtonBox {{ dialogbuttonbox-buttons-have-icons: 0; }}
QComboBox {{ padding-right: {arrow_w + theme.px(4)}px; }}
QComboBox::drop-down {{
    subcontrol-origin: padding; subcontrol-position: center right; width: {arrow_w}px;
    border: none; border-left: {theme.px(1)}px solid {p.paper};
}}
QComboBox::down-arrow {{
    image: url({icons}/chevron-down.svg); width: {arrow}px; height: {arrow}px;
}}
QComboBox QAbstractItemView {{
    background: {p.cream}; color: {p.ink}; selection-background-color: {p.accent};
}}
QSpinBox {{ padding-right: {arrow_w + theme.px(4)}px; }}
QSpinBox::up-button, QSpinBox::down-button {{
    subcontrol-origin: border; width: {arrow_w}px; border: none;
    border-left: {theme.px(1)}px solid {p.ink_soft}; background: {p.paper};
}}
QSpinBox::up-button {{ subcontrol-position: top right; border-top-right-radius: {theme.px(5)}px; }}
QSpinBox::down-button {{
    subcontrol-position: bottom right; border-bottom-right-radius: {theme.px(5)}px;
}}
QSpinBox::up-button:hover, QSpinBox::down-button:hover {{ background: {p.accent}; }}
QSpinBox::up-arrow {{ image: url({icons}/chevron-up.svg); width: {arrow}px; height: {arrow}px; }}
QSpinBox::down-arrow {{
    image: url({icons}/chevron-down.svg); width: {arrow}px; height: {arrow}px;
}}
QCheckBox {{ spacing: {theme.px(8)}px; }}
QCheckBox::indicator {{
    width: {box}px; height: {box}px; border: {theme.px(1)}px solid {p.ink_soft};
    border-radius: {theme.px(4)}px; background: {p.cream};
}}
QCheckBox::indicator:checked {{
    background: {p.accent}; border-color: {p.accent_dark}; image: url({icons}/check.svg);
}}
QCheckBox::indicator:focus {{ border: {theme.px(2)}px solid {p.accent_dark}; }}
"""


def apply_to_app(app: QApplication, theme: Theme) -> None:
    app.setPalette(qpalette(theme))
    app.setFont(theme.font(FontRole.BODY))
    app.setStyleSheet(style_sheet(theme))
