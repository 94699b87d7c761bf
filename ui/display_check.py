"""Before the window opens: can Qt open one here? If not, say why in words a person can act on.

When a system library that Qt's X11 plugin needs is missing, Qt itself only prints a hint that
is often wrong (it names `libxcb-cursor0` whatever is missing) and aborts. lanpurr checks the
plugin's libraries first and names the Debian/Ubuntu packages to install.
"""

from __future__ import annotations

import ctypes
import os
import re
import shutil
import subprocess
from pathlib import Path

PACKAGES = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-xinerama.so.0": "libxcb-xinerama0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libdbus-1.so.3": "libdbus-1-3",
}
"""The shared libraries Qt's xcb plugin loads, and the Debian/Ubuntu package of each."""

FRESH_LINUX = (
    "libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 "
    "libxcb-shape0 libxcb-xinerama0 libxkbcommon-x11-0 libegl1"
)
"""What the README asks a fresh Debian or Ubuntu to install for the window."""


def xcb_plugin() -> Path | None:
    import PySide6

    path = Path(PySide6.__file__).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    return path if path.exists() else None


def uses_xcb(environ: dict[str, str] | None = None) -> bool:
    """Whether Qt will open its window through X11 (xcb) here."""
    env = os.environ if environ is None else environ
    chosen = env.get("QT_QPA_PLATFORM", "")
    if chosen:
        return chosen.split(":")[0].split(";")[0] == "xcb"
    # Without a choice, Qt on Linux uses wayland when a wayland session is there, else xcb.
    return not env.get("WAYLAND_DISPLAY") and bool(env.get("DISPLAY"))


def missing_libraries(plugin: Path) -> list[str]:
    """The libraries the plugin needs that this system lacks (empty if it loads)."""
    try:
        ctypes.CDLL(str(plugin))
    except OSError as error:
        missing = set(re.findall(r"(lib[\w.+-]+\.so[.\d]*)", str(error)))
        ldd = shutil.which("ldd")
        if ldd is not None:
            done = subprocess.run(
                [ldd, str(plugin)], capture_output=True, text=True, timeout=10, check=False
            )
            missing |= set(re.findall(r"(\S+) => not found", done.stdout))
        missing.discard(plugin.name)
        return sorted(missing) or [str(error)]
    return []


def explain(missing: list[str]) -> str:
    """The message for a person whose laptop lacks libraries for the window."""
    packages = sorted({PACKAGES.get(name, name) for name in missing})
    return (
        "lanpurr cannot open its window: this system lacks libraries the window needs:\n"
        f"    {', '.join(missing)}\n"
        "On Debian or Ubuntu, install them with:\n"
        f"    sudo apt install {' '.join(packages)}\n"
        "(or everything a fresh system may lack: sudo apt install " + FRESH_LINUX + ")\n"
        "The games also run without a window: see `lanpurr --help`."
    )


def window_problem() -> str | None:
    """A message if the window surely cannot open here, else None."""
    if not uses_xcb():
        return None
    plugin = xcb_plugin()
    if plugin is None:
        return None
    missing = missing_libraries(plugin)
    return explain(missing) if missing else None
