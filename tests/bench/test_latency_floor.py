"""bench/latency_floor.py: whole games in simulated time, each to its end, where every wait the
floor adds makes a game longer, never shorter."""

from bench.latency_floor import FloorTable, Network, Options

BAD = Network(0.2, 0.05)


def test_a_no_sin_mi_gato_game_takes_longer_on_bad_wifi_and_longer_still_when_fair() -> None:
    for seed in range(3):
        tables = [
            FloorTable("gutters", Network(), Options(), seed),
            FloorTable("gutters", BAD, Options(), seed),
            FloorTable("gutters", BAD, Options(fair=True), seed),
        ]
        clean, trusted, fair = (table.play() for table in tables)
        assert all(table.game.is_over(table.state) for table in tables)
        # Turns: the bots see the same states whenever they come, so it is the same game.
        assert clean.moves == trusted.moves == fair.moves
        assert clean.seconds < trusted.seconds < fair.seconds


def test_a_fair_purrfect_table_makes_swaps_and_ends() -> None:
    table = FloorTable("purrfect", BAD, Options(fair=True, one_in_flight=True), 1)
    played = table.play()
    assert table.game.is_over(table.state)
    assert played.counted > 20  # swaps


def test_a_momistigri_game_counts_its_blind_draws() -> None:
    played = FloorTable("momistigri", BAD, Options(), 2).play()
    assert played.counted > 10  # draws
    assert played.seconds > played.counted * 0.2 * 0.7  # each draw waited for its bot
