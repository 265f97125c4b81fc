"""The registry of games. Adding a game adds a folder and one line here.

`register(name, module)` adds a game at run time (the tests' own game does this);
every game module exposes `GAME`, an `engine.contract.Game`.
"""

from __future__ import annotations

import importlib
from typing import Any

from volstead.engine import replay
from volstead.engine.contract import Game
from volstead.engine.errors import RecordError
from volstead.engine.record import validate_record
from volstead.engine.state import GameState

_GAMES = {
    "scarface1920": "volstead.games.scarface1920",
    "prohibition": "volstead.games.prohibition",
    "mafia_chronicles": "volstead.games.mafia_chronicles",
}
DEFAULT_GAME = "scarface1920"  # what `volstead play` and the lobby start when no game is named


def game_names() -> list[str]:
    return sorted(_GAMES)


def register(name: str, module: str) -> None:
    """Make the game in `module` (which exposes GAME) known as `name`."""
    _GAMES[name] = module


def unregister(name: str) -> None:
    _GAMES.pop(name, None)


def get_game(name: str) -> Game:
    if not isinstance(name, str) or name not in _GAMES:
        shown = repr(name)[:60] if isinstance(name, str) else f"a {type(name).__name__}"
        raise KeyError(f"unknown game {shown}; known games: {', '.join(game_names())}")
    return importlib.import_module(_GAMES[name]).GAME


def replay_record(record: Any, upto: int | None = None) -> GameState:
    """The state a record describes, in the game it names (`volstead.replay`): the look-up by name
    is the registry's, the replay the engine's (`engine.replay`). A RecordError for an unknown game."""
    record = validate_record(record)
    try:
        game = get_game(record["game"])
    except KeyError as e:
        raise RecordError(str(e.args[0])) from None
    return replay(game, record, upto)
