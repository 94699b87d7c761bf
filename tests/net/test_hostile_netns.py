"""A table on a hostile LAN: a real `lanpurr host` in one network namespace, honest players in
others, and a hostile peer (tests/net/rogue.py, written from docs/protocol.md alone) in its own.

One test per attack of issue 13; every loop is bounded in count and time; the namespaces are
built and deleted by the test (tests/net/netns.py), so nothing reaches this machine's network.
"""

import json
import os
import re
import resource
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from net.limits import HANDSHAKE_TIMEOUT
from tests.net.netns import Host, Lan, lan_for_test

ROOT = Path(__file__).resolve().parent.parent.parent
pytestmark = pytest.mark.netns
ESC = "\x1b"


@pytest.fixture
def lan() -> Iterator[Lan]:
    yield from lan_for_test(4)


class Running:
    """A process inside a namespace: stdout lines collected (JSON parsed), stderr to a file."""

    def __init__(self, host: Host, argv: list[str], errors: Path, files: int = 0) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
        limit = (lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))) if files \
            else None  # fmt: skip
        self.errors = errors
        with errors.open("w") as stream:
            self.process = host.popen(argv, stdout=subprocess.PIPE, stderr=stream, env=env,
                                      cwd=str(ROOT), preexec_fn=limit)  # fmt: skip
        self.text: list[str] = []
        self.lines: list[dict[str, Any]] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.text.append(line)
            if line.startswith("{"):
                self.lines.append(json.loads(line))

    def wait_for(self, check: Callable[[dict[str, Any]], bool], timeout: float) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in list(self.lines):
                if check(line):
                    return line
            time.sleep(0.05)
        raise AssertionError(
            f"not seen within {timeout} s; last lines {self.lines[-4:]}; "
            f"stderr {self.stderr()[-1500:]}"
        )

    def events(self, kind: str) -> list[dict[str, Any]]:
        return [line for line in list(self.lines) if line.get("event") == kind]

    def stderr(self) -> str:
        return self.errors.read_text(errors="replace")

    def wait(self, timeout: float) -> int:
        return self.process.wait(timeout)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)


class Party:
    """Starts processes on the LAN and stops them all at the end."""

    def __init__(self, lan: Lan, tmp: Path) -> None:
        self.lan, self.tmp = lan, tmp
        self.running: list[Running] = []

    def lanpurr(self, where: int, name: str, *args: str, files: int = 0) -> Running:
        host = self.lan.hosts[where]
        argv = host.python("-m", "ui.cli", *args, "--interface", host.address, "--name", name,
                           "--home", str(self.tmp / name))  # fmt: skip
        return self._start(host, argv, name, files)

    def rogue(self, where: int, *args: str) -> Running:
        host = self.lan.hosts[where]
        return self._start(host, host.python("tests/net/rogue.py", *args), "rogue", 0)

    def _start(self, host: Host, argv: list[str], name: str, files: int) -> Running:
        errors = self.tmp / f"{name}-{len(self.running)}.stderr"
        process = Running(host, argv, errors, files)
        self.running.append(process)
        return process

    def host(self, *args: str, files: int = 0) -> tuple[Running, str]:
        """`lanpurr host` in namespace 0 as Ann; returns it and its `address:port`."""
        hosting = self.lanpurr(0, "Ann", "host", *args, "--json", files=files)
        line = hosting.wait_for(lambda line: line.get("event") == "hosting", 15)
        return hosting, f"{self.lan.hosts[0].address}:{line['port']}"

    def join(self, where: int, name: str, target: str, *args: str) -> Running:
        return self.lanpurr(where, name, "join", target, "--json", *args)

    def stop(self) -> None:
        for process in self.running:
            process.stop()


@pytest.fixture
def party(lan: Lan, tmp_path: Path) -> Iterator[Party]:
    built = Party(lan, tmp_path)
    yield built
    built.stop()


def latest_state(process: Running) -> dict[str, Any]:
    states = process.events("TableStateChanged")
    assert states, "no table state seen"
    state: dict[str, Any] = states[-1]["state"]
    return state


def seated(state: dict[str, Any]) -> int:
    return sum(1 for seat in state["seats"] if seat["player"] or seat["bot"])


def joined(process: Running, timeout: float = 10) -> dict[str, Any]:
    return process.wait_for(lambda line: line.get("event") == "Joined", timeout)


# -- 1. seat squatting -------------------------------------------------------------------------


def test_half_handshakes_take_no_seat_and_an_unsigned_bye_only_starts_the_countdown(
    party: Party,
) -> None:
    hosting, target = party.host("purrfect", "--seats", "4", "--no-announce", "--grace", "6")
    hold = str(HANDSHAKE_TIMEOUT + 2)
    squatter = party.rogue(1, "squat", target, "--count", "3", "--hold", hold)
    squatter.wait_for(lambda line: "stalled" in line, 15)
    assert squatter.lines[0] == {"stalled": 3}, "the host refused to start the handshakes"
    honest = party.join(2, "Bob", target)
    joined(honest)
    state = latest_state(hosting)
    assert [m["name"] for m in state["members"]] == ["Ann", "Bob"], "a half handshake got a seat"
    # Within the handshake limit the host hung up on all three.
    closed = squatter.wait_for(lambda line: "closed_by_host" in line, HANDSHAKE_TIMEOUT + 15)
    assert closed["closed_by_host"] == 3

    leaver = party.rogue(1, "bye", target, "--name", "Mallory")
    assert leaver.wait_for(lambda line: "seated" in line, 15)["seated"] is True
    hosting.wait_for(lambda line: line.get("event") == "PeerWaiting"
                     and line["name"] == "Mallory", 15)  # fmt: skip
    hosting.wait_for(lambda line: line.get("event") == "PeerGone" and line["name"] == "Mallory",
                     20)  # fmt: skip
    time.sleep(0.5)
    assert [m["name"] for m in latest_state(hosting)["members"]] == ["Ann", "Bob"]
    assert "Mallory said goodbye (left the table) without leaving the table" in hosting.stderr()
    assert not honest.events("TableClosed")


# -- 2. split views ----------------------------------------------------------------------------


def test_a_member_showing_two_versions_of_a_message_is_caught_by_both_peers(
    party: Party,
) -> None:
    hosting, target = party.host("momistigri", "--seats", "4", "--no-announce")
    bob = party.join(2, "Bob", target)
    joined(bob)
    liar = party.rogue(1, "equivocate", target, "--name", "Mallory", "--hold", "8")
    liar.wait_for(lambda line: "equivocated" in line, 20)
    # The host only ever got "I pass", Bob only "I play the 7": neither saw the other directly.
    for peer in (hosting, bob):
        caught = peer.wait_for(lambda line: line.get("event") == "CheaterCaught", 15)
        assert caught["name"] == "Mallory" and caught["seq"] == 0
        versions = {bytes.fromhex(e) for e in caught["proof"]}
        assert len(versions) == 2, "the proof is two different signed messages"
    # Each took one version, and only one: its own by its link ("I pass" for the host, "I
    # play the 7" for Bob), or the other's, handed on at once by the other as its mirror
    # (docs/protocol.md §4) when that came first.
    for peer in (hosting, bob):
        said = [e["data"] for e in peer.events("MessageReceived")]
        assert said in (["I pass"], ["I play the 7"]), said
    time.sleep(1.0)
    assert "Mallory" not in [m["name"] for m in latest_state(hosting)["members"]]


# -- 3. fake listings, a relay that injects `bye`, an impostor ---------------------------------


def test_forged_listings_are_not_listed_and_a_relayed_bye_closes_nothing(
    party: Party, lan: Lan
) -> None:
    hosting, target = party.host("momistigri", "--seats", "4")
    real_fp = hosting.wait_for(lambda line: line.get("event") == "hosting", 5)["fingerprint"]
    forger = party.rogue(1, "listings", "--address", lan.hosts[1].address, "--hold", "20")
    forger.wait_for(lambda line: "announced" in line, 20)
    watcher = party._start(lan.hosts[2], lan.hosts[2].python(
        "tests/net/watch_tables.py", lan.hosts[2].address, "8"), "watcher", 0)  # fmt: skip
    assert watcher.wait(30) == 0
    found = [line for line in watcher.lines if line["event"] == "TableFound"]
    genuine = [t for t in found if t["fingerprint"] == real_fp]
    assert [t["address"] for t in genuine] == [target], "only the real table, at its address"
    # The rogue's own listing is genuine (its own key, its own address), but its words are clean.
    others = [t for t in found if t["fingerprint"] != real_fp]
    assert all(ESC not in json.dumps(t) and "\\n" not in t["host"] for t in others)
    assert len(found) <= 2
    refused = watcher.stderr()
    assert "the listing's signature does not match its key" in refused
    assert "a copy of another table's listing" in refused

    relay = party.rogue(1, "relay", target, "--listen", "47011", "--hold", "30")
    relay.wait_for(lambda line: "listening" in line, 10)
    victim = party.join(2, "Bob", f"{lan.hosts[1].address}:47011")
    assert joined(victim)["fingerprint"] == real_fp  # end to end: the real host's key
    relay.wait_for(lambda line: "injected" in line, 15)
    time.sleep(4.0)
    assert victim.process.poll() is None, "the injected bye made the player quit"
    assert not victim.events("TableClosed")
    assert "Bob" in [m["name"] for m in latest_state(hosting)["members"]]


def test_joining_by_address_shows_the_hosts_fingerprint_and_can_insist_on_it(
    party: Party, lan: Lan
) -> None:
    hosting, _ = party.host("momistigri", "--no-announce")
    real_fp = hosting.wait_for(lambda line: line.get("event") == "hosting", 5)["fingerprint"]
    impostor = party.rogue(3, "impostor", "--listen", "47012", "--name", "Ann", "--hold", "20")
    fake_fp = impostor.wait_for(lambda line: "fingerprint" in line, 10)["fingerprint"]
    fooled = party.lanpurr(2, "Bob", "join", f"{lan.hosts[3].address}:47012")
    deadline = time.monotonic() + 10
    while not any("host fingerprint" in t for t in fooled.text) and time.monotonic() < deadline:
        time.sleep(0.05)
    shown = next(t for t in fooled.text if "host fingerprint" in t)
    assert f"host fingerprint {fake_fp} - compare it with the fingerprint on the host" in shown
    assert fake_fp != real_fp
    careful = party.lanpurr(2, "Cat", "join", f"{lan.hosts[3].address}:47012",
                            "--fingerprint", real_fp)  # fmt: skip
    assert careful.wait(15) == 2
    assert f"is held by the key {fake_fp}, not {real_fp}" in careful.stderr()


# -- 4. private codes --------------------------------------------------------------------------


def test_online_code_guesses_are_limited_logged_once_and_the_right_code_still_works(
    party: Party, lan: Lan
) -> None:
    hosting, target = party.host("momistigri", "--private", "--no-announce")
    code = hosting.wait_for(lambda line: line.get("event") == "hosting", 5)["code"]
    guesser = party.rogue(1, "guess", target, "--count", "40")
    answers = guesser.wait_for(lambda line: "answers" in line, 60)["answers"]
    assert answers.get("admitted", 0) == 0
    assert answers.get("private", 0) <= 5, "more than five wrong codes checked per minute"
    assert answers.get("slowdown", 0) >= 35
    guesser_ip = lan.hosts[1].address
    lines = [line for line in hosting.stderr().splitlines() if guesser_ip in line]
    assert 1 <= len(lines) <= 2, f"one line per offender, not per try: {lines}"
    honest = party.join(2, "Bob", target, "--code", code.lower())
    assert joined(honest)["host"] == "Ann"


# -- 5. stale listings -------------------------------------------------------------------------


def test_a_killed_host_leaves_a_running_lobby_at_the_next_check(party: Party, lan: Lan) -> None:
    watcher = party._start(lan.hosts[1], lan.hosts[1].python(
        "tests/net/watch_tables.py", lan.hosts[1].address, "40", "3"), "watcher", 0)  # fmt: skip
    watcher.wait_for(lambda line: line["event"] == "browsing", 10)
    hosting, _ = party.host("gutters")
    watcher.wait_for(lambda line: line["event"] == "TableFound", 15)
    hosting.process.send_signal(signal.SIGKILL)  # no goodbye packets: only the re-check can tell
    killed = time.time()
    lost = watcher.wait_for(lambda line: line["event"] == "TableLost", 20)
    assert lost["at"] - killed < 10, "not dropped at the first re-check after the host died"


# -- 6. resource exhaustion --------------------------------------------------------------------


def _honest_join(party: Party, n: int, target: str) -> None:
    guest = party.join(2, f"Guest{n}", target)
    joined(guest, 15)
    guest.stop()


def test_floods_bombs_and_toggles_never_starve_honest_players(party: Party, lan: Lan) -> None:
    hosting, target = party.host("purrfect", "--seats", "7", "--no-announce", "--grace", "3",
                                 files=1024)  # fmt: skip
    flood = party.rogue(1, "flood", target, "--rate", "1000", "--seconds", "6")
    for n in range(3):
        time.sleep(1.0)
        _honest_join(party, n, target)  # while 1000 silent connections a second arrive
    flood.wait_for(lambda line: "opened" in line, 30)

    bomber = party.rogue(1, "bomb", target, "--name", "Bomber", "--hold", "2")
    bomber.wait_for(lambda line: "sent" in line, 20)
    big = party.rogue(1, "big", target, "--name", "Hoarder", "--count", "30", "--hold", "1")
    assert big.wait_for(lambda line: "sent" in line, 60)["sent"] <= 3
    toggler = party.rogue(1, "toggle", target, "--name", "Toggler", "--count", "20000",
                          "--hold", "6")  # fmt: skip
    toggler.wait_for(lambda line: "sent" in line, 30)
    _honest_join(party, 3, target)

    assert hosting.process.poll() is None, "the host died"
    errors = hosting.stderr()
    assert "Traceback" not in errors
    rogue_lines = [line for line in errors.splitlines() if lan.hosts[1].address in line]
    assert len(rogue_lines) <= 20, f"{len(rogue_lines)} log lines for one offender"
    assert "refused a message from Bomber" in errors
    assert "larger than any kind allows before the start" in errors
    journal = max((party.tmp / "Ann" / "tables").glob("*.journal"), key=os.path.getsize)
    assert journal.stat().st_size < 2 * 1024 * 1024, "the journal grew with a member's flood"
    status = Path(f"/proc/{hosting.process.pid}/status").read_text()
    rss = int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1))  # type: ignore[union-attr]
    assert rss < 200 * 1024, f"the host holds {rss} kB"


# -- 7. terminal injection ---------------------------------------------------------------------


def test_names_and_chat_from_a_peer_reach_the_terminal_without_escapes(party: Party) -> None:
    hosting = party.lanpurr(0, "Ann", "host", "momistigri", "--no-announce")
    deadline = time.monotonic() + 15
    while not any("players join with" in t for t in hosting.text):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    port = re.search(r":(\d+)\n", "".join(hosting.text)).group(1)  # type: ignore[union-attr]
    target = f"{party.lan.hosts[0].address}:{port}"
    name = "\x1b]0;pwned\x07Eve\r\nFAKE: you won"
    chat = "hi\x1b[2J\nFAKE: the host closed the table"
    evil = party.rogue(1, "play", target, "--name", name, "--say", chat, "--hold", "2")
    evil.wait_for(lambda line: "left" in line, 20)
    time.sleep(0.5)
    printed = "".join(hosting.text) + hosting.stderr()
    assert "hi" in printed and "Eve" in printed
    assert ESC not in printed and "\x07" not in printed and "\r" not in printed
    assert not any(line.startswith("FAKE") for line in printed.splitlines())


# -- 8. both sides dial at once ---------------------------------------------------------------


def test_six_players_join_without_a_false_reconnecting_alarm(party: Party) -> None:
    hosting, target = party.host("purrfect", "--seats", "7", "--no-announce")
    guests = []
    for n in range(6):
        guests.append(party.join(1 + n % 3, f"P{n}", target))
        joined(guests[-1], 15)
    time.sleep(4.0)  # every pair of guests has dialed each other by now
    for process in (hosting, *guests):
        assert not process.events("PeerWaiting"), [e["name"] for e in process.events("PeerWaiting")]
        assert not process.events("PeerBack")
    assert len(latest_state(hosting)["members"]) == 7


# -- 9. a peer written from the document --------------------------------------------------------


def test_a_peer_written_from_the_protocol_document_plays_with_a_real_host(party: Party) -> None:
    hosting, target = party.host("momistigri", "--private", "--no-announce")
    code = hosting.wait_for(lambda line: line.get("event") == "hosting", 5)["code"]
    peer = party.rogue(1, "play", target, "--code", code, "--say", "hello from the document",
                       "--name", "Doc")  # fmt: skip
    done = peer.wait_for(lambda line: "left" in line, 20)
    assert done["ready_seen"] is True, "the host's table state did not show the peer ready"
    said = hosting.wait_for(lambda line: line.get("event") == "MessageReceived", 5)
    assert (said["name"], said["data"]) == ("Doc", "hello from the document")
    time.sleep(1.0)
    assert [m["name"] for m in latest_state(hosting)["members"]] == ["Ann"]
    assert not hosting.events("PeerWaiting"), "a polite leave is no absence"
    assert "Traceback" not in hosting.stderr()
