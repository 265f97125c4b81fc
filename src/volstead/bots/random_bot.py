"""A bot that picks uniformly at random among the legal options.

It sees only what a seat may see (the seat's view and the pending decision)
and draws from its own `random.Random`, never from the game's generator, so
adding or removing a bot never changes what the game itself deals.
"""

from __future__ import annotations

import random
from typing import Any


class RandomBot:
    name = "random"
    instant = True  # never reads the view: ask_bot does not build it
    reads_view = False

    def __init__(self, seed: int | str | None = None):
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], decision, sampler=None) -> int:
        """Return the index of the option to take (0 ≤ index < len(decision))."""
        return self.pick(len(decision))

    def pick(self, count: int) -> int:
        """The index of the option to take among `count`: an instant bot's answer from the number
        of options alone (`ask_bot` and the simulator's loop call this, not `choose`)."""
        if count <= 0:
            raise ValueError("the decision has no options to choose from")
        return self.rng.randrange(count)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"
