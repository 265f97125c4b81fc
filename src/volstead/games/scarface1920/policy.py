"""The bots' own choice of a starting district (`Game.policy_kinds`; docs/bots.md, "Scarface 1920:
the starting district").

Set-up step 14 (rulebook, "Player Setup"): from the player to the Starting Player's right,
counterclockwise, each player puts a vehicle in a district with no police and a control marker on
its Neighborhood. Picking first is the published rules' only amends to the players who play last.
The evaluation values every Neighborhood alike, so without this the bots picked about at random
(the first picker took the best-selling tile in 24 % of 2,000 greedy games and 22 % of 200 ISMCTS
ones) and the amends were lost.

A starting gang owns one Alcohol Dealer and one Gun Dealer, and a Dealer supplies once a
Reorganize; so a Neighborhood that takes one alcohol and one gun sells every time, and one that
takes three alcohol every third time. A tile's worth is therefore its day-side price over the
larger of its two needs (ties: the higher defense, then the higher price). Over 2,000 four-greedy
games, in which the starting tiles fell at random, this worth ranks the 18 tiles by the starting
gang's mean final score with a correlation of 0.86 (docs/bots.md). The vehicle is a truck: it
takes one good off every sale in the district.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .content.tables import Content
    from .state import ScarfaceState


def starting_worth(c: Content, tile: int) -> tuple[float, int, int]:
    """How well a Neighborhood tile sells with the starting Dealers (larger is better): its day
    side's price over the larger of its alcohol and gun needs, then its defense, then its price."""
    day = c.tile_sides[tile][0]
    need = max(day.alcohol, day.guns, 1)
    return (day.price / need, day.defense, day.price)


def policy_choice(s: ScarfaceState) -> int | None:
    """The index of the option to take in `s`'s pending decision, or None (search it)."""
    d = s.decision()
    codes = d.codes
    if len(codes) < 2:
        return None
    c = s.content
    if d.kind == "starting_hood":  # a district with two free tiles (none on the published board's)
        return max(range(len(codes)), key=lambda i: starting_worth(c, s.hoods[codes[i]].tile))
    if d.kind != "starting_district":
        return None
    # each district by its best free tile; the first of equals in the options' order
    worth_of: dict[int, tuple[float, int, int]] = {}
    for h in s.hoods:
        if h.owner < 0:
            w = starting_worth(c, h.tile)
            if h.district not in worth_of or w > worth_of[h.district]:
                worth_of[h.district] = w
    districts = [district for district, _ in codes if district in worth_of]
    if not districts:
        return None
    chosen = max(districts, key=lambda district: worth_of[district])
    trucks = [i for i, (district, vehicle) in enumerate(codes) if district == chosen and vehicle == "truck"]
    return trucks[0] if trucks else next(i for i, (district, _) in enumerate(codes) if district == chosen)
