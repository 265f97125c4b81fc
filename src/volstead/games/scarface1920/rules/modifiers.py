"""Rule modifiers from News cards (all players) and permanent Jobs (their owner).

See docs/effects.md for each key's meaning. The rules ask `state.mod(seat, key)`
at exactly the place the modified rule lives.
"""

from typing import Final

MODIFIERS: Final[tuple[str, ...]] = (
    "sale_bonus", "authorities_price", "bribe", "graft", "business_income", "free_plan_cards",
    "underworld_crime", "defense", "plan_muscle", "plan_influence", "deal_bonus", "upgrade_cost",
    "recruitment", "lawyers", "raid_reduction", "hand_size", "hire_alcohol",
)
