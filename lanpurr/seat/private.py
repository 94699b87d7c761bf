"""Private parts of an action that its seat draws from its round secret.

Some actions carry a choice nobody else may know during the round but the audit must replay:
the order in which a Purrfect hand wrongly declared is re-tokened (P-10). Such a choice is not
sent (the action is redacted); it is drawn from the seat's round secret `x`, which the seat
knows all along and every seat learns when the round's secrets are revealed. A game layer that
has such choices implements `with_private(state, action, secret) -> action`.
"""

from typing import Any


def private_part(layer: Any, state: Any, action: Any, secret: bytes) -> Any:
    """`action` with the private part its game draws from the seat's round secret (the audit
    draws the same from the secret revealed at the round's end)."""
    draw = getattr(layer, "with_private", None)
    return draw(state, action, secret) if draw is not None else action
