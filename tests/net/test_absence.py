"""The countdown of an absent member: a closed app is waited for briefly, silence for the grace
period (net/table/absence.py `Calls`, with no sockets)."""

from net.events import TableWaits
from net.game.dropouts import QUIET, TURN_NOTICE, Stall
from net.limits import CLOSED_APP_GRACE, REFUSED_LATELY, SETTLE
from net.table.absence import Calls


def refused_every_two_seconds(calls: Calls, start: float, end: float) -> None:
    t = start
    while t <= end:
        calls.called(t, refused=True)
        t += 2.0


def test_an_app_that_is_gone_while_its_laptop_refuses_calls_is_waited_for_briefly() -> None:
    calls = Calls(lost=0.0)
    assert calls.closed_until(0.0) is None  # nothing known yet: the grace period
    refused_every_two_seconds(calls, 0.2, 10.2)
    calls.heard(10.2, held=40, known=40)
    assert calls.closed_until(10.2) == 0.2 + CLOSED_APP_GRACE


def test_silence_keeps_the_grace_period() -> None:
    calls = Calls(lost=0.0)
    calls.called(7.0, refused=False)  # a call that went unanswered (a lid closed, Wi-Fi lost)
    assert calls.closed_until(8.0) is None
    calls = Calls(lost=0.0)
    refused_every_two_seconds(calls, 0.2, 6.2)
    calls.called(8.0, refused=False)  # refused, then silent: the run starts again
    assert calls.closed_until(8.0) is None
    calls.called(9.0, refused=True)
    assert calls.closed_until(9.0) == 9.0 + CLOSED_APP_GRACE


def test_a_refusal_counts_only_while_the_calls_go_on_being_refused() -> None:
    calls = Calls(lost=0.0)
    calls.called(1.0, refused=True)
    assert calls.closed_until(1.0 + REFUSED_LATELY) is not None
    assert calls.closed_until(1.0 + REFUSED_LATELY + 0.1) is None  # no call since: no news


def test_a_laptop_that_refuses_this_one_is_kept_as_a_closed_app_once_the_table_moves() -> None:
    # Cleo refuses this laptop in words. While the table is idle (a person thinking), nothing
    # says whether she still plays with the others: the grace period. Once the table moves,
    # what she sent the others would be on its way here: a closed app's wait from then on,
    # unless another member says it holds more of hers (then the relays bring them).
    calls = Calls(lost=0.0, polite=True, banned=True)
    assert calls.closed_until(30.0) is None
    calls.moved = 31.0
    assert calls.closed_until(31.0) == 31.0 + CLOSED_APP_GRACE
    calls.heard(33.0, held=40, known=41)
    assert calls.closed_until(33.0) is None
    # Her app closed: a call refused at once says so, table idle or not.
    calls = Calls(lost=0.0, banned=True)
    refused_every_two_seconds(calls, 0.2, 4.2)
    assert calls.closed_until(4.2) == 0.2 + CLOSED_APP_GRACE


def test_a_goodbye_keeps_the_grace_period() -> None:
    calls = Calls(lost=0.0, polite=True)
    refused_every_two_seconds(calls, 0.2, 20.2)
    assert calls.closed_until(20.2) is None


def test_a_member_whose_messages_still_come_is_not_a_closed_app() -> None:
    # A link that flaps (a NAT's reset, refused calls) while its messages arrive, relayed.
    calls = Calls(lost=0.0)
    calls.heard(2.0, held=40, known=40)
    refused_every_two_seconds(calls, 0.2, 40.2)
    calls.heard(SETTLE - 0.5, held=41, known=41)  # its last message, on its way when it went
    assert calls.closed_until(10.0) == 0.2 + CLOSED_APP_GRACE
    calls.heard(12.0, held=42, known=42)  # a new one: its app runs
    assert calls.closed_until(14.0) == 12.0 + CLOSED_APP_GRACE
    calls.heard(20.0, held=42, known=43)  # another member says it holds more of them
    assert calls.closed_until(20.0) is None
    calls.heard(30.0, held=43, known=43)  # (relayed here at last)
    assert calls.closed_until(30.0) == 20.0 + CLOSED_APP_GRACE


def test_on_a_persons_turn_the_countdown_shows_only_at_the_end_of_the_turn() -> None:
    stall = Stall(table_timeout=60.0, turn_timeout=600.0)
    stall.watch(0.0, (1,), turn=True, moved=True)
    assert stall.left(QUIET) is None and stall.left(599.0 - TURN_NOTICE) is None
    assert stall.shows_at() == 600.0 - TURN_NOTICE
    assert stall.left(600.0 - TURN_NOTICE) == TURN_NOTICE
    stall.watch(0.0, (2,), turn=False, moved=True)  # what software owes: after QUIET
    assert stall.left(QUIET) == 50.0
    short = Stall(table_timeout=8.0, turn_timeout=20.0)
    short.watch(0.0, (1,), turn=True, moved=True)
    assert short.left(9.0) is None and short.left(10.0) == 10.0


def test_the_terminal_words_a_wait_as_the_app_does() -> None:
    turn = TableWaits(((1, "its move"),), ("Ben",), 45, turn=True)
    assert (
        str(turn) == "waiting for Ben (its move) to play: 0:45 before the table drops their laptop"
    )
    owed = TableWaits(((2, "its shuffle"),), ("Cleo",), 42, turn=False)
    assert str(owed) == (
        "waiting for Cleo (its shuffle): their laptop has not answered; 0:42 before the table "
        "drops it"
    )
