"""The repository's copy of the rules is the team's authoritative one, unchanged except for the
amendments listed here, each decided in the repository with the printed rulebook's words."""

from pathlib import Path

import pytest

from tests.rulebook import PREFIX, RULES_DIR, rule_ids

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "rules"

AMENDMENTS: dict[str, list[tuple[str, str]]] = {
    # M-8.2: the last holder finishes a turn even when the player who went out was the active
    # one (issue 14; the printed rules: "Questo giocatore termina il proprio turno").
    "momistigri.md": [
        (
            "  - If exactly one holder is left and it is not A (A went out at checkpoint b), the "
            "round ends at\n    once. That holder takes no further turn.",
            "  - If exactly one holder is left and it is not A (A went out at checkpoint b), A's "
            "turn ends and\n    that holder finishes a turn of its own",
        )
    ],
}
"""file -> (text of the shared rules, start of the repository's replacement)."""


@pytest.mark.parametrize("game", sorted(PREFIX))
def test_each_rules_file_names_its_rule_ids(game: str) -> None:
    ids = rule_ids(game)
    assert len(ids) > 40, ids
    assert all(i.startswith(PREFIX[game] + "-") for i in ids)


@pytest.mark.skipif(not SHARED.is_dir(), reason="the team's shared rules are not beside this clone")
@pytest.mark.parametrize("name", ["README.md", "momistigri.md", "purrfect.md", "gutters.md"])
def test_the_copy_matches_the_shared_rules(name: str) -> None:
    copy = (RULES_DIR / name).read_text()
    shared = (SHARED / name).read_text()
    for old, new_start in AMENDMENTS.get(name, []):
        assert old in shared, f"the shared {name} changed where the repository amends it"
        at = copy.index(new_start)
        # The amendment runs to the next rule's bullet; put the shared text back in its place.
        end = copy.index("\n- **", at)
        copy = copy[:at] + old + copy[end:]
    assert copy == shared, (
        f"docs/rules/{name} differs from the shared rules beyond its listed amendments: copy "
        "the shared file over it, or list the amendment"
    )
