"""A tiny seeded generator kept as one int inside the game state.

Python's `random.Random` carries 625 words of state, which would make every
clone of a game state pay for copying it. A 64-bit LCG with the high bits
taken as output is plenty for shuffles and draws, is reproducible across
Python versions, and clones for free.
"""

MASK64 = (1 << 64) - 1
_MUL = 6364136223846793005
_INC = 1442695040888963407


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
