"""Seeded random Mafia Chronicles games and the invariants every state must keep.

Imported by path (pytest puts this folder on sys.path): `from mc_games import ...`.
Random play picks a random pending seat too, so the secret phases' lanes interleave.
"""

from __future__ import annotations

import random
from collections import Counter

from volstead.engine.lanes import Lanes
from volstead.games.mafia_chronicles import GAME
from volstead.games.mafia_chronicles.content.loader import A0, B0, DECK, INSTANCES
from volstead.games.mafia_chronicles.options import Options
from volstead.games.mafia_chronicles.rules.market import PlaceCard
from volstead.games.mafia_chronicles.rules.moves import PlaceFlipped, PlaceStolen
from volstead.games.mafia_chronicles.rules.ratings import printed
from volstead.games.mafia_chronicles.state import (
    COLUMNS,
    MAX_HEAT,
    PER_TYPE,
    PURCHASES,
    ROUNDS,
    MafiaState,
    partner_slot,
)

MAX_DECISIONS = 20_000
PHASES = {"setup", "market", "events", "moves", "income", "over"}


def new_game(seed: int, **options) -> MafiaState:
    return GAME.new_game(seed=seed, seats=4, options=Options(**options))


class InvariantError(AssertionError):
    pass


def _fail(s: MafiaState, what: str) -> None:
    raise InvariantError(f"seed={s.seed} options={s.options_json()} after decision #{s.decisions_made}: {what}")


def _held_by_steps(s: MafiaState) -> list[int]:
    """Cards between two places: bought and not yet placed, flipped or stolen and not yet placed."""
    out = []
    steps = list(s.stack)
    for st in s.stack:
        if isinstance(st, Lanes):
            for lane in st.stacks:
                steps.extend(lane)
    for st in steps:
        if isinstance(st, (PlaceCard, PlaceStolen)):
            out.append(st.inst)
        elif isinstance(st, PlaceFlipped):
            out.append(st.mob.card)
    return out


def check(s: MafiaState) -> None:
    c = s.content
    if s.phase not in PHASES or not 0 <= s.round <= ROUNDS:
        _fail(s, f"phase {s.phase!r}, round {s.round}")
    seen: Counter[int] = Counter(_held_by_steps(s))
    for y in s.syn:
        k = y.seat
        for col, mob in enumerate(y.mobs):
            if mob is None:
                continue
            if not 0 <= mob.heat <= MAX_HEAT or mob.jailed != (mob.heat == MAX_HEAT):
                _fail(s, f"seat {k} column {col}: Heat {mob.heat}, jailed {mob.jailed}")
            if min(printed(s, mob)) < 0 or min(mob.d_smarts, mob.d_grit, mob.d_move1, mob.d_move2) < 0:
                _fail(s, f"seat {k} column {col}: damage past the printed ratings: {mob}")
            if mob.flipped_from == k:
                _fail(s, f"seat {k} column {col}: flipped from its own syndicate")
            seen[mob.card] += 1
        for b in y.biz:
            if b >= 0:
                if not B0 + k * DECK <= b < B0 + (k + 1) * DECK:
                    _fail(s, f"seat {k} holds another syndicate's Business {b}")
                seen[b] += 1
        for slot, a in enumerate(y.assets):
            if a >= 0:
                if not A0 <= a < INSTANCES:
                    _fail(s, f"seat {k} asset slot {slot} holds {a}")
                other = y.assets[partner_slot(slot)]
                if other >= 0 and c.type_of(other) == c.type_of(a):
                    _fail(s, f"seat {k}: two {c.card_id(a)} in column {slot % COLUMNS}")
                seen[a] += 1
        for x in y.g_row + y.g_deck + y.b_row + y.b_deck + y.a_row + y.a_deck + y.dropped + y.gone:
            seen[x] += 1
        if any(n > PER_TYPE for n in y.buys) or sum(y.buys) > PURCHASES:
            _fail(s, f"seat {k} bought {y.buys} this Market")
        if y.stash < 0 and not y.went_negative:
            _fail(s, f"seat {k} has {y.stash} but is not marked as having gone negative")
        if len(y.g_row) > 5 or len(y.b_row) > 5 or len(y.a_row) > 5:
            _fail(s, f"seat {k} market rows too long")
    if sorted(seen) != list(range(INSTANCES)) or any(n != 1 for n in seen.values()):
        extra = sorted(x for x, n in seen.items() if n != 1)
        missing = sorted(set(range(INSTANCES)) - set(seen))
        _fail(s, f"cards not conserved: twice {extra}, missing {missing}")
    if not s.is_over():
        for d in s.decisions():
            if len(d.codes) < 1:
                _fail(s, f"pending decision {d.kind} of seat {d.seat} has no option")
            if not 0 <= d.seat < s.seats:
                _fail(s, f"pending decision {d.kind} is for seat {d.seat}")


def play(s: MafiaState, rng: random.Random, checking: bool = True, ids: list | None = None) -> MafiaState:
    """Random options for a random pending seat, to the end; invariants after every decision.
    With `ids`, the [seat, option id] chosen are appended (read at decision time)."""
    if checking:
        check(s)
    n = 0
    while not s.is_over():
        pending = s.decisions()
        d = pending[rng.randrange(len(pending))]
        i = rng.randrange(len(d.codes))
        if ids is not None:
            option_ids = d.option_ids
            if len(set(option_ids)) != len(option_ids):
                _fail(s, f"decision {d.kind} has duplicate option ids {option_ids}")
            ids.append([d.seat, option_ids[i]])
        s.apply_index(i, d.seat)
        n += 1
        if checking:
            check(s)
        if n >= MAX_DECISIONS:
            _fail(s, f"the game did not end within {MAX_DECISIONS} decisions")
    return s


def random_game(seed: int, checking: bool = True, **options) -> MafiaState:
    return play(new_game(seed, **options), random.Random(seed), checking)


def busy_choice(d, rng: random.Random) -> int:
    """A random option, weighted towards what builds a syndicate and makes moves (purchases,
    Shipments, Heists, deals), so random games reach the chains and the negotiations."""
    ids = d.option_ids
    weights = []
    for oid in ids:
        head = oid.split(":")[0]
        w = 1.0
        if d.kind == "market":
            w = {"buy": 6.0, "discard": 0.1, "move": 0.3, "done": 1.0}.get(head, 1.0)
        elif d.kind == "move":
            w = {"shipment": 30.0, "heist": 30.0, "pass": 0.3, "out": 0.1}.get(head, 1.0)
        elif d.kind in ("respond", "accept_final", "fee_answer"):
            w = 3.0 if head == "accept" else 1.0
        elif d.kind == "target" and oid == "back":
            w = 0.2
        weights.append(w)
    return rng.choices(range(len(ids)), weights)[0]


def play_busy(s: MafiaState, rng: random.Random, checking: bool = True, ids: list | None = None) -> MafiaState:
    """As `play`, with `busy_choice`."""
    if checking:
        check(s)
    n = 0
    while not s.is_over():
        pending = s.decisions()
        d = pending[rng.randrange(len(pending))]
        i = busy_choice(d, rng)
        if ids is not None:
            ids.append([d.seat, d.option_ids[i]])
        s.apply_index(i, d.seat)
        n += 1
        if checking:
            check(s)
        if n >= MAX_DECISIONS:
            _fail(s, f"the game did not end within {MAX_DECISIONS} decisions")
    return s
