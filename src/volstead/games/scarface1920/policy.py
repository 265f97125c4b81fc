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
    if d.kind != "starting_district" or len(d.codes) < 2:
        return None
    c = s.content
    best: tuple[float, int, int] | None = None
    for district, _ in d.codes:
        worths = [starting_worth(c, h.tile) for h in s.hoods if h.district == district and h.owner < 0]
        if worths and (best is None or max(worths) > best):
            best = max(worths)
            chosen = district
    if best is None:
        return None
    for i, (district, vehicle) in enumerate(d.codes):
        if district == chosen and vehicle == "truck":
            return i
    for i, (district, _) in enumerate(d.codes):
        if district == chosen:
            return i
    return None
