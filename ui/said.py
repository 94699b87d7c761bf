"""Words shown on a status line that must be said again after a language change.

A status line keeps what it shows as a `Said`: either plain text (a peer's words, a name, a
reason the network gave, the same in every language) or a function that makes the sentence in
the language in force when called. On a language change the line calls it again.
"""

from __future__ import annotations

from collections.abc import Callable

Said = str | Callable[[], str]


def say(said: Said) -> str:
    """The words in the current language."""
    return said if isinstance(said, str) else said()


def sentence(text: str) -> str:
    """Words the network layer gave (English, written for the command line: "not at a
    table") as a sentence on the screen: a capital first, a full stop last."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?…)" else text + "."
