"""What a kit holds, as the sharing server and its pages see it: app archives and wheels."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class SharedFile:
    name: str
    path: Path
    size: int
    sha256: str


@dataclass(frozen=True)
class AppArchive(SharedFile):
    version: str
    system: str
    """linux, windows or macos"""
    arch: str


@dataclass(frozen=True)
class Kit:
    root: Path
    archives: tuple[AppArchive, ...]
    wheels: tuple[SharedFile, ...]

    @property
    def has_lanpurr_wheel(self) -> bool:
        return any(w.name.startswith("lanpurr-") for w in self.wheels)

    def describe(self) -> str:
        apps = ", ".join(f"{a.system} {a.arch}" for a in self.archives) or "no app archive"
        return f"{apps}; {len(self.wheels)} wheels"
