"""Small helpers every rules module uses."""

from __future__ import annotations

from typing import Any

from volstead.engine.step import Step

from ..state import ProhibitionState


def push(s: ProhibitionState, *steps: Step[Any]) -> None:
    """Push steps so that the first given runs first."""
    stack = s.stack
    for k in range(len(steps) - 1, -1, -1):  # not `extend(reversed(...))`: generic calls, compiled
        stack.append(steps[k])


def gs(n: int) -> str:
    return f"{n} Gs"
