"""The proof of a shuffle alone: it holds for every honest shuffle, and any change to either
deck, to the proof or to the transcript it is bound to makes it fail."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lanpurr.fair import group as g
from lanpurr.fair.masked_deck import (
    Masked,
    ShuffleSecret,
    apply_shuffle,
    card_points,
    open_deck,
    remask,
    shuffle,
    unmask_with_key,
)
from lanpurr.fair.round_state import MAX_CARDS
from lanpurr.fair.shuffle_proof import (
    Shuffled,
    generators,
    memo_key,
    proof_size,
    prove_shuffle,
    verify_shuffle,
    verify_shuffles,
)
from tests.fair.encodings import bad_encodings, negated

CONTEXT = b"table 7, round 2, seat 1, shuffle"
N = 6


def _rng(seed: int) -> g.Randomness:
    return random.Random(seed).randbytes


def _table(n: int, seed: int) -> tuple[bytes, g.Point, list[Masked]]:
    rng = _rng(seed)
    x = g.random_scalar(rng)
    key = g.base_mul(x)
    # A deck already shuffled once, so that its C1 are not all G.
    deck, _ = shuffle(open_deck(card_points("test", n), key), key, rng)
    return x, key, deck


X, KEY, DECK = _table(N, 1)
OUT, SECRET = shuffle(DECK, KEY, _rng(2))
PROOF = prove_shuffle(DECK, OUT, KEY, SECRET, CONTEXT, _rng(3))


def test_an_honest_shuffle_is_proven_and_the_proof_has_its_size() -> None:
    assert verify_shuffle(DECK, OUT, KEY, PROOF, CONTEXT) == ""
    assert len(PROOF) == proof_size(N) == 32 * (5 * N + 9)


@pytest.mark.parametrize("n", [1, 2, 3, 5, 10, 17])
def test_completeness_over_many_random_shuffles(n: int) -> None:
    for seed in range(25):
        _, key, deck = _table(n, 100 * n + seed)
        rng = _rng(seed)
        out, secret = shuffle(deck, key, rng)
        proof = prove_shuffle(deck, out, key, secret, CONTEXT, rng)
        assert verify_shuffle(deck, out, key, proof, CONTEXT) == "", (n, seed)


@pytest.mark.parametrize("n", [46, 52, 63])
def test_completeness_for_whole_decks(n: int) -> None:
    _, key, deck = _table(n, n)
    out, secret = shuffle(deck, key, _rng(n))
    proof = prove_shuffle(deck, out, key, secret, CONTEXT)
    assert verify_shuffle(deck, out, key, proof, CONTEXT) == ""


def test_an_empty_hand_has_an_empty_proof() -> None:
    assert prove_shuffle([], [], KEY, ShuffleSecret((), ()), CONTEXT) == b""
    assert verify_shuffle([], [], KEY, b"", CONTEXT) == ""
    assert verify_shuffle([], [], KEY, b"\x00", CONTEXT) != ""


def test_the_proof_is_bound_to_the_identity_permutation_too() -> None:
    # Re-masking in place is a shuffle (the identity permutation); it must be provable.
    secret = ShuffleSecret(tuple(range(N)), tuple(g.random_scalar() for _ in range(N)))
    out = apply_shuffle(DECK, KEY, secret)
    proof = prove_shuffle(DECK, out, KEY, secret, CONTEXT)
    assert verify_shuffle(DECK, out, KEY, proof, CONTEXT) == ""


# ---- any change to a deck ------------------------------------------------------------------

changes = st.sampled_from(
    ["remask", "swap", "other card", "add G", "duplicate", "C1 only", "C2 only", "reverse"]
)


def _changed(deck: list[Masked], how: str, i: int, j: int) -> list[Masked]:
    deck = list(deck)
    if how == "remask":  # a fresh masking of the same card: still a card, but not this proof's
        deck[i] = remask(deck[i], KEY, g.random_scalar())
    elif how == "swap":
        j = (i + 1 + j % (N - 1)) % N
        deck[i], deck[j] = deck[j], deck[i]
    elif how == "other card":
        fake = g.hash_to_point(b"my own ace")
        r = g.random_scalar()
        deck[i] = (g.base_mul(r), g.add(fake, g.mul(r, KEY)))
    elif how == "add G":
        deck[i] = (deck[i][0], g.add(deck[i][1], g.GENERATOR))
    elif how == "duplicate":
        j = (i + 1 + j % (N - 1)) % N
        deck[i] = remask(deck[j], KEY, g.random_scalar())
    elif how == "C1 only":
        deck[i] = (g.add(deck[i][0], g.GENERATOR), deck[i][1])
    elif how == "C2 only":
        deck[i] = (deck[i][0], g.sub(deck[i][1], g.GENERATOR))
    else:
        deck.reverse()
    return deck


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(how=changes, i=st.integers(0, N - 1), j=st.integers(0, 100))
def test_any_change_to_the_shuffled_deck_fails(how: str, i: int, j: int) -> None:
    changed = _changed(OUT, how, i, j)
    assert changed != OUT
    assert verify_shuffle(DECK, changed, KEY, PROOF, CONTEXT) != ""


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(how=changes, i=st.integers(0, N - 1), j=st.integers(0, 100))
def test_any_change_to_the_deck_received_fails(how: str, i: int, j: int) -> None:
    changed = _changed(DECK, how, i, j)
    assert changed != DECK
    assert verify_shuffle(changed, OUT, KEY, PROOF, CONTEXT) != ""


def test_a_deck_of_another_size_fails() -> None:
    assert "cards" in verify_shuffle(DECK, OUT[:-1], KEY, PROOF, CONTEXT)
    assert verify_shuffle(DECK[:-1], OUT[:-1], KEY, PROOF, CONTEXT) != ""


def test_a_shuffle_that_is_not_a_permutation_cannot_be_proven() -> None:
    # The prover is handed a deck in which one card is duplicated: the proof it makes fails.
    cheat = _changed(OUT, "duplicate", 0, 0)
    proof = prove_shuffle(DECK, cheat, KEY, SECRET, CONTEXT)
    assert "does not hold" in verify_shuffle(DECK, cheat, KEY, proof, CONTEXT)
    # And the decryption shows why: one card twice.
    faces = sorted(unmask_with_key(c, X) for c in cheat)
    assert len(set(faces)) == N - 1


# ---- any change to the proof ------------------------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(at=st.integers(0, proof_size(N) - 1), flip=st.integers(1, 255))
def test_any_changed_byte_of_the_proof_fails(at: int, flip: int) -> None:
    forged = bytearray(PROOF)
    forged[at] ^= flip
    assert verify_shuffle(DECK, OUT, KEY, bytes(forged), CONTEXT) != ""


@settings(max_examples=40, deadline=None)
@given(cut=st.integers(0, proof_size(N) - 1), extra=st.binary(min_size=1, max_size=64))
def test_a_proof_of_the_wrong_length_fails(cut: int, extra: bytes) -> None:
    assert "bytes" in verify_shuffle(DECK, OUT, KEY, PROOF[:cut], CONTEXT)
    assert "bytes" in verify_shuffle(DECK, OUT, KEY, PROOF + extra, CONTEXT)


@pytest.mark.parametrize("value", [None, 7, [PROOF], "proof", {"proof": PROOF}])
def test_a_proof_that_is_not_bytes_fails(value: object) -> None:
    assert "missing" in verify_shuffle(DECK, OUT, KEY, value, CONTEXT)


def _word(proof: bytes, k: int, value: bytes) -> bytes:
    return proof[: 32 * k] + value + proof[32 * k + 32 :]


POINTS = 3 * N + 5
"""Commitments, chain, t₁ … t₅ and t̂: the points of a proof, before its scalars."""


@pytest.mark.parametrize("k", range(POINTS))
def test_every_point_of_the_proof_is_validated(k: int) -> None:
    """Commitments (k < N), chain, the Σ-protocol's commitments t and t̂: the neutral
    element, a field element not below p, a string that is no element, the point's negated
    encoding and its encoding with the top bit set all fail as invalid elements rather than
    merely as a wrong proof (tests/fair/encodings.py)."""
    point = PROOF[32 * k : 32 * k + 32]
    for bad in bad_encodings(point):
        problem = verify_shuffle(DECK, OUT, KEY, _word(PROOF, k, bad), CONTEXT)
        assert "invalid element" in problem, (k, bad.hex(), problem)


@pytest.mark.parametrize("j", range(N))
def test_a_zero_response_for_an_output_card_fails(j: int) -> None:
    """s'_j multiplies output card j, and that multiplication is what validates the card."""
    assert "zero" in verify_shuffle(
        DECK, OUT, KEY, _word(PROOF, POINTS + 4 + N + j, bytes(32)), CONTEXT
    )


@pytest.mark.parametrize("k", range(POINTS, 5 * N + 9))
def test_every_scalar_of_the_proof_must_be_canonical(k: int) -> None:
    value = g.scalar_to_int(PROOF[32 * k : 32 * k + 32]) + g.ORDER
    if value >= 2**256:
        value -= 2 * g.ORDER
    assert "canonical" in verify_shuffle(
        DECK, OUT, KEY, _word(PROOF, k, value.to_bytes(32, "little")), CONTEXT
    )


# ---- any change to the transcript ---------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(context=st.binary(max_size=80))
def test_a_proof_made_for_another_transcript_position_fails(context: bytes) -> None:
    if context != CONTEXT:
        assert verify_shuffle(DECK, OUT, KEY, PROOF, context) != ""


def test_a_proof_under_another_key_fails() -> None:
    other = g.base_mul(g.random_scalar())
    assert verify_shuffle(DECK, OUT, other, PROOF, CONTEXT) != ""
    assert verify_shuffle(DECK, OUT, g.add(KEY, g.GENERATOR), PROOF, CONTEXT) != ""


def test_a_proof_from_another_shuffle_of_the_same_deck_fails() -> None:
    out2, secret2 = shuffle(DECK, KEY)
    proof2 = prove_shuffle(DECK, out2, KEY, secret2, CONTEXT)
    assert verify_shuffle(DECK, out2, KEY, proof2, CONTEXT) == ""
    assert verify_shuffle(DECK, OUT, KEY, proof2, CONTEXT) != ""
    assert verify_shuffle(DECK, out2, KEY, PROOF, CONTEXT) != ""


def test_two_proofs_of_one_shuffle_differ_and_both_hold() -> None:
    """Zero knowledge in practice: fresh randomness each time, nothing repeats."""
    again = prove_shuffle(DECK, OUT, KEY, SECRET, CONTEXT)
    assert again != PROOF
    assert verify_shuffle(DECK, OUT, KEY, again, CONTEXT) == ""


# ---- the points of the decks --------------------------------------------------------------


@pytest.mark.parametrize("half", [0, 1])
@pytest.mark.parametrize("j", range(N))
def test_every_point_of_the_shuffled_deck_is_validated_by_the_check(j: int, half: int) -> None:
    """The protocol leaves a proven deck's points to the proof's check: each one must be
    refused there as an invalid element, whatever the rest of the proof says."""
    for bad in bad_encodings(OUT[j][half]):
        changed = list(OUT)
        changed[j] = (bad, OUT[j][1]) if half == 0 else (OUT[j][0], bad)
        problem = verify_shuffle(DECK, changed, KEY, PROOF, CONTEXT)
        assert "invalid element" in problem, (j, half, bad.hex(), problem)


# ---- several shuffles checked together --------------------------------------------------


def _chain(count: int, n: int, seed: int) -> list[Shuffled]:
    """`count` honest shuffles of one deck, each made on the one before (a deal)."""
    rng = _rng(seed)
    deck = open_deck(card_points("chain", n), KEY)
    shuffles = []
    for k in range(count):
        out, secret = shuffle(deck, KEY, rng)
        context = CONTEXT + bytes([k])
        shuffles.append(
            Shuffled(deck, out, prove_shuffle(deck, out, KEY, secret, context, rng), context)
        )
        deck = out
    return shuffles


CHAIN = _chain(5, 9, 11)


def test_the_shuffles_of_a_deal_hold_together_and_with_one_left_out() -> None:
    assert verify_shuffles(CHAIN, KEY) == (-1, "")
    # A checker never checks its own shuffle: the chain has a gap where it shuffled.
    assert verify_shuffles(CHAIN[:2] + CHAIN[3:], KEY) == (-1, "")
    assert verify_shuffles([], KEY) == (-1, "")


@pytest.mark.parametrize("k", range(len(CHAIN)))
def test_a_false_proof_among_the_deals_shuffles_is_named_by_its_place(k: int) -> None:
    other = CHAIN[(k + 1) % len(CHAIN)]
    swapped = Shuffled(CHAIN[k].deck_in, CHAIN[k].deck_out, other.proof, CHAIN[k].context)
    index, problem = verify_shuffles([*CHAIN[:k], swapped, *CHAIN[k + 1 :]], KEY)
    assert (index, "does not hold" in problem) == (k, True)


@pytest.mark.parametrize("k", range(len(CHAIN)))
def test_a_changed_card_in_any_deck_of_the_deal_names_the_shuffle_that_put_it_out(k: int) -> None:
    out = list(CHAIN[k].deck_out)
    out[3] = remask(out[3], KEY, g.random_scalar())
    changed = list(CHAIN)
    changed[k] = Shuffled(CHAIN[k].deck_in, out, CHAIN[k].proof, CHAIN[k].context)
    if k + 1 < len(CHAIN):  # the next shuffle, honest, was made on the changed deck
        rng = _rng(k)
        nxt, secret = shuffle(out, KEY, rng)
        context = CHAIN[k + 1].context
        changed[k + 1] = Shuffled(
            out, nxt, prove_shuffle(out, nxt, KEY, secret, context, rng), context
        )
        changed[k + 2 :] = []
    assert verify_shuffles(changed, KEY)[0] == k


def test_the_first_false_proof_is_named_even_when_a_later_one_is_malformed() -> None:
    swapped = Shuffled(CHAIN[1].deck_in, CHAIN[1].deck_out, CHAIN[2].proof, CHAIN[1].context)
    cut = Shuffled(CHAIN[3].deck_in, CHAIN[3].deck_out, CHAIN[3].proof[:-1], CHAIN[3].context)
    assert verify_shuffles([CHAIN[0], swapped, CHAIN[2], cut], KEY)[0] == 1
    assert verify_shuffles([CHAIN[0], CHAIN[1], CHAIN[2], cut], KEY) == (
        3,
        f"the shuffle proof is {len(cut.proof) if isinstance(cut.proof, bytes) else 0} bytes; "
        f"a proof for 9 cards is {proof_size(9)}",
    )


def test_an_invalid_point_in_a_deck_of_the_deal_is_named_as_one() -> None:
    out = list(CHAIN[2].deck_out)
    out[0] = (negated(out[0][0]), out[0][1])
    changed = [*CHAIN[:2], Shuffled(CHAIN[2].deck_in, out, CHAIN[2].proof, CHAIN[2].context)]
    index, problem = verify_shuffles(changed, KEY)
    assert index == 2 and "invalid element" in problem


# ---- the proofs that held, remembered --------------------------------------------------


def _run_together(
    deck_in: list[Masked], deck_out: list[Masked], key: g.Point, proof: bytes, context: bytes
) -> bytes:
    """The remembered proofs' old key, before its digest: every part run together, unframed."""
    cards = b"".join(c1 + c2 for c1, c2 in [*deck_in, *deck_out])
    return cards + key + proof + context


def test_statements_whose_parts_run_together_alike_are_remembered_apart() -> None:
    """Each of these gave the key of the honest statement before the parts were framed."""
    shifted = [(OUT[0][0] + OUT[0][1][:1], OUT[0][1][1:]), *OUT[1:]]
    others = [
        (DECK, shifted, KEY, PROOF, CONTEXT),  # a byte from one point to the other
        (DECK, OUT, KEY, PROOF[:-1], PROOF[-1:] + CONTEXT),  # from the proof to the context
        ([*DECK, OUT[0]], OUT[1:], KEY, PROOF, CONTEXT),  # a card from one deck to the other
    ]
    mine = memo_key(DECK, OUT, KEY, PROOF, CONTEXT)
    for other in others:
        assert _run_together(*other) == _run_together(DECK, OUT, KEY, PROOF, CONTEXT)
        assert memo_key(*other) != mine
    assert len({memo_key(*other) for other in others}) == len(others)


# ---- the generators -------------------------------------------------------------------


def test_generators_are_valid_distinct_and_not_the_base_point() -> None:
    hs, start = generators(MAX_CARDS)
    every = [*hs, start]
    assert all(g.is_point(h) for h in every)
    assert len(set(every)) == len(every) == MAX_CARDS + 1
    assert g.GENERATOR not in every and g.IDENTITY not in every
    # A prefix of the family: a hand's generators are the deck's first ones.
    assert generators(10) == (hs[:10], start)
    # None of them is a small multiple of G or of another (a cheap sanity check on the hash).
    small = {g.base_mul(g.scalar_from_int(k)) for k in range(1, 65)}
    assert not small & set(every)
