"""The table's talk: what the seats of a game say to each other.

A line is said by a seat (spectators read only), at most MAX_CHARS characters once
cleaned (control characters and runs of blank space become one space), at most
RATE_LINES lines a seat in RATE_SECONDS. It is stored with the game (the `chat` table)
and sent to everyone watching, never put in the game's record: the record is the
game, the talk is the table's. Pages show it as text (escaped), never as markup.
"""

from __future__ import annotations

import datetime as dt
import re
import time
from collections import deque

from volstead.engine.errors import VolsteadError

from .store import ChatLine

MAX_CHARS = 300
RATE_LINES, RATE_SECONDS = 5, 10.0
CHAT_TAIL = 100  # lines a state payload carries (a page keeps what it has seen)
_BLANKS = re.compile(r"[\s\x00-\x1f\x7f]+")


class ChatError(VolsteadError):
    """A line the table does not take (empty, too long)."""


class ChatTooFast(ChatError):
    """More lines than the rate allows (HTTP 429)."""


def clean(text: str) -> str:
    """The line as it is stored and shown; ChatError when nothing or too much is left."""
    line = _BLANKS.sub(" ", text).strip()
    if not line:
        raise ChatError("say something: the line is empty")
    if len(line) > MAX_CHARS:
        raise ChatError(f"the line is too long ({len(line)} characters; at most {MAX_CHARS})")
    return line


class RateLimit:
    """At most RATE_LINES lines a seat in any RATE_SECONDS (per game)."""

    def __init__(self) -> None:
        self.said: dict[int, deque[float]] = {}

    def check(self, seat: int, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        recent = self.said.setdefault(seat, deque())
        while recent and now - recent[0] > RATE_SECONDS:
            recent.popleft()
        if len(recent) >= RATE_LINES:
            raise ChatTooFast(f"too fast: at most {RATE_LINES} lines in {RATE_SECONDS:g} seconds")
        recent.append(now)


def line_json(k: int, line: ChatLine, names: list[str]) -> dict:
    return {
        "k": k,
        "seat": line.seat,
        "name": names[line.seat] if line.seat < len(names) else f"seat {line.seat}",
        "text": line.text,
        "at": line.at.isoformat(),
    }


def new_line(seat: int, text: str) -> ChatLine:
    return ChatLine(seat, clean(text), dt.datetime.now(dt.UTC))
