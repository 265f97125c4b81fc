"""Counted things (docs/effects.md, "Counted things"): what Jobs' Have requirements, `gain_per`,
`pay_per` and end-game bonuses count. The names and their codes are the card set's vocabulary
(`content/tables.py` `COUNTED`); `count_code` counts by code, so that a Job's check, asked at
almost every decision, compares ints and calls nothing generic."""

from __future__ import annotations

from typing import Final

from ..content.tables import COUNTED, COUNTED_CODE
from ..state import HOOD_TOTALS, ScarfaceState

SPEAKEASY: Final = COUNTED.index("speakeasy")
CASINO: Final = COUNTED.index("casino")
BROTHEL: Final = COUNTED.index("brothel")
NIGHTCLUB: Final = COUNTED.index("nightclub")
BUSINESSES: Final = COUNTED.index("businesses")
CONTROL: Final = COUNTED.index("control")
THUGS_DISTRICTS: Final = COUNTED.index("thugs_districts")
THUGS_UNDERWORLD: Final = COUNTED.index("thugs_underworld")
THUGS_AUTHORITIES: Final = COUNTED.index("thugs_authorities")
THUGS_PRISON: Final = COUNTED.index("thugs_prison")
THUGS_HQ: Final = COUNTED.index("thugs_hq")
DEALS: Final = COUNTED.index("deals")
DEALERS: Final = COUNTED.index("dealers")
CARS: Final = COUNTED.index("cars")
TRUCKS: Final = COUNTED.index("trucks")
CARS_ON_BOARD: Final = COUNTED.index("cars_on_board")
TRUCKS_ON_BOARD: Final = COUNTED.index("trucks_on_board")
VEHICLES_ON_BOARD: Final = COUNTED.index("vehicles_on_board")
POLICE_NEAR: Final = COUNTED.index("police_near")
ALCOHOL: Final = COUNTED.index("alcohol")
GUNS: Final = COUNTED.index("guns")
GOODS: Final = COUNTED.index("goods")
ASSOCIATES: Final = COUNTED.index("associates")
STARS: Final = COUNTED.index("stars")
UPGRADES: Final = COUNTED.index("upgrades")
CRIME_RATE: Final = COUNTED.index("crime_rate")
MONEY: Final = COUNTED.index("money")
DISTRICTS_PRESENT: Final = COUNTED.index("districts_present")
assert HOOD_TOTALS[: CONTROL + 1] == COUNTED[: CONTROL + 1]  # count_code reads them by code


def count_code(s: ScarfaceState, seat: int, code: int) -> int:
    """How many of the counted thing `COUNTED[code]` the seat has."""
    if code <= CONTROL:  # on the seat's Neighborhoods: their totals share the codes
        return s.hood_total(seat, code)
    p = s.players[seat]
    if code == THUGS_DISTRICTS:
        return total(p.thugs)
    if code == THUGS_UNDERWORLD:
        return p.underworld
    if code == THUGS_AUTHORITIES:
        return p.authorities
    if code == THUGS_PRISON:
        return p.prison
    if code == THUGS_HQ:
        return p.hq
    if code == DEALS:
        return len(p.deals)
    if code == DEALERS:
        n = 0
        for deal in p.deals:
            n += len(deal.dealers)
        return n
    if code == CARS or code == CARS_ON_BOARD:
        return total(p.cars)
    if code == TRUCKS or code == TRUCKS_ON_BOARD:
        return total(p.trucks)
    if code == VEHICLES_ON_BOARD:
        return total(p.cars) + total(p.trucks)
    if code == POLICE_NEAR:
        n = 0
        for d in s.police:
            if s.controls_in(seat, d):
                n += 1
        return n
    if code == ALCOHOL or code == GUNS or code == GOODS:
        a, g = s.goods_of(seat)
        return a if code == ALCOHOL else g if code == GUNS else a + g
    if code == ASSOCIATES or code == STARS:
        stars = s.content.card_stars
        n = 0
        for card in s.owned_cards(seat):
            if stars[card]:
                n += 1 if code == ASSOCIATES else stars[card]
        return n
    if code == UPGRADES:
        return p.upgrades_made
    if code == CRIME_RATE:
        return p.crime
    if code == MONEY:
        return p.money
    if code == DISTRICTS_PRESENT:
        return districts_in(s.presence(seat))
    raise ValueError(f"unknown counted thing code {code}")


def districts_in(mask: int) -> int:
    """The districts in a bitmask of districts (`bin(mask).count("1")` is two generic calls,
    compiled)."""
    n = 0
    while mask:
        n += mask & 1
        mask >>= 1
    return n


def total(values: tuple[int, ...]) -> int:
    """`sum(values)`: compiled, builtins such as `sum`, `min` and `max` are looked up and called
    generically (a few hundred instructions each); the rules and the evaluation count with this."""
    n = 0
    for x in values:
        n += x
    return n


def count(s: ScarfaceState, seat: int, what: str) -> int:
    try:
        code = COUNTED_CODE[what]
    except KeyError:
        raise ValueError(f"unknown counted thing {what!r}") from None
    return count_code(s, seat, code)
