"""A tiny seeded generator kept as one int inside the game state.

Python's `random.Random` carries 625 words of state, which would make every
clone of a game state pay for copying it. A 64-bit LCG with the high bits
taken as output is plenty for shuffles and draws, is reproducible across
Python versions, and clones for free.
"""

import random
from typing import Final

MASK64: Final = (1 << 64) - 1
_MUL: Final = 6364136223846793005
_INC: Final = 1442695040888963407


def seed_state(seed: int) -> int:
    """Scramble a user seed (splitmix64 finaliser) into a generator state."""
    z = (seed + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def step(state: int) -> int:
    return (state * _MUL + _INC) & MASK64


def below(state: int, n: int) -> tuple[int, int]:
    """Return (value in [0, n), new state)."""
    state = (state * _MUL + _INC) & MASK64
    return ((state >> 32) * n) >> 32, state


def shuffled(state: int, items) -> tuple[list, int]:
    """Fisher-Yates shuffle of a copy of items; returns (list, new state)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state = (state * _MUL + _INC) & MASK64
        j = ((state >> 32) * (i + 1)) >> 32
        out[i], out[j] = out[j], out[i]
    return out, state


def shuffle_as_random(rng: random.Random, items: list) -> None:
    """Shuffle `items` in place exactly as `rng.shuffle(items)` would: the same draws from `rng`,
    the same order, the same state after.

    Bots' determinizations shuffle every hidden pile with their own `random.Random`; its
    `shuffle` is Python code (one `_randbelow` call a card) and was a third of an ISMCTS search
    once the rules were compiled. This copy of CPython's algorithm (`shuffle` over
    `_randbelow_with_getrandbits`; tests/test_rng.py checks it against the running Python) is compiled with the engine. A subclass
    that overrides the generator gets its own `shuffle`.
    """
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
