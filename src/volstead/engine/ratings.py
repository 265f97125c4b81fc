"""The bots' ratings in a game: the file `volstead ladder --save` writes into a game's data folder
(`data/bot_ratings.toml`), which the game's `Game.bot_ratings()` reads and the lobby shows beside
each bot it offers, so a person choosing an opponent sees how strong each is.

    # Volstead's own measurement of its bots in this game (written by volstead ladder --save).
    measured = "2026-11-28, volstead 0.1.0: 4-seat tables of random, greedy, ismcts:50ms ..."

    [bots."ismcts:200ms"]
    elo = 1612.0
    pairings = 1200
    low = 1540.5      # its 95 % interval, where the ladder has one
    high = 1690.2

The Elo scale is the ladder's own (the weakest bot 1000): ratings compare within one file only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .content import load_file

RATINGS_FILE = "bot_ratings.toml"  # in a game's data folder


class BotRating(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    elo: Annotated[float, Field(ge=0, le=5000)]
    pairings: Annotated[int, Field(ge=1)]  # results against another bot at the same table it was fitted on
    # the 95 % interval of `elo` (the games resampled; sim/ladder.py), where the ladder has one
    low: Annotated[float, Field(ge=0, le=5000)] | None = None
    high: Annotated[float, Field(ge=0, le=5000)] | None = None

    @model_validator(mode="after")
    def _interval(self) -> BotRating:
        if (self.low is None) != (self.high is None):
            raise ValueError("give both ends of the interval (low and high) or neither")
        if self.low is not None and self.high is not None and self.low > self.high:
            raise ValueError(f"low ({self.low}) is above high ({self.high})")
        return self


class BotRatings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    measured: Annotated[str, Field(max_length=500)]  # when, with which Volstead, from which runs
    bots: dict[Annotated[str, Field(min_length=1, max_length=40)], BotRating]


def read_ratings(path: Path) -> BotRatings | None:
    """The ratings in `path`; None if there is no such file (a ContentError if it is malformed)."""
    if not path.is_file():
        return None
    return load_file(path, BotRatings)


def ratings_toml(title: str, measured: str, ladder: list[dict]) -> str:
    """The ratings file for a ladder (`sim.report.elo_ladder`'s rows: bot, elo, and its `games`: pairings), strongest first."""

    def quoted(text: str) -> str:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

    lines = [
        f"# Volstead's own measurement of its bots in {title} (written by `volstead ladder --save`: an Elo",
        "# ladder fitted on the pooled runs named below; the weakest bot is 1000). The lobby shows each rating",
        "# beside the bot. Measure again after a bot or the rules change.",
        f"measured = {quoted(measured)}",
    ]
    for row in ladder:
        lines += ["", f"[bots.{quoted(row['bot'])}]", f"elo = {round(float(row['elo']), 1)}", f"pairings = {int(row['games'])}"]
        if row.get("low") is not None and row.get("high") is not None:
            lines += [f"low = {round(float(row['low']), 1)}", f"high = {round(float(row['high']), 1)}"]
    return "\n".join(lines) + "\n"
