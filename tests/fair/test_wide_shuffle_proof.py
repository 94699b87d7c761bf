"""The proof of a shuffle of wide cards: masked cards (C1, C2) carrying k more columns, each
re-masked with the card's one mask over its own base (a seat's decryption share x_C·C1 over
H_C = x_C·G). An honest wide shuffle holds, alone and among masked ones; any column changed,
or other bases, fails; and masked cards (k = 0) are proven exactly as before."""

import hashlib
import random
from collections.abc import Iterator, Sequence

import pytest

from lanpurr.fair import group as g
from lanpurr.fair import shuffle_proof
from lanpurr.fair.masked_deck import Masked, ShuffleSecret, card_points, open_deck, shuffle
from lanpurr.fair.shuffle_proof import (
    Card,
    Shuffled,
    memo_key,
    proof_form,
    proof_size,
    prove_shuffle,
    verify_shuffle,
    verify_shuffles,
)
from tests.fair.encodings import bad_encodings

CONTEXT = b"table 3, round 1, seat 2, hand re-shuffle"


@pytest.fixture(autouse=True)
def _check_every_proof(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every proof checked, none taken from the proofs that held before."""
    monkeypatch.setattr(shuffle_proof, "REMEMBER", False)
    yield


def _rng(seed: int) -> g.Randomness:
    return random.Random(seed).randbytes


class Table:
    """A joint key, k other seats' key shares and a masked deck already shuffled once."""

    def __init__(self, n: int, k: int, seed: int) -> None:
        rng = _rng(seed)
        self.shares = [g.random_scalar(rng) for _ in range(k)]
        self.extra = tuple(g.base_mul(x) for x in self.shares)  # H_C = x_C·G
        self.key = g.base_mul(g.random_scalar(rng))
        self.masked, _ = shuffle(open_deck(card_points("wide", n), self.key), self.key, rng)

    def wide(self, deck: Sequence[Masked]) -> list[Card]:
        """Each card with every seat's decryption share x_C·C1 as a column."""
        return [(c1, c2, *(g.mul(x, c1) for x in self.shares)) for c1, c2 in deck]

    def reshuffled(self, rng: g.Randomness) -> tuple[list[Card], ShuffleSecret]:
        """The wide deck shuffled: out[j][m] = in[π(j)][m] + s_j·base_m for every column m."""
        out, secret = shuffle(self.masked, self.key, rng)
        deck_in = self.wide(self.masked)
        wide_out: list[Card] = [
            (*out[j], *remasked(deck_in[i][2:], self.extra, s))
            for j, (i, s) in enumerate(zip(secret.permutation, secret.masks, strict=True))
        ]
        return wide_out, secret


def remasked(columns: Sequence[g.Point], bases: Sequence[g.Point], s: g.Scalar) -> list[g.Point]:
    return [g.add(c, g.mul(s, b)) for c, b in zip(columns, bases, strict=True)]


def proven(table: Table, seed: int) -> tuple[list[Card], list[Card], bytes]:
    out, secret = table.reshuffled(_rng(seed))
    deck_in = table.wide(table.masked)
    proof = prove_shuffle(
        deck_in, out, table.key, secret, CONTEXT, _rng(seed + 1), extra=table.extra
    )
    return deck_in, out, proof


def masked_shuffle(table: Table, seed: int) -> Shuffled:
    """A width-2 shuffle under the same key, to check alongside wide ones."""
    rng = _rng(seed)
    out, secret = shuffle(table.masked, table.key, rng)
    proof = prove_shuffle(table.masked, out, table.key, secret, CONTEXT, rng)
    return Shuffled(table.masked, out, proof, CONTEXT)


# ---- honest wide shuffles --------------------------------------------------------------------


@pytest.mark.parametrize("k", [0, 1, 3])
@pytest.mark.parametrize("n", [1, 2, 10])
def test_an_honest_wide_shuffle_holds_alone_and_among_masked_shuffles(n: int, k: int) -> None:
    table = Table(n, k, 10 * n + k)
    deck_in, out, proof = proven(table, n + k)
    # The extra columns are the seats' shares of the re-masked cards.
    for card in out:
        assert list(card[2:]) == [g.mul(x, card[0]) for x in table.shares]
    assert len(proof) == proof_size(n, 2 + k) == 32 * (5 * n + 7 + 2 + k)
    assert proof_form(n, proof, 2 + k) == ""
    assert verify_shuffle(deck_in, out, table.key, proof, CONTEXT, extra=table.extra) == ""
    wide = Shuffled(deck_in, out, proof, CONTEXT, table.extra)
    narrow = masked_shuffle(table, 99)
    assert verify_shuffles([narrow, wide], table.key) == (-1, "")
    assert verify_shuffles([wide, narrow, wide], table.key) == (-1, "")


def test_shuffles_of_several_widths_hold_together() -> None:
    tables = [Table(4, k, 500 + k) for k in (0, 1, 2, 3)]
    key = tables[0].key
    batch = []
    for k, table in enumerate(tables):
        table.key = key  # one joint key for the whole batch
        table.masked, _ = shuffle(open_deck(card_points("batch", 4), key), key, _rng(k))
        deck_in, out, proof = proven(table, 600 + k)
        batch.append(Shuffled(deck_in, out, proof, CONTEXT, table.extra))
    assert verify_shuffles(batch, key) == (-1, "")


# ---- a changed column ------------------------------------------------------------------------

N = 5
TABLE = Table(N, 3, 7)
IN, OUT, PROOF = proven(TABLE, 8)


def _with_column(deck: Sequence[Card], j: int, m: int, point: g.Point) -> list[Card]:
    changed = list(deck)
    changed[j] = (*deck[j][:m], point, *deck[j][m + 1 :])
    return changed


def _changed_columns(j: int, m: int) -> dict[str, g.Point]:
    """Other points for column m (an extra one) of output card j."""
    seat = m - 2
    share_of_another_card = g.mul(TABLE.shares[seat], OUT[(j + 1) % N][0])
    other_mask = g.add(OUT[j][m], g.mul(g.random_scalar(_rng(j)), TABLE.extra[seat]))
    return {
        "plus G": g.add(OUT[j][m], g.GENERATOR),
        "share of another card": share_of_another_card,
        "re-masked with another s": other_mask,
        "the input's column": IN[j][m],
        "another seat's share": g.mul(TABLE.shares[(seat + 1) % 3], OUT[j][0]),
    }


@pytest.mark.parametrize("m", [2, 3, 4])
@pytest.mark.parametrize("j", [0, N - 1])
def test_a_changed_extra_column_fails_and_the_batch_names_its_shuffle(j: int, m: int) -> None:
    narrow = masked_shuffle(TABLE, 41)
    for how, point in _changed_columns(j, m).items():
        assert point != OUT[j][m], how
        changed = _with_column(OUT, j, m, point)
        problem = verify_shuffle(IN, changed, TABLE.key, PROOF, CONTEXT, extra=TABLE.extra)
        assert "does not hold" in problem, how
        wide = Shuffled(IN, changed, PROOF, CONTEXT, TABLE.extra)
        index, problem = verify_shuffles([narrow, wide, narrow], TABLE.key)
        assert (index, "does not hold" in problem) == (1, True), how


@pytest.mark.parametrize("m", [2, 3, 4])
def test_a_changed_extra_column_of_the_deck_received_fails(m: int) -> None:
    changed = _with_column(IN, 1, m, g.add(IN[1][m], g.GENERATOR))
    assert verify_shuffle(changed, OUT, TABLE.key, PROOF, CONTEXT, extra=TABLE.extra) != ""


def test_columns_swapped_between_seats_fail() -> None:
    swapped = [(*card[:2], card[3], card[2], card[4]) for card in OUT]
    assert verify_shuffle(IN, swapped, TABLE.key, PROOF, CONTEXT, extra=TABLE.extra) != ""


@pytest.mark.parametrize("m", [2, 3, 4])
@pytest.mark.parametrize("j", range(N))
def test_every_point_of_an_extra_output_column_is_validated(j: int, m: int) -> None:
    for bad in bad_encodings(OUT[j][m]):
        changed = _with_column(OUT, j, m, bad)
        problem = verify_shuffle(IN, changed, TABLE.key, PROOF, CONTEXT, extra=TABLE.extra)
        assert "invalid element" in problem, (j, m, bad.hex(), problem)


@pytest.mark.parametrize("k", range(3 * N + 3 + 5))
def test_every_point_of_a_wide_proof_is_validated(k: int) -> None:
    """Commitments, chain, t₁ … t₃, one t per column (five here) and t̂."""
    for bad in bad_encodings(PROOF[32 * k : 32 * k + 32]):
        forged = PROOF[: 32 * k] + bad + PROOF[32 * k + 32 :]
        problem = verify_shuffle(IN, OUT, TABLE.key, forged, CONTEXT, extra=TABLE.extra)
        assert "invalid element" in problem, (k, bad.hex(), problem)


# ---- other bases, other widths ---------------------------------------------------------------


def test_a_proof_for_some_extra_bases_fails_for_others() -> None:
    x, y, z = TABLE.extra
    other = g.base_mul(g.random_scalar(_rng(3)))
    for bases in [(y, x, z), (x, y, other), (x, y, g.add(z, g.GENERATOR)), (TABLE.key, y, z)]:
        assert verify_shuffle(IN, OUT, TABLE.key, PROOF, CONTEXT, extra=bases) != "", bases
        index, _ = verify_shuffles([Shuffled(IN, OUT, PROOF, CONTEXT, bases)], TABLE.key)
        assert index == 0


def test_a_proof_that_held_is_not_remembered_for_other_bases(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(shuffle_proof, "REMEMBER", True)
    x, y, z = TABLE.extra
    assert verify_shuffle(IN, OUT, TABLE.key, PROOF, CONTEXT, extra=TABLE.extra) == ""
    assert verify_shuffle(IN, OUT, TABLE.key, PROOF, CONTEXT, extra=(y, x, z)) != ""
    mine = memo_key(IN, OUT, TABLE.key, PROOF, CONTEXT, extra=TABLE.extra)
    assert mine != memo_key(IN, OUT, TABLE.key, PROOF, CONTEXT, extra=(y, x, z))
    assert mine != memo_key(IN, OUT, TABLE.key, PROOF, CONTEXT)


def test_an_invalid_extra_base_is_named() -> None:
    x, y, _ = TABLE.extra
    for bad in bad_encodings(x):
        problem = verify_shuffle(IN, OUT, TABLE.key, PROOF, CONTEXT, extra=(x, y, bad))
        assert "extra base" in problem


def test_cards_of_the_wrong_width_are_refused_with_a_reason() -> None:
    key, x, y, z = TABLE.key, *TABLE.extra
    narrower = [card[:4] for card in OUT]
    uneven = [*OUT[:2], OUT[2][:4], *OUT[3:]]
    cases = [
        (IN, OUT, ()),  # wide cards, no extra bases
        (IN, OUT, (x, y)),  # one base too few
        (IN, narrower, (x, y, z)),
        (IN, uneven, (x, y, z)),
        ([card[:2] for card in IN], OUT, (x, y, z)),
    ]
    for deck_in, deck_out, bases in cases:
        problem = verify_shuffle(deck_in, deck_out, key, PROOF, CONTEXT, extra=bases)
        assert "points" in problem and "extra bases" in problem, problem
        index, problem = verify_shuffles(
            [masked_shuffle(TABLE, 5), Shuffled(deck_in, deck_out, PROOF, CONTEXT, bases)], key
        )
        assert index == 1 and "points" in problem
    _, secret = TABLE.reshuffled(_rng(8))
    with pytest.raises(ValueError, match="points"):
        prove_shuffle(IN, uneven, key, secret, CONTEXT, extra=TABLE.extra)


def test_a_wide_proof_has_its_own_length() -> None:
    problem = verify_shuffle(IN, OUT, TABLE.key, PROOF[:-32], CONTEXT, extra=TABLE.extra)
    assert problem == (
        f"the shuffle proof is {len(PROOF) - 32} bytes; "
        f"a proof for {N} cards of 5 points is {proof_size(N, 5)}"
    )
    assert proof_size(N, 5) == proof_size(N) + 3 * 32


# ---- masked cards, as before -----------------------------------------------------------------

BEFORE = {
    1: (
        "baa0d46cd23aaed600915056e9b654b39a1f2e86578dea3e22dd074d5d265fc6",
        "f614b46df9e2cc70a365da64a60173c8deca961d77bfdf6925fa5f662cee02f7",
    ),
    2: (
        "7a6e9dc266b45808ed15c7140dc347ef8ee161c5e3490c4fedb39f505190b237",
        "f91248ba7799dbc57fbe29114d0df46c99004740663231f15fb863de9e5025e4",
    ),
    10: (
        "18cbef96a2c383be10dbe52b1ab8c4f97b3c08a86f7a0851a8c11e1ebf9fc4fb",
        "607bd8c458f6566a2eab7daf2b607985f4889122a1cab9797cb4042713547836",
    ),
}
"""SHA-256 of a masked shuffle's proof and of its memo key, made with deterministic
randomness by the code before wide cards."""


@pytest.mark.parametrize("n", sorted(BEFORE))
def test_a_masked_shuffle_is_proven_byte_for_byte_as_before(n: int) -> None:
    rng = _rng(1000 + n)
    key = g.base_mul(g.random_scalar(rng))
    deck, _ = shuffle(open_deck(card_points("wide", n), key), key, rng)
    out, secret = shuffle(deck, key, rng)
    proof = prove_shuffle(deck, out, key, secret, b"ctx", _rng(7))
    assert proof == prove_shuffle(deck, out, key, secret, b"ctx", _rng(7), extra=())
    memo = memo_key(deck, out, key, proof, b"ctx")
    digests = hashlib.sha256(proof).hexdigest(), hashlib.sha256(memo).hexdigest()
    assert digests == BEFORE[n]
    assert len(proof) == proof_size(n) == proof_size(n, 2) == 32 * (5 * n + 9)
    assert verify_shuffle(deck, out, key, proof, b"ctx") == ""
