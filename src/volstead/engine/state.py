"""The game-agnostic part of every game state.

A state is always in one of three situations:

- one decision is pending (the step on top of its stack): `decision()`;
- a secret simultaneous phase is open (a `Lanes` step on top, see lanes.py):
  several seats have a decision pending at once, `decisions()` lists them and
  `apply(option, seat=...)` names the seat; `decision()` alone answers the
  first in seat order, so loops written for one decider (random playouts,
  the simulator) play such phases one seat after the other;
- the game is over (empty stack): `result()`.

Game modules subclass `GameState`, declare their fields (typed, in
`__slots__`), keep them as plain values (ints, strings, tuples) and put every
multi-step procedure on `self.stack` as immutable `Step`s. `clone()` copies
the fields one by one through `_copy_into(new)`, which each class with fields
extends (call super first), and shares the values, so game code must
*replace* tuples rather than mutate containers; a mutable part a subclass
keeps (its players) its `_copy_into` copies. A quick test game whose fields are undeclared
subclasses `DictState`, whose clone copies its `__dict__` too.
"""

from __future__ import annotations

import sys
from typing import Any, ClassVar, Final, Self, cast

from mypy_extensions import mypyc_attr

from .decision import Decision
from .errors import GameOverError, IllegalOptionError, VolsteadError, WrongSeatError
from .lanes import Lanes
from .rng import below
from .step import AUTO, DECIDE_LATER, LANES, Step, step_mode

# One decision taken: (step, code, seat, previous node or None) — a cons list, O(1) to append and
# to clone. The seat is stored as `-1 - seat` for a private step of a simultaneous phase, so that
# the steps a rival took in secret can be cut from what a bot is given (`without_rivals_private`).
# The tail is typed Any, not "HistoryNode | None": mypyc crashes on the recursive alias
# (docs/performance-log.md, second to fourth sessions).
# Built by mypyc (setup.py) or run from its source (all modules one way or the other: build_info).
# A game's per-seat objects copy from their constructor when compiled (a direct native call:
# `__new__` is a generic Python call there, which runs `__init__` anyway) and from a bare `__new__`
# when interpreted (no `__init__` to run before every field is set).
COMPILED: Final = not __file__.endswith(".py")

HistoryNode = tuple[Step[Any], Any, int, Any]


class EarlierDecisions(Step[Any]):
    """The oldest node of a compacted history (`GameState.compact_history`): the seat and option id
    of every decision taken before the nodes above it, oldest first, seats coded as in a node.

    Stored flat (issue 15: a finished game's memory): the seats as one byte each (seat + 128) and the
    ids as interned strings, shared by every game that took the same option — about 9 bytes a
    decision, where a node with its step is about 140."""

    __slots__ = ("seats", "ids")
    kind = "earlier"

    def __init__(self, seats: bytes, ids: tuple[str, ...]):
        self.seats = seats
        self.ids = ids

    @classmethod
    def of(cls, pairs: list[tuple[int, str]]) -> EarlierDecisions:
        return cls(bytes(seat + 128 for seat, _ in pairs), tuple(sys.intern(oid) for _, oid in pairs))

    def pairs(self) -> list[tuple[int, str]]:
        """(coded seat, option id) of each decision, oldest first."""
        return [(b - 128, oid) for b, oid in zip(self.seats, self.ids)]


def _take_scripted(script: list[int], n: int) -> int:
    """The next of a test's scripted draws (`GameState.scripted_draws`), which must be below `n`."""
    if not script:
        raise VolsteadError(f"the scripted draws ran out: the game draws a number below {n}")
    v = script.pop(0)
    if not 0 <= v < n:
        raise VolsteadError(f"the scripted draw {v} is not a number below {n}, which the game draws")
    return v


@mypyc_attr(allow_interpreted_subclasses=True)  # games and test games subclass it (see step.py)
class GameState:
    __slots__ = (
        "seed",
        "seats",
        "options",
        "rng",
        "stack",
        "history",
        "decisions_made",
        "_decision",
        "_pending",
        "story",
        "scripted_draws",
    )
    game_name: ClassVar[str] = "?"

    # Set by subclasses' constructors.
    seed: int
    seats: int
    options: Any
    rng: int
    stack: list[Step[Any]]
    history: HistoryNode | None
    decisions_made: int
    _decision: Decision | None  # the pending decision (in a simultaneous phase: the first one)
    _pending: tuple[Decision, ...]  # every pending decision of a simultaneous phase; () otherwise
    # What happened, told for people (None: not told; see `tell`). Only a state a server or a
    # terminal shows keeps a story; clones (bots, playouts) never pay for it.
    story: list[tuple[str, int | None]] | None
    # The draws a test scripts: what `draw` and `dice` take next, in order, instead of the random
    # stream's (None in play). The one injection point for tests' chance: set on the state under
    # test (tests/dice_script.py); a clone draws from its stream again (docs/architecture.md).
    scripted_draws: list[int] | None

    # ------------------------------------------------------------------ flow
    def _start(self) -> None:
        """Run automatic steps until the first decision (call at the end of setup)."""
        if hasattr(self, "__dict__") and not isinstance(self, DictState):
            raise TypeError(
                f"{type(self).__name__} has fields outside __slots__, which its clones would lose: "
                "declare them in __slots__ (and copy them in _copy_into), or subclass DictState"
            )
        self._decision = None
        self._pending = ()
        self.history = None
        self.decisions_made = 0
        self.story = None  # nobody listens yet (tell_story)
        self.scripted_draws = None
        self._advance()

    def _advance(self) -> None:
        """Run automatic steps until a decision with at least one option is on top.

        A decision step with no legal option when it comes up lapses: that is
        the golden rule "do as much as possible" applied uniformly.
        """
        stack = self.stack
        while stack:
            top = stack[-1]
            mode = step_mode(top)
            if mode == AUTO:
                stack.pop().run(self)
                continue
            if mode == LANES:
                if self._settle_lanes():
                    return
                stack.pop()  # every lane is done: the barrier lifts
                continue
            if mode == DECIDE_LATER:  # it has options: `decision` finds them when asked
                self._decision = None
                return
            codes = top.options(self)
            if codes:
                self._decision = Decision(self, top, top.seat(self), codes)
                return
            stack.pop()
        self._decision = None

    def _settle_lanes(self) -> bool:
        """Run every lane of the `Lanes` step on top to its next decision; False when all are empty.
        After a choice only the chosen lane runs (`_apply_in_lane`): a lane's steps write only what
        its seat owns (docs/architecture.md), so a choice in one lane changes no other lane's
        options (replays are exact whatever order seats answer in)."""
        lanes = self._owned_lanes()
        pending: list[Decision] = []
        for i, seat in enumerate(lanes.seats):
            lane = lanes.stacks[i]
            codes, lanes.rngs[i] = self._run_lane(lane, lanes.rngs[i])
            if codes:
                pending.append(Decision(self, lane[-1], seat, codes, lane=True))
        if not pending:
            self._decision, self._pending = None, ()
            return False
        self._pending = tuple(pending)
        self._decision = self._pending[0]
        return True

    def _owned_lanes(self) -> Lanes:
        """The `Lanes` step on top, this state's own to change in place (copied if it may be shared
        with a clone: see `Lanes`)."""
        lanes = cast(Lanes, self.stack[-1])  # called only with a Lanes step on top
        if not lanes.owned:
            lanes = lanes.owned_copy()
            self.stack[-1] = lanes
        return lanes

    def _run_lane(self, lane: list[Step], rng: int) -> tuple[tuple, int]:
        """Run a lane's automatic steps (lapsing decisions without options) with the lane as the
        stack and its stream as the rng; returns (the options on top, or (), the stream after)."""
        saved_stack, saved_rng = self.stack, self.rng
        self.stack, self.rng = lane, rng
        try:
            return self._lane_options(lane), self.rng
        finally:
            self.stack, self.rng = saved_stack, saved_rng

    def _lane_options(self, lane: list[Step]) -> tuple:
        """`_run_lane`'s loop, with the lane already the stack and its stream the rng."""
        while lane:
            top = lane[-1]
            mode = step_mode(top)
            if mode == AUTO:
                lane.pop().run(self)
                continue
            if mode == LANES:
                raise VolsteadError("a simultaneous phase cannot open inside another one")
            codes = top.options(self)
            if codes:
                return codes
            lane.pop()
        return ()

    def release(self) -> None:
        """Forget the pending decision, for a state about to be dropped (a search's played-out
        copy): a `Decision` points back at its state, so the pair is otherwise garbage that only
        the cycle collector frees. The decision is rebuilt if the state is asked again."""
        self._decision, self._pending = None, ()

    def is_over(self) -> bool:
        return not self.stack

    def decision(self, seat: object = None) -> Decision:
        """The pending decision (of `seat`, if given; in a simultaneous phase, without a seat:
        the first in seat order)."""
        d = self._decision
        if d is None:
            if not self.stack:
                raise GameOverError("the game is over: no decision is pending")
            self._advance_pending()
            d = self._decision
            assert d is not None
        if seat is None:
            return d
        if type(seat) is not int:  # True is no seat 1, nor 1.0
            raise WrongSeatError(f"a seat is a whole number, not {seat!r} ({type(seat).__name__})"[:120])
        if seat == d.seat:
            return d
        for p in self._pending:
            if p.seat == seat:
                return p
        raise WrongSeatError(f"seat {seat} cannot decide now: it is {self._deciders_text()}'s decision ({d.kind})")

    def _advance_pending(self) -> None:
        """Build the pending decision(s): after a clone (which forgets them), or a step whose options
        are found when asked for (`Step.never_lapses`)."""
        top = self.stack[-1]
        mode = step_mode(top)
        if mode == LANES:
            self._settle_lanes()
        else:
            codes = top.options(self)
            if not codes and mode == DECIDE_LATER:  # it would have lapsed: the rules broke its promise
                raise VolsteadError(f"{type(top).__name__} says it never lapses (never_lapses) but has no options")
            self._decision = Decision(self, top, top.seat(self), codes)

    def _deciders_text(self) -> str:
        seats = self.pending_seats()
        return f"seat {seats[0]}" if len(seats) == 1 else "seats " + ", ".join(map(str, seats))

    def decisions(self) -> tuple[Decision, ...]:
        """Every pending decision: one, or one per seat still deciding in a simultaneous phase."""
        if not self.stack:
            return ()
        d = self.decision()
        return self._pending or (d,)

    def pending_seats(self) -> tuple[int, ...]:
        """The seats that have a decision pending now (ascending)."""
        return tuple(d.seat for d in self.decisions())

    def in_lanes(self) -> bool:
        """Is a secret simultaneous phase open?"""
        return bool(self.stack) and step_mode(self.stack[-1]) == LANES

    def apply_index(self, index: object, seat: object = None) -> None:
        """Choose the option at `index` of the pending decision (of `seat`, if given)."""
        d = self.decision(seat)
        codes = d.codes
        if type(index) is not int:
            raise IllegalOptionError(f"option index must be an integer, got {index!r} ({type(index).__name__})")
        if not 0 <= index < len(codes):
            raise IllegalOptionError(
                f"option index {index!r} is out of range: there are {len(codes)} options (0–{len(codes) - 1})"
            )
        code = codes[index]
        if d.lane:
            self._apply_in_lane(d, code)
            return
        step = self.stack.pop()
        self._decision = None
        self.history = (step, code, d.seat, self.history)
        self.decisions_made += 1
        step.choose(self, code)
        self._advance()

    def _apply_in_lane(self, d: Decision, code: Any) -> None:
        lanes = self._owned_lanes()
        i = lanes.lane_of(d.seat)
        lane = lanes.stacks[i]
        step = lane.pop()
        before = self._pending
        self._decision, self._pending = None, ()
        self.history = (step, code, -1 - d.seat, self.history)  # private: see HistoryNode
        self.decisions_made += 1
        saved_stack, saved_rng = self.stack, self.rng
        self.stack, self.rng = lane, lanes.rngs[i]
        try:
            step.choose(self, code)
            codes = self._lane_options(lane)  # this lane on to its next decision
            lanes.rngs[i] = self.rng
        finally:
            self.stack, self.rng = saved_stack, saved_rng
        # Only this lane moved: the others keep their decisions (see _settle_lanes), in seat order.
        pending: list[Decision] = []
        for p in before:
            if p.seat != d.seat:
                pending.append(p)
            elif codes:
                pending.append(Decision(self, lane[-1], d.seat, codes, lane=True))
        if pending:
            self._pending = tuple(pending)
            self._decision = self._pending[0]
            return
        self.stack.pop()  # every lane is done: the barrier lifts
        self._advance()

    def apply(self, option_id: object, seat: object = None) -> None:
        """Choose the option whose stable id is `option_id` (for `seat`, if given)."""
        d = self.decision(seat)
        if not isinstance(option_id, str):
            raise IllegalOptionError(f"option id must be a string, got {type(option_id).__name__}")
        self.apply_index(d.index_of(option_id), d.seat)

    # ----------------------------------------------------------------- copies
    def clone(self) -> Self:
        cls = type(self)
        new = cls.__new__(cls)  # not object.__new__, which a class compiled by mypyc refuses
        self._copy_into(new)
        return new

    def clone_deciding(self) -> Self:
        """A clone that keeps the pending decision(s), rebound to it, instead of rebuilding them on
        demand as `clone` does: the options are a function of the state, so a search that clones one
        position many times computes them once. In a simultaneous phase every lane is settled at its
        decision already (`_settle_lanes`), so the clone's lanes would give the same ones."""
        new = self.clone()
        d = self._decision
        if d is None:
            return new
        if self._pending:
            pending = tuple([Decision(new, p.step, p.seat, p.codes, True) for p in self._pending])
            new._pending = pending
            new._decision = pending[0]
        else:
            new._decision = Decision(new, d.step, d.seat, d.codes)
        return new

    def _copy_into(self, new: Self) -> None:
        """Copy this state's fields into `new` (a bare instance of the same class). Subclasses
        with fields extend it: super()._copy_into(new), then one line per field."""
        new.seed = self.seed
        new.seats = self.seats
        new.options = self.options
        new.rng = self.rng
        new.stack = self.stack.copy()
        if self.stack:
            top = self.stack[-1]
            if isinstance(top, Lanes):
                top.owned = False  # on both stacks now: whichever changes it next copies it
        new.history = self.history
        new.decisions_made = self.decisions_made
        new._decision = None  # rebuilt on demand: a Decision points at its state
        new._pending = ()
        new.story = None  # a clone tells nothing (bots' searches, playouts)
        new.scripted_draws = None  # nor does it take a test's scripted draws (a bot's playouts would)

    # ----------------------------------------------------------------- chance
    def draw(self, n: int) -> int:
        """A number in [0, n) from the state's random stream (in a simultaneous phase, the lane's
        own). A test scripts what it returns with `scripted_draws`."""
        script = self.scripted_draws
        if script is not None:
            return _take_scripted(script, n)
        v, self.rng = below(self.rng, n)
        return v

    def dice(self, count: int, sides: int) -> tuple[int, ...]:
        """`count` dice of `sides` sides, each `draw(sides) + 1`, in one call (the stream kept in a
        local: a conflict rolls a die a unit)."""
        script = self.scripted_draws
        if script is not None:
            return tuple([_take_scripted(script, sides) + 1 for _ in range(count)])
        out: list[int] = []
        rng = self.rng
        for _ in range(count):
            v, rng = below(rng, sides)
            out.append(v + 1)
        self.rng = rng
        return tuple(out)

    # ------------------------------------------------------------------ story
    def tell_story(self) -> None:
        """From now on, keep what happens for people (`tell`); `take_story` drains it."""
        self.story = []

    def tell(self, text: str, to: int | None = None) -> None:
        """Game code: one line of what happened, for everyone or (`to`) for one seat alone. Cheap
        when nobody listens, but game code guards costly texts with `if s.story is not None`."""
        if self.story is not None:
            self.story.append((text, to))

    def take_story(self) -> list[tuple[str, int | None]]:
        """The lines told since the last call (and forget them)."""
        if not self.story:
            return []
        out, self.story = self.story, []
        return out

    # ---------------------------------------------------------------- history
    def decision_log(self) -> list[tuple[int, str]]:
        """(seat, option id) of every decision taken so far, oldest first."""
        out: list[tuple[int, str]] = []
        for pair in self.record_pairs():
            out.append((pair[0], pair[1]))
        return out

    def record_pairs(self) -> list[list[Any]]:
        """Every decision taken so far as the record's JSON-ready `[seat, option id]` lists, oldest
        first (`make_record`; `decision_log` as tuples): the one walk of the history, compiled, lists
        built directly (the simulator writes a record a game)."""
        out: list[list[Any]] = []
        node = self.history
        while node is not None:
            step, code, seat, node = node
            if type(step) is EarlierDecisions:
                pairs = step.pairs()
                for k in range(len(pairs) - 1, -1, -1):
                    s, oid = pairs[k]
                    out.append([s if s >= 0 else -1 - s, oid])
                break
            out.append([seat if seat >= 0 else -1 - seat, step.option_id(self, code)])
        out.reverse()
        return out

    def compact_history(self, keep: int = 64) -> None:
        """Keep the newest `keep` history nodes and fold the older ones into one node holding
        their (seat, option id) pairs, once more than 2 × `keep` have piled up. Steps are objects
        the garbage collector walks; strings and ints are not: a server holding thousands of live
        games compacts them so that a full collection stays short, and a finished game kept in
        memory is folded whole (`keep` 0: a few bytes a decision). `decision_log` is unchanged;
        game code that searches back through the history sees at least the newest `keep`
        decisions. Not while a simultaneous phase is open (its private steps stay nodes)."""
        nodes: list[HistoryNode] = []
        node = self.history
        while node is not None and type(node[0]) is not EarlierDecisions:
            nodes.append(node)
            node = node[3]
        if len(nodes) <= 2 * keep or self.in_lanes():
            return
        earlier = cast(EarlierDecisions, node[0]).pairs() if node is not None else []
        earlier += [(seat, step.option_id(self, code)) for step, code, seat, _ in reversed(nodes[keep:])]
        new: HistoryNode = (EarlierDecisions.of(earlier), None, 0, None)
        for step, code, seat, _ in reversed(nodes[:keep]):
            new = (step, code, seat, new)
        self.history = new

    def without_rivals_private(self, seat: int) -> None:
        """Cut from the history the private steps other seats took in the simultaneous phase
        open now (the run of private steps at its head): a determinization for `seat` must not
        tell how, or even in how many steps, its rivals decided in secret."""
        node = self.history
        kept: list[tuple[Step[Any], Any, int]] = []
        cut = 0
        while node is not None and node[2] < 0:
            if node[2] == -1 - seat:
                kept.append((node[0], node[1], node[2]))
            else:
                cut += 1
            node = node[3]
        if not cut:
            return
        for step, code, s in kept[::-1]:  # not reversed(): an internal mypyc error on its unpacking
            node = (step, code, s, node)
        self.history = node
        self.decisions_made -= cut

    def decision_ids(self) -> list[str]:
        """The ids of every decision taken so far, oldest first."""
        return [oid for _, oid in self.decision_log()]

    def record(self) -> dict:
        from .record import make_record

        return make_record(self)

    # ------------------------------------------------- game-specific interface
    def result(self) -> Any:
        """The final `Result` (engine.contract); raises GameOverError's opposite if not over."""
        raise NotImplementedError

    def view(self, seat: int | None) -> dict:
        raise NotImplementedError

    def determinize(self, seat: int, rng: Any) -> Self:
        raise NotImplementedError

    def options_json(self) -> dict:
        return self.options.to_json()

    def hidden_piles(self) -> tuple[Any, ...]:
        """The piles whose order chance fixed earlier (decks shuffled at set-up), as they are now:
        drawing or turning a card from one reveals something new without drawing a number, so a
        change ends a seat's take-back window (engine/takeback.py). A game with such piles returns
        them (tuples are compared, never copied); () when it has none. Read only when a person
        decides, never on the hot path."""
        return ()


@mypyc_attr(allow_interpreted_subclasses=True)
class DictState(GameState):
    """A state whose own fields are undeclared (they live in `__dict__`): quick test games. Its
    clone copies the engine's fields, then the `__dict__`. A real game declares `__slots__` and
    extends `_copy_into` instead (faster to clone, and what a compiled core needs: docs/performance.md)."""

    def _copy_into(self, new: Self) -> None:
        super()._copy_into(new)
        new.__dict__.update(self.__dict__)
