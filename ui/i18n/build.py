"""`python -m ui.i18n.build`: refresh the catalogues from the code and compile them.

1. `pyside6-lupdate` collects the translatable strings of the shell (`app_*.ts`) and of the game
   tables (`tables_*.ts`), keeping the translations already made and dropping strings no longer
   used; English gets only its plural forms (`-pluralonly`).
2. Translate what is new (Qt Linguist, or by hand: entries marked `type="unfinished"`).
3. `python -m ui.i18n.build --release-only`: `pyside6-lrelease` compiles every `.ts` to the
   `.qm` the app loads.

Note: lupdate does not see plural forms asked through `QCoreApplication.translate`; use a
widget's `self.tr(text, "", n)` for those.

`tests/ui/test_i18n.py` fails while a string lacks an Italian or Spanish translation or a `.qm`
differs from what lrelease makes of its `.ts`.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
UI = HERE.parent
SHARE = [UI / "lobby" / "share_panel.py"]
PARTS = {
    "tables": sorted((UI / "tables").rglob("*.py")),
    "share": SHARE,
    "app": sorted(
        p
        for p in UI.rglob("*.py")
        if not {UI / "tables", UI / "terminal"} & set(p.parents) and p not in SHARE
    ),
}
"""Each catalogue and the source files whose strings it holds (the terminal, which uses no
Qt, has catalogues of its own: ui/terminal/speech.py)."""


def tool(name: str) -> str:
    """A Qt tool installed with PySide6, next to this Python when it is in a virtualenv."""
    beside = Path(sys.executable).parent / name
    return str(beside) if beside.exists() else (shutil.which(name) or name)


def update() -> None:
    for part, sources in PARTS.items():
        names = [str(p) for p in sources]
        common = ["-no-obsolete", "-locations", "none"]
        translated = [str(HERE / f"{part}_{lang}.ts") for lang in ("it", "es")]
        subprocess.run([tool("pyside6-lupdate"), *names, *common, "-ts", *translated], check=True)
        english = HERE / f"{part}_en.ts"
        subprocess.run(
            [
                tool("pyside6-lupdate"),
                *names,
                *common,
                "-pluralonly",
                "-target-language",
                "en_US",
                "-ts",
                str(english),
            ],
            check=True,
        )


def release() -> None:
    for ts in sorted(HERE.glob("*.ts")):
        qm = ts.with_suffix(".qm")
        subprocess.run([tool("pyside6-lrelease"), "-silent", str(ts), "-qm", str(qm)], check=True)


if __name__ == "__main__":
    if sys.argv[1:] != ["--release-only"]:
        update()
    release()
