"""Accusations: which seat broke which fair-play rule in which signed message.

An accusation is what an honest peer shows the table when it catches a cheat. It names the
seat, the message (sender key and sequence number), the rule, and carries the signed envelopes
that prove it, so that any other peer can check the claim by itself.
"""

from dataclasses import dataclass

from lanpurr.fair.envelope import Envelope

AT_ONCE = "at once"
AT_AUDIT = "at the audit"

RULES: dict[str, str] = {
    "F-SIG": "every message carries its sender's valid signature",
    "F-SEQ": "each sender's messages come once, in order, chained to the previous one",
    "F-TABLE": "a message belongs to this table and this round",
    "F-FORM": "a message is well formed: known kind, right fields, valid group elements",
    "F-TURN": "a peer speaks only when the protocol expects it to",
    "F-ORDER": "at a table without turns, a peer's Lamport stamps grow with every message, "
    "skipping one time after its own move",
    "F-KEY": "a key share comes with a valid proof of knowledge",
    "F-COMMIT": "a revealed value opens the peer's earlier commitment",
    "F-REVEAL": "every committed value is revealed when the protocol asks for it",
    "F-SHUFFLE": "a shuffle re-masks a permutation of exactly the cards it received",
    "F-SHARE": "a decryption share comes with a valid DLEQ proof for the right card",
    "F-MOVE": "a card handed on is a re-masking of the card named, proven by DLEQ",
    "F-DRAW": "a blind draw delivers the card at the position the drawer chose",
    "F-BIND": "a card offered or committed is named by its own masked slot, the one the table "
    "has bound to it",
    "F-EXPOSE": "a seat turns the cards handed to it face up, as evidence, only when they "
    "break a rule",
    "F-SECRET": "the round's secrets revealed at the audit match what the peer published",
    "F-GAME": "every action is legal in the game given the cards the seat really holds",
    "F-IDLE": "a seat plays its turn, or shows what the rules turn up, before the table gives up",
}


@dataclass(frozen=True)
class Accusation:
    seat: int
    rule: str
    detail: str
    message: tuple[bytes, int] | None
    """(sender public key, seq) of the offending message, if one message is to blame."""
    evidence: tuple[Envelope, ...] = ()
    when: str = AT_ONCE

    def __str__(self) -> str:
        where = f" in its message {self.message[1]}" if self.message else ""
        return (
            f"seat {self.seat} broke {self.rule} ({RULES.get(self.rule, '?')}){where}: "
            f"{self.detail} [{self.when}]"
        )


class Cheating(Exception):
    """Raised inside a peer when a check fails; carries the accusation."""

    def __init__(self, accusation: Accusation) -> None:
        super().__init__(str(accusation))
        self.accusation = accusation


class Fault(Exception):
    """A check failed on some input; the protocol turns it into an `Accusation` of the seat
    that sent the input, with the signed message as evidence."""

    def __init__(self, rule: str, detail: str) -> None:
        super().__init__(f"{rule}: {detail}")
        self.rule = rule
        self.detail = detail
