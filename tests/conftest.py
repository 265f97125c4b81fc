"""Suite-wide fixtures. `prize_bids` registers the platform's test game (tests/platform_game)
for one test, as a game added by a plugin would be: no platform code knows it."""

from __future__ import annotations

import pytest

import volstead.games

PRIZE_BIDS = "prize_bids"


@pytest.fixture
def prize_bids():
    """The test game registered under its name for the test; its `GAME` object."""
    import platform_game

    volstead.games.register(PRIZE_BIDS, "platform_game")
    try:
        yield platform_game.GAME
    finally:
        volstead.games.unregister(PRIZE_BIDS)
