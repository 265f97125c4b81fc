"""Typed models of the Prohibition data files (validated on load).

Every number the rules use comes from `../data/*.toml`; these models say what each field
means. Unknown fields are errors, so a typo is caught when the file is loaded.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

BUILDING_KINDS: tuple[str, ...] = ("still", "brewery", "speakeasy", "nightclub", "settlement", "ward")
BuildingKind = Literal["still", "brewery", "speakeasy", "nightclub", "settlement", "ward"]
# What a requirement counts (schemes.toml, infamy.toml); see docs/prohibition-content.md.
REQUIREMENTS: tuple[str, ...] = (
    "blocks",
    "neighborhoods",
    "blocks_in_one",
    "full_neighborhoods",
    "buildings",
    "building",
    "building_types",
    "stocked",
    "gs",
    "booze",
    "headlines",
    "goons_on_map",
    "full_blocks",
    "heat_at_least",
    "heat_at_most",
    "jailtime_at_most",
    "steals",
    "torches",
    "seizes",
    "robberies",
    "conflicts_won",
)
Requirement_ = Literal[
    "blocks",
    "neighborhoods",
    "blocks_in_one",
    "full_neighborhoods",
    "buildings",
    "building",
    "building_types",
    "stocked",
    "gs",
    "booze",
    "headlines",
    "goons_on_map",
    "full_blocks",
    "heat_at_least",
    "heat_at_most",
    "jailtime_at_most",
    "steals",
    "torches",
    "seizes",
    "robberies",
    "conflicts_won",
]
TACTICS: tuple[str, ...] = (
    "extra_dice",
    "reroll_misses",
    "plus_one",
    "cancel_hits",
    "opponent_reroll_hits",
    "opponent_minus_one",
    "sixes_double",
)
TacticEffect = Literal[
    "extra_dice", "reroll_misses", "plus_one", "cancel_hits", "opponent_reroll_hits", "opponent_minus_one", "sixes_double"
]
LOSSES: tuple[str, ...] = ("buildings", "stock", "goons", "gs", "booze", "headlines")
BONUSES: tuple[str, ...] = (
    "booze_output",
    "import_booze",
    "bribe_discount",
    "charm_extra",
    "attack_pip",
    "expansion_dice",
    "expand_dice",
    "seize_dice",
    "seize_heat",
    "seize_gs",
    "extra_dice_need",
    "extortion_per_block",
    "take_charge_gs",
    "booze_heat_cut",
)
Bonus = Literal[
    "booze_output",
    "import_booze",
    "bribe_discount",
    "charm_extra",
    "attack_pip",
    "expansion_dice",
    "expand_dice",
    "seize_dice",
    "seize_heat",
    "seize_gs",
    "extra_dice_need",
    "extortion_per_block",
    "take_charge_gs",
    "booze_heat_cut",
]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ------------------------------------------------------------------- board
class Neighborhood(Model):
    id: str = Field(pattern=r"^[a-z]{2,4}$")
    name: str
    four_gangs_only: bool = False
    cells: list[tuple[int, int]] = Field(min_length=8, max_length=8)  # [row, column] of Blocks 1-8


class Position(Model):
    """One gang's starting pieces."""

    turf: list[str] = Field(min_length=8, max_length=8)
    hq: str
    guard: str
    goons: dict[str, int]


class Setup(Model):
    gangs: int = Field(ge=2, le=4)
    positions: list[Position]

    @model_validator(mode="after")
    def _one_position_a_gang(self):
        if len(self.positions) != self.gangs:
            raise ValueError(f"{self.gangs} gangs need {self.gangs} positions, not {len(self.positions)}")
        return self


class Start(Model):
    gs: int = Field(ge=0, multiple_of=5)
    booze: int = Field(ge=0)
    heat: int = Field(ge=1)
    goons_on_map: int = Field(ge=1)
    guards: int = Field(ge=0)
    turf: int = Field(ge=1)


class Limits(Model):
    goons: int = Field(ge=1)
    turf_markers: int = Field(ge=1)
    guards: int = Field(ge=0)
    units_per_block: int = Field(ge=1)


class Heat(Model):
    thresholds: list[int] = Field(min_length=4, max_length=4)  # first degree of Outrage Thresholds I-IV
    badges: list[int] = Field(min_length=1)
    extra_from: int = Field(ge=2)
    extra_every: int = Field(ge=1)
    extra_cards: int = Field(ge=0)

    @model_validator(mode="after")
    def _ordered(self):
        if self.thresholds[0] != 1 or self.thresholds != sorted(set(self.thresholds)):
            raise ValueError("thresholds must start at 1 and rise")
        if self.badges != sorted(set(self.badges)) or self.badges[0] < 2:
            raise ValueError("badges must rise, above the starting degree 1")
        if self.badges[-1] >= self.extra_from:
            raise ValueError("badges must lie below extra_from")
        return self


class Extortion(Model):
    id: str
    name: str
    heat: int
    per_block: int = Field(ge=0)


class OpenActions(Model):
    take_charge_gs: int = Field(ge=0, multiple_of=5)
    import_booze: int = Field(ge=0)
    overlay_cost: int = Field(ge=0, multiple_of=5)
    recruit_goons: int = Field(ge=1)
    festival_heat: int = Field(le=0)


class Board(Model):
    note: str
    neighborhoods: list[Neighborhood] = Field(min_length=7, max_length=7)
    setups: list[Setup] = Field(min_length=3, max_length=3)
    start: Start
    limits: Limits
    gangsters: dict[str, int]  # year -> Gangsters
    heat: Heat
    extortion: list[Extortion] = Field(min_length=4, max_length=4)
    open: OpenActions


# --------------------------------------------------------------- buildings
class Stock(Model):
    gs: int = Field(default=0, ge=0, multiple_of=5)
    booze: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _one(self):
        if (self.gs > 0) == (self.booze > 0):
            raise ValueError("stock must be Gs or Booze (one of them, above 0)")
        return self


class Produce(Model):
    gs: int = Field(default=0, ge=0, multiple_of=5)
    booze: int = Field(default=0, ge=0)
    heat: int = Field(default=0, le=0)
    payoff: int = Field(default=0, ge=0, le=1)

    @model_validator(mode="after")
    def _one(self):
        if sum(1 for v in (self.gs, self.booze, self.heat, self.payoff) if v) != 1:
            raise ValueError("produce must name exactly one of gs, booze, heat, payoff")
        return self


class Building(Model):
    id: BuildingKind
    name: str
    action: str
    heat: int = Field(ge=0)
    stock: Stock
    produce: Produce
    per_neighborhood: int = Field(default=0, ge=0)
    raid_heat: int = Field(default=0, ge=0)
    costs: list[int] = Field(min_length=7, max_length=7)

    @model_validator(mode="after")
    def _costs_rise(self):
        if any(c < 0 or c % 5 for c in self.costs):
            raise ValueError("costs must be multiples of 5 Gs")
        if self.costs != sorted(self.costs):
            raise ValueError("costs must not fall: the stack is built from the cheapest tile up")
        return self


class Buildings(Model):
    note: str
    buildings: list[Building] = Field(min_length=6, max_length=6)


# ------------------------------------------------------------------- cards
class Requirement(Model):
    what: Requirement_
    n: int = Field(ge=0)
    of: BuildingKind | None = None

    @model_validator(mode="after")
    def _of_only_for_building(self):
        if (self.what == "building") != (self.of is not None):
            raise ValueError("`of` (a building kind) goes with what = 'building', and only there")
        return self


class Tactic(Model):
    name: str
    effect: TacticEffect
    n: int = Field(default=1, ge=1, le=3)
    text: str = Field(min_length=1)


class Scheme(Model):
    id: str
    name: str
    prestige: int = Field(ge=1)
    requires: list[Requirement] = Field(min_length=1)
    requires_text: str = Field(min_length=1)
    tactic: Tactic


class Schemes(Model):
    note: str
    schemes: list[Scheme]


class Infamy(Model):
    id: str
    name: str
    prestige: int = Field(ge=1)
    requires: list[Requirement] = Field(min_length=1)
    requires_text: str = Field(min_length=1)


class InfamyDeck(Model):
    note: str
    infamy: list[Infamy]


class FedLevel(Model):
    bribe: int = Field(ge=0, multiple_of=5)
    months: int = Field(ge=0)
    lose: list[dict[str, int]] = Field(min_length=1)
    text: str = Field(min_length=1)

    @model_validator(mode="after")
    def _losses(self):
        for part in self.lose:
            if len(part) != 1:
                raise ValueError("each part of `lose` names one thing, e.g. { buildings = 1 }")
            ((what, n),) = part.items()
            if what not in LOSSES:
                raise ValueError(f"unknown loss {what!r}; known: {', '.join(LOSSES)}")
            if n < 1 or (what == "gs" and n % 5):
                raise ValueError(f"loss {what} = {n}: must be 1 or more (Gs in 5s)")
        return self


class Fed(Model):
    id: str
    number: int = Field(ge=1)
    name: str
    picker: Literal["self", "right"]
    text: str
    levels: list[FedLevel] = Field(min_length=4, max_length=4)


class Feds(Model):
    note: str
    feds: list[Fed]


class Fee(Model):
    upto: int | None = Field(default=None, ge=1)
    gs: int = Field(ge=0, multiple_of=5)


class Mat(Model):
    id: str
    name: str
    color: str
    text: str = Field(min_length=1)
    bonuses: dict[Bonus, int]
    fees: list[Fee] = Field(min_length=1)

    @model_validator(mode="after")
    def _fee_table(self):
        ups = [f.upto for f in self.fees]
        if ups[-1] is not None or any(u is None for u in ups[:-1]):
            raise ValueError("fees: every row but the last needs `upto`; the last has none")
        bounded = [u for u in ups if u is not None]
        if bounded != sorted(set(bounded)):
            raise ValueError("fees: `upto` must rise")
        if [f.gs for f in self.fees] != sorted(f.gs for f in self.fees):
            raise ValueError("fees: the fee must not fall as Booze rises")
        for k, v in self.bonuses.items():
            if k == "extra_dice_need":
                if not 2 <= v <= 6:
                    raise ValueError(f"bonus {k} = {v}: a die's face from 2 to 6")
            elif v < 0 or (k in ("bribe_discount", "take_charge_gs", "seize_gs") and v % 5):
                raise ValueError(f"bonus {k} = {v}: must be 0 or more (Gs in 5s)")
        return self


class Mats(Model):
    note: str
    mats: list[Mat] = Field(min_length=4, max_length=4)
