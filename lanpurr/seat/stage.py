"""Where a seat's round is (`Stage`), and the steps a round may take between stages."""

from enum import StrEnum


class Stage(StrEnum):
    """Where this seat's round is, beside its fair peer's `Phase`."""

    WAITING = "waiting"
    """No round has begun (before `start`)."""
    OPENING = "opening"
    """A round began: keys, seeds, shuffles; then the round's opening is asked for."""
    DEALING = "dealing"
    """The deal (and the pile cards the opening turns up) is on its way."""
    PLAYING = "playing"
    ENDING = "ending"
    """The round is over (or cut short): every seat reveals its secrets, then the audit."""
    RESTING = "resting"
    """Audited; the next round waits for `next_round` (a person reading the scores)."""
    OVER = "over"


STEPS: dict[Stage, frozenset[Stage]] = {
    Stage.WAITING: frozenset({Stage.OPENING}),
    Stage.OPENING: frozenset({Stage.DEALING}),
    Stage.DEALING: frozenset({Stage.PLAYING, Stage.ENDING}),
    Stage.PLAYING: frozenset({Stage.ENDING}),
    Stage.ENDING: frozenset({Stage.OPENING, Stage.RESTING, Stage.OVER}),
    Stage.RESTING: frozenset({Stage.OPENING}),
    Stage.OVER: frozenset(),
}
"""The stages a round may go to from each stage."""


class IllegalStep(RuntimeError):
    """A step the round's stage does not allow: a bug in the runtime, never a peer's doing."""
