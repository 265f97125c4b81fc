"""Counted things (docs/effects.md, "Counted things"): one function for Jobs' Have
requirements, `gain_per`, `pay_per` and end-game bonuses."""

from __future__ import annotations

from ..state import ScarfaceState


def count(s: ScarfaceState, seat: int, what: str) -> int:
    p = s.players[seat]
    if what in ("speakeasy", "casino", "brothel", "nightclub"):
        return sum(getattr(h, what) for h in s.hoods if h.owner == seat)
    if what == "businesses":
        return sum(h.businesses for h in s.hoods if h.owner == seat)
    if what == "control":
        return sum(1 for h in s.hoods if h.owner == seat)
    if what == "thugs_districts":
        return sum(p.thugs)
    if what == "thugs_underworld":
        return p.underworld
    if what == "thugs_authorities":
        return p.authorities
    if what == "thugs_prison":
        return p.prison
    if what == "thugs_hq":
        return p.hq
    if what == "deals":
        return len(p.deals)
    if what == "dealers":
        return sum(len(d.dealers) for d in p.deals)
    if what == "cars":
        return sum(p.cars)
    if what == "trucks":
        return sum(p.trucks)
    if what in ("vehicles_on_board",):
        return sum(p.cars) + sum(p.trucks)
    if what == "cars_on_board":
        return sum(p.cars)
    if what == "trucks_on_board":
        return sum(p.trucks)
    if what == "police_near":
        return sum(1 for d in s.police if s.controls_in(seat, d))
    if what in ("alcohol", "guns", "goods"):
        a, g = s.goods_of(seat)
        return a if what == "alcohol" else g if what == "guns" else a + g
    if what == "associates":
        stars = s.content.card_stars
        return sum(1 for c in s.owned_cards(seat) if stars[c])
    if what == "stars":
        stars = s.content.card_stars
        return sum(stars[c] for c in s.owned_cards(seat))
    if what == "upgrades":
        return p.upgrades_made
    if what in ("crime_rate",):
        return p.crime
    if what == "money":
        return p.money
    if what == "districts_present":
        return len(s.present_districts(seat))
    raise ValueError(f"unknown counted thing {what!r}")


COUNTED = (
    "speakeasy", "casino", "brothel", "nightclub", "businesses", "control", "thugs_districts", "thugs_underworld",
    "thugs_authorities", "thugs_prison", "thugs_hq", "deals", "dealers", "cars", "trucks", "vehicles_on_board",
    "cars_on_board", "trucks_on_board", "police_near", "alcohol", "guns", "goods", "associates", "stars",
    "upgrades", "crime_rate", "money", "districts_present",
)
