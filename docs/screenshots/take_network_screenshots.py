"""Take the network-*.png pictures in this folder: each game played between two laptops.

Two real `lanpurr` apps, started by their command, each with its own fresh lanpurr home and in
its own network namespace, stand side by side on one wide virtual X screen (Xvfb's socket in
/tmp/.X11-unix works across namespaces). Ana hosts a table, Ben joins it by the address her
waiting room shows, bots fill the other seats, and both play with the keyboard and mouse
(xdotool) while the whole screen is captured (`import -window root`).

    sudo .venv/bin/python docs/screenshots/take_network_screenshots.py [--only GAME ...]

Needs root and the Debian packages xvfb, xdotool, imagemagick and iproute2. The namespaces come
from tests/net/netns.py: a private bridge with addresses that exist only inside them, deleted at
the end, so discovery and play send nothing onto the machine's network. Window coordinates are
for the 1280x900 windows made here; if a layout changes, look at the pictures and adjust them.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))

from tests.net.netns import Host, Lan  # noqa: E402

BIN = Path(sys.executable).parent
DISPLAY = ":73"
WINDOW = (1280, 900)
SCREEN = (2 * WINDOW[0], WINDOW[1])
MAX_BYTES = 300_000
"""A picture larger than this is saved with 256 colours (the felt's gradient shows a little)."""


def run(*argv: str, check: bool = True) -> str:
    env = {**os.environ, "DISPLAY": DISPLAY}
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60, check=False, env=env)
    if check and done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} failed: {done.stderr.strip()}")
    return done.stdout


def shot(name: str, settle: float = 0.4) -> None:
    """The whole screen (both laptops) as docs/screenshots/NAME.png."""
    time.sleep(settle)
    frame = HERE / f"{name}.png"
    run("import", "-display", DISPLAY, "-window", "root", str(frame))
    save(frame, name)


def save(frame: Path, name: str) -> None:
    path = HERE / f"{name}.png"
    if frame != path:
        shutil.copy(frame, path)
    if path.stat().st_size > MAX_BYTES:
        run("convert", str(path), "+dither", "-colors", "256", "-strip", f"PNG8:{path}")
    print(f"wrote {path.name} ({path.stat().st_size // 1000} KB)")


class Laptop:
    """One run of `lanpurr` in a namespace of its own, its window at `left` on the screen."""

    def __init__(self, host: Host, name: str, left: int, hosted: dict[str, str]) -> None:
        self.host = host
        self.name = name
        self.left = left
        self.home = Path(tempfile.mkdtemp(prefix=f"lanpurr-{name.lower()}-"))
        lines = ["[General]", f"name={name}"]
        if hosted:  # what the Host dialog offers: the game and seats of this scene
            lines += ["", "[last_hosted]", *(f"{k}={v}" for k, v in hosted.items())]
        (self.home / "settings.ini").write_text("\n".join(lines) + "\n")
        env = {**os.environ, "DISPLAY": DISPLAY, "LANPURR_HOME": str(self.home)}
        env.pop("QT_QPA_PLATFORM", None)
        self.process = subprocess.Popen(
            host.command([str(BIN / "lanpurr")]),
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        # `ip netns exec` becomes the app, so the window carries this process id.
        found = run("xdotool", "search", "--sync", "--onlyvisible", "--pid", str(self.process.pid))
        self.window = found.split()[0]
        run("xdotool", "windowmove", self.window, str(left), "0")
        run("xdotool", "windowsize", self.window, str(WINDOW[0]), str(WINDOW[1]))

    def click(self, x: int, y: int, pause: float = 0.7) -> None:
        """A click at (x, y) of this laptop's window."""
        run("xdotool", "mousemove", str(self.left + x), str(y), "click", "1")
        time.sleep(pause)

    def keys(self, *names: str) -> None:
        run("xdotool", "windowfocus", "--sync", self.window)
        for name in names:
            run("xdotool", "key", name)
            time.sleep(0.2)

    def title(self) -> str:
        return run("xdotool", "getwindowname", self.window).strip()

    def table_port(self) -> str:
        """The port of the table this laptop hosts (its waiting room shows it too)."""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            listening = run("ip", "netns", "exec", self.host.namespace, "ss", "-ltnpH")
            for line in listening.splitlines():
                if f"pid={self.process.pid}," in line:
                    return line.split()[3].rsplit(":", 1)[1]
            time.sleep(0.3)
        raise RuntimeError(f"{self.name}'s app hosts no table")

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)
        shutil.rmtree(self.home, ignore_errors=True)


# Where things are in a 1280x900 window (read off the pictures).
HOST_A_TABLE = (1024, 816)
JOIN_BY_ADDRESS = (1169, 816)
START = (1179, 864)  # the host's "Start the game", right-most in the waiting room's bar
HOST_READY = (1039, 864)  # the host's "I'm ready", left of Start
GUEST_READY = (1202, 862)  # a guest's "I'm ready", right-most
ADD_A_BOT_X = 1176  # "Add a bot" in a free seat's row
ROUND_OVER_BUTTON = (500, 652)  # Momistigri's "Next round" / "See who won"
PURRFECT_FIRST_CARD = (261, 841)
PURRFECT_OFFER = (887, 758)
GUTTERS_ARROWS = [
    (51, 374), (237, 188), (645, 485), (346, 782), (51, 594), (346, 188),
    (645, 374), (237, 782), (51, 485), (457, 188), (645, 594), (457, 782),
]  # fmt: skip
"""The arrows around the mini board: pushes from every side in turn."""
GUTTERS_TURN_TOP_TILE = (913, 185)  # the pile's "turn a quarter" button


def sit_down(lan: Lan, hosted: dict[str, str]) -> tuple[Laptop, Laptop]:
    """Ana hosts a table from the lobby; Ben types its address into Join by address."""
    ana = Laptop(lan.hosts[0], "Ana", 0, hosted)
    ben = Laptop(lan.hosts[1], "Ben", WINDOW[0], {})
    time.sleep(3)  # the lobby finds its network
    # A dialog has the keyboard once it opens: keys go to it, not to a main window.
    ana.click(*HOST_A_TABLE)
    run("xdotool", "key", "Return")  # the Host dialog, with this scene's game and seats
    port = ana.table_port()
    ben.click(*JOIN_BY_ADDRESS)
    run("xdotool", "type", "--delay", "40", f"{ana.host.address}:{port}")
    run("xdotool", "key", "Return")
    time.sleep(3)
    return ana, ben


def progress_line_shown(frame: Path, left: int) -> bool:
    """Whether the progress line's accent edge is under the banner in one laptop's window."""
    pixel = run("convert", str(frame), "-crop", f"1x1+{left + 11}+93", "-format",
                "%[fx:int(255*r)],%[fx:int(255*g)],%[fx:int(255*b)]", "info:")  # fmt: skip
    red, green, blue = (int(part) for part in pixel.split(","))
    return red > 200 and 130 < green < 190 and blue < 110  # the accent, #f2a33a


def whose_turn(laptops: tuple[Laptop, ...]) -> Laptop | None:
    for laptop in laptops:
        if "Your turn" in laptop.title():
            return laptop
    return None


def momistigri(lan: Lan) -> None:
    """A whole game: Ana and Ben, and a bot on Ben's laptop; two rounds to the final scores."""
    ana, ben = sit_down(lan, {"game": "momistigri", "seats": "3", "private": "false"})
    try:
        ben.click(ADD_A_BOT_X, 794, pause=1.5)  # seat 3: the bot runs on Ben's laptop
        ana.click(*HOST_READY)
        ben.click(*GUEST_READY, pause=1.5)
        shot("network-momistigri-1-waiting")
        ana.click(*START, pause=0.0)
        start_burst("network-momistigri-2-shuffling")
        # A plain player who draws, then presses the last button (Pass or End turn), or
        # sometimes picks a card of their hand first.
        rng = random.Random(11)
        moves, rounds_seen = 0, 0
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            titles = (ana.title(), ben.title())
            if all("Game over" in title for title in titles):
                shot("network-momistigri-5-game-over", settle=2.0)
                return
            if all(" is over" in title for title in titles):
                rounds_seen += 1
                if rounds_seen == 1:
                    shot("network-momistigri-4-round-over", settle=1.5)
                time.sleep(1)
                for laptop in (ana, ben):
                    laptop.click(*ROUND_OVER_BUTTON)
                time.sleep(1.5)
                continue
            mover = whose_turn((ana, ben))
            if mover is None:
                time.sleep(0.4)
                continue
            mover.keys("Right" if rng.random() < 0.5 else "Left", "Return")
            moves += 1
            time.sleep(0.3)
            if moves == 9 and rounds_seen == 0:
                shot("network-momistigri-3-playing", settle=1.0)
        raise RuntimeError("the Momistigri game did not end in ten minutes")
    finally:
        ana.close()
        ben.close()


def start_burst(name: str) -> None:
    """Right after Start: capture the screen again and again, and keep the first picture in
    which both laptops show the progress line (else one of them, for a quick shuffle)."""
    burst = Path(tempfile.mkdtemp(prefix="lanpurr-burst-"))
    best: Path | None = None
    try:
        for index in range(15):
            frame = burst / f"{index:02d}.png"
            run("import", "-display", DISPLAY, "-window", "root", str(frame))
            shown = [progress_line_shown(frame, left) for left in (0, WINDOW[0])]
            if all(shown):
                best = frame
                break
            if any(shown) and best is None:
                best = frame
        if best is None:
            print(f"no picture showed the progress line: {name}.png not taken")
        else:
            save(best, name)
    finally:
        shutil.rmtree(burst, ignore_errors=True)
    time.sleep(2)


def purrfect(lan: Lan) -> None:
    """Four seats: Ana, Ben and a bot from each laptop; everyone trades at once."""
    ana, ben = sit_down(lan, {"game": "purrfect", "seats": "4", "private": "false"})
    try:
        ana.click(ADD_A_BOT_X, 750, pause=1.5)  # seat 3: a bot on Ana's laptop
        ben.click(ADD_A_BOT_X, 799, pause=1.5)  # seat 4: a bot on Ben's laptop
        ana.click(*HOST_READY)
        ben.click(*GUEST_READY, pause=1.5)
        shot("network-purrfect-1-waiting")
        ana.click(*START, pause=0.0)
        start_burst("network-purrfect-2-shuffling")
        time.sleep(2)
        # No turns: each laptop offers the first card of its hand to the table.
        for laptop in (ana, ben):
            laptop.click(*PURRFECT_FIRST_CARD)
            laptop.click(*PURRFECT_OFFER)
        shot("network-purrfect-3-trading", settle=2.5)
    finally:
        ana.close()
        ben.close()


def gutters(lan: Lan) -> None:
    """Two players on the mini board, taking turns to push tiles into the gutters."""
    ana, ben = sit_down(lan, {"game": "gutters", "seats": "2", "private": "false", "board": "mini"})
    try:
        ana.click(*HOST_READY)
        ben.click(*GUEST_READY, pause=1.5)
        shot("network-gutters-1-waiting")
        ana.click(*START, pause=3.0)  # two players shuffle the tiles too fast to catch
        # Two actions a turn: a quarter turn of the pile's top tile counts as one.
        pushes = iter(GUTTERS_ARROWS)
        for _ in range(3):
            for laptop in (ana, ben):
                for _action in range(2):
                    if whose_turn((ana, ben)) is not laptop:
                        break
                    laptop.click(*next(pushes), pause=1.5)
        mover = whose_turn((ana, ben))
        if mover is not None:
            mover.click(*GUTTERS_TURN_TOP_TILE, pause=1.0)
            run("xdotool", "mousemove", str(mover.left + GUTTERS_ARROWS[0][0]),
                str(GUTTERS_ARROWS[0][1]))  # fmt: skip
        shot("network-gutters-2-playing", settle=1.0)
    finally:
        ana.close()
        ben.close()


SCENES: dict[str, Callable[[Lan], None]] = {
    "momistigri": momistigri,
    "purrfect": purrfect,
    "gutters": gutters,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--only", nargs="*", choices=sorted(SCENES), default=None)
    args = parser.parse_args()
    if os.geteuid() != 0:
        print("run as root: each laptop runs in a network namespace", file=sys.stderr)
        return 2
    for tool in ("Xvfb", "xdotool", "import", "convert", "ip", "ss"):
        if shutil.which(tool) is None:
            print(f"{tool} is missing (apt-get install xvfb xdotool imagemagick iproute2)",
                  file=sys.stderr)  # fmt: skip
            return 2
    xvfb = subprocess.Popen(
        ["Xvfb", DISPLAY, "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(1)
        for name in args.only or list(SCENES):
            with Lan(hosts=2) as lan:
                SCENES[name](lan)
    finally:
        xvfb.terminate()
        xvfb.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
