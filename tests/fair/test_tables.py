"""The fair round's two tables: its phases may only take the steps PHASE_STEPS holds, and a
message is read against MESSAGES (its kind, its phase, its fields) before any handler runs."""

import copy
from typing import Any

import msgpack
import pytest

from lanpurr.fair.envelope import seal
from lanpurr.fair.harness import Table
from lanpurr.fair.messages import ANY, BOOL, BYTES, INT, LIST, MESSAGES, Field, Kind, admit
from lanpurr.fair.protocol import FairPeer
from lanpurr.fair.round_state import PHASE_STEPS, IllegalPhaseStep, Phase

SENDER = 2


def _ready_table() -> Table:
    table = Table(3, 6)
    table.start()
    table.everyone("deal", [0, 1, 2, 0, 1, 2])
    return table


TABLE = _ready_table()


class Spy:
    """Stands in for a handler: records that it ran."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, dict[str, Any]]] = []

    def __call__(self, seat: int, body: dict[str, Any]) -> None:
        self.calls.append((seat, body))


def _victim(phase: Phase) -> tuple[FairPeer, dict[Kind, Spy]]:
    """A copy of seat 0's peer, put in `phase`, with every handler replaced by a spy, silent."""
    victim: FairPeer = copy.deepcopy(TABLE.peers[0])
    victim.phase = phase
    victim.outbox = None  # it sends nothing: its spies would never record what it owes
    spies = {kind: Spy() for kind in Kind}
    for kind, spy in spies.items():
        setattr(victim, f"_on_{kind}", spy)
    return victim, spies


def _send(victim: FairPeer, body: dict[str, Any]) -> None:
    sender = TABLE.peers[SENDER].outbox
    assert sender is not None
    key = sender.identity.public_key
    envelope = seal(
        sender.identity,
        TABLE.setup.table,
        victim.log.next_seq(key),
        victim.log.head(key),
        msgpack.packb({"r": TABLE.setup.round, **body}, use_bin_type=True),
    )
    victim.receive(envelope.encode(), SENDER)


def _value(spec: Field) -> Any:
    """A value of the type the field wants."""
    if spec.types == INT:
        return 0
    if spec.types == BYTES:
        return b"\x00" * 32
    if spec.types == LIST:
        return []
    if spec.types == BOOL:
        return False
    assert spec.types == ANY
    return None


def _wrong_value(spec: Field) -> Any:
    """A value of another type than the field wants (a bool for an int: never one here)."""
    return True if spec.types == INT else "a string"


def _body(kind: Kind) -> dict[str, Any]:
    return {"k": str(kind), **{f.name: _value(f) for f in MESSAGES[kind].fields if f.required}}


def _accepted_phase(kind: Kind) -> Phase:
    return min(MESSAGES[kind].phases, key=list(Phase).index)


# ---- the phases ---------------------------------------------------------------------------


def test_a_round_walks_its_phases_in_the_order_of_the_table() -> None:
    """A whole round goes KEYS → … → DONE, each step one that PHASE_STEPS holds."""
    steps: list[tuple[Phase, Phase]] = []

    class Watched(FairPeer):
        def _enter(self, phase: Phase) -> None:
            steps.append((self.phase, phase))
            super()._enter(phase)

    table = Table(2, 4, factories={0: Watched})
    table.start()
    table.everyone("deal", [0, 1, 0, 1])
    table.everyone("end_round")
    assert table.peers[0].phase is Phase.DONE
    assert steps == [
        (Phase.KEYS, Phase.SEEDS),
        (Phase.SEEDS, Phase.SHUFFLE),
        (Phase.SHUFFLE, Phase.READY),
        (Phase.READY, Phase.SECRETS),
        (Phase.SECRETS, Phase.DONE),
    ]
    assert all(to in PHASE_STEPS[at] for at, to in steps)


@pytest.mark.parametrize(
    ("at", "to"),
    [(at, to) for at in Phase for to in Phase if to not in PHASE_STEPS[at]],
    ids=lambda phase: str(phase),
)
def test_an_illegal_phase_step_raises(at: Phase, to: Phase) -> None:
    peer = copy.deepcopy(TABLE.peers[0])
    peer.phase = at
    with pytest.raises(IllegalPhaseStep, match=f"not to {to}"):
        peer._enter(to)
    assert peer.phase is at


def test_every_phase_is_in_the_table() -> None:
    assert set(PHASE_STEPS) == set(Phase)


# ---- the messages -------------------------------------------------------------------------


def test_every_kind_of_the_table_has_a_handler_and_no_other() -> None:
    assert set(TABLE.peers[0]._handlers()) == set(MESSAGES) == set(Kind)


def test_a_message_the_table_takes_reaches_its_handler() -> None:
    """The spies see what the table lets through (so that their silence below means it)."""
    for kind in Kind:
        victim, spies = _victim(_accepted_phase(kind))
        _send(victim, _body(kind))
        assert len(spies[kind].calls) == 1, kind
        assert victim.accusations == [], kind


@pytest.mark.parametrize("kind", list(Kind), ids=str)
def test_a_message_in_a_phase_its_kind_is_not_taken_in_is_refused_before_its_handler(
    kind: Kind,
) -> None:
    for phase in Phase:
        if phase in MESSAGES[kind].phases:
            continue
        victim, spies = _victim(phase)
        _send(victim, _body(kind))
        assert not spies[kind].calls, (kind, phase)
        [accusation] = victim.accusations
        assert (accusation.seat, accusation.rule) == (SENDER, "F-TURN")
        assert accusation.detail == f"sent a {kind} message during {phase}"


CASES = [(kind, spec) for kind in Kind for spec in MESSAGES[kind].fields if spec.required]


@pytest.mark.parametrize(("kind", "spec"), CASES, ids=lambda c: str(getattr(c, "name", c)))
def test_a_message_without_a_field_is_refused_before_its_handler(kind: Kind, spec: Field) -> None:
    victim, spies = _victim(_accepted_phase(kind))
    body = _body(kind)
    del body[spec.name]
    _send(victim, body)
    assert not spies[kind].calls
    [accusation] = victim.accusations
    assert (accusation.seat, accusation.rule) == (SENDER, spec.rule)
    assert accusation.detail == f"a {kind} message lacks its field {spec.name!r}"


TYPED = [(kind, spec) for kind, spec in CASES if spec.types != ANY]


@pytest.mark.parametrize(("kind", "spec"), TYPED, ids=lambda c: str(getattr(c, "name", c)))
def test_a_message_with_a_field_of_another_type_is_refused_before_its_handler(
    kind: Kind, spec: Field
) -> None:
    victim, spies = _victim(_accepted_phase(kind))
    _send(victim, {**_body(kind), spec.name: _wrong_value(spec)})
    assert not spies[kind].calls
    [accusation] = victim.accusations
    assert (accusation.seat, accusation.rule) == (SENDER, spec.rule)
    assert f"field {spec.name!r} holds" in accusation.detail


@pytest.mark.parametrize("name", ["nope", "_on_key", "deliver", ""])
def test_a_kind_the_table_does_not_hold_is_refused(name: str) -> None:
    victim, spies = _victim(Phase.READY)
    _send(victim, {"k": name})
    assert not any(spy.calls for spy in spies.values())
    [accusation] = victim.accusations
    assert (accusation.rule, accusation.detail) == ("F-FORM", f"unknown message kind {name!r}")


def test_fields_the_table_does_not_name_pass_through() -> None:
    """A real-time table stamps its messages with fields of its own."""
    assert admit({"k": "tick", "t": [3, 1]}, Phase.READY) is Kind.TICK
