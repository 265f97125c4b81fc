"""Typed models of the Scarface 1920 data files (validated on load).

Every number the rules use comes from `../data/*.toml`; these models say
what each field means. Unknown fields are errors (so a typo is caught).
"""

from __future__ import annotations

from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

CrimeType = Literal["bootlegging", "theft", "vice", "gambling", "violence", "corruption"]
CRIME_TYPES: tuple[str, ...] = ("bootlegging", "theft", "vice", "gambling", "violence", "corruption")
BusinessType = Literal["speakeasy", "casino", "brothel", "nightclub"]
StatName = Literal["hand_size", "lawyers", "recruitment", "dealers_supply", "vehicles", "nightclubs"]
STAT_NAMES: tuple[str, ...] = ("hand_size", "lawyers", "recruitment", "dealers_supply", "vehicles", "nightclubs")


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ----------------------------------------------------------------- effects
class Effect(Model):
    """A reference to a registered effect function and its arguments."""

    effect: str
    args: dict[str, Any] = Field(default_factory=dict)
    text: str


class MatchingSkill(Effect):
    requires: list[CrimeType] = Field(min_length=1)  # any one of these among the *other* Plan cards


# ------------------------------------------------------------------- board
class District(Model):
    id: str
    name: str
    adjacent: list[str]
    police_at_start: bool
    tiles: dict[str, int]  # "2"/"3"/"4" players -> number of Neighborhood tiles placed at setup


class HoodSide(Model):
    defense: int = Field(ge=0)
    alcohol: int = Field(ge=0)  # goods wanted for one sale
    guns: int = Field(ge=0)
    price: int = Field(ge=1)  # money for one sale

    @model_validator(mode="after")
    def _wants_goods(self):
        if self.alcohol + self.guns == 0:
            raise ValueError("a sale must want at least one good")
        return self


class Neighborhood(Model):
    id: str
    name: str
    day: HoodSide
    night: HoodSide  # the Nightclub side


class Board(Model):
    note: str
    districts: list[District] = Field(min_length=7, max_length=7)
    neighborhoods: list[Neighborhood] = Field(min_length=18, max_length=18)
    time_track_spaces: dict[str, int]  # players -> Reorganizations in a round (4/5/6)
    family_ring_income: dict[str, int]  # players -> money at the start of the holder's turn
    starting_money: int
    business_supply: dict[BusinessType, int]  # markers of each kind in the game


# ------------------------------------------------------------------- gangs
class BossRow(Model):
    muscle: int = Field(ge=0)
    influence: int = Field(ge=0)


class BossBox(Model):
    row: int = Field(ge=0)  # row the Boss stands on after moving into this box
    money: int = Field(default=0, ge=0)  # bonus money when the box is vacated
    right_hand: bool = False  # bonus Right-hand card when the box is vacated


class StatUpgrade(Model):
    cost: int = Field(ge=0)
    muscle: int = Field(default=0, ge=0)
    influence: int = Field(default=0, ge=0)
    crime: int = Field(ge=0)  # Crime Rate increase


class Stat(Model):
    values: list[int] = Field(min_length=3, max_length=3)  # value at level 1, 2, 3
    upgrades: list[StatUpgrade] = Field(min_length=2, max_length=2)  # to level 2, to level 3


class Gang(Model):
    id: str
    name: str
    boss: str
    color: str
    focus: str
    boss_rows: list[BossRow] = Field(min_length=2)  # row 0 is the Boss's starting box
    boss_track: list[BossBox] = Field(min_length=12, max_length=12)  # in the order the cubes are taken
    stats: dict[StatName, Stat]
    boss_skills: list[Effect] = Field(min_length=4, max_length=4)

    @model_validator(mode="after")
    def _check(self):
        missing = set(STAT_NAMES) - set(self.stats)
        if missing:
            raise ValueError(f"stats missing: {', '.join(sorted(missing))}")
        for i, box in enumerate(self.boss_track):
            if box.row >= len(self.boss_rows):
                raise ValueError(f"boss_track[{i}].row {box.row} has no boss_rows entry")
        return self


class Gangs(Model):
    note: str
    gangs: list[Gang] = Field(min_length=4, max_length=4)


# ------------------------------------------------------------------- cards
class PlayCard(Model):
    """A card that goes into a gang deck: a gang member or an Associate."""

    id: str
    name: str
    crime: CrimeType | None = None  # None only for the Boss
    muscle: int = Field(default=0, ge=0)
    influence: int = Field(default=0, ge=0)
    skill: Effect | None = None
    matching: MatchingSkill | None = None
    end_bonus: Effect | None = None  # money at game end


class GangMember(PlayCard):
    gang: str
    role: Literal["boss", "starting", "right_hand"]
    count: int = Field(default=1, ge=1)
    in_wip: bool = True  # part of the 8-card set of the rulebook-wip variant


class GangMembers(Model):
    note: str
    cards: list[GangMember]


class Associate(PlayCard):
    stars: int = Field(ge=1, le=5)


class Associates(Model):
    note: str
    cards: list[Associate]


class Dealer(Model):
    id: str
    name: str
    basic: Literal["alcohol", "guns"] | None = None  # the starting Alcohol/Gun Suppliers
    count: int = Field(default=1, ge=1)
    muscle: int = Field(default=0, ge=0)  # requirement to send a thug
    influence: int = Field(default=0, ge=0)
    either: int = Field(default=0, ge=0)  # requirement payable by Muscle or Influence
    alcohol: int = Field(default=0, ge=0)  # goods supplied
    guns: int = Field(default=0, ge=0)
    storage: int = Field(ge=0)
    thug_limit: int = Field(ge=1)
    text: str = ""


class Dealers(Model):
    note: str
    cards: list[Dealer]


# Requirements of Jobs -------------------------------------------------------
HaveWhat = Literal[
    "thugs_underworld",
    "thugs_authorities",
    "thugs_prison",
    "thugs_districts",
    "thugs_hq",
    "control",
    "businesses",
    "speakeasy",
    "casino",
    "brothel",
    "nightclub",
    "money",
    "alcohol",
    "guns",
    "goods",
    "vehicles_on_board",
    "cars_on_board",
    "trucks_on_board",
    "crime_rate",
    "deals",
    "associates",
    "districts_present",
]
PlanWhat = Literal[
    "muscle", "influence", "associate", "cards", "bootlegging", "theft", "vice", "gambling", "violence", "corruption"
]  # the plan totals and CRIME_TYPES
SpendWhat = Literal["money", "alcohol", "guns", "goods", "thug"]


class Requirement(Model):
    kind: Literal["have", "plan", "spend"]
    what: str
    n: int = Field(ge=1)
    min_stars: int = Field(default=1, ge=1, le=5)  # for plan associate
    max_stars: int = Field(default=5, ge=1, le=5)

    @model_validator(mode="after")
    def _check(self):
        allowed = get_args({"have": HaveWhat, "plan": PlanWhat, "spend": SpendWhat}[self.kind])
        if self.what not in allowed:
            raise ValueError(f"{self.kind} requirement {self.what!r} is unknown; known: {', '.join(allowed)}")
        return self


class Job(Model):
    id: str
    name: str
    type: Literal["instant", "permanent"]
    count: int = Field(default=1, ge=1)
    multiplayer_only: bool = False
    requires: list[list[Requirement]] = Field(min_length=1)  # alternatives: any one list, all of it
    requires_text: str
    effect: Effect | None = None  # instant effect (or when a permanent job is fulfilled)
    modifiers: dict[str, int] = Field(default_factory=dict)  # permanent: passive rule changes
    text: str = ""  # permanent: what its modifiers do, in words
    # permanent: an effect its owner may use once per turn once it is fulfilled ("Activate: Use
    # effect of fulfilled Permanent Job", summary §5)
    activate: Effect | None = None

    @model_validator(mode="after")
    def _check(self):
        if self.type == "instant" and self.effect is None:
            raise ValueError("an instant Job needs an effect")
        if self.type == "instant" and self.activate is not None:
            raise ValueError("only a permanent Job can be activated")
        if self.type == "permanent" and not self.modifiers and self.effect is None and self.activate is None:
            raise ValueError("a permanent Job needs modifiers, an effect or an activation")
        if self.modifiers and not self.text:
            raise ValueError("a Job with modifiers needs a text saying what they do")
        return self


class Jobs(Model):
    note: str
    cards: list[Job]


class Raid(Model):
    id: str
    name: str
    count: int = Field(default=1, ge=1)
    multiplayer_only: bool = False
    overall: Effect
    bands: list[Effect] = Field(min_length=4, max_length=4)  # Crime Rate 1–4, 5–6, 7–8, 9–11
    reduction: Literal["lawyers"] | int  # Crime Rate reduction after the Raid


class Raids(Model):
    note: str
    cards: list[Raid]


class News(Model):
    id: str
    name: str
    role: Literal["first", "last", "middle"]  # first: active at setup; last: ends the game
    multiplayer_only: bool = False
    text: str
    modifiers: dict[str, int] = Field(default_factory=dict)  # rule changes while on top


class NewsDeck(Model):
    note: str
    cards: list[News]
