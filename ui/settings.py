"""The player's settings: name, language, animation speed, bots' pace, colour-blind mode, zoom,
sound volume and mute.

Kept with QSettings in an INI file under the user's config directory, or under `$LANPURR_HOME`
when that is set (tests and several copies on one laptop use it, so they never touch the real
home). The display name is also written to the network identity (`net.home`) when the network
starts or the name changes, since that is the name other players see.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields, replace
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from net.limits import NAME_LENGTH
from ui import i18n, theme

LANGUAGES = i18n.LANGUAGES
ANIMATION_SPEEDS = tuple(theme.ANIMATION_SPEEDS)
BOT_PACES = ("relaxed", "normal", "fast")
"""How fast bots act at tables where everyone plays at once (Purrfect), and how long turn-based
bots seem to think."""
GONE_LAPTOP = ("bot", "end")
"""At a table I host, when a laptop drops out for good mid-game: a bot takes its seats (the
round under way starts again, scores kept), or the game ends."""
NAME_MAX_LENGTH = NAME_LENGTH
"""The longest name: the network's own limit, so that the app and `lanpurr join` take the same
names (a table shows a long one shortened with "…", never over the points beside it)."""


@dataclass(frozen=True)
class Settings:
    name: str = ""
    """The display name other players see; empty until the first run asks for it."""
    language: str = ""
    """One of LANGUAGES, or empty for the system language."""
    animation_speed: str = "normal"
    colour_blind: bool = False
    bot_pace: str = "normal"
    zoom: float = 1.0
    gone_laptop: str = "bot"
    """One of GONE_LAPTOP."""
    volume: int = 70
    """Sound volume, 0 to 100."""
    muted: bool = False

    def with_changes(self, **changes: object) -> Settings:
        return replace(self, **changes)  # type: ignore[arg-type]


def settings_dir() -> Path:
    """Where lanpurr keeps its files: `$LANPURR_HOME`, else the platform's config directory."""
    home = os.environ.get("LANPURR_HOME")
    if home:
        return Path(home)
    import platformdirs

    return Path(platformdirs.user_config_dir("lanpurr", appauthor=False))


def _store() -> QSettings:
    return QSettings(str(settings_dir() / "settings.ini"), QSettings.Format.IniFormat)


def clean_name(name: str) -> str:
    """A display name as shown to others: single spaces, no control characters, not too long."""
    printable = "".join(ch for ch in name if ch.isprintable())
    return " ".join(printable.split())[:NAME_MAX_LENGTH]


def load_settings() -> Settings:
    """The saved settings; anything missing or unreadable falls back to its default."""
    store = _store()
    defaults = Settings()
    values: dict[str, object] = {}
    for field in fields(Settings):
        default = getattr(defaults, field.name)
        raw = store.value(field.name, default)
        values[field.name] = _coerce(raw, default)
    loaded = Settings(**values)  # type: ignore[arg-type]
    # A hand-edited file must not put the app in a state the settings screen cannot show.
    if loaded.language not in ("", *LANGUAGES):
        loaded = loaded.with_changes(language="")
    if loaded.bot_pace not in BOT_PACES:
        loaded = loaded.with_changes(bot_pace=defaults.bot_pace)
    if loaded.gone_laptop not in GONE_LAPTOP:
        loaded = loaded.with_changes(gone_laptop=defaults.gone_laptop)
    if loaded.animation_speed not in ANIMATION_SPEEDS:
        loaded = loaded.with_changes(animation_speed=defaults.animation_speed)
    if not 0.5 <= loaded.zoom <= 3.0:
        loaded = loaded.with_changes(zoom=defaults.zoom)
    if not 0 <= loaded.volume <= 100:
        loaded = loaded.with_changes(volume=defaults.volume)
    return loaded.with_changes(name=clean_name(loaded.name))


def save_settings(settings: Settings) -> None:
    store = _store()
    for field in fields(Settings):
        store.setValue(field.name, getattr(settings, field.name))
    store.sync()
    if store.status() != QSettings.Status.NoError:
        raise OSError(
            f"could not save the settings to {store.fileName()}; check that it is writable"
        )


def _coerce(raw: object, default: object) -> object:
    """INI files hand back strings; turn them into the type of the default."""
    if isinstance(default, bool):
        if isinstance(raw, str):
            return raw.strip().lower() in ("true", "1", "yes", "on")
        return bool(raw)
    if isinstance(default, float):
        try:
            return float(raw)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return default
    if isinstance(default, int):
        try:
            return int(str(raw))
        except ValueError:
            return default
    return raw if isinstance(raw, str) else default


class SettingsDialog(QDialog):
    """Name, language, animation speed, bots' pace, colour-blind mode, zoom, sound, and what a
    table I host does when a laptop drops out for good."""

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        t = theme.current()
        self.original = settings
        self.setWindowTitle(self.tr("Settings"))
        heading = QLabel(self.tr("Settings"))
        heading.setFont(t.font(theme.FontRole.TITLE))

        self.name = QLineEdit(settings.name)
        self.name.setMaxLength(NAME_MAX_LENGTH)
        self.language = QComboBox()
        system_name = i18n.LANGUAGE_NAMES[i18n.system_language()]
        self.language.addItem(self.tr("System language (%1)").replace("%1", system_name), "")
        for code in LANGUAGES:
            self.language.addItem(i18n.LANGUAGE_NAMES[code], code)
        self.language.setCurrentIndex(max(0, self.language.findData(settings.language)))
        self.animation = QComboBox()
        speed_names = {
            "off": self.tr("Off"),
            "fast": self.tr("Fast"),
            "normal": self.tr("Normal"),
            "slow": self.tr("Slow"),
        }
        for speed in ANIMATION_SPEEDS:
            self.animation.addItem(speed_names[speed], speed)
        self.animation.setCurrentIndex(self.animation.findData(settings.animation_speed))
        self.colour_blind = QCheckBox(self.tr("Stronger symbols and patterns"))
        self.colour_blind.setChecked(settings.colour_blind)
        self.bot_pace = QComboBox()
        pace_names = {
            "relaxed": self.tr("Relaxed"),
            "normal": self.tr("Normal"),
            "fast": self.tr("Fast"),
        }
        for pace in BOT_PACES:
            self.bot_pace.addItem(pace_names[pace], pace)
        self.bot_pace.setCurrentIndex(max(0, self.bot_pace.findData(settings.bot_pace)))
        self.bot_pace.setToolTip(
            self.tr("How quickly bots trade in Purrfect and take their turns in the other games")
        )
        self.gone_laptop = QComboBox()
        self.gone_laptop.addItem(self.tr("A bot takes their seat"), "bot")
        self.gone_laptop.addItem(self.tr("The game ends"), "end")
        self.gone_laptop.setCurrentIndex(max(0, self.gone_laptop.findData(settings.gone_laptop)))
        self.gone_laptop.setToolTip(
            self.tr(
                "At a table you host: when a player's laptop does not come back within two "
                "minutes, the round under way starts again with a bot of yours in their seat, "
                "and the scores are kept"
            )
        )
        self.zoom = QComboBox()
        for step in theme.ZOOM_STEPS:
            self.zoom.addItem(f"{round(step * 100)} %", step)
        closest = min(theme.ZOOM_STEPS, key=lambda step: abs(step - settings.zoom))
        self.zoom.setCurrentIndex(theme.ZOOM_STEPS.index(closest))
        self.volume = QSlider(Qt.Orientation.Horizontal)
        self.volume.setRange(0, 100)
        self.volume.setPageStep(10)
        self.volume.setValue(settings.volume)
        self.volume.setAccessibleName(self.tr("Volume"))
        self.volume.setToolTip(self.tr("How loud the cards, the meows and “your turn” are"))
        self.volume.sliderReleased.connect(self._preview_sound)
        self.muted = QCheckBox(self.tr("Mute"))
        self.muted.setChecked(settings.muted)
        self.volume.setEnabled(not settings.muted)
        self.muted.toggled.connect(lambda on: self.volume.setEnabled(not on))
        sound = QHBoxLayout()
        sound.addWidget(self.volume, 1)
        sound.addWidget(self.muted)

        self.error = QLabel("")
        self.error.setStyleSheet(f"color: {t.palette.danger};")
        self.error.hide()
        form = QFormLayout()
        form.addRow(self.tr("Your name"), self.name)
        form.addRow(self.tr("Language"), self.language)
        form.addRow(self.tr("Animations"), self.animation)
        form.addRow(self.tr("Colour-blind mode"), self.colour_blind)
        # The bots' speed, not their strength (Beginner, Medium, Clever: chosen per table).
        form.addRow(self.tr("Bot speed"), self.bot_pace)
        form.addRow(self.tr("A laptop drops out"), self.gone_laptop)
        form.addRow(self.tr("Zoom"), self.zoom)
        form.addRow(self.tr("Sound"), sound)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Save).setText(self.tr("Save"))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(self.tr("Cancel"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        column = QVBoxLayout(self)
        column.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)
        column.addWidget(heading)
        column.addLayout(form)
        column.addWidget(self.error)
        column.addWidget(buttons)

    def chosen(self) -> Settings:
        return Settings(
            name=clean_name(self.name.text()),
            language=str(self.language.currentData()),
            animation_speed=str(self.animation.currentData()),
            colour_blind=self.colour_blind.isChecked(),
            bot_pace=str(self.bot_pace.currentData()),
            zoom=float(self.zoom.currentData()),
            gone_laptop=str(self.gone_laptop.currentData()),
            volume=self.volume.value(),
            muted=self.muted.isChecked(),
        )

    def _preview_sound(self) -> None:
        """Let the player hear the volume they picked (the sounds keep theirs until Save)."""
        from ui.sound.player import player

        sounds = player()
        kept = sounds.volume, sounds.muted
        sounds.configure(self.volume.value(), False)
        sounds.play("turn")
        sounds.configure(*kept)

    def accept(self) -> None:
        if not self.chosen().name:
            self.error.setText(self.tr("Your name cannot be empty: the others see it."))
            self.error.show()
            self.adjustSize()
            self.name.setFocus()
            return
        super().accept()


def recall(group: str) -> dict[str, str]:
    """The choices last made in a setup dialog (`group` names it), as saved by `remember`."""
    store = _store()
    store.beginGroup(group)
    found = {key: str(store.value(key)) for key in store.childKeys()}
    store.endGroup()
    return found


def remember(group: str, choices: dict[str, str]) -> None:
    """Keep a setup dialog's choices for next time; failing to save only loses the memory."""
    store = _store()
    store.remove(group)
    store.beginGroup(group)
    for key, value in choices.items():
        store.setValue(key, value)
    store.endGroup()
    store.sync()
