"""Help for people (`Game.rules_help`) from a game's `data/help.toml`, checked when loaded.

The file holds a `note` (what the file is), a `summary` of the game, its `turn` step by step, a
`glossary` and, under `kinds`, what each kind of decision decides. The browser shell shows it in
its "How to play" panel and under each decision; the terminal under each decision."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from .content import load_file


class RulesHelp(BaseModel):
    model_config = ConfigDict(extra="forbid")

    note: str
    summary: str = Field(min_length=1)
    turn: list[str] = Field(min_length=1)
    glossary: dict[str, str] = Field(min_length=1)
    kinds: dict[str, str]


@cache
def load_rules_help(path: Path) -> dict[str, Any]:
    """The help in `path` as `Game.rules_help` returns it; a ContentError naming the file and the
    field otherwise (`engine/content.py`)."""
    return load_file(path, RulesHelp).model_dump(exclude={"note"})
