"""The effect registry (name -> function)."""

from __future__ import annotations

from collections.abc import Callable

EFFECTS: dict[str, Callable] = {}


def effect(fn: Callable) -> Callable:
    """Register `fn` under its own name."""
    if fn.__name__ in EFFECTS:
        raise ValueError(f"effect {fn.__name__!r} registered twice")
    EFFECTS[fn.__name__] = fn
    return fn
