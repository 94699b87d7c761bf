"""What a game's simulator is asked (`SimulationConfig`) and what it answers
(`SimulationReport`, with its two printed forms): shared by `lanpurr simulate` and every game's
`simulate` module, which the command finds by the game's id."""

from dataclasses import dataclass, field
from typing import Any


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
    seats: bool = False
    """Play through one seat runtime per seat (lanpurr.seat) instead of one full state."""
    shuffle_proofs: bool = True


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
    table: str = "one full state"
    """How the games were played (the first line of the text form says it)."""

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "table": self.table,
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
        lines.append(f"  played on           {self.table}")
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
