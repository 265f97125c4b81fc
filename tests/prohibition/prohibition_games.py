"""Seeded random Prohibition games and the invariants every state must keep.

Imported by path (`from prohibition_games import ...`). How many games the suite plays is
`PROHIBITION_GAMES` (default 150; set it to 1000 or more for the full run of issue 13).
"""

from __future__ import annotations

import os
import random
from collections import Counter

from volstead.games.prohibition import GAME
from volstead.games.prohibition.options import Options
from volstead.games.prohibition.state import ProhibitionState

MAX_DECISIONS = 20_000
GAMES = int(os.environ.get("PROHIBITION_GAMES", "150"))


def seats_for(seed: int) -> int:
    return 2 + seed % 3


def new_game(seed: int, seats: int | None = None, **options) -> ProhibitionState:
    return GAME.new_game(seed, seats_for(seed) if seats is None else seats, Options(**options))


class InvariantError(AssertionError):
    pass


def _fail(s: ProhibitionState, what: str) -> None:
    raise InvariantError(f"seed={s.seed} seats={s.seats} after decision #{s.decisions_made} ({s.year} {s.phase}): {what}")


def check(s: ProhibitionState) -> None:
    """Pieces, tiles, cards, money and Heat (run after every decision)."""
    c = s.content
    lim = c.board.limits
    a = s.attack
    guards_on_map = 0
    for x, o in enumerate(s.owner):
        units = s.goons[x] + s.guards[x]
        if min(s.goons[x], s.guards[x]) < 0 or units > lim.units_per_block:
            _fail(s, f"Block {c.block_ids[x]} holds {s.goons[x]} Goons and {s.guards[x]} Guards")
        if units and o < 0:
            _fail(s, f"Units on the unclaimed Block {c.block_ids[x]}")
        if o >= 0 and x not in c.in_play[s.seats]:
            _fail(s, f"Block {c.block_ids[x]} is out of play but owned")
        guards_on_map += s.guards[x]
    for g in s.gangs:
        k = g.seat
        goons = sum(s.goons[x] for x in s.turf(k)) + g.goon_supply + g.hosp_goons + g.to_place
        if a is not None and a.attacker == k:
            goons += a.goons
        if goons != lim.goons:
            _fail(s, f"gang {k} has {goons} Goons in all, not {lim.goons}: {g.fields()}")
        if min(g.goon_supply, g.hosp_goons, g.hosp_guards, g.to_place, g.guards_to_place, g.booze, g.headlines, g.jail) < 0:
            _fail(s, f"gang {k} has a negative count: {g.fields()}")
        if g.gs < 0 or g.gs % 5:
            _fail(s, f"gang {k} has {g.gs} Gs")
        if not 1 <= g.heat <= g.peak:
            _fail(s, f"gang {k} Heat {g.heat}, highest {g.peak}")
        if s.owner[g.hq] != k:
            _fail(s, f"gang {k} lost its HQ Block")
        if s.markers_left(k) < 0:
            _fail(s, f"gang {k} holds more Blocks than it has Turf markers")
        if not 0 <= g.gangsters_left <= g.gangsters <= 5:
            _fail(s, f"gang {k} Gangsters {g.gangsters_left}/{g.gangsters}")
    guards = guards_on_map + sum(g.hosp_guards + g.guards_to_place for g in s.gangs) + s.guard_supply + s.guards_lost
    if guards != lim.guards:
        _fail(s, f"{guards} Guards in all, not {lim.guards}")
    tiles = Counter(t for t in s.tile if t >= 0)
    if any(n > 1 for n in tiles.values()):
        _fail(s, f"a tile is on the map twice: {tiles}")
    for kind, stack in enumerate(s.stacks):
        here = sorted(list(stack) + [t % 7 for t in tiles if t // 7 == kind] + [t % 7 for t in s.torched if t // 7 == kind])
        if here != list(range(7)):
            _fail(s, f"building {kind}: tiles {here} (stack {stack})")
        if list(stack) != sorted(stack):
            _fail(s, f"building {kind}: the stack is out of cost order {stack}")
    if s.stocked & ~sum(1 << x for x, t in enumerate(s.tile) if t >= 0):
        _fail(s, "a Block without a building is stocked")
    schemes = Counter(s.scheme_deck + s.scheme_discard)
    for g in s.gangs:
        schemes.update(g.hand + g.done + g.packet)
    if schemes != Counter(range(len(c.schemes))):
        _fail(s, f"Schemes not conserved: {sorted(schemes.elements())}")
    feds = Counter(s.fed_deck + s.fed_discard + sum((g.fed_cards for g in s.gangs), ()))
    if feds != Counter(range(len(c.feds))):
        _fail(s, f"Fed cards not conserved: {sorted(feds.elements())}")
    kept = [g.infamy for g in s.gangs if g.infamy >= 0]
    infamy = Counter(
        s.infamy_rest
        + (
            tuple(kept)
            if s.draft_round >= 3 and not s.in_lanes() and len(kept) == s.seats
            else sum((g.infamy_dealt for g in s.gangs), ())
        )
    )
    if infamy != Counter(range(len(c.infamy))):
        _fail(s, f"Infamy cards not conserved: {sorted(infamy.elements())}")
    if not s.is_over():
        for d in s.decisions():
            if len(d.codes) < 1 or not 0 <= d.seat < s.seats:
                _fail(s, f"pending decision {d.kind} of seat {d.seat} has {len(d.codes)} options")


def play(s: ProhibitionState, rng: random.Random, checked: bool = True, on_decision=None) -> ProhibitionState:
    """Random options to the end, checking the invariants after every decision."""
    if checked:
        check(s)
    n = 0
    while not s.is_over():
        d = s.decision()
        s.apply_index(rng.randrange(len(d.codes)))
        n += 1
        if checked:
            check(s)
        if on_decision is not None:
            on_decision(s, n)
        if n >= MAX_DECISIONS:
            _fail(s, f"no end within {MAX_DECISIONS} decisions")
    return s


def random_game(seed: int, checked: bool = True, **options) -> ProhibitionState:
    return play(new_game(seed, **options), random.Random(seed), checked)
