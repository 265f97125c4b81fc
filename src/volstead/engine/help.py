"""Help for people (`Game.rules_help`) from a game's `data/help.toml`, checked when loaded.

The file holds a `note` (what the file is), a `summary` of the game, its `turn` step by step, a
`glossary`, under `kinds`, what each kind of decision decides and, under `sections`, the rules'
passages in the game's words, keyed by the number (or short name) the game cites them by: a "§6.10"
in any text people read (a reason, an option's help, a log line) opens `sections."6.10"`. A
section's `kinds` are the decision kinds it governs: the rules panel shows those for the pending
decision. The browser shell shows it in its rules panel and under each decision; the terminal
under each decision."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from .content import load_file

# What a "§" reference names: "§6.10", "§ 3", "§solo-2" (a trailing full stop is the sentence's).
SECTION_KEY = r"[A-Za-z0-9](?:[A-Za-z0-9.\-]*[A-Za-z0-9])?"


class RulesSection(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: str = Field(min_length=1)
    text: str = Field(min_length=1)  # the passage, paragraphs separated by blank lines
    kinds: list[str] = []  # the decision kinds it governs (shown with them)


class RulesHelp(BaseModel):
    model_config = ConfigDict(extra="forbid")

    note: str
    summary: str = Field(min_length=1)
    turn: list[str] = Field(min_length=1)
    glossary: dict[str, str] = Field(min_length=1)
    kinds: dict[str, str]
    sections: dict[Annotated[str, StringConstraints(pattern=f"^{SECTION_KEY}$")], RulesSection] = {}


@cache
def load_rules_help(path: Path) -> dict[str, Any]:
    """The help in `path` as `Game.rules_help` returns it; a ContentError naming the file and the
    field otherwise (`engine/content.py`)."""
    return load_file(path, RulesHelp).model_dump(exclude={"note"})
