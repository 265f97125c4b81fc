"""Small decision steps that effects push."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from volstead.engine.step import SeatStep

from .. import refs, words
from ..state import ScarfaceState


class ChooseRival(SeatStep[ScarfaceState]):
    """Pick a rival; then `action(state, seat, rival)` (a registered module-level function name)."""

    __slots__ = ("action", "args")
    kind = "choose_rival"

    def __init__(self, seat: int, action: str, args: tuple):
        self.seat_, self.action, self.args = seat, action, args

    def prompt(self, s: ScarfaceState) -> str:
        return "Choose a rival"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        return tuple(s.rivals(self.seat_))

    def choose(self, s: ScarfaceState, code: Any) -> None:
        RIVAL_ACTIONS[self.action](s, self.seat_, code, *self.args)

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return (refs.gang(code),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return f"rival:{code}"

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        return s.gang_name(code)


RIVAL_ACTIONS: dict[str, Callable] = {}


def with_rival(s: ScarfaceState, seat: int, action: str, *args) -> None:
    """Apply `action` to the only rival, or ask which rival."""
    rivals = s.rivals(seat)
    if len(rivals) == 1:
        RIVAL_ACTIONS[action](s, seat, rivals[0], *args)
    else:
        s.stack.append(ChooseRival(seat, action, args))


def rival_action(fn: Callable) -> Callable:
    RIVAL_ACTIONS[fn.__name__] = fn
    return fn
