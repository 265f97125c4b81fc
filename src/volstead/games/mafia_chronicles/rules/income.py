"""The Income phase (§7): each syndicate collects in private."""

from __future__ import annotations

from typing import Final, NamedTuple

from volstead.engine.step import SeatStep, Step

from ..state import BOSS_COL, COLUMNS, UNDERBOSS_COL, MafiaState, Syndicate
from .labels import money
from .ratings import smarts
from .rounds import open_phase

UNDERBOSS_INCOME: Final = 100
BOSS_PERCENT_PER_SMARTS: Final = 10


class Income(NamedTuple):
    cards: int  # Businesses and Assets in columns with an active Boss/Gangster, and active cards' own
    underboss: int
    boss: int  # Boss Smarts × 10 % of the two above

    @property
    def total(self) -> int:
        return self.cards + self.underboss + self.boss


def business_income(s: MafiaState, inst: int) -> int:
    """A Business's income this round (an Event may change it)."""
    c = s.content
    t = c.type_of(inst)
    base = c.businesses[t].income
    mods = s.mods
    if mods.income_business == -1 or mods.income_business == t:
        return base * mods.income_percent // 100
    return base


def income(s: MafiaState, y: Syndicate) -> Income:
    c = s.content
    cards = 0
    for col in range(COLUMNS):
        if not y.active(col):
            continue  # a jailed card takes no income from its column (§6.8)
        mob = y.mobs[col]
        assert mob is not None
        cards += c.g_income[mob.card]
        if y.biz[col] >= 0:
            cards += business_income(s, y.biz[col])
        for slot in (col, col + COLUMNS):
            a = y.assets[slot]
            if a >= 0:
                cards += c.assets[c.type_of(a)].income
    underboss = UNDERBOSS_INCOME if y.active(UNDERBOSS_COL) else 0
    boss = 0
    if y.active(BOSS_COL):
        boss = (cards + underboss) * smarts(s, y, BOSS_COL) * BOSS_PERCENT_PER_SMARTS // 100
    return Income(cards, underboss, boss)


class OpenIncome(Step[MafiaState]):
    __slots__ = ()
    auto = True
    kind = "open_income"

    def run(self, s: MafiaState) -> None:
        open_phase(s, "income", {k: [Collect(k)] for k in range(s.seats)})


class Collect(SeatStep[MafiaState]):
    """Take your income from the bank ("income collected")."""

    __slots__ = ()
    kind = "collect"

    def prompt(self, s: MafiaState) -> str:
        return f"Income, round {s.round}"

    def options(self, s: MafiaState) -> tuple[str, ...]:
        return ("collect",)

    def choose(self, s: MafiaState, code: str) -> None:
        y = s.syn[self.seat_]
        inc = income(s, y).total
        y.stash += inc
        if s.story is not None:
            s.tell(f"You collect {money(inc)}." if inc else "You collect no income.", self.seat_)

    def option_label(self, s: MafiaState, code: str) -> str:
        inc = income(s, s.syn[self.seat_])
        return (
            f"Collect {money(inc.total)} (cards {money(inc.cards)}, Underboss {money(inc.underboss)}, "
            f"Boss bonus {money(inc.boss)})"
        )

    def option_said(self, s: MafiaState, code: str) -> str:
        y = s.syn[self.seat_]
        inc = income(s, y).total
        got = f"collects {money(inc)} of income" if inc else "collects no income"
        return f"{got} (stash {money(y.stash + inc)})."

    def hidden_said(self, s: MafiaState) -> str:
        return "collects its income in secret."
