"""A static evaluation of a Scarface 1920 position for one seat, in dollars.

Used by the game-agnostic bots (`greedy` cut-offs, `ismcts` rollouts) through
`GAME.evaluate(state, seat)`. It estimates what the seat would score at the
end if the game stopped now, plus what its position is still worth:

- money behind the screen ($1 each);
- each business on a Neighborhood it controls: the end-of-game payout
  ($3, or $5 in `rulebook-wip`) plus the income it still brings: $3 ($2 in
  `rulebook-wip`) per Reorganize the seat can still expect
  (rounds left × Reorganizations per round ÷ seats);
- $2 per Associate star it owns ($1 in `rulebook-wip`), as at the end;
- $1.5 per alcohol or gun it stores (goods become money through sales);
- board presence: $2 per Neighborhood it controls, $0.5 per thug and $1 per
  vehicle on the board;
- a Crime Rate penalty of $0.5 per level above 6 (a Raid costs pieces).

Once the game is over it is the final total score (the real result). The
evaluation reads the state it is given; bots only ever give it a
determinization of their own seat's view, so rivals' money is the guess
`determinize` makes and not their real money.
"""

from __future__ import annotations

from .state import ScarfaceState

ROUNDS = 3


def evaluate(s: ScarfaceState, seat: int | None = None) -> float | list[float]:
    """The seat's value in dollars; with `seat=None`, the list of every seat's value (one pass)."""
    if s.final is not None:
        totals = [float(r["total"]) for r in s.final]
        return totals if seat is None else totals[seat]
    c = s.content
    n = s.seats
    wip = s.options.variant == "rulebook-wip"
    end_business, per_star = (5, 1) if wip else (3, 2)
    base_income = 2 if wip else 3
    spaces = c.board.time_track_spaces[str(n)]
    rounds_left = max(0.0, ROUNDS - (s.round - 1) - s.time / spaces)
    reorganizes_left = rounds_left * spaces / n
    businesses = [0] * n
    hoods = [0] * n
    goods = [0] * n
    for h in s.hoods:
        o = h.owner
        if o >= 0:
            hoods[o] += 1
            businesses[o] += h.speakeasy + h.casino + h.brothel + h.nightclub
            goods[o] += h.alcohol + h.guns
    stars = c.card_stars
    seats = range(n) if seat is None else (seat,)
    out = []
    for k in seats:
        p = s.players[k]
        income = base_income + s.mod(k, "business_income")
        g = goods[k]
        for d in p.deals:
            g += d.alcohol + d.guns
        star_count = 0
        for zone in (p.hand, p.deck, p.discard, p.plan):
            for x in zone:
                star_count += stars[x]
        value = (p.money + businesses[k] * (end_business + income * reorganizes_left) + per_star * star_count
                 + 1.5 * g + 2 * hoods[k] + 0.5 * sum(p.thugs) + sum(p.cars) + sum(p.trucks))
        if p.crime > 6:
            value -= 0.5 * (p.crime - 6)
        out.append(float(value))
    return out if seat is None else out[0]
