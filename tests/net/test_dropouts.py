"""The drop-out policy and the table's timeout, with no sockets (net/game/dropouts.py)."""

from net.game.dropouts import QUIET, SWAP_WAIT, DropOuts, Stall

HOST, BEN, CLEO = b"h" * 32, b"b" * 32, b"c" * 32


def drops(me: bytes, replace_gone: bool = True) -> DropOuts:
    return DropOuts(me, HOST, {0: HOST, 1: BEN, 2: CLEO}, replace_gone, lambda key: "?")


def test_a_gone_laptop_counts_only_once_the_round_waits_for_it() -> None:
    hosting = drops(HOST)
    assert hosting.drop(CLEO, "Cleo left the table")
    assert not hosting.drop(CLEO, "again")  # known already
    assert hosting.check({1}, 0.0).replace == ()  # the round waits for Ben: nothing yet
    assert hosting.check({2}, 0.0).replace == (CLEO,)  # now for Cleo: a bot takes her seat
    hosting.given_to_bot([2])
    assert hosting.laptops[2] == HOST and not hosting.plays(CLEO)


def test_without_the_setting_the_host_ends_the_game_with_the_reason() -> None:
    hosting = drops(HOST, replace_gone=False)
    hosting.drop(CLEO, "Cleo did not come back")
    assert hosting.check(set(), 0.0).stop == (
        "Cleo did not come back: the game cannot go on without their seat"
    )


def test_a_member_waits_for_the_hosts_bot_then_gives_up_with_the_reason() -> None:
    member = drops(BEN)
    member.drop(CLEO, "Cleo was cut off", ends="Cleo was cut off: the game ends")
    first = member.check({2}, 100.0)
    assert first.stop is None and first.wake_at == 100.0 + SWAP_WAIT
    assert member.check({2}, 100.0 + SWAP_WAIT - 1).stop is None
    assert member.check({2}, 100.0 + SWAP_WAIT).stop == "Cleo was cut off: the game ends"


def test_a_host_that_dropped_out_ends_the_game_at_once() -> None:
    member = drops(BEN)
    member.drop(HOST, "Ann left the table")
    assert member.check({0}, 0.0).stop == (
        "Ann left the table: the game cannot go on without their seat"
    )


def test_the_table_times_out_only_on_a_wait_where_nothing_happens() -> None:
    stall = Stall(table_timeout=60.0, turn_timeout=600.0)
    stall.watch(0.0, (2,), turn=False, moved=True)
    assert stall.due() == 60.0 and stall.left(QUIET - 1) is None  # no countdown yet
    assert stall.left(30.0) == 30.0
    stall.watch(50.0, (2,), turn=False, moved=True)  # something happened: it counts again
    assert not stall.expired(100.0) and stall.expired(110.0)
    stall.watch(111.0, (1,), turn=False, moved=False)  # another laptop owes now
    assert stall.due() == 171.0
    stall.watch(112.0, (1,), turn=True, moved=False)  # a person's turn: their patience
    assert stall.due() == 111.0 + 600.0
    stall.watch(113.0, (), turn=False, moved=False)  # it waits for nobody
    assert stall.due() is None and stall.left(1000.0) is None
