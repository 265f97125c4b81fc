"""The table's talk: what the seats of a game say to each other.

A line is said by a seat (spectators read only), at most MAX_CHARS characters once
cleaned (control characters and runs of blank space become one space; bidirectional
controls and invisible characters are removed, `INVISIBLE`), at most
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
# Characters that show nothing but change what is around them: bidirectional embeddings, overrides
# and isolates (U+202A–U+202E, U+2066–U+2069, the marks U+200E, U+200F, U+061C), which can make a
# line read as if another seat had said it or reverse a name; zero-width spaces and joiners
# (U+200B–U+200D, U+2060–U+2064, U+FEFF); soft hyphens, fillers and other invisible marks (U+00AD,
# U+034F, U+115F, U+1160, U+17B4, U+17B5, U+180B–U+180F, U+206A–U+206F, U+3164, U+FFA0,
# U+FFF9–U+FFFB). They are removed (a joined emoji shows as its parts).
INVISIBLE = (
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb"
)
_INVISIBLE = re.compile(f"[{INVISIBLE}]+")


class ChatError(VolsteadError):
    """A line the table does not take (empty, too long)."""


class ChatTooFast(ChatError):
    """More lines than the rate allows (HTTP 429)."""


def clean(text: str) -> str:
    """The line as it is stored and shown; ChatError when nothing or too much is left."""
    line = _BLANKS.sub(" ", _INVISIBLE.sub("", text)).strip()
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
