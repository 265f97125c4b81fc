"""The engine's generators (`volstead.engine.rng`)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from volstead.engine.lanes import _lane_salt
from volstead.engine.rng import MASK64, Lcg, below, seed_state, shuffled, step, step_limbs


def _shuffled_by_products(state: int, items: list) -> tuple[list, int]:
    """The generator's definition, with the full 128-bit products (`step`)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state = step(state)
        j = ((state >> 32) * (i + 1)) >> 32
        out[i], out[j] = out[j], out[i]
    return out, state


def _limbs(state: int) -> tuple[int, int, int, int]:
    return state & 0xFFFF, state >> 16 & 0xFFFF, state >> 32 & 0xFFFF, state >> 48


def _joined(limbs: tuple[int, int, int, int]) -> int:
    return limbs[3] << 48 | limbs[2] << 32 | limbs[1] << 16 | limbs[0]


@given(state=st.integers(min_value=0, max_value=MASK64))
def test_step_on_limbs_is_the_lcg_step(state):
    assert _joined(step_limbs(*_limbs(state))) == step(state)


@given(
    state=st.integers(min_value=0, max_value=MASK64),
    items=st.lists(st.integers(), max_size=120),
    n=st.integers(min_value=1, max_value=10**6),
)
def test_shuffled_and_below_keep_the_lcg_sequence(state, items, n):
    """Same order, same state after, as the definition (seeded games, records and fingerprints
    depend on this sequence)."""
    assert shuffled(state, items) == _shuffled_by_products(state, items)
    nxt = step(state)
    assert below(state, n) == (((nxt >> 32) * n) >> 32, nxt)


def test_step_on_limbs_at_the_edges():
    for state in (0, 1, MASK64, MASK64 - 1, 1 << 32, (1 << 32) - 1, 0xFFFF_0000_FFFF_0000, 0x0000_FFFF_0000_FFFF):
        assert _joined(step_limbs(*_limbs(state))) == step(state)


@given(seed=st.integers(min_value=-(2**70), max_value=2**70), sizes=st.lists(st.integers(1, 2**31 - 1), max_size=40))
def test_lcg_draws_are_below_from_its_state(seed, sizes):
    """`Lcg(state).randrange(n)` draws `below`'s sequence from the state (any int, its low 64 bits:
    the greedy bot's reply seeds), each draw in [0, n), and keeps the state `below` returns."""
    rng, state = Lcg(seed), seed & MASK64
    assert rng.state == state
    for n in sizes:
        value, state = below(state, n)
        drawn = rng.randrange(n)
        assert drawn == value
        assert 0 <= drawn < n
    assert rng.state == state


@given(state=st.integers(min_value=0, max_value=MASK64), items=st.lists(st.integers(), max_size=120))
def test_lcg_shuffle_is_shuffled_in_place(state, items):
    """`Lcg.shuffle` gives the definition's order and leaves the state it ends in (bots'
    determinizations shuffle with it; `shuffled` is it on a copy)."""
    expected, after = _shuffled_by_products(state, items)
    rng, pool = Lcg(state), list(items)
    rng.shuffle(pool)
    assert pool == expected
    assert rng.state == after


def test_lcg_copy_draws_the_same_numbers_apart():
    """A copy draws what the original would, and drawing from one leaves the other as it was (the
    greedy bot gives every option the same replies)."""
    original = Lcg(0x0123_4567_89AB_CDEF)
    copy = original.copy()
    assert [copy.randrange(1000) for _ in range(20)] == [original.randrange(1000) for _ in range(20)]
    before = original.state
    copy.randrange(7)
    assert original.state == before and copy.state != before


def _splitmix64(seed: int) -> int:
    """`seed_state`'s definition on Python ints (the splitmix64 finaliser)."""
    z = (seed + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


@given(seed=st.integers(min_value=-(2**80), max_value=2**80))
def test_seed_state_is_splitmix64(seed):
    """Worked on 32-bit halves, the same states as the definition for any int (records replay
    their games from the seed)."""
    assert seed_state(seed) == _splitmix64(seed)


def test_seed_state_at_the_edges():
    for seed in (0, 1, -1, MASK64, MASK64 + 1, 2**63, 2**63 - 1, -(2**63), 0x9E3779B97F4A7C15, 2**64 - 0x9E3779B97F4A7C15):
        assert seed_state(seed) == _splitmix64(seed), seed
    assert seed_state(0) == 0xE220A8397B1DCDAF  # splitmix64's first output from state 0


@given(base=st.integers(min_value=0, max_value=MASK64), seat=st.integers(min_value=0, max_value=20))
def test_lane_streams_are_seeded_as_before(base, seat):
    """A simultaneous phase seeds lane `seat` from `base ^ (seat + 1) * golden`; the reduced salt
    gives the same stream as the full product."""
    assert seed_state(base ^ _lane_salt(seat)) == _splitmix64(base ^ (seat + 1) * 0x9E3779B97F4A7C15)
