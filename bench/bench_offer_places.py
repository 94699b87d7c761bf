"""Purrfect's offer places: how long laying them out takes, and how large the offered cards stay.

The places are laid out once for each size of table and seating (ui/tables/purrfect/offers.py)
and kept; a new size (the window resized, a chat column shown) lays them out again, on the
thread that paints. For each window size and number of players this opens the real table
(offscreen Qt, fast bots stopped once a few offers are open), times one fresh layout and one
repaint of the whole table (the best of `--runs`), and reports the width of the offered cards
the layout settled on (40 px when there is room) and whether any two places overlap.

    .venv/bin/python bench/bench_offer_places.py [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("LANPURR_HOME", tempfile.mkdtemp(prefix="lanpurr-bench-"))

from PySide6.QtWidgets import QApplication

SIZES = [(1008, 552), (1024, 600), (1280, 720), (1366, 768), (1920, 1040)]
"""Window sizes: the app's first window on a 1024×600 screen, then whole common screens."""


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    app = QApplication([])
    from ui.tables import create_local_table
    from ui.tables.purrfect import offers

    print("window      players  table      card px  overlaps  layout ms  offers  repaint ms")
    for size in SIZES:
        for players in (4, 5, 6, 7):
            screen = create_local_table("purrfect", players, {}, "heuristic", seed=3, think_ms=30)
            screen.resize(*size)
            screen.show()
            view = screen.view
            deadline = time.monotonic() + 20
            wanted = min(players - 1, 4)
            while time.monotonic() < deadline and not (
                len(view.state.offers) >= wanted and not view.animator.busy()
            ):
                app.processEvents()
            assert screen.controller is not None
            screen.controller.stop()
            painting = float("inf")
            for _ in range(args.runs):
                start = time.perf_counter()
                for _ in range(20):
                    view.repaint()
                painting = min(painting, (time.perf_counter() - start) / 20)
            best = float("inf")
            for _ in range(args.runs):
                view.kept_layout.clear()
                start = time.perf_counter()
                places = offers.places(view)
                best = min(best, time.perf_counter() - start)
            zones = [place.zone for place in places.values()]
            overlaps = sum(a.intersects(b) for i, a in enumerate(zones) for b in zones[i + 1 :])
            cards = sorted({place.card for place in places.values()})
            table = f"{view.width()}×{view.height()}"
            print(
                f"{size[0]}×{size[1]:<6} {players:>7}  {table:<9}  {cards[0]:>7.0f}  "
                f"{overlaps:>8}  {best * 1000:>8.1f}  {len(view.state.offers):>6}  "
                f"{painting * 1000:>8.1f}"
            )
            screen.close()


if __name__ == "__main__":
    main()
