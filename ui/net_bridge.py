"""The bridge between the Qt app and the asyncio network layer.

`net` runs its own event loop in a background thread and never imports Qt (the shape Electrum
uses). The UI hands it coroutines with `submit` (through `asyncio.run_coroutine_threadsafe`) and
hears back through Qt signals, which Qt queues onto the UI thread: nothing here ever makes the UI
wait for the network. Each event goes to the objects that listen to its type (`listen`,
ui/event_listener.py), released with them.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
from collections.abc import Callable, Coroutine, Mapping
from typing import Any

from PySide6.QtCore import QObject, Signal

from ui.event_listener import EventRouter, Handler

log = logging.getLogger(__name__)

STOP_TIMEOUT_S = 3.0


class NetBridge(QObject):
    event_received = Signal(object)
    """An event object from the network layer (a plain dataclass), delivered on the UI thread."""
    command_failed = Signal(str, str)
    """(what was being done, what went wrong), for a command submitted with a description."""
    command_error = Signal(str, object)
    """(what was being done, the exception itself), so the UI can say what it means."""
    _finished = Signal(object, object, object)
    """Internal: (callback, result, error) hopped onto the UI thread."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="lanpurr-net", daemon=True)
        self._finished.connect(self._deliver)
        self._started = False
        self.router = EventRouter(self)
        self.event_received.connect(self.router.deliver)

    def start(self) -> None:
        """Start the network thread. Returns at once."""
        if not self._started:
            self._started = True
            self._thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_forever()
        finally:
            pending = asyncio.all_tasks(self.loop)
            for task in pending:
                task.cancel()
            if pending:
                self.loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            self.loop.close()

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def listen(self, owner: QObject, handlers: Mapping[type, Handler] | None = None) -> None:
        """`owner` hears the events of the types it shows (its `@shows` methods, or
        `handlers`) until it is destroyed or released (ui/event_listener.py)."""
        self.router.listen(owner, handlers)

    def release(self, owner: QObject) -> None:
        self.router.release(owner)

    def publish(self, event: object) -> None:
        """Hand an event to the UI. Safe to call from the network thread (or any thread)."""
        self.event_received.emit(event)

    def submit(
        self,
        coroutine: Coroutine[Any, Any, Any],
        on_done: Callable[[Any], None] | None = None,
        describe: str = "",
    ) -> concurrent.futures.Future[Any]:
        """Run `coroutine` on the network loop; `on_done(result)` is then called on the UI thread.

        A failure is reported through `command_failed(describe, message)` (and logged), so the
        UI can tell the player what went wrong instead of crashing or hanging.
        """
        if not self._started:
            coroutine.close()
            raise RuntimeError("start the network bridge before sending it commands")
        future = asyncio.run_coroutine_threadsafe(coroutine, self.loop)

        def finished(done: concurrent.futures.Future[Any]) -> None:
            if done.cancelled():
                return
            error = done.exception()
            self._finished.emit((on_done, describe), None if error else done.result(), error)

        future.add_done_callback(finished)
        return future

    def _deliver(self, target: object, result: object, error: object) -> None:
        on_done: Callable[[Any], None] | None
        describe: str
        on_done, describe = target  # type: ignore[misc]
        if isinstance(error, BaseException):
            log.warning("network command %r failed: %s", describe, error)
            self.command_error.emit(describe, error)
            self.command_failed.emit(describe, str(error) or type(error).__name__)
        elif on_done is not None:
            on_done(result)

    def call_soon(self, function: Callable[..., object], *args: object) -> None:
        """Run a plain function on the network thread."""
        self.loop.call_soon_threadsafe(function, *args)

    def stop(self, shutdown: Coroutine[Any, Any, Any] | None = None) -> None:
        """Run `shutdown` (e.g. closing the lobby) on the loop, then stop the thread.

        Waits at most STOP_TIMEOUT_S, so a stuck network never keeps the window from closing.
        """
        if not self._started or not self._thread.is_alive():
            if shutdown is not None:
                shutdown.close()
            return
        if shutdown is not None:
            future = asyncio.run_coroutine_threadsafe(shutdown, self.loop)
            try:
                future.result(timeout=STOP_TIMEOUT_S)
            except Exception as error:  # closing must go on whatever the network says
                log.warning("network shutdown did not finish cleanly: %s", error)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=STOP_TIMEOUT_S)
