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


# `step` on the state's two 32-bit halves. Compiled, an int that fits in 62 bits is a machine word,
# and a bigger one a Python long allocated at every operation: `state * _MUL` is 128 bits, which
# made a 40-card shuffle some 20,000 instructions. Here every intermediate stays below 2**50.
M32: Final = (1 << 32) - 1
_MUL_HI: Final = _MUL >> 32
_MUL_LO: Final = _MUL & M32
_INC_HI: Final = _INC >> 32
_INC_LO: Final = _INC & M32


def _mul32(x: int, y: int) -> int:
    """x * y mod 2**32, for x and y below 2**32, through 16-bit halves of x."""
    return (((((x >> 16) * y) & 0xFFFF) << 16) + (x & 0xFFFF) * y) & M32


def step_halves(hi: int, lo: int) -> tuple[int, int]:
    """`step` of the state `hi << 32 | lo`, as its new (hi, lo)."""
    upper = (lo >> 16) * _MUL_LO  # lo * _MUL_LO = (lo & 0xFFFF) * _MUL_LO + upper << 16
    low = (lo & 0xFFFF) * _MUL_LO + ((upper & 0xFFFF) << 16)
    carry = (upper >> 16) + (low >> 32)  # lo * _MUL_LO >> 32
    low = (low & M32) + _INC_LO
    new_hi = (carry + _mul32(hi, _MUL_LO) + _mul32(lo, _MUL_HI) + _INC_HI + (low >> 32)) & M32
    return new_hi, low & M32


def below(state: int, n: int) -> tuple[int, int]:
    """Return (value in [0, n), new state)."""
    hi, lo = step_halves(state >> 32, state & M32)
    return (hi * n) >> 32, hi << 32 | lo


def shuffled(state: int, items) -> tuple[list, int]:
    """Fisher-Yates shuffle of a copy of items; returns (list, new state)."""
    out = list(items)
    hi, lo = state >> 32, state & M32
    for i in range(len(out) - 1, 0, -1):
        hi, lo = step_halves(hi, lo)
        j = (hi * (i + 1)) >> 32
        out[i], out[j] = out[j], out[i]
    return out, hi << 32 | lo


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
