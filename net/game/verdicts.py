"""What this laptop says, and saves, when a laptop of its game is named or cut off: sans-I/O.

A seat named for a cheat (an accusation of its seat runtimes, or the table's timeout), a laptop
cut off by the table, a cheat the host's swap tells of: each becomes an event in the player's
words, evidence on the disk where there is some, and a drop-out for `DropOuts`, which decides
what the game does about it. `Verdict` is what the driver then does: emit the events, and stop
the game with `stop` when it ends here.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from lanpurr.fair.accusation import RULES, Accusation
from lanpurr.fair.envelope import Envelope
from lanpurr.seat import registry
from lanpurr.seat.layer import KeepingLayer
from net.events import CheatNamed, Event, LaptopCutOff, LaptopUnheard, SeatReplaced
from net.game import evidence, messages
from net.game.dropouts import SWAP_WAIT, DropOuts

DISPUTE_WAIT = 5.0
"""Seconds a laptop holds back its accusations while two versions of another laptop's message
are on their way to meet (normally a round trip)."""


@dataclass
class Verdict:
    events: list[Event] = field(default_factory=list)
    stop: str | None = None
    """The game ends here, for this reason."""
    cheat: bool = True
    """It ends because a laptop was named or cut off (not one nobody can blame)."""


@dataclass
class Where:
    """Where the evidence of this game goes, and what it is filed under."""

    folder: Path
    table: bytes
    game: str
    number: int
    keep: Callable[[Path, evidence.Kept], str]
    """Writes an evidence file into the folder, and says where (evidence.write)."""


@dataclass
class Verdicts:
    me: bytes
    drops: DropOuts
    """Who plays which seat, who dropped out, the acting host and the table's setting."""
    name: Callable[[bytes], str]
    """A laptop's display name."""
    where: Where
    named_already: list[Accusation] = field(default_factory=list)
    cheat_seats: set[int] = field(default_factory=set)
    """Seats whose laptop was dropped for a cheat or a cut-off (not gone)."""
    said: dict[int, messages.Cheat] = field(default_factory=dict)
    """Seat -> the cheat that drops its laptop (told with the host's swap)."""
    odd: dict[bytes, str] = field(default_factory=dict)
    """What a laptop sent that the game could not use (said if the timeout names it)."""
    unheard: dict[bytes, tuple[str, ...]] = field(default_factory=dict)
    """Laptops the table's timeout cannot blame, with the laptops their messages come
    through (set by the driver from the mesh's `withheld`, before the timeout)."""
    claims: dict[bytes, str] = field(default_factory=dict)
    """What a laptop claimed that this laptop's own view does not show: it gave away the seats
    of a laptop still playing here (said when that laptop is dropped)."""
    cut: set[bytes] = field(default_factory=set)
    """Laptops cut off: nothing they send counts any more."""
    disputed_until: float = 0.0
    """Two versions of a message are on their way to meet: nobody is named till then."""
    void: tuple[int, float] | None = None
    """(generation, until when): a laptop showed two versions of a message in that round, so
    what my runtimes found of the others then is void (the round starts again with a bot)."""

    def disputed(self, now: float) -> None:
        self.disputed_until = now + DISPUTE_WAIT

    def nameable(
        self, accusations: list[Accusation], generation: int, now: float
    ) -> list[Accusation]:
        """The accusations to name now, of those my runtimes made in `generation`."""
        fresh = [a for a in accusations if a not in self.named_already]
        if now < self.disputed_until:
            return []  # (held back: named when the dispute ends unsettled)
        if self.void is not None and self.void[0] == generation and now < self.void[1]:
            # What they found may come from the version they did not see.
            fresh = [a for a in fresh if self.drops.laptops.get(a.seat) in self.cut]
        return fresh

    def wakes(self, now: float) -> list[float]:
        """When what `nameable` holds back may change."""
        times = [self.disputed_until] + ([self.void[1]] if self.void is not None else [])
        return [t for t in times if t > now]

    def ends(self, key: bytes) -> bool:
        """Dropping the laptop `key` ends the game here (its seats cannot go to a bot: the
        table's setting says so, or nobody else is left to take the host's part)."""
        drops = self.drops
        if key == self.me or not drops.replace_gone:
            return True
        return not any(k != key and k not in drops.out for k in drops.line)

    def named(self, accusation: Accusation, names: tuple[str, ...]) -> Verdict:
        """A seat broke the fair-play rules, or the table timed out on it: save the evidence,
        say so, and drop its laptop — its seats go to a bot as for a laptop that is gone
        (decision 22) — or end the game."""
        self.named_already.append(accusation)
        seat = accusation.seat
        name = names[seat] if 0 <= seat < len(names) else f"seat {seat}"
        player = self.drops.laptops.get(seat)
        laptop = self.name(player) if player is not None else name
        rule = RULES.get(accusation.rule, accusation.rule)
        detail = accusation.detail
        if player is not None and player in self.odd:
            detail = f"{detail}; {self.odd[player]}"
        if accusation.message is None and not accusation.evidence:
            return self._silent(player, laptop, name, detail)
        said = (
            f"{laptop}'s laptop broke the fair-play rules for {name}: {rule} ({detail}) — "
            "the round is void"
        )
        saved = ""
        if accusation.evidence or accusation.message:
            w = self.where
            saved = w.keep(w.folder, evidence.cheat(w.table, w.game, w.number, accusation, name))
        if player is None or self.ends(player):
            text = f"{said} and the game ends"
            named = CheatNamed(name, seat, accusation.rule, text, saved, laptop, detail)
            return Verdict([named], stop=text)
        text = f"{said}; a bot takes their seats and the game goes on, the scores kept"
        told = messages.Cheat(seat, accusation.rule, detail[:300])
        self._dropping(player, told)
        self.drops.drop(player, f"{laptop} broke the fair-play rules", f"{said} and the game ends")
        return Verdict([CheatNamed(name, seat, accusation.rule, text, saved, laptop, detail,
                                   ends=False)])  # fmt: skip

    def cut_off(
        self,
        key: bytes,
        why: str,
        proof: tuple[Envelope, Envelope] | None,
        generation: int,
        now: float,
    ) -> Verdict:
        """The table cut the laptop `key` off (`why`: what it did) in `generation`: say so,
        save the signed evidence when there is some, and drop it like a laptop named for a
        cheat. A laptop that left first is said to be cut off all the same."""
        again = key in self.cut
        self.cut.add(key)
        self.disputed_until = 0.0  # (settled)
        if proof is not None:
            self.void = (generation, now + SWAP_WAIT)
        if again or not self.drops.plays(key):
            return Verdict()
        laptop = self.name(key)
        saved = ""
        if proof is not None:
            w = self.where
            kept = evidence.cut_off(w.table, w.game, w.number, laptop, why, proof)
            saved = w.keep(w.folder, kept)
        ends = self.ends(key)
        said = f"{laptop}'s laptop was cut off from the table ({why})"
        cut = LaptopCutOff(laptop, why, saved, ends)
        if ends:
            return Verdict([cut], stop=f"{said}: the game ends")
        seats = self.drops.laptops_of(key)
        self._dropping(key, messages.Cheat(seats[0], messages.CUT_OFF, why[:300]))
        self.drops.drop(key, said, f"{said}: the game ends", again=True)
        return Verdict([cut])

    def refuses(self, key: bytes, reason: str) -> Verdict:
        """The laptop `key` refuses this one (`reason`: its word) and nothing of it came through
        the others: counted out here by silence, in words that say what it did. It may still
        play with the others: heard again through one of them before its seats go to a bot, it
        plays on here (`DropOuts.back`)."""
        if key in self.drops.out or not self.drops.plays(key):
            return Verdict()
        laptop = self.name(key)
        why = f"it refuses this laptop ({reason}), and nothing of it comes through the others"
        said = f"{laptop}'s laptop was cut off from the table ({why})"
        if self.ends(key):
            return Verdict([LaptopCutOff(laptop, why, "", True)], stop=f"{said}: the game ends")
        seats = self.drops.laptops_of(key)
        self._dropping(key, messages.Cheat(seats[0], messages.CUT_OFF, why[:300]))
        self.drops.drop(key, said, f"{said}: the game ends", how="silent")
        return Verdict([LaptopCutOff(laptop, why, "", False)])

    def back(self, key: bytes) -> None:
        """The laptop `key` plays on here (`DropOuts.back`): its seats are no cheater's."""
        for seat in self.drops.laptops_of(key):
            self.cheat_seats.discard(seat)
            self.said.pop(seat, None)

    def _silent(self, player: bytes | None, laptop: str, name: str, detail: str) -> Verdict:
        """The table's timeout: the round waited too long for a message of `name`'s laptop.
        Nobody can prove why it never came (its laptop, or a relay on the way, or the network):
        the laptop is dropped, in words that blame nobody (docs/fair-play.md, "Who may accuse
        whom")."""
        what = detail.replace(" (timed out)", "")
        why = f"the round waited too long for it: {name} {what}"
        if player is not None and player in self.claims:
            why = f"{self.claims[player]}; then {why}"
        ends = player is None or self.ends(player)
        dropped: Event = LaptopCutOff(laptop, why, "", ends)
        if player is not None and player in self.unheard:
            dropped = LaptopUnheard(laptop, f"{name} {what}", self.unheard[player], ends)
        said = str(dropped)
        if player is None or ends:
            return Verdict([dropped], stop=said, cheat=isinstance(dropped, LaptopCutOff))
        self._dropping(player, messages.Cheat(self.drops.laptops_of(player)[0], messages.CUT_OFF,
                                              why[:300]))  # fmt: skip
        self.drops.drop(player, said, said, again=True, how="silent")
        return Verdict([dropped])

    def claimed(self, sender: bytes, swap: messages.SeatSwap, names: tuple[str, ...]) -> None:
        """The acting host `sender` gave away seats whose laptop still plays here."""
        given = ", ".join(names[s] for s in swap.swap.seats if 0 <= s < len(names))
        said = f"it gave {given}'s seats to a bot while their laptop still played here"
        cheat = swap.cheat
        if cheat is not None and cheat.rule == messages.CUT_OFF:
            # What one link saw (a refusal, a quota, a silence): nobody can tell who is right.
            said += f" (it said: {cheat.detail}; this laptop cannot tell who is right)"
        elif cheat is not None:
            # Every laptop checks every rule at once or at the round's audit: a cheat this
            # laptop never found was never made.
            rule = RULES.get(cheat.rule, cheat.rule)
            said += (
                f", saying they broke the fair-play rules ({rule}: {cheat.detail}), which "
                "this laptop did not find"
            )
        self.claims.setdefault(sender, said)

    def _dropping(self, key: bytes, told: messages.Cheat) -> None:
        for seat in self.drops.laptops_of(key):
            self.cheat_seats.add(seat)
            self.said[seat] = told

    def told(
        self, cheat: messages.Cheat, seats: tuple[int, ...], names: tuple[str, ...]
    ) -> Verdict:
        """A member told by the host's swap that the laptop of `seats` broke the rules: said
        here too if this laptop had not seen it itself (its own runtimes were replaced first)."""
        self.cheat_seats.update(seats)
        if any(a.seat in seats for a in self.named_already):
            return Verdict()
        name = names[cheat.seat]
        player = self.drops.laptops.get(cheat.seat)
        laptop = self.name(player) if player is not None else name
        host = self.name(self.drops.host or self.me)
        if cheat.rule == messages.CUT_OFF:
            if player is None or player not in self.drops.gone:
                # (A cut-off another laptop saw: the host's word, said as such.)
                said = f"{host}'s laptop says: {cheat.detail}"
                return Verdict([LaptopCutOff(laptop, said, "", ends=False)])
            return Verdict()
        rule = RULES.get(cheat.rule, cheat.rule)
        text = (
            f"{host}'s laptop says {laptop}'s laptop broke the fair-play rules for {name}: "
            f"{rule} ({cheat.detail}) — the round is void; a bot takes their seats and the "
            "game goes on, the scores kept"
        )
        return Verdict([CheatNamed(name, cheat.seat, cheat.rule, text, "", laptop, cheat.detail,
                                   ends=False, by=host)])  # fmt: skip

    def replaced(
        self, seats: tuple[int, ...], number: int, names: tuple[str, ...], kept: bool = False
    ) -> tuple[tuple[str, ...], SeatReplaced]:
        """The acting host's bot plays `seats` from round `number`: the seats' names from now on."""
        drops = self.drops
        runner = self.name(drops.host or self.me)
        renamed = list(names)
        gone = {renamed[s] for s in seats if 0 <= s < len(renamed)}
        for seat in seats:
            renamed[seat] = f"Bot {seat + 1} ({runner})"
        cheat = any(seat in self.cheat_seats for seat in seats)
        after = tuple(renamed)
        former = {drops.former[s] for s in seats if s in drops.former}
        hows = {drops.how.get(k, "").replace("closed", "gone") for k in former}
        why = hows.pop() if len(hows) == 1 else ("dropped" if cheat else "")
        handed = any(k in drops.hosted for k in former)
        layer = registry.layer_for(self.where.game)
        hands = kept and isinstance(layer, KeepingLayer) and layer.deals_hands
        offers = kept and isinstance(layer, KeepingLayer) and layer.cancels_offers
        return after, SeatReplaced(seats, ", ".join(sorted(gone)), number, after, cheat, why,
                                   runner, handed, kept, hands, offers)  # fmt: skip
