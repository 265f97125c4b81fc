"""Typed models of the Mafia Chronicles data files (validated on load).

Every card fact the rules use comes from `../data/*.toml`; these models say what
each field means. Unknown fields are errors, so a typo is caught at load time.
Money is in thousands of dollars ($1K units).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

MoveName = Literal["murder", "torch", "steal", "flip", "frame", "fix", "smuggle"]
MOVES: tuple[str, ...] = ("murder", "torch", "steal", "flip", "frame", "fix", "smuggle")
# What a Business or Asset bonus raises: a move (only if the card has it), Smarts, Grit, or
# "moves": both of the column's Boss/Gangster's moves (the Compound's "★ to both", §3).
BonusTo = Literal["murder", "torch", "steal", "flip", "frame", "fix", "smuggle", "smarts", "grit", "moves"]
BONUS_TARGETS: tuple[str, ...] = MOVES + ("smarts", "grit", "moves")
BusinessKind = Literal["candy_factory", "airstrip", "street", "other"]
AssetKind = Literal["plans", "spotter", "insider", "other"]

# Perks: a Gangster's unique ability (its own) or an Asset's effect (given to the active
# Boss/Gangster of its column). Each is one rule hook of rules/ratings.py or rules/moves.py.
PerkName = Literal["roll", "defense_roll", "cool_head", "thick_skin", "loyal", "connected", "payout", "mastermind", "menace"]
PERK_NEEDS_MOVE = frozenset({"roll", "payout"})
PERK_NEEDS_AMOUNT = frozenset({"roll", "defense_roll", "cool_head", "payout", "mastermind", "menace"})
GANGSTER_ONLY_PERKS = frozenset({"loyal", "connected"})  # they work on the card itself, even in Jail


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Perk(Model):
    effect: PerkName
    move: MoveName | None = None
    amount: int = Field(default=0, ge=0, le=100)
    text: str = Field(min_length=1)

    @model_validator(mode="after")
    def _args(self) -> Perk:
        if (self.move is not None) != (self.effect in PERK_NEEDS_MOVE):
            raise ValueError(f"perk {self.effect!r} " + ("needs a move" if self.move is None else "takes no move"))
        if (self.amount > 0) != (self.effect in PERK_NEEDS_AMOUNT):
            raise ValueError(f"perk {self.effect!r} " + ("needs an amount above 0" if self.amount <= 0 else "takes no amount"))
        return self


class Bonus(Model):
    to: BonusTo
    amount: int = Field(ge=1, le=3)


class MoveRating(Model):
    move: MoveName
    rating: int = Field(ge=0, le=5)


class Gangster(Model):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    level: int = Field(ge=1, le=5)
    smarts: int = Field(ge=0, le=5)
    grit: int = Field(ge=0, le=5)
    moves: list[MoveRating] = Field(min_length=2, max_length=2)
    price: int = Field(ge=0)
    income: int = Field(default=0, ge=0)
    ability: Perk | None = None

    @model_validator(mode="after")
    def _distinct_moves(self) -> Gangster:
        if self.moves[0].move == self.moves[1].move:
            raise ValueError(f"the two moves must differ, both are {self.moves[0].move!r}")
        if max(m.rating for m in self.moves) < 1:
            raise ValueError("at least one move must be rated 1 or more")
        return self


class Gangsters(Model):
    note: str
    gangsters: list[Gangster]


class Business(Model):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    kind: BusinessKind
    count: int = Field(default=1, ge=1)
    price: int = Field(ge=0)
    income: int = Field(ge=0)
    bonus: list[Bonus] = Field(default_factory=list)
    text: str = ""


class Businesses(Model):
    note: str
    businesses: list[Business]


class Asset(Model):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    kind: AssetKind
    count: int = Field(default=1, ge=1)
    price: int = Field(ge=0)
    income: int = Field(default=0, ge=0)
    bonus: list[Bonus] = Field(default_factory=list)
    perk: Perk | None = None
    text: str = ""

    @model_validator(mode="after")
    def _column_perk(self) -> Asset:
        if self.perk is not None and self.perk.effect in GANGSTER_ONLY_PERKS:
            raise ValueError(f"perk {self.perk.effect!r} is a Gangster's own ability; an Asset cannot give it")
        if not self.bonus and self.perk is None and self.kind == "other" and not self.income:
            raise ValueError("an Asset needs a bonus, a perk, an income or a chain kind")
        return self


class Assets(Model):
    note: str
    assets: list[Asset]


class Event(Model):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    count: int = Field(default=1, ge=1)
    effect: str = Field(min_length=1)  # a function of rules/events.py, checked at load
    args: dict[str, Any] = Field(default_factory=dict)
    text: str = Field(min_length=1)


class Events(Model):
    note: str
    events: list[Event]


class Syndicate(Model):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    color: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")


class ReferenceCard(Model):
    id: str
    name: str
    lines: list[str] = Field(min_length=1)


class Setting(Model):
    """The table: syndicates (colours) and the four reference cards every syndicate starts with (§3)."""

    note: str
    syndicates: list[Syndicate] = Field(min_length=4, max_length=4)
    reference_cards: list[ReferenceCard] = Field(min_length=4, max_length=4)
