"""Only the game key is sealed to one laptop. A laptop that seals a batch of the game to one
other laptop alone (here the batch that carries its seed) splits the table: the other laptops
never get that batch. Taken like a batch for everyone, it let the laptop it was sealed to go
on, wait for the one left out, and drop that honest laptop at its timeout, while the sender
played on. Now the laptop it was sealed to cuts the sender off, and the one left out finds a
gap in the sender's messages: both drop the sender, and no honest laptop is named anywhere."""

from pathlib import Path

import msgpack

from lanpurr.fair.envelope import Envelope
from net import events
from net.game import batches
from net.game.effects import Send
from tests.net.test_laptop_game import Laptop, Table


class SeedSealedToAnn(Table):
    """Cleo's laptop sends the part of a batch that holds her seed sealed to Ann alone, and
    the rest of it, and every other batch, to everyone as usual."""

    sealed_to_ann = 0

    def carry(self, laptop: Laptop) -> None:
        ann, cleo = self.laptops[0], self.laptops[2]
        game = self.game(laptop)
        if laptop is not cleo or game.key is None:
            super().carry(laptop)
            return
        while (effect := game.next_event()) is not None:
            if not (isinstance(effect, Send) and effect.to is None and "b" in effect.data):
                game._effects.appendleft(effect)
                super().carry(laptop)
                return
            frames = batches.open_box(game.key, effect.data["b"], len(self.state.seats))
            kinds = [msgpack.unpackb(Envelope.decode(f).body)["k"] for _, f in frames]
            if "seed" not in kinds:
                game._effects.appendleft(effect)
                super().carry(laptop)
                return
            at = kinds.index("seed")
            for part, to in (
                (frames[:at], None),
                (frames[at : at + 1], ann),
                (frames[at + 1 :], None),
            ):
                if part:
                    data = {**effect.data, "b": batches._box(game.key, part)}
                    self.sealed_to_ann += to is not None
                    for other in self.laptops:
                        if other is not cleo and to in (None, other):
                            other.inbox.append((cleo.key, data, to is not None))


def test_a_batch_sealed_to_one_laptop_gets_its_sender_dropped_and_no_honest_laptop(
    tmp_path: Path,
) -> None:
    t = SeedSealedToAnn(tmp_path, ("Ann", "Ben", "Cleo"), timeout=8.0)
    ann, ben = t.laptops[:2]

    def cleo_replaced(laptop: Laptop) -> bool:
        return any("Cleo" in str(e) for e in laptop.of(events.SeatReplaced))

    t.run(lambda: cleo_replaced(ann) and cleo_replaced(ben), playing=[ann, ben])
    assert t.sealed_to_ann == 1
    assert any("sealed to this laptop alone" in str(e) for e in ann.of(events.LaptopCutOff))
    for laptop in (ann, ben):
        blamed = laptop.of(events.CheatNamed) + laptop.of(events.LaptopCutOff)
        blamed += laptop.of(events.SeatReplaced)
        assert blamed and all("Cleo" in str(e) for e in blamed)
        assert not laptop.of(events.GameStopped)
