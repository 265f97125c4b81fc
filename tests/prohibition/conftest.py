"""Fixtures of the Prohibition tests: `dice` makes the next rolls exactly the values a test queues."""

from __future__ import annotations

import pytest

from volstead.games.prohibition.state import ProhibitionState


@pytest.fixture
def dice(monkeypatch):
    """A list: the dice the game rolls next, in order (a test that rolls more than it queued fails)."""
    queue: list[int] = []

    def roll(self, n):
        assert len(queue) >= n, f"the test queued {len(queue)} dice, the game rolls {n}"
        out = tuple(queue[:n])
        del queue[:n]
        return out

    monkeypatch.setattr(ProhibitionState, "roll", roll)
    yield queue
    assert not queue, f"dice queued but not rolled: {queue}"
