"""Fixtures of the Prohibition tests: `dice` makes the next rolls exactly the values a test queues."""

from __future__ import annotations

import pytest

from dice_script import Dice, scripting


@pytest.fixture
def dice():
    """The six-sided dice the games the helpers make (`prohibition_helpers.new`) roll next, in order:
    `dice += [1, 3]` (dice_script.py); a test that rolls more than it queued fails, and so does one
    that leaves dice unrolled."""
    with scripting(Dice(6)) as queue:
        yield queue
    assert not queue, f"dice queued but not rolled: {queue}"
