"""Card effects: small functions registered by name (docs/effects.md).

Every function has the signature `fn(state, seat, **args)`. It changes the
state directly or pushes steps when a seat must choose. `run_effect` is the
one way rules call an effect named in a data file.
"""

from __future__ import annotations

from volstead.engine.errors import ContentError
from volstead.engine.step import SeatStep

from ..state import ScarfaceState
from . import misc, money, pieces, raids  # noqa: F401,E402  (registers the effects)
from .registry import EFFECTS, effect  # noqa: F401


def run_effect(s: ScarfaceState, seat: int, eff) -> None:
    EFFECTS[eff.effect](s, seat, **eff.args)


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
