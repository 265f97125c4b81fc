"""A static evaluation of a Scarface 1920 position for one seat, in dollars.

Used by the game-agnostic bots (`greedy` cut-offs, `ismcts` rollouts) through
`GAME.evaluate(state, seat)`. It estimates what the seat would score at the
end if the game stopped now, plus what its position is still worth to the
rest of the game ("later" below scales with the share of the game left,
`left = rounds left / 3`, so assets that only pay through future orders fade
to nothing at the end, where only money, businesses and stars score):

- money behind the screen ($1 each);
- each business on a Neighborhood it controls: the end-of-game payout
  ($3, or $5 in `rulebook-wip`) plus the income it still brings: $3 ($2 in
  `rulebook-wip`) per Reorganize the seat can still expect
  (rounds left × Reorganizations per round ÷ seats);
- $2 per Associate star it owns ($1 in `rulebook-wip`), as at the end, plus
  what the Associate will still do in its Plans: $1.5 × later per Muscle,
  per Influence and for its skill (a hired card replaces a starting card's
  weaker play on every pass through the deck, and the Hire order is the
  only way to that; without this term greedy never hired);
- goods (alcohol, guns) stored: $3.5 each while more than half a round is
  left (one Authorities sale pays $6 but costs an order and a thug), fading
  to $0 at the end (leftover goods score nothing);
- board presence: per Neighborhood it controls $2 + $4 × later (future
  sales, business room); $1 per thug and per car, $1.5 per truck on the board;
- thugs by where they stand, the fuel of every order: $2.5 per thug ready in
  Headquarters (the first 4; $1 beyond), $1.5 in the Safehouses, $1 among
  the Recruits, $1.5 on Deals, in the Authorities and on Jobs (they come
  back on Reorganize), $0.5 in Prison or the Underworld, $0 removed — so
  *Remove thugs* costs what it removes;
- Dealer cards in its Deals: $2.5 × later each; face-down Jobs $1 × later;
  each gang stat level above 1: $3 × later;
- the Plan it is carrying out, while its order is not done: $2.5 per Muscle
  and per Influence ($1 per Influence with no thug in Headquarters, most
  Influence orders need one), so laying out a card is worth its strength;
  while an order it chose still has choices pending, 80% of that (the order
  is under way and its result not there yet). While the Plan is still being
  laid out, the Crime Rate counts the cards beyond the free 2 it will cost;
- Crime Rate risk, convex: $0.7 per level above 4, $1 more per level above 6,
  $1.5 more per level above 8 (Raid bands), and $6 more at 11 (a Raid now).

Once the game is over it is the final total score (the real result). The
evaluation reads the state it is given; bots only ever give it a
determinization of their own seat's view, so rivals' money is the guess
`determinize` makes and not their real money.
"""

from __future__ import annotations

from typing import Final

from volstead.engine.step import AUTO, step_mode

from .rules.counting import total
from .rules.modifiers import MOD_BUSINESS_INCOME, MOD_FREE_PLAN_CARDS
from .rules.turn import ActionMenu, LayOutPlan
from .state import HOOD_ROW, TOTAL_ALCOHOL, TOTAL_BUSINESSES, TOTAL_CONTROL, TOTAL_GUNS, ScarfaceState

ROUNDS: Final = 3

PLAN_POINT: Final = 2.5  # $ per Muscle / Influence of the Plan while its order is not done
PENDING: Final = 0.8  # share of the Plan's value while the chosen order still has choices to make
HQ_THUG: Final = 2.5
HQ_USEFUL: Final = 4
ASSOCIATE_PLAY: Final = 1.5  # $ × later per Muscle, Influence and skill of an owned Associate


def _stars_and_power(cards: tuple[int, ...], stars: tuple[int, ...], power: tuple[float, ...]) -> tuple[int, float]:
    """The stars and the play power of a pile of cards. A plain loop into a float: compiled by
    mypyc, `sum(map(...))` over the float table is typed int and fails (docs/performance-log.md)."""
    star_count = 0
    play_power = 0.0
    for card in cards:
        star_count += stars[card]
        play_power += power[card]
    return star_count, play_power


def crime_cost(c: int) -> float:
    cost = 0.0
    if c > 4:
        cost += 0.7 * (c - 4)
    if c > 6:
        cost += 1.0 * (c - 6)
    if c > 8:
        cost += 1.5 * (c - 8)
    if c >= 11:
        cost += 6.0
    return cost


def _order_under_way(s: ScarfaceState) -> bool:
    """The last action menu choice (searching back through the record) was an order."""
    node = s.history
    while node is not None:
        step, code, _, node = node
        if type(step) is ActionMenu:
            return code[0] == "order"
        if type(step) is LayOutPlan:
            return False
    return False


def evaluate(s: ScarfaceState, seat: int | None = None) -> float | list[float]:
    """The seat's value in dollars; with `seat=None`, the list of every seat's value (one pass)."""
    if s.final is not None:
        totals = [float(r["total"]) for r in s.final]
        return totals if seat is None else totals[seat]
    c = s.content
    n = s.seats
    wip = c.variant == "rulebook-wip"
    end_business, per_star = (5, 1) if wip else (3, 2)
    base_income = 2 if wip else 3
    spaces = c.time_spaces[n]
    rounds_left: float = ROUNDS - (s.round - 1) - s.time / spaces
    if rounds_left < 0.0:
        rounds_left = 0.0
    reorganizes_left = rounds_left * spaces / n
    later = rounds_left / ROUNDS
    goods_value = 3.5 if rounds_left >= 0.5 else 7.0 * rounds_left  # 3.5 × min(1, 2 × rounds_left)
    stars = c.card_stars
    play_power = c.card_play_power  # per card: Muscle + Influence + 1 for an Associate, 0 for a gang member
    card_play = ASSOCIATE_PLAY * later
    # The active seat's Plan: how far its turn has gone.
    active = s.active
    stack = s.stack
    top = stack[-1] if stack else None
    laying = type(top) is LayOutPlan
    pending_order = (
        s.order_done and top is not None and step_mode(top) != AUTO and type(top) is not ActionMenu and (_order_under_way(s))
    )
    out = []
    hood_totals = s.counted_hood_totals()  # counted once per `hoods` tuple (shared by a search's clones)
    for k in range(n):
        if seat is not None and k != seat:
            continue
        p = s.players[k]
        income = base_income + s.mod(k, MOD_BUSINESS_INCOME)
        row = k * HOOD_ROW
        g = hood_totals[row + TOTAL_ALCOHOL] + hood_totals[row + TOTAL_GUNS]
        dealers = deal_thugs = 0
        for d in p.deals:
            g += d.alcohol + d.guns
            dealers += len(d.dealers)
            deal_thugs += d.thugs
        star_count, power = _stars_and_power(p.hand, stars, play_power)
        more_stars, more_power = _stars_and_power(p.deck, stars, play_power)
        star_count += more_stars
        power += more_power
        more_stars, more_power = _stars_and_power(p.discard, stars, play_power)
        star_count += more_stars
        power += more_power
        if p.plan:
            more_stars, more_power = _stars_and_power(p.plan, stars, play_power)
            star_count += more_stars
            power += more_power
        hq = p.hq
        useful = hq if hq < HQ_USEFUL else HQ_USEFUL
        thugs = (
            HQ_THUG * useful
            + (hq - useful)
            + 1.5 * p.safehouses
            + p.recruits
            + 1.5 * (p.authorities + p.job_thugs + deal_thugs)
            + 0.5 * (p.prison + p.underworld)
            + total(p.thugs)
        )
        stat_levels = total(p.stats) - 6
        value = (
            p.money
            + hood_totals[row + TOTAL_BUSINESSES] * (end_business + income * reorganizes_left)
            + per_star * star_count
            + card_play * power
            + goods_value * g
            + (2 + 4 * later) * hood_totals[row + TOTAL_CONTROL]
            + thugs
            + total(p.cars)
            + 1.5 * total(p.trucks)
            + later * (2.5 * dealers + float(len(p.jobs)) + 3.0 * stat_levels)
        )
        crime = p.crime
        if k == active and p.plan and (laying or not s.order_done or pending_order):
            influence = float(s.influence(k)) if hq else 0.4 * s.influence(k)
            plan = PLAN_POINT * (float(s.muscle(k)) + influence)
            if laying:
                extra = len(p.plan) - 2 - s.mod(k, MOD_FREE_PLAN_CARDS)
                if extra > 0:
                    crime = crime + extra if crime + extra < 11 else 11
            elif pending_order:
                plan *= PENDING
            value += plan
        value -= crime_cost(crime)
        out.append(float(value))
    return out if seat is None else out[0]
