"""Pending steps: the explicit stack that replaces generators.

A step is an immutable object: cloning a state copies the stack list and
shares the steps. A step is either *automatic* (it runs, then pops itself or
pushes others) or a *decision* (a seat chooses among its options, then
`choose` does what the option says, again popping/pushing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import GameState


class Step:
    __slots__ = ()
    auto = False  # True: the engine calls run() instead of asking a seat
    lanes = False  # True only for engine.lanes.Lanes (a secret simultaneous phase)
    kind = "step"  # short machine name of the question, for UIs and logs

    def run(self, state: GameState) -> None:  # automatic steps only
        raise NotImplementedError

    def seat(self, state: GameState) -> int:
        raise NotImplementedError

    def options(self, state: GameState) -> tuple:
        raise NotImplementedError

    def choose(self, state: GameState, code: Any) -> None:
        raise NotImplementedError

    def option_id(self, state: GameState, code: Any) -> str:
        """A stable id. It must follow from the step and the code alone (static
        content lookups are fine): records rebuild ids after the game has moved on."""
        return str(code)

    def option_label(self, state: GameState, code: Any) -> str:
        return self.option_id(state, code)

    def prompt(self, state: GameState) -> str:
        return self.kind

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__)
        return f"{type(self).__name__}({fields})"


class SeatStep(Step):
    """A decision asked of the seat the step was made for (most decisions of most games)."""

    __slots__ = ("seat_",)

    def __init__(self, seat: int):
        self.seat_ = seat

    def seat(self, state: GameState) -> int:
        return self.seat_
