"""A whole game between three laptops on loopback, with every byte written to the sockets
recorded: nothing of the game can be read from the wire by anyone who is not at the table."""

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from nacl.secret import SecretBox

from lanpurr.games.momistigri.dealt_again import UNDER_WAY
from lanpurr.games.momistigri.events import HandsDealtAgain
from lanpurr.games.purrfect.events import HandsDealtAgain as PurrfectHandsDealtAgain
from lanpurr.games.purrfect.events import OfferCancelled, SwapMade
from net import events
from net.game import messages
from net.game.laptop_game import LaptopGame
from net.game.messages import GameKey
from net.limits import BODY
from net.watch_events import WatchEnded, WatchFollowing, Watching
from net.wire import framing
from tests.net.test_sessions import Player, until

SLICE = 40
"""Bytes of each game frame looked for on the wire (long enough never to match by chance)."""


def test_a_whole_game_leaves_nothing_readable_on_the_wire(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wire: list[bytes] = []
    sent: list[bytes] = []
    """Every game frame a laptop sent, before it was sealed under the game key."""
    write = asyncio.StreamWriter.write
    send = LaptopGame._send_batches

    def recording_write(self: asyncio.StreamWriter, data: Any) -> None:
        wire.append(bytes(data))
        write(self, data)

    def recording_send(self: LaptopGame) -> None:
        if self.key is not None:
            sent.extend(frame for _, frame in self._unsent)
        send(self)

    monkeypatch.setattr(asyncio.StreamWriter, "write", recording_write)
    monkeypatch.setattr(LaptopGame, "_send_batches", recording_send)
    players = [Player(tmp_path, name) for name in ("Ann", "Ben", "Cleo")]
    scores, key = asyncio.run(_play(players))
    assert len(set(scores)) == 1

    captured = b"".join(wire)
    assert len(sent) > 100 and len(captured) > 100_000
    slices = [frame[len(frame) // 2 : len(frame) // 2 + SLICE] for frame in sent]
    slices = [s for s in slices if len(s) == SLICE]
    assert len(slices) > 100
    readable = [s for s in slices if s in captured]
    assert not readable, f"{len(readable)} of {len(slices)} game frames can be read on the wire"
    # The same frames are all there for a member who holds the game key.
    opened = b"".join(_open_batches(captured, key))
    assert all(s in opened for s in slices)
    assert key not in captured  # the game key itself travels only sealed to each member


async def _start(players: list[Player], game: str = "momistigri", pace: float = 0.0) -> bytes:
    """Open a table, seat everyone (bots play each seat), start: the game key."""
    for player in players:
        player.lobby.play_settings.me_bot = "normal"
        player.lobby.play_settings.pace = pace
    port = await players[0].host(game, len(players))
    for player in players[1:]:
        session = await player.join(port)
        session.ready(True)
    host = players[0].session
    assert host is not None and host.state is not None
    await until(lambda: len(host.state.ready) == len(players) - 1)  # type: ignore[union-attr]
    host.start()
    await until(lambda: host.play is not None and host.play.game.key is not None)
    key = host.play.game.key  # type: ignore[union-attr]
    assert key is not None
    return key


async def _play(
    players: list[Player],
    meddle: Any = None,
    game: str = "momistigri",
    pace: float = 0.0,
    honest: tuple[Player, ...] = (),
    when: Callable[[], bool] = lambda: True,
) -> tuple[list[tuple[int, ...]], bytes]:
    """Play a whole game; the final scores on each `honest` laptop (default: all), and the game
    key. `meddle(key)` runs once the game has begun (a member sending what it should not), and
    `when` holds. `pace`: the bots think."""
    honest = honest or tuple(players)
    key = await _start(players, game, pace)
    if meddle is not None:
        begun = lambda: all(p.of(events.GameUpdate) for p in players)  # noqa: E731
        await until(lambda: begun() and when(), timeout=60)
        meddle(key)
    try:
        await until(lambda: all(p.of(events.GameOver) for p in honest), timeout=240)
    except AssertionError:
        raise AssertionError(_last_events(players)) from None
    for player in players:
        if player in honest:
            assert not player.of(events.GameStopped), player.of(events.GameStopped)
        await player.lobby.close()
    return [tuple(p.of(events.GameOver)[0].scores) for p in honest], key


@pytest.mark.parametrize("game", ["momistigri", "purrfect"])
def test_bots_that_think_before_they_move_finish_the_game_alike(tmp_path: Path, game: str) -> None:
    # A bot whose turn comes with a batch acts only after that batch is shown and answered,
    # once its thinking time is over (turns: Momistigri; no turns, bots acting any time and
    # quiet seats ticking: Purrfect).
    names = ("Ann", "Ben", "Cleo", "Dan")[: 4 if game == "purrfect" else 3]
    players = [Player(tmp_path, name) for name in names]
    scores, _ = asyncio.run(_play(players, game=game, pace=0.01))
    assert len(set(scores)) == 1, scores
    for player in players:
        updates = player.of(events.GameUpdate)
        assert len(updates) > 20  # the moves were drawn on every laptop, not only the end


def _last_events(players: list[Player]) -> str:
    """What each laptop said last (when a game does not end)."""
    quiet = (events.GameUpdate, events.MessageReceived, events.TableStateChanged, events.TableWaits)
    return "; ".join(
        f"{n}: {[e for e in p.events if not isinstance(e, quiet)][-5:]}"
        for n, p in zip("ABCD", players, strict=False)
    )


def _bad_messages(number: int, key: bytes) -> dict[str, dict[str, Any]]:
    """Game messages no honest member sends, each with the words its refusal says."""
    box = SecretBox(key)
    return {
        "does not open with the game key": {"g": number, "b": b"not a box at all"},
        "seat 0 is not played on that laptop": {
            "g": number,
            "b": box.encrypt(framing.pack([[0, b"Ann's seat, forged"]])),
        },
        "a batch is a list": {"g": number, "b": box.encrypt(framing.pack({"not": "a list"}))},
        "in the open": {"gk": bytes(32), "n": number},
        "announced a game key": {"g": number, "gc": bytes(32)},
    }


@pytest.mark.parametrize("words", list(_bad_messages(0, bytes(32))))
def test_a_member_that_sends_a_game_message_it_may_not_send_is_cut_off_and_the_game_ends(
    tmp_path: Path, words: str
) -> None:
    # The host's setting: a laptop that drops out ends the game. Within seconds every honest
    # laptop says who was cut off and why, and the game stops with that reason: no hang.
    players = [Player(tmp_path, name) for name in ("Ann", "Ben", "Cleo")]
    ann, ben, cleo = players

    async def scenario() -> None:
        await _start(players)
        await until(lambda: all(p.of(events.GameUpdate) for p in players), timeout=60)
        session, host = cleo.session, ann.session
        assert session is not None and session.play is not None
        assert host is not None and host.play is not None and host.play.game.key is not None
        session.send(_bad_messages(session.play.number, host.play.game.key)[words])
        await until(lambda: all(p.of(events.GameStopped) for p in (ann, ben)), timeout=30)
        for player in players:
            await player.lobby.close()

    asyncio.run(scenario())
    for player in (ann, ben):
        cut = player.of(events.LaptopCutOff)
        assert [c.laptop for c in cut] == ["Cleo"] and words in cut[0].why
        assert "Cleo's laptop was cut off" in player.of(events.GameStopped)[0].reason
        assert not player.of(events.GameOver)
    # The table's setting, announced with the game key, ends the game: each says so itself.
    assert ann.of(events.LaptopCutOff)[0].ends and ben.of(events.LaptopCutOff)[0].ends


def test_a_member_cut_off_mid_game_is_replaced_by_a_bot_and_the_game_goes_on(
    tmp_path: Path,
) -> None:
    players = [Player(tmp_path, name) for name in ("Ann", "Ben", "Cleo")]
    ann, ben, cleo = players
    ann.lobby.play_settings.replace_gone = "normal"

    def meddle(key: bytes) -> None:
        session = cleo.session
        assert session is not None and session.play is not None
        number = session.play.number
        session.send({"g": number + 7, "b": b"another game"})  # (not a game here yet: kept)
        session.send(_bad_messages(number, key)["seat 0 is not played on that laptop"])

    scores, _ = asyncio.run(_play(players, meddle, honest=(ann, ben)))
    assert len(set(scores)) == 1  # the game finished, the same on both honest laptops
    for player in (ann, ben):
        cut = player.of(events.LaptopCutOff)
        assert [c.laptop for c in cut] == ["Cleo"] and not cut[0].ends
        replaced = player.of(events.SeatReplaced)
        assert [r.name for r in replaced] == ["Cleo"] and replaced[0].cheat
        assert replaced[0].names[2].startswith("Bot")


def _open_batches(captured: bytes, key: bytes) -> list[bytes]:
    """Every game batch a member can open, found by trying the key on each candidate box."""
    box = SecretBox(key)
    found = []
    marker = b"\xa1b"  # the msgpack key "b" of a batch, followed by its box
    at = captured.find(marker)
    while at != -1:
        head = captured[at + 2 : at + 7]
        size = _bin_size(head)
        if size is not None:
            start = at + 2 + size[1]
            try:
                plain = box.decrypt(captured[start : start + size[0]])
                found.extend(f for _, f in framing.unpack(plain, BODY))
            except Exception:
                pass
        at = captured.find(marker, at + 1)
    return found


def _bin_size(head: bytes) -> tuple[int, int] | None:
    """(length, header bytes) of a msgpack bin at `head`."""
    if not head:
        return None
    if head[0] == 0xC4 and len(head) >= 2:
        return head[1], 2
    if head[0] == 0xC5 and len(head) >= 3:
        return int.from_bytes(head[1:3], "big"), 3
    if head[0] == 0xC6 and len(head) >= 5:
        return int.from_bytes(head[1:5], "big"), 5
    return None


def test_a_withheld_batch_stalls_the_table_until_its_timeout_drops_the_laptop(
    tmp_path: Path,
) -> None:
    # Cleo's laptop keeps its batches to itself from one on (it stays linked, and its messages
    # say nothing of them): the round waits for them. Every laptop shows the countdown, then the
    # table's timeout names Cleo's laptop, and the host's bot plays her seat to the end. (A
    # laptop that keeps one batch back and sends the next is named with proof at once: its
    # fair-play messages skip one, which its own signed messages show.)
    players = [Player(tmp_path, name) for name in ("Ann", "Ben", "Cleo")]
    ann, ben, cleo = players
    ann.lobby.play_settings.replace_gone = "normal"
    for player in players:
        patience = 8.0 if player is not cleo else 60.0
        player.lobby.play_settings.table_timeout = patience
        player.lobby.play_settings.turn_timeout = patience
    # (Cleo's laptop waits longer than the others: her own round waits on the answers to what
    # she kept back, and timing the others out first she would end her game as if she did the
    # host's part, which is not what this test is about.)

    def withhold(key: bytes) -> None:
        play = cleo.session.play.game if cleo.session and cleo.session.play else None
        assert play is not None

        def keep_them() -> None:
            play._unsent.clear()  # signed and recorded, never sent

        play._send_batches = keep_them  # type: ignore[method-assign]

    scores, _ = asyncio.run(_play(players, withhold, honest=(ann, ben)))
    assert len(set(scores)) == 1
    for player in (ann, ben):
        waits = player.of(events.TableWaits)
        assert waits and all(w.names == ("Cleo",) for w in waits)
        assert min(w.seconds_left for w in waits) <= 1
        # Nobody can prove why a message never came (its laptop, a relay, the network): the
        # table drops Cleo's laptop in words that accuse nobody of cheating.
        assert not player.of(events.CheatNamed)
        cut = player.of(events.LaptopCutOff)
        assert [c.laptop for c in cut] == ["Cleo"] and not cut[0].ends
        assert cut[0].why.startswith("the round waited too long for it: Cleo never")
        assert [r.name for r in player.of(events.SeatReplaced)] == ["Cleo"]


def test_a_host_that_seals_another_game_key_to_one_member_is_found_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    players = [Player(tmp_path, name) for name in ("Ann", "Ben", "Cleo")]
    ann, ben, _ = players
    send_key = LaptopGame._send_key

    def another_key_for_ben(self: LaptopGame) -> None:
        if self.me != ann.key:
            send_key(self)
            return
        check, key = self.keys.announce(self.bot_level)
        self.send(messages.plain(check))
        self.send(messages.plain(GameKey(self.number, bytes(32))), to=ben.key)
        for member in self.state.members:
            if member.key not in (ann.key, ben.key):
                self.send(messages.plain(key), to=member.key)

    monkeypatch.setattr(LaptopGame, "_send_key", another_key_for_ben)

    async def scenario() -> None:
        await _start(players)
        await until(lambda: bool(ben.of(events.GameStopped)), timeout=30)
        for player in players:
            await player.lobby.close()

    asyncio.run(scenario())
    reason = ben.of(events.GameStopped)[0].reason
    # (Without the drop-out setting the game ends; Ben has shown the table why: rows 65, 66.)
    assert reason.startswith("Ann's laptop was cut off from the table (sealed this laptop "
                             "another game key")  # fmt: skip


@pytest.mark.parametrize("leaver", ["Cleo", "Ann"])
def test_a_player_who_leaves_on_purpose_hears_nothing_of_being_away(
    tmp_path: Path, leaver: str
) -> None:
    # A player leaves mid-game: their laptop goes back to the lobby with nothing said about
    # being away; the others say they left, a bot takes their seat (the table's setting), and
    # the game ends alike. When it is Ann, the host, Ben — next in the line — gives her seat
    # to his bot, and Cleo takes Ben's word (not Ann's, not her own).
    players = [Player(tmp_path, name) for name in ("Ann", "Ben", "Cleo")]
    players[0].lobby.play_settings.replace_gone = "normal"
    gone = next(p for p in players if p.lobby.profile.name == leaver)
    stay = tuple(p for p in players if p is not gone)
    leaving: list[asyncio.Task[None]] = []

    def leave(key: bytes) -> None:
        assert gone.session is not None
        leaving.append(asyncio.ensure_future(gone.session.leave()))

    scores, _ = asyncio.run(_play(players, leave, honest=stay))
    assert len(set(scores)) == 1
    assert not gone.of(events.GameStopped), gone.of(events.GameStopped)
    runner = "Ben" if leaver == "Ann" else "Ann"
    for player in stay:
        left = player.of(events.PeerLeft)[0]  # (the others leave after the end)
        assert (left.name, left.then) == (leaver, "bot")
        replaced = player.of(events.SeatReplaced)
        assert [r.name for r in replaced] == [leaver]
        assert replaced[0].names[players.index(gone)] == f"Bot {players.index(gone) + 1} ({runner})"
        handed = [(h.gone, h.name, h.me) for h in player.of(events.HostHandedOn)]
        assert handed == ([("Ann", "Ben", player is players[1])] if leaver == "Ann" else [])


def test_the_laptop_that_took_over_hosts_the_table_and_plays_again_with_a_bot(
    tmp_path: Path,
) -> None:
    # Ann hosts and leaves mid-game; Ben's laptop takes over the game and the table. Dan, who
    # watched at Ann's, follows the game there and watches it to its end; Eva comes to watch
    # there late. Once it is over, Ben plays again, with a bot in Ann's freed seat, and Cleo
    # follows him.
    players = [Player(tmp_path, name) for name in ("Ann", "Ben", "Cleo")]
    ann, ben, cleo = players
    dan, eva = Player(tmp_path, "Dan"), Player(tmp_path, "Eva")
    ann.lobby.play_settings.replace_gone = "normal"

    async def scenario() -> None:
        await _start(players, pace=0.02)
        assert ann.session is not None and ben.session and cleo.session
        await dan.lobby.watch(f"127.0.0.1:{ann.session.port}")
        await until(lambda: all(p.of(events.GameUpdate) for p in (*players, dan)), timeout=60)
        await ann.lobby.close()
        await until(lambda: ben.session is not None and ben.session.is_host, timeout=60)
        await eva.lobby.watch(f"127.0.0.1:{ben.session.port}")
        watchers = (dan, eva)
        await until(lambda: all(p.of(events.GameOver) for p in (ben, cleo, *watchers)), 240)
        assert [w.host for w in dan.of(Watching)] == ["Ann", "Ben"]
        assert dan.of(WatchFollowing) and not dan.of(WatchEnded)
        await eva.lobby.close()
        await dan.lobby.close()
        b, c = ben.session, cleo.session
        assert b.is_host and b.state is not None and c.state is not None
        await until(lambda: c.state is not None and c.state.host == ben.key)
        assert ann.key in c.state.left
        b.again()
        await until(lambda: c.state is not None and c.state.phase == "open")
        assert c.state.host == ben.key and c.state.seats[0].free  # Ann's seat, freed
        b.add_bot(0, "normal")
        c.ready(True)
        await until(lambda: c.state is not None and c.state.seats[0].bot is not None)
        await until(lambda: b.state is not None and len(b.state.ready) == 1)
        b.start()
        await until(lambda: all(len(p.of(events.GameOver)) == 2 for p in (ben, cleo)), 240)
        for player in players:
            await player.lobby.close()

    asyncio.run(scenario())
    first = {tuple(p.of(events.GameOver)[0].scores) for p in (ben, cleo, dan, eva)}
    assert len(first) == 1  # the watchers saw the game's end as the players did
    second = [tuple(p.of(events.GameOver)[1].scores) for p in (ben, cleo)]
    assert second[0] == second[1]


def test_a_member_that_claims_the_hosts_part_while_the_host_plays_seizes_nothing(
    tmp_path: Path,
) -> None:
    # Cleo says she gave Ann's seat (the host's) to her bot, and Ben's too, while Ann plays
    # on: no laptop takes her word (Ann does the host's part until she drops out, and Ben
    # comes before Cleo in the line); the game ends as it would have, on all three laptops.
    players = [Player(tmp_path, name) for name in ("Ann", "Ben", "Cleo")]
    ann, _, cleo = players
    ann.lobby.play_settings.replace_gone = "normal"

    def claim(key: bytes) -> None:
        assert cleo.session is not None and cleo.session.play is not None
        number = cleo.session.play.number
        keys = [bytes(range(32)), bytes(range(1, 33))]
        cleo.session.send({"g": number, "swap": {"v": 1, "seats": [0, 1], "keys": keys,
                                                 "round": 1}})  # fmt: skip

    scores, _ = asyncio.run(_play(players, claim))
    assert len(set(scores)) == 1
    for player in players:
        assert not player.of(events.SeatReplaced) and not player.of(events.HostHandedOn)


def test_a_host_who_leaves_mid_game_ends_it_for_everyone_at_once(tmp_path: Path) -> None:
    # Without the setting, a laptop that leaves ends the game: the host says so at once.
    players = [Player(tmp_path, name) for name in ("Ann", "Ben", "Cleo")]
    ann, ben, cleo = players

    async def scenario() -> None:
        await _start(players)
        await until(lambda: all(p.of(events.GameUpdate) for p in players), timeout=60)
        assert ann.session is not None
        await ann.session.leave()
        await until(lambda: all(p.of(events.GameStopped) for p in (ben, cleo)), timeout=10)
        for player in players:
            await player.lobby.close()

    asyncio.run(scenario())
    assert not ann.of(events.GameStopped)
    for player in (ben, cleo):
        reason = player.of(events.GameStopped)[0].reason
        assert reason == "Ann's laptop ended the game: Ann left the table"
        left = player.of(events.PeerLeft)[0]
        assert (left.name, left.then) == ("Ann", "end")


@pytest.mark.parametrize("leaver", ["Ann", "Cleo"])
def test_no_sin_mi_gato_keeps_the_board_the_cats_and_the_points_when_a_laptop_leaves(
    tmp_path: Path, leaver: str
) -> None:
    # A laptop leaves once a cat was won: the others go on from the board as it was, with its
    # cats and points (docs/fair-play.md, "What a drop-out keeps"); only the cats still face
    # down are shuffled again. When Ann, the host, leaves, Ben's laptop takes over.
    players = [Player(tmp_path, name) for name in ("Ann", "Ben", "Cleo")]
    players[0].lobby.play_settings.replace_gone = "normal"
    gone = next(p for p in players if p.lobby.profile.name == leaver)
    stay = tuple(p for p in players if p is not gone)

    def won_a_cat(player: Player) -> bool:
        updates = player.of(events.GameUpdate)
        return bool(updates) and any(updates[-1].update.view.won)

    async def scenario() -> None:
        await _start(players, "gutters", pace=0.02)
        await until(lambda: won_a_cat(gone), timeout=120)
        assert gone.session is not None
        await gone.session.leave()
        try:
            await until(lambda: all(p.of(events.GameOver) for p in stay), timeout=240)
        except AssertionError:
            raise AssertionError(_last_events(players)) from None
        for player in players:
            await player.lobby.close()

    asyncio.run(scenario())
    assert len({tuple(p.of(events.GameOver)[0].scores) for p in stay}) == 1
    for player in stay:
        [replaced] = player.of(events.SeatReplaced)
        at = player.events.index(replaced)
        shown = [(i, e.update.view) for i, e in enumerate(player.events)
                 if isinstance(e, events.GameUpdate)]  # fmt: skip
        before = [v for i, v in shown if i < at][-1]
        after = next(v for i, v in shown if i > at)
        assert any(before.won) and after.turn >= before.turn
        assert all(set(b) <= set(a) for b, a in zip(before.won, after.won, strict=True))


@pytest.mark.parametrize("leaver", ["Ann", "Cleo"])
def test_momistigri_keeps_the_pile_and_the_turn_and_deals_the_hands_again_when_a_laptop_leaves(
    tmp_path: Path, leaver: str
) -> None:
    # A laptop leaves once a pair is on the pile: the others go on from the round as it stood
    # (docs/fair-play.md, "What a drop-out keeps"); every hand is dealt again, as many cards
    # each, from the cards not on the pile. When Ann, the host, leaves, Ben's laptop takes over.
    players = [Player(tmp_path, name) for name in ("Ann", "Ben", "Cleo")]
    players[0].lobby.play_settings.replace_gone = "normal"
    gone = next(p for p in players if p.lobby.profile.name == leaver)
    stay = tuple(p for p in players if p is not gone)

    def pairs_down(player: Player) -> bool:
        updates = player.of(events.GameUpdate)
        view = updates[-1].update.view if updates else None
        return view is not None and len(view.pile) >= 2 and view.phase in UNDER_WAY

    async def scenario() -> None:
        await _start(players, pace=0.02)
        await until(lambda: pairs_down(gone), timeout=120)
        assert gone.session is not None
        await gone.session.leave()
        try:
            await until(lambda: all(p.of(events.GameOver) for p in stay), timeout=240)
        except AssertionError:
            raise AssertionError(_last_events(players)) from None
        for player in players:
            await player.lobby.close()

    asyncio.run(scenario())
    assert len({tuple(p.of(events.GameOver)[0].scores) for p in stay}) == 1
    for player in stay:
        [replaced] = player.of(events.SeatReplaced)
        assert replaced.kept and replaced.hands and "hands are dealt again" in str(replaced)
        at = player.events.index(replaced)
        updates = [(i, e.update) for i, e in enumerate(player.events)
                   if isinstance(e, events.GameUpdate)]  # fmt: skip
        before = [u.view for i, u in updates if i < at][-1]
        dealt = next(
            step.view
            for i, u in updates
            if i > at
            for step in u.steps
            if isinstance(step.event, HandsDealtAgain)
        )
        faces = [[v.cards.face(t) for t in v.pile] for v in (before, dealt)]
        assert faces[0] == faces[1] and None not in faces[0]
        assert [len(h) for h in dealt.hands] == [len(h) for h in before.hands]
        assert (dealt.round, dealt.totals, dealt.active) == (before.round, before.totals,
                                                             before.active)  # fmt: skip


@pytest.mark.parametrize("leaver", ["Ann", "Dan"])
def test_purrfect_keeps_the_key_and_the_cats_and_deals_the_hands_again_when_a_laptop_leaves(
    tmp_path: Path, leaver: str
) -> None:
    # A laptop leaves in round 1, after a swap: the others go on from the round as it stood
    # (docs/fair-play.md, "What a drop-out keeps"). The meow key and the cats in play, which
    # round 1's seed drew, stay; every hand is dealt again, nine cards each, and the open
    # offers are cancelled. When Ann, the host, leaves, Ben's laptop takes over.
    players = [Player(tmp_path, name) for name in ("Ann", "Ben", "Cleo", "Dan")]
    players[0].lobby.play_settings.replace_gone = "normal"
    gone = next(p for p in players if p.lobby.profile.name == leaver)
    stay = tuple(p for p in players if p is not gone)

    def swapped(player: Player) -> bool:
        updates = player.of(events.GameUpdate)
        view = updates[-1].update.view if updates else None
        return view is not None and view.phase == "round" and view.swaps_this_round > 0

    async def scenario() -> None:
        await _start(players, "purrfect", pace=0.02)
        await until(lambda: swapped(gone), timeout=120)
        assert gone.session is not None
        await gone.session.leave()
        try:
            await until(lambda: all(p.of(events.GameOver) for p in stay), timeout=300)
        except AssertionError:
            raise AssertionError(_last_events(players)) from None
        for player in players:
            await player.lobby.close()

    asyncio.run(scenario())
    assert len({tuple(p.of(events.GameOver)[0].scores) for p in stay}) == 1
    for player in stay:
        [replaced] = player.of(events.SeatReplaced)
        assert replaced.kept and replaced.hands and replaced.offers
        assert "the open offers are cancelled" in str(replaced)
        at = player.events.index(replaced)
        updates = [(i, e.update) for i, e in enumerate(player.events)
                   if isinstance(e, events.GameUpdate)]  # fmt: skip
        before = [u.view for i, u in updates if i < at][-1]
        dealt = next(
            step.view
            for i, u in updates
            if i > at
            for step in u.steps
            if isinstance(step.event, PurrfectHandsDealtAgain)
        )
        assert (dealt.round, dealt.meow_key, dealt.cats, dealt.totals) == (
            1, before.meow_key, before.cats, before.totals
        )  # fmt: skip
        assert dealt.offers == () and dealt.acceptances == ()
        assert [len(h) for h in dealt.hands] == [9] * 4
        # No card of a hand stays. A swap still under way when the laptop left (waiting for
        # its shares of the cards handed over) was drawn at once with fresh tokens and is not
        # kept, so only the tokens a swap showed may be issued again by the deal.
        swapped_in = {
            t
            for i, u in updates
            if i < at
            for step in u.steps
            if isinstance(step.event, SwapMade)
            for t in (*step.event.acceptor_got, *step.event.offerer_got)
        }
        again = {t for h in dealt.hands for t in h} & {t for h in before.hands for t in h}
        assert again <= swapped_in
        # Every offer open in the game the seat keeps is cancelled where the screen can say
        # so: those open on the screen, and one whose swap was shown but not kept (the table
        # then says that swap did not happen).
        cancelled = {
            step.event.offer_id
            for i, u in updates
            if i > at
            for step in u.steps
            if isinstance(step.event, OfferCancelled)
        }
        assert cancelled >= {o.offer_id for o in before.offers}
