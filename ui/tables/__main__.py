"""`python -m ui.tables GAME --players N`: one table against bots, for development."""

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ui.tables")
    parser.add_argument("game", choices=("momistigri", "purrfect", "gutters"))
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--bot", default=None, help="bot name (default: the game's first bot)")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--language", default="", help="en, it or es")
    args = parser.parse_args(argv)
    options = dict(item.split("=", 1) for item in args.option)

    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv[:1])
    from lanpurr.seat.registry import bots_of
    from ui import i18n, theme
    from ui.settings import load_settings
    from ui.sound.player import player
    from ui.tables import create_local_table

    i18n.install(args.language)
    theme.apply_to_app(app, theme.current())
    settings = load_settings()
    player().configure(settings.volume, settings.muted)
    bot = args.bot or next(iter(bots_of(args.game)))
    screen = create_local_table(args.game, args.players, options, bot, seed=args.seed)
    screen.leave_requested.connect(app.quit)
    from ui.window_size import fit_to_screen, show_fitting

    show_fitting(screen, fit_to_screen(screen, 1200, 820))
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
