"""Scarface 1920's card set as the rules read it: one indexed `Content`, built once by `loader.py`
from the data files (a data folder and a variant).

Compiled with the rules (compile.toml): the rules read these tables on every decision, and a
compiled class's fields are read without a dictionary lookup.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from .models import CRIME_TYPES, Board, PlayCard

# Counted things (docs/effects.md, "Counted things"): what a Job's Have requirement, `gain_per`,
# `pay_per` and the end-game bonuses may count. The rules count one by its index here
# (rules/counting.py), so that a Job's check compares ints, not names.
COUNTED: Final[tuple[str, ...]] = (
    "speakeasy",
    "casino",
    "brothel",
    "nightclub",
    "businesses",
    "control",
    "thugs_districts",
    "thugs_underworld",
    "thugs_authorities",
    "thugs_prison",
    "thugs_hq",
    "deals",
    "dealers",
    "cars",
    "trucks",
    "cars_on_board",
    "trucks_on_board",
    "vehicles_on_board",
    "police_near",
    "alcohol",
    "guns",
    "goods",
    "associates",
    "stars",
    "upgrades",
    "crime_rate",
    "money",
    "districts_present",
)
COUNTED_CODE: Final[dict[str, int]] = {what: code for code, what in enumerate(COUNTED)}

# What a Job's Plan requirement totals, as a code: a crime type is its index in CRIME_TYPES (0–5).
PLAN_MUSCLE: Final = -1
PLAN_INFLUENCE: Final = -2
PLAN_CARDS: Final = -3
PLAN_ASSOCIATE: Final = -4  # Associates of min_stars..max_stars
PLAN_CODE: Final[dict[str, int]] = {
    "muscle": PLAN_MUSCLE,
    "influence": PLAN_INFLUENCE,
    "cards": PLAN_CARDS,
    "associate": PLAN_ASSOCIATE,
    **{crime: code for code, crime in enumerate(CRIME_TYPES)},
}


@dataclass(frozen=True, eq=False)
class Content:
    """All authored facts, indexed for the rules. Built once, shared by every state."""

    variant: str  # the options' variant, which the rules read here (a native field, not the options model)
    board: Board
    district_ids: tuple[str, ...]
    district_names: tuple[str, ...]
    adjacency: tuple[frozenset[int], ...]
    police_start: tuple[int, ...]
    tiles: tuple  # Neighborhood models, index = tile number
    gangs: tuple  # Gang models, index = gang number
    cards: tuple[PlayCard, ...]  # gang members and Associates, index = card number
    card_index: dict[str, int]
    card_muscle: tuple[int, ...]
    card_influence: tuple[int, ...]
    card_crime: tuple[int, ...]  # index into CRIME_TYPES, -1 for the Boss
    card_stars: tuple[int, ...]  # 0 for gang members
    card_gang: tuple[int, ...]  # -1 for Associates
    boss_card: tuple[int, ...]  # per gang
    start_cards: tuple[tuple[int, ...], ...]  # per gang, the six starting cards (copies repeated)
    right_hands: tuple[tuple[int, ...], ...]  # per gang, set aside at setup
    associates_low: tuple[int, ...]  # 1–3★ deck (copies repeated)
    associates_high: tuple[int, ...]  # 4–5★ deck
    jobs: tuple
    job_index: dict[str, int]
    job_deck: tuple[int, ...]
    dealers: tuple
    dealer_index: dict[str, int]
    dealer_deck: tuple[int, ...]  # the Dealer deck (basic Suppliers excluded)
    basic_alcohol: int
    basic_guns: int
    raids: tuple
    raid_index: dict[str, int]
    raid_deck: tuple[int, ...]
    news: tuple
    news_index: dict[str, int]
    news_first: int
    news_last: int
    news_middle: tuple[int, ...]
    # Precomputed for the hot path (built from the fields above).
    card_crime_bit: tuple[int, ...] = ()  # 1 << crime type, 0 for the Boss
    card_has_skill: tuple[bool, ...] = ()
    card_match_mask: tuple[int, ...] = ()  # crime-type bits a matching skill accepts; 0 = none
    # The effects the rules run, read here (a pydantic model's field is a generic lookup, compiled).
    card_skill: tuple = ()  # per card, its skill's Effect or None
    card_matching: tuple = ()  # per card, its matching skill or None
    boss_skills: tuple = ()  # per gang, its Boss's four skill Effects
    job_effect: tuple = ()  # per Job, the Effect it has when fulfilled, or None
    job_activate: tuple = ()  # per Job, its once-a-turn activation, or None
    job_permanent: tuple[bool, ...] = ()  # per Job
    job_modifiers: tuple[tuple[int, ...], ...] = ()  # per Job, its modifiers as a `rules.modifiers` row
    news_modifiers: tuple[tuple[int, ...], ...] = ()  # per News card, likewise
    # Per card, what an owned Associate is still worth in Plans to the bots' evaluation: Muscle +
    # Influence + 1 (its skill); 0 for gang members (owned from the start). evaluation.py.
    card_play_power: tuple[float, ...] = ()
    job_alts: tuple[tuple[CompiledAlternative, ...], ...] = ()  # per Job, its alternatives
    tile_sides: tuple[tuple[Side, Side], ...] = ()  # per tile: (day Side, night Side)
    upgrade_table: tuple[tuple[tuple[Upgrade, ...], ...], ...] = ()  # [gang][stat][level - 1] (level 1 and 2 only)
    stat_values: tuple[tuple[tuple[int, ...], ...], ...] = ()  # [gang][stat][level - 1], STAT_NAMES order
    boss_muscle: tuple[tuple[int, ...], ...] = ()  # [gang][boss box] (box 0: the starting row)
    boss_influence: tuple[tuple[int, ...], ...] = ()  # [gang][boss box]
    business_supply: dict[str, int] | None = None  # markers of each kind in the game (the board's)
    dealer_terms: tuple[DealerTerms, ...] = ()  # per Dealer card
    time_spaces: dict[int, int] = field(default_factory=dict)  # seats -> Reorganizations in a round (time track)


@dataclass(frozen=True)
class Side:
    """One side of a Neighborhood tile."""

    defense: int
    alcohol: int
    guns: int
    price: int


@dataclass(frozen=True)
class DealerTerms:
    """What sending a thug to a Dealer needs, and what the Dealer supplies and stores."""

    muscle: int
    influence: int
    either: int  # payable by Muscle or Influence
    thug_limit: int
    storage: int
    alcohol: int
    guns: int


@dataclass(frozen=True)
class Upgrade:
    """What raising one stat of a gang's board from a level costs and gives."""

    cost: int
    muscle: int
    influence: int
    crime: int


@dataclass(frozen=True)
class CompiledAlternative:
    """One alternative of a Job's requirements, in the shape the rules check fast."""

    plan: tuple[tuple[int, int, int, int], ...]  # (PLAN_CODE of what, n, min_stars, max_stars)
    have: tuple[tuple[int, int], ...]  # (COUNTED_CODE of what, n)
    money: int  # Spend requirements, summed
    alcohol: int
    guns: int
    goods: int
    thugs: int
