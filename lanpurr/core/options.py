"""Game options as data: each option has a name, its allowed values and a default."""

from collections.abc import Mapping
from dataclasses import dataclass

from lanpurr.core.errors import OptionError


@dataclass(frozen=True)
class OptionSpec:
    name: str
    values: tuple[str, ...]
    default: str
    rule: str
    """The rule id that defines the option, for example "M-5.8"."""


def resolve_options(specs: tuple[OptionSpec, ...], given: Mapping[str, str]) -> dict[str, str]:
    """Every option of `specs`, with the values in `given` and the defaults for the rest."""
    known = {spec.name: spec for spec in specs}
    for name, value in given.items():
        spec = known.get(name)
        if spec is None:
            names = ", ".join(sorted(known)) or "none"
            raise OptionError(f"unknown option {name!r}; this game's options are: {names}")
        if value not in spec.values:
            raise OptionError(
                f"option {name!r} ({spec.rule}) cannot be {value!r}; "
                f"choose one of: {', '.join(spec.values)}"
            )
    return {name: given.get(name, spec.default) for name, spec in known.items()}
