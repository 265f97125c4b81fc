"""Scoring (rulebook: Scoring table and Tie Breakers)."""

from __future__ import annotations

from typing import Any, Final

from volstead.engine.contract import Result
from volstead.engine.errors import VolsteadError

from ..state import ProhibitionState
from .schemes import meets

# PP a Neighborhood with 8, 5-7, 1-4 Blocks
ALL: Final = 20
MOST: Final = 10
SOME: Final = 5


def infamy_scores(s: ProhibitionState, seat: int) -> bool:
    """The Infamy card scores only if its holder meets it and no other gang does."""
    card = s.gangs[seat].infamy
    if card < 0:
        return False
    reqs = s.content.infamy_reqs[card]
    return meets(s, seat, reqs) and not any(meets(s, o, reqs) for o in range(s.seats) if o != seat)


def prestige(s: ProhibitionState, seat: int) -> dict[str, Any]:
    """Every line of the scoring table for one gang, as if the game ended now."""
    c, g = s.content, s.gangs[seat]
    per = [0] * len(c.nbhd_ids)
    for b, o in enumerate(s.owner):
        if o == seat:
            per[b >> 3] += 1
    hoods = sum(ALL if n == 8 else MOST if n >= 5 else SOME if n else 0 for n in per)
    buildings = len(s.buildings_of(seat))
    infamy = c.infamy_pp[g.infamy] if infamy_scores(s, seat) else 0
    row = {
        "neighborhoods": hoods,
        "gs": g.gs // 5,
        "booze": g.booze,
        "buildings": 3 * buildings,
        "headlines": 3 * g.headlines,
        "jailtime": -g.jail,
        "schemes": sum(c.scheme_pp[x] for x in g.done),
        "infamy": infamy,
    }
    row["total"] = sum(row.values())
    row["blocks"] = sum(per)
    row["vault"] = g.gs
    row["months"] = g.jail
    return row


def score(s: ProhibitionState) -> None:
    s.final = tuple(prestige(s, seat) for seat in range(s.seats))
    s.phase = "over"
    s.turn = -1
    s.stack.clear()
    if s.story is not None:
        for seat, row in enumerate(s.final):
            s.tell(f"{s.gang_name(seat)}: {row['total']} PP.")


def rank(rows: tuple[dict[str, Any], ...]) -> list[int]:
    """Most PP; ties: most Blocks, then most Gs, then least Jailtime; still tied: shared."""

    def key(i: int) -> tuple[int, int, int, int]:
        r = rows[i]
        return (r["total"], r["blocks"], r["vault"], -r["months"])

    best = max(key(i) for i in range(len(rows)))
    return [i for i in range(len(rows)) if key(i) == best]


def result(s: ProhibitionState) -> Result:
    if not s.is_over() or s.final is None:
        raise VolsteadError("the game is not over: there is no result yet")
    mats = tuple(s.content.mats[g.mat].id for g in s.gangs)
    return Result(
        scores=tuple(float(r["total"]) for r in s.final),
        winners=tuple(rank(s.final)),
        factions=mats,
        details=tuple(dict(r) for r in s.final),
    )
