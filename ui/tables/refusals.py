"""An engine's refusal in the player's language.

The engines refuse a move with a `RuleViolation` whose text is English, for logs and the
command line: "P-5.4: seat 0 already has an open offer; …". A player reads instead a sentence
chosen by the rule's id, in their language; the English original goes to the log.
"""

from __future__ import annotations

import logging
import re

from PySide6.QtCore import QCoreApplication

log = logging.getLogger(__name__)

RULE = re.compile(r"^([MPG]-[0-9]+(?:\.[0-9]+)*): ")


def said_to_player(refusal: str) -> str:
    """The refusal `refusal` ("RULE: English reason") as the player reads it."""
    log.info("move refused: %s", refusal)
    found = RULE.match(refusal)
    rule = found.group(1) if found else ""
    # The most specific id first: "M-5.7" before "M-5".
    texts = {
        "M-5.5": QCoreApplication.translate(
            "Refusals", "These two cards are not a pair: a pair shares a colour or a value."
        ),
        "M-5.7": QCoreApplication.translate(
            "Refusals", "One pair per turn: end your turn, or pass if you discarded none."
        ),
        "M-5.8": QCoreApplication.translate(
            "Refusals", "You hold a pair: this table's options make you discard it."
        ),
        "M-6.1": QCoreApplication.translate(
            "Refusals", "Only a 1+1, 2+2 or 3+3 may reverse the arrow instead of its effect."
        ),
        "M-6.11": QCoreApplication.translate(
            "Refusals", "The Mistigri never forms a pair: keep it or let it be drawn."
        ),
        "M-4.3": QCoreApplication.translate("Refusals", "Wait: the cards are being dealt."),
        "M-9.1": QCoreApplication.translate("Refusals", "The game is over."),
        "P-5.3": QCoreApplication.translate(
            "Refusals", "An offer is 1 to 4 cards, all of one cat."
        ),
        "P-5.4": QCoreApplication.translate(
            "Refusals", "You already have an offer out: withdraw it before offering again."
        ),
        "P-5.5": QCoreApplication.translate("Refusals", "That offer is no longer on the table."),
        "P-5.6": QCoreApplication.translate(
            "Refusals",
            "You cannot accept that offer: it is yours, it is gone, or you already wait on "
            "another.",
        ),
        "P-5.7": QCoreApplication.translate(
            "Refusals", "Too late: someone else got that offer first."
        ),
        "P-4.2": QCoreApplication.translate("Refusals", "Wait: the cards are being dealt."),
        "G-4.1": QCoreApplication.translate("Refusals", "Wait: the roofs are being set up."),
        "G-4.6": QCoreApplication.translate("Refusals", "Wait for your turn."),
        "G-5.1": QCoreApplication.translate(
            "Refusals", "Your turn had its two actions: the next player is on."
        ),
        "G-5.3": QCoreApplication.translate(
            "Refusals", "That push is not possible: push a tile in from one of the arrows."
        ),
        "G-8.1": QCoreApplication.translate("Refusals", "The game is over: every cat is home."),
    }
    if rule in texts:
        return texts[rule]
    for known, text in texts.items():
        if rule.startswith(known + "."):
            return text
    if rule:
        return QCoreApplication.translate(
            "Refusals",
            "That move is not allowed now (rule %1); the banner says what you may do.",
        ).replace("%1", rule)
    return QCoreApplication.translate(
        "Refusals", "That move is not allowed now; the banner says what you may do."
    )
