"""A guest plays whole games at a terminal: `lanpurr join` in a pseudo-terminal, on loopback,
against a table of bots that `lanpurr host` runs. The guest reads the lines a person reads and
types the numbers a person would: offers, accepting others' offers and "Purrfect!" in
Purrfect; turning and pushing tiles in No sin mi gato; until "Game over: … wins".
"""

import json
import os
import pty
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
GAME_LENGTH = 900.0
"""Seconds a whole game may take on a busy machine before the test gives up (not a measure)."""
Menu = list[tuple[int, str]]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Terminal:
    """`lanpurr join` with a pseudo-terminal for stdin and stdout, as in a terminal window."""

    def __init__(self, home: Path, *args: str) -> None:
        master, slave = pty.openpty()
        env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1", "COLUMNS": "100"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "ui.cli", "join", *args, "--home", str(home)],
            stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=env, start_new_session=True,
        )  # fmt: skip
        os.close(slave)
        self.master = master
        self.text = ""
        self.read_to = 0
        """How far the player has read."""
        self._lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        while True:
            ready, _, _ = select.select([self.master], [], [], 0.5)
            if not ready:
                if self.process.poll() is not None:
                    return
                continue
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            with self._lock:
                self.text += data.decode("utf-8", "replace").replace("\r\n", "\n")

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def wait_for(self, pattern: str, timeout: float = 60.0) -> re.Match[str]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                found = re.compile(pattern, re.M).search(self.text, self.read_to)
            if found:
                self.read_to = found.end()
                return found
            if self.process.poll() is not None and not found:
                break
            time.sleep(0.05)
        raise AssertionError(f"no {pattern!r} on the terminal; it shows:\n{self.text[-4000:]}")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(10)
        os.close(self.master)


def last_menu(text: str) -> Menu:
    """The numbered choices printed just before the last "Your turn" line."""
    block = text.rsplit("Your turn:", 1)[0].splitlines()
    menu: Menu = []
    for line in reversed(block):
        found = re.match(r"^ +(\d+)\. (.*)$", line)
        if not found:
            break
        menu.insert(0, (int(found.group(1)), found.group(2)))
    return menu


def play(
    guest: Terminal, choose: Callable[[str, Menu], int | None], said: list[str]
) -> re.Match[str]:
    """Answer every menu with `choose` until the game is over; `said` gets every choice."""
    deadline = time.monotonic() + GAME_LENGTH
    while time.monotonic() < deadline:
        found = guest.wait_for(r"^Your turn: .*$|^Game over: .*$", GAME_LENGTH)
        if found.group(0).startswith("Game over"):
            return found
        menu = last_menu(guest.text[: found.end()])
        number = choose(guest.text[: found.end()], menu)
        if number is not None:
            said.append(dict(menu)[number])
            guest.type(str(number))
    raise AssertionError("the game did not end")


@pytest.fixture
def host_table(tmp_path: Path) -> Iterator[Callable[..., tuple[int, subprocess.Popen[str]]]]:
    started: list[subprocess.Popen[str]] = []

    def host(game: str, seats: int, bots: int) -> tuple[int, subprocess.Popen[str]]:
        port = free_port()
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        process = subprocess.Popen(
            [sys.executable, "-m", "ui.cli", "host", game, "--seats", str(seats), "--bots",
             str(bots), "--bot", "medium", "--pace", "0.3", "--autostart", "--no-announce",
             "--interface", "127.0.0.1", "--port", str(port), "--json", "--name", "Ben",
             "--home", str(tmp_path / "host")],
            stdout=subprocess.PIPE, stderr=(tmp_path / "host.err").open("w"),
            stdin=subprocess.DEVNULL,
            text=True, cwd=ROOT, env=env,
        )  # fmt: skip
        started.append(process)
        assert process.stdout is not None
        hosting = json.loads(process.stdout.readline())
        assert hosting["event"] == "hosting", hosting
        # (The host's lines are read, so that it never waits for a full pipe.)
        threading.Thread(target=process.stdout.read, daemon=True).start()
        return int(hosting["port"]), process

    yield host
    for process in started:
        if process.poll() is None:
            process.terminate()
            process.wait(10)


def sit_down(tmp_path: Path, port: int) -> Terminal:
    guest = Terminal(tmp_path / "guest", f"127.0.0.1:{port}", "--interface", "127.0.0.1")
    guest.wait_for(r"Your name at the table: ")  # (not the system user's)
    guest.type("Ana")
    guest.wait_for(r"Type `ready`")
    guest.type("ready")
    return guest


def fewest(text: str, choices: Menu, pattern: str) -> int | None:
    """The choice naming the cat I hold fewest of (the hand's last line says how many)."""
    hand = re.findall(r"Your hand: (.*)$", text, re.M)
    held = {cat: int(n) for n, cat in re.findall(r"(\d+) (\w+)", hand[-1])} if hand else {}
    fitting = [(n, t) for n, t in choices if re.search(pattern, t)]
    if not fitting:
        return None
    return min(fitting, key=lambda c: held.get(re.findall(r"\w+$", c[1])[0], 0))[0]


def purrfect_choice(text: str, menu: Menu) -> int | None:
    for wanted in (r"^Declare Purrfect", r"^Swap with", r"^Accept "):
        found = [n for n, t in menu if re.search(wanted, t)]
        if found:
            return found[0]
    giving = fewest(text, menu, r"^giving ")
    if giving is not None:
        return giving
    for step in (r"^Offer cards$", r"^1 card"):
        found = [n for n, t in menu if re.search(step, t)]
        if found:
            return found[0]
    cat = fewest(text, [(n, t) for n, t in menu if t.startswith("of ")], r"^of ")
    return cat  # (only "Take back your offer" is left: wait for the table to change)


def test_a_guest_plays_a_whole_game_of_purrfect_at_a_terminal(
    tmp_path: Path, host_table: Callable[..., tuple[int, subprocess.Popen[str]]]
) -> None:
    port, _ = host_table("purrfect", 4, 2)
    guest = sit_down(tmp_path, port)
    said: list[str] = []
    try:
        over = play(guest, purrfect_choice, said)
        transcript = guest.text
    finally:
        guest.stop()
    Path(os.environ.get("LANPURR_TRANSCRIPT", os.devnull)).write_text(guest.text)
    assert re.match(r"Game over: .+ wins\.", over.group(0)), over.group(0)
    assert any(s.startswith("1 card") for s in said)  # offered
    assert any(s.startswith("giving") for s in said)  # accepted someone's offer
    assert "made Purrfect!" in transcript
    # Listed only when true: the hand shown last before each offer to declare is nine of a
    # kind (two tables may be printed back to back when one pass brings two updates).
    declared = [m.start() for m in re.finditer(r"^ +\d+\. Declare Purrfect", transcript, re.M)]
    last = [re.findall(r"Your hand: (.*)\n", transcript[:at])[-1] for at in declared]
    assert all(re.fullmatch(r"9 \w+", hand) for hand in last), last
    assert "{'" not in transcript and "Traceback" not in transcript
    assert not re.search(r"^\d{4}-\d\d-\d\d \d\d:", transcript, re.M)  # no log lines


def gutters_choice(text: str, menu: Menu) -> int | None:
    """The first action of a turn turns a tile, the second pushes the pile's tile in."""
    left = re.findall(r"your turn, (\d) actions? left", text)
    first = r"^Turn a tile" if left and left[-1] == "2" else r"^Push the pile's tile"
    steps = (first, r"^from the", r"^into ", r"^in row", r"^column", r"quarter turn clockwise")
    for wanted in steps:
        found = [n for n, t in menu if re.search(wanted, t)]
        if found:
            return found[len(text) % len(found)]
    return menu[-1][0] if menu else None


def test_a_guest_plays_a_whole_game_of_no_sin_mi_gato_at_a_terminal(
    tmp_path: Path, host_table: Callable[..., tuple[int, subprocess.Popen[str]]]
) -> None:
    port, _ = host_table("gutters", 2, 0)
    guest = sit_down(tmp_path, port)
    said: list[str] = []
    try:
        guest.wait_for(r"Game 1 of No sin mi gato starts: you play seat 2\.")
        over = play(guest, gutters_choice, said)
        transcript = guest.text
    finally:
        guest.stop()
    assert re.match(r"Game over: (Ana|Ben) wins\.|Game over: Ana and Ben share", over.group(0))
    assert any(s.startswith("a quarter turn") for s in said)  # turned tiles
    assert any(s.startswith("into ") for s in said)  # pushed the pile's tile in
    assert "Gutters" not in transcript and not re.search(r"\bt\d\d\b|\bk\d\d\b", transcript)
    assert "{'" not in transcript and "Traceback" not in transcript
