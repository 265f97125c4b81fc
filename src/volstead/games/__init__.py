"""The registry of games: the three built in, and every game installed as a package of its own.

A game package declares one entry point in the `volstead.games` group: its name is the game's
name (`Game.name`), its object the game's `Game` instance (docs/architecture.md, "Adding a game"):

    [project.entry-points."volstead.games"]
    prize_bids = "platform_game:GAME"

A built-in game is found by name without reading any package's metadata. The installed packages'
entry points are read, and their games imported, once, the first time the names are listed or a
name that is not built in is asked for. An entry point that cannot be loaded, loads to something
other than a `Game`, carries a name other than its game's, or takes the name of a built-in game
(the built-in game wins) or of another package's game (the first found wins) is left out with a
warning (logger `volstead.games`) naming the entry point and its package: one broken package
never hides the other games. `register(name, module)` adds a game at run time (in-process tests).
"""

from __future__ import annotations

import importlib
import logging
import re
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from volstead.engine import replay
from volstead.engine.contract import Game
from volstead.engine.errors import RecordError
from volstead.engine.record import validate_record
from volstead.engine.state import GameState

ENTRY_POINT_GROUP = "volstead.games"
GAME_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")  # a URL path part and a CLI argument as it is

_BUILT_IN = {
    "scarface1920": "volstead.games.scarface1920",
    "prohibition": "volstead.games.prohibition",
    "mafia_chronicles": "volstead.games.mafia_chronicles",
}
_GAMES = dict(_BUILT_IN)  # name -> module exposing GAME: the built-in games and those `register`ed
DEFAULT_GAME = "scarface1920"  # what `volstead play` and the lobby start when no game is named

log = logging.getLogger(__name__)
_installed: dict[str, Game] | None = None  # the entry points' games that loaded; None: not read yet


def game_names() -> list[str]:
    return sorted(_GAMES.keys() | installed_games().keys())


def register(name: str, module: str) -> None:
    """Make the game in `module` (which exposes GAME) known as `name`."""
    _GAMES[name] = module


def unregister(name: str) -> None:
    _GAMES.pop(name, None)


def get_game(name: str) -> Game:
    if isinstance(name, str) and name in _GAMES:
        return importlib.import_module(_GAMES[name]).GAME
    game = installed_games().get(name) if isinstance(name, str) else None
    if game is None:
        shown = repr(name)[:60] if isinstance(name, str) else f"a {type(name).__name__}"
        raise KeyError(f"unknown game {shown}; known games: {', '.join(game_names())}")
    return game


def installed_games() -> dict[str, Game]:
    """The games installed as packages of their own (entry points of the `volstead.games` group),
    by name: read once a process."""
    global _installed
    if _installed is None:
        _installed = _load_entry_points()
    return _installed


def _load_entry_points() -> dict[str, Game]:
    games: dict[str, Game] = {}
    providers: dict[str, str] = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        where = _entry_point_text(ep)
        if ep.name in _BUILT_IN:
            log.warning("%s is ignored: %r is the name of a built-in game, which wins", where, ep.name)
            continue
        if ep.name in providers:
            log.warning("%s is ignored: %s already provides the game %r", where, providers[ep.name], ep.name)
            continue
        if not GAME_NAME.fullmatch(ep.name):
            log.warning("%s is ignored: a game's name is 1-40 lowercase letters, digits and _, from a letter", where)
            continue
        try:
            game = ep.load()
        except Exception as e:  # the package's own bug: the other games stay playable
            log.warning("%s is ignored: loading it raised %s: %s", where, type(e).__name__, e)
            continue
        if not isinstance(game, Game):
            log.warning(
                "%s is ignored: it loads to %s, not a volstead Game instance (name the instance: module:GAME)",
                where,
                "a module" if type(game).__name__ == "module" else f"a {type(game).__name__}",
            )
            continue
        if game.name != ep.name:
            log.warning("%s is ignored: its Game is named %r; the entry point must carry the game's name", where, game.name)
            continue
        games[ep.name] = game
        providers[ep.name] = _package_text(ep)
    return games


def _package_text(ep: EntryPoint) -> str:
    dist = ep.dist
    return f"package {dist.name} {dist.version}" if dist is not None else "an unnamed package"


def _entry_point_text(ep: EntryPoint) -> str:
    return f"the {ENTRY_POINT_GROUP} entry point {ep.name} = {ep.value!r} of {_package_text(ep)}"


def replay_record(record: Any, upto: int | None = None) -> GameState:
    """The state a record describes, in the game it names (`volstead.replay`): the look-up by name
    is the registry's, the replay the engine's (`engine.replay`). A RecordError for an unknown game."""
    record = validate_record(record)
    try:
        game = get_game(record["game"])
    except KeyError as e:
        raise RecordError(str(e.args[0])) from None
    return replay(game, record, upto)
