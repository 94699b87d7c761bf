"""Where a lanpurr installation keeps its identity and table journals.

The directory is `$LANPURR_HOME` when set (tests and several peers on one machine use it), else
the user's data directory (platformdirs). `identity.json` holds the long-term Ed25519 key and
the display name; it is created on first run. A damaged file is never replaced silently: loading
raises `IdentityDamaged`, and only `replace_damaged=True` (the user said yes) moves it aside and
makes a new one.
"""

import base64
import binascii
import getpass
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from lanpurr.fair.identity import Identity
from net.table_state import clean_name

ENV_HOME = "LANPURR_HOME"
_FILE = "identity.json"
_FORMAT = 1


class IdentityDamaged(Exception):
    """The identity file exists but cannot be read. The message says what to do."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(
            f"your lanpurr identity in {path} is damaged ({problem}). Friends know you by this "
            "identity; restore the file from a backup, or make a new identity (you will appear "
            "as a new player): answer yes when asked, or pass --new-identity."
        )
        self.path = path
        self.problem = problem


@dataclass(frozen=True)
class Profile:
    identity: Identity
    name: str
    home: Path

    @property
    def journals(self) -> Path:
        return self.home / "tables"


def home_dir(home: Path | None = None) -> Path:
    if home is not None:
        return home
    configured = os.environ.get(ENV_HOME)
    if configured:
        return Path(configured)
    return Path(platformdirs.user_data_dir("lanpurr", appauthor=False))


def _default_name() -> str:
    try:
        return clean_name(getpass.getuser())
    except Exception:  # no user name on some systems
        return "player"


def _read(path: Path) -> tuple[Identity, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise IdentityDamaged(path, f"not readable: {error}") from None
    if not isinstance(data, dict) or data.get("format") != _FORMAT:
        raise IdentityDamaged(path, "unknown format")
    key, name = data.get("key"), data.get("name")
    if not isinstance(key, str) or not isinstance(name, str):
        raise IdentityDamaged(path, "the key or the name is missing")
    try:
        identity = Identity.from_private_bytes(base64.b64decode(key, validate=True))
    except (binascii.Error, ValueError) as error:
        raise IdentityDamaged(path, f"the key is not valid: {error}") from None
    return identity, clean_name(name)


def _write(path: Path, identity: Identity, name: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(
        {
            "format": _FORMAT,
            "key": base64.b64encode(identity.private_bytes()).decode("ascii"),
            "name": name,
        }
    )
    temporary = path.with_suffix(".tmp")
    # Private key: readable by its owner only; written whole, then renamed into place.
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as file:
        file.write(text)
    temporary.replace(path)


def load_profile(
    home: Path | None = None, name: str | None = None, replace_damaged: bool = False
) -> Profile:
    """This installation's identity and name, created on first use; `name` renames it."""
    directory = home_dir(home)
    path = directory / _FILE
    if path.exists():
        try:
            identity, stored = _read(path)
        except IdentityDamaged:
            if not replace_damaged:
                raise
            path.replace(path.with_name(f"{_FILE}.damaged-{int(time.time())}"))
            identity, stored = Identity.generate(), _default_name()
            _write(path, identity, clean_name(name) if name else stored)
    else:
        identity, stored = Identity.generate(), _default_name()
        _write(path, identity, clean_name(name) if name else stored)
    wanted = clean_name(name) if name else stored
    if wanted != stored:
        _write(path, identity, wanted)
    return Profile(identity, wanted, directory)
