"""Game options of Prohibition (frozen; one field per setup choice — the rules have no variants)."""

from __future__ import annotations

from pydantic import Field, field_validator

from volstead.engine.contract import GameOptions, check_faction_choices, not_a_bool

RANDOM = "random"  # a seat's mat dealt at random (from the mats no other seat took)


def mat_ids() -> list[str]:
    from .content.loader import default_content

    return [m.id for m in default_content().mats]


class Options(GameOptions):
    mats: tuple[str, ...] = Field(
        (),
        description='A player mat per seat (rum_row, tammany, five_points, bowery) or "random" (dealt from the '
        "mats no seat took); empty: every mat dealt at random. A gang's pieces take its mat's colour.",
    )
    cards: str = Field(
        "",
        description="A folder with another card set (the same 6 data files); empty: the embedded set. For "
        "designers comparing card-set versions (volstead sim --compare). Not settable from the lobby.",
    )
    first_seat: int | None = Field(
        None,
        ge=0,
        description='The gang holding the Starting Gang Token in 1921 ("the person who has gone the '
        'longest without a drink"); none: drawn at random.',
    )

    @field_validator("mats")
    @classmethod
    def _known_distinct_mats(cls, mats: tuple[str, ...]) -> tuple[str, ...]:
        return check_faction_choices(mats, mat_ids(), "mat")

    _no_bool_seat = field_validator("first_seat", mode="before")(not_a_bool)
