"""The registry of games. Adding a game adds a folder and one line here."""

from __future__ import annotations

import importlib

_GAMES = {"scarface1920": "volstead.games.scarface1920"}
DEFAULT_GAME = "scarface1920"  # what `volstead play` and the lobby start when no game is named


def game_names() -> list[str]:
    return sorted(_GAMES)


def get_game(name: str):
    if name not in _GAMES:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(game_names())}")
    return importlib.import_module(_GAMES[name]).GAME
