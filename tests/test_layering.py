"""Which module may import which, checked by import-linter with the contracts in
pyproject.toml: dependencies point one way (ui -> net -> lanpurr), no module imports another
that imports it back (at any depth, imports inside functions and for type checking included),
the core does no I/O and knows neither Qt nor the network, and net never imports Qt."""

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def lint_imports(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    beside = Path(sys.executable).parent / "lint-imports"
    tool = str(beside) if beside.exists() else shutil.which("lint-imports") or "lint-imports"
    return subprocess.run(
        [tool, "--no-logo", "--no-cache", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(cwd), "PATH": "/usr/bin:/bin"},
    )


def test_every_import_contract_is_kept() -> None:
    done = lint_imports(ROOT, str(ROOT / "pyproject.toml"))
    assert done.returncode == 0, done.stdout + done.stderr


def modules_the_contracts_name() -> set[str]:
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    named = set()
    for contract in contracts["contracts"]:
        for key in ("source_modules", "forbidden_modules", "modules"):
            named.update(contract.get(key, []))
    return {name for name in named if name.split(".")[0] in ("lanpurr", "net", "ui")}


def test_the_contracts_catch_a_core_module_that_imports_the_app(tmp_path: Path) -> None:
    for package in ("lanpurr", "net", "ui"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "lanpurr" / "peek.py").write_text("import socket\nfrom ui import window\n")
    (tmp_path / "ui" / "window.py").write_text("")
    (tmp_path / "net" / "one.py").write_text("def f():\n    from net import two\n")
    (tmp_path / "net" / "two.py").write_text("from net import one\n")
    for named in modules_the_contracts_name():  # (each must exist, as must its packages)
        parts = named.split(".")
        for depth in range(1, len(parts) + 1):
            path = tmp_path.joinpath(*parts[:depth])
            if not path.exists():
                path.mkdir(parents=True)
                (path / "__init__.py").write_text("")
    done = lint_imports(tmp_path, str(ROOT / "pyproject.toml"))
    assert done.returncode != 0
    assert "lanpurr.peek -> ui.window" in done.stdout
    assert "lanpurr is not allowed to import socket" in done.stdout
    assert "No cycles are allowed in net" in done.stdout


def test_importing_the_whole_core_loads_neither_net_nor_ui() -> None:
    code = (
        "import pkgutil, importlib, sys, lanpurr\n"
        "for m in pkgutil.walk_packages(lanpurr.__path__, 'lanpurr.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = sorted(n for n in sys.modules if n.split('.')[0] in {'net', 'ui', 'PySide6'})\n"
        "print(bad); sys.exit(1 if bad else 0)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
