"""Take the pictures in this folder from the real app: `lanpurr` started by its command on a
virtual X screen (Xvfb), driven with the keyboard and mouse (xdotool), captured whole-screen
(`import -window root`). What is saved is what a player sees, down to the style sheets.

    sudo .venv/bin/python docs/screenshots/take_screenshots.py [--only NAME ...]

Needs root and the Debian packages xvfb, xdotool and imagemagick. The app runs inside a network
namespace this script makes (loopback only) and deletes, so hosting a table here sends nothing
onto the machine's network. Each scene starts from a fresh, throwaway lanpurr home.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent
DISPLAY = os.environ.get("SHOTS_DISPLAY", ":71")
SCREEN = (1280, 800)
NAMESPACE = f"lpshots{os.getpid()}"


def run(*argv: str, check: bool = True) -> str:
    env = {**os.environ, "DISPLAY": DISPLAY}
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60, check=False, env=env)
    if check and done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} failed: {done.stderr.strip()}")
    return done.stdout


def xdo(*args: str) -> str:
    return run("xdotool", *args)


class App:
    """One run of `lanpurr` on the virtual screen, with its own home and settings."""

    def __init__(self, settings: dict[str, str], command: tuple[str, ...] = ("lanpurr",)) -> None:
        self.home = Path(tempfile.mkdtemp(prefix="lanpurr-shot-"))
        if settings:
            lines = ["[General]", *(f"{k}={v}" for k, v in settings.items())]
            (self.home / "settings.ini").write_text("\n".join(lines) + "\n")
        env = {**os.environ, "DISPLAY": DISPLAY, "LANPURR_HOME": str(self.home)}
        env.pop("QT_QPA_PLATFORM", None)
        argv = [str(BIN / command[0]), *command[1:]]
        self.process = subprocess.Popen(
            ["ip", "netns", "exec", NAMESPACE, *argv],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def window(self, title: str = "lanpurr") -> str:
        found = run("xdotool", "search", "--sync", "--onlyvisible", "--name", title)
        return found.split()[0]

    def fill_screen(self, size: tuple[int, int] = SCREEN) -> None:
        """Without a window manager the window opens at its own size: make it the screen's."""
        window = self.window()
        xdo("windowmove", window, "0", "0")
        xdo("windowsize", window, str(size[0]), str(size[1]))
        time.sleep(0.8)

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.home, ignore_errors=True)


def shot(name: str) -> None:
    time.sleep(0.4)
    run("import", "-display", DISPLAY, "-window", "root", str(HERE / f"{name}.png"))
    print(f"wrote {name}.png")


def click(x: int, y: int) -> None:
    xdo("mousemove", str(x), str(y), "click", "1")
    time.sleep(0.6)


def keys(*names: str) -> None:
    for name in names:
        xdo("key", name)
        time.sleep(0.25)


NAMED = {"name": "Ana"}


def first_run() -> None:
    app = App({})
    try:
        app.window("Welcome")
        shot("first_run")
    finally:
        app.close()


def lobby(language: str) -> Callable[[], None]:
    def scene() -> None:
        app = App({**NAMED, "language": language})
        try:
            app.fill_screen()
            time.sleep(6)  # long enough for the "nothing found" explanation
            shot(f"lobby_{language}")
        finally:
            app.close()

    return scene


def host_and_wait() -> None:
    """The Host dialog, then the waiting room of a five-seat table with four bots."""
    app = App(NAMED)
    try:
        app.fill_screen()
        click(1024, 717)  # Host a table
        shot("host_dialog")
        keys("Tab", "Up")  # five seats
        keys("Return")
        time.sleep(3)
        for y in (570, 613, 656, 699):  # "Add a bot" on every free seat
            click(1176, y)
            time.sleep(0.6)
        click(1040, 765)  # I'm ready
        shot("table_setup_host")
    finally:
        app.close()


def local_table(game_index: int, name: str, wait_s: float, **settings: str) -> Callable[[], None]:
    """A game against bots, started from the lobby with the keyboard as a person would."""

    def scene() -> None:
        app = App({**NAMED, **settings})
        try:
            size = (1024, 600) if name.endswith("1024x600") else SCREEN
            app.fill_screen(size)
            keys(*(["Down"] * game_index), "Return")
            time.sleep(1.2)
            if game_index == 0 and not settings and size == SCREEN:
                shot("local_game_momistigri")
            keys("Return")
            time.sleep(wait_s)
            shot(name)
        finally:
            app.close()

    return scene


def tutorial(game_index: int, name: str, wait_s: float, **settings: str) -> Callable[[], None]:
    """Learn to play, started from the lobby's button with the keyboard: the first hint."""

    def scene() -> None:
        app = App({**NAMED, **settings})
        try:
            size = (1024, 600) if "1024x600" in name else SCREEN
            app.fill_screen(size)
            keys(*(["Down"] * game_index), "Right", "Return")
            time.sleep(wait_s)
            shot(name)
        finally:
            app.close()

    return scene


SCENES: dict[str, Callable[[], None]] = {
    "first_run": first_run,
    "lobby_en": lobby("en"),
    "lobby_it": lobby("it"),
    "lobby_es": lobby("es"),
    "host": host_and_wait,
    "momistigri": local_table(0, "table-momistigri", 6),
    "purrfect": local_table(1, "table-purrfect-trading", 6),
    "gutters": local_table(2, "table-gutters", 4),
    "momistigri_es_zoom": local_table(0, "table-momistigri-es-150", 6, language="es", zoom="1.5"),
    "small": local_table(0, "table-momistigri-1024x600", 6),
    "tutorial_momistigri": tutorial(0, "tutorial-momistigri-en", 5),
    "tutorial_purrfect": tutorial(1, "tutorial-purrfect-it", 4, language="it"),
    "tutorial_gutters": tutorial(2, "tutorial-gutters-es", 4, language="es"),
    "tutorial_small": tutorial(0, "tutorial-momistigri-1024x600-150", 5, zoom="1.5"),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", choices=sorted(SCENES), default=None)
    args = parser.parse_args()
    if os.geteuid() != 0:
        print("run as root: the app runs inside a network namespace", file=sys.stderr)
        return 2
    for tool in ("Xvfb", "xdotool", "import", "ip"):
        if shutil.which(tool) is None:
            print(f"{tool} is missing (apt-get install xvfb xdotool imagemagick)", file=sys.stderr)
            return 2
    run("ip", "netns", "add", NAMESPACE)
    xvfb = subprocess.Popen(
        ["Xvfb", DISPLAY, "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        run("ip", "-n", NAMESPACE, "link", "set", "lo", "up")
        run("ip", "-n", NAMESPACE, "route", "add", "224.0.0.0/4", "dev", "lo")
        time.sleep(1)
        for name in args.only or list(SCENES):
            SCENES[name]()
    finally:
        xvfb.terminate()
        xvfb.wait(10)
        run("ip", "netns", "delete", NAMESPACE, check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
