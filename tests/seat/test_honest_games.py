"""Honest bots play many whole games across seat runtimes: nobody is ever accused, and every
game keeps every promise `lanpurr.seat.whole_game.problems` checks (the same scores on every
seat, every round's audit fair on every seat, the replay's invariants after every play, each
seat's view equal to the replay's at every step, what each seat decrypted equal to the audit).

Shuffle proofs (on at every real table) are on in every No sin mi gato game and every 10th game
of the other two: a proven hand re-shuffle on both sides of every Momistigri draw costs about
as much again as the game, and what the proofs check is the same whatever the game does (their own
tests: tests/fair/test_shuffle_argument.py and the catalogue's rows 29-35)."""

import pytest

from lanpurr.seat.whole_game import play, problems

CHUNKS = 2
"""Runs of each sweep (in parallel under xdist): 80 Momistigri, 48 Purrfect and 252 No sin mi
gato games in all, each run going through every table size and option of its game. Four runs
took about 9 minutes of CPU, the suite's largest single cost."""
PROVEN_EVERY = 10


def _run(game: str, players: int, seed: int, bots: list[str], **options: str) -> None:
    run = play(game, bots, seed, options=options, shuffle_proofs=seed % PROVEN_EVERY == 0)
    found = problems(run)
    assert found == [], f"{game}, {players} seats, seed {seed}: {found[:3]}"


MOMISTIGRI = [
    (3, {}),
    (3, {"strict_discard": "on"}),
    (4, {}),
    (5, {"five_pair": "each_active_including_self"}),
    (5, {}),
]


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_M_honest_whole_games_agree_and_are_fair(chunk: int) -> None:
    for number in range(40):
        seed = 1000 * chunk + number
        players, options = MOMISTIGRI[number % len(MOMISTIGRI)]
        bots = ["heuristic" if (seed + s) % 2 else "random" for s in range(players)]
        _run("momistigri", players, seed, bots, **options)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_P_honest_whole_games_agree_and_are_fair(chunk: int) -> None:
    for number in range(24):
        seed = 2000 + 1000 * chunk + number
        players = 3 + number % 2
        options = {"allow_three": "on"} if players == 3 else {}
        # Random bots declare wrongly now and then (P-6.3: the hand is re-tokened in secret).
        bots = ["heuristic" if (seed + s) % 3 else "random" for s in range(players)]
        _run("purrfect", players, seed, bots, **options)


def test_P_an_offer_after_a_wrong_declaration_is_fair_at_the_audit() -> None:
    """The declarer re-tokens its shown hand in an order drawn from its round secret; the
    audit draws the same order from the revealed secret, so the honest declarer's next offer
    and swap are fair (this game fails if the order came from anything that never travels)."""
    _run("purrfect", 4, 2005, ["heuristic", "heuristic", "random", "heuristic"])


GUTTERS = [
    (2, "competitive", "standard"),
    (3, "competitive", "standard"),
    (4, "competitive", "mini"),
    (2, "coop", "standard"),
    (3, "coop", "mini"),
    (4, "teams", "standard"),
    (1, "solo", "standard"),
]


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_G_honest_whole_games_agree_and_are_fair(chunk: int) -> None:
    for number in range(126):
        seed = 7000 + 1000 * chunk + number
        players, mode, board = GUTTERS[number % len(GUTTERS)]
        bots = ["planner" if (seed + s) % 2 else "random" for s in range(players)]
        run = play("gutters", bots, seed, options={"mode": mode, "board": board})
        found = problems(run)
        assert found == [], f"gutters {players} {mode} {board}, seed {seed}: {found[:3]}"


def test_honest_game_proves_every_shuffle_and_every_re_shuffle() -> None:
    """At a table with the default setup every deck shuffle and every hand re-shuffle carries
    a proof, and every seat checked them all without a word."""
    import msgpack

    run = play("momistigri", ["heuristic"] * 3, 11)
    assert problems(run) == []
    assert all(r.spec.shuffle_proofs for r in run.runtimes)
    fair = run.runtimes[0].fair
    assert fair is not None
    bodies = [msgpack.unpackb(e.body, raw=False) for e in fair.log.envelopes]
    proven = [b for b in bodies if b["k"] in ("shuffle", "hand")]
    assert sum(b["k"] == "shuffle" for b in proven) == 3, "one deck shuffle per seat"
    assert any(b["k"] == "hand" for b in proven), "the round had blind draws"
    assert all(isinstance(b["proof"], bytes) and len(b["proof"]) > 0 for b in proven)


def test_the_checks_catch_a_seat_whose_view_differs() -> None:
    """`problems` is not a rubber stamp: a replica view changed after the fact is found."""
    run = play("gutters", ["planner", "planner"], 4)
    assert problems(run) == []
    record = run.runtimes[1].rounds[-1]
    record.views[3] = record.views[-1]  # a step that shows the end early
    assert any("its view differs" in p for p in problems(run))
