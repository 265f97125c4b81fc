"""Engine states and steps as declared data: slots, explicit clones, SeatStep."""

from __future__ import annotations

from typing import Self

import pytest

from volstead.engine import SeatStep, Step
from volstead.engine import rng as vrng
from volstead.engine.state import DictState, GameState


class Pick(SeatStep["PairState"]):
    """The seat picks 1 or 2; the other seat picks next until the total reaches 5."""

    __slots__ = ("round_",)
    kind = "pick"

    def __init__(self, seat: int, round_: int):
        super().__init__(seat)
        self.round_ = round_

    def options(self, state: PairState) -> tuple[int, ...]:
        return (1, 2)

    def choose(self, state: PairState, code: int) -> None:
        state.total += code
        state.picks = state.picks + (code,)
        if state.total < 5:
            state.stack.append(Pick(1 - self.seat_, self.round_ + 1))


class PairState(GameState):
    __slots__ = ("total", "picks")
    total: int
    picks: tuple[int, ...]

    def __init__(self) -> None:
        self.seed, self.seats, self.options, self.rng = 1, 2, None, vrng.seed_state(1)
        self.total, self.picks = 0, ()
        self.stack = [Pick(0, 0)]
        self._start()

    def _copy_into(self, new: Self) -> None:
        super()._copy_into(new)
        new.total = self.total
        new.picks = self.picks


class LooseState(DictState):
    """No __slots__: a quick test game; its own fields live in __dict__."""

    def __init__(self) -> None:
        self.seed, self.seats, self.options, self.rng = 2, 2, None, vrng.seed_state(2)
        self.total, self.picks, self.extra = 0, (), "x"
        self.stack = [Pick(0, 0)]
        self._start()


def test_a_declared_state_has_no_dict_and_clones_field_by_field():
    s = PairState()
    s.apply_index(1)
    assert not hasattr(s, "__dict__")
    with pytest.raises(AttributeError):
        s.undeclared = 1  # type: ignore[attr-defined]
    c = s.clone()
    assert type(c) is PairState
    assert (c.total, c.picks, c.seed, c.seats, c.rng, c.decisions_made) == (2, (2,), 1, 2, s.rng, 1)
    assert c.stack == s.stack and c.stack is not s.stack and c.history is s.history
    assert c.decision().seat == 1 and c.decision().codes == (1, 2)
    c.apply_index(0)
    assert (s.total, s.picks, len(s.stack), s.decision().seat) == (2, (2,), 1, 1)
    assert (c.total, c.picks, c.decision().seat) == (3, (2, 1), 0)


def test_a_state_without_slots_still_clones_its_own_fields():
    s = LooseState()
    s.apply_index(0)
    c = s.clone()
    assert (c.total, c.picks, c.extra, c.decisions_made) == (1, (1,), "x", 1)
    c.apply_index(1)
    assert (s.total, s.picks) == (1, (1,)) and (c.total, c.picks) == (3, (1, 2))
    assert c.decision_log() == [(0, "1"), (1, "2")] and s.decision_log() == [(0, "1")]


class ForgetfulState(GameState):
    """Fields outside __slots__ without DictState: its clones would drop them."""

    def __init__(self) -> None:
        self.seed, self.seats, self.options, self.rng = 3, 2, None, vrng.seed_state(3)
        self.total = 0
        self.stack = [Pick(0, 0)]
        self._start()


def test_a_state_with_undeclared_fields_must_say_so_by_subclassing_dict_state():
    with pytest.raises(TypeError, match="ForgetfulState has fields outside __slots__"):
        ForgetfulState()


def test_seat_step_names_its_seat_and_shows_every_field():
    step = Pick(1, 3)
    assert isinstance(step, Step) and step.seat(PairState()) == 1
    assert repr(step) == "Pick(seat_=1, round_=3)"
    assert not hasattr(step, "__dict__")
    s = PairState()
    s.apply_index(0)
    s.apply_index(1)
    assert [d for d in s.decision_log()] == [(0, "1"), (1, "2")]
    assert s.decision().seat == 0
