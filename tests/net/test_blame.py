"""No laptop's word alone moves a seat, stops a game or names a player (docs/fair-play.md, "Who
may accuse whom"): three laptops on loopback, one of them patched to lie about another."""

import asyncio
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from lanpurr.fair.envelope import Envelope
from net import events
from net.game import dropouts, messages
from net.game.laptop_game import LaptopGame
from net.game.messages import Cheat, GameKey
from net.wire.handshake import Applicant
from net.wire.messages import Refuse
from tests.net.test_play_wire import _play
from tests.net.test_sessions import Player


def _table(tmp_path: Path, timeout: float = 8.0) -> list[Player]:
    """Ann hosts with the drop-out setting (a bot takes a gone laptop's seats), Ben and Cleo
    join; the table's timeout is short, so a laptop that stops playing is dropped soon."""
    players = [Player(tmp_path, name) for name in ("Ann", "Ben", "Cleo")]
    players[0].lobby.play_settings.replace_gone = "normal"
    for player in players:
        player.lobby.play_settings.table_timeout = timeout
        player.lobby.play_settings.turn_timeout = timeout
    return players


def _nobody_accuses(player: Player, honest: tuple[str, ...]) -> None:
    """`player` named none of the `honest` laptops, for a cheat or a cut-off."""
    named = [e.laptop for e in player.of(events.CheatNamed)]
    named += [e.laptop for e in player.of(events.LaptopCutOff)]
    assert not set(named) & set(honest), (player.lobby.profile.name, named)


def test_a_host_that_gives_away_a_playing_laptops_seat_for_a_made_up_cheat_is_the_one_dropped(
    tmp_path: Path,
) -> None:
    # Ann's patched laptop gives Cleo's seat to its own bot, saying Cleo's shuffle was false.
    # Ben and Cleo saw no such thing: they keep the swap back, Cleo plays on, and Ann's laptop,
    # which moved to a game nobody follows, is dropped with what it claimed; Ben takes the
    # host's part and both finish alike.
    players = _table(tmp_path)
    ann, ben, cleo = players

    def evict(key: bytes) -> None:
        play = ann.session.play if ann.session is not None else None
        assert play is not None
        play.game.verdicts._dropping(cleo.key, Cheat(2, "F-SHUFFLE", "a made-up shuffle"))
        play.game._replace(cleo.key)
        play._carry()

    scores, _ = asyncio.run(_play(players, evict, honest=(ben, cleo)))
    assert len(set(scores)) == 1
    for player in (ben, cleo):
        _nobody_accuses(player, ("Ben", "Cleo"))
        cut = player.of(events.LaptopCutOff)
        assert [c.laptop for c in cut] == ["Ann"] and not cut[0].ends
        assert cut[0].why.startswith("it gave Cleo's seats to a bot while their laptop still")
        assert "a made-up shuffle" in cut[0].why
        assert [r.name for r in player.of(events.SeatReplaced)] == ["Ann"]
        assert [h.name for h in player.of(events.HostHandedOn)] == ["Ben"]


def test_a_swap_planted_by_the_next_laptop_of_the_line_is_never_taken(tmp_path: Path) -> None:
    # Ben, next in the line after the host, sends a swap that gives Cleo's seat away while
    # Ann hosts. Everyone holds it; when Ann leaves and Ben takes over, Cleo still plays here,
    # so nobody takes it: only Ann's seat goes to a bot.
    players = _table(tmp_path)
    ann, ben, cleo = players
    leaving: list[asyncio.Future[None]] = []

    def plant(key: bytes) -> None:
        assert ben.session is not None and ben.session.play is not None
        number = ben.session.play.number
        planted = {"v": 1, "seats": [2], "keys": [bytes(range(32))], "round": 1}
        ben.session.send({"g": number, "swap": planted})
        assert ann.session is not None
        leaving.append(asyncio.ensure_future(ann.session.leave()))

    scores, _ = asyncio.run(_play(players, plant, honest=(ben, cleo)))
    assert len(set(scores)) == 1
    for player in (ben, cleo):
        _nobody_accuses(player, ("Ben", "Cleo"))
        replaced = player.of(events.SeatReplaced)
        assert [r.name for r in replaced] == ["Ann"], replaced
        assert replaced[0].names[2] == "Cleo"


@pytest.mark.parametrize("ben_hears", ["the refusal", "only the link going down"])
def test_a_member_that_refuses_everyone_stops_no_game_and_names_nobody(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ben_hears: str
) -> None:
    # Cleo's patched laptop cuts Ann and Ben off as "banned", with a reason of its own. Each of
    # them counts Cleo out of its game (her seat goes to a bot); nobody honest is named and
    # both games go on to the same end. When Cleo hangs up on Ben's calls without a word, Ben
    # sees only her link go down, a grace period long: Ann's swap of her seats is taken on
    # that (Cleo plays here no more), not held until Ben's table timeout drops Ann.
    players = _table(tmp_path)
    ann, ben, cleo = players

    def refuse(key: bytes) -> None:
        assert cleo.session is not None
        mesh = cleo.session.mesh
        if ben_hears == "only the link going down":
            admit = mesh._admit

            def hang_up_on_ben(applicant: Applicant) -> Refuse | None:
                if applicant.key == ben.key:
                    raise ConnectionResetError("hung up without a word")
                return admit(applicant)

            monkeypatch.setattr(mesh, "_admit", hang_up_on_ben)
        for victim in (ann, ben):
            mesh.ban(victim.key, "you cheated (made up)")

    scores, _ = asyncio.run(_play(players, refuse, honest=(ann, ben)))
    assert len(set(scores)) == 1
    for player in (ann, ben):
        _nobody_accuses(player, ("Ann", "Ben"))
        assert [r.name for r in player.of(events.SeatReplaced)] == ["Cleo"]
        assert [c.laptop for c in player.of(events.LaptopCutOff)] == ["Cleo"]
        assert not player.of(events.HostHandedOn)


def test_a_member_that_refuses_one_laptop_stops_no_game_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Cleo's patched laptop cuts Ben off as "banned", with a reason of its own, while Ann, the
    # host, still hears her. Ben cannot check that word: Cleo's link to him is down for good,
    # her plays reach him through Ann's laptop, and his game goes on. Cleo, who refused a
    # laptop that still plays, ends up without a seat; nobody honest is named or stopped.
    # (A member waits for the host's swap for less than the table's timeout, as by default:
    # counting Cleo out at once, Ben would stop before Ann ever drops her.)
    monkeypatch.setattr(dropouts, "SWAP_WAIT", 3.0)
    players = _table(tmp_path)
    ann, ben, cleo = players

    def refuse(key: bytes) -> None:
        assert cleo.session is not None
        cleo.session.mesh.ban(ben.key, "you cheated (made up)")

    def waits_for_ann() -> bool:
        # (Ann's move then needs Cleo's laptop: it has plays to send after the refusal. Were
        # her round waiting for Ben, it would send nothing more and stop at the swap's wait.)
        play = cleo.session.play if cleo.session is not None else None
        return play is not None and play.game._waiting_for == {0}

    scores, _ = asyncio.run(_play(players, refuse, honest=(ann, ben), when=waits_for_ann))
    assert len(set(scores)) == 1
    for player in (ann, ben):
        _nobody_accuses(player, ("Ann", "Ben"))
        assert not player.of(events.HostHandedOn)
    assert [r.name for r in ben.of(events.RefusedHere)] == ["Cleo"]
    assert [r.name for r in ben.of(events.PlaysRelayed)] == ["Cleo"]  # (through Ann's laptop)


@pytest.mark.parametrize(
    ("lie", "words"),
    [("another key", "another game key than the one it announced"),
     ("another game's label", "sealed a key labelled for game 0 after it announced game 1's")],
)  # fmt: skip
def test_a_wrong_game_key_sealed_to_one_member_is_shown_to_the_table_which_drops_the_host(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lie: str, words: str
) -> None:
    # Ann seals Ben another key than the one she announced, or the key labelled for another
    # game: only Ben can see it. Ben shows the table the box and the key that opens it (and
    # Ann's announcement of this game's key); Cleo checks it herself and cuts Ann off too.
    # Ben keeps his seat: Cleo seals him the table's key (Ben, next in the line, takes the
    # host's part only once he holds it), and Ben and Cleo finish alike.
    players = _table(tmp_path)
    ann, ben, cleo = players
    send_key = LaptopGame._send_key

    def another_key_for_ben(self: LaptopGame) -> None:
        if self.me != ann.key:
            send_key(self)
            return
        check, key = self.keys.announce(self.bot_level)
        self.send(messages.plain(check))
        wrong = GameKey(self.number, bytes(32))
        if lie == "another game's label":
            wrong = GameKey(self.number - 1, key.key)
        self.send(messages.plain(wrong), to=ben.key)
        self.send(messages.plain(key), to=cleo.key)

    monkeypatch.setattr(LaptopGame, "_send_key", another_key_for_ben)
    scores, _ = asyncio.run(_play(players, honest=(ben, cleo)))
    assert len(set(scores)) == 1
    for player in (ben, cleo):
        _nobody_accuses(player, ("Ben", "Cleo"))
        cut = player.of(events.LaptopCutOff)
        assert [c.laptop for c in cut] == ["Ann"], cut
        assert [r.name for r in player.of(events.SeatReplaced)] == ["Ann"]
    assert words in cleo.of(events.LaptopCutOff)[0].why


def test_a_false_complaint_of_the_game_key_names_the_member_that_made_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Cleo shows the table the right key Ann sealed to her, claiming it is wrong: Ann and Ben
    # open the box themselves, find the announced key, and cut Cleo off; the game goes on.
    players = _table(tmp_path)
    ann, ben, cleo = players
    sealed: list[Envelope] = []
    receive = LaptopGame.receive

    def keep_the_key(self: LaptopGame, sender: bytes, data: Any, private: bool,
                     envelope: Envelope | None, now: float) -> None:  # fmt: skip
        if self.me == cleo.key and envelope is not None and "gk" in data:
            sealed.append(envelope)
        receive(self, sender, data, private, envelope, now)

    monkeypatch.setattr(LaptopGame, "receive", keep_the_key)

    def complain(key: bytes) -> None:
        assert cleo.session is not None and cleo.session.play is not None and sealed
        cleo.session.play.game._complain(ann.key, sealed[0], "a made-up problem")
        cleo.session.play._carry()

    scores, _ = asyncio.run(_play(players, complain, honest=(ann, ben)))
    assert len(set(scores)) == 1
    for player in (ann, ben):
        _nobody_accuses(player, ("Ann", "Ben"))
        assert [c.laptop for c in player.of(events.LaptopCutOff)] == ["Cleo"]
    # (Ann may hear Cleo's refusal of her first: Cleo cut her off as she complained.)
    why = ben.of(events.LaptopCutOff)[0].why
    assert "wrongly: the key it showed is the one the host announced" in why


def test_a_host_that_removes_a_player_in_the_middle_of_a_game_is_cut_off(tmp_path: Path) -> None:
    # Ann's patched laptop publishes the table with Cleo removed, mid-game: removing is for the
    # waiting room, so Ben and Cleo cut Ann off instead, and play on with a bot in her seat.
    players = _table(tmp_path)
    ann, ben, cleo = players

    def remove(key: bytes) -> None:
        session = ann.session
        assert session is not None and session.state is not None
        state = session.state
        session.adopt(replace(state, version=state.version + 1, removed=frozenset({cleo.key})))

    scores, _ = asyncio.run(_play(players, remove, honest=(ben, cleo)))
    assert len(set(scores)) == 1
    for player in (ben, cleo):
        _nobody_accuses(player, ("Ben", "Cleo"))
        assert not player.of(events.TableClosed)
        cut = player.of(events.LaptopCutOff)
        assert [c.laptop for c in cut] == ["Ann"] and "removed a player" in cut[0].why
