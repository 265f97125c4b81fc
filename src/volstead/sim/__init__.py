"""The simulator: many bot games, unattended, with results written as they come.

- `runner`: seats and seeds per game, local processes (default) or Ray,
  JSON lines + game records under the output folder, resume;
- `report`: win rates with 95% intervals, score and length distributions,
  card play counts, an Elo ladder, Markdown + PNG plots; card-set comparisons.
"""

from .runner import SimConfig, game_seed, play_game, run_sim, seat_bots

__all__ = ["SimConfig", "game_seed", "play_game", "run_sim", "seat_bots"]
