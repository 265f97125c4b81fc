"""A full state consistent with what one seat may know (`determinize`): what the searching bots
play out. Compiled with the rules (compile.toml): an ISMCTS search calls it once every few
iterations. What a seat may know is `view.py`'s module doc.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from volstead.engine.rng import Lcg, seed_state
from volstead.engine.step import AUTO, step_mode

from .rules.orders import KeepDealer, KeepJob
from .state import ScarfaceState


def _split(pool: Sequence[int], sizes: list[int]) -> list[tuple[int, ...]]:
    out, k = [], 0
    for n in sizes:
        out.append(tuple(pool[k : k + n]))
        k += n
    return out


def _shuffled(draws: Lcg, items) -> tuple:
    pool = sorted(items)
    draws.shuffle(pool)
    return tuple(pool)


def _sample(draws: Lcg, items, k: int) -> tuple:
    """k of `items` in a random order (as `random.sample`, from the engine's generator)."""
    return _shuffled(draws, items)[:k]


def determinize(s: ScarfaceState, seat: int, rng: random.Random) -> ScarfaceState:
    """A full state the seat cannot tell apart from the real one.

    Unknown cards are re-dealt at random: rivals' hands with their decks and the
    cards of their discard piles under the top one, every
    deck's order, face-down Jobs of rivals with the Job deck, unseen News. A
    rival's hidden money is replaced by the seat's own (Volstead's neutral
    guess; docs/scarface1920-rules.md), raised if needed to what a deciding
    rival visibly has. The state's generator is reseeded, so future shuffles
    are unknown too. The piles are shuffled by the engine's `Lcg`, seeded from
    `rng` (a `random.Random` call a card was most of a determinization).
    """
    # Every hidden pool is sorted before it is shuffled, so the result depends only
    # on what the seat knows and on `rng`, never on the real hidden order.
    draws = Lcg(rng.getrandbits(64))
    d = s.clone()
    for p in d.players:
        if p.seat == seat:
            p.deck = _shuffled(draws, p.deck)
            continue
        under = p.discard[:-1]  # a rival's discard pile shows only its top card
        pool = _shuffled(draws, p.hand + p.deck + under)
        hand, deck, under = _split(pool, [len(p.hand), len(p.deck), len(under)])
        p.hand, p.deck, p.discard = tuple(sorted(hand)), deck, tuple(under) + p.discard[-1:]
        if d.enforcer < 0:  # solo: the Enforcer's money is public
            p.money = s.players[seat].money
    if d.enforcer >= 0:
        for name in ("enf_deck", "enf_deck_b", "enf_deck_c"):
            setattr(d, name, _shuffled(draws, getattr(d, name)))
    rivals = [p for p in d.players if p.seat != seat]
    # Jobs and Dealers a rival drew and is choosing among are hidden too.
    pending = [(i, st) for i, st in enumerate(d.stack) if isinstance(st, (KeepJob, KeepDealer)) and st.seat_ != seat]
    held_jobs = [j for _, st in pending if isinstance(st, KeepJob) for j in st.drawn]
    held_dealers = [x for _, st in pending if isinstance(st, KeepDealer) for x in st.drawn]
    jobs = _shuffled(draws, [j for p in rivals for j in p.jobs] + list(d.job_deck) + held_jobs)
    parts = _split(jobs, [len(p.jobs) for p in rivals] + [len(held_jobs), len(d.job_deck)])
    for p, part in zip(rivals, parts):
        p.jobs = tuple(sorted(part))
    d.job_deck = parts[-1]
    dealers = _shuffled(draws, list(d.dealer_deck) + held_dealers)
    new_held = {"jobs": list(parts[-2]), "dealers": dealers[: len(held_dealers)]}
    d.dealer_deck = tuple(dealers[len(held_dealers) :])
    for i, st in pending:
        key = "jobs" if isinstance(st, KeepJob) else "dealers"
        drawn, new_held[key] = tuple(new_held[key][: len(st.drawn)]), new_held[key][len(st.drawn) :]
        d.stack[i] = type(st)(st.seat_, drawn)
    if d.draft and d.enforcer < 0:  # solo: the one pair drawn is on the table (solo/setup.py)
        draft = list(d.draft)
        for k in range(d.seats):
            if k != seat:
                draft[k] = _sample(draws, d.job_deck, min(len(draft[k]), len(d.job_deck)))
        d.draft = tuple(draft)
    d.raid_deck = _shuffled(draws, d.raid_deck)
    if d.deck_low:  # the top card of each Associate deck is revealed
        d.deck_low = d.deck_low[:1] + _shuffled(draws, d.deck_low[1:])
    if d.deck_high:
        d.deck_high = d.deck_high[:1] + _shuffled(draws, d.deck_high[1:])
    c = d.content
    if len(d.news_deck) > 1:  # the last card is known: "Prohibition Ends at Last!"
        unseen = [n for n in c.news_middle if n not in d.news_seen]
        d.news_deck = _sample(draws, unseen, len(d.news_deck) - 1) + d.news_deck[-1:]
    d.rng = seed_state(rng.getrandbits(63))
    # A rival who is deciding publicly has enough money for some option (every
    # player sees them upgrading, bribing...): raise the guess to the least money
    # that keeps one option, a lower bound the seat could deduce at the table.
    if d.stack and step_mode(d.stack[-1]) != AUTO:
        top = d.stack[-1]
        decider = top.seat(d)
        if decider != seat:
            rival, true_money = d.players[decider], s.players[decider].money
            while rival.money < true_money and not top.options(d):
                rival.money += 1
    d._decision = None
    return d
