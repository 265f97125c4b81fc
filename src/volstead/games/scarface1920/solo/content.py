"""The Enforcer's cards and the solo side of the rival gang board (data/enforcer.toml,
data/solo_board.toml): pydantic models, validated on load like the other decks."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from volstead.engine.content import load_file, unique
from volstead.engine.errors import ContentError

DATA = Path(__file__).resolve().parent.parent / "data"
POWER_RE = re.compile(r"^(X|P|P[+-][1-9])$")
SoloStatName = Literal["power", "lawyers", "recruitment", "dealers_supply", "vehicles", "nightclubs"]
SOLO_STATS: tuple[SoloStatName, ...] = ("power", "lawyers", "recruitment", "dealers_supply", "vehicles", "nightclubs")


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ActionLine(Model):
    action: str
    power: str  # "X", "P", "P+n", "P-n"
    args: dict = Field(default_factory=dict)
    text: str


class EnforcerCard(Model):
    id: str
    name: str
    deck: Literal["A", "B", "C"]
    move: int = Field(ge=0, le=6)
    power: int = Field(ge=-3, le=6)  # Overall Power Bonus
    actions: list[ActionLine] = Field(min_length=4, max_length=4)


class EnforcerDeck(Model):
    note: str
    cards: list[EnforcerCard]


class SoloRow(Model):
    plan: int = Field(ge=1, le=6)
    actions: int = Field(ge=1, le=8)


class SoloBox(Model):
    row: int = Field(ge=0, le=3)
    money: int = Field(default=0, ge=0)
    letters: Literal["", "B", "C", "B+C"] = ""


class SoloStat(Model):
    values: list[int] = Field(min_length=3, max_length=3)
    cost: list[int] = Field(min_length=2, max_length=2)
    crime: list[int] = Field(min_length=2, max_length=2)


class SoloBoard(Model):
    note: str
    rows: list[SoloRow] = Field(min_length=4, max_length=4)
    boss_track: list[SoloBox] = Field(min_length=12, max_length=12)
    stats: dict[SoloStatName, SoloStat]


class Line(NamedTuple):
    action: str
    free: bool  # "X"
    bonus: int  # Individual Power Bonus
    args: dict
    text: str


class SoloContent(NamedTuple):
    cards: tuple[EnforcerCard, ...]
    lines: tuple[tuple[Line, ...], ...]  # per card, its 4 lines
    deck_a: tuple[int, ...]
    deck_b: tuple[int, ...]
    deck_c: tuple[int, ...]
    board: SoloBoard
    card_index: dict


def parse_power(spec: str) -> tuple[bool, int]:
    """ "X" -> (free, 0); "P" -> (False, 0); "P+2" -> (False, 2); "P-1" -> (False, -1)."""
    spec = spec.replace("\u2212", "-")
    if not POWER_RE.match(spec):
        raise ValueError(f"power must be X, P, P+n or P-n, got {spec!r}")
    if spec == "X":
        return True, 0
    return False, int(spec[1:]) if len(spec) > 1 else 0


def build_solo_content(data_dir: Path = DATA) -> SoloContent:
    from .actions import ACTIONS

    deck = load_file(data_dir / "enforcer.toml", EnforcerDeck)
    board = load_file(data_dir / "solo_board.toml", SoloBoard)
    name = "enforcer.toml"
    unique(name, "card", [c.id for c in deck.cards])
    lines = []
    for c in deck.cards:
        card_lines = []
        for k, a in enumerate(c.actions):
            where = f"{name} card {c.id!r}: actions[{k}]"
            if a.action not in ACTIONS:
                raise ContentError(f"{where}.action: unknown action {a.action!r}; known: {', '.join(sorted(ACTIONS))}")
            try:
                free, bonus = parse_power(a.power)
            except ValueError as e:
                raise ContentError(f"{where}.power: {e}") from None
            spec = ACTIONS[a.action]
            if spec.free_only and not free:
                raise ContentError(f"{where}.power: action {a.action!r} is a free action (X), got {a.power!r}")
            unknown = set(a.args) - set(spec.args)
            missing = set(spec.args) - set(a.args)
            if unknown or missing:
                raise ContentError(
                    f"{where}.args: action {a.action!r} takes {sorted(spec.args) or 'no args'}, got {sorted(a.args)}"
                )
            card_lines.append(Line(a.action, free, bonus, dict(a.args), a.text))
        lines.append(tuple(card_lines))
    counts = {d: sum(1 for c in deck.cards if c.deck == d) for d in "ABC"}
    if counts != {"A": 12, "B": 12, "C": 12}:
        raise ContentError(f"{name}: the Enforcer has 12 cards in each of decks A, B and C, got {counts}")
    if set(board.stats) != set(SOLO_STATS):
        raise ContentError(f"solo_board.toml: stats must be exactly {', '.join(SOLO_STATS)}")
    rows_used = [b.row for b in board.boss_track]
    if rows_used != sorted(rows_used) or rows_used[0] != 0:
        raise ContentError("solo_board.toml: boss_track rows must start at 0 and never go back")
    return SoloContent(
        cards=tuple(deck.cards),
        lines=tuple(lines),
        deck_a=tuple(i for i, c in enumerate(deck.cards) if c.deck == "A"),
        deck_b=tuple(i for i, c in enumerate(deck.cards) if c.deck == "B"),
        deck_c=tuple(i for i, c in enumerate(deck.cards) if c.deck == "C"),
        board=board,
        card_index={c.id: i for i, c in enumerate(deck.cards)},
    )


@lru_cache(maxsize=4)
def solo_content(data_dir: str = "") -> SoloContent:
    return build_solo_content(Path(data_dir) if data_dir else DATA)
