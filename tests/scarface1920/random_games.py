"""Seeded random Scarface 1920 games and the invariants every state must keep.

Imported by path (pytest puts this folder on sys.path): `from random_games import ...`.
"""

from __future__ import annotations

import random
from collections import Counter

from volstead.games.scarface1920 import GAME
from volstead.games.scarface1920.options import Options
from volstead.games.scarface1920.state import (
    CARS,
    CONTROL_MARKERS,
    HOOD_FIELD_INDEX,
    HOOD_TOTALS,
    NESS_MAX,
    RAID_LEVEL,
    THUGS_PER_GANG,
    TRUCKS,
    ScarfaceState,
)

MAX_DECISIONS = 20_000
FULL_EVERY = 10  # the full (slower) invariant set runs every this many decisions
ASSOCIATES = 60


def seats_for(seed: int) -> int:
    return 2 + seed % 3


def new_game(seed: int, seats: int | None = None, **options) -> ScarfaceState:
    return GAME.new_game(seed=seed, seats=seats_for(seed) if seats is None else seats, options=Options(**options))


class InvariantError(AssertionError):
    pass


def _fail(s: ScarfaceState, what: str) -> None:
    raise InvariantError(f"seed={s.seed} seats={s.seats} options={s.options_json()} after decision #{s.decisions_made}: {what}")


# ------------------------------------------------------------------ invariants
def check_cheap(s: ScarfaceState) -> None:
    """Pieces, money and goods: run after every decision."""
    c = s.content
    dealers = c.dealers
    if not 0 <= s.ness <= NESS_MAX:
        _fail(s, f"Ness at {s.ness}")
    markers = [0] * s.seats
    for i, h in enumerate(s.hoods):
        if h.owner >= 0:
            markers[h.owner] += 1
        if min(h.speakeasy, h.casino, h.brothel, h.nightclub, h.alcohol, h.guns) < 0:
            _fail(s, f"negative count on Neighborhood #{i}: {h}")
        if h.speakeasy + h.casino + h.brothel > 3 or h.nightclub > 1:
            _fail(s, f"too many businesses on Neighborhood #{i}: {h}")
    for p in s.players:
        seat = p.seat
        if p.thug_total() != THUGS_PER_GANG:
            _fail(s, f"seat {seat} has {p.thug_total()} thugs, not {THUGS_PER_GANG}")
        if min(p.recruits, p.safehouses, p.hq, p.removed, p.underworld, p.authorities, p.prison, p.job_thugs) < 0:
            _fail(s, f"seat {seat} has a negative thug count: {p.fields()}")
        if min(p.thugs) < 0 or min(p.cars) < 0 or min(p.trucks) < 0:
            _fail(s, f"seat {seat} has negative pieces in a district: {p.thugs} {p.cars} {p.trucks}")
        if sum(p.cars) > CARS or sum(p.trucks) > TRUCKS:
            _fail(s, f"seat {seat} has {sum(p.cars)} cars and {sum(p.trucks)} trucks on the board")
        if markers[seat] > CONTROL_MARKERS:
            _fail(s, f"seat {seat} has {markers[seat]} control markers on the board")
        if p.money < 0:
            _fail(s, f"seat {seat} has ${p.money}")
        if not s.ness < p.crime <= RAID_LEVEL:
            _fail(s, f"seat {seat} Crime Rate {p.crime} not in ({s.ness}, {RAID_LEVEL}]")
        for k, deal in enumerate(p.deals):
            if min(deal.alcohol, deal.guns, deal.thugs) < 0:
                _fail(s, f"seat {seat} Deal #{k} has a negative count: {deal}")
            if not deal.dealers:
                _fail(s, f"seat {seat} Deal #{k} has no Dealer")
            top = dealers[deal.dealers[0]]
            if deal.alcohol + deal.guns > top.storage:
                _fail(
                    s, f"seat {seat} Deal #{k} stores {deal.alcohol + deal.guns} goods, its Dealer {top.id} holds {top.storage}"
                )
    if not s.is_over():
        d = s.decision()
        if len(d.codes) < 1:
            _fail(s, f"pending decision {d.kind} has no option")
        if not 0 <= d.seat < s.seats:
            _fail(s, f"pending decision {d.kind} is for seat {d.seat}")


def check_full(s: ScarfaceState) -> None:
    """Card conservation, business supply, stats: every few decisions."""
    check_cheap(s)
    c = s.content
    for kind in ("speakeasy", "casino", "brothel", "nightclub"):
        if s.businesses_left(kind) < 0:
            _fail(s, f"{-s.businesses_left(kind)} more {kind} markers on the board than the supply")
    gang_of = c.card_gang
    hired: Counter = Counter()
    # A card just gained lies on the discard pile while "to your hand or discard pile?" is pending.
    for step in s.stack:
        if type(step).__name__ == "CardToHand" and step.card not in s.players[step.seat_].discard:
            _fail(s, f"card {step.card} waits to go to hand but is not on seat {step.seat_}'s discard pile")
    for p in s.players:
        owned = p.hand + p.deck + p.discard + p.plan + p.right_hands
        gang_cards = Counter(x for x in owned if gang_of[x] >= 0)
        expected = Counter(c.start_cards[p.gang] + c.right_hands[p.gang])
        if gang_cards != expected:
            _fail(s, f"seat {p.seat} gang cards {sorted(gang_cards.elements())} != {sorted(expected.elements())}")
        hired.update(x for x in owned if gang_of[x] < 0)
        if list(p.hand) != sorted(p.hand):
            _fail(s, f"seat {p.seat} hand not sorted: {p.hand}")
        if not all(1 <= lvl <= 3 for lvl in p.stats):
            _fail(s, f"seat {p.seat} stats out of 1–3: {p.stats}")
        if not 0 <= p.boss_box <= 12:
            _fail(s, f"seat {p.seat} boss box at {p.boss_box}")
    pool = Counter(s.market_low + s.market_high + s.deck_low + s.deck_high) + hired
    everything = Counter(c.associates_low + c.associates_high)
    if pool != everything:
        _fail(
            s,
            f"Associates not conserved: missing {sorted((everything - pool).elements())}, "
            f"extra {sorted((pool - everything).elements())}",
        )
    if len(s.market_low) > 3 or len(s.market_high) > 1:
        _fail(s, f"Market rows too long: {s.market_low} {s.market_high}")
    for p in s.players:  # the counted-once totals (issue 15) against a count of the board now
        mine = [h for h in s.hoods if h.owner == p.seat]
        direct = [sum(h[HOOD_FIELD_INDEX[what]] for h in mine) for what in HOOD_TOTALS[:4]]
        direct += [
            sum(direct),
            len(mine),
            sum(h.alcohol for h in mine),
            sum(h.guns for h in mine),
            sum(1 << d for d in {h.district for h in mine}),
        ]
        totals = [s.hood_total(p.seat, k) for k in range(len(HOOD_TOTALS))]
        if totals != direct:
            _fail(s, f"seat {p.seat} Neighborhood totals {totals} != {direct} counted on the board")
        present = {h.district for h in mine} | {d for d in range(7) if p.thugs[d] or p.cars[d] or p.trucks[d]}
        if s.presence(p.seat) != sum(1 << d for d in present):
            _fail(s, f"seat {p.seat} presence {s.presence(p.seat):07b} != districts {sorted(present)} on the board")


# ------------------------------------------------------------------ playing
def play(s: ScarfaceState, rng: random.Random, check=True, max_decisions: int = MAX_DECISIONS, on_decision=None) -> ScarfaceState:
    """Play random options to the end, checking invariants after every decision."""
    if check:
        check_full(s)
    n = 0
    while not s.is_over():
        d = s.decision()
        s.apply_index(rng.randrange(len(d.codes)))
        n += 1
        if check:
            if n % FULL_EVERY == 0:
                check_full(s)
            else:
                check_cheap(s)
        if on_decision is not None:
            on_decision(s, n)
        if n >= max_decisions:
            _fail(s, f"the game did not end within {max_decisions} decisions")
    if check:
        check_full(s)
    return s


def random_game(seed: int, seats: int | None = None, check=True, on_decision=None, **options) -> ScarfaceState:
    return play(new_game(seed, seats, **options), random.Random(seed), check=check, on_decision=on_decision)
