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

from collections.abc import Sequence
from typing import Any, Final, Protocol

from .rng import MASK64, seed_state
from .rng import step as rng_step
from .step import Step


class HasStream(Protocol):
    """What `open_lanes` reads of a GameState: its random stream (a Protocol, not GameState: lanes.py
    sits below state.py, which imports it)."""

    rng: int


class Lanes(Step[Any]):
    """A barrier over private per-seat sub-stacks.

    Copy on write: a clone copies the main stack but shares its steps, so a `Lanes` step may be on
    the stacks of several states. The engine changes one in place only while it is `owned` (its
    own copy, made by `owned_copy` the first time a state changes it; a clone of that state clears
    the flag, and then both copy again). Everyone else treats it as immutable: a change (a bot's
    determinization) builds a new one."""

    __slots__ = ("seats", "stacks", "rngs", "owned")
    lanes = True
    kind = "lanes"
    seats: tuple[int, ...]
    stacks: list[list[Step[Any]]]
    rngs: list[int]
    owned: bool

    def __init__(self, seats: tuple[int, ...], stacks: Sequence[Sequence[Step[Any]]], rngs: Sequence[int]):
        self.seats = seats  # lane i belongs to seats[i], ascending
        self.stacks = [list(lane) for lane in stacks]  # lane i's steps, bottom first (the top is the last)
        self.rngs = list(rngs)  # lane i's random stream
        self.owned = False

    def lane_of(self, seat: int) -> int:
        seats = self.seats
        for i in range(len(seats)):  # compiled, `tuple.index` is a generic method call
            if seats[i] == seat:
                return i
        raise ValueError(f"seat {seat} has no lane in this phase")

    def owned_copy(self) -> Lanes:
        """A copy for one state to change in place (the engine's; see the class)."""
        new = Lanes(self.seats, self.stacks, self.rngs)
        new.owned = True
        return new

    def seat(self, state: Any) -> int:
        raise TypeError("a Lanes step has one deciding seat per lane: ask GameState.decisions()")


def open_lanes(state: HasStream, steps_by_seat: dict[int, list[Step[Any]] | tuple[Step[Any], ...]]) -> Lanes:
    """A `Lanes` step for the given seats (each lane's steps bottom first), with one random
    stream per lane drawn from the state's (one draw, whatever the number of lanes).
    Push it; the engine does the rest."""
    if not steps_by_seat:
        raise ValueError("a simultaneous phase needs at least one seat")
    state.rng = rng_step(state.rng)
    base = state.rng
    seats = tuple(sorted(steps_by_seat))
    return Lanes(seats, [steps_by_seat[s] for s in seats], [seed_state(base ^ _lane_salt(s)) for s in seats])


# (seat + 1) * 0x9E3779B97F4A7C15 mod 2**64: `seed_state` reads only its argument's low 64 bits,
# so the same streams as the unreduced product (a Python long to build each time).
_SALTS: Final = tuple((s + 1) * 0x9E3779B97F4A7C15 & MASK64 for s in range(8))


def _lane_salt(seat: int) -> int:
    return _SALTS[seat] if 0 <= seat < 8 else (seat + 1) * 0x9E3779B97F4A7C15 & MASK64
