"""`python -m ui.tables.screenshots [DIR]`: pictures of the art and of every table at key moments.

The tables are played by bots and by a scripted player that clicks where a person would, and
each picture is taken from the widget itself, so what is saved is what a player sees.
"""

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

SIZE = (1280, 860)


def wait_until(condition: Callable[[], bool], limit_ms: int = 60000, step_ms: int = 10) -> bool:
    waited = 0
    while not condition():
        if waited >= limit_ms:
            return False
        QTest.qWait(step_ms)
        waited += step_ms
    return True


def save(widget: QWidget, folder: Path, name: str) -> None:
    widget.grab().save(str(folder / name))
    print(folder / name)


def art(folder: Path) -> None:
    from ui.art.sheet import ArtSheet

    for strong, name in ((False, "art-sheet.png"), (True, "art-sheet-colour-blind.png")):
        sheet = ArtSheet(strong)
        sheet.resize(1130, 680)
        save(sheet, folder, name)


def open_screen(
    game: str, players: int, bot: str, seed: int, options: dict[str, str], think_ms: int = 40
) -> Any:
    from ui.tables import create_local_table

    screen = create_local_table(game, players, options, bot, seed=seed, think_ms=think_ms)
    screen.resize(*SIZE)
    screen.show()
    return screen


def momistigri(folder: Path) -> None:
    from lanpurr.games.momistigri.actions import DiscardPair, Pass
    from lanpurr.games.momistigri.state import DISCARD, DRAW
    from ui import theme

    screen = open_screen("momistigri", 4, "heuristic", 3, {})
    view = screen.view
    wait_until(lambda: view.acting() and view.state.phase == DRAW and not view.busy())
    save(screen, folder, "table-momistigri-draw.png")
    shown_effect = False
    for _ in range(4000):
        if view.round_result is not None:
            break
        if view.acting() and not view.busy():
            if view.state.phase == DRAW:
                holder = view.state.previous_player(view.seat)
                view.clicked(("fan", holder, 0))
            elif view.state.phase == DISCARD:
                pairs = [a for a in view.legal() if isinstance(a, DiscardPair)]
                reversible = [a for a in pairs if a.reverse]
                if reversible and not shown_effect:
                    for token in reversible[0].cards:
                        view.clicked(("hand", token))
                    view.hints = True
                    save(screen, folder, "table-momistigri-effect-or-reverse.png")
                    shown_effect = True
                    view.clicked(("button", "effect"))
                elif pairs:
                    for token in pairs[0].cards:
                        view.clicked(("hand", token))
                    view.clicked(("button", "effect"))
                elif Pass(view.seat) in view.legal():
                    view.clicked(("button", "pass"))
                else:
                    view.clicked(("button", "end"))
            else:
                phase = view.state.phase.replace("_", "-")
                save(screen, folder, f"table-momistigri-{phase}.png")
                hand = view.my_hand()
                if view.state.phase in ("designate", "give", "swap"):
                    view.clicked(("hand", hand[0]))
                if view.state.phase == "give":
                    view.clicked(("player", sorted(view.recipients_now())[0]))
                if view.state.phase == "swap":
                    view.clicked(("pile", view.state.pile[0]))
                if view.state.phase == "hand_out":
                    view.clicked(("pile", view.state.pile[0]))
                    view.clicked(("player", sorted(view.recipients_now())[0]))
        QTest.qWait(10)
    wait_until(lambda: not view.animator.busy())
    save(screen, folder, "table-momistigri-round-over.png")
    view.clicked(("button", "next"))
    theme.update(colour_blind=True)
    wait_until(lambda: view.acting() and not view.busy())
    save(screen, folder, "table-momistigri-colour-blind.png")
    theme.update(colour_blind=False)
    screen.close()


def purrfect(folder: Path) -> None:
    from collections import Counter

    from ui import theme

    screen = open_screen("purrfect", 5, "heuristic", 4, {}, think_ms=600)
    view = screen.view
    wait_until(lambda: len(view.state.offers) >= 2 and not view.animator.busy())
    s = view.state
    counts = Counter(s.cat(t) for t in s.hands[view.seat])
    weakest = min(counts, key=lambda cat: counts[cat])
    for token in view.my_hand():
        if s.cat(token) == weakest and token not in s.locked(view.seat):
            view.clicked(("card", token))
    save(screen, folder, "table-purrfect-trading.png")
    view.clicked(("button", "offer"))
    QTest.qWait(150)
    save(screen, folder, "table-purrfect-my-offer.png")
    theme.update(animation_speed="off")  # the rest of the game, quickly
    screen.controller.think_ms = 20
    round_saved = False
    for _ in range(20000):
        if view.winner is not None and not view.animator.busy():
            break
        if view.round_result is not None and not view.animator.busy():
            if not round_saved:
                save(screen, folder, "table-purrfect-round-over.png")
                round_saved = True
            view.clicked(("button", "next"))
        trade_a_little(view)
        QTest.qWait(10)
    save(screen, folder, "table-purrfect-game-over.png")
    theme.update(animation_speed="normal")
    screen.close()


def trade_a_little(view: Any) -> None:
    """A plain Purrfect player: keep the biggest cat, offer the weakest, accept any offer."""
    from collections import Counter

    s = view.state
    if s.phase != "round" or view.busy():
        return
    if view.hand_is_purrfect():
        view.clicked(("button", "declare"))
        return
    counts = Counter(s.cat(t) for t in s.hands[view.seat])
    target = counts.most_common(1)[0][0]
    locked = s.locked(view.seat)
    groups: dict[str, list[int]] = {}
    for token in view.my_hand():
        if token not in locked and s.cat(token) != target:
            groups.setdefault(s.cat(token), []).append(token)
    view.selected = []
    if s.acceptance_of(view.seat) is None:
        for offer in s.offers:
            fitting = [c for c in groups.values() if len(c) >= len(offer.cards)]
            if offer.seat != view.seat and fitting:
                for token in fitting[0][: len(offer.cards)]:
                    view.clicked(("card", token))
                view.clicked(("offer", offer.offer_id))
                return
    if s.offer_of(view.seat) is None and groups:
        weakest = min(groups, key=lambda cat: len(groups[cat]))
        for token in groups[weakest][:4]:
            view.clicked(("card", token))
        view.clicked(("button", "offer"))


def gutters(folder: Path) -> None:
    from lanpurr.games.gutters.actions import Rotate
    from lanpurr.games.gutters.events import CatConnected, CatWon
    from lanpurr.games.gutters.geometry import pushes
    from ui import theme

    for board in ("standard", "mini"):
        screen = open_screen("gutters", 1, "", 9, {"board": board})
        view = screen.view
        table = screen.controller
        wait_until(_my_turn(view))
        if board == "mini":
            save(screen, folder, "table-gutters-mini.png")
        else:
            view.hover_slot = pushes(view.state.size)[5].slot
            view.clicked(("pile", 90))
            view.update()
            save(screen, folder, "table-gutters-push-preview.png")
            view.hover_slot = None
            view.clicked(("tile", (1, 1)))
            save(screen, folder, "table-gutters-rotate-menu.png")
            view.clicked(("tile", (1, 1)))
        rng = random.Random(2)
        chain_saved = board == "mini"
        for _ in range(20000):
            if view.result is not None:
                break
            if not view.busy():
                game, state = table.game, table.state
                actions = list(game.legal_actions(state, table.seat))
                scored = [
                    (sum(isinstance(e, CatWon) for e in game.apply(state, a).events), a)
                    for a in actions
                ]
                best = max(n for n, _ in scored)
                action = rng.choice([a for n, a in scored if n == best])
                if isinstance(action, Rotate):
                    view.clicked(("tile", action.cell))
                    view.clicked(("rotate", action.cell, action.by))
                else:
                    view.pile_rotation = action.rotation
                    slot = next(
                        p.slot
                        for p in pushes(view.state.size)
                        if (p.out, p.line) == (action.out, action.line)
                    )
                    view.clicked(("push", slot))
            if not chain_saved and isinstance(view.moving, CatConnected):
                QTest.qWait(250)
                save(screen, folder, "table-gutters-cat-connected.png")
                chain_saved = True
                theme.update(animation_speed="off")  # the rest of the game, quickly
            QTest.qWait(10)
        wait_until(_idle(view))
        save(screen, folder, f"table-gutters-{board}-over.png")
        theme.update(animation_speed="normal")
        screen.close()


def _my_turn(view: Any) -> Callable[[], bool]:
    return lambda: bool(view.my_turn()) and not view.busy()


def _idle(view: Any) -> Callable[[], bool]:
    return lambda: not view.busy()


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0] if args else "docs/screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    from ui import i18n, theme

    i18n.install("en")
    assert isinstance(app, QApplication)
    theme.apply_to_app(app, theme.current())
    which = args[1:] or ["art", "momistigri", "purrfect", "gutters"]
    steps = {"art": art, "momistigri": momistigri, "purrfect": purrfect, "gutters": gutters}
    for name in which:
        steps[name](folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
