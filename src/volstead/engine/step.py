"""Pending steps: the explicit stack that replaces generators.

A step is an immutable object: cloning a state copies the stack list and
shares the steps. A step is either *automatic* (it runs, then pops itself or
pushes others) or a *decision* (a seat chooses among its options, then
`choose` does what the option says, again popping/pushing).

`Step[S]` is generic over the state class it works on (a game's steps are
`Step[ItsState]`), so a type checker sees the game's fields in step code.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, Generic, TypeVar

from mypy_extensions import mypyc_attr

from .fields import all_fields

# The state class a step works on (a game's steps are `Step[ItsState]`, ItsState an
# `engine.state.GameState`). Not bound to GameState here: step.py sits below state.py, which
# imports it, and a bound would import state.py back (an import circle).
S = TypeVar("S")


# Compiled by mypyc where the install can (setup.py): games and tests subclass the engine's bases
# in modules that stay interpreted, which a compiled class allows only when it says so.
@mypyc_attr(allow_interpreted_subclasses=True)
class Step(Generic[S]):
    __slots__ = ()
    # Class-level constants (ClassVar: a compiled base reads a subclass's own value, not a slot's default)
    auto: ClassVar[bool] = False  # True: the engine calls run() instead of asking a seat
    lanes: ClassVar[bool] = False  # True only for engine.lanes.Lanes (a secret simultaneous phase)
    kind: ClassVar[str] = "step"  # short machine name of the question, for UIs and logs
    # True: the step has an option whenever it comes up (the rules that push it make sure), so the
    # engine finds its options only when the decision is asked for: a position scored as it stands
    # (a search's leaf, a greedy look-ahead) never pays for the menu after it
    never_lapses: ClassVar[bool] = False

    def run(self, state: S) -> None:  # automatic steps only
        raise NotImplementedError

    def seat(self, state: S) -> int:
        raise NotImplementedError

    def options(self, state: S) -> tuple[Any, ...]:
        raise NotImplementedError

    def choose(self, state: S, code: Any) -> None:
        raise NotImplementedError

    def option_id(self, state: S, code: Any) -> str:
        """A stable id. It must follow from the step and the code alone (static
        content lookups are fine): records rebuild ids after the game has moved on."""
        return str(code)

    def option_label(self, state: S, code: Any) -> str:
        return self.option_id(state, code)

    def option_help(self, state: S, code: Any) -> str:
        """What the option does and what it costs, for people ("" when the label says it all)."""
        return ""

    def option_group(self, state: S, code: Any) -> str:
        """A heading the option is shown under, for people (options of one group are adjacent)."""
        return ""

    def option_said(self, state: S, code: Any) -> str:
        """The game log's sentence for the option taken, read by those who may see it (the label
        when it reads as one). Called before the option is applied."""
        return self.option_label(state, code)

    def hidden_said(self, state: S) -> str:
        """What those who may not see the choice read in the log ("chose which Job to keep");
        "" for the platform's "decided: <kind>". Called before the option is applied."""
        return ""

    def option_refs(self, state: S, code: Any) -> tuple[str, ...]:
        """What on the board the option names, for people to choose it there: references such as
        "district:central" or "card:17", each the `data-ref` of something a game's browser module
        draws. One reference is a one-click choice; several are clicked in order (from, then to).
        Options sharing every reference are offered as buttons after the last click."""
        return ()

    def unavailable(self, state: S) -> tuple[tuple[str, str], ...]:
        """(label, reason) of choices people would look for that are not legal now, shown greyed
        with the reason; never options, never taken."""
        return ()

    def prompt(self, state: S) -> str:
        return self.kind

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={getattr(self, k)!r}" for k in all_fields(type(self)))
        return f"{type(self).__name__}({fields})"


# What the engine and the bots read of a step's class (`step_mode`, `step_kind`), read once per class:
# a class attribute read on a compiled instance is a generic attribute lookup (up to ~450
# instructions when the type's attribute cache misses), and `auto` and `lanes` are read for every
# step the engine runs, `kind` for every decision a bot or the simulator is asked; a dict hit on
# the type is under 200.
DECIDE: Final = 0
AUTO: Final = 1
LANES: Final = 2
DECIDE_LATER: Final = 3  # a decision whose options are found when asked for (`Step.never_lapses`)


class StepClass:
    """A step class's mode (AUTO, LANES, DECIDE or DECIDE_LATER: what `auto`, `lanes` and
    `never_lapses` say) and kind."""

    __slots__ = ("mode", "kind")

    def __init__(self, mode: int, kind: str):
        self.mode = mode
        self.kind = kind


_CLASSES: Final[dict[type, StepClass]] = {}


def step_class(step: Step) -> StepClass:
    cls = type(step)
    facts = _CLASSES.get(cls)
    if facts is None:
        mode = AUTO if step.auto else LANES if step.lanes else DECIDE_LATER if step.never_lapses else DECIDE
        facts = _CLASSES[cls] = StepClass(mode, step.kind)
    return facts


def step_mode(step: Step) -> int:
    """AUTO, LANES, DECIDE or DECIDE_LATER: what `step.auto`, `step.lanes` and `step.never_lapses` say."""
    return step_class(step).mode


def step_kind(step: Step) -> str:
    """`step.kind`."""
    return step_class(step).kind


@mypyc_attr(allow_interpreted_subclasses=True)
class SeatStep(Step[S]):
    """A step that belongs to one seat, named when it is pushed: `seat()` is that seat
    (the deciding seat of a decision; the acting seat of an automatic step)."""

    __slots__ = ("seat_",)

    def __init__(self, seat: int):
        self.seat_ = seat

    def seat(self, state: S) -> int:
        return self.seat_
