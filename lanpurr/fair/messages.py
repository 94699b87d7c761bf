"""The table of the fair protocol's messages (docs/fair-play.md has each one in words): for
every kind, the phases in which a peer takes it and the fields it must carry, with their types.

`admit` reads a message against this table before any handler runs: a kind the table does not
hold, a message in a phase its kind is not taken in, a field missing or of another type is
refused there, with a `Fault` naming the rule it breaks and saying which field. A handler then
checks only what the table cannot say: the step it answers, the contents of a list, proofs.

Fields the table does not name pass through untouched (a real-time table's Lamport stamp);
"k" (the kind) and "r" (the round) are every message's and are checked by the peer itself.
"""

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from lanpurr.fair.accusation import Fault
from lanpurr.fair.round_state import Phase

Body = dict[str, Any]
"""A message's body as msgpack decodes it: a map of field names to plain values."""


class Kind(StrEnum):
    """Every kind of message of a round, by the name it has on the wire."""

    KEY = "key"
    SEED = "seed"
    SHUFFLE = "shuffle"
    SHARES = "shares"
    GIVE = "give"
    TRANSFER = "transfer"
    HAND = "hand"
    PICK = "pick"
    PLAY = "play"
    MOVE = "move"
    TICK = "tick"
    EXPOSE = "expose"
    HELD = "held"
    SECRETS = "secrets"
    CARRIED = "carried"


ANY: tuple[type, ...] = ()
"""A field whose value no check at arrival reads (the audit reads it, or a check with a rule of
its own does)."""
INT: tuple[type, ...] = (int,)
BYTES: tuple[type, ...] = (bytes,)
LIST: tuple[type, ...] = (list,)
BOOL: tuple[type, ...] = (bool,)


@dataclass(frozen=True)
class Field:
    """One field of a message: its name, the types its value may have (exactly: a bool is no
    int here), and the rule a message breaks when it lacks the field or holds another type."""

    name: str
    types: tuple[type, ...]
    rule: str = "F-FORM"
    required: bool = True


@dataclass(frozen=True)
class Message:
    """One kind of message: the phases that take it and its fields."""

    phases: frozenset[Phase]
    fields: tuple[Field, ...] = ()


OPENING = frozenset({Phase.KEYS, Phase.SEEDS, Phase.SHUFFLE})
AFTER_THE_SHUFFLE = frozenset({Phase.READY, Phase.SECRETS})
"""Evidence (`expose`, `held`) is taken out of turn once the deck is shuffled, and until every
secret is in."""
ONCE_SHUFFLED = frozenset(Phase) - OPENING
"""A real-time table's moves and ticks: any time after the deck is shuffled."""
STEP = Field("step", INT, "F-TURN")
"""The operation a message answers: one of another type answers no pending step."""

MESSAGES: dict[Kind, Message] = {
    Kind.KEY: Message(
        frozenset({Phase.KEYS}),
        (
            Field("key", BYTES),
            Field("pok", BYTES, "F-KEY"),  # no proof of knowledge of the key share
            Field("commit", BYTES),
            Field("from", ANY, required=False),  # a carried commitment's round (joint_random)
            Field("ticket", LIST, required=False),  # for the seat's next blind draw
        ),
    ),
    Kind.SEED: Message(
        frozenset({Phase.SEEDS}), (Field("seed", BYTES), Field("nonce", BYTES, "F-COMMIT"))
    ),
    Kind.SHUFFLE: Message(
        frozenset({Phase.SEEDS, Phase.SHUFFLE}),  # once every key share is in
        (
            Field("on", BYTES, "F-TURN"),  # names no deck on the table
            Field("deck", BYTES),
            Field("proof", BYTES, "F-SHUFFLE"),
        ),
    ),
    Kind.SHARES: Message(
        frozenset({Phase.READY}),
        (STEP, Field("shares", LIST), Field("proof", BYTES, "F-SHARE")),  # shares unproven
    ),
    Kind.GIVE: Message(
        frozenset({Phase.READY}),
        (STEP, Field("card", BYTES), Field("proof", BYTES, "F-MOVE")),
    ),
    Kind.TRANSFER: Message(
        frozenset({Phase.READY}),
        (
            STEP,
            Field("cards", BYTES),
            Field("proofs", LIST, "F-MOVE"),
            Field("carried", LIST, "F-MOVE"),
            Field("own", LIST, "F-SHARE"),
            Field("own_proof", BYTES, "F-SHARE"),
        ),
    ),
    Kind.HAND: Message(
        frozenset({Phase.READY}),
        (
            STEP,
            Field("cards", BYTES),
            Field("proof", BYTES, "F-SHUFFLE"),
            # a draw read on arrival (blind_draw.py): the carried shares, the sealed ones
            Field("carried", LIST, "F-SHUFFLE", required=False),
            Field("e", LIST, "F-DRAW", required=False),
            Field("sealed", LIST, "F-DRAW", required=False),
            Field("seal_proof", BYTES, "F-DRAW", required=False),
        ),
    ),
    Kind.PICK: Message(
        frozenset({Phase.READY}),
        (
            STEP,
            Field("positions", LIST),
            # a draw read on arrival: the opened position's proof, the drawer's shares of the
            # cards the holder keeps, and its ticket for its next draw
            Field("opened", BYTES, "F-DRAW", required=False),
            Field("proof", BYTES, "F-DRAW", required=False),
            Field("shares", LIST, "F-SHARE", required=False),
            Field("shares_proof", BYTES, "F-SHARE", required=False),
            Field("ticket", LIST, required=False),
        ),
    ),
    Kind.PLAY: Message(
        frozenset({Phase.READY}),
        (Field("slots", LIST), Field("action", BYTES), Field("keep", BOOL)),
    ),
    Kind.MOVE: Message(ONCE_SHUFFLED, (Field("action", BYTES), Field("slots", LIST))),
    Kind.TICK: Message(ONCE_SHUFFLED),
    Kind.EXPOSE: Message(
        AFTER_THE_SHUFFLE,
        (
            Field("step", INT),
            Field("from", INT),
            Field("shares", LIST),
            Field("proof", BYTES),
        ),
    ),
    Kind.HELD: Message(
        AFTER_THE_SHUFFLE,
        (
            Field("play", INT),
            Field("of", INT),
            Field("cards", LIST),
            Field("links", LIST),
            Field("shares", LIST),
            Field("proof", BYTES),
        ),
    ),
    Kind.SECRETS: Message(
        frozenset({Phase.SECRETS}),
        (
            Field("x", BYTES),
            Field("shuffle", ANY, required=False),  # read by the audit, which names a lie
            Field("hands", ANY, required=False),
        ),
    ),
    # A restart: a kept seat's signed key of the void try, shown by a seat that saw it, when
    # the commitment the kept seat made in this round is another (joint_random.Uncarried).
    # (An honest one comes while the keys come in: no seat gets past the seeds without its
    # sender's reveal, which it never sends once it has refused a key.)
    Kind.CARRIED: Message(OPENING, (Field("key", BYTES),)),
}
"""Every message a round takes, by kind."""


def admit(body: Body, phase: Phase) -> Kind:
    """The kind of a message body, once the table takes it in `phase`; a `Fault` otherwise."""
    name = body.get("k")
    if not isinstance(name, str) or name not in MESSAGES:
        raise Fault("F-FORM", f"unknown message kind {name!r}")
    kind = Kind(name)
    message = MESSAGES[kind]
    if phase not in message.phases:
        raise Fault("F-TURN", f"sent a {kind} message during {phase}")
    for spec in message.fields:
        if spec.name not in body:
            if spec.required:
                raise Fault(spec.rule, f"a {kind} message lacks its field {spec.name!r}")
            continue
        value = body[spec.name]
        if spec.types and type(value) not in spec.types:
            wanted = " or ".join(t.__name__ for t in spec.types)
            raise Fault(
                spec.rule,
                f"a {kind} message's field {spec.name!r} holds {type(value).__name__}, "
                f"not {wanted}",
            )
    return kind
