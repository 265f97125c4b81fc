"""Card effects: small functions registered by name (docs/effects.md).

Every function has the signature `fn(state, seat, **args)`. It changes the
state directly or pushes steps when a seat must choose. `run_effect` is the
one way rules call an effect named in a data file.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from volstead.engine.errors import ContentError
from volstead.engine.step import SeatStep

from ..content.loader import effect_signature
from ..state import ScarfaceState
from . import misc, money, pieces, raids  # noqa: F401,E402  (registers the effects)
from .registry import EFFECTS, effect  # noqa: F401


def run_effect(s: ScarfaceState, seat: int, eff) -> None:
    """Run a card's effect (a `content.models.Effect`)."""
    bound = _BOUND.get(id(eff))
    if bound is None or bound[0] is not eff:
        bound = _bind(eff)
    fn, args = bound[1], bound[2]
    if bound[3]:
        fn(s, seat, *args, **bound[3])
    elif not args:  # by arity: compiled, a call with a fixed number of arguments builds no tuple
        fn(s, seat)
    elif len(args) == 1:
        fn(s, seat, args[0])
    elif len(args) == 2:
        fn(s, seat, args[0], args[1])
    else:
        fn(s, seat, *args)


# Each effect of the card set with its function and its arguments, bound at its first run:
# `EFFECTS[eff.effect](s, seat, **eff.args)` read two fields of a pydantic model (generic lookups)
# and passed every argument by keyword, which a compiled function parses one by one. The arguments
# go by position up to the first one the effect leaves to its default, by keyword after it.
# Keyed by id(), with the effect kept so that the id cannot be reused while its entry stands.
_Bound = tuple[Any, Callable[..., None], tuple[Any, ...], dict[str, Any]]
_BOUND: dict[int, _Bound] = {}
_BOUND_MAX = 4096  # a process that loads many card sets (tests) starts over past this many


def _bind(eff) -> _Bound:
    fn = EFFECTS[eff.effect]
    args: dict[str, Any] = eff.args
    names = list(effect_signature(fn).parameters)[2:]  # after (s, seat)
    positional: list[Any] = []
    for name in names:
        if name not in args:
            break
        positional.append(args[name])
    taken = names[: len(positional)]
    by_keyword = {k: v for k, v in args.items() if k not in taken}
    bound = (eff, fn, tuple(positional), by_keyword)
    if len(_BOUND) >= _BOUND_MAX:
        _BOUND.clear()
    _BOUND[id(eff)] = bound
    return bound


class RunEffect(SeatStep[ScarfaceState]):
    """Runs one effect when it reaches the top (used to sequence `combo` steps)."""

    __slots__ = ("name", "args")
    auto = True
    kind = "effect"

    def __init__(self, seat: int, name: str, args: dict):
        self.seat_, self.name, self.args = seat, name, args

    def run(self, s: ScarfaceState) -> None:
        EFFECTS[self.name](s, self.seat_, **self.args)


def end_bonus(s, seat: int, eff) -> int:
    """Money an end-game bonus is worth (end bonuses are `gain_per` effects)."""
    if eff.effect != "gain_per":
        raise ContentError(f"end-game bonus must use gain_per, got {eff.effect!r}")
    from ..rules.counting import count

    n = count(s, seat, eff.args["what"]) * eff.args["amount"]
    cap = eff.args.get("cap", 0)
    return min(n, cap) if cap else n
