"""Prize Bids' card set: the prize deck (cards/prizes.toml), the one data file a designer edits.

A set is a folder holding prizes.toml; the `prize_set` option plays another one (a folder, as the
workbench saves it). Every defect is a ContentError naming the file, the prize and the field, as
the built-in games' loaders name theirs (volstead.engine.content).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from volstead.engine.content import content_folder, load_file, unique
from volstead.engine.errors import ContentError

DATA_DIR = Path(__file__).resolve().parent / "cards"
MOST_CARDS = 13  # Options.cards' upper bound: a set names a prize for every number a game may deal


class Prize(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$", description="The prize's id (lowercase, underscores).")
    name: str = Field(min_length=1, max_length=40, description="Its name at the table.")
    points: int = Field(ge=1, le=30, description="The points it scores the seat that wins it.")


class PrizeFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    prizes: list[Prize] = Field(description="The prize deck in number order: prize 1 first.")


FILES: dict[str, type[BaseModel]] = {"prizes.toml": PrizeFile}


def load_prizes(folder: Path) -> tuple[Prize, ...]:
    """The prize deck in `folder`, checked (not cached)."""
    deck = load_file(folder / "prizes.toml", PrizeFile).prizes
    unique("prizes.toml", "prize", (p.id for p in deck))
    if len(deck) != MOST_CARDS:
        raise ContentError(
            f"prizes.toml: the deck holds {MOST_CARDS} prizes (one for each number a game may deal), not {len(deck)}"
        )
    return tuple(deck)


@lru_cache(maxsize=8)
def prize_deck(data_dir: str = "") -> tuple[Prize, ...]:
    """The built-in deck (or the one in `data_dir`), loaded once per folder."""
    return load_prizes(content_folder(data_dir, DATA_DIR))
