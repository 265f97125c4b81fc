"""A tiny seeded generator kept as one int inside the game state.

Python's `random.Random` carries 625 words of state, which would make every
clone of a game state pay for copying it. A 64-bit LCG with the high bits
taken as output is plenty for shuffles and draws, is reproducible across
Python versions, and clones for free.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

MASK64: Final = (1 << 64) - 1
# A game's seed is a whole number 0 <= seed < SEED_LIMIT, in every game and wherever one is given (the
# CLI, the server's API, records; contract.check_seed): 31 bits is what the simulator derives a game's seed
# in (sim.runner.game_seed) and what the server draws, and such a seed fits every database's and JSON
# reader's integers.
SEED_LIMIT: Final = 2**31
_MUL: Final = 6364136223846793005
_INC: Final = 1442695040888963407


_GOLDEN: Final = 0x9E3779B97F4A7C15
_M32: Final = 0xFFFFFFFF


def seed_state(seed: int) -> int:
    """Scramble a user seed (splitmix64 finaliser) into a generator state:

        z = (seed + 0x9E3779B97F4A7C15) mod 2**64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) mod 2**64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) mod 2**64
        return z ^ (z >> 31)

    worked on z's two 32-bit halves as `i64` (each product a 128-bit Python long otherwise: some
    2,000 instructions a call, and every simultaneous phase seeds one stream a seat)."""
    z = (seed + _GOLDEN) & MASK64
    hi: i64 = z >> 32
    lo: i64 = z & _M32
    hi, lo = _xorshift(hi, lo, 30)
    hi, lo = _mul_mod64(hi, lo, 0xBF58476D, 0x1CE4E5B9)
    hi, lo = _xorshift(hi, lo, 27)
    hi, lo = _mul_mod64(hi, lo, 0x94D049BB, 0x133111EB)
    hi, lo = _xorshift(hi, lo, 31)
    return int(hi) << 32 | int(lo)


def _xorshift(hi: i64, lo: i64, k: i64) -> tuple[i64, i64]:
    """z ^ (z >> k) on z's 32-bit halves, 0 < k < 32."""
    return hi ^ (hi >> k), lo ^ ((hi << (32 - k) | lo >> k) & _M32)


def _mul_mod64(hi: i64, lo: i64, ch: i64, cl: i64) -> tuple[i64, i64]:
    """z * c mod 2**64 on 32-bit halves; the low half is split in 16-bit pieces so that every
    partial product stays below 2**49."""
    l0 = lo & 0xFFFF
    l1 = lo >> 16
    low_by_cl = l1 * cl
    t = l0 * cl + ((low_by_cl & 0xFFFF) << 16)
    carry = (t >> 32) + (low_by_cl >> 16)  # lo * cl's high half
    lo_by_ch = l0 * ch + ((l1 * ch & 0xFFFF) << 16)  # lo * ch mod 2**32
    hi_by_cl = (hi & 0xFFFF) * cl + (((hi >> 16) * cl & 0xFFFF) << 16)  # hi * cl mod 2**32
    return (carry + lo_by_ch + hi_by_cl) & _M32, t & _M32


def step(state: int) -> int:
    return (state * _MUL + _INC) & MASK64


# `step` on the state's four 16-bit limbs. Compiled, an int is a machine word while it fits in 62
# bits and a product takes the machine path only when both factors are below 2**30; otherwise each
# operation allocates a Python long (`state * _MUL` is 128 bits: a 40-card shuffle was some 20,000
# instructions). Limb by limb, every factor is below 2**16 and every sum below 2**35, so the limbs
# are `i64`: machine words to mypyc (a tagged int's checks on every operation made a step some 290
# instructions), plain ints interpreted.
_M0: Final = _MUL & 0xFFFF
_M1: Final = _MUL >> 16 & 0xFFFF
_M2: Final = _MUL >> 32 & 0xFFFF
_M3: Final = _MUL >> 48 & 0xFFFF
_I0: Final = _INC & 0xFFFF
_I1: Final = _INC >> 16 & 0xFFFF
_I2: Final = _INC >> 32 & 0xFFFF
_I3: Final = _INC >> 48 & 0xFFFF


def step_limbs(s0: i64, s1: i64, s2: i64, s3: i64) -> tuple[i64, i64, i64, i64]:
    """`step` of the state whose 16-bit limbs, lowest first, are s0..s3; the new state's limbs."""
    r = s0 * _M0 + _I0
    t0 = r & 0xFFFF
    r = (r >> 16) + s0 * _M1 + s1 * _M0 + _I1
    t1 = r & 0xFFFF
    r = (r >> 16) + s0 * _M2 + s1 * _M1 + s2 * _M0 + _I2
    t2 = r & 0xFFFF
    r = (r >> 16) + s0 * _M3 + s1 * _M2 + s2 * _M1 + s3 * _M0 + _I3
    return t0, t1, t2, r & 0xFFFF


def _scaled_high(s2: i64, s3: i64, n: i64) -> i64:
    """`((state >> 32) * n) >> 32` from the state's two high limbs: a value in [0, n), n below 2**31
    (every term then stays below 2**63)."""
    return ((s3 * n << 16) + s2 * n) >> 32


def _joined(s0: i64, s1: i64, s2: i64, s3: i64) -> int:
    """The state whose limbs are s0..s3 (an int: shifted in an i64, the top limb would overflow)."""
    return int(s3) << 48 | int(s2) << 32 | int(s1) << 16 | int(s0)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (value in [0, n), new state); n below 2**31."""
    s0, s1, s2, s3 = step_limbs(state & 0xFFFF, state >> 16 & 0xFFFF, state >> 32 & 0xFFFF, state >> 48 & 0xFFFF)
    return _scaled_high(s2, s3, n), _joined(s0, s1, s2, s3)


def shuffled(state: int, items) -> tuple[list, int]:
    """Fisher-Yates shuffle of a copy of items (`Lcg.shuffle`); returns (list, new state)."""
    out = list(items)
    draws = Lcg(state)
    draws.shuffle(out)
    return out, draws.state


class Lcg:
    """`below` as an object, for a caller that draws many numbers from one state: bots' throwaway
    playouts. Seeding a `random.Random` fills its 624 words (about 26,000 instructions: a seventh
    of a greedy game, which seeds one for every option it weighs). The state is any 64 bits (drawn
    from another generator; `seed_state(seed)` for a small user seed), kept as its four 16-bit
    limbs so that no draw allocates."""

    __slots__ = ("s0", "s1", "s2", "s3")
    s0: i64
    s1: i64
    s2: i64
    s3: i64

    def __init__(self, state: int) -> None:
        state &= MASK64
        self.s0 = state & 0xFFFF
        self.s1 = state >> 16 & 0xFFFF
        self.s2 = state >> 32 & 0xFFFF
        self.s3 = state >> 48

    def copy(self) -> Lcg:
        """The same generator, drawn from separately (cheaper than building one from a 64-bit
        state, which is a Python long to split)."""
        new = Lcg(0)
        new.s0, new.s1, new.s2, new.s3 = self.s0, self.s1, self.s2, self.s3
        return new

    @property
    def state(self) -> int:
        return _joined(self.s0, self.s1, self.s2, self.s3)

    def randrange(self, n: int) -> int:
        """A number in [0, n), 1 <= n < 2**31: `below(state, n)`'s value."""
        s0, s1, s2, s3 = step_limbs(self.s0, self.s1, self.s2, self.s3)
        self.s0, self.s1, self.s2, self.s3 = s0, s1, s2, s3
        return _scaled_high(s2, s3, n)

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place (`shuffled` is this on a copy). Bots' determinizations shuffle
        every hidden pile with it (one `random.Random.getrandbits` call a card was most of a
        determinization, and that a fifth of an ISMCTS search)."""
        s0, s1, s2, s3 = self.s0, self.s1, self.s2, self.s3
        for i in range(len(items) - 1, 0, -1):
            s0, s1, s2, s3 = step_limbs(s0, s1, s2, s3)
            j = _scaled_high(s2, s3, i + 1)
            items[i], items[j] = items[j], items[i]
        self.s0, self.s1, self.s2, self.s3 = s0, s1, s2, s3
