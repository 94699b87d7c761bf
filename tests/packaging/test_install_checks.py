"""What an installed lanpurr says about itself: its version, a missing X11 library, its kit."""

from __future__ import annotations

import shutil
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

from net.limits import PROTOCOL_VERSION
from net.share.server import find_kit
from tests.packaging.conftest import ROOT
from ui import system_libs


def test_version_prints_the_release_and_the_network_protocol() -> None:
    done = subprocess.run([sys.executable, "-m", "ui.cli", "--version"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0
    assert (
        done.stdout.strip() == f"lanpurr {version('lanpurr')} (network protocol {PROTOCOL_VERSION})"
    )


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Qt's xcb plugin is Linux's")
def test_an_xcb_plugin_that_cannot_load_is_explained_with_what_to_install(tmp_path: Path) -> None:
    plugin = system_libs.xcb_plugin()
    assert plugin is not None, "PySide6 ships Qt's xcb plugin on Linux"
    # Moved away from Qt's own libraries, the plugin cannot find libQt6XcbQpa: the loader's
    # complaint is turned into a sentence that names it. A fresh process, so that no Qt
    # library is loaded already.
    stray = tmp_path / "libqxcb.so"
    shutil.copy2(plugin, stray)
    code = (
        "import sys; from pathlib import Path; from ui.system_libs import "
        "missing_libraries_message as check; print(check(Path(sys.argv[1])))"
    )
    message = subprocess.run([sys.executable, "-c", code, str(stray)], cwd=ROOT,
                             capture_output=True, text=True, timeout=60).stdout  # fmt: skip
    assert message.startswith("lanpurr cannot open its window")
    assert "libQt6XcbQpa.so.6" in message and "bundle" in message


def test_every_library_missing_from_the_list_is_named_with_its_package(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    absent = {"libxcb-cursor.so.0", "libxcb-icccm.so.4"}
    real_cdll = system_libs.ctypes.CDLL

    def pretend(name: str, *args: object, **kwargs: object) -> object:
        if name in absent or name.endswith("libqxcb.so"):
            raise OSError(f"libxcb-cursor.so.0: cannot open shared object file: {name}")
        return real_cdll(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(system_libs.ctypes, "CDLL", pretend)
    message = system_libs.missing_libraries_message(tmp_path / "libqxcb.so")
    assert message is not None
    assert "libxcb-cursor.so.0, libxcb-icccm.so.4" in message
    assert "sudo apt install libxcb-cursor0 libxcb-icccm4" in message


@pytest.mark.parametrize(
    ("environ", "xcb"),
    [
        ({"DISPLAY": ":0"}, True),
        ({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"}, False),
        ({"QT_QPA_PLATFORM": "xcb", "WAYLAND_DISPLAY": "wayland-0"}, True),
        ({"QT_QPA_PLATFORM": "offscreen", "DISPLAY": ":0"}, False),
        ({}, False),
    ],
)
def test_the_check_runs_only_when_qt_will_draw_on_x11(environ: dict[str, str], xcb: bool) -> None:
    assert system_libs.uses_xcb(environ) is (xcb and sys.platform.startswith("linux"))


def test_an_unpacked_app_finds_the_kit_it_sits_in(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    kit = tmp_path / "kit"
    (kit / "wheels").mkdir(parents=True)
    (kit / "lanpurr").mkdir()
    monkeypatch.delenv("LANPURR_KIT", raising=False)
    monkeypatch.setenv("LANPURR_HOME", str(tmp_path / "home"))
    assert find_kit() is None
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(kit / "lanpurr" / "lanpurr"))
    assert find_kit() == kit
    monkeypatch.setenv("LANPURR_KIT", str(tmp_path / "elsewhere"))
    assert find_kit() == tmp_path / "elsewhere"  # the environment wins
    assert find_kit(tmp_path / "given") == tmp_path / "given"  # and --kit over everything


def test_an_app_with_no_kit_packs_itself_once_to_be_passed_on(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import os
    import tarfile
    import zipfile

    from net.share.server import scan_kit
    from net.share.share_self import kit_of_running_app, system_and_arch

    app = tmp_path / "unpacked" / "lanpurr"
    (app / "_internal").mkdir(parents=True)
    (app / "lanpurr").write_text("#!/bin/sh\n")
    (app / "_internal" / "data.txt").write_text("cards")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(app / "lanpurr"))
    monkeypatch.setattr(sys, "platform", "linux")
    cache = tmp_path / "cache"

    kit = kit_of_running_app(cache)
    assert kit == cache
    (archive,) = scan_kit(kit).archives
    assert (archive.system, archive.arch) == ("linux", system_and_arch()[1])
    assert archive.name.endswith(".tar.gz")
    with tarfile.open(archive.path) as packed:
        assert {"lanpurr/lanpurr", "lanpurr/_internal/data.txt"} <= set(packed.getnames())
    packed_at = archive.path.stat().st_mtime_ns
    kit_of_running_app(cache)  # unchanged app: the archive is reused
    assert archive.path.stat().st_mtime_ns == packed_at
    later = archive.path.stat().st_mtime + 10
    os.utime(app / "lanpurr", (later, later))  # a newer app is packed again
    kit_of_running_app(cache)
    assert archive.path.stat().st_mtime_ns != packed_at
    assert not list(cache.rglob("*.partial"))

    monkeypatch.setattr(sys, "platform", "win32")
    (zipped,) = scan_kit(kit_of_running_app(tmp_path / "cache-win") or cache).archives
    assert zipped.system == "windows" and zipfile.ZipFile(zipped.path).namelist()
