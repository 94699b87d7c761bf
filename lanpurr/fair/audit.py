"""The audit: replay a round's signed log with every secret revealed.

`audit` is a pure function of the round setup, the signed envelopes (in log order), the
schedule of operations the game asked for, and an optional game check. A fresh observer
replays every message with every at-once check; then, with all key shares and shuffle
secrets revealed, every shuffle is re-done exactly, every card is decrypted, and the game is
replayed with full knowledge. The result is "fair" or the first violation, with evidence.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from lanpurr.fair import group
from lanpurr.fair.accusation import AT_AUDIT, Accusation
from lanpurr.fair.envelope import Envelope
from lanpurr.fair.masked_deck import Masked, ShuffleSecret, is_permutation, unmask_with_key
from lanpurr.fair.protocol import FairPeer
from lanpurr.fair.round_state import RoundSetup

GameCheck = Callable[[FairPeer, dict[int, int]], Accusation | None]
"""Replays the game with full knowledge (slot -> card index); returns the first violation."""
PlayCheck = Callable[[int, bytes, list[int]], str]


@dataclass(frozen=True)
class AuditResult:
    accusation: Accusation | None
    faces: dict[int, int]

    @property
    def fair(self) -> bool:
        return self.accusation is None

    def __str__(self) -> str:
        return "fair" if self.accusation is None else str(self.accusation)


def _secret(body: dict[str, Any], perm: object, masks: object, n: int) -> ShuffleSecret | None:
    if not isinstance(perm, list) or not is_permutation(perm, n):
        return None
    if not isinstance(masks, bytes) or len(masks) != 32 * n:
        return None
    try:
        return ShuffleSecret(
            tuple(perm),
            tuple(group.scalar_from_peer(masks[32 * i : 32 * i + 32]) for i in range(n)),
        )
    except group.GroupError:
        return None


def _blame(seat: int, rule: str, detail: str, envelopes: Sequence[Envelope | None]) -> Accusation:
    evidence = tuple(e for e in envelopes if e is not None)
    message = (evidence[0].sender, evidence[0].seq) if evidence else None
    return Accusation(seat, rule, detail, message, evidence, AT_AUDIT)


def replay(
    setup: RoundSetup,
    envelopes: Sequence[Envelope],
    schedule: Sequence[tuple[int, str, tuple[Any, ...]]],
    play_check: PlayCheck | None = None,
) -> FairPeer:
    """A silent observer that has seen every message and every operation in order."""
    observer = FairPeer(setup, None, None)
    if play_check is not None:
        observer.hooks.check_play = play_check
    pending = list(schedule)
    for index, envelope in enumerate(envelopes):
        while pending and pending[0][0] <= index:
            _, kind, args = pending.pop(0)
            observer.observe_request(kind, args)
        seat = setup.members.index(envelope.sender) if envelope.sender in setup.members else -1
        observer.observe(envelope, seat)
        if observer.halted:
            break
    for _, kind, args in pending:
        observer.observe_request(kind, args)
    return observer


def audit(
    setup: RoundSetup,
    envelopes: Sequence[Envelope],
    schedule: Sequence[tuple[int, str, tuple[Any, ...]]],
    game_check: GameCheck | None = None,
    play_check: PlayCheck | None = None,
) -> AuditResult:
    """`play_check` is the game's at-once check of played cards (as every peer ran it);
    `game_check` the replay of the game with full knowledge."""
    observer = replay(setup, envelopes, schedule, play_check)
    if observer.accusations:
        return AuditResult(observer.accusations[0], {})
    n = setup.seats
    missing = [s for s in range(n) if s not in observer.revealed_secrets]
    if missing:
        seat = missing[0]
        return AuditResult(
            Accusation(seat, "F-REVEAL", "did not reveal its round secrets", None, (), AT_AUDIT),
            {},
        )
    secrets = observer.revealed_secrets
    xs = [secrets[s]["x"] for s in range(n)]
    x = xs[0]
    for more in xs[1:]:
        x = group.s_add(x, more)

    # With the joint secret every masked card can be read directly: one multiplication each,
    # once per masked pair (re-shuffled hands are read again below).
    read_already: dict[Masked, int | None] = {}

    def read(deck: Sequence[Masked]) -> list[int | None]:
        for masked in deck:
            if masked not in read_already:
                read_already[masked] = observer.lookup(unmask_with_key(masked, x))
        return [read_already[masked] for masked in deck]

    faces: dict[int, int] = {}
    for slot, face in enumerate(read(observer.cards)):
        if face is not None:
            faces[slot] = face

    # Every deck shuffle must send the cards it received where its revealed permutation says.
    decks: list[list[int | None]] = [list(range(setup.deck_size))]
    for turn in range(1, n):
        decks.append(read(observer.shuffles.decks[turn]))
    decks.append([faces.get(slot) for slot in range(setup.deck_size)])
    for turn, seat in enumerate(setup.shufflers):
        body = secrets[seat]
        where = [observer.marks.get(("shuffle", seat)), observer.marks.get(("secrets", seat))]
        shuffle_field = body.get("shuffle")
        secret = None
        if isinstance(shuffle_field, list) and len(shuffle_field) == 2:
            secret = _secret(body, shuffle_field[0], shuffle_field[1], setup.deck_size)
        if secret is None:
            return AuditResult(
                _blame(seat, "F-SECRET", "its shuffle secret is malformed", where), {}
            )
        before, after = decks[turn], decks[turn + 1]
        if None in after or [before[p] for p in secret.permutation] != after:
            return AuditResult(
                _blame(
                    seat,
                    "F-SHUFFLE",
                    "its shuffle is not a re-masked permutation of the deck it received "
                    "(a card dropped, duplicated or replaced)",
                    where,
                ),
                {},
            )

    # Every hand re-shuffled before a blind draw, likewise.
    hand_shuffles = observer.remaskings.hand_shuffles
    for step, (holder, before_cards, after_cards) in sorted(hand_shuffles.items()):
        where = [observer.marks.get(("hand", step)), observer.marks.get(("secrets", holder))]
        opened = {
            entry[0]: entry
            for entry in secrets[holder].get("hands", [])
            if isinstance(entry, list) and len(entry) == 3
        }
        entry = opened.get(step)
        secret = _secret(secrets[holder], entry[1], entry[2], len(before_cards)) if entry else None
        before_faces, after_faces = read(before_cards), read(after_cards)
        if (
            secret is None
            or None in after_faces
            or [before_faces[p] for p in secret.permutation] != after_faces
        ):
            return AuditResult(
                _blame(
                    holder,
                    "F-SHUFFLE",
                    f"the hand it re-shuffled at step {step} is not a re-masked permutation "
                    "of its hand",
                    where,
                ),
                {},
            )

    if game_check is not None:
        found = game_check(observer, faces)
        if found is not None:
            return AuditResult(found, faces)
    return AuditResult(None, faces)
