"""An unpacked lanpurr app can pass itself on: with no kit at hand, `lanpurr share` packs the
app folder it runs from (once; the archive is kept) and shares that.

So a friend who got only the app, not the whole kit, can still give it to the next laptop.
Linux and Windows apps only: a macOS .app needs `ditto` to keep its frameworks intact.
"""

from __future__ import annotations

import os
import platform
import sys
import tarfile
import zipfile
from pathlib import Path

from lanpurr.version import installed_version

SYSTEMS = {"linux": "linux", "win32": "windows", "darwin": "macos"}


def system_and_arch() -> tuple[str, str]:
    """This computer as an archive name says it: ("linux", "x86_64"), ("windows", "x86_64")…"""
    system = SYSTEMS.get(sys.platform, sys.platform)
    machine = platform.machine().lower()
    return system, {"amd64": "x86_64", "aarch64": "arm64"}.get(machine, machine)


def archive_name(version: str, system: str, arch: str) -> str:
    """The file name `lanpurr share` recognises (see net.share.server)."""
    return f"lanpurr-{version}-{system}-{arch}.{'tar.gz' if system == 'linux' else 'zip'}"


def running_app_folder() -> Path | None:
    """The one-folder app this process runs from, if it is one that can be packed."""
    if not getattr(sys, "frozen", False) or sys.platform == "darwin":
        return None
    return Path(sys.executable).resolve().parent


def _version() -> str:
    return installed_version() or "0"


def pack_folder(folder: Path, target: Path) -> Path:
    """`folder` as `target` (tar.gz or zip), its top folder named `lanpurr`; written aside and
    renamed, so a half-written archive is never shared."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    if target.name.endswith(".tar.gz"):
        with tarfile.open(partial, "w:gz", compresslevel=6) as tar:
            tar.add(folder, arcname="lanpurr")
    else:
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
            for path in sorted(folder.rglob("*")):
                archive.write(path, Path("lanpurr") / path.relative_to(folder))
    os.replace(partial, target)
    return target


def kit_of_running_app(cache: Path) -> Path | None:
    """A kit folder under `cache` holding this app, packed (reused while the app is unchanged);
    None when this process is not a packable app."""
    folder = running_app_folder()
    if folder is None:
        return None
    system, arch = system_and_arch()
    target = cache / "downloads" / archive_name(_version(), system, arch)
    if not target.exists() or target.stat().st_mtime < Path(sys.executable).stat().st_mtime:
        for old in target.parent.glob("lanpurr-*"):
            old.unlink()
        pack_folder(folder, target)
    return cache
