"""Rule modifiers from News cards (all players) and permanent Jobs (their owner).

See docs/effects.md for each key's meaning. The rules ask `state.mod(seat, MOD_...)`
at exactly the place the modified rule lives. The card set names them; the state keeps
a row of ints in `MODIFIERS` order (`modifier_row`), read by code: a dict lookup by
name at every Muscle, bribe and defense asked was a few percent of a game.
"""

from typing import Final

MODIFIERS: Final[tuple[str, ...]] = (
    "sale_bonus",
    "authorities_price",
    "bribe",
    "graft",
    "business_income",
    "free_plan_cards",
    "underworld_crime",
    "defense",
    "plan_muscle",
    "plan_influence",
    "deal_bonus",
    "upgrade_cost",
    "recruitment",
    "lawyers",
    "raid_reduction",
    "hand_size",
    "hire_alcohol",
)

MOD_SALE_BONUS: Final = 0
MOD_AUTHORITIES_PRICE: Final = 1
MOD_BRIBE: Final = 2
MOD_GRAFT: Final = 3
MOD_BUSINESS_INCOME: Final = 4
MOD_FREE_PLAN_CARDS: Final = 5
MOD_UNDERWORLD_CRIME: Final = 6
MOD_DEFENSE: Final = 7
MOD_PLAN_MUSCLE: Final = 8
MOD_PLAN_INFLUENCE: Final = 9
MOD_DEAL_BONUS: Final = 10
MOD_UPGRADE_COST: Final = 11
MOD_RECRUITMENT: Final = 12
MOD_LAWYERS: Final = 13
MOD_RAID_REDUCTION: Final = 14
MOD_HAND_SIZE: Final = 15
MOD_HIRE_ALCOHOL: Final = 16

NO_MODIFIERS: Final[tuple[int, ...]] = ()  # a row with nothing modified


def modifier_row(modifiers: dict[str, int]) -> tuple[int, ...]:
    """A card's modifiers as a row in `MODIFIERS` order (NO_MODIFIERS when it has none)."""
    if not modifiers:
        return NO_MODIFIERS
    unknown = set(modifiers) - set(MODIFIERS)
    if unknown:
        raise ValueError(f"unknown modifier {sorted(unknown)[0]!r}; known: {', '.join(MODIFIERS)}")
    return tuple(modifiers.get(name, 0) for name in MODIFIERS)


def add_rows(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """The sum of two modifier rows (a Job's added to those of the seat's other permanent Jobs)."""
    if not a:
        return b
    if not b:
        return a
    return tuple(x + y for x, y in zip(a, b))
