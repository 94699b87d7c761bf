"""Build the wheelhouse: lanpurr's wheel and a wheel of every dependency, so that a laptop with
Python and no internet can `pip install --no-index --find-links WHEELHOUSE lanpurr`.

    python packaging/wheelhouse.py DEST                    # this computer's system and Python
    python packaging/wheelhouse.py DEST --targets all      # every system and Python we support

Wheels for other systems come from the package index with `pip download --platform`; only
ready-made wheels are taken (`--only-binary=:all:`), since a party laptop cannot compile.
Wheels already in DEST are kept, so a second run downloads only what is new.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# target name -> the platform tags pip may take for it (pip widens macOS tags by itself).
TARGETS: dict[str, list[str]] = {
    "linux-x86_64": [f"manylinux_2_{v}_x86_64" for v in (34, 28, 17)] + ["manylinux2014_x86_64"],
    # PySide6's ARM Linux wheels need glibc 2.39 (Debian 13, Ubuntu 24.04 and newer).
    "linux-aarch64": [f"manylinux_2_{v}_aarch64" for v in (39, 34, 28, 17)]
    + ["manylinux2014_aarch64"],
    "windows-x86_64": ["win_amd64"],
    "macos-arm64": ["macosx_14_0_arm64"],
    # No macos-x86_64: zeroconf publishes no wheel for Intel Macs. On an Intel Mac, run this
    # script there ("here" builds the missing wheel), or use the app built there.
}
PYTHONS = ("3.11", "3.12", "3.13")
MARKERS: dict[str, dict[str, str]] = {
    "linux-x86_64": {"sys_platform": "linux", "platform_machine": "x86_64",
                     "platform_system": "Linux"},
    "linux-aarch64": {"sys_platform": "linux", "platform_machine": "aarch64",
                      "platform_system": "Linux"},
    "windows-x86_64": {"sys_platform": "win32", "platform_machine": "AMD64",
                       "platform_system": "Windows"},
    "macos-arm64": {"sys_platform": "darwin", "platform_machine": "arm64",
                    "platform_system": "Darwin"},
}  # fmt: skip
"""What a dependency's environment marker sees on each target. `pip download --platform` judges
markers by this computer instead, and would ask for a wheel that a target does not need (sound
is left out where it has no wheel: docs/decisions/0023)."""


def run(command: list[str], **kwargs: object) -> None:
    print("+", " ".join(command), flush=True)
    subprocess.run(command, check=True, **kwargs)  # type: ignore[call-overload]


def project_files(target: Path) -> Path:
    """A copy of the project's own files (what git knows), so no build leftover ends up in the
    wheel and a missing data file shows up here rather than at the party."""
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.splitlines()  # fmt: skip
    for name in listed:
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def build_lanpurr_wheel(dest: Path, python: str) -> Path:
    for old in dest.glob("lanpurr-*.whl"):
        old.unlink()
    with tempfile.TemporaryDirectory(prefix="lanpurr-src-") as scratch:
        source = project_files(Path(scratch) / "lanpurr")
        run([python, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dest), str(source)])
    (wheel,) = dest.glob("lanpurr-*.whl")
    return wheel


def download_dependencies(dest: Path, wheel: Path, python: str, target: str | None,
                          version: str | None) -> None:  # fmt: skip
    """Every dependency of `wheel`, as wheels, for `target` and Python `version`.

    Target None is this computer: `pip wheel` takes the published wheels and builds any that is
    missing for this system. Other targets take published wheels only."""
    if target is None:
        run([python, "-m", "pip", "wheel", "-q", "--prefer-binary", "-w", str(dest), str(wheel)])
        return
    command = [python, "-m", "pip", "download", "-q", "--only-binary=:all:", "-d", str(dest)]
    for tag in TARGETS[target]:
        command += ["--platform", tag]
    command += ["--implementation", "cp", "--python-version", version or PYTHONS[0]]
    run([*command, *requirements_for(wheel, target, version or PYTHONS[0])])


def requirements_for(wheel: Path, target: str, version: str) -> list[str]:
    """The dependencies `wheel` declares for `target` and Python `version`, markers judged as
    on that target."""
    try:
        from packaging.requirements import Requirement
    except ImportError:  # a bare Python: pip carries its own copy
        from pip._vendor.packaging.requirements import Requirement

    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        metadata = archive.read(name).decode("utf-8")
    where = {**MARKERS[target], "python_version": version, "python_full_version": f"{version}.0",
             "extra": ""}  # fmt: skip
    kept = []
    for line in metadata.splitlines():
        if not line.startswith("Requires-Dist:"):
            continue
        requirement = Requirement(line.partition(":")[2].strip())
        if requirement.marker is None or requirement.marker.evaluate(where):
            requirement.marker = None
            kept.append(str(requirement))
    return kept


def build(dest: Path, targets: list[str] | None, pythons: tuple[str, ...],
          python: str = sys.executable) -> float:  # fmt: skip
    """Fill `dest`; `targets` None means this computer only. Returns the seconds it took."""
    started = time.monotonic()
    dest.mkdir(parents=True, exist_ok=True)
    wheel = build_lanpurr_wheel(dest, python)
    if targets is None:
        download_dependencies(dest, wheel, python, None, None)
    else:
        for target in targets:
            for version in pythons:
                download_dependencies(dest, wheel, python, target, version)
    return time.monotonic() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dest", type=Path, help="the folder to fill (e.g. dist/kit/wheels)")
    parser.add_argument(
        "--targets",
        default="here",
        help="'here' (this computer), 'all', or a comma-separated list of: " + ", ".join(TARGETS),
    )
    parser.add_argument(
        "--pythons", default=",".join(PYTHONS), help="Python versions for other targets"
    )
    args = parser.parse_args()
    if args.targets == "here":
        targets = None
    elif args.targets == "all":
        targets = list(TARGETS)
    else:
        targets = args.targets.split(",")
        unknown = [t for t in targets if t not in TARGETS]
        if unknown:
            parser.error(f"unknown target {', '.join(unknown)}; known: {', '.join(TARGETS)}")
    seconds = build(args.dest, targets, tuple(args.pythons.split(",")))
    wheels = sorted(args.dest.glob("*.whl"))
    size = sum(w.stat().st_size for w in wheels)
    print(f"wheelhouse: {len(wheels)} wheels, {size / 1e6:.0f} MB in {args.dest} ({seconds:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
