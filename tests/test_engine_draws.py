"""Chance through the engine: `GameState.draw` and `dice` take the state's random stream (a lane's
own in a simultaneous phase), and a test scripts them through the one injection point, the state's
`scripted_draws` (tests/dice_script.py wraps it as dice faces)."""

from __future__ import annotations

from typing import Self

import pytest

from dice_script import Dice
from volstead.engine import SeatStep, VolsteadError
from volstead.engine import rng as vrng
from volstead.engine.lanes import open_lanes
from volstead.engine.state import GameState


class Roll(SeatStep["DiceState"]):
    """The seat rolls `count` six-sided dice (one option), or one draw below 10 ("draw")."""

    __slots__ = ()
    kind = "roll"

    def options(self, state: DiceState) -> tuple[str, ...]:
        return ("dice", "draw")

    def choose(self, state: DiceState, code: str) -> None:
        rolled = state.dice(2, 6) if code == "dice" else (state.draw(10),)
        state.rolled = state.rolled + ((self.seat_, rolled),)


class DiceState(GameState):
    __slots__ = ("rolled",)
    rolled: tuple[tuple[int, tuple[int, ...]], ...]

    def __init__(self, lanes: bool = False) -> None:
        self.seed, self.seats, self.options, self.rng = 7, 2, None, vrng.seed_state(7)
        self.rolled = ()
        self.stack = [Roll(1), Roll(0)]
        if lanes:
            self.stack = [open_lanes(self, {0: [Roll(0)], 1: [Roll(1)]})]
        self._start()

    def _copy_into(self, new: Self) -> None:
        super()._copy_into(new)
        new.rolled = self.rolled


def test_unscripted_draws_and_dice_take_the_states_stream():
    s = DiceState()
    assert s.scripted_draws is None
    stream = s.rng
    first, stream = vrng.below(stream, 6)
    second, stream = vrng.below(stream, 6)
    third, stream = vrng.below(stream, 10)
    s.apply("dice")
    s.apply("draw")
    assert s.rolled == ((0, (first + 1, second + 1)), (1, (third,))) and s.rng == stream


def test_scripted_draws_come_out_in_order_and_dice_are_draws_plus_one():
    s = DiceState()
    s.scripted_draws = [5, 0, 9]
    rng = s.rng
    s.apply("dice")
    s.apply("draw")
    assert s.rolled == ((0, (6, 1)), (1, (9,))) and s.scripted_draws == [] and s.rng == rng  # the stream untouched


def test_a_script_that_runs_out_or_draws_out_of_range_is_a_volstead_error():
    s = DiceState()
    s.scripted_draws = [2]
    with pytest.raises(VolsteadError, match=r"^the scripted draws ran out: the game draws a number below 6$"):
        s.apply("dice")
    s = DiceState()
    s.scripted_draws = [6, 1]
    with pytest.raises(VolsteadError, match=r"^the scripted draw 6 is not a number below 6, which the game draws$"):
        s.apply("dice")


def test_a_clone_draws_from_its_stream_not_the_tests_script():
    s = DiceState()
    s.scripted_draws = [3, 3]
    c = s.clone()
    assert c.scripted_draws is None
    c.apply("dice")
    assert s.scripted_draws == [3, 3] and c.rolled[0][1] == tuple(v + 1 for v in _draws(s.rng, 6, 2))


def test_draws_in_a_simultaneous_phase_take_the_same_script():
    s = Dice(6).on(DiceState(lanes=True))
    assert s.pending_seats() == (0, 1)
    s.scripted_draws.extend([1, 2, 7])
    s.apply("dice", seat=1)
    s.apply("draw", seat=0)
    assert s.rolled == ((1, (2, 3)), (0, (7,)))


def test_the_dice_helper_queues_faces_as_draws():
    dice = Dice(5)
    s = dice.on(DiceState())
    dice += [5, 1]
    dice.append(3)
    assert s.scripted_draws == [4, 0, 2] and len(dice) == 3 and repr(dice) == "Dice([5, 1, 3])"
    with pytest.raises(ValueError, match="a 5-sided die cannot show 6"):
        dice.append(6)


def _draws(rng: int, n: int, count: int) -> list[int]:
    out = []
    for _ in range(count):
        v, rng = vrng.below(rng, n)
        out.append(v)
    return out
