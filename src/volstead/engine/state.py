"""The game-agnostic part of every game state.

A state is always either waiting on exactly one decision (the step on top of
its stack) or over (empty stack). Game modules subclass `GameState`, keep
their data as plain values (ints, strings, tuples) in instance attributes,
and put every multi-step procedure on `self.stack` as immutable `Step`s.

Cloning copies the instance dict and the stack list and shares everything
else, so game code must *replace* tuples rather than mutate containers; the
only mutable containers a subclass may hold are the ones it lists in
`_copied_lists` / copies in `_clone_parts`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .decision import Decision
from .errors import GameOverError, IllegalOptionError, WrongSeatError
from .step import Step


class GameState:
    game_name: ClassVar[str] = "?"

    # Set by subclasses' constructors.
    seed: int
    seats: int
    options: Any
    rng: int
    stack: list[Step]
    history: tuple | None  # cons list: (step, code, previous) — O(1) append and clone
    decisions_made: int
    _decision: Decision | None

    # ------------------------------------------------------------------ flow
    def _start(self) -> None:
        """Run automatic steps until the first decision (call at the end of setup)."""
        self._decision = None
        self.history = None
        self.decisions_made = 0
        self._advance()

    def _advance(self) -> None:
        """Run automatic steps until a decision with at least one option is on top.

        A decision step with no legal option when it comes up lapses: that is
        the golden rule "do as much as possible" applied uniformly.
        """
        stack = self.stack
        while stack:
            top = stack[-1]
            if top.auto:
                stack.pop().run(self)
                continue
            codes = top.options(self)
            if codes:
                self._decision = Decision(self, top, top.seat(self), codes)
                return
            stack.pop()
        self._decision = None

    def is_over(self) -> bool:
        return not self.stack

    def decision(self) -> Decision:
        d = self._decision
        if d is None:
            if not self.stack:
                raise GameOverError("the game is over: no decision is pending")
            top = self.stack[-1]
            d = Decision(self, top, top.seat(self), top.options(self))
            self._decision = d
        return d

    def apply_index(self, index: int, seat: int | None = None) -> None:
        """Choose the option at `index` of the pending decision."""
        d = self.decision()
        if seat is not None and seat != d.seat:
            raise WrongSeatError(f"seat {seat} cannot decide now: it is seat {d.seat}'s decision ({d.kind})")
        codes = d.codes
        if type(index) is not int:
            raise IllegalOptionError(f"option index must be an integer, got {index!r} ({type(index).__name__})")
        if not 0 <= index < len(codes):
            raise IllegalOptionError(
                f"option index {index!r} is out of range: there are {len(codes)} options (0–{len(codes) - 1})"
            )
        code = codes[index]
        step = self.stack.pop()
        self._decision = None
        self.history = (step, code, self.history)
        self.decisions_made += 1
        step.choose(self, code)
        self._advance()

    def apply(self, option_id: str, seat: int | None = None) -> None:
        """Choose the option whose stable id is `option_id`."""
        d = self.decision()
        if seat is not None and seat != d.seat:
            raise WrongSeatError(f"seat {seat} cannot decide now: it is seat {d.seat}'s decision ({d.kind})")
        if not isinstance(option_id, str):
            raise IllegalOptionError(f"option id must be a string, got {type(option_id).__name__}")
        self.apply_index(d.index_of(option_id))

    # ----------------------------------------------------------------- copies
    def clone(self):
        new = object.__new__(type(self))
        new.__dict__ = self.__dict__.copy()
        new.stack = self.stack.copy()
        new._decision = None
        self._clone_parts(new)
        return new

    def _clone_parts(self, new) -> None:
        """Copy the mutable parts a subclass keeps (players, ...)."""

    # ---------------------------------------------------------------- history
    def decision_ids(self) -> list[str]:
        """The ids of every decision taken so far, oldest first."""
        out = []
        node = self.history
        while node is not None:
            step, code, node = node
            out.append(step.option_id(self, code))
        out.reverse()
        return out

    def record(self) -> dict:
        from .record import make_record

        return make_record(self)

    # ------------------------------------------------- game-specific interface
    def result(self) -> dict:
        raise NotImplementedError

    def view(self, seat: int | None) -> dict:
        raise NotImplementedError

    def determinize(self, seat: int, rng) -> GameState:
        raise NotImplementedError

    def options_json(self) -> dict:
        raise NotImplementedError
