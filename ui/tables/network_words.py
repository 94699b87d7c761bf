"""What a game between laptops says of its laptops: who was named and why, who was dropped,
who waits, whose seats a bot took, how far the start got (`NetworkWords`, the words of
`ui.tables.network_table.NetworkTable`, in its translation context).

Each sentence is made when shown, in the player's language; the names in it are the seats'
names at that moment.
"""

from typing import Any

from PySide6.QtCore import QCoreApplication

translate = QCoreApplication.translate


class NetworkWords:
    """The sentences of a network table (mixed into `NetworkTable`, which sets the fields)."""

    names: tuple[str, ...]
    seat: int
    _named: Any

    def _cheat_text(self, event: Any, evidence: bool = True) -> str:
        """Who broke which rule, in the player's language (the detail stays as the check
        said it)."""
        if event.by:
            text = translate(
                "NetworkTable",
                "%5's laptop says %1's laptop broke the fair-play rules for %2: %3 (%4).",
            )
        elif event.laptop:
            text = translate(
                "NetworkTable", "%1's laptop broke the fair-play rules for %2: %3 (%4)."
            )
        else:
            text = translate("NetworkTable", "%2 broke the fair-play rules: %3 (%4).")
        text = (
            text.replace("%5", event.by)
            .replace("%1", event.laptop)
            .replace("%2", event.name)
            .replace("%3", self._rule_text(event.rule))
            .replace("%4", event.detail)
        )
        return text + self._void_text(event, evidence)

    def _cut_off_text(self, event: Any, evidence: bool = True) -> str:
        """A laptop the table cut off (net.events.LaptopCutOff), in the player's language (what
        it did stays as the connection layer said it)."""
        why = event.why.strip().rstrip(".")
        text = translate("NetworkTable", "%1's laptop was cut off from the table: %2.")
        text = text.replace("%1", event.laptop).replace("%2", why)
        return text + self._void_text(event, evidence)

    def _unheard_text(self, event: Any) -> str:
        """A laptop nobody can blame for its silence (net.events.LaptopUnheard): its messages
        come through other laptops, or another laptop says it holds them."""
        if event.through:
            text = translate(
                "NetworkTable",
                "%1's laptop was not heard from in time; its messages reach this "
                "laptop only through %2. Nobody can tell what holds them up, so "
                "nobody is blamed.",
            )
        else:
            text = translate(
                "NetworkTable",
                "%1's laptop was not heard from in time. Nobody can tell what holds "
                "its messages up, so nobody is blamed.",
            )
        text = text.replace("%1", event.laptop).replace("%2", ", ".join(event.through))
        return text + self._void_text(event, evidence=False)

    def _void_text(self, event: Any, evidence: bool) -> str:
        """What follows a laptop dropped for breaking the rules, and where the proof is."""
        if event.ends:
            text = " " + translate("NetworkTable", "The round is void and the game ends.")
        else:
            text = " " + translate(
                "NetworkTable", "The round is void; their laptop is dropped from the game."
            )
        if evidence and event.evidence:
            text += "\n" + translate("NetworkTable", "The evidence is saved in %1").replace(
                "%1", event.evidence
            )
        return text

    def _dropped_text(self, event: Any) -> str:
        """Why the laptop whose seats a bot takes was dropped, without the evidence's file."""
        from net import events

        if isinstance(event, events.LaptopCutOff):
            return self._cut_off_text(event, evidence=False)
        if isinstance(event, events.LaptopUnheard):
            return self._unheard_text(event)
        return self._cheat_text(event, evidence=False)

    def _waits_text(self, waits: Any) -> str:
        """How long the table still waits, and for whom (never a seat of this laptop's); what
        they owe stays unsaid (the network layer's words are for the command line): a person's
        turn, or a laptop that has not answered."""
        who = tuple(dict.fromkeys(waits.names))  # a laptop's bots share a wait
        names, many = ", ".join(who), len(who) > 1
        minutes, seconds = divmod(max(waits.seconds_left, 0), 60)
        left = f"{minutes}:{seconds:02d}"
        if waits.turn and many:
            text = translate(
                "NetworkTable", "Waiting for %1 to play: %2 before the table drops their laptops."
            )
        elif waits.turn:
            text = translate(
                "NetworkTable", "Waiting for %1 to play: %2 before the table drops their laptop."
            )
        elif many:
            text = translate(
                "NetworkTable",
                "Waiting for %1: their laptops have not answered. %2 before the table drops them.",
            )
        else:
            text = translate(
                "NetworkTable",
                "Waiting for %1: their laptop has not answered. %2 before the table drops it.",
            )
        return text.replace("%1", names).replace("%2", left)

    def _replaced_text(self, event: Any) -> str:
        """What happened and what happens next, in one line (also a separator in Moves)."""
        if event.cheat:
            text = translate(
                "NetworkTable",
                "Round %2 starts again with a bot in each of %1's seats; the scores are kept.",
            )
            if self._named is not None:
                text = self._dropped_text(self._named) + "\n" + text
        elif event.kept and event.hands and event.offers and event.handed:
            went = self._went_text(event)
            text = (
                went
                + " "
                + translate(
                    "NetworkTable",
                    "A bot plays their seat, %3's laptop hosts now, and the "
                    "hands are dealt again, as many cards each; the open "
                    "offers are cancelled and everything else "
                    "stays.",
                )
            )
        elif event.kept and event.hands and event.offers:
            went = self._went_text(event)
            text = (
                went
                + " "
                + translate(
                    "NetworkTable",
                    "A bot plays their seat and the hands are dealt again, "
                    "as many cards each; the open offers are cancelled "
                    "and everything else stays.",
                )
            )
        elif event.kept and event.hands and event.handed:
            went = self._went_text(event)
            text = (
                went
                + " "
                + translate(
                    "NetworkTable",
                    "A bot plays their seat, %3's laptop hosts now, and the "
                    "hands are dealt again, as many cards each; everything "
                    "else stays.",
                )
            )
        elif event.kept and event.hands:
            went = self._went_text(event)
            text = (
                went
                + " "
                + translate(
                    "NetworkTable",
                    "A bot plays their seat and the hands are dealt again, "
                    "as many cards each; everything else stays.",
                )
            )
        elif event.kept and event.handed:
            went = self._went_text(event)
            text = (
                went
                + " "
                + translate(
                    "NetworkTable",
                    "A bot plays their seat, %3's laptop hosts now, and the "
                    "cards still face down are shuffled again; everything "
                    "else stays.",
                )
            )
        elif event.kept:
            went = self._went_text(event)
            text = (
                went
                + " "
                + translate(
                    "NetworkTable",
                    "A bot plays their seat and the cards still face down "
                    "are shuffled again; everything else stays.",
                )
            )
        elif event.why == "left" and event.handed:
            text = translate(
                "NetworkTable",
                "%1 left. A bot plays their seat, %3's laptop hosts now, and round "
                "%2 is dealt again; the scores stay.",
            )
        elif event.why == "left":
            text = translate(
                "NetworkTable",
                "%1 left. A bot plays their seat and round %2 is dealt again; the scores stay.",
            )
        elif event.handed:
            text = translate(
                "NetworkTable",
                "%1's laptop did not come back. A bot plays their seat, %3's "
                "laptop hosts now, and round %2 is dealt again; the scores "
                "stay.",
            )
        else:
            text = translate(
                "NetworkTable",
                "%1's laptop did not come back. A bot plays their seat and round "
                "%2 is dealt again; the scores stay.",
            )
        return (
            text.replace("%1", event.name).replace("%2", str(event.round)).replace("%3", event.host)
        )

    def _went_text(self, event: Any) -> str:
        """How the laptop of a replaced seat went, in one sentence."""
        if event.why == "left":
            return translate("NetworkTable", "%1 left.")
        return translate("NetworkTable", "%1's laptop did not come back.")

    def _rule_text(self, rule: str) -> str:
        """The fair-play rule a seat broke (lanpurr.fair.accusation.RULES), translated."""
        texts = {
            "F-SIG": translate(
                "NetworkTable", "every message carries its sender's valid signature"
            ),
            "F-SEQ": translate(
                "NetworkTable",
                "each sender's messages come once, in order, chained to the previous one",
            ),
            "F-TABLE": translate("NetworkTable", "a message belongs to this table and this round"),
            "F-FORM": translate(
                "NetworkTable",
                "a message is well formed: known kind, right fields, valid group elements",
            ),
            "F-TURN": translate(
                "NetworkTable", "a laptop speaks only when the protocol expects it to"
            ),
            "F-ORDER": translate(
                "NetworkTable", "a laptop's messages keep the order of time they claim"
            ),
            "F-KEY": translate("NetworkTable", "a key share comes with a valid proof of knowledge"),
            "F-COMMIT": translate("NetworkTable", "a revealed value opens the earlier commitment"),
            "F-REVEAL": translate(
                "NetworkTable", "every committed value is revealed when the protocol asks for it"
            ),
            "F-SHUFFLE": translate(
                "NetworkTable", "a shuffle re-masks a permutation of exactly the cards it received"
            ),
            "F-SHARE": translate(
                "NetworkTable", "a decryption share comes with a valid proof for the right card"
            ),
            "F-MOVE": translate("NetworkTable", "a card handed on is the card named"),
            "F-DRAW": translate(
                "NetworkTable", "a blind draw delivers the card at the position the drawer chose"
            ),
            "F-SECRET": translate(
                "NetworkTable",
                "the round's secrets revealed at the check match what the laptop published",
            ),
            "F-GAME": translate(
                "NetworkTable",
                "every action is legal in the game given the cards the seat really holds",
            ),
            "F-IDLE": translate("NetworkTable", "a seat plays its turn before the table gives up"),
            "F-BIND": translate("NetworkTable", "a card offered is named by its own masked slot"),
            "F-EXPOSE": translate(
                "NetworkTable",
                "a seat turns the cards handed to it face up only when they break a rule",
            ),
        }
        return texts.get(rule, rule)

    def _progress_text(self, event: Any) -> str:
        who = self.names[event.seat] if event.seat is not None else ""
        texts = {
            "starting": translate("NetworkTable", "Starting the game…"),
            "keys": translate("NetworkTable", "Waiting for every laptop to be ready…"),
            "seeds": translate("NetworkTable", "Drawing the table's luck together…"),
            "dealing": translate("NetworkTable", "Dealing…"),
            "checking": translate("NetworkTable", "Checking the round…"),
            "between": translate("NetworkTable", "Round over: read the scores, then go on"),
            "playing": "",
            "over": "",
        }
        if event.step == "shuffling":
            if event.seat == self.seat:
                return translate("NetworkTable", "Shuffling — your turn to shuffle…")
            return translate("NetworkTable", "Shuffling — %1's turn to shuffle…").replace("%1", who)
        return texts.get(event.step, "")
