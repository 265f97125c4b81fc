"""Game options of The Mafia Chronicles (frozen; one field per rule variant or setup choice)."""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from pydantic import Field, field_validator

from volstead.engine.contract import GameOptions


@cache
def syndicate_ids() -> tuple[str, ...]:
    from .content.loader import default_content

    return tuple(s.id for s in default_content().setting.syndicates)


class Options(GameOptions):
    damage_bands: Literal["rules-text", "reference-card"] = Field(
        "rules-text",
        description="The damage after a failed move, by Edge difference. rules-text (default, rulebook §6.9): "
                    "6-8 discard, 3-5 damage to the move used, 1-2 no effect. reference-card (the Damage reference "
                    "card, §3): 5-8 discard, 3-4 damage, 1-2 no effect.")
    first_seat: int | None = Field(
        None, ge=0, le=3, description="The first player's seat; none: rolled with the D5 as the rules say (§3).")
    syndicates: tuple[str, ...] = Field(
        (), description="A syndicate id per seat (valenti, kearney, stern, delgado): names and colours only; "
                        "empty: seat order.")

    @field_validator("syndicates")
    @classmethod
    def _four_distinct(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        if not value:
            return value
        known = syndicate_ids()
        for v in value:
            if v not in known:
                raise ValueError(f"unknown syndicate {v!r}; syndicates: {', '.join(known)}")
        if len(value) != 4 or len(set(value)) != 4:
            raise ValueError("name each of the 4 syndicates once, one per seat")
        return value

    @field_validator("first_seat", mode="before")
    @classmethod
    def _no_bool_seat(cls, v: Any) -> Any:
        if isinstance(v, bool):
            raise ValueError("a seat number, not a boolean")
        return v


def syndicate_order(options: Options) -> tuple[int, ...]:
    """The syndicate (index in setting.toml) of each seat."""
    if not options.syndicates:
        return (0, 1, 2, 3)
    known = syndicate_ids()
    return tuple(known.index(v) for v in options.syndicates)
