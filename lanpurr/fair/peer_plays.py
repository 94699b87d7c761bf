"""A game's own actions through its fair peer: a play in turn (cards it turns up are
revealed and checked against what the action names), and the moves a real-time table
places in its own order (held until the game's `order` request)."""

from collections.abc import Callable, Sequence
from typing import Any

from lanpurr.fair.accusation import Fault
from lanpurr.fair.messages import Body
from lanpurr.fair.peer_checks import PeerChecks
from lanpurr.fair.round_state import MAX_CARDS, MAX_SLOTS, Operation


class PeerPlays(PeerChecks):
    """Plays and held moves."""

    def _on_play(self, seat: int, body: Body) -> None:
        if self.op is not None:
            raise Fault("F-TURN", "played while another step is pending")
        if not self.hooks.may_play(seat):
            raise Fault("F-GAME", "played out of turn")
        slots = body["slots"]
        action = body["action"]
        keep = body["keep"]
        if not all(type(s) is int and 0 <= s < len(self.cards) for s in slots):
            raise Fault("F-FORM", "a play names slots of the table")
        for slot in slots:
            if self.owner[slot] != seat or not self.live[slot]:
                raise Fault("F-GAME", f"played slot {slot}, a card it does not hold")
        self.hooks.on_action(seat, action)
        self.actions.append((seat, action))
        self.history.append(("play", seat, action, tuple(slots), len(self.actions) - 1, keep))
        self.marks[("play", len(self.actions) - 1)] = self._here()
        self.step += 1
        if slots:
            self.op = Operation(
                "reveal",
                self.step,
                set(),
                list(slots),
                holder=seat,
                play=len(self.actions) - 1,
                to_table=not keep,
            )
            self.op.owed = {s for s in range(self.setup.seats) if self._needs_share(s, self.op)}
            self._settle()

    def play(self, slots: Sequence[int], action: bytes = b"", keep: bool = False) -> list[bytes]:
        """A game action; `slots` are my cards it turns face up (onto the table, or kept in
        my hand with `keep`, as a declared hand is)."""
        frame = self._send({"k": "play", "slots": list(slots), "action": action, "keep": keep})
        return [frame, *self._act()]

    # ---- moves the game orders itself (a real-time table) ---------------------------------

    def move(self, action: bytes, slots: Sequence[int] = ()) -> list[bytes]:
        """A play the game places in its own order (no turns): held by every peer until the
        game's `order` request puts it into the history. It turns no card up; `slots` are the
        masked slots of the cards it names (a Purrfect offer's), in the action's order, which
        every seat checks at its place and binds to them."""
        frame = self._send(self.move_message(action, list(slots)))
        return [frame, *self._act()]

    def move_message(self, action: bytes, slots: list[int]) -> dict[str, Any]:
        return {"k": "move", "action": action, "slots": slots}

    def tick(self) -> list[bytes]:
        """A message with nothing in it but its stamp: it moves a real-time order on."""
        return [self._send({"k": "tick"})]

    def order(self, seat: int, seq: int) -> list[bytes]:
        """The held move `seq` of `seat` takes its place in the history now."""
        return self._request("order", (seat, seq))

    def _on_move(self, seat: int, body: Body) -> None:
        slots = body["slots"]
        if (
            len(slots) > MAX_CARDS
            or not all(type(s) is int and 0 <= s < MAX_SLOTS for s in slots)
            or len(set(slots)) != len(slots)
        ):
            raise Fault("F-FORM", "a move names distinct masked slots")
        envelope = self._here()
        self.held[(seat, envelope.seq)] = (body["action"], tuple(slots), envelope)

    def _on_tick(self, seat: int, body: Body) -> None:
        """A tick carries nothing but its stamp, which the table read (MESSAGES)."""

    def _operations(self) -> dict[str, Callable[..., None]]:
        return {**super()._operations(), "order": self._begin_order}

    def _begin_order(self, seat: int, seq: int) -> None:
        action, slots, envelope = self.held.pop((seat, seq))
        self.hooks.on_action(seat, action)
        self.actions.append((seat, action))
        index = len(self.actions) - 1
        self.history.append(("play", seat, action, slots, index, True))
        self.marks[("play", index)] = envelope
        for slot in slots:
            # At its place, where the cards it names are judged: live and its sender's.
            if slot >= len(self.cards) or self.owner[slot] != seat or not self.live[slot]:
                detail = f"named slot {slot}, a card it does not hold"
                self._accuse(seat, "F-GAME", detail, envelope, (envelope,))
                return
