"""The simulator: many bot games, unattended, with results written as they come.

- `runner`: seats and seeds per game, local processes (default) or Ray,
  JSON lines + game records under the output folder, resume;
- `report`: win rates with 95% intervals, score and length distributions,
  card play counts, an Elo ladder, Markdown + PNG plots, the game's own figures
  (`Game.report_sections`); card-set comparisons;
- `records`: the run's game records, and their final states replayed for a game's figures.

The commands (`volstead sim`, `ladder`, `balance`) are in `volstead.cli.sim`: the simulator
knows no command.

The runner's names are imported when first read (PEP 562), so that `volstead.sim.loop` imports
without the runner's dependencies (orjson): a profile-guided build's training plays through the
loop inside the build's own environment (`volstead.build_training`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .runner import SimConfig, game_seed, play_game, run_sim, seat_bots

__all__ = ["SimConfig", "game_seed", "play_game", "run_sim", "seat_bots"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import runner

        return getattr(runner, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
