"""Whatever a seated peer signs and sends, an honest peer never crashes: it accepts the message
or names the sender with a rule, and its public state stays as it was."""

import copy
from typing import Any

import msgpack
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lanpurr.fair.accusation import RULES
from lanpurr.fair.envelope import seal
from lanpurr.fair.harness import Table

KINDS = ["key", "seed", "shuffle", "shares", "give", "hand", "pick", "play", "secrets", "nope"]
FIELDS = [
    "key",
    "pok",
    "commit",
    "seed",
    "nonce",
    "on",
    "deck",
    "proof",
    "step",
    "shares",
    "card",
    "cards",
    "positions",
    "slots",
    "action",
    "keep",
    "x",
    "shuffle",
    "hands",
]
leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**64 - 1),
    st.binary(max_size=70),
    st.text(max_size=5),
)
value = st.recursive(leaf, lambda inner: st.lists(inner, max_size=4), max_leaves=10)
bodies = st.fixed_dictionaries(
    {"k": st.sampled_from(KINDS), "r": st.sampled_from([1, 1, 1, 2])},
    optional={name: value for name in FIELDS},
)


def _ready_table() -> Table:
    table = Table(3, 6)
    table.start()
    table.everyone("deal", [0, 1, 2, 0, 1, 2])
    return table


TABLE = _ready_table()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=bodies)
def test_any_signed_message_is_accepted_or_blamed_never_a_crash(body: dict[str, Any]) -> None:
    sender = TABLE.peers[2]
    assert sender.outbox is not None
    victim = _fresh_copy_of_peer_0()
    before = (list(victim.cards), list(victim.owner), [dict(s) for s in victim.shares])
    envelope = seal(
        sender.outbox.identity,
        TABLE.setup.table,
        victim.log.next_seq(sender.outbox.identity.public_key),
        victim.log.head(sender.outbox.identity.public_key),
        msgpack.packb(body, use_bin_type=True),
    )
    victim.receive(envelope.encode(), 2)
    for accusation in victim.accusations:
        assert accusation.seat == 2 and accusation.rule in RULES
    if victim.accusations:
        assert (list(victim.cards), list(victim.owner), [dict(s) for s in victim.shares]) == before


def _fresh_copy_of_peer_0() -> Any:
    return copy.deepcopy(TABLE.peers[0])
