"""The messages of a game between laptops, as frozen dataclasses, and their strict parsing.

They travel inside the session's signed bodies (docs/protocol.md, "Playing a game"):

    {"g": game, "gc": digest[, "bot": level]}  KeyCheck: the host announces the key's digest
                                               (and the table's drop-out setting)
    {"gk": key, "n": game}                     GameKey: the host seals the game key to a member
    {"g": game, "b": box, "v": generation}     Batch: frames of my seats, sealed with that key
    {"g": game, "swap": {...}}                 SeatSwap: the host gave a laptop's seats to a bot
    {"g": game, "end": reason[, "cheat": true]}  GameEnd: the host's game stopped, for that reason
    {"g": game, "kc": {"e": envelope, "k": key[, "c": check]}}  KeyComplaint: the host's
                                               sealed game key message to me, the key that
                                               opens its box (and the host's `gc` message)

`parse` accepts exactly these shapes, each value of the right kind and size, or raises
`MessageError` saying what is wrong; `plain` gives the map to send.
"""

import hashlib
from dataclasses import dataclass
from typing import Any, TypeGuard

from nacl.secret import SecretBox

from net.game.commands import Swap
from net.table_state import BOT_NAMES
from net.text import clean


class MessageError(ValueError):
    """A game message of the wrong shape: the sentence says what is wrong."""


CUT_OFF = "cut-off"
"""The rule a seat swap names when the table cut the laptop off (`Cheat.rule`)."""


def key_digest(table: bytes, game: int, key: bytes) -> bytes:
    """What the host announces to every member before it seals the game key to each: a member
    whose sealed key does not match knows the host gave it another key than the table's."""
    return hashlib.sha256(b"lanpurr game key\0" + table + game.to_bytes(4, "big") + key).digest()


@dataclass(frozen=True)
class KeyCheck:
    game: int
    digest: bytes
    bot: str | None = None
    """The table's drop-out setting: the level of the bot that takes the seats of a laptop
    that drops out (None: the game ends). Whoever takes the host's place follows it too."""


@dataclass(frozen=True)
class GameKey:
    game: int
    key: bytes


@dataclass(frozen=True)
class Batch:
    game: int
    box: bytes
    generation: int = 0
    """How many times seats had been given to a bot when it was sent (absent while none)."""


@dataclass(frozen=True)
class Cheat:
    """Why the laptop of a swap's seats was dropped: the seat named, the rule, the detail."""

    seat: int
    rule: str
    detail: str


@dataclass(frozen=True)
class SeatSwap:
    """The acting host's word to the table that it gave seats to a bot (commands.Swap), with
    the cheat that dropped their laptop, when one did."""

    game: int
    swap: Swap
    cheat: Cheat | None = None


@dataclass(frozen=True)
class GameEnd:
    game: int
    reason: str
    cheat: bool = False
    """It ends because a laptop broke the fair-play rules or was cut off."""


@dataclass(frozen=True)
class KeyComplaint:
    """A member shows the table the game key the host sealed to it (game_key.py): the host's
    signed envelope and the box's shared key, which opens that one box and nothing else."""

    game: int
    envelope: bytes
    shared: bytes
    check: bytes | None = None
    """The host's signed message that announced the game's key digest: a key it sealed after
    it, labelled for another game, is the host's fault."""


COMPLAINT_BYTES = 2048
"""At most this long, the envelope of a sealed game key (about 300 bytes)."""

GameMessage = KeyCheck | GameKey | Batch | SeatSwap | GameEnd | KeyComplaint
Received = tuple[bytes, dict[str, Any], bool]
"""A game message as the session hands it over: (sender, body, sealed to me)."""


def game_number(data: Any) -> int | None:
    """The game a session body belongs to, if it is a game message (None: it is not one)."""
    if not isinstance(data, dict) or not ("g" in data or "gk" in data):
        return None
    number = data.get("n", data.get("g"))
    return number if type(number) is int else -1


def _count(value: Any) -> TypeGuard[int]:
    return type(value) is int and 0 <= value < 2**31


def parse(data: Any, seats: int) -> GameMessage:
    """A game message of a table of `seats` seats (MessageError if it is not well formed)."""
    if not isinstance(data, dict):
        raise MessageError("a game message is a map")
    if "gk" in data:
        key, number = data.get("gk"), data.get("n")
        if not (isinstance(key, bytes) and len(key) == SecretBox.KEY_SIZE and _count(number)):
            raise MessageError("a game key is 32 bytes with its game's number")
        return GameKey(number, key)
    number = data.get("g")
    if not _count(number):
        raise MessageError("a game message names its game")
    if "swap" in data:
        return _swap(number, data["swap"], seats)
    if "kc" in data:
        complaint = data["kc"]
        if not (
            isinstance(complaint, dict)
            and set(complaint) <= {"e", "k", "c"}
            and isinstance(complaint.get("e"), bytes)
            and len(complaint["e"]) <= COMPLAINT_BYTES
            and isinstance(complaint.get("k"), bytes)
            and len(complaint["k"]) == 32
            and (complaint.get("c") is None or isinstance(complaint["c"], bytes))
            and len(complaint.get("c") or b"") <= COMPLAINT_BYTES
        ):
            raise MessageError("a key complaint is an envelope and a 32-byte key")
        return KeyComplaint(number, complaint["e"], complaint["k"], complaint.get("c"))
    if "end" in data:
        if not isinstance(data["end"], str):
            raise MessageError("the end of a game says why")
        return GameEnd(number, clean(data["end"])[:300], data.get("cheat") is True)
    if "gc" in data:
        digest = data["gc"]
        if not (isinstance(digest, bytes) and len(digest) == 32):
            raise MessageError("a game key's digest is 32 bytes")
        bot = data.get("bot")
        if bot is not None and bot not in BOT_NAMES:
            raise MessageError("a drop-out setting is a bot level")
        return KeyCheck(number, digest, bot)
    box, generation = data.get("b"), data.get("v", 0)
    if not isinstance(box, bytes) or not _count(generation):
        raise MessageError("a batch is a sealed box with its generation")
    return Batch(number, box, generation)


def _swap(number: int, swap: Any, seats: int) -> SeatSwap:
    if not (
        isinstance(swap, dict)
        and _count(swap.get("v"))
        and _count(swap.get("round"))
        and isinstance(swap.get("seats"), list)
        and all(type(s) is int and 0 <= s < seats for s in swap["seats"])
        and isinstance(swap.get("keys"), list)
        and len(swap["keys"]) == len(swap["seats"])
        and all(isinstance(k, bytes) and len(k) == 32 for k in swap["keys"])
    ):
        raise MessageError("a seat swap names its generation, round, seats and their keys")
    given = tuple(swap["seats"])
    cheat = swap.get("cheat")
    said = None
    if (
        isinstance(cheat, list)
        and len(cheat) == 3
        and type(cheat[0]) is int
        and cheat[0] in given
        and isinstance(cheat[1], str)
        and isinstance(cheat[2], str)
    ):
        said = Cheat(cheat[0], clean(cheat[1])[:16], clean(cheat[2])[:300])
    plays = swap.get("plays")
    kept = plays if type(plays) is int and plays >= 0 else None
    return SeatSwap(number, Swap(swap["v"], given, tuple(swap["keys"]), swap["round"], kept), said)


def plain(message: GameMessage) -> dict[str, Any]:
    """The map that carries `message`."""
    if isinstance(message, GameKey):
        return {"gk": message.key, "n": message.game}
    if isinstance(message, KeyCheck):
        check: dict[str, Any] = {"g": message.game, "gc": message.digest}
        if message.bot is not None:
            check["bot"] = message.bot
        return check
    if isinstance(message, GameEnd):
        end: dict[str, Any] = {"g": message.game, "end": message.reason}
        if message.cheat:
            end["cheat"] = True
        return end
    if isinstance(message, KeyComplaint):
        shown = {"e": message.envelope, "k": message.shared}
        if message.check is not None:
            shown["c"] = message.check
        return {"g": message.game, "kc": shown}
    if isinstance(message, Batch):
        batch: dict[str, Any] = {"g": message.game, "b": message.box}
        if message.generation:
            batch["v"] = message.generation
        return batch
    swap = message.swap.plain()
    if message.cheat is not None:
        swap["cheat"] = [message.cheat.seat, message.cheat.rule, message.cheat.detail]
    return {"g": message.game, "swap": swap}
