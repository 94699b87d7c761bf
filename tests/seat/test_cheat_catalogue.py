"""The cheat catalogue of docs/fair-play.md, played through seat runtimes in whole games.

Each row: one seat runs a patched fair peer (tests/seat/cheats.py) at a real table of seat
runtimes, every other seat plays honestly with its bot, and the in-memory network interleaves
senders at random for every receiver. The run always ends (the harness bounds it, and a quiet
table times out); then every honest seat has named the cheater, with the rule and the moment
the catalogue says: "at once" (the message that broke the rule halts every honest seat) or "at
the audit" (the round's audit, which every seat runs by itself, names it and the table stops).
The round is void and the game does not go on.
"""

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from lanpurr.fair.accusation import AT_AUDIT, AT_ONCE
from lanpurr.games.gutters.bots import BOTS as GUTTERS_BOTS
from lanpurr.games.momistigri.bots import BOTS as MOMISTIGRI_BOTS
from lanpurr.games.purrfect.bots import HeuristicBot as PurrfectBot
from lanpurr.seat.harness import Network, seat_table
from lanpurr.seat.runtime import SeatRuntime
from lanpurr.seat.seat_base import PeerFactory
from tests.seat import cheats

AT_TIMEOUT = "at once, when the table times out"


@dataclass(frozen=True)
class Row:
    number: int
    name: str
    factory: PeerFactory
    rule: str
    when: str = AT_ONCE
    cheater: int = 1
    proofs: bool = True
    game: str = "momistigri"
    players: int = 3
    seed: int = 1

    @property
    def id(self) -> str:
        return f"{self.number:02d}-{self.name}"


ROWS = [
    Row(1, "shuffle-duplicating-a-card", cheats.DuplicatingShuffler, "F-SHUFFLE"),
    Row(2, "shuffle-duplicating-a-card-proofs-off", cheats.DuplicatingShuffler, "F-SHUFFLE",
        AT_AUDIT, proofs=False, game="gutters", players=2, seed=3),
    Row(3, "shuffle-dropping-a-card", cheats.DroppingShuffler, "F-SHUFFLE", cheater=2),
    Row(4, "substituted-card", cheats.SubstitutingShuffler, "F-SHUFFLE", cheater=0),
    Row(5, "substituted-card-proofs-off", cheats.SubstitutingShuffler, "F-SHUFFLE", AT_AUDIT,
        cheater=0, proofs=False, game="gutters", players=2, seed=3),
    Row(6, "false-shuffle-secret", cheats.LiarAboutItsShuffle, "F-SHUFFLE", AT_AUDIT, cheater=2),
    Row(7, "wrong-decryption-share", cheats.WrongShare, "F-SHARE"),
    *(
        Row(8, f"share-not-an-element-{how.replace(' ', '-')}", cheats.invalid_share(how),
            "F-FORM", cheater=2)
        for how in cheats.NAMES
    ),
    Row(9, "draw-answered-with-another-card", cheats.WrongPosition, "F-DRAW", cheater=0),
    Row(10, "steered-hand-proofs-off", cheats.SteeringHolder, "F-GAME", cheater=0, proofs=False),
    Row(11, "steered-hand", cheats.SteeringHolder, "F-SHUFFLE", cheater=0),
    Row(13, "card-of-another-seat-played", cheats.ForeignCardPlayer, "F-GAME", cheater=2),
    Row(14, "rogue-key-share", cheats.RogueKey, "F-KEY"),
    Row(15, "biased-seed-after-seeing-the-others", cheats.BiasedSeed, "F-COMMIT", cheater=0),
    Row(16, "changed-commitment", cheats.ChangedCommitment, "F-COMMIT", cheater=2),
    Row(17, "refused-reveal", cheats.Mute, "F-REVEAL", AT_TIMEOUT),
    Row(18, "round-secrets-withheld", cheats.WithheldSecrets, "F-REVEAL", AT_TIMEOUT, cheater=2),
    Row(19, "different-key-secret-revealed", cheats.LyingKeySecret, "F-SECRET", cheater=0),
    Row(20, "forged-signature", cheats.ForgedSignature, "F-SIG", cheater=2),
    Row(21, "replayed-message", cheats.Replayer, "F-SEQ", cheater=2),
    Row(22, "message-for-another-table", cheats.OtherTable, "F-TABLE", cheater=2),
    Row(23, "stranger-speaking-for-a-seat", cheats.Stranger, "F-SIG", cheater=2),
    Row(24, "shuffling-out-of-turn", cheats.OutOfTurnShuffler, "F-TURN", cheater=2),
    Row(25, "share-with-truncated-proof", cheats.ShortProof, "F-SHARE"),
    Row(26, "nonsense-shares", cheats.Nonsense, "F-SHARE", cheater=2),
    Row(27, "pair-named-other-cards-turned-up", cheats.NamesAnotherCard, "F-GAME"),
    Row(29, "re-shuffle-steering-the-drawn-card", cheats.SteeringReShuffler, "F-SHUFFLE",
        cheater=0),
    Row(29, "re-shuffle-steering-at-five-seats", cheats.SteeringReShuffler, "F-SHUFFLE",
        cheater=3, players=5),
    Row(30, "shuffle-swapping-one-card", cheats.OneCardSwapper, "F-SHUFFLE"),
    Row(31, "proof-reused-from-another-shuffle", cheats.ProofReuser, "F-SHUFFLE", cheater=2),
    Row(32, "hand-proof-from-another-step", cheats.StaleContextHolder, "F-SHUFFLE", cheater=0),
    Row(33, "proof-for-a-different-deck", cheats.OtherDeckProver, "F-SHUFFLE"),
    Row(33, "proof-for-a-different-hand", cheats.OtherHandProver, "F-SHUFFLE", cheater=0),
    *(
        Row(34, f"malformed-deck-proof-{how.replace(' ', '-')}",
            cheats.malformed_deck_prover(how), "F-SHUFFLE", cheater=2)
        for how in cheats.MALFORMED
    ),
    *(
        Row(35, f"malformed-hand-proof-{how.replace(' ', '-')}",
            cheats.malformed_hand_prover(how), "F-SHUFFLE", cheater=0)
        for how in cheats.MALFORMED
    ),
    Row(36, "swap-acceptor-hands-over-other-cards-of-the-cat", cheats.SameCatAcceptor, "F-MOVE",
        game="purrfect", players=4),
    Row(37, "swap-offerer-hands-over-other-cards-of-the-cat", cheats.SameCatOfferer, "F-MOVE",
        cheater=2, game="purrfect", players=4),
    Row(38, "offer-naming-another-seats-slot", cheats.ForeignSlotOfferer, "F-GAME", cheater=2,
        game="purrfect", players=4),
    Row(39, "offer-naming-a-slot-bound-to-another-card", cheats.RebindingOfferer, "F-BIND",
        cheater=3, game="purrfect", players=4),
    Row(49, "offer-of-two-cats-turned-over-by-its-acceptor", cheats.MixedCatOfferer, "F-GAME",
        cheater=2, game="purrfect", players=4, seed=7),  # (a game in which it is accepted)
    Row(50, "acceptance-of-two-cats-turned-over-by-the-offerer", cheats.MixedCatAcceptor,
        "F-GAME", cheater=2, game="purrfect", players=4, seed=6),
    Row(51, "honest-swap-turned-over-as-a-lie", cheats.NeedlessExposer, "F-EXPOSE", cheater=2,
        game="purrfect", players=4),
    Row(52, "swap-turned-over-with-a-false-share", cheats.FalseExposer, "F-SHARE", cheater=2,
        game="purrfect", players=4),
    Row(75, "stamp-that-does-not-skip-after-a-move", cheats.UnskippingStamper, "F-ORDER",
        cheater=1, game="purrfect", players=4),
    Row(76, "draw-shares-of-the-picked-cards-only", cheats.PickedSharesOnly, "F-DRAW", cheater=2),
    Row(77, "kept-cards-shares-withheld-by-the-drawer", cheats.KeptSharesWithheld, "F-REVEAL",
        AT_TIMEOUT, cheater=1),
    Row(78, "swap-hand-over-carrying-a-false-share-of-another-seat", cheats.FalseCarriedShare,
        "F-MOVE", cheater=2, game="purrfect", players=4),
    Row(79, "swap-hand-over-with-a-false-share-of-its-holder", cheats.FalseOwnHandOverShare,
        "F-SHARE", cheater=1, game="purrfect", players=4),
    Row(80, "pick-naming-another-position-than-its-ticket", cheats.OtherPosition, "F-DRAW"),
    Row(81, "pick-without-the-drawers-shares-of-kept-cards", cheats.KeptSharesLeftOut, "F-DRAW"),
    Row(82, "re-shuffle-carrying-a-false-share", cheats.FalseCarriedInHand, "F-SHUFFLE"),
    Row(83, "ticket-with-a-point-outside-the-group", cheats.BadTicket, "F-FORM"),
    Row(84, "ticket-making-a-positions-key-neutral", cheats.NeutralPositionKey, "F-FORM"),
    Row(85, "ticket-sent-again-with-a-pick", cheats.ReplayedTicket, "F-FORM"),
    Row(86, "key-without-a-ticket", cheats.KeyWithoutTicket, "F-FORM"),
    Row(87, "first-deck-shuffle-with-a-point-outside-the-group", cheats.OutsideGroupShuffler,
        "F-FORM", cheater=0),
]  # fmt: skip


def play(row: Row) -> Network:
    """A whole game with the cheater seated; when the table falls quiet before the game's
    end, its patience runs out (every runtime's `time_out`)."""
    rng = random.Random(row.seed)
    bots: list[Callable[..., Any]]
    if row.game == "gutters":
        bots = [GUTTERS_BOTS["planner"]().choose for _ in range(row.players)]
        options = {"mode": "competitive", "board": "standard"}
    elif row.game == "purrfect":
        bots = [PurrfectBot().choose for _ in range(row.players)]
        options = {}
    else:
        bots = [MOMISTIGRI_BOTS["heuristic"]().choose for _ in range(row.players)]
        options = {}
    network = seat_table(
        row.game,
        row.players,
        bots,
        rng,
        options=options,
        factories={row.cheater: row.factory},
        shuffle_proofs=row.proofs,
    )
    network.run(max_frames=200_000)
    for runtime in network.runtimes:
        runtime.time_out()
    return network


def honest(network: Network, cheater: int) -> list[SeatRuntime]:
    return [r for r in network.runtimes if r.seat != cheater]


@pytest.mark.parametrize("row", ROWS, ids=lambda row: row.id)
def test_cheat_catalogue_every_honest_seat_names_the_cheater(row: Row) -> None:
    network = play(row)
    for runtime in honest(network, row.cheater):
        assert runtime.accusations, f"honest seat {runtime.seat} named nobody"
        first = runtime.accusations[0]
        when = AT_ONCE if row.when == AT_TIMEOUT else row.when
        assert (first.seat, first.rule, first.when) == (row.cheater, row.rule, when), (
            f"seat {runtime.seat}: {first}"
        )
        if row.when == AT_TIMEOUT:
            assert "timed out" in first.detail
        else:
            assert first.evidence, "an accusation carries the signed message it is about"
            signer = first.evidence[0].sender
            assert signer == runtime.spec.members[row.cheater] or row.number in (20, 21, 23)
        # The round is void: nobody's game went on past the cheat.
        assert runtime.halted and not runtime.over
        if row.when == AT_AUDIT:
            assert runtime.rounds[-1].audit is not None
            assert runtime.rounds[-1].audit.accusation == first
            if row.number == 5:  # the false cat turned up: the round ended there
                assert any("turned up as no card" in note for note in runtime.notes)
        else:
            assert runtime.rounds[-1].audit is None, "the round was played on to its audit"
    # Every honest seat stopped on the same accusation.
    named = {(r.accusations[0].seat, r.accusations[0].rule) for r in honest(network, row.cheater)}
    assert len(named) == 1


@pytest.mark.parametrize("garbage", [b"", b"\xc1", b"\x97" + b"\x00" * 7, b"\xff" * 300])
def test_malformed_frames_are_dropped_and_the_game_plays_on(garbage: bytes) -> None:
    """Bytes that are not a message cannot be pinned on anyone: every seat drops them with a
    note, and the game is played to its end, fair."""
    row = Row(0, "garbage", cheats.garbage_sender(garbage), "", cheater=2)
    network = play(row)
    for runtime in network.runtimes:
        assert runtime.accusations == [] and runtime.over
        assert all(r.audit is not None and r.audit.fair for r in runtime.rounds)
    for runtime in honest(network, 2):
        assert any("dropped a frame from seat 2" in note for note in runtime.notes)
