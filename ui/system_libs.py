"""Before the window opens on Linux: say which system libraries Qt's X11 plugin is missing.

Qt's own error names only one library (and not always the missing one), then aborts. Here we
load the plugin the way Qt would; if that fails, we name every library of the list below that
this Linux cannot load, with the Debian/Ubuntu package that has it. The lanpurr bundle carries
these libraries itself; a `pip install` relies on the system's.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import re
import sys
from pathlib import Path

# soname -> Debian/Ubuntu package; what Qt 6's xcb platform plugin links against.
XCB_LIBRARIES = {
    "libxcb.so.1": "libxcb1",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libfontconfig.so.1": "libfontconfig1",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libdbus-1.so.3": "libdbus-1-3",
}
_NAMED = re.compile(r"([\w.+-]+\.so(?:\.\d+)*): cannot open shared object file")


def uses_xcb(environ: dict[str, str] | os._Environ[str] = os.environ) -> bool:
    """Whether Qt will open the window through X11 (xcb) on this Linux."""
    if not sys.platform.startswith("linux"):
        return False
    chosen = environ.get("QT_QPA_PLATFORM", "")
    if chosen:
        return chosen.split(";")[0].split(":")[0] == "xcb"
    if environ.get("WAYLAND_DISPLAY"):
        return False  # Qt tries Wayland first in a Wayland session
    return bool(environ.get("DISPLAY"))


def xcb_plugin() -> Path | None:
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    plugin = Path(next(iter(spec.submodule_search_locations)))
    plugin = plugin / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    return plugin if plugin.exists() else None


def _loads(name: str) -> bool:
    try:
        ctypes.CDLL(name)
    except OSError:
        return False
    return True


def missing_for(plugin: Path) -> list[str]:
    """The libraries `plugin` needs that cannot be loaded here (empty if it loads)."""
    try:
        ctypes.CDLL(str(plugin))
    except OSError as error:
        missing = [name for name in XCB_LIBRARIES if not _loads(name)]
        named = _NAMED.search(str(error))
        if named and named.group(1) not in missing:
            missing.insert(0, named.group(1))
        return missing or [str(error)]
    return []


def missing_libraries_message(plugin: Path | None = None) -> str | None:
    """A sentence naming what to install, or None when the window can open (or it is not X11)."""
    if plugin is None:
        if not uses_xcb():
            return None
        plugin = xcb_plugin()
        if plugin is None:
            return None
    missing = missing_for(plugin)
    if not missing:
        return None
    packages = [XCB_LIBRARIES[name] for name in missing if name in XCB_LIBRARIES]
    text = (
        "lanpurr cannot open its window: this Linux lacks these system libraries, which Qt "
        f"needs to draw on X11: {', '.join(missing)}."
    )
    if packages:
        text += f"\nOn Debian or Ubuntu: sudo apt install {' '.join(packages)}"
    return text + (
        "\nOr use the lanpurr app bundle, which carries them (see `lanpurr share` on a "
        "friend's laptop), or run the headless commands (`lanpurr --help`)."
    )
