"""Shared by the packaging tests: one wheelhouse per test session, and processes to watch."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(scope="session")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A kit holding the wheelhouse for this computer, built once per session the way a release
    builds it (lanpurr's wheel from a clean copy, dependencies with `pip download`)."""
    folder = tmp_path_factory.mktemp("kit")
    done = subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "wheelhouse.py"), str(folder / "wheels")],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    return folder


class Watched:
    """A process whose output lines are collected as they come."""

    def __init__(self, argv: Sequence[str], **kwargs: object) -> None:
        self.process = subprocess.Popen(
            list(argv), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            stdin=subprocess.DEVNULL, **kwargs,  # type: ignore[call-overload]
        )  # fmt: skip
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_for(self, check: Callable[[str], bool], timeout: float) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in list(self.lines):
                if check(line):
                    return line
            if self.process.poll() is not None and not any(check(x) for x in self.lines):
                time.sleep(0.2)  # the reader may still be catching up
                if not any(check(x) for x in self.lines):
                    break
            time.sleep(0.05)
        output = "\n".join(self.lines[-30:])
        raise AssertionError(f"not seen within {timeout} s; the output ends with:\n{output}")

    def stop(self) -> int | None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        return self.process.returncode
