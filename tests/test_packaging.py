"""What `pip install .` (the README's run command) installs: code, translations, rules texts."""

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def clean_copy(target: Path) -> Path:
    """The project's own files only: no build leftovers (an egg-info would hide mistakes)."""
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    for name in listed:
        if (ROOT / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)
    return target


def test_the_wheel_carries_every_catalogue_rules_text_and_the_command(tmp_path: Path) -> None:
    source = clean_copy(tmp_path / "source")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
         "-w", str(tmp_path), str(source)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    (wheel,) = tmp_path.glob("lanpurr-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    needed = {
        str(path.relative_to(ROOT))
        for pattern in ("ui/i18n/*.qm", "ui/rules/*.md", "net/phone/page/*")
        for path in ROOT.glob(pattern)
    }
    assert len(needed) >= 3 * 3 + 2 * 2 + 3, needed
    assert needed <= names, sorted(needed - names)
    assert not any(name.startswith("tests/") for name in names)
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "lanpurr = ui.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()
