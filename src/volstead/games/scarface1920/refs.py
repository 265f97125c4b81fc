"""What on the board an option names (`Step.option_refs`): the `data-ref` of what web/map.js and
web/panels.js draw. One place spells every kind, so the steps and the browser module agree:

- ``district:<district id>``: a district of the map;
- ``hood:<tile id>``: a Neighborhood tile;
- ``police:<district id>``: the police cars of a district;
- ``thug:<seat>:<district id>``, ``car:…``, ``truck:…``: a gang's pieces in a district (the
  Enforcer's too, in solo);
- ``card:<card id>``: a gang member or Associate (hand, Plan, Market, Right-hands set aside);
- ``job:<job id>``: a Job (face down in your area, fulfilled, in a draft, or just drawn);
- ``dealer:<dealer id>``: a Dealer just drawn; ``deal:<n>``: your Deal n (from 1);
- ``stat:<stat>``: a gang stat on your gang board;
- ``thugs:<area>``: an area of your thug board (recruits, safehouses, headquarters, on_jobs);
- ``box:<area>``: the Underworld, the Authorities or the Prison on the main board;
- ``gang:<seat>``: a gang's panel (a rival to target).

Options that name nothing drawn (finish the Plan, stop, an order, a number of goods) have none.
Only people's pages ask (`Decision.options`): nothing here is on a hot path.
"""

from __future__ import annotations

from typing import Any, Final

from .state import STATS, ScarfaceState

NONE: Final[tuple[str, ...]] = ()

# Where a thug-board attribute is drawn: your thug board (thugs:) or the main board (box:).
AREA_REFS: Final[dict[str, str]] = {
    "recruits": "thugs:recruits",
    "safehouses": "thugs:safehouses",
    "hq": "thugs:headquarters",
    "jobs": "thugs:on_jobs",
    "underworld": "box:underworld",
    "authorities": "box:authorities",
    "prison": "box:prison",
}


def district(s: ScarfaceState, d: int) -> str:
    return "district:" + s.content.district_ids[d]


def hood(s: ScarfaceState, i: int) -> str:
    return "hood:" + s.content.tiles[s.hoods[i].tile].id


def piece(s: ScarfaceState, kind: str, seat: int, d: int) -> str:
    return f"{kind}:{seat}:{s.content.district_ids[d]}"


def police(s: ScarfaceState, d: int) -> str:
    return "police:" + s.content.district_ids[d]


def card(s: ScarfaceState, c: int) -> str:
    return "card:" + s.content.cards[c].id


def job(s: ScarfaceState, j: int) -> str:
    return "job:" + s.content.jobs[j].id


def dealer(s: ScarfaceState, d: int) -> str:
    return "dealer:" + s.content.dealers[d].id


def deal(i: int) -> str:
    return f"deal:{i + 1}"


def stat(k: int) -> str:
    return "stat:" + STATS[k]


def area(name: str) -> str:
    return AREA_REFS[name]


def gang(seat: int) -> str:
    return f"gang:{seat}"


def thug_source(s: ScarfaceState, seat: int, code: Any) -> tuple[str, ...]:
    """A thug taken from an area name ("hq", "prison"...), a district (int or ("district", d)) or a
    Deal (("deal", i)): the choices of the Remove thugs, to Prison and Retrieve steps."""
    if code is None:
        return NONE
    if isinstance(code, int):
        return (piece(s, "thug", seat, code),)
    if isinstance(code, str):
        return (area(code),) if code in AREA_REFS else NONE
    where, i = code[0], code[1]
    if where == "district":
        return (piece(s, "thug", seat, i),)
    if where == "deal":
        return (deal(i),)
    return (area(where),) if where in AREA_REFS else NONE
