"""A full state consistent with what one seat may know (`determinize`), and what a seat may see of
the last move's deal terms (`roll_view`): what the searching bots play out. Compiled with the rules
(compile.toml): an ISMCTS search calls `determinize` once every few iterations (interpreted, it was
a third of a Mafia search). What a seat may know is `view.py`'s module doc.
"""

from __future__ import annotations

import random
from typing import Any, Final

from volstead.engine.lanes import Lanes
from volstead.engine.rng import Lcg, seed_state
from volstead.engine.step import Step
from volstead.engine.tuples import replaced

from .content.loader import A0, B0
from .rules.chains import SHARE_STEPS
from .rules.negotiation import Deal, FeeAnswer
from .state import MafiaState, Syndicate

# What a move's record (`state.last_roll`) keeps for the parties of a deal alone (§6.5 "offers are
# private"): a Shipment's/Heist's agreed shares and what each partner was paid, and a Fix's fee.
DEAL_KEYS: Final[tuple[str, ...]] = ("shares", "paid", "kept", "fee")


def roll_view(rec: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The last move as `seat` may see it: the dice, Edges and outcome for everyone; a chain's shares
    and payments to the initiator (all) and each partner (its own); a Fix's fee to the fixer and the
    target's owner. Spectators (None) see no deal terms."""
    if not any(k in rec for k in DEAL_KEYS):
        return rec
    out = {k: v for k, v in rec.items() if k not in DEAL_KEYS}
    if seat is None:
        return out
    mover = rec["seat"]
    if "fee" in rec:
        target = rec.get("target") or {}
        if seat in (mover, target.get("seat")):
            out["fee"] = rec["fee"]
    for key in ("shares", "paid"):
        if key in rec:
            if seat == mover:
                out[key] = dict(rec[key])
            elif str(seat) in rec[key]:
                out[key] = {str(seat): rec[key][str(seat)]}
    if "kept" in rec and seat == mover:
        out["kept"] = rec["kept"]
    return out


def _split(pool: list[int], sizes: list[int]) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    k = 0
    for n in sizes:
        out.append(tuple(pool[k : k + n]))
        k += n
    return out


def _shuffled(draws: Lcg, items: tuple[int, ...] | list[int]) -> list[int]:
    pool = sorted(items)
    draws.shuffle(pool)
    return pool


def _of_type(cards: tuple[int, ...], low: int, high: int) -> tuple[int, ...]:
    """The cards `low` <= card < `high` of `cards`, in order (a loop: a generator compiled is a class)."""
    out: list[int] = []
    for x in cards:
        if low <= x < high:
            out.append(x)
    return tuple(out)


def determinize(s: MafiaState, seat: int, rng: random.Random) -> MafiaState:
    """A full state the seat cannot tell from the real one: rivals' choices in an open secret
    phase undone and, while the seat itself is deciding in it, every rival taken as done with
    it, as if it had changed nothing (what the seat sees of it; only the "deciding"/"done"
    status differs, see below; a seat already done sees its rivals still deciding start again),
    rivals' stashes guessed as the seat's own, rivals' market cards re-dealt among what the seat
    has not seen, every deck's order and the random stream redrawn, a negotiation's offers
    re-drawn unless the seat is a party. Every hidden pool is sorted before it is shuffled, so
    the result depends only on what the seat knows and on `rng` (which seeds the engine's `Lcg`
    that shuffles them).

    Why rivals are done in an open secret phase rather than deciding again: the simulator and the
    server ask the seats of a phase one after another, so the last seat asked found its rivals done
    and the first found them deciding; greedy's lookahead after its own "done" then went on into the
    next phases for the last seat only (the others' rivals still had Market choices to play), and the
    last seat bought 7.7 cards a game to the others' 9.5 and won 39 % of 100 four-greedy games.
    With every rival done, every seat looks ahead alike (7.1–7.5 cards; docs/bots.md)."""
    draws = Lcg(rng.getrandbits(64))
    d = s.clone()
    start = s.lane_start
    if s.in_lanes() and start is not None:
        lanes = d.stack[-1]
        assert isinstance(lanes, Lanes)
        stacks: list[list[Step[Any]]] = list(lanes.stacks)
        rngs = list(lanes.rngs)
        syn = list(d.syn)
        deciding = seat in lanes.seats and bool(lanes.stacks[lanes.lane_of(seat)])
        for i, k in enumerate(lanes.seats):
            if k != seat:
                syn[k] = start[k].copy()
                rngs[i] = seed_state(rng.getrandbits(63))
                if deciding:  # done, as if it had changed nothing (its choices are unknown)
                    stacks[i] = []
                elif stacks[i]:  # (the seat itself is done: a rival still deciding decides again)
                    stacks[i] = list(s.lane_init[k])
        d.syn = tuple(syn)
        d.stack[-1] = Lanes(lanes.seats, stacks, rngs)
    me = d.syn[seat]
    me.g_deck = tuple(_shuffled(draws, me.g_deck))
    me.b_deck = tuple(_shuffled(draws, me.b_deck))
    me.a_deck = tuple(_shuffled(draws, me.a_deck))
    rivals: list[Syndicate] = [y for y in d.syn if y.seat != seat]
    # Gangsters the seat has not seen could be in any rival's market.
    pool: list[int] = []
    sizes: list[int] = []
    for y in rivals:
        dropped_g = _of_type(y.dropped, 0, B0)
        pool.extend(y.g_row)
        pool.extend(y.g_deck)
        pool.extend(dropped_g)
        sizes.append(len(y.g_row))
        sizes.append(len(y.g_deck))
        sizes.append(len(dropped_g))
    dealt = _split(_shuffled(draws, pool), sizes)
    for i, y in enumerate(rivals):
        y.g_row, y.g_deck, dropped_g = dealt[3 * i], dealt[3 * i + 1], dealt[3 * i + 2]
        # a rival's own Business and Asset copies stay its own, re-dealt among its hidden places
        dropped = y.dropped
        old_b = _of_type(dropped, B0, A0)
        b = _split(_shuffled(draws, y.b_row + y.b_deck + old_b), [len(y.b_row), len(y.b_deck), len(old_b)])
        y.b_row, y.b_deck = b[0], b[1]
        old_a = _of_type(dropped, A0, 1 << 30)
        a = _split(_shuffled(draws, y.a_row + y.a_deck + old_a), [len(y.a_row), len(y.a_deck), len(old_a)])
        y.a_row, y.a_deck = a[0], a[1]
        y.dropped = dropped_g + b[2] + a[2]
        y.stash = me.stash  # Volstead's neutral guess of a secret stash
        y.went_negative = y.stash < 0
        y.known = ()
    if start is not None:  # rivals as the open phase found them: the determinized guesses
        d.lane_start = tuple([start[k] if k == seat else y.copy() for k, y in enumerate(d.syn)])
    d.observer = seat
    d.event_deck = tuple(_shuffled(draws, d.event_deck))
    if d.last_roll:
        d.last_roll = roll_view(d.last_roll, seat)
    top = d.stack[-1] if d.stack else None
    if isinstance(top, Deal):
        chain = top.chain
        if seat != chain.seat:  # a partner knows its own share only, an outsider none
            shares: list[tuple[int, int]] = []
            for t, k in chain.shares:
                shares.append((t, k if t == seat else rng.randint(0, SHARE_STEPS)))
            chain = replaced(chain, shares=tuple(shares))
        share = top.share if seat in top.parties() else rng.randint(0, SHARE_STEPS)
        d.stack[-1] = type(top)(top.seat_, chain, top.other, share)
    elif isinstance(top, FeeAnswer) and seat not in top.parties():
        d.stack[-1] = FeeAnswer(top.seat_, top.fixer, top.col, top.tcol, 10 * rng.randint(1, 10))
    d.rng = seed_state(rng.getrandbits(63))
    d._decision = None
    return d
