"""Translations: English is the source language; Italian and Spanish come from Qt catalogues.

Each part of the app keeps its own catalogue here (`app_<lang>.ts` for the shell,
`tables_<lang>.ts` for the game tables); `install` loads every compiled `*_<lang>.qm` it finds.
After adding or changing a string in the shell:

    .venv/bin/pyside6-lupdate <the shell's .py files> -no-obsolete -locations none \
        -ts ui/i18n/app_it.ts ui/i18n/app_es.ts
    .venv/bin/pyside6-lupdate <same files> -no-obsolete -locations none -pluralonly \
        -ts ui/i18n/app_en.ts
    # translate the new entries (Qt Linguist, or by hand), then for each .ts:
    .venv/bin/pyside6-lrelease -silent ui/i18n/app_it.ts -qm ui/i18n/app_it.qm

`tests/ui/test_i18n.py` fails while any string lacks an Italian or Spanish translation or a
.qm is older than its .ts.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

LANGUAGES = ("en", "it", "es")
"""The languages lanpurr speaks; English needs no catalogue."""

LANGUAGE_NAMES = {"en": "English", "it": "Italiano", "es": "Español"}
"""Each language in its own words, so anyone can find theirs in the list."""

CATALOGUE_DIR = Path(__file__).resolve().parent

_installed: list[QTranslator] = []
_language = "en"


def system_language() -> str:
    """The system's language if lanpurr speaks it, else English."""
    for name in QLocale.system().uiLanguages():
        code = name.replace("_", "-").split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


def resolve(language: str) -> str:
    """The language to use for a setting: empty means the system language."""
    return language if language in LANGUAGES else system_language()


def catalogues(language: str) -> list[Path]:
    return sorted(CATALOGUE_DIR.glob(f"*_{language}.qm"))


def qt_catalogue(language: str) -> Path | None:
    """Qt's own words for its standard buttons and dialogs (Yes, No, Cancel...), when installed."""
    if language == "en":
        return None
    folder = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    path = folder / f"qtbase_{language}.qm"
    return path if path.exists() else None


def install(language: str) -> str:
    """Use `language` (or the system's, if empty) in the running app; returns the one in force.

    Installing sends a LanguageChange event to every widget, so open screens can retranslate.
    """
    global _language
    app = QCoreApplication.instance()
    if app is None:
        raise RuntimeError("create the QApplication before installing translations")
    chosen = resolve(language)
    for translator in _installed:
        QCoreApplication.removeTranslator(translator)
    _installed.clear()
    for path in catalogues(chosen):
        translator = QTranslator(app)
        if not translator.load(str(path)):
            raise RuntimeError(f"the translation file {path} is damaged; reinstall lanpurr")
        QCoreApplication.installTranslator(translator)
        _installed.append(translator)
    qt_words = qt_catalogue(chosen)
    if qt_words is not None:
        translator = QTranslator(app)
        if translator.load(str(qt_words)):  # without it, Qt's buttons stay in English
            QCoreApplication.installTranslator(translator)
            _installed.append(translator)
    _language = chosen
    QLocale.setDefault(QLocale(chosen))
    return chosen


def current_language() -> str:
    return _language
