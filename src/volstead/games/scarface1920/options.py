"""Game options of Scarface 1920 (frozen; one field per rule variant or setup choice)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from volstead.engine.contract import GameOptions

VARIANTS = ("published", "rulebook-wip")


class Options(GameOptions):
    variant: Literal["published", "rulebook-wip"] = Field(
        "published",
        description="published: the published edition (rules summary + how-to-play). rulebook-wip: the "
                    "work-in-progress rulebook's numbers ($2 a business on Reorganize, $5 a business and $1 an "
                    "Associate star at the end, 8 gang cards with 2 Right-hands).")
    job_draft: bool = Field(
        False, description="Job draft (rulebook, Other modes): deal 4 Jobs, keep 1 and pass 3 left, until 4 are kept.")
    gangs: tuple[str, ...] = Field(
        (), description="A gang id per seat (outfit, black_wolves, seven_gems, north_side); empty: dealt at random.")
    cards: str = Field(
        "", description="A folder with another card set (the same 8 data files); empty: the embedded set. For "
                        "designers comparing card-set versions (volstead sim --compare). Not settable from the lobby.")
    solo: bool = Field(False, description="Solo mode: one player against the Enforcer automa (rulebook, Solo mode).")
