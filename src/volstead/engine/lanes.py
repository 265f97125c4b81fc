"""Secret simultaneous phases: one private sub-stack of steps ("lane") per seat.

A `Lanes` step sits on the main stack while every seat in it works through its
own steps in private (a whole shopping phase: buy, release, rearrange, done).
The engine runs each lane's automatic steps, lists every lane's pending
decision (`GameState.decisions()`), applies a choice to the named seat's lane,
and pops the `Lanes` step — a barrier — once every lane is empty, so the step
beneath it (the game's reveal) runs next.

While a lane's steps run, `state.stack` *is* that lane's stack and
`state.rng` that lane's random stream, so ordinary step code (push a step,
shuffle, draw) works unchanged inside a lane. One stream per lane, drawn when
the phase opens, keeps a replay exact whatever order the seats acted in.

Keeping choices private is the game's part: lane steps should write only to
what their seat owns, and `view(seat)` shows a rival's lane only as "deciding"
or "done" (`GameState.pending_seats()`) until the reveal step runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .rng import seed_state
from .rng import step as rng_step
from .step import Step

if TYPE_CHECKING:
    from .state import GameState


class Lanes(Step[Any]):
    """A barrier over private per-seat sub-stacks. Immutable: a change replaces the step."""

    __slots__ = ("seats", "stacks", "rngs")
    lanes = True
    kind = "lanes"
    seats: tuple[int, ...]
    stacks: tuple[tuple[Step[Any], ...], ...]
    rngs: tuple[int, ...]

    def __init__(self, seats: tuple[int, ...], stacks: tuple[tuple[Step[Any], ...], ...], rngs: tuple[int, ...]):
        self.seats = seats  # lane i belongs to seats[i], ascending
        self.stacks = stacks  # lane i's steps, bottom first (the top is the last)
        self.rngs = rngs  # lane i's random stream

    def lane_of(self, seat: int) -> int:
        return self.seats.index(seat)

    def with_lane(self, i: int, stack: tuple[Step[Any], ...], rng: int) -> Lanes:
        return Lanes(self.seats, self.stacks[:i] + (stack,) + self.stacks[i + 1:],
                     self.rngs[:i] + (rng,) + self.rngs[i + 1:])

    def seat(self, state: Any) -> int:
        raise TypeError("a Lanes step has one deciding seat per lane: ask GameState.decisions()")


def open_lanes(state: GameState, steps_by_seat: dict[int, list[Step[Any]] | tuple[Step[Any], ...]]) -> Lanes:
    """A `Lanes` step for the given seats (each lane's steps bottom first), with one random
    stream per lane drawn from the state's (one draw, whatever the number of lanes).
    Push it; the engine does the rest."""
    if not steps_by_seat:
        raise ValueError("a simultaneous phase needs at least one seat")
    state.rng = rng_step(state.rng)
    base = state.rng
    seats = tuple(sorted(steps_by_seat))
    return Lanes(seats, tuple(tuple(steps_by_seat[s]) for s in seats),
                 tuple(seed_state(base ^ (s + 1) * 0x9E3779B97F4A7C15) for s in seats))
