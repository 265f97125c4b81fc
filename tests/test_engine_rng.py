"""The engine's generators (`volstead.engine.rng`)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from volstead.engine.rng import shuffle_as_random


@given(seed=st.integers(min_value=0, max_value=2**64), items=st.lists(st.integers(), max_size=120))
def test_shuffle_as_random_is_random_shuffle(seed, items):
    """Same order and same generator state after as `random.Random.shuffle` (the bots'
    determinizations, and so their games, are the same whichever one shuffles)."""
    theirs, ours = list(items), list(items)
    a, b = random.Random(seed), random.Random(seed)
    a.shuffle(theirs)
    shuffle_as_random(b, ours)
    assert ours == theirs
    assert a.getstate() == b.getstate()


def test_shuffle_as_random_leaves_a_custom_generator_its_own_shuffle():
    class Reversing(random.Random):
        def shuffle(self, x):  # type: ignore[override]
            x.reverse()

    items = [1, 2, 3, 4]
    shuffle_as_random(Reversing(5), items)
    assert items == [4, 3, 2, 1]
