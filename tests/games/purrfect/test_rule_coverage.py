"""Every rule id of Purrfect's rules text is cited by some test name, and every rule the
engine names in a `RuleViolation` exists."""

import ast
import re
from pathlib import Path

from lanpurr.games.purrfect.rules import RULES
from tests.rulebook import rule_ids

HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parents[2] / "lanpurr" / "games" / "purrfect"
CITED = re.compile(r"(?<![0-9A-Za-z])P_(\d+(?:_\d+)?)(?!\d)")


def purrfect_test_names() -> list[str]:
    names = []
    for path in sorted(HERE.glob("test_*.py")):
        tree = ast.parse(path.read_text())
        names += [
            node.name
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
        ]
    return names


def cited_ids() -> set[str]:
    names = purrfect_test_names()
    return {"P-" + m.replace("_", ".") for name in names for m in CITED.findall(name)}


def test_P_rule_ids_every_rule_is_cited_by_a_test_name() -> None:
    missing = sorted(set(RULES) - cited_ids(), key=lambda r: [int(x) for x in r[2:].split(".")])
    assert not missing, f"no test cites {missing}"


def test_P_rule_ids_tests_cite_only_real_rules() -> None:
    unknown = sorted(cited_ids() - set(RULES))
    assert not unknown, f"tests cite rules that do not exist: {unknown}"


def test_P_rule_ids_every_rule_violation_names_a_real_rule() -> None:
    raised: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        raised |= set(re.findall(r'"(P-[\d.]+)"', path.read_text()))
    assert raised and raised <= set(RULES), sorted(raised - set(RULES))


def test_P_rule_ids_the_list_is_the_rules_files_list_of_rules() -> None:
    """The engine's list of rules holds exactly the rules of docs/rules/purrfect.md: every id
    without sub-rules."""
    ids = rule_ids("purrfect")
    leaves = {i for i in ids if not any(j.startswith(i + ".") for j in ids)}
    assert all(re.fullmatch(r"P-\d+(\.\d+)?", rule) for rule in RULES)
    assert leaves == set(RULES), sorted(leaves ^ set(RULES))
