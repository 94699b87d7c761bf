"""The repository's copy of the rules is the team's authoritative one, unchanged."""

from pathlib import Path

import pytest

from tests.rulebook import PREFIX, RULES_DIR, rule_ids

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "rules"


@pytest.mark.parametrize("game", sorted(PREFIX))
def test_each_rules_file_names_its_rule_ids(game: str) -> None:
    ids = rule_ids(game)
    assert len(ids) > 40, ids
    assert all(i.startswith(PREFIX[game] + "-") for i in ids)


@pytest.mark.skipif(not SHARED.is_dir(), reason="the team's shared rules are not beside this clone")
@pytest.mark.parametrize("name", ["README.md", "momistigri.md", "purrfect.md", "gutters.md"])
def test_the_copy_matches_the_shared_rules(name: str) -> None:
    assert (RULES_DIR / name).read_text() == (SHARED / name).read_text(), (
        f"docs/rules/{name} differs from the shared rules: copy the shared file over it"
    )
