"""The terminal's words in English, Italian or Spanish (decision 0040).

Each language has a catalogue beside this module, `words_<language>.json`: every sentence the
terminal makes is a template under a key, with named fields (`"{name} wins"`). `tr(key,
**fields)` fills in the template of the language in force; `tr_n` picks a count's form. What
another laptop or the network layer said (a reason, a peer's chat, a name) is a field, shown as
it came. The language is the app's: its setting, else the system's (`chosen`). No Qt here: the
terminal never loads it.
"""

import configparser
import json
import locale
import os
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path

LANGUAGES = ("en", "it", "es")
"""The languages lanpurr speaks (ui/i18n.LANGUAGES); English is the source."""
FOLDER = Path(__file__).resolve().parent

_in_force = ["en"]


@cache
def catalogue(language: str) -> dict[str, str]:
    """Every template of `language`, by key."""
    path = FOLDER / f"words_{language}.json"
    words: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return words


def use(language: str) -> str:
    """Speak `language` from now on (English for one lanpurr does not speak); returns it."""
    _in_force[0] = language if language in LANGUAGES else "en"
    return _in_force[0]


def language() -> str:
    return _in_force[0]


def tr(key: str, /, **fields: object) -> str:
    """The sentence `key` in the language in force, its fields filled in."""
    template = catalogue(_in_force[0]).get(key)
    if template is None:
        template = catalogue("en")[key]
    return template.format(**fields)


def tr_n(key: str, count: int, /, **fields: object) -> str:
    """`key`'s form for `count` (`key.one` or `key.many`), with `{n}` the count."""
    return tr(f"{key}.{'one' if count == 1 else 'many'}", n=count, **fields)


def join_words(parts: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c" (Spanish "y" is "e" before an "i" sound: "Ana e Inés")."""
    if len(parts) <= 1:
        return "".join(parts)
    last = parts[-1]
    key = "list.and"
    sounds_i = last[:1].lower() in ("i", "í") or last[:2].lower() == "hi"
    if _in_force[0] == "es" and sounds_i and last[:3].lower() != "hie":
        key = "list.and_i"
    return tr(key, first=", ".join(parts[:-1]), last=last)


# -- which language: the app's rule (ui/i18n.resolve, ui/settings.load_settings) ------------


def chosen(environ: Mapping[str, str] | None = None) -> str:
    """The language the app would speak: its Settings' language, else the system's."""
    env = os.environ if environ is None else environ
    return setting(env) or system_language(env)


def settings_file(environ: Mapping[str, str]) -> Path:
    """The app's settings file (ui/settings.settings_dir, which needs Qt to read it)."""
    home = environ.get("LANPURR_HOME")
    if home:
        return Path(home) / "settings.ini"
    import platformdirs

    return Path(platformdirs.user_config_dir("lanpurr", appauthor=False)) / "settings.ini"


def setting(environ: Mapping[str, str]) -> str:
    """The language chosen in the app's Settings ("" for the system's, or no setting)."""
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    try:
        parser.read(settings_file(environ), encoding="utf-8")
    except (OSError, configparser.Error, UnicodeDecodeError):
        return ""
    value = parser.get("General", "language", fallback="").strip().strip('"')
    return value if value in LANGUAGES else ""


def system_language(environ: Mapping[str, str]) -> str:
    """The system's language if lanpurr speaks it, else English: LANGUAGE's list, then the
    locale for messages (LC_ALL, LC_MESSAGES, LANG), as Qt reads them on Linux; the locale
    Python finds elsewhere."""
    messages = next((environ[v] for v in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(v)), "")
    if _code(messages) in ("c", "posix"):
        return "en"  # (the C locale speaks English, whatever LANGUAGE lists)
    names = [*environ.get("LANGUAGE", "").split(":"), messages]
    if not any(names):
        names.append(locale.getlocale()[0] or "")
    for name in names:
        code = _code(name)
        code = {"italian": "it", "spanish": "es", "english": "en"}.get(code, code)
        if code in LANGUAGES:
            return code
    return "en"


def _code(name: str) -> str:
    """ "it" for "it_IT.UTF-8", "pt" for "pt-BR", "italian" for "Italian_Italy" (Windows)."""
    return name.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
