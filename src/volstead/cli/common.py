"""What every `volstead` command shares: consoles, errors, loading a game, seat lists."""

from __future__ import annotations

from typing import Any

import typer
from rich.console import Console
from rich.text import Text

from volstead.bots import bot_names
from volstead.engine.contract import Game, GameOptions, SetupError
from volstead.games import get_game

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

HUMAN = "human"


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print `message` as an error on stderr and return the Exit to raise."""
    err_console.print(Text(f"error: {message}", style="bold red"), soft_wrap=True)
    return typer.Exit(code)


def load_game(name: str) -> Game:
    try:
        return get_game(name)
    except KeyError as e:
        raise fail(str(e.args[0])) from None
    except Exception as e:  # the game's module does not import
        raise fail(f"could not load {name}: {type(e).__name__}: {e}", code=1) from None


def seat_range_text(r: range) -> str:
    return str(r.start) if len(r) == 1 else f"{r.start}–{r[-1]}"


def parse_seats(spec: str, game: Game, options: GameOptions | None, humans: bool = True) -> list[str]:
    """The player kind of each seat in `spec` ("human,random,greedy"), checked against the
    player kinds and the seats the game takes with these options."""
    from volstead.bots import BotError, check_bot_table, get_bot

    # learned:PATH keeps its path's case (a file name); every other name is read in lower case
    seats = ["learned:" + s[8:] if s.lower().startswith("learned:") else s.lower() for s in (s.strip() for s in spec.split(","))]
    kinds = [HUMAN, *bot_names()] if humans else bot_names()
    bots = {}
    for i, s in enumerate(seats):
        if humans and s == HUMAN:
            continue
        try:
            bots[i] = get_bot(s, 0)
        except BotError as e:  # a known bot that cannot be built so (learned:PATH of no policy)
            raise fail(f"seat {i}: {e}") from None
        except KeyError:
            shown = repr(s) if s else "an empty name"
            raise fail(f"seat {i} is {shown}, which is not a player kind; use one of: {', '.join(kinds)}") from None
    try:
        resolved = game.resolve_options(options)
        game.check_seats(len(seats), resolved)
    except SetupError as e:
        raise fail(f"{e} (--seats {spec})") from None
    for i, bot in bots.items():
        try:  # a learned bot plays only a game (and number of seats) its policy was trained for
            check_bot_table(bot, game, len(seats), resolved)
        except BotError as e:
            raise fail(f"seat {i}: {e}") from None
    return seats


def json_default(value: Any) -> Any:
    return list(value) if isinstance(value, (tuple, set, frozenset)) else str(value)
