"""Fixtures of the Prohibition tests: `dice` makes the next rolls exactly the values a test queues."""

from __future__ import annotations

import pytest

from volstead.games.prohibition import state


@pytest.fixture
def dice(monkeypatch):
    """A list: the dice the game rolls next, in order (a test that rolls more than it queued fails)."""
    queue: list[int] = []
    monkeypatch.setattr(state, "scripted_dice", queue)
    yield queue
    assert not queue, f"dice queued but not rolled: {queue}"
