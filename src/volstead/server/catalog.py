"""Names and texts of a game's components, for the browser client (public knowledge)."""

from __future__ import annotations

import functools

from volstead.games import get_game


@functools.cache
def catalog(game_name: str) -> dict:
    game = get_game(game_name)
    out: dict = {"game": game.name, "title": game.title, "min_seats": game.min_seats, "max_seats": game.max_seats}
    out.update(game.catalog())  # each game says what its components are called
    return out
