"""Schemes and Infamy (rulebook: Cards — Schemes and Infamy): requirements counted on the board,
and the windows in which a gang may complete Schemes (authored: docs/prohibition-rules.md)."""

from __future__ import annotations

from typing import Final

from volstead.engine.step import SeatStep, Step

from ..state import SCHEMES_DONE, ProhibitionState
from .common import push

KEEP: Final = -1
BLOCKS: Final = 0
NEIGHBORHOODS: Final = 1
BLOCKS_IN_ONE: Final = 2
FULL_NEIGHBORHOODS: Final = 3
BUILDINGS: Final = 4
BUILDING: Final = 5
BUILDING_TYPES: Final = 6
STOCKED: Final = 7
GS: Final = 8
BOOZE: Final = 9
HEADLINES: Final = 10
GOONS_ON_MAP: Final = 11
FULL_BLOCKS: Final = 12
HEAT_AT_LEAST: Final = 13
HEAT_AT_MOST: Final = 14
JAILTIME_AT_MOST: Final = 15
STEALS: Final = 16
TORCHES: Final = 17
SEIZES: Final = 18
ROBBERIES: Final = 19
CONFLICTS_WON: Final = 20
AT_MOST: Final = frozenset({HEAT_AT_MOST, JAILTIME_AT_MOST})


def measure(s: ProhibitionState, seat: int, what: int, of: int = -1) -> int:
    """The value a requirement compares (models.REQUIREMENTS order). Counted by loops and read
    field by field: compiled, `sum()` over a generator and `getattr` are generic calls."""
    g = s.gangs[seat]
    n = 0
    if what == BLOCKS:
        return len(s.turf(seat))
    if what in (NEIGHBORHOODS, BLOCKS_IN_ONE, FULL_NEIGHBORHOODS):
        per = [0] * len(s.content.nbhd_ids)
        for b in s.turf(seat):
            per[b >> 3] += 1
        for x in per:
            if what == BLOCKS_IN_ONE:
                n = max(n, x)
            elif x > 0 if what == NEIGHBORHOODS else x == 8:
                n += 1
        return n
    if what in (BUILDINGS, BUILDING, BUILDING_TYPES, STOCKED):
        built = s.buildings_of(seat)
        if what == BUILDINGS:
            return len(built)
        if what == STOCKED:
            for b in built:
                if s.is_stocked(b):
                    n += 1
            return n
        kinds = [s.kind_at(b) for b in built]
        if what == BUILDING:
            for k in kinds:
                if k == of:
                    n += 1
            return n
        return len(set(kinds))
    if what == GOONS_ON_MAP:
        for b in s.turf(seat):
            n += s.goons[b]
        return n
    if what == FULL_BLOCKS:
        for b in s.turf(seat):
            if s.room(b) <= 0:
                n += 1
        return n
    # the lines read off the gang's sheet
    if what == HEAT_AT_LEAST or what == HEAT_AT_MOST:
        return g.heat
    if what == GS:
        return g.gs
    if what == BOOZE:
        return g.booze
    if what == HEADLINES:
        return g.headlines
    if what == JAILTIME_AT_MOST:
        return g.jail
    if what == STEALS:
        return g.steals
    if what == TORCHES:
        return g.torches
    if what == SEIZES:
        return g.seizes
    if what == ROBBERIES:
        return g.robberies
    if what == CONFLICTS_WON:
        return g.conflicts_won
    raise ValueError(f"unknown requirement code {what}")


def meets(s: ProhibitionState, seat: int, reqs: tuple[tuple[int, int, int], ...]) -> bool:
    for what, n, of in reqs:
        v = measure(s, seat, what, of)
        if (v > n) if what in AT_MOST else (v < n):
            return False
    return True


def completable(s: ProhibitionState, seat: int) -> tuple[int, ...]:
    reqs = s.content.scheme_reqs
    return tuple(x for x in s.gangs[seat].hand if meets(s, seat, reqs[x]))


class Windows(Step[ProhibitionState]):
    """After Operations and after Production: every gang, in turn order, may complete Schemes."""

    __slots__ = ()
    auto = True
    kind = "scheme_windows"

    def run(self, s: ProhibitionState) -> None:
        push(s, *[SchemeWindow(g) for g in s.order()])


class SchemeWindow(SeatStep[ProhibitionState]):
    """Complete a Scheme whose requirement you meet (it goes face up for good), or keep them."""

    __slots__ = ()
    kind = "complete_scheme"

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        ready = completable(s, self.seat_)
        return ready + (KEEP,) if ready else ()

    def choose(self, s: ProhibitionState, code: int) -> None:
        if code == KEEP:
            return
        g = s.gangs[self.seat_]
        g.hand = tuple(x for x in g.hand if x != code)
        g.done = g.done + (code,)
        s.count(SCHEMES_DONE)  # told by option_said
        push(s, SchemeWindow(self.seat_))

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return "keep" if code == KEEP else "complete:" + s.content.schemes[code].id

    def option_label(self, s: ProhibitionState, code: int) -> str:
        if code == KEEP:
            return "Keep the rest in hand (for their Tactics)"
        sc = s.content.schemes[code]
        return f"Complete {sc.name} ({sc.prestige} PP)"

    def option_help(self, s: ProhibitionState, code: int) -> str:
        if code == KEEP:
            return "A Scheme kept may still be completed later, or played for its Tactic (§schemes)."
        sc = s.content.schemes[code]
        return f"{sc.requires_text} Face up for good; it can no longer be played as a Tactic (§schemes)."

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        return () if code == KEEP else ("scheme:" + s.content.schemes[code].id,)

    def option_said(self, s: ProhibitionState, code: int) -> str:
        if code == KEEP:
            return "keeps the Schemes it could complete in hand."
        sc = s.content.schemes[code]
        return f"completes the Scheme {sc.name} ({sc.prestige} PP): {sc.requires_text}"

    def prompt(self, s: ProhibitionState) -> str:
        return "You meet a Scheme's requirement: complete it?"
