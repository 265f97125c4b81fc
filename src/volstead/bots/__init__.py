"""Bots: programs that take a seat.

A bot is an object with `choose(view, decision, sampler=None) -> int`: given
the view of its seat (`state.view(seat)`, a JSON-ready dict), the pending
decision as a `BotDecision` (seat, kind, codes, option_ids: no state behind
it) and optionally a `sampler(rng)` that returns a determinization of the
seat's view, it returns the index of the option it takes. Bots never see the
state itself; `ask_bot(bot, state)` builds these three arguments.

`get_bot(name, seed)` builds a registered bot; adding a bot adds a module and
one line in `_BOTS`. A name may carry a budget: `ismcts:500` (iterations) or
`ismcts:50ms` (milliseconds per decision); `greedy:3` (determinizations
averaged per decision).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from .base import BotDecision, ask_bot, make_sampler, public_decision
from .greedy import GreedyBot
from .ismcts import ISMCTSBot
from .random_bot import RandomBot


class Bot(Protocol):
    def choose(self, view: dict[str, Any], decision, sampler=None) -> int: ...


_BOTS: dict[str, Callable[[Any], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "ismcts": ISMCTSBot,
}


def bot_names() -> list[str]:
    """Registered bot kinds, in registration order (random first)."""
    return list(_BOTS)


def _with_budget(name: str, budget: str, seed) -> Bot:
    try:
        if name == "ismcts":
            if budget.endswith("ms"):
                return ISMCTSBot(seed, ms=float(budget[:-2]))
            return ISMCTSBot(seed, iterations=int(budget))
        if name == "greedy":
            return GreedyBot(seed, samples=int(budget))
    except ValueError:
        pass
    raise KeyError(f"bad budget {budget!r} for bot {name!r} (e.g. ismcts:500, ismcts:50ms, greedy:3)")


def get_bot(name: str, seed: int | str | None = None) -> Bot:
    """A new bot of the registered kind `name` (optionally `name:budget`), seeded with `seed`."""
    base, _, budget = name.partition(":") if isinstance(name, str) else (name, "", "")
    try:
        factory = _BOTS[base]
    except (KeyError, TypeError):
        raise KeyError(f"unknown bot {name!r}; known bots: {', '.join(bot_names())}") from None
    if budget:
        return _with_budget(base, budget, seed)
    return factory(seed)


__all__ = ["Bot", "BotDecision", "GreedyBot", "ISMCTSBot", "RandomBot", "ask_bot", "bot_names", "get_bot",
           "make_sampler", "public_decision"]
