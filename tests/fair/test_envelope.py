"""Identities, signed envelopes and the signed log: what a patched peer cannot slip past."""

import msgpack
import pytest

from lanpurr.fair.envelope import (
    GENESIS,
    Envelope,
    EnvelopeError,
    Outbox,
    Rejected,
    SignedLog,
    seal,
)
from lanpurr.fair.identity import Identity, verify_signature

TABLE = bytes(range(16))
OTHER_TABLE = bytes(16)


def test_identity_round_trips_through_its_private_bytes() -> None:
    alice = Identity.generate()
    again = Identity.from_private_bytes(alice.private_bytes())
    assert again.public_key == alice.public_key
    assert len(alice.public_key) == 32 and len(alice.private_bytes()) == 32
    assert verify_signature(alice.public_key, b"meow", again.sign(b"meow"))


def test_fingerprint_is_short_readable_and_differs_between_peers() -> None:
    a, b = Identity.generate(), Identity.generate()
    groups = a.fingerprint.split("-")
    assert [len(g) for g in groups] == [4, 4, 4, 4]
    assert a.fingerprint != b.fingerprint
    assert a.private_bytes().hex() not in repr(a)


def test_verify_signature_refuses_other_data_other_key_and_garbage() -> None:
    a, b = Identity.generate(), Identity.generate()
    sig = a.sign(b"data")
    assert not verify_signature(a.public_key, b"date", sig)
    assert not verify_signature(b.public_key, b"data", sig)
    assert not verify_signature(a.public_key, b"data", sig[:-1])
    assert not verify_signature(b"short", b"data", sig)


def test_envelope_round_trips_and_digest_chains() -> None:
    me = Identity.generate()
    out = Outbox(me, TABLE)
    first = out.seal(b"\x90")
    second = out.seal(b"\x91\x01")
    assert first.prev == GENESIS and first.seq == 0
    assert second.prev == first.digest and second.seq == 1
    assert Envelope.decode(second.encode()) == second
    assert Envelope.decode(second.encode()).digest == second.digest


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (b"", "not a msgpack envelope"),
        (b"\xc1", "not a msgpack envelope"),
        (msgpack.packb({"a": 1}), "msgpack"),
        (msgpack.packb([1, 2]), "list of 7"),
        (msgpack.packb([1, b"x" * 15, b"s" * 32, 0, bytes(32), b"", b"g" * 64]), "table"),
        (msgpack.packb([1, b"x" * 16, b"s" * 31, 0, bytes(32), b"", b"g" * 64]), "sender"),
        (msgpack.packb([1, b"x" * 16, b"s" * 32, -1, bytes(32), b"", b"g" * 64]), "seq"),
        (msgpack.packb([1, b"x" * 16, b"s" * 32, True, bytes(32), b"", b"g" * 64]), "seq"),
        (msgpack.packb([1, b"x" * 16, b"s" * 32, 0, bytes(32), "text", b"g" * 64]), "body"),
        (msgpack.packb([1, b"x" * 16, b"s" * 32, 0, bytes(32), b"", b"g" * 63]), "signature"),
        (msgpack.packb([2, b"x" * 16, b"s" * 32, 0, bytes(32), b"", b"g" * 64]), "version"),
    ],
)
def test_malformed_envelope_is_refused_with_a_reason(data: bytes, why: str) -> None:
    with pytest.raises(EnvelopeError, match=why):
        Envelope.decode(data)


def test_trailing_bytes_and_non_canonical_encodings_are_refused() -> None:
    env = seal(Identity.generate(), TABLE, 0, GENESIS, b"\x90")
    with pytest.raises(EnvelopeError):
        Envelope.decode(env.encode() + b"\x00")
    # The same seq as a 64-bit integer instead of msgpack's shortest form.
    parts = [msgpack.packb(v) for v in (1, env.table, env.sender)]
    parts.append(b"\xcf" + bytes(8))
    parts += [msgpack.packb(v) for v in (env.prev, env.body, env.signature)]
    long_form = b"\x97" + b"".join(parts)
    with pytest.raises(EnvelopeError, match="canonical"):
        Envelope.decode(long_form)


def _log_with(*members: Identity) -> SignedLog:
    return SignedLog(TABLE, [m.public_key for m in members])


def test_log_accepts_each_senders_chain_in_order() -> None:
    a, b = Identity.generate(), Identity.generate()
    log = _log_with(a, b)
    oa, ob = Outbox(a, TABLE), Outbox(b, TABLE)
    sent = [oa.seal(b"\x01"), ob.seal(b"\x02"), oa.seal(b"\x03")]
    for env in sent:
        log.accept(env)
    assert log.envelopes == tuple(sent)
    assert log.next_seq(a.public_key) == 2 and log.head(a.public_key) == sent[2].digest


def test_forged_signature_is_rejected_and_log_unchanged() -> None:
    a, mallory = Identity.generate(), Identity.generate()
    log = _log_with(a, mallory)
    real = Outbox(a, TABLE).seal(b"\x01")
    forged = Envelope(real.table, real.sender, 0, GENESIS, b"\x02", real.signature)
    with pytest.raises(Rejected) as caught:
        log.accept(forged)
    assert caught.value.reason == "forged signature"
    assert caught.value.evidence == (forged,)
    # Signed by mallory in a's name: still a forgery.
    in_a_name = Envelope(
        TABLE,
        a.public_key,
        0,
        GENESIS,
        b"\x01",
        seal(mallory, TABLE, 0, GENESIS, b"\x01").signature,
    )
    with pytest.raises(Rejected, match="forged signature"):
        log.accept(in_a_name)
    assert log.envelopes == ()
    log.accept(real)


def test_replayed_message_is_rejected() -> None:
    a = Identity.generate()
    log = _log_with(a)
    env = Outbox(a, TABLE).seal(b"\x01")
    log.accept(env)
    with pytest.raises(Rejected) as caught:
        log.accept(Envelope.decode(env.encode()))
    assert caught.value.reason == "replayed"
    assert log.envelopes == (env,)


def test_reordered_message_is_rejected_then_accepted_in_order() -> None:
    a = Identity.generate()
    log = _log_with(a)
    out = Outbox(a, TABLE)
    first, second = out.seal(b"\x01"), out.seal(b"\x02")
    with pytest.raises(Rejected) as caught:
        log.accept(second)
    assert caught.value.reason == "out of order"
    log.accept(first)
    log.accept(second)
    assert log.envelopes == (first, second)


def test_message_for_another_table_is_rejected() -> None:
    a = Identity.generate()
    log = _log_with(a)
    with pytest.raises(Rejected) as caught:
        log.accept(Outbox(a, OTHER_TABLE).seal(b"\x01"))
    assert caught.value.reason == "wrong table"
    assert log.envelopes == ()


def test_two_different_messages_with_one_seq_are_equivocation_with_both_as_evidence() -> None:
    a = Identity.generate()
    log = _log_with(a)
    honest = seal(a, TABLE, 0, GENESIS, b"\x01")
    other = seal(a, TABLE, 0, GENESIS, b"\x02")
    log.accept(honest)
    with pytest.raises(Rejected) as caught:
        log.accept(other)
    assert caught.value.reason == "equivocation"
    assert caught.value.evidence == (honest, other)


def test_wrong_prev_is_a_broken_chain_and_strangers_are_refused() -> None:
    a, stranger = Identity.generate(), Identity.generate()
    log = _log_with(a)
    log.accept(seal(a, TABLE, 0, GENESIS, b"\x01"))
    with pytest.raises(Rejected, match="broken chain"):
        log.accept(seal(a, TABLE, 1, GENESIS, b"\x02"))
    with pytest.raises(Rejected, match="unknown sender"):
        log.accept(seal(stranger, TABLE, 0, GENESIS, b"\x01"))


def test_a_frame_changed_after_the_same_frame_was_decoded_is_still_refused() -> None:
    # A frame is decoded by several parts of a laptop and remembered by its bytes: a frame
    # that differs in one byte, or is not canonical, must not be taken for the one remembered.
    env = seal(Identity.generate(), TABLE, 0, GENESIS, b"\x90")
    data = env.encode()
    assert Envelope.decode(data) == env
    assert Envelope.decode(data).signature_ok()
    forged = data[:-1] + bytes([data[-1] ^ 1])
    assert Envelope.decode(forged) != env
    assert not Envelope.decode(forged).signature_ok()
    with pytest.raises(EnvelopeError):
        Envelope.decode(data + b"\x00")
    long_form = b"\x97" + b"".join(
        [msgpack.packb(v) for v in (1, env.table, env.sender)]
        + [b"\xcf" + bytes(8)]  # seq 0 as a 64-bit integer: the same envelope, not canonical
        + [msgpack.packb(v) for v in (env.prev, env.body, env.signature)]
    )
    with pytest.raises(EnvelopeError, match="canonical"):
        Envelope.decode(long_form)


def test_my_own_message_enters_my_log_but_a_copy_with_another_body_does_not() -> None:
    # A laptop does not check its own fresh signature again; a changed copy is still checked.
    me = Identity.generate()
    log = _log_with(me)
    env = Outbox(me, TABLE).seal(b"\x01")
    changed = Envelope(env.table, env.sender, env.seq, env.prev, b"\x02", env.signature)
    with pytest.raises(Rejected, match="forged signature"):
        log.accept(changed)
    log.accept(env)
    assert log.envelopes == (env,) and len(log) == 1
