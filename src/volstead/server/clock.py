"""The round timer: how long the people now deciding have been at it, and the time limit.

The clock runs for the human seats with a decision pending. It starts again when a seat
that was not deciding comes to decide (a new turn, a new simultaneous phase), and after a
bot's move (`hand_over`: a bot that answers at once plays in the same broadcast as the
person before it); while seats of one simultaneous phase finish one by one, or one seat
takes several decisions of its turn, it keeps running. So a game's time limit is per turn
(one seat after another) or per simultaneous phase.

When the limit runs out, every human seat still deciding has its decisions taken by the
server, as the game chooses for a seat out of time (`Game.timeout_choice`: by default a
random legal option), until that seat has nothing pending; the log says so. Bots have their
own think time and are not on this clock.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

MIN_LIMIT, MAX_LIMIT = 10, 86_400  # seconds a game's time limit may be set to
MAX_TIMEOUT_MOVES = 2_000  # decisions the server takes for a seat out of time, at most, in one go


@dataclass
class Clock:
    limit: int | None  # seconds (None: no limit, the timer still shows)
    seats: frozenset[int] = frozenset()  # human seats deciding when the clock started, and since
    since: float = field(default_factory=time.time)  # wall-clock start (epoch seconds, for pages)
    started: float = field(default_factory=time.monotonic)  # the same start, for timing
    handle: asyncio.TimerHandle | None = None  # the scheduled time-out

    def follow(self, deciding: frozenset[int]) -> bool:
        """Note the human seats deciding now; True when the clock started again."""
        if deciding and deciding <= self.seats:
            self.seats = deciding
            return False
        self.seats = deciding
        self.since, self.started = time.time(), time.monotonic()
        return True

    def hand_over(self) -> None:
        """Someone off this clock (a bot) has just decided: whoever decides next starts a new clock,
        even a seat that was deciding before (its turn ended, a bot played, its next turn began)."""
        self.seats = frozenset()

    def left(self) -> float | None:
        """Seconds left before the limit (None: no limit or nobody deciding)."""
        if self.limit is None or not self.seats:
            return None
        return self.limit - (time.monotonic() - self.started)

    def to_json(self) -> dict:
        # no "now": a payload stays the same until the game changes; pages count on their own clock
        return {"since": round(self.since, 3), "limit": self.limit, "seats": sorted(self.seats)}
