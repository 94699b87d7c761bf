"""Dependencies point one way: ui -> net -> lanpurr. lanpurr never imports net or ui (nor Qt)."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {
    "lanpurr": {"net", "ui", "PySide6", "shiboken6", "zeroconf", "socket", "asyncio"},
    "net": {"ui", "PySide6", "shiboken6"},
}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_only_lower_layers(package: str) -> None:
    offenders = [
        f"{path.relative_to(ROOT)} imports {sorted(imported_roots(path) & FORBIDDEN[package])}"
        for path in sorted((ROOT / package).rglob("*.py"))
        if imported_roots(path) & FORBIDDEN[package]
    ]
    assert not offenders, "\n".join(offenders)


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


def test_the_layering_check_catches_a_forbidden_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from net.transport import x\nimport ui.app\n")
    assert imported_roots(bad) >= {"net", "ui"}
