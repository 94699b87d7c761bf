"""Pure helpers of bench/latency.py: percentiles, and each action paired with its result on
every laptop (tested in tests/bench/test_latency_figures.py)."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

Record = dict[str, Any]
"""One line of a probe file (bench/latency_probe.py): an `act` or an `update`."""


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank percentile `q` (0..1) of `values`: p50 of 4 values is the 2nd."""
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 1))  # ceil(n q), at least 1
    return float(ordered[int(rank) - 1])


def _drawn(act: Record, step: Sequence[Any]) -> bool:
    name, fields = step
    return name == "CardsDrawn" and fields.get("drawer") == act["seat"]


def _pushed(act: Record, step: Sequence[Any]) -> bool:
    name, fields = step
    return name == "TilePushed" and fields.get("seat") == act["seat"]


def _swapped(act: Record, step: Sequence[Any]) -> bool:
    name, fields = step
    return (
        name == "SwapMade"
        and fields.get("acceptor") == act["seat"]
        and fields.get("offer_id") == act.get("offer_id")
    )


@dataclass(frozen=True)
class MainAction:
    """A game's main action: the action's class, the step that shows its result, and how a
    step is known to be this action's result."""

    action: str
    result: str
    matches: Callable[[Record, Sequence[Any]], bool]
    words: str
    unique: bool = False
    """A result names its action (an offer's id), so no count of earlier ones is needed."""


MAIN_ACTIONS = {
    "momistigri": MainAction("Draw", "CardsDrawn", _drawn, "a blind draw (Draw → CardsDrawn)"),
    "purrfect": MainAction(
        "AcceptOffer", "SwapMade", _swapped, "an accepted offer (AcceptOffer → SwapMade)", True
    ),
    "gutters": MainAction("Insert", "TilePushed", _pushed, "a push (Insert → TilePushed)"),
}


@dataclass
class Paired:
    """One action and when each laptop drew its result (None: never, before the next action of
    the same seat and kind, or the end)."""

    laptop: int
    """The laptop whose seat acted."""
    seat: int
    at: float
    shown: list[float | None] = field(default_factory=list)
    """Per laptop (the acting one too): seconds from the action to its result drawn there."""

    @property
    def complete(self) -> bool:
        return all(s is not None for s in self.shown)

    @property
    def everywhere(self) -> float:
        """Seconds until the last laptop drew it (only when `complete`)."""
        return max(s for s in self.shown if s is not None)

    @property
    def others(self) -> list[float]:
        return [s for i, s in enumerate(self.shown) if i != self.laptop and s is not None]


def pair(game: str, laptops: Sequence[Sequence[Record]]) -> list[Paired]:
    """Every main action of `game` taken by a seat of any laptop, with the time from the
    action to the `update` on each laptop that holds its result: the k-th action of a seat
    (in time) is paired with the k-th step on each laptop that is a result of that seat's
    action (every laptop folds the same public steps in the same order; a seat may act twice
    before the first result reaches another laptop, as a No sin mi gato turn's two pushes)."""
    main = MAIN_ACTIONS[game]
    acts = sorted(
        ((record, index) for index, records in enumerate(laptops) for record in records
         if record.get("e") == "act" and record.get("action") == main.action),
        key=lambda found: found[0]["t"],
    )  # fmt: skip
    updates = [[r for r in records if r.get("e") == "update"] for records in laptops]
    done: dict[int, int] = {}
    found = []
    for act, index in acts:
        before = done.get(act["seat"], 0)
        done[act["seat"]] = before + 1
        if main.unique:  # (its result names the action: the first match is it)
            before = 0
        paired = Paired(index, act["seat"], act["t"])
        for drawn in updates:
            results = [u["t"] for u in drawn for step in u["steps"] if main.matches(act, step)]
            when = results[before] if before < len(results) else None
            paired.shown.append(None if when is None else round(when - act["t"], 4))
        found.append(paired)
    return found


def turn_waits(laptops: Sequence[Sequence[Record]]) -> list[float]:
    """Momistigri: for each draw, on the drawer's laptop, the seconds from the `update` that
    begins the drawer's turn to the one that holds the card it drew. The table asks for a
    blind draw as soon as the turn begins (docs/decisions/0047-early-blind-draw.md), so this is
    what a person who clicks at once waits; one who thinks longer waits only for the `play`.
    A seat is the laptop's that took an action of it (`act`)."""
    waits: list[float] = []
    for records in laptops:
        mine = {r["seat"] for r in records if r.get("e") == "act"}
        began: dict[int, float] = {}
        for record in records:
            if record.get("e") != "update":
                continue
            for name, fields in record["steps"]:
                if name == "TurnStarted" and fields.get("seat") in mine:
                    began[fields["seat"]] = record["t"]
                elif name == "CardsDrawn" and fields.get("drawer") in began:
                    waits.append(round(record["t"] - began.pop(fields["drawer"]), 4))
    return waits


def own_waits(laptops: Sequence[Sequence[Record]], action: str, result: str) -> list[float]:
    """For each `act` of `action`, on the acting laptop, the seconds to the first `update` that
    holds a `result` step of that seat (Momistigri: a `DiscardPair` → its `PairDiscarded`): how
    long the person who played it waits before the table shows it and lets them act again."""
    waits: list[float] = []
    for records in laptops:
        ordered = sorted(records, key=lambda r: r["t"])
        for i, record in enumerate(ordered):
            if record.get("e") != "act" or record.get("action") != action:
                continue
            seat = record["seat"]
            shown = next(
                (
                    later["t"]
                    for later in ordered[i + 1 :]
                    if later.get("e") == "update"
                    and any(n == result and f.get("seat") == seat for n, f in later["steps"])
                ),
                None,
            )
            if shown is not None:
                waits.append(round(shown - record["t"], 4))
    return waits


def faces_waits(laptops: Sequence[Sequence[Record]]) -> list[float]:
    """Purrfect: for each swap, on the laptop of each of its two sides (the one whose `update`
    lines hold the private `FacesShown` to both), the seconds from the acceptance to the faces
    that side received: what the swap's two players wait to see their new cards. Every seat
    draws the swap itself at the take's place; the faces come with the hand-overs."""
    accepted = {
        (r["offer_id"], r["seat"]): r["t"]
        for records in laptops
        for r in records
        if r.get("e") == "act" and r.get("action") == "AcceptOffer" and "offer_id" in r
    }
    waits: list[float] = []
    for records in laptops:
        swaps: dict[tuple[int, int], float] = {}
        for record in sorted(records, key=lambda r: r["t"]):
            if record.get("e") != "update":
                continue
            for name, fields in record["steps"]:
                sides = (fields.get("offerer"), fields.get("acceptor"))
                at = accepted.get((fields.get("offer_id"), sides[1]))
                if name == "SwapMade" and at is not None:
                    swaps[sides] = at
                elif name == "FacesShown" and isinstance(fields.get("to"), list):
                    at = swaps.pop(tuple(fields["to"]), None)
                    if at is not None:
                        waits.append(round(record["t"] - at, 4))
    return waits


def first_after(lines: Sequence[Record], event: str, after: float) -> float | None:
    """The `t` of the first `--json` line of `event` at or after `after`."""
    return next((ln["t"] for ln in lines if ln.get("event") == event and ln["t"] >= after), None)
