"""Effects printed on Raid cards."""

from __future__ import annotations

from typing import Any, Final

from volstead.engine.step import SeatStep

from .. import refs, words
from ..rules.goods import PayGoods
from ..rules.thugs import add_at
from ..state import HOOD_FIELD_INDEX, STATS, ScarfaceState
from .registry import effect


@effect
def ness_up(s: ScarfaceState, seat: int, n=1):
    s.raise_ness(n)


@effect
def crime_all(s: ScarfaceState, seat: int, amount):
    for k in s.clockwise_from(s.active):
        s.change_crime(k, amount)


@effect
def lose_goods(s: ScarfaceState, seat: int, n):
    PayGoods.push(s, seat, 0, 0, n)


@effect
def police_to_busiest(s: ScarfaceState, seat: int, n=1):
    """Police cars move from the districts with the fewest thugs to the one with the most."""
    for _ in range(n):
        thugs = [sum(p.thugs[d] for p in s.players) for d in range(7)]
        target = max(range(7), key=lambda d: (thugs[d], -d))
        sources = [d for d in sorted(set(s.police)) if d != target]
        if not sources:
            return
        src = min(sources, key=lambda d: (thugs[d], d))
        police = list(s.police)
        police[police.index(src)] = target
        s.police = tuple(sorted(police))


@effect
def thugs_to_prison(s: ScarfaceState, seat: int, n, source="districts"):
    """`source`: "districts", "hq" or "authorities", or a list of them."""
    sources = (source,) if isinstance(source, str) else tuple(source)
    s.stack.append(ThugsToPrison(seat, n, sources))


# How a thug area reads in a sentence.
AREA_NAMES: Final[dict[str, str]] = {"hq": "Headquarters", "authorities": "the Authorities"}


class ThugsToPrison(SeatStep[ScarfaceState]):
    __slots__ = ("left", "sources")
    kind = "to_prison"

    def __init__(self, seat, left, sources):
        self.seat_, self.left, self.sources = seat, left, sources

    def prompt(self, s: ScarfaceState) -> str:
        return f"Put one of your thugs in Prison ({self.left} left)"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        p = s.players[self.seat_]
        out: list[Any] = []  # area names and (area, index) pairs
        if "districts" in self.sources:
            out.extend(d for d in range(7) if p.thugs[d])
        for area in ("hq", "authorities"):
            if area in self.sources and getattr(p, area):
                out.append(area)
        return tuple(out)

    def choose(self, s: ScarfaceState, code: Any) -> None:
        p = s.players[self.seat_]
        if isinstance(code, int):
            p.thugs = add_at(p.thugs, code, -1)
        else:
            setattr(p, code, getattr(p, code) - 1)
        p.prison += 1
        if self.left > 1:
            s.stack.append(ThugsToPrison(self.seat_, self.left - 1, self.sources))

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return refs.thug_source(s, self.seat_, code)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return "prison:" + (s.content.district_ids[code] if isinstance(code, int) else code)

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        where = s.content.district_names[code] if isinstance(code, int) else AREA_NAMES[code]
        return f"Send a thug from {where} to Prison"


@effect
def lose_business(s: ScarfaceState, seat: int, n):
    s.stack.append(LoseBusiness(seat, n))


class LoseBusiness(SeatStep[ScarfaceState]):
    __slots__ = ("left",)
    kind = "lose_business"

    def __init__(self, seat, left):
        self.seat_, self.left = seat, left

    def prompt(self, s: ScarfaceState) -> str:
        return f"Remove one of your business markers ({self.left} left)"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        return tuple(
            (i, k)
            for i, h in enumerate(s.hoods)
            if h.owner == self.seat_
            for k in ("speakeasy", "casino", "brothel")
            if getattr(h, k)
        )

    def choose(self, s: ScarfaceState, code: Any) -> None:
        i, kind = code
        s.add_to_hood(i, HOOD_FIELD_INDEX[kind], -1)
        if self.left > 1:
            s.stack.append(LoseBusiness(self.seat_, self.left - 1))

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return (refs.hood(s, code[0]),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return f"lose:{s.content.tiles[s.hoods[code[0]].tile].id}:{code[1]}"

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        return f"Remove a {code[1]} from {s.content.tiles[s.hoods[code[0]].tile].name}"


@effect
def lose_upgrade(s: ScarfaceState, seat: int, n=1):
    s.stack.append(LoseUpgrade(seat, n))


class LoseUpgrade(SeatStep[ScarfaceState]):
    """Lose your highest upgrade: the rightmost cube of a stat at the highest level goes
    back to the box (your choice among equals)."""

    __slots__ = ("left",)
    kind = "lose_upgrade"

    def __init__(self, seat, left):
        self.seat_, self.left = seat, left

    def prompt(self, s: ScarfaceState) -> str:
        return "Lose one level of a gang stat"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        """Your highest upgrades: a Level 3 cube goes before any Level 2 one."""
        stats = s.players[self.seat_].stats
        top = max(stats)
        return tuple(k for k, lvl in enumerate(stats) if lvl == top) if top > 1 else ()

    def choose(self, s: ScarfaceState, code: Any) -> None:
        p = s.players[self.seat_]
        p.stats = p.stats[:code] + (p.stats[code] - 1,) + p.stats[code + 1 :]
        p.cubes_lost += 1
        if self.left > 1:
            s.stack.append(LoseUpgrade(self.seat_, self.left - 1))

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return (refs.stat(code),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return "downgrade:" + STATS[code]

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        return f"Lose a level of {STATS[code].replace('_', ' ')}"
