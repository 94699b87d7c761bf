"""Every rule id of the gutters rules (docs/rules/gutters.md, the repository's copy of the
team's shared rules) is cited by the name of some test."""

import re
from pathlib import Path

from tests.rulebook import rules_text

HERE = Path(__file__).resolve().parent


def rule_ids(text: str) -> set[str]:
    """Leaf ids (G-5.3), plus section ids that have no numbered rules under them (G-11)."""
    found = set(re.findall(r"\bG-\d+(?:\.\d+)?\b", text))
    parents = {i.split(".")[0] for i in found if "." in i}
    return {i for i in found if "." in i or i not in parents}


def names_of_tests() -> set[str]:
    return set(
        re.findall(r"def (test_\w+)", "".join(p.read_text() for p in HERE.glob("test_*.py")))
    )


def cited(rule: str, names: set[str]) -> bool:
    pattern = re.compile(r"(?<![0-9])" + rule.replace("-", "_").replace(".", "_") + r"(?![0-9])")
    return any(pattern.search(name) for name in names)


def test_every_rule_id_is_cited_by_a_test_name() -> None:
    ids = rule_ids(rules_text("gutters"))
    assert {"G-5.3", "G-12.4", "G-11", "G-13"} <= ids and "G-5" not in ids
    names = names_of_tests()
    missing = sorted(
        (r for r in ids if not cited(r, names)), key=lambda r: [int(x) for x in r[2:].split(".")]
    )
    assert not missing, f"rules no test name cites: {missing}"


def test_the_citation_check_would_catch_a_missing_rule() -> None:
    assert not cited("G-5.3", {"test_G_5_31_other", "test_G_15_3_other"})
    assert cited("G-5.3", {"test_G_5_3_insert"})
