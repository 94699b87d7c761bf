"""`lanpurr` with a patched fair-play peer: a laptop whose seat turns up another card of its
hand than the pair it names (a card it does not play). Run like `python -m ui.cli`; used by
tests/net/test_play_netns.py to put a cheater in its own process on the real network."""

import sys
from typing import Any

import net.game.setup
from lanpurr.fair.protocol import FairPeer
from ui.cli import main


class NamesAnotherCard(FairPeer):
    def play(self, slots: Any, action: bytes = b"", keep: bool = False) -> list[bytes]:
        if len(slots) == 2 and self.seat is not None:
            others = [s for s in self.hand(self.seat) if s not in slots]
            slots = [slots[0], others[0]] if others else slots
        return super().play(slots, action, keep)


if __name__ == "__main__":
    net.game.setup.FAIR_PEER = NamesAnotherCard
    sys.exit(main(sys.argv[1:]))
