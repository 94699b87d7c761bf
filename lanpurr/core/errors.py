"""Errors a person can act on: which rule an action breaks, and why."""


class RuleViolation(ValueError):
    """An action breaks a rule. The state it was applied to is unchanged (states are immutable)."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class OptionError(ValueError):
    """A game was asked for with an unknown option, an unknown value or a wrong player count."""
