"""Help for people (`Game.rules_help`), from `data/help.toml` (checked when loaded)."""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from volstead.engine.errors import ContentError

from .content.loader import DATA_DIR


class Help(BaseModel):
    model_config = ConfigDict(extra="forbid")

    note: str
    summary: str = Field(min_length=1)
    turn: list[str] = Field(min_length=1)
    glossary: dict[str, str] = Field(min_length=1)
    kinds: dict[str, str]


@cache
def rules_help() -> dict[str, Any]:
    path = DATA_DIR / "help.toml"
    try:
        help_ = Help.model_validate(tomllib.loads(path.read_text()))
    except (OSError, ValueError) as e:
        raise ContentError(f"help.toml: {e}") from None
    return help_.model_dump(exclude={"note"})
