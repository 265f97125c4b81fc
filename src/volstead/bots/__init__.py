"""Bots: programs that take a seat.

A bot is an object with `choose(view, decision, sampler=None) -> int`: given
the view of its seat (`state.view(seat)`, a JSON-ready dict), the pending
decision as a `BotDecision` (seat, kind, codes, option_ids: no state behind
it) and optionally a `sampler(rng)` that returns a determinization of the
seat's view, it returns the index of the option it takes. Bots never see the
state itself; `ask_bot(bot, state)` builds these three arguments. A bot
that answers from the number of options alone says so (`instant = True`) and
is asked `pick(count)` instead (`InstantBot`).

`get_bot(name, seed)` builds a registered bot; adding a bot adds a module and
one line in `_BOTS`. A name may carry a budget: `ismcts:500` (iterations) or
`ismcts:50ms` (milliseconds per decision); `greedy:3` (determinizations
averaged per decision). `learned` plays the policy network the game ships
(`learned:PATH`: the one in a policy file; bots/learned.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from .base import BotDecision, ask_bot, make_sampler, public_decision
from .errors import BotError
from .greedy import GreedyBot
from .ismcts import ISMCTSBot
from .learned import LearnedBot
from .random_bot import RandomBot


class Bot(Protocol):
    # True for a bot that answers at once from the number of options alone (random): it is asked
    # `pick(count)`, not `choose` (no view, option ids, sampler or decision built for it: through
    # `choose`, the shortest simulated random games cost 6 % more), and a server asks it on its own
    # thread, not in the bot pool.
    instant: bool
    # False for a bot that reads only its decision and its sampler (the searching bots): it is given
    # an empty view, not one built for nothing (a bot without the attribute is given the view).
    reads_view: bool

    def choose(self, view: dict[str, Any], decision, sampler=None) -> int: ...


class InstantBot(Bot, Protocol):
    """A bot with `instant = True`: also answers from the number of options alone."""

    def pick(self, count: int) -> int: ...


_BOTS: dict[str, Callable[[Any], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "ismcts": ISMCTSBot,
    "learned": LearnedBot,
}


def bot_names() -> list[str]:
    """Registered bot kinds, in registration order (random first)."""
    return list(_BOTS)


@dataclass(frozen=True)
class BotLimits:
    """Bounds on bot budgets (a server sets tighter ones: its think time); `max_seconds` caps
    any search whatever its budget (None: no cap, so iteration budgets stay reproducible)."""

    max_ms: float = 600_000.0
    max_iterations: int = 1_000_000
    max_samples: int = 64
    max_seconds: float | None = None
    policy_files: bool = True  # `learned:PATH` (a server refuses it: a file of the server's, named by a client)


DEFAULT_LIMITS = BotLimits()


def _number(text: str, kind: type) -> float:
    try:
        value = kind(text)
    except ValueError:
        raise KeyError("not a number") from None
    if not math.isfinite(value):
        raise KeyError("not a finite number")
    return value


def _with_budget(name: str, budget: str, seed, limits: BotLimits) -> Bot:
    bad = f"bad budget {budget[:20]!r} for bot {name!r}"
    try:
        if name == "ismcts" and budget.endswith("ms"):
            ms = _number(budget[:-2], float)
            if 0 < ms <= limits.max_ms:
                return ISMCTSBot(seed, ms=ms, max_seconds=limits.max_seconds)
            raise KeyError(f"{bad}: milliseconds must be above 0 and at most {limits.max_ms:g}")
        if name == "ismcts":
            n = int(_number(budget, int))
            if 1 <= n <= limits.max_iterations:
                return ISMCTSBot(seed, iterations=n, max_seconds=limits.max_seconds)
            raise KeyError(f"{bad}: iterations must be 1 to {limits.max_iterations}")
        if name == "greedy":
            n = int(_number(budget, int))
            if 1 <= n <= limits.max_samples:
                return GreedyBot(seed, samples=n)
            raise KeyError(f"{bad}: samples must be 1 to {limits.max_samples}")
    except KeyError as e:
        if str(e.args[0]).startswith("bad budget"):
            raise
    raise KeyError(f"{bad} (e.g. ismcts:500, ismcts:50ms, greedy:3)")


def get_bot(name: str, seed: int | str | None = None, limits: BotLimits = DEFAULT_LIMITS) -> Bot:
    """A new bot of the registered kind `name` (optionally `name:budget`), seeded with `seed`;
    a budget outside `limits` is refused (KeyError naming the bound), and so is `learned:PATH`
    whose file is no policy (BotError, a KeyError too). A bot with `check_table(game, seats,
    options)` (learned) plays only some games: ask it before seating it (`check_bot_table`)."""
    base, _, budget = name.partition(":") if isinstance(name, str) else (name, "", "")
    try:
        factory = _BOTS[base]
    except (KeyError, TypeError):
        shown = repr(name)[:40] if isinstance(name, str) else f"a {type(name).__name__}"
        raise KeyError(f"unknown bot {shown}; known bots: {', '.join(bot_names())}") from None
    if base == "learned":
        if budget and not limits.policy_files:
            raise BotError("learned:PATH cannot be seated here: only learned, the policy the game ships")
        return LearnedBot(seed, path=budget or None)
    if budget:
        return _with_budget(base, budget, seed, limits)
    if base == "ismcts" and limits.max_seconds is not None:
        return ISMCTSBot(seed, max_seconds=limits.max_seconds)
    return factory(seed)


def check_bot_table(bot: Any, game: Any, seats: int, options: Any) -> None:
    """BotError unless `bot` can play `game` with `seats` and (resolved) `options`: a learned bot
    needs a policy of that game and shape; the other bots play every game."""
    check = getattr(bot, "check_table", None)
    if check is not None:
        check(game, seats, options)


__all__ = [
    "Bot",
    "BotError",
    "BotDecision",
    "BotLimits",
    "GreedyBot",
    "ISMCTSBot",
    "InstantBot",
    "LearnedBot",
    "RandomBot",
    "ask_bot",
    "bot_names",
    "check_bot_table",
    "get_bot",
    "make_sampler",
    "public_decision",
]
