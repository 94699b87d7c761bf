"""The drop-out policy and the table's timeout, with no sockets (net/game/dropouts.py)."""

import os
import signal
from pathlib import Path

from lanpurr.fair.accusation import AT_ONCE, Accusation
from lanpurr.fair.envelope import GENESIS, seal
from lanpurr.fair.identity import Identity
from net import stopped
from net.game import evidence
from net.game.dropouts import QUIET, SWAP_WAIT, DropOuts, Stall
from net.game.verdicts import DISPUTE_WAIT, Verdicts, Where

HOST, BEN, CLEO = b"h" * 32, b"b" * 32, b"c" * 32


def drops(me: bytes, replace_gone: bool = True) -> DropOuts:
    line = (HOST, BEN, CLEO)
    return DropOuts(me, line, {0: HOST, 1: BEN, 2: CLEO}, replace_gone, lambda key: "?")


def test_a_gone_laptop_counts_only_once_the_round_waits_for_it() -> None:
    hosting = drops(HOST)
    assert hosting.drop(CLEO, "Cleo left the table")
    assert not hosting.drop(CLEO, "again")  # known already
    assert hosting.check({1}, 0.0).replace == ()  # the round waits for Ben: nothing yet
    assert hosting.check({2}, 0.0).replace == (CLEO,)  # now for Cleo: a bot takes her seat
    hosting.given_to_bot([2], HOST)
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


def test_a_laptop_out_here_only_by_silence_is_waited_for_as_long_as_the_host_may_hear_it() -> None:
    # Ben no longer hears Cleo (she refused his laptop, or her link went silent): the host may
    # still hear her, or count her down for its whole grace period, so Ben waits that much
    # longer for its swap; heard again through another laptop, Cleo plays on here.
    member = drops(BEN)
    member.patience = 120.0
    member.drop(CLEO, "Cleo did not come back", how="gone")
    first = member.check({2}, 100.0)
    assert first.wake_at == 100.0 + SWAP_WAIT + 120.0
    assert member.check({1}, 110.0).stop is None  # her message came: the round moved on
    assert member.check({2}, 150.0).wake_at == 150.0 + SWAP_WAIT + 120.0  # a wait anew
    assert member.back(CLEO) and CLEO not in member.out and not member.gone
    assert member.check({2}, 400.0) == member.check(set(), 400.0)  # she plays here again
    assert not member.back(CLEO)


def test_a_laptop_cut_off_or_that_did_the_hosts_part_is_not_taken_back() -> None:
    member = drops(CLEO)
    member.drop(BEN, "Ben's laptop was cut off")  # (not by silence)
    assert not member.back(BEN)
    member.drop(HOST, "Ann did not come back", how="gone")  # Cleo does the host's part now
    assert not member.back(HOST) and member.host == CLEO


def test_when_the_host_drops_out_the_next_laptop_of_the_line_takes_over() -> None:
    ben, cleo = drops(BEN), drops(CLEO)
    for laptop in (ben, cleo):
        laptop.drop(HOST, "Ann left the table")
        assert laptop.host == BEN and laptop.before(HOST) and not laptop.before(CLEO)
    assert ben.check({0}, 0.0).replace == (HOST,)  # Ben's bot takes Ann's seat
    ben.given_to_bot([0], BEN)
    assert ben.laptops[0] == BEN and ben.check({0}, 1.0) == ben.check(set(), 1.0)
    waits = cleo.check({0}, 0.0)  # Cleo waits for Ben's swap, not for Ann's
    assert waits.stop is None and waits.wake_at == SWAP_WAIT
    # Ben goes too during the wait: Cleo, last of the line, takes over at once.
    cleo.drop(BEN, "Ben did not come back")
    assert cleo.host == CLEO and set(cleo.check({0, 1}, 5.0).replace) == {HOST, BEN}


def test_without_the_setting_a_host_that_dropped_out_ends_the_game_at_once() -> None:
    member = drops(BEN, replace_gone=False)
    member.drop(HOST, "Ann left the table")
    assert member.check({0}, 0.0).stop == (
        "Ann left the table: the game cannot go on without their seat"
    )


def test_a_laptop_that_plays_no_seat_is_never_in_the_line() -> None:
    member = drops(BEN)
    assert not member.drop(b"x" * 32, "X left")
    assert member.host == HOST and not member.before(b"x" * 32)


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


def test_a_laptop_whose_own_process_was_stopped_waits_for_the_others_afresh() -> None:
    # SIGSTOP then SIGCONT (a debugger, Ctrl-Z, the tests' closed lid): the monotonic clock ran
    # on while this laptop was the one away. The count moves, and the wait counts from then.
    stopped.watch()
    before = stopped.continued()
    os.kill(os.getpid(), signal.SIGCONT)
    assert stopped.continued() == before + 1
    stall = Stall(table_timeout=8.0)
    stall.watch(0.0, (2,), turn=False, moved=True)
    assert stall.expired(30.0)  # (what the laptop would have said on waking)
    stall.restart(30.0)
    assert not stall.expired(37.0) and stall.expired(38.0)
    stall.watch(40.0, (), turn=False, moved=True)
    stall.restart(41.0)  # waiting for nobody: nothing to restart
    assert stall.due() is None


def test_an_equivocation_frames_nobody_while_its_versions_meet(tmp_path: Path) -> None:
    # Cleo showed Ann and Ben two versions of one message: Ann's runtimes find Ben's answer
    # (to the version Ann did not see) wrong. Ann names nobody while the versions meet, and
    # once Cleo is cut off, what was found of Ben in that round is void.
    where = Where(tmp_path, bytes(16), "momistigri", 1, evidence.write)
    verdicts = Verdicts(HOST, drops(HOST), lambda key: "?", where)
    on_ben = Accusation(1, "F-GAME", "answered another card", None, (), AT_ONCE)
    on_cleo = Accusation(2, "F-GAME", "played another card", None, (), AT_ONCE)
    verdicts.disputed(now=10.0)
    assert verdicts.nameable([on_ben], generation=0, now=11.0) == []  # held back
    assert verdicts.wakes(11.0) == [10.0 + DISPUTE_WAIT]
    cleo = Identity.generate()
    proof = (seal(cleo, bytes(16), 0, GENESIS, b"one"), seal(cleo, bytes(16), 0, GENESIS, b"two"))
    verdicts.cut_off(CLEO, "it signed two versions", proof, generation=0, now=12.0)
    assert verdicts.nameable([on_ben, on_cleo], generation=0, now=12.0) == [on_cleo]
    assert verdicts.nameable([on_ben], generation=1, now=12.0) == [on_ben]  # a new round
    assert verdicts.nameable([on_ben], generation=0, now=12.0 + SWAP_WAIT) == [on_ben]


def test_an_unsettled_dispute_holds_nobody_for_ever(tmp_path: Path) -> None:
    where = Where(tmp_path, bytes(16), "momistigri", 1, evidence.write)
    verdicts = Verdicts(HOST, drops(HOST), lambda key: "?", where)
    on_ben = Accusation(1, "F-GAME", "answered another card", None, (), AT_ONCE)
    verdicts.disputed(now=0.0)  # (an echo that lied about a digest: no proof ever comes)
    assert verdicts.nameable([on_ben], generation=0, now=DISPUTE_WAIT) == [on_ben]


def test_a_laptop_that_left_before_its_cut_off_is_said_to_be_cut_off(tmp_path: Path) -> None:
    # Cleo's laptop was cut off elsewhere for two versions of one message and left at once:
    # here her leaving comes first, then the proof. The table still says what she did, once.
    where = Where(tmp_path, bytes(16), "momistigri", 1, evidence.write)
    hosting = drops(HOST)
    verdicts = Verdicts(HOST, hosting, lambda key: "Cleo", where)
    hosting.drop(CLEO, "Cleo left the table")
    said = verdicts.cut_off(CLEO, "it signed two versions", None, generation=0, now=0.0)
    assert [type(e).__name__ for e in said.events] == ["LaptopCutOff"]
    assert hosting.gone[CLEO] == "Cleo's laptop was cut off from the table (it signed two versions)"
    assert verdicts.cut_off(CLEO, "again", None, generation=0, now=1.0).events == []


def test_the_table_does_not_time_out_on_a_laptop_that_is_away() -> None:
    stall = Stall(table_timeout=60.0, turn_timeout=600.0)
    stall.watch(0.0, (2,), turn=False, moved=True)
    assert stall.excused(70.0, {CLEO}) is None  # here all along: named at the timeout
    stall.away[CLEO] = None  # its link dropped: the grace period counts it down instead
    assert stall.excused(70.0, {CLEO}) == 0.0
    assert stall.excused(70.0, {CLEO, BEN}) is None  # (Ben is here: he is timed out)
    stall.away[CLEO] = 80.0  # back: QUIET seconds for what it owes, then the timeout
    assert stall.excused(80.0 + QUIET - 1, {CLEO}) == 80.0 + QUIET
    assert stall.excused(80.0 + QUIET, {CLEO}) is None


def test_a_laptop_back_after_the_game_went_on_needs_a_third_laptops_word() -> None:
    from net.game.commands import Swap
    from net.game.messages import Batch, SeatSwap
    from net.game.takeover import given_away

    # Ann (the host) comes back; Ben, who took over, gave her seat 0 to his bot (generation 1).
    swap = SeatSwap(1, Swap(1, (0,), (bytes(32),), 1))
    held = [(BEN, swap)]
    assert not given_away(HOST, {0}, held, [(BEN, Batch(1, b"", 1))])  # Ben's word alone
    assert given_away(HOST, {0}, held, [(CLEO, Batch(1, b"", 1))])  # Cleo follows Ben
    assert not given_away(HOST, {0}, held, [(CLEO, Batch(1, b"", 0))])  # (an older batch)
    assert not given_away(HOST, {3}, held, [(CLEO, Batch(1, b"", 1))])  # not Ann's seats


def test_a_laptop_is_not_told_its_seats_went_away_by_batches_that_follow_another_swap() -> None:
    from net.game.commands import Swap
    from net.game.messages import Batch, SeatSwap
    from net.game.takeover import given_away

    # Cleo holds two swaps of generation 1: the host's, which gives her seat 2 away while she
    # plays (a lie), and Ben's, which gives the host's seat 0 to his bot. Dan's batches of
    # generation 1 may follow either: they tell her nothing until her own view settles it.
    lie = SeatSwap(1, Swap(1, (2,), (bytes(32),), 1))
    takeover = SeatSwap(1, Swap(1, (0,), (bytes(32),), 1))
    dan = b"D" * 32
    later = [(dan, Batch(1, b"", 1))]
    assert given_away(CLEO, {2}, [(HOST, lie)], later)
    assert not given_away(CLEO, {2}, [(HOST, lie), (BEN, takeover)], later)


def test_a_hosts_swap_counts_here_only_while_the_laptop_it_gives_away_is_unreachable_here() -> None:
    from net.game.acting_host import ActingHost
    from net.game.commands import Swap
    from net.game.messages import SeatSwap

    # Ben's view of the host's swap of Cleo's seat: the host's word alone moves nothing while
    # Cleo plays here; once her link to Ben is down (nothing of her comes through another
    # laptop either) Ben's own view agrees with it.
    ben = ActingHost()
    ben.drops, ben.stall = drops(BEN), Stall()
    swap = SeatSwap(1, Swap(1, (2,), (bytes(32),), 1))
    assert ben.unproven(HOST, swap) == [CLEO]
    ben.stall.away[CLEO] = None  # her link is down, her countdown runs
    assert ben.unproven(HOST, swap) == []
    ben.stall.away[CLEO] = 5.0  # back, or heard through another laptop: she plays here
    assert ben.unproven(HOST, swap) == [CLEO]
    ben.stall.away[HOST] = None  # (a laptop's own seats are never its to give)
    assert ben.unproven(HOST, SeatSwap(1, Swap(1, (0,), (bytes(32),), 1))) == [HOST]
    ben.stall.away[CLEO] = None
    ben.drops.drop(CLEO, "Cleo left", how="left")
    assert ben.unproven(HOST, swap) == []


def test_a_laptop_that_keeps_going_away_is_timed_out_after_the_grace_period_all_the_same() -> None:
    stall = Stall(table_timeout=60.0, turn_timeout=600.0, grace=120.0)
    stall.watch(0.0, (2,), turn=False, moved=True)
    stall.away[CLEO] = None
    assert stall.excused(179.0, {CLEO}) == 0.0  # away: the grace period counts
    assert stall.excused(180.0, {CLEO}) is None  # the timeout plus the grace: named anyway


def test_when_the_network_splits_at_most_one_side_goes_on() -> None:
    # Ann (the host) and Ben, Cleo: Ann's link to both goes silent. Ben and Cleo hear two of
    # three laptops and go on; Ann hears one and stops, with no result of her own.
    ben, ann = drops(BEN), drops(HOST)
    ben.drop(HOST, "Ann did not come back", how="gone")
    assert ben.on_the_side_that_goes_on() and ben.check({0}, 0.0).replace == (HOST,)
    for key in (BEN, CLEO):
        ann.drop(key, "gone", how="gone")
    stop = ann.check({1}, 0.0).stop
    assert stop is not None and stop.startswith("this laptop was cut from the table")
    # Two laptops that left on purpose may play nowhere else: the host plays on alone.
    alone = drops(HOST)
    for key in (BEN, CLEO):
        alone.drop(key, "left the table", how="left")
    assert alone.check(set(), 0.0).replace == (BEN, CLEO)


def test_a_split_into_halves_goes_on_on_the_side_of_the_first_laptop_of_the_line() -> None:
    dan = b"d" * 32
    line = (HOST, BEN, CLEO, dan)

    def four(me: bytes) -> DropOuts:
        return DropOuts(me, line, dict(enumerate(line)), True, lambda key: "?")

    ann, cleo = four(HOST), four(CLEO)
    for laptop, others in ((ann, (CLEO, dan)), (cleo, (HOST, BEN))):
        for key in others:
            laptop.drop(key, "gone", how="gone")
    assert ann.on_the_side_that_goes_on() and not cleo.on_the_side_that_goes_on()
    assert cleo.check({0}, 0.0).stop is not None
