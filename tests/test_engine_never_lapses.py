"""`Step.never_lapses`: a decision whose options the engine finds only when it is asked for.

A search scores the position its expanded option leads to as it stands, so the menu of the
decision after it was built for nothing; a step that promises to have an option whenever it comes
up (its rules make sure) lets the engine leave that menu until someone asks. The game it plays is
the same one, option for option.
"""

from __future__ import annotations

import pytest

from test_engine import GAME, Add, CountOptions, CountState, NextTurn, play_out, snapshot
from volstead.engine import VolsteadError
from volstead.engine.contract import GameOptions

asked: list[int] = []  # the counter each time LazyAdd's options were found


class LazyAdd(Add):
    """`Add` (it always has an option: 1, and 2 while there is room), with its menu found when asked."""

    __slots__ = ()
    never_lapses = True

    def options(self, state):
        asked.append(state.counter)
        return super().options(state)

    def choose(self, state, code):
        super().choose(state, code)
        if state.stack and type(state.stack[-1]) is NextTurn:
            state.stack[-1] = LazyNextTurn()


class LazyNextTurn(NextTurn):
    __slots__ = ()

    def run(self, state):
        state.turn = (state.turn + 1) % state.seats
        state.stack.append(LazyAdd())


class Broken(Add):
    """Says it never lapses, and has no options."""

    __slots__ = ()
    never_lapses = True

    def options(self, state):
        return ()


def lazy_game(seed: int, options: GameOptions | None = None) -> CountState:
    s = CountState(seed, 2, options or CountOptions())
    s.stack = [LazyAdd()]
    s._start()
    return s


def test_its_options_are_found_only_when_the_decision_is_asked_for():
    asked.clear()
    s = lazy_game(1)
    assert asked == []  # set up, and nothing asked yet
    s.decision()
    assert asked == [0]
    s.apply_index(1)  # adds 2
    assert asked == [0]  # the next seat's menu is not built by the move
    assert not s.is_over()
    assert s.decision().codes == (1, 2)
    assert asked == [0, 2]


def test_it_plays_the_same_game_as_a_step_that_may_lapse():
    picks = [1, 0, 1, 1, 0]
    lazy = play_out(lazy_game(7), picks)
    eager = play_out(GAME.new_game(seed=7, seats=2), picks)
    assert lazy.counter == eager.counter == 10
    assert lazy.result() == eager.result()
    assert snapshot(lazy)[0] == snapshot(eager)[0]  # the same public view at the end


def test_a_clone_asks_for_its_own_options():
    asked.clear()
    s = lazy_game(3)
    s.apply_index(0, s.decision().seat)
    copy = s.clone()
    assert copy.decision().codes == (1, 2)
    assert s.decision().codes == (1, 2)
    assert asked == [0, 1, 1]


def test_a_step_that_breaks_the_promise_is_named():
    s = CountState(5, 2, CountOptions())
    s.stack = [Broken()]
    s._start()
    assert not s.is_over()
    with pytest.raises(VolsteadError, match="Broken says it never lapses"):
        s.decision()
