"""Whole games between laptops: one `lanpurr` process per laptop, each in its own network
namespace (needs root; see netns.py), bots at every seat, from `host` to the final scores.

The host announces the table by mDNS inside the namespaces; a guest finds it with
`lanpurr tables`, the others join the address it found. Every laptop must end with the same
scores and every round's audit fair, exit 0, and say so on its last line.
"""

import json
import os
import pty
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.net.netns import Lan, NetnsUnavailable, check_available
from tests.net.test_discovery_netns import ROOT, Process, lanpurr

pytestmark = pytest.mark.netns

GAME_TIMEOUT = 420.0
"""Seconds a whole game may take on a loaded 2-core machine before the test gives up."""


@pytest.fixture
def lan_of(request: pytest.FixtureRequest) -> Iterator[Any]:
    try:
        check_available()
    except NetnsUnavailable as missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"network-play tests must run in CI: {missing}")
        pytest.skip(str(missing))
    built: list[Lan] = []

    def make(hosts: int) -> Lan:
        lan = Lan(hosts=hosts)
        built.append(lan)
        return lan

    yield make
    for lan in built:
        lan.close()


def finish(process: Process, timeout: float) -> tuple[int, dict[str, Any], str]:
    """Exit status, last JSON line and stderr of a process that should end by itself."""
    try:
        code = process.process.wait(timeout)
    except subprocess.TimeoutExpired:
        process.stop()
        raise AssertionError(
            f"no end within {timeout} s; last lines {process.lines[-3:]}"
        ) from None
    time.sleep(0.2)  # the reader threads take the last lines
    return code, process.lines[-1] if process.lines else {}, process.stderr()


def all_over_alike(ends: list[tuple[int, dict[str, Any], str]]) -> tuple[int, ...]:
    """Every laptop exited 0 after `game_over` with the same scores: those scores."""
    for code, last, errors in ends:
        assert code == 0, errors[-2000:]
        assert last["event"] == "game_over", last
    scores = {tuple(last["scores"]) for _, last, _ in ends}
    assert len(scores) == 1, scores  # the same on every laptop
    return scores.pop()


def play_whole_game(lan: Lan, tmp: Path, game: str, seats: int, *extra: str) -> None:
    host_ns, *guests = lan.hosts
    names = ["Ann", "Ben", "Cleo", "Dan", "Eva"]
    bots = seats - len(lan.hosts)
    host = Process(host_ns, lanpurr(host_ns, tmp, names[0], "host", game, "--seats", str(seats),
                                    "--bots", str(bots), "--bot", "normal", "--autostart",
                                    "--json", *extra))  # fmt: skip
    running = [host]
    try:
        hosting = host.wait_for(lambda line: line.get("event") == "hosting", 20)
        assert host.lines[0]["event"] == "hosting"  # the first line says where the table is
        # The first guest finds the table on the LAN (mDNS inside the namespaces).
        time.sleep(1.5)
        found = subprocess.run(
            lanpurr(guests[0], tmp, names[1], "tables", "--json", "--timeout", "4"),
            capture_output=True, text=True, timeout=60, cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )  # fmt: skip
        listed = [t for t in json.loads(found.stdout) if t["table"] == hosting["table"]]
        assert listed and listed[0]["address"] == hosting["address"]
        for guest, name in zip(guests, names[1:], strict=False):
            argv = lanpurr(guest, tmp, name, "join", listed[0]["address"], "--bot", "normal",
                           "--json")  # fmt: skip
            running.append(Process(guest, argv))
        ends = [finish(process, GAME_TIMEOUT) for process in running]
    finally:
        for process in running:
            process.stop()
    assert len(all_over_alike(ends)) == seats
    audits = {tuple(last["audits"]) for _, last, _ in ends}
    assert len(audits) == 1
    rounds = audits.pop()
    assert rounds and all(verdict == "fair" for verdict in rounds)
    started = [p.wait_for(lambda line: line.get("event") == "game_started", 1) for p in running]
    assert sorted(s["seat"] for s in started) == list(range(len(running)))
    assert len({tuple(s["names"]) for s in started}) == 1


def test_momistigri_between_three_laptops(lan_of: Any, tmp_path: Path) -> None:
    play_whole_game(lan_of(3), tmp_path, "momistigri", 3)


def test_purrfect_between_four_laptops(lan_of: Any, tmp_path: Path) -> None:
    play_whole_game(lan_of(4), tmp_path, "purrfect", 4)


def test_no_sin_mi_gato_between_three_laptops_and_a_bot(lan_of: Any, tmp_path: Path) -> None:
    play_whole_game(lan_of(3), tmp_path, "gutters", 4)


def host_three_seats(host_ns: Any, tmp: Path, *extra: str) -> tuple[Process, str]:
    """Ann hosts a three-seat Momistigri table her bot plays, starting once it is full."""
    host = Process(host_ns, lanpurr(host_ns, tmp, "Ann", "host", "momistigri", "--seats", "3",
                                    "--bot", "normal", "--autostart", "--json",
                                    "--no-announce", *extra))  # fmt: skip
    try:
        return host, host.wait_for(lambda line: line.get("event") == "hosting", 20)["address"]
    except BaseException:
        host.stop()
        raise


def _play_with_a_cheater(
    lan: Any, tmp: Path, *host_extra: str
) -> tuple[list[tuple[int, dict[str, Any], str]], list[Process], int]:
    """Ann hosts, Ben joins honestly, Carla's laptop turns up another card than the pair it
    names: the ends of Ann and Ben, their processes, and Carla's exit status."""
    host_ns, honest_ns, cheat_ns = lan.hosts
    host = Process(host_ns, lanpurr(host_ns, tmp, "Ann", "host", "momistigri", "--seats", "3",
                                    "--bot", "normal", "--autostart", "--json", "--no-announce",
                                    *host_extra))  # fmt: skip
    running = [host]
    try:
        address = host.wait_for(lambda line: line.get("event") == "hosting", 20)["address"]
        honest = Process(honest_ns, lanpurr(honest_ns, tmp, "Ben", "join", address, "--bot",
                                            "normal", "--json"))  # fmt: skip
        running.append(honest)
        honest.wait_for(lambda line: line.get("event") == "Joined", 20)
        cheat_argv = lanpurr(cheat_ns, tmp, "Carla", "join", address, "--bot", "normal",
                             "--json")  # fmt: skip
        module = cheat_argv.index("ui.cli")
        cheat_argv[module] = "tests.net.cheating_laptop"
        cheater = Process(cheat_ns, cheat_argv)
        running.append(cheater)
        ends = [finish(process, GAME_TIMEOUT) for process in (host, honest)]
        cheater_code, _, _ = finish(cheater, 60)  # it is left alone at the table: it ends too
    finally:
        for process in running:
            process.stop()
    return ends, [host, honest], cheater_code


def _named_with_evidence(process: Process) -> dict[str, Any]:
    named = process.wait_for(lambda line: line.get("event") == "cheat", 1)
    assert named["name"] == "Carla" and named["rule"] == "F-GAME"
    assert named["laptop"] == "Carla" and named["detail"]
    assert "Carla's laptop" in named["text"] and "the round is void" in named["text"]
    evidence = json.loads(Path(named["evidence"]).read_text())
    assert evidence["seat"] == named["seat"] and evidence["rule"] == "F-GAME"
    assert evidence["envelopes"], "the signed message that proves it is saved"
    return named


def test_a_named_cheater_ends_the_game_when_the_host_chose_so(lan_of: Any, tmp_path: Path) -> None:
    ends, (host, honest), cheater_code = _play_with_a_cheater(lan_of(3), tmp_path)
    assert cheater_code != 0
    for (code, last, errors), process in zip(ends, (host, honest), strict=True):
        assert code == 4, errors[-2000:]
        named = _named_with_evidence(process)
        assert not any(line.get("event") == "game_over" for line in process.lines)
        if process is host:  # it knows at once that the game ends
            assert named["ends"] and named["text"].endswith("the game ends")
            assert errors.strip().splitlines()[-1].startswith("lanpurr: Carla's laptop")
            assert last == named


def test_a_named_cheater_is_dropped_and_the_honest_laptops_play_on_with_a_bot(
    lan_of: Any, tmp_path: Path
) -> None:
    ends, (host, honest), cheater_code = _play_with_a_cheater(
        lan_of(3), tmp_path, "--replace-gone", "normal"
    )
    assert cheater_code != 0, "the cheater's laptop is dropped from the game"
    assert all_over_alike(ends)  # exit 0, game_over last, the same scores on both
    cheats = [_named_with_evidence(process) for process in (host, honest)]
    assert not any(named["ends"] for named in cheats)
    replaced = [
        p.wait_for(lambda line: line.get("event") == "seat_replaced", 1) for p in (host, honest)
    ]
    carla = cheats[0]["seat"]
    for said in replaced:
        assert said["seats"] == [carla] and said["name"] == "Carla" and said["cheat"]
        assert said["names"][carla].startswith("Bot")
    assert replaced[0]["round"] == replaced[1]["round"]
    void = replaced[0]["round"]
    for process in (host, honest):
        # The rounds before the void one keep their checked scores; the void one never counts.
        checked = [line for line in process.lines if line.get("event") == "round_checked"]
        kept = [line for line in checked if line["round"] < void]
        assert all(line["fair"] for line in kept)
        assert {line["round"] for line in checked if line["fair"]} >= set(range(1, void))
    audits = {tuple(last["audits"]) for _, last, _ in ends}
    assert len(audits) == 1 and all(verdict == "fair" for verdict in audits.pop())


def test_a_laptop_that_sleeps_mid_game_is_waited_for_and_the_game_ends_normally(
    lan_of: Any, tmp_path: Path
) -> None:
    # The table's timeout (8 s here) is shorter than the sleep: an away laptop is counted down
    # by the grace period ("reconnecting"), never named for what it owes while it sleeps.
    lan = lan_of(3)
    host_ns, awake_ns, sleepy_ns = lan.hosts
    timeout = ("--table-timeout", "8")
    host, address = host_three_seats(host_ns, tmp_path, *timeout)
    running = [host]
    try:
        for ns, name in ((awake_ns, "Ben"), (sleepy_ns, "Cleo")):
            running.append(Process(ns, lanpurr(ns, tmp_path, name, "join", address, "--bot",
                                               "normal", "--json", *timeout)))  # fmt: skip
        sleepy = running[2]
        sleepy.wait_for(lambda line: line.get("event") == "update", 60)  # cards in hand
        # The lid closes: no FIN, no goodbye; nobody can finish the game without Cleo's seat.
        sleepy.process.send_signal(signal.SIGSTOP)
        try:
            waiting = host.wait_for(lambda line: line.get("event") == "PeerWaiting", 30)
        finally:
            time.sleep(6)
            sleepy.process.send_signal(signal.SIGCONT)  # and opens again
        assert waiting["name"] == "Cleo" and waiting["seconds_left"] > 60
        host.wait_for(lambda line: line.get("event") == "PeerBack", 30)
        ends = [finish(process, GAME_TIMEOUT) for process in running]
    finally:
        for process in running:
            process.stop()
    all_over_alike(ends)
    for process in running:
        assert not [line for line in process.lines if line.get("event") in ("cheat", "cut_off")]


def test_members_that_cannot_reach_each_other_play_through_the_host(
    lan_of: Any, tmp_path: Path
) -> None:
    # Wi-Fi that isolates its clients: Ben and Cleo reach Ann's laptop but not each other. Their
    # messages go through Ann's, signed and sealed end to end, and each says that it plays
    # relayed; the game ends alike everywhere.
    lan = lan_of(3)
    host_ns, ben_ns, cleo_ns = lan.hosts
    lan.isolate(ben_ns, cleo_ns)
    host, address = host_three_seats(host_ns, tmp_path)
    running = [host]
    try:
        for ns, name in ((ben_ns, "Ben"), (cleo_ns, "Cleo")):
            running.append(Process(ns, lanpurr(ns, tmp_path, name, "join", address, "--bot",
                                               "normal", "--json")))  # fmt: skip
        ends = [finish(process, GAME_TIMEOUT) for process in running]
    finally:
        for process in running:
            process.stop()
    all_over_alike(ends)
    for process, other in ((running[1], "Cleo"), (running[2], "Ben")):
        relayed = process.wait_for(lambda line: line.get("event") == "PlaysRelayed", 1)
        assert relayed["name"] == other and relayed["via"] == "Ann"
    assert not any(line.get("event") == "PlaysRelayed" for line in host.lines)


def test_members_cut_from_each_other_mid_game_play_on_through_the_host_past_the_grace(
    lan_of: Any, tmp_path: Path
) -> None:
    # Ben's and Cleo's laptops lose each other mid-game (their link drops and cannot come
    # back) while both still reach Ann's. Their messages keep coming through Ann's, so neither
    # is counted gone, however long the game lasts past the grace period (5 s here): nobody's
    # seat goes to a bot and the game ends alike everywhere.
    lan = lan_of(3)
    host_ns, ben_ns, cleo_ns = lan.hosts
    settings = ("--grace", "5", "--pace", "0.2")
    host = Process(host_ns, lanpurr(host_ns, tmp_path, "Ann", "host", "momistigri", "--seats",
                                    "3", "--autostart", "--no-announce", "--bot", "normal",
                                    "--json", "--replace-gone", "normal", *settings))  # fmt: skip
    running = [host]
    try:
        address = host.wait_for(lambda line: line.get("event") == "hosting", 20)["address"]
        for ns, name in ((ben_ns, "Ben"), (cleo_ns, "Cleo")):
            running.append(Process(ns, lanpurr(ns, tmp_path, name, "join", address, "--bot",
                                               "normal", "--json", *settings)))  # fmt: skip
        host.wait_for(lambda line: line.get("event") == "update", 60)
        lan.isolate(ben_ns, cleo_ns)
        isolated = time.time()
        ends = [finish(process, GAME_TIMEOUT) for process in running]
    finally:
        for process in running:
            process.stop()
    all_over_alike(ends)
    for process in running:
        assert not [line for line in process.lines if line.get("event") in
                    ("seat_replaced", "cut_off", "cheat", "unheard", "PeerGone")]  # fmt: skip
    last = max(process.lines[-1]["t"] for process in running)
    assert last - isolated > 5 * 3, "the game outlasted the grace period several times over"


def test_a_host_killed_for_good_mid_game_is_taken_over_and_the_game_ends_alike(
    lan_of: Any, tmp_path: Path
) -> None:
    # Ann's laptop (the host) dies mid-game. Once the grace period is over, Ben's laptop —
    # next in the line read from the table signed at Start — gives Ann's seat to its bot;
    # Cleo's takes Ben's word; both finish the game with the same scores. Wes, who watched at
    # Ann's, follows the game to the laptop that took it over and sees the same end. Ann's
    # laptop, started again after that, learns that the game went on without it, and stops
    # saying so.
    lan = lan_of(3)
    host_ns, ben_ns, cleo_ns = lan.hosts
    grace = ("--grace", "4")
    hosting = ("host", "momistigri", "--seats", "3", "--autostart", "--no-announce")
    host = Process(host_ns, lanpurr(host_ns, tmp_path, "Ann", *hosting, "--bot", "normal",
                                    "--json", "--replace-gone", "normal", *grace))  # fmt: skip
    running = [host]
    try:
        address = host.wait_for(lambda line: line.get("event") == "hosting", 20)["address"]
        for ns, name in ((ben_ns, "Ben"), (cleo_ns, "Cleo")):
            running.append(Process(ns, lanpurr(ns, tmp_path, name, "join", address, "--bot",
                                               "normal", "--json", *grace)))  # fmt: skip
        watcher = Process(cleo_ns, lanpurr(cleo_ns, tmp_path, "Wes", "join", address,
                                           "--watch", "--json"))  # fmt: skip
        running.append(watcher)
        host.wait_for(lambda line: line.get("event") == "update", 60)  # cards in hand
        watcher.wait_for(lambda line: line.get("event") == "update", 60)
        host.process.send_signal(signal.SIGKILL)
        host.process.wait(10)
        cleo = running[2]
        swapped = cleo.wait_for(lambda line: line.get("event") == "seat_replaced", 60)
        cleo.wait_for(lambda line: line.get("event") == "update" and line["t"] > swapped["t"], 30)
        back = Process(host_ns, lanpurr(host_ns, tmp_path, "Ann", *hosting, "--bot", "normal",
                                        "--json", "--replace-gone", "normal", *grace,
                                        "--resume"))  # fmt: skip
        running.append(back)
        ends = [finish(process, GAME_TIMEOUT) for process in (*running[1:3], watcher)]
        code, last, _ = finish(back, 60)
    finally:
        for process in running:
            process.stop()
    all_over_alike(ends)
    assert code == 5 and last["event"] == "stopped", last
    hosts = [line["host"] for line in watcher.lines if line["event"] == "watching"]
    assert hosts[0] == "Ann" and hosts[-1] in ("Ben", "Cleo"), hosts
    assert any(line["event"] == "watch_following" for line in watcher.lines)
    assert "gave its seats to a bot, and the game went on without it" in last["reason"]
    # The line: after Ann, whoever of Ben and Cleo sat first (they joined at the same time).
    seats = {p: p.wait_for(lambda line: line.get("event") == "game_started", 1)["seat"]
             for p in running[1:3]}  # fmt: skip
    first = min(seats, key=seats.__getitem__)
    successor = {running[1]: "Ben", running[2]: "Cleo"}[first]
    for process in running[1:3]:
        handed = process.wait_for(lambda line: line.get("event") == "host_handed_on", 1)
        said = (handed["gone"], handed["name"], handed["me"])
        assert said == ("Ann", successor, process is first)
        replaced = process.wait_for(lambda line: line.get("event") == "seat_replaced", 1)
        assert replaced["name"] == "Ann" and replaced["names"][0] == f"Bot 1 ({successor})"


def test_the_laptop_that_takes_over_lists_the_table_and_a_crashed_guest_comes_back_there(
    lan_of: Any, tmp_path: Path
) -> None:
    # Ann's listed table loses Ann's laptop mid-game: the laptop that takes over her part
    # announces the table in her place. The other guest's laptop then crashes too: started
    # again, it finds the table on the LAN, now hosted by that laptop, joins it there, takes its
    # seat back and finishes the game like the others.
    lan = lan_of(3)
    host_ns, ben_ns, cleo_ns = lan.hosts
    # (A laptop started again comes back within the grace period, under load too; bots that
    # think 0.2 s a move keep the game going while the table is looked for on the LAN.)
    grace = ("--grace", "15", "--pace", "0.2")
    host = Process(host_ns, lanpurr(host_ns, tmp_path, "Ann", "host", "momistigri", "--seats",
                                    "3", "--autostart", "--bot", "normal", "--json",
                                    "--replace-gone", "normal", *grace))  # fmt: skip
    running = [host]
    try:
        hosting = host.wait_for(lambda line: line.get("event") == "hosting", 20)
        for ns, name in ((ben_ns, "Ben"), (cleo_ns, "Cleo")):
            running.append(Process(ns, lanpurr(ns, tmp_path, name, "join", hosting["address"],
                                               "--bot", "normal", "--json", *grace)))  # fmt: skip
        host.wait_for(lambda line: line.get("event") == "update", 60)
        host.process.send_signal(signal.SIGKILL)
        host.process.wait(10)
        handed = running[1].wait_for(lambda line: line.get("event") == "host_handed_on", 60)
        time.sleep(1.5)  # (the announcement goes out)
        guest = 2 if handed["name"] == "Ben" else 1  # (who sat first takes over)
        guest_ns, name = lan.hosts[guest], ("Ben", "Cleo")[guest - 1]
        running[guest].process.send_signal(signal.SIGKILL)
        running[guest].process.wait(10)
        for _ in range(4):  # (as the lobby keeps looking: under load the listing comes later)
            found = subprocess.run(
                lanpurr(guest_ns, tmp_path, name, "tables", "--json", "--timeout", "3"),
                capture_output=True, text=True, timeout=60, cwd=ROOT,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
            )  # fmt: skip
            listed = [t for t in json.loads(found.stdout) if t["table"] == hosting["table"]]
            if listed:
                break
        assert [t["host"] for t in listed] == [handed["name"]], found.stdout
        running[guest] = Process(guest_ns, lanpurr(guest_ns, tmp_path, name, "join",
                                                   listed[0]["address"], "--bot", "normal",
                                                   "--json", *grace))  # fmt: skip
        running[guest].wait_for(lambda line: line.get("event") == "game_resumed", 60)
        ends = [finish(process, GAME_TIMEOUT) for process in running[1:]]
    finally:
        for process in running:
            process.stop()
    all_over_alike(ends)


def test_a_player_who_quits_mid_game_leaves_and_a_bot_takes_their_seat(
    lan_of: Any, tmp_path: Path
) -> None:
    # Cleo types `quit` at her terminal mid-game: she leaves on purpose. Her laptop says she
    # left, with no talk of being away; the others say she left the table, with no countdown,
    # a bot takes her seat (the table's setting), and the game ends alike on both.
    lan = lan_of(3)
    host_ns, ben_ns, cleo_ns = lan.hosts
    host = Process(host_ns, lanpurr(host_ns, tmp_path, "Ann", "host", "momistigri", "--seats",
                                    "3", "--bot", "normal", "--autostart", "--json",
                                    "--no-announce", "--replace-gone", "normal"))  # fmt: skip
    running = [host]
    terminal, typed = pty.openpty()
    try:
        address = host.wait_for(lambda line: line.get("event") == "hosting", 20)["address"]
        running.append(Process(ben_ns, lanpurr(ben_ns, tmp_path, "Ben", "join", address,
                                               "--bot", "normal", "--json")))  # fmt: skip
        cleo = Process(cleo_ns, lanpurr(cleo_ns, tmp_path, "Cleo", "join", address, "--bot",
                                        "normal", "--json"), stdin=typed)  # fmt: skip
        running.append(cleo)
        cleo.wait_for(lambda line: line.get("event") == "update", 60)
        os.write(terminal, b"quit\n")
        code, last, errors = finish(cleo, 30)
        ends = [finish(process, GAME_TIMEOUT) for process in running[:2]]
    finally:
        os.close(terminal)
        os.close(typed)
        for process in running:
            process.stop()
    assert code == 0 and last["event"] == "left", errors[-2000:]
    said = {line.get("event") for line in cleo.lines}
    assert not said & {"PeerWaiting", "stopped", "game_over"}
    all_over_alike(ends)
    for process in running[:2]:
        left = process.wait_for(lambda line: line.get("event") == "PeerLeft", 1)
        assert (left["name"], left["then"]) == ("Cleo", "bot")
        replaced = process.wait_for(lambda line: line.get("event") == "seat_replaced", 1)
        assert replaced["name"] == "Cleo" and not replaced["cheat"]
        # A `quit` is a leave, and the others are told so, with what happens next.
        assert replaced["why"] == "left" and replaced["text"].startswith("Cleo left. A bot")
        assert not any(line.get("event") == "PeerWaiting" for line in process.lines)


def test_when_the_host_is_cut_from_the_others_only_their_side_goes_on(
    lan_of: Any, tmp_path: Path
) -> None:
    # Ann's laptop (the host) can reach neither Ben's nor Cleo's for 40 s, well past the grace
    # period (8 s); then the network heals. Ben's and Cleo's, two of three, go on with a bot in
    # Ann's seat and finish alike; Ann's, alone, says it was cut from the table and prints no
    # result of its own (a split never ends twice).
    lan = lan_of(3)
    host_ns, ben_ns, cleo_ns = lan.hosts
    settings = ("--grace", "8", "--pace", "0.3")
    host = Process(host_ns, lanpurr(host_ns, tmp_path, "Ann", "host", "momistigri", "--seats",
                                    "3", "--autostart", "--no-announce", "--bot", "normal",
                                    "--json", "--replace-gone", "normal", *settings))  # fmt: skip
    running = [host]
    try:
        address = host.wait_for(lambda line: line.get("event") == "hosting", 20)["address"]
        for ns, name in ((ben_ns, "Ben"), (cleo_ns, "Cleo")):
            running.append(Process(ns, lanpurr(ns, tmp_path, name, "join", address, "--bot",
                                               "normal", "--json", *settings)))  # fmt: skip
        host.wait_for(lambda line: line.get("event") == "update", 60)
        for guest in (ben_ns, cleo_ns):
            lan.isolate(host_ns, guest)
        code, last, _ = finish(host, 60)
        time.sleep(max(0.0, 40.0 - 8.0 - 10.0))
        for guest in (ben_ns, cleo_ns):
            lan.reunite(host_ns, guest)
        # Once the network heals, Ann's laptop learns what happened: the stop line said where
        # to watch the game, and watching there shows it going on to its end.
        watcher = Process(host_ns, lanpurr(host_ns, tmp_path, "Ann", "join", last["elsewhere"][0],
                                           "--watch", "--json"))  # fmt: skip
        running.append(watcher)
        ends = [finish(process, GAME_TIMEOUT) for process in running[1:]]
    finally:
        for process in running:
            process.stop()
    all_over_alike(ends)
    assert code == 5 and last["event"] == "stopped", last
    assert last["reason"].startswith("this laptop was cut from the table"), last
    assert not [line for line in host.lines if line.get("event") == "game_over"]
    assert len(last["elsewhere"]) == 2, last  # (Ben's laptop and Cleo's)
