"""Helpers of tests/rl: a game's setup for the API tests, and random games to look into."""

from __future__ import annotations

import random

from volstead.engine.contract import Game
from volstead.engine.state import GameState


def first_setup(game: Game) -> tuple[int, dict]:
    """The setup the API tests use: the game's first sample setup (its most seats, default options)."""
    return game.sample_setups()[0]


def random_game(game: Game, seed: int, seats: int, options: dict, limit: int = 100_000):
    """A random game, yielding its state before each decision (the same state object, moved on):
    each option drawn with random.Random(seed), the seat in a secret phase drawn too."""
    rng = random.Random(seed)
    state: GameState = game.new_game(seed, seats, options)
    for _ in range(limit):
        if state.is_over():
            return
        yield state
        d = rng.choice(state.decisions())
        state.apply_index(rng.randrange(len(d.codes)), d.seat)
