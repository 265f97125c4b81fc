"""Game options of Scarface 1920 (frozen; one field per rule variant or setup choice)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from volstead.engine.contract import GameOptions, check_faction_choices, not_a_bool

VARIANTS = ("published", "rulebook-wip")
RANDOM = "random"  # a seat's gang dealt at random (from the gangs no other seat took)


def gang_ids() -> list[str]:
    """The gangs of the embedded card set (a `cards` folder is checked again at setup)."""
    from .content.loader import default_content

    return [g.id for g in default_content().gangs]


class Options(GameOptions):
    variant: Literal["published", "rulebook-wip"] = Field(
        "published",
        description="published: the published edition (rules summary + how-to-play). rulebook-wip: the "
        "work-in-progress rulebook's numbers ($2 a business on Reorganize, $5 a business and $1 an "
        "Associate star at the end, 8 gang cards with 2 Right-hands).",
    )
    job_draft: bool = Field(
        False, description="Job draft (rulebook, Other modes): deal 4 Jobs, keep 1 and pass 3 left, until 4 are kept."
    )
    gangs: tuple[str, ...] = Field(
        (),
        description='A gang id per seat (outfit, black_wolves, seven_gems, north_side) or "random" (dealt at '
        "random from the gangs no seat took); empty: every gang dealt at random.",
    )
    first_seat: int | None = Field(
        None,
        ge=0,
        description="The Starting Player's seat (takes the first turn; starting districts are chosen "
        "from the player to their right, counterclockwise); none: seat 0.",
    )
    cards: str = Field(
        "",
        description="A folder with another card set (the same 8 data files); empty: the embedded set. For "
        "designers comparing card-set versions (volstead sim --compare). Not settable from the lobby.",
    )
    solo: bool = Field(False, description="Solo mode: one player against the Enforcer automa (rulebook, Solo mode).")

    @field_validator("gangs")
    @classmethod
    def _known_distinct_gangs(cls, gangs: tuple[str, ...]) -> tuple[str, ...]:
        return check_faction_choices(gangs, gang_ids(), "gang")

    _no_bool_seat = field_validator("first_seat", mode="before")(not_a_bool)
