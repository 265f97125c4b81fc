"""Counted things (docs/effects.md, "Counted things"): one table for Jobs' Have
requirements, `gain_per`, `pay_per` and end-game bonuses."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ..state import ScarfaceState


def _owned(s: ScarfaceState, seat: int, attr: str) -> int:
    return sum(getattr(h, attr) for h in s.hoods if h.owner == seat)


def _goods(s: ScarfaceState, seat: int, which: int) -> int:
    a, g = s.goods_of(seat)
    return (a, g, a + g)[which]


COUNTERS: dict[str, Callable[[ScarfaceState, int], int]] = {
    "speakeasy": lambda s, seat: _owned(s, seat, "speakeasy"),
    "casino": lambda s, seat: _owned(s, seat, "casino"),
    "brothel": lambda s, seat: _owned(s, seat, "brothel"),
    "nightclub": lambda s, seat: _owned(s, seat, "nightclub"),
    "businesses": lambda s, seat: sum(h.businesses for h in s.hoods if h.owner == seat),
    "control": lambda s, seat: sum(1 for h in s.hoods if h.owner == seat),
    "thugs_districts": lambda s, seat: sum(s.players[seat].thugs),
    "thugs_underworld": lambda s, seat: s.players[seat].underworld,
    "thugs_authorities": lambda s, seat: s.players[seat].authorities,
    "thugs_prison": lambda s, seat: s.players[seat].prison,
    "thugs_hq": lambda s, seat: s.players[seat].hq,
    "deals": lambda s, seat: len(s.players[seat].deals),
    "dealers": lambda s, seat: sum(len(d.dealers) for d in s.players[seat].deals),
    "cars": lambda s, seat: sum(s.players[seat].cars),
    "trucks": lambda s, seat: sum(s.players[seat].trucks),
    "cars_on_board": lambda s, seat: sum(s.players[seat].cars),
    "trucks_on_board": lambda s, seat: sum(s.players[seat].trucks),
    "vehicles_on_board": lambda s, seat: sum(s.players[seat].cars) + sum(s.players[seat].trucks),
    "police_near": lambda s, seat: sum(1 for d in s.police if s.controls_in(seat, d)),
    "alcohol": lambda s, seat: _goods(s, seat, 0),
    "guns": lambda s, seat: _goods(s, seat, 1),
    "goods": lambda s, seat: _goods(s, seat, 2),
    "associates": lambda s, seat: sum(1 for c in s.owned_cards(seat) if s.content.card_stars[c]),
    "stars": lambda s, seat: sum(s.content.card_stars[c] for c in s.owned_cards(seat)),
    "upgrades": lambda s, seat: s.players[seat].upgrades_made,
    "crime_rate": lambda s, seat: s.players[seat].crime,
    "money": lambda s, seat: s.players[seat].money,
    "districts_present": lambda s, seat: bin(s.presence(seat)).count("1"),
}
COUNTED: Final = tuple(COUNTERS)


def count(s: ScarfaceState, seat: int, what: str) -> int:
    try:
        return COUNTERS[what](s, seat)
    except KeyError:
        raise ValueError(f"unknown counted thing {what!r}") from None
