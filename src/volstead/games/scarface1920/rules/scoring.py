"""Game end and winner (rulebook: Game end and winner; published summary §6)."""

from __future__ import annotations

from volstead.engine.contract import Result
from volstead.engine.errors import VolsteadError

from ..state import ScarfaceState


def end_game(s: ScarfaceState) -> None:
    """ "Prohibition Ends at Last!" is revealed: final income, bonuses, and the game is over."""
    from ..effects import end_bonus

    wip = s.options.variant == "rulebook-wip"
    per_business, per_star = (5, 1) if wip else (3, 2)
    c = s.content
    rows = []
    for seat, p in enumerate(s.players):
        screen = p.money
        businesses = per_business * sum(h.businesses for h in s.hoods if h.owner == seat)
        stars = per_star * sum(c.card_stars[x] for x in s.owned_cards(seat))
        stars += per_star * sum(c.card_stars[x] for x in s.aside_associates(seat))
        bonus = 0
        for card in s.owned_cards(seat):
            eff = c.cards[card].end_bonus
            if eff is not None:
                bonus += end_bonus(s, seat, eff)
        rows.append(
            {
                "screen": screen,
                "businesses": businesses,
                "associates": stars,
                "card_bonuses": bonus,
                "total": screen + businesses + stars + bonus,
            }
        )
    s.final = tuple(rows)
    s.stack.clear()


def rank(totals: list[int], screens: list[int]) -> list[int]:
    """Winners: highest total; ties broken by money behind the screen; still tied, shared."""
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    top_screen = max(screens[i] for i in tied)
    return [i for i in tied if screens[i] == top_screen]


def result(s: ScarfaceState) -> Result:
    if not s.is_over() or s.final is None:
        raise VolsteadError("the game is not over: there is no result yet")
    totals = [r["total"] for r in s.final]
    screens = [r["screen"] for r in s.final]
    gangs = tuple("enforcer" if seat == s.enforcer else s.content.gangs[p.gang].id for seat, p in enumerate(s.players))
    return Result(
        scores=tuple(totals), winners=tuple(rank(totals, screens)), factions=gangs, details=tuple(dict(r) for r in s.final)
    )
