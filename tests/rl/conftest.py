"""The games under test in tests/rl: every registered game (by name, from the registry) and the test
game Prize Bids (tests/platform_game), each skipped with a visible reason when it has no observation
encoder yet."""

from __future__ import annotations

import pytest

from volstead.engine.contract import Game
from volstead.games import game_names, get_game
from volstead.rl import has_encoder

PRIZE_BIDS = "prize_bids"
GAME_NAMES = list(dict.fromkeys([*game_names(), PRIZE_BIDS]))


@pytest.fixture(params=GAME_NAMES)
def game(request) -> Game:
    """Each game with an encoder (the test game found by its entry point, as an installed one is)."""
    name = request.param
    found = request.getfixturevalue("prize_bids") if name == PRIZE_BIDS else get_game(name)
    if not has_encoder(found):
        pytest.skip(f"{name}: no observation encoder")
    return found
