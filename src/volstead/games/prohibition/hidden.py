"""A full state consistent with what one seat may know (`determinize`): what the searching bots
play out. Compiled with the rules (compile.toml): an ISMCTS search calls it once every few
iterations (interpreted, it was a sixth of a Prohibition search). What a seat may know is
`view.py`'s module doc.
"""

from __future__ import annotations

import random

from volstead.engine.lanes import Lanes
from volstead.engine.rng import Lcg, seed_state
from volstead.engine.step import Step

from .rules.setup import DRAFT_KEEP, DraftPick, KeepInfamy
from .state import Gang, ProhibitionState


def _deal(draws: Lcg, pool: list[int], sizes: list[int]) -> list[tuple[int, ...]]:
    pool = sorted(pool)
    draws.shuffle(pool)
    out: list[tuple[int, ...]] = []
    k = 0
    for n in sizes:
        out.append(tuple(pool[k : k + n]))
        k += n
    return out


def determinize(s: ProhibitionState, seat: int, rng: random.Random) -> ProhibitionState:
    """A full state the seat cannot tell apart from the real one: the Scheme deck, rivals' hands
    (and draft packets), rivals' Infamy cards and the undealt ones re-dealt at random, the Fed
    deck reshuffled, rivals' secret choices of an open simultaneous phase taken back, and the
    generator reseeded. Hidden pools are sorted before shuffling, so the result depends only on
    what the seat knows and on `rng` (which seeds the engine's `Lcg` that shuffles them)."""
    draws = Lcg(rng.getrandbits(64))
    d = s.clone()
    c = d.content
    rivals: list[Gang] = [g for g in d.gangs if g.seat != seat]
    top = d.stack[-1] if d.stack else None
    lanes = top if isinstance(top, Lanes) else None
    drafting = d.draft_round < DRAFT_KEEP
    if lanes is not None:  # rivals' secret picks of this round are taken back
        stacks: list[list[Step]] = list(lanes.stacks)
        rngs = list(lanes.rngs)
        for i, k in enumerate(lanes.seats):
            if k != seat:
                stacks[i] = [DraftPick(k) if drafting else KeepInfamy(k)]
                rngs[i] = seed_state(rng.getrandbits(63))
        d.stack[-1] = Lanes(lanes.seats, stacks, rngs)
        for g in rivals:
            g.pick = -1
            if not drafting:
                g.infamy = -1

    # Schemes: the deck, rivals' hands and packets
    pool = list(d.scheme_deck)
    sizes: list[int] = []
    for g in rivals:
        pool.extend(g.hand)
        pool.extend(g.packet)
        sizes.append(len(g.hand))
    for g in rivals:
        sizes.append(len(g.packet))
    sizes.append(len(d.scheme_deck))
    parts = _deal(draws, pool, sizes)
    n = len(rivals)
    for i, g in enumerate(rivals):
        g.hand = tuple(sorted(parts[i]))
        g.packet = tuple(sorted(parts[n + i]))
    d.scheme_deck = parts[-1]

    # Infamy: everything but the seat's own two cards
    me = d.gangs[seat]
    discarded = lanes is None and all(g.infamy >= 0 for g in d.gangs)
    count = len(c.infamy)
    unknown = [x for x in range(count) if x not in me.infamy_dealt]
    dealt = _deal(draws, unknown, [len(g.infamy_dealt) for g in rivals])
    for i, g in enumerate(rivals):
        cards = dealt[i]
        had = g.infamy >= 0
        g.infamy_dealt = tuple(sorted(cards))
        g.infamy = cards[0] if had and cards else -1
    used: set[int] = set(me.infamy_dealt if not discarded else (me.infamy,))
    for g in rivals:
        used |= set(g.infamy_dealt if not discarded else (g.infamy,))
    d.infamy_rest = tuple([x for x in range(count) if x not in used])

    d.fed_deck = _deal(draws, list(d.fed_deck), [len(d.fed_deck)])[0]
    d.rng = seed_state(rng.getrandbits(63))
    d._decision = None
    return d
