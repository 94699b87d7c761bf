"""Whether this process was stopped and then continued (SIGSTOP or Ctrl-Z, then SIGCONT).

A laptop whose lid closes is suspended whole, and its monotonic clock stops with it: after the
sleep every wait goes on where it was. A process stopped alone (by a debugger, Ctrl-Z, or a test
standing in for a closed lid) finds that its monotonic clock ran on meanwhile, so every wait it
had started looks long overdue when it runs again, though it was the one away. The game's wait
for the others (net.game.dropouts.Stall) starts afresh when this count moves.

The count is kept by a signal handler, so it is set up once, in the main thread, by the entry
point (`watch`); where there is no SIGCONT (Windows) nothing is counted. At the terminal the
game runs in the main thread, and the handler runs before anything else when the process goes
on; in the app the count may move a moment after the game's thread woke.
"""

import signal
import threading
from types import FrameType

_continued = 0


def _on_continue(signum: int, frame: FrameType | None) -> None:
    global _continued
    _continued += 1


def watch() -> None:
    """Count every SIGCONT from now on (POSIX, called from the main thread; else nothing)."""
    if hasattr(signal, "SIGCONT") and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGCONT, _on_continue)


def continued() -> int:
    """How many times this process went on after being stopped."""
    return _continued
