"""Bots: programs that take a seat.

A bot is an object with `choose(view, decision) -> int`: given the view of
its seat (`state.view(seat)`, a JSON-ready dict) and the pending `Decision`,
it returns the index of the option it takes. Bots never see the state itself.

`get_bot(name, seed)` builds a registered bot; adding a bot adds a module and
one line in `_BOTS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from .random_bot import RandomBot


class Bot(Protocol):
    def choose(self, view: dict[str, Any], decision) -> int: ...


_BOTS: dict[str, Callable[[Any], Bot]] = {
    "random": RandomBot,
}


def bot_names() -> list[str]:
    return sorted(_BOTS)


def get_bot(name: str, seed: int | str | None = None) -> Bot:
    """A new bot of the registered kind `name`, seeded with `seed`."""
    try:
        factory = _BOTS[name]
    except (KeyError, TypeError):
        raise KeyError(f"unknown bot {name!r}; known bots: {', '.join(bot_names())}") from None
    return factory(seed)


__all__ = ["Bot", "RandomBot", "bot_names", "get_bot"]
