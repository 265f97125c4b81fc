"""Set up Mafia Chronicles situations directly, and script the dice (through the engine's
`scripted_draws`: dice_script.py).

Imported by path (pytest puts this folder on sys.path): `from mc_helpers import ...`.
"""

from __future__ import annotations

import pytest

from dice_script import Dice, scripted, scripting
from volstead.engine.step import SeatStep
from volstead.games.mafia_chronicles import GAME
from volstead.games.mafia_chronicles.content.loader import A0, B0, DECK, default_content
from volstead.games.mafia_chronicles.options import Options
from volstead.games.mafia_chronicles.rules.market import MarketMenu
from volstead.games.mafia_chronicles.rules.moves import MoveMenu
from volstead.games.mafia_chronicles.state import MafiaState, Mob

C = default_content()


def g(gid: str) -> int:
    """A Gangster's instance (its index)."""
    return C.g_index[gid]


def biz(seat: int, bid: str, copy: int = 0) -> int:
    """The instance of a Business of `seat`'s deck."""
    t = C.b_index[bid]
    return B0 + seat * DECK + [i for i, x in enumerate(C.business_deck) if x == t][copy]


def asset(seat: int, aid: str, copy: int = 0) -> int:
    t = C.a_index[aid]
    return A0 + seat * DECK + [i for i, x in enumerate(C.asset_deck) if x == t][copy]


def blank(seed: int = 0, **opts) -> MafiaState:
    """A game after setup (first player seat 0) with every area and market empty and $500K each
    (rolling the test's `dice`, if it has the fixture)."""
    s = scripted(GAME.new_game(seed, 4, Options(first_seat=0, **opts)))
    for k in range(4):
        s.apply_index(0, k)  # Boss picks
    for y in s.syn:
        y.mobs, y.biz, y.assets = (None,) * 4, (-1,) * 4, (-1,) * 8
        y.stash = 500
    return s


def put(s: MafiaState, seat: int, col: int, gid: str, **markers) -> None:
    s.syn[seat].set_mob(col, Mob(g(gid), **markers))


def put_biz(s: MafiaState, seat: int, col: int, bid: str, copy: int = 0) -> None:
    s.syn[seat].set_biz(col, biz(seat, bid, copy))


def put_asset(s: MafiaState, seat: int, slot: int, aid: str, copy: int = 0, deck: int | None = None) -> None:
    s.syn[seat].set_asset(slot, asset(seat if deck is None else deck, aid, copy))


class Hold(SeatStep[MafiaState]):
    """A decision under the tested steps, so the game is not over once they are done."""

    __slots__ = ()
    kind = "hold"

    def options(self, s: MafiaState) -> tuple[str, ...]:
        return ("hold",)

    def choose(self, s: MafiaState, code: str) -> None:
        pass


def start(s: MafiaState, step, phase: str) -> MafiaState:
    s.phase = phase
    s.stack = [Hold(3), step]
    s._decision, s._pending = None, ()
    s._advance()
    return s


def held(s: MafiaState) -> bool:
    """Are the tested steps done (only the Hold left)?"""
    return len(s.stack) == 1 and isinstance(s.stack[0], Hold)


def moves(s: MafiaState, seat: int, round_: int = 2) -> MafiaState:
    """The Moves phase, `seat` to move (one move, then `held`)."""
    s.round = round_
    return start(s, MoveMenu(seat), "moves")


def market(s: MafiaState, seat: int) -> MafiaState:
    """`seat`'s Market menu (outside the lanes, for rule tests)."""
    return start(s, MarketMenu(seat), "market")


def mob(s: MafiaState, seat: int, col: int) -> Mob:
    m = s.syn[seat].mobs[col]
    assert m is not None
    return m


@pytest.fixture
def dice():
    """The D5 rolls of the games `blank` makes, in order: `dice += [4, 2]`, `dice.append(5)`
    (dice_script.py; `dice.on(state)` for a game made otherwise). Rolling more than the test queued
    fails, and so does leaving queued rolls unrolled."""
    with scripting(Dice(5)) as rolls:
        yield rolls
    assert not rolls, f"rolls queued but not rolled: {rolls}"
