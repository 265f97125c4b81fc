"""Shared set-up for Scarface 1920 rule tests: bare boards, Plans worth exact values, steps run to a decision."""

from __future__ import annotations

from volstead.engine.step import Step
from volstead.games import get_game
from volstead.games.scarface1920.options import Options

GANGS = ("outfit", "black_wolves", "seven_gems", "north_side")
FAR_NORTH, NORTH, WEST, CENTRAL, SOUTHWEST, SOUTH, FAR_SOUTH = range(7)


def bare_game(seats: int = 2, seed: int = 5, variant: str = "published", money: int | None = None):
    """A game past its setup decisions, then a bare board: no control, pieces, police, Deals or Jobs."""
    s = get_game("scarface1920").new_game(seed, seats, Options(variant=variant, gangs=GANGS[:seats]))
    while s.decision().kind != "plan":
        s.apply_index(0)
    s.hoods = ()
    s.police = ()
    for p in s.players:
        p.thugs = p.cars = p.trucks = (0,) * 7
        p.deals = ()
        p.jobs = ()
        if money is not None:
            p.money = money
    return s


def tile(s, tile_id: str) -> int:
    return next(i for i, t in enumerate(s.content.tiles) if t.id == tile_id)


def dealer(s, dealer_id: str) -> int:
    return s.content.dealer_index[dealer_id]


def card(s, card_id: str) -> int:
    return s.content.card_index[card_id]


def job(s, job_id: str) -> int:
    return s.content.job_index[job_id]


def set_plan(s, seat: int, muscle: int, influence: int, cards: int = 1, extra: tuple = ()) -> None:
    """Lay out `cards` of the seat's own cards (plus `extra` cards) worth exactly muscle/influence."""
    p = s.players[seat]
    pool = list(p.hand + p.deck)
    p.plan = tuple(pool[:cards]) + tuple(extra)
    p.hand = tuple(sorted(x for x in p.hand if x not in p.plan))
    p.deck = tuple(x for x in p.deck if x not in p.plan)
    s.active = seat
    s.turn_muscle = s.turn_influence = 0
    s.turn_muscle = muscle - s.muscle(seat)
    s.turn_influence = influence - s.influence(seat)
    assert (s.muscle(seat), s.influence(seat)) == (muscle, influence)


def run(s, *steps) -> None:
    """Replace the stack with `steps` (bottom first) and run to the next decision."""
    s.stack = list(steps)
    s._decision = None
    s._advance()


class Halt(Step):
    """Sentinel decision: reaching it means what was pushed above it is complete."""

    __slots__ = ()
    kind = "halt"

    def seat(self, s):
        return 0

    def options(self, s):
        return ("halt",)

    def choose(self, s, code):
        pass
