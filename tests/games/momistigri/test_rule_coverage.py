"""Every rule id of the Momistigri rules is cited by the name of some test."""

import ast
import re
from pathlib import Path

from tests.rulebook import rule_ids

HERE = Path(__file__).resolve().parent


def cited_test_names() -> set[str]:
    names: set[str] = set()
    for path in HERE.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    return names


def cites(name: str, rule: str) -> bool:
    """`test_M_6_4_x` cites M-6.4 (and not M-6 or M-6.41)."""
    token = rule.replace("-", "_").replace(".", "_")
    return re.search(rf"(?:^|_){token}(?!\d|_\d)", name) is not None


def test_every_rule_id_in_the_rules_file_is_cited_by_a_test_name() -> None:
    rules = sorted(rule_ids("momistigri"))
    assert len(rules) > 60
    names = cited_test_names()
    uncited = [rule for rule in rules if not any(cites(name, rule) for name in names)]
    assert not uncited, f"rules no test cites: {uncited}"


def test_the_citation_check_tells_sections_from_subsections() -> None:
    assert cites("test_M_6_4_swap", "M-6.4")
    assert not cites("test_M_6_4_swap", "M-6")
    assert not cites("test_M_6_41_x", "M-6.4")
    assert cites("test_M_5_M_6_1_x", "M-5")
