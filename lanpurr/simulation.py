"""`lanpurr simulate GAME`: bots play complete games with invariant checks after every action.

Each game provides `lanpurr.games.<id>.simulate.simulate(config) -> SimulationReport`; this
module owns the command line, the report and its two printed forms, so that every game's
simulator speaks the same way.
"""

import argparse
import importlib
import json
from dataclasses import dataclass, field
from typing import Any

from lanpurr.games import GAME_IDS as GAMES


@dataclass(frozen=True)
class SimulationConfig:
    game: str
    players: int
    games: int
    seed: int
    bots: tuple[str, ...] | None = None
    """One bot name per seat, or None for the game's default line-up."""
    variant: str | None = None
    show: bool = False


@dataclass
class SimulationReport:
    game: str
    players: int
    games: int
    seed: int
    bots: list[str]
    completed: int = 0
    violations: list[str] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)
    """Games won per seat; a win shared by k players counts 1/k for each."""
    figures: dict[str, float] = field(default_factory=dict)
    """Game-specific figures, e.g. mean_turns_per_round, rounds_per_game, mean_turns."""
    shown: list[str] = field(default_factory=list)
    """Text renderings asked for with --show."""

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "bots": self.bots,
            "completed": self.completed,
            "violations": len(self.violations),
            "violation_messages": self.violations[:20],
            "wins": [round(w, 4) for w in self.wins],
            "win_rates": [round(w / self.games, 4) if self.games else 0.0 for w in self.wins],
            **{k: round(v, 4) for k, v in self.figures.items()},
        }

    def as_text(self) -> str:
        lines = [*self.shown]
        lines.append(f"{self.game}: {self.players} players, {self.games} games, seed {self.seed}")
        lines.append(f"  games completed      {self.completed}/{self.games}")
        lines.append(f"  invariant violations {len(self.violations)}")
        lines.extend(f"    {message}" for message in self.violations[:20])
        for name, value in self.figures.items():
            lines.append(f"  {name.replace('_', ' '):<20} {value:.2f}")
        lines.append("  wins by seat:")
        for seat, (bot, won) in enumerate(zip(self.bots, self.wins, strict=False)):
            rate = won / self.games if self.games else 0.0
            lines.append(f"    seat {seat} {bot:<10} {won:8.1f}  {rate:6.1%}")
        return "\n".join(lines)


def add_parser(commands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = commands.add_parser(
        "simulate",
        help="bots play complete games with invariant checks",
        description="Bots play complete games with invariant checks after every action.",
    )
    p.add_argument("game", choices=GAMES)
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bots", help="comma-separated bot per seat, e.g. heuristic,random,random")
    p.add_argument("--variant", help="gutters: solo, coop, teams or mini")
    p.add_argument("--show", action="store_true", help="print a text rendering of each game end")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    config = SimulationConfig(
        game=args.game,
        players=args.players,
        games=args.games,
        seed=args.seed,
        bots=tuple(args.bots.split(",")) if args.bots else None,
        variant=args.variant,
        show=args.show,
    )
    module = importlib.import_module(f"lanpurr.games.{config.game}.simulate")
    try:
        report: SimulationReport = module.simulate(config)
    except ValueError as error:  # bad arguments: a player count, a bot name, a variant
        print(f"lanpurr simulate: {error}")
        return 2
    print(json.dumps(report.as_json(), sort_keys=True) if args.json else report.as_text())
    return 1 if report.violations or report.completed < report.games else 0
