"""Scripted dice for rule tests, through the engine's one injection point for chance: a state's
`scripted_draws`, the list `GameState.draw(n)` takes its next numbers from instead of the state's
random stream (engine/state.py). Production code has no test hook of its own: a game rolls a die
as `draw(sides) + 1`, and a test sets the draws on the state it plays.

A game's tests make a `dice` fixture from `scripting(Dice(sides))`: the states its helpers make
while the fixture is active (`scripted(state)`) roll those dice; `dice.on(state)` scripts any other
state. Imported by path (tests/ is on sys.path): `from dice_script import ...`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from volstead.engine.state import GameState

S = TypeVar("S", bound=GameState)


class Dice:
    """The faces the dice of a state show next, in order: `dice += [1, 3]`, `dice.append(6)`.
    A face f is the draw f - 1 (a die is `draw(sides) + 1`); a face the die cannot show fails at
    once, and a game that rolls more dice than are queued raises a VolsteadError."""

    def __init__(self, sides: int):
        self.sides = sides
        self.draws: list[int] = []  # shared with every state the dice are on

    def on(self, state: S) -> S:
        """Make `state` (and no clone of it) roll these dice."""
        state.scripted_draws = self.draws
        return state

    def append(self, face: int) -> None:
        if type(face) is not int or not 1 <= face <= self.sides:
            raise ValueError(f"a {self.sides}-sided die cannot show {face!r}")
        self.draws.append(face - 1)

    def extend(self, faces: Iterable[int]) -> None:
        for face in faces:
            self.append(face)

    def __iadd__(self, faces: Iterable[int]) -> Dice:
        self.extend(faces)
        return self

    def __len__(self) -> int:
        return len(self.draws)

    def __repr__(self) -> str:
        return f"Dice({[d + 1 for d in self.draws]})"


_scripting: Dice | None = None  # the active `dice` fixture's (test code, read only by test helpers)


@contextmanager
def scripting(dice: Dice) -> Iterator[Dice]:
    """While active, `scripted` gives `dice` to the states the test helpers make."""
    global _scripting
    _scripting = dice
    try:
        yield dice
    finally:
        _scripting = None


def scripted(state: S) -> S:
    """`state`, rolling the active `dice` fixture's dice if the test uses one (test helpers call it
    on every state they make)."""
    if _scripting is not None:
        _scripting.on(state)
    return state
