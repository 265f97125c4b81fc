"""Game options of The Mafia Chronicles (frozen; one field per rule variant or setup choice)."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import Field, field_validator

from volstead.engine.contract import GameOptions, check_faction_choices, not_a_bool

RANDOM = "random"


@cache
def syndicate_ids() -> tuple[str, ...]:
    from .content.loader import default_content

    return tuple(s.id for s in default_content().setting.syndicates)


class Options(GameOptions):
    damage_bands: Literal["rules-text", "reference-card"] = Field(
        "rules-text",
        description="The damage after a failed move, by Edge difference. rules-text (default, rulebook §6.9): "
        "6-8 discard, 3-5 damage to the move used, 1-2 no effect. reference-card (the Damage reference "
        "card, §3): 5-8 discard, 3-4 damage, 1-2 no effect.",
    )
    first_seat: int | None = Field(
        None, ge=0, le=3, description="The first player's seat; none: rolled with the D5 as the rules say (§3)."
    )
    syndicates: tuple[str, ...] = Field(
        (),
        description='A syndicate id per seat (valenti, kearney, stern, delgado) or "random" (dealt from the '
        "syndicates no seat took): names and colours only; empty: seat order.",
    )

    @field_validator("syndicates")
    @classmethod
    def _four_distinct(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        if not value:
            return value
        check_faction_choices(value, list(syndicate_ids()), "syndicate")
        if len(value) != 4:
            raise ValueError(f"name a syndicate (or {RANDOM}) for each of the 4 seats, not {len(value)}")
        return value

    cards: str = Field(
        "",
        description="A folder with another card set (the same 5 data files, with the same counts); empty: the "
        "embedded set. For designers (volstead sim --compare, the workbench). Not settable from the lobby.",
    )

    _no_bool_seat = field_validator("first_seat", mode="before")(not_a_bool)


def syndicate_order(options: Options, free_order: list[int]) -> tuple[int, ...]:
    """The syndicate (index in setting.toml) of each seat; "random" seats take the syndicates no
    seat named, in `free_order` (a shuffle of 0-3 drawn at setup)."""
    if not options.syndicates:
        return (0, 1, 2, 3)
    known = syndicate_ids()
    taken = {known.index(v) for v in options.syndicates if v != RANDOM}
    free = [k for k in free_order if k not in taken]
    return tuple(known.index(v) if v != RANDOM else free.pop(0) for v in options.syndicates)
