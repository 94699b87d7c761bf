"""Build the lanpurr kit: the one-folder app for this system, packed to hand out, and the
wheelhouse. One command, from a checkout, with any Python 3.11+ and the internet:

    python3 packaging/build.py                 # the app + wheels for this computer
    python3 packaging/build.py --targets all   # the app + wheels for every system we support

It makes build/venv (PyInstaller and lanpurr's dependencies, taken from the new wheelhouse so
the app and the wheels carry the same versions), draws the icons, runs PyInstaller with
packaging/lanpurr.spec, checks that the app starts, and writes

    dist/kit/downloads/lanpurr-VERSION-SYSTEM-ARCH.(tar.gz|zip)
    dist/kit/wheels/*.whl

`lanpurr share --kit dist/kit` then hands both out over the LAN. PyInstaller builds only for
the system it runs on: run this on Linux, Windows and macOS (the CI workflow does) and put the
archives together in one kit's downloads/.
"""

from __future__ import annotations

import argparse
import ctypes
import http.client
import json
import os
import shutil
import subprocess
import sys
import time
import tomllib
import venv
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))
import wheelhouse

from net.share.share_self import archive_name, pack_folder, system_and_arch

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
DIST = ROOT / "dist"
# Qt's X11 plugin needs these from the build machine, so that PyInstaller can put them in the
# app for laptops that lack them (Debian/Ubuntu package names).
XCB_BUILD_PACKAGES = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
}


def project_version() -> str:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return str(data["project"]["version"])


def venv_python(folder: Path) -> Path:
    return folder / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


def missing_build_libraries() -> list[str]:
    if not sys.platform.startswith("linux"):
        return []
    missing = []
    for soname, package in XCB_BUILD_PACKAGES.items():
        try:
            ctypes.CDLL(soname)
        except OSError:
            missing.append(package)
    return missing


def prepare_venv(wheels: Path) -> Path:
    """build/venv with PyInstaller and lanpurr (from the wheelhouse) installed."""
    folder = BUILD / "venv"
    python = venv_python(folder)
    if not python.exists():
        venv.create(folder, with_pip=True)
    (wheel,) = wheels.glob("lanpurr-*.whl")
    pip = [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    wheelhouse.run([*pip, "--find-links", str(wheels), f"{wheel}[bundle]"])
    wheelhouse.run([*pip, "--no-deps", "--force-reinstall", str(wheel)])
    return python


def pack(app: Path, downloads: Path, version: str) -> Path:
    """The app folder (or lanpurr.app) as one archive a friend downloads."""
    system, arch = system_and_arch()
    downloads.mkdir(parents=True, exist_ok=True)
    for old in downloads.glob(f"lanpurr-*-{system}-{arch}.*"):
        old.unlink()
    target = downloads / archive_name(version, system, arch)
    if sys.platform == "darwin":
        # ditto keeps the symlinks and permissions inside Qt's frameworks; zipfile would not.
        bundle = app.parent / "lanpurr.app"
        subprocess.run(["ditto", "-c", "-k", "--keepParent", str(bundle), str(target)],
                       check=True)  # fmt: skip
        return target
    return pack_folder(app, target)


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def check_share_page(command: Path, kit: Path) -> None:
    """The app's own `share` serves the Italian page on loopback (its texts are on board)."""
    sharing = subprocess.Popen(
        [str(command), "share", "--kit", str(kit), "--bind", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        assert sharing.stdout is not None
        address = ""
        for line in sharing.stdout:
            if line.strip().startswith("http://127.0.0.1:"):
                address = line.strip().removeprefix("http://").rstrip("/")
                break
        if not address:
            raise SystemExit("the app's `share` printed no address")
        host, port = address.split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=30)
        connection.request("GET", "/it/")
        page = connection.getresponse().read().decode()
        connection.close()
        if "<title>Prendi lanpurr</title>" not in page:
            raise SystemExit("the app's `share` did not serve the Italian page")
        print(f"the app shares: page served at {address}")
    finally:
        sharing.terminate()
        sharing.wait(10)


def build_app(python: Path, version: str, kit: Path) -> dict[str, float]:
    started = time.monotonic()
    icons = BUILD / "icons"
    wheelhouse.run([str(python), str(ROOT / "packaging" / "icons.py"), str(icons)])
    icon = (
        icons
        / {"linux": "lanpurr.png", "windows": "lanpurr.ico", "macos": "lanpurr.icns"}[
            system_and_arch()[0]
        ]
    )
    env = {**os.environ, "LANPURR_ICON": str(icon), "LANPURR_VERSION": version}
    app_dist = BUILD / "app"
    wheelhouse.run(
        [str(python), "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
         "--distpath", str(app_dist), "--workpath", str(BUILD / "pyinstaller"),
         str(ROOT / "packaging" / "lanpurr.spec")],
        env=env,
    )  # fmt: skip
    pyinstaller_s = time.monotonic() - started
    app = app_dist / "lanpurr"
    if sys.platform.startswith("linux"):
        shutil.copy2(icons / "lanpurr.png", app / "lanpurr.png")
    command = app / ("lanpurr-cli.exe" if sys.platform == "win32" else "lanpurr")
    if sys.platform == "darwin":
        command = app_dist / "lanpurr.app" / "Contents" / "MacOS" / "lanpurr"
    said = subprocess.run([str(command), "--version"], capture_output=True, text=True,
                          timeout=120, check=True).stdout.strip()  # fmt: skip
    print(f"the app starts: {said}")
    if version not in said:
        raise SystemExit(f"the app says {said!r}, expected version {version}")
    check_share_page(command, kit)
    packed_at = time.monotonic()
    archive = pack(app, kit / "downloads", version)
    return {
        "app_mb": folder_size(app) / 1e6,
        "archive_mb": archive.stat().st_size / 1e6,
        "pyinstaller_s": pyinstaller_s,
        "pack_s": time.monotonic() - packed_at,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--targets",
        default="here",
        help="wheels for 'here' (this computer) or 'all' (see wheelhouse.py)",
    )
    parser.add_argument("--no-app", action="store_true", help="only the wheelhouse")
    parser.add_argument("--kit", type=Path, default=DIST / "kit", help="where to write the kit")
    args = parser.parse_args()  # fmt: skip
    if not args.no_app:
        missing = missing_build_libraries()
        if missing:
            raise SystemExit(
                "the app must carry Qt's X11 libraries, and this computer lacks some: install "
                f"them first (Debian/Ubuntu: sudo apt install {' '.join(missing)})"
            )
    version = project_version()
    started = time.monotonic()
    targets = None if args.targets == "here" else list(wheelhouse.TARGETS)
    wheels_s = wheelhouse.build(args.kit / "wheels", targets, wheelhouse.PYTHONS)
    report: dict[str, float] = {"wheelhouse_s": wheels_s}
    if not args.no_app:
        python = prepare_venv(args.kit / "wheels")
        report.update(build_app(python, version, args.kit))
    wheels = list((args.kit / "wheels").glob("*.whl"))
    report["wheelhouse_mb"] = sum(w.stat().st_size for w in wheels) / 1e6
    report["total_s"] = time.monotonic() - started
    print(json.dumps({k: round(v, 1) for k, v in report.items()}, sort_keys=True))
    print(f"kit ready in {args.kit}: share it with `lanpurr share --kit {args.kit}`")
    return 0


if __name__ == "__main__":
    sys.exit(main())
