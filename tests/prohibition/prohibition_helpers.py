"""Helpers of the Prohibition rule tests: a game past its set-up, steps run on their own, Blocks by
name. Imported by path (`from prohibition_helpers import ...`)."""

from __future__ import annotations

from typing import Any

from dice_script import scripted
from volstead.games.prohibition import GAME
from volstead.games.prohibition.options import Options
from volstead.games.prohibition.state import ProhibitionState


def new(seats: int = 2, seed: int = 1, **options: Any) -> ProhibitionState:
    """A new game (rolling the test's `dice`, if it has the fixture)."""
    return scripted(GAME.new_game(seed, seats, Options(**options)))


def after_setup(seats: int = 2, seed: int = 1, **options: Any) -> ProhibitionState:
    """A game whose Scheme draft and Infamy choice are done (first options), at 1921's first turn."""
    options.setdefault("first_seat", 0)
    options.setdefault("mats", ("tammany", "rum_row", "bowery", "five_points")[:seats])
    s = new(seats, seed, **options)
    while s.in_lanes():
        s.apply_index(0)
    return s


def run(s: ProhibitionState, *steps) -> ProhibitionState:
    """Replace the pending steps by these (the first runs first) and run to the first decision."""
    s.stack = list(reversed(steps))
    s._decision, s._pending = None, ()
    s._advance()
    return s


def ids(s: ProhibitionState) -> tuple[str, ...]:
    return s.decision().option_ids


def b(s: ProhibitionState, name: str) -> int:
    return s.content.block_index[name]


def kind(name: str) -> int:
    from volstead.games.prohibition.content.models import BUILDING_KINDS

    return BUILDING_KINDS.index(name)


def put_building(s: ProhibitionState, block: str, building: str, stocked: bool = False) -> int:
    """Take the top tile of the building's stack onto the Block (no cost, no Heat, no Guard)."""
    k = kind(building)
    tile = k * 7 + s.stacks[k][0]
    s.stacks = s.stacks[:k] + (s.stacks[k][1:],) + s.stacks[k + 1 :]
    s.set_block(b(s, block), tile=tile)
    s.set_stocked(b(s, block), stocked)
    return tile


def clear_units(s: ProhibitionState) -> None:
    s.goons = (0,) * len(s.goons)
    s.guards = (0,) * len(s.guards)


def scheme(s: ProhibitionState, sid: str) -> int:
    return s.content.scheme_index[sid]


def fed(s: ProhibitionState, fid: str) -> int:
    return s.content.fed_index[fid]
