"""Learn to play Purrfect: the hint for each moment of a first round (`ui.tables.tutorial`).

Everyone trades at once, so there is no bot's move to follow: the coach keeps a small plan
(offer the cat I hold fewest of, or take someone's offer with it) while it still fits the table,
and names the card, offer or button to click for it by the key this package's view registers.
"""

from typing import Any

from PySide6.QtCore import QCoreApplication

from ui.tables.guide import Hint


class PurrfectCoach:
    """Hints for a first round of Purrfect: collect one cat, trade the cats you hold fewest of."""

    def __init__(self) -> None:
        self.plan: tuple[str, int, tuple[int, ...]] | None = None
        """("offer", 0, cards) or ("accept", offer id, cards)."""

    @staticmethod
    def said(view: Any) -> set[str]:
        guide = view.guide
        return guide.lessons_said if guide is not None else set()

    def _valid(self, s: Any, seat: int) -> bool:
        if self.plan is None:
            return False
        kind, offer_id, cards = self.plan
        from lanpurr.games.purrfect.legal import unlocked_by_cat

        free = {t for group in unlocked_by_cat(s, seat).values() for t in group}
        if not set(cards) <= free:
            return False
        if kind == "offer":
            return s.offer_of(seat) is None
        offer = s.offer_by_id(offer_id)
        return offer is not None and len(offer.cards) == len(cards)

    def _new_plan(self, s: Any, seat: int) -> tuple[str, int, tuple[int, ...]] | None:
        from lanpurr.games.purrfect.legal import unlocked_by_cat
        from lanpurr.games.purrfect.trading import MAX_OFFER

        counts = s.hand_cats(seat)
        if not counts:
            return None
        keep = max(counts, key=lambda cat: (counts[cat], -s.cats.index(cat)))
        groups = {c: sorted(t) for c, t in unlocked_by_cat(s, seat).items() if c != keep}
        if s.acceptance_of(seat) is None:
            for offer in sorted(s.offers, key=lambda o: o.offer_id):
                if offer.seat == seat:
                    continue
                k = len(offer.cards)
                fitting = [c for c, cards in groups.items() if len(cards) >= k]
                if fitting:
                    cat = min(fitting, key=lambda c: (counts[c], s.cats.index(c)))
                    return ("accept", offer.offer_id, tuple(groups[cat][:k]))
        if s.offer_of(seat) is None and groups:
            cat = min(groups, key=lambda c: (counts[c], s.cats.index(c)))
            return ("offer", 0, tuple(groups[cat][:MAX_OFFER]))
        return None

    def __call__(self, view: Any) -> Hint:
        s = view.state
        me = view.seat
        intro = QCoreApplication.translate(
            "Tutorial",
            "Purrfect: everyone trades at once. Collect nine cards of one cat: offer the "
            "cats you hold fewest of, and take the offers of others in exchange.",
        )
        if view.round_result is not None or view.winner is not None:
            return Hint(
                QCoreApplication.translate(
                    "Tutorial",
                    "That was a whole round! The purrfect player scores the most pawprints. "
                    "Click the button to go on: the rest of the game is yours.",
                ),
                ("button", "next") if view.round_result is not None else ("guide", "close"),
                final=True,
            )
        if s.phase != "round" or not s.hands:
            return Hint(
                QCoreApplication.translate("Tutorial", "The cards are being dealt…"), None, intro
            )
        if view.hand_is_purrfect():
            return Hint(
                QCoreApplication.translate(
                    "Tutorial",
                    "All your cards show one cat: your hand is purrfect! Click Purrfect!",
                ),
                ("button", "declare"),
                QCoreApplication.translate(
                    "Tutorial", "Be quick: the first to declare a purrfect hand wins the round."
                ),
            )
        if s.acceptance_of(me) is not None:
            self.plan = None
            return Hint(
                QCoreApplication.translate(
                    "Tutorial",
                    "You accepted an offer: the swap happens as soon as its owner takes it.",
                ),
                None,
                intro,
            )
        if not self._valid(s, me):
            self.plan = self._new_plan(s, me)
        if self.plan is None:
            return Hint(
                QCoreApplication.translate(
                    "Tutorial",
                    "Your offer is on the table: wait for someone to take it, or accept theirs.",
                ),
                None,
                intro,
            )
        kind, offer_id, cards = self.plan
        if any(c not in cards for c in view.selected):
            return Hint(
                QCoreApplication.translate(
                    "Tutorial", "Start again from nothing: click Clear selection."
                ),
                ("button", "clear"),
            )
        missing = [c for c in cards if c not in view.selected]
        cat = s.cat(cards[0]) or ""
        accept = QCoreApplication.translate(
            "Tutorial",
            "To take an offer you give as many cards of one cat as it holds; you see what "
            "you got only after the swap.",
        )
        offer_lesson = QCoreApplication.translate(
            "Tutorial",
            "An offer is 1 to 4 cards of one cat, face down: the others see only how many.",
        )
        if kind == "accept":
            offer = s.offer_by_id(offer_id)
            name = view.names[offer.seat] if offer is not None else ""
            if missing:
                return Hint(
                    QCoreApplication.translate(
                        "Tutorial",
                        "To take {name}'s offer, select as many of your {cat} cards as it holds "
                        "({n}): click the ringed card.",
                    )
                    .replace("{name}", name)
                    .replace("{n}", str(len(cards)))
                    .replace("{cat}", cat),
                    ("card", missing[0]),
                    accept,
                )
            return Hint(
                QCoreApplication.translate(
                    "Tutorial", "Now click {name}'s offer: you swap your cards for theirs."
                ).replace("{name}", name),
                ("offer", offer_id),
                accept,
            )
        if missing:
            return Hint(
                QCoreApplication.translate(
                    "Tutorial",
                    "Trade away a cat you hold few of: select your {cat} cards. "
                    "Click the ringed card.",
                ).replace("{cat}", cat),
                ("card", missing[0]),
                offer_lesson if intro in self.said(view) else intro,
            )
        return Hint(
            QCoreApplication.translate(
                "Tutorial",
                "Now click Offer: your cards go face down in front of you for the others.",
            ),
            ("button", "offer"),
            offer_lesson,
        )
