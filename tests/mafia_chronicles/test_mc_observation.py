"""The Mafia Chronicles for learning agents (issue 37): the observation's layout and bounds, that it
is unchanged by every determinization for its seat (the leak test: inside the secret phases and the
negotiations too), and the action numbering: distinct and in range in every decision, the same
option the same number in every game, and exact values at known positions."""

from __future__ import annotations

import random

from mc_games import busy_choice, new_game
from mc_helpers import blank, moves, put

from volstead.engine.lanes import Lanes
from volstead.games.mafia_chronicles import GAME
from volstead.games.mafia_chronicles import actions as A
from volstead.games.mafia_chronicles.observation import DECISION_KINDS, FIELDS, MOB, MOB_CARD, SIZE
from volstead.games.mafia_chronicles.options import Options
from volstead.games.mafia_chronicles.rules.chains import ChooseLink
from volstead.games.mafia_chronicles.rules.market import PlaceCard, Rearrange
from volstead.games.mafia_chronicles.rules.negotiation import Deal, FeeAnswer, FixFee
from volstead.games.mafia_chronicles.state import MURDER, MafiaState

OPTIONS = Options()
N = GAME.action_count(4, OPTIONS)
OFFSET = {}
_at = 0
for _f in FIELDS:
    OFFSET[_f.name] = (_at, _at + _f.size)
    _at += _f.size


def part(obs: list[float], name: str) -> list[float]:
    a, b = OFFSET[name]
    return obs[a:b]


def games(count: int, first: int = 0):
    """(state before each decision, the decision) over `count` random games, every other one
    "busy" (it reaches the Shipments, Heists and deals)."""
    for seed in range(first, first + count):
        s = new_game(seed)
        rng = random.Random(seed)
        while not s.is_over():
            pending = s.decisions()
            d = pending[rng.randrange(len(pending))]
            yield s, d
            i = busy_choice(d, rng) if seed % 2 else rng.randrange(len(d.codes))
            s.apply_index(i, d.seat)


def test_the_layout_is_named_fixed_and_every_number_within_its_field():
    assert len({f.name for f in FIELDS}) == len(FIELDS)
    assert GAME.observation_fields(4, OPTIONS) == FIELDS
    assert GAME.observation_fields(4, Options(damage_bands="reference-card", first_seat=2)) == FIELDS
    assert SIZE == sum(f.size for f in FIELDS) == 1700
    bounds = [(f.low, f.high, f.name) for f in FIELDS for _ in range(f.size)]
    for n, (s, _) in enumerate(games(4)):
        if n % 3:
            continue
        for seat in range(4):
            obs = GAME.encode_observation(s, seat)
            assert len(obs) == SIZE
            wrong = [(name, x) for x, (lo, hi, name) in zip(obs, bounds) if not lo <= x <= hi]
            assert not wrong, f"seed {s.seed} decision {s.decisions_made} seat {seat}: {wrong[:3]}"


def test_an_observation_is_unchanged_by_every_determinization_for_its_seat():
    """Rivals' stashes, markets and decks redrawn, their secret choices undone, offers redrawn for
    outsiders: the seat's observation is exactly the same list. Counted: the sample reaches a secret
    phase with the seat deciding and with it done, and a negotiation seen by a party and an outsider."""
    rng = random.Random(37)
    seen = {"lanes, deciding": 0, "lanes, done": 0, "deal, party": 0, "deal, outsider": 0}
    for n, (s, _) in enumerate(games(8, first=100)):
        if n % 7:
            continue
        deciding = set(s.pending_seats())
        top = s.stack[-1]
        for seat in range(4):
            obs = GAME.encode_observation(s, seat)
            for _ in range(2):
                d = s.determinize(seat, random.Random(rng.getrandbits(32)))
                assert GAME.encode_observation(d, seat) == obs, f"seed {s.seed} decision {s.decisions_made} seat {seat}"
            if isinstance(top, Lanes):
                seen["lanes, deciding" if seat in deciding else "lanes, done"] += 1
            elif isinstance(top, (Deal, FixFee, FeeAnswer)):
                seen["deal, party" if seat in top.parties() else "deal, outsider"] += 1
    assert min(seen.values()) >= 3, seen


def test_a_rivals_secret_choices_change_nothing_a_seat_sees():
    """In the Market, seat 1 buying changes seat 0's observation not at all (its own, of course)."""
    s = new_game(5)
    for k in range(4):
        s.apply_index(0, k)  # Boss picks; the first Market opens
    assert s.phase == "market" and s.in_lanes()
    before = [GAME.encode_observation(s, k) for k in range(4)]
    d = s.decision(1)
    buy = next(i for i, c in enumerate(d.codes) if c[0] == "buy")
    s.apply_index(buy, 1)
    after = [GAME.encode_observation(s, k) for k in range(4)]
    assert after[0] == before[0] and after[2] == before[2] and after[3] == before[3]
    assert after[1] != before[1]


def test_action_numbers_are_distinct_and_in_range_in_every_decision_of_20_games():
    kinds = set()
    for s, d in games(20):
        numbers = GAME.action_numbers(s, d)
        assert len(numbers) == len(d.codes)
        assert len(set(numbers)) == len(numbers), f"seed {s.seed} {d.kind}: {d.option_ids} -> {numbers}"
        assert all(0 <= x < N for x in numbers)
        assert all(A.action_name(x).startswith(d.kind + ":") or A.action_name(x) == d.kind for x in numbers)
        kinds.add(d.kind)
    assert kinds == set(DECISION_KINDS)


def _meaning(s: MafiaState, d, i: int) -> tuple:
    """What option i of d is, independent of the game: seats relative to the decider, a purchase
    by the card (a Business or Asset by its place in the deck list, whichever syndicate's copy), a
    placed card by its row."""
    oid = d.option_ids[i]
    code = d.codes[i]
    rel = lambda t: (int(t) - d.seat) % 4  # noqa: E731
    if d.kind == "market" and code[0] == "buy":
        inst = code[1]
        return ("buy", inst) if inst < 100 else ("buy", inst < 180, (inst - (100 if inst < 180 else 180)) % 20)
    if d.kind == "target" and oid != "back":
        what, where = oid.split(":")
        t, _, c = where.partition(".")
        return ("target", what, rel(t), c)
    if d.kind == "link" and oid != "back":
        t, c = oid.split(":")[1].split(".")
        assert isinstance(d.step, ChooseLink)
        return ("link", len(d.step.links), rel(t), c)
    if d.kind == "place_card":
        assert isinstance(d.step, PlaceCard)
        return ("place_card", d.step.inst < 100, d.step.inst < 180, oid)
    if d.kind == "rearrange":
        assert isinstance(d.step, Rearrange)
        return ("rearrange", d.step.row, oid)
    return (d.kind, oid)


def test_the_same_option_has_the_same_number_in_two_games():
    numbers: dict[tuple, int] = {}
    meanings: dict[int, tuple] = {}
    for seed in (3, 10):  # one plain game, one busy
        for s, d in games(1, first=seed):
            for i, x in enumerate(GAME.action_numbers(s, d)):
                m = _meaning(s, d, i)
                assert numbers.setdefault(m, x) == x, m
                assert meanings.setdefault(x, m) == m, (x, A.action_name(x))
    assert len(numbers) > 150


def test_known_position_numbers_and_observation():
    s = GAME.new_game(0, 4, Options(first_seat=0))
    d = s.decision(2)
    assert d.kind == "pick_boss"
    numbers = GAME.action_numbers(s, d)
    assert numbers == tuple(A.PICK_BOSS + g for g in d.codes)
    first = s.content.gangsters[d.codes[0]].id
    assert GAME.action_name(numbers[0], 4, OPTIONS) == f"pick_boss:{first}" and d.option_ids[0] == f"boss:{first}"
    obs = GAME.encode_observation(s, 2)
    assert part(obs, "phase") == [1, 0, 0, 0, 0, 0] and part(obs, "round") == [1, 0, 0, 0, 0]
    assert part(obs, "own.stash") == [0.5] and part(obs, "own.deck_sizes") == [1.0, 1.0, 1.0]
    assert part(obs, "asked.kind") == [1.0] + [0.0] * 17
    assert part(obs, "first_player") == [0, 0, 0, 0]  # rolled once the Bosses are shown
    for k in range(4):
        s.apply_index(0, k)
    assert s.phase == "market"
    assert part(GAME.encode_observation(s, 2), "first_player") == [0, 0, 1, 0]  # seat 0: two clockwise of seat 2

    # Moves: seat 0's Boss murders seat 1's Gangster in column 2 (Heat 2)
    s = blank()
    killer = next(
        g
        for g in range(100)
        if MURDER in s.content.g_moves[g] and s.content.g_base[g][2 + s.content.g_moves[g].index(MURDER)] >= 2
    )
    victim = s.content.gangsters[next(g for g in range(100) if g != killer)].id
    put(s, 0, 0, s.content.gangsters[killer].id)
    put(s, 1, 2, victim, heat=2)
    moves(s, 0)
    s.turn = 0  # (the helper asks the menu without the turn step that sets it)
    d = s.decision()
    i = d.option_ids.index("murder:0")
    assert GAME.action_numbers(s, d)[i] == A.MOVE[(0, MURDER)] and A.action_name(A.MOVE[(0, MURDER)]) == "move:col0:murder"
    assert GAME.action_numbers(s, d)[d.option_ids.index("out")] == A.MOVE[("out",)]
    s.apply_index(i)
    d = s.decision()
    assert d.kind == "target" and d.option_ids == ("mob:1.2", "back")
    assert GAME.action_numbers(s, d) == (A.TARGET_BASE + 1 * 4 + 2, A.TARGET_BACK)
    assert A.action_name(A.TARGET_BASE + 6) == "target:mob:+1:col2"
    obs = GAME.encode_observation(s, 0)
    assert part(obs, "asked.kind")[DECISION_KINDS.index("target")] == 1.0
    assert part(obs, "asked.mover") == [1, 0, 0, 0] + [1, 0, 0, 0, 0, 0, 0, 0, 0]
    slot = part(obs, "syndicate1.area")[2 * MOB : 3 * MOB]  # seat 1 is one clockwise of seat 0
    heat_at = 1 + MOB_CARD + 2 + 7
    assert slot[0] == 1.0 and slot[heat_at] == 0.4 and slot[heat_at + 1] == 0.0
    # seat 1 sees the same card as its own, and nothing it is asked
    mine = GAME.encode_observation(s, 1)
    assert part(mine, "syndicate0.area")[2 * MOB : 3 * MOB] == slot
    assert part(mine, "turn") == [0, 0, 0, 1] and part(mine, "asked.kind") == [0.0] * 18


def test_bad_action_number_is_a_short_clear_error():
    import pytest

    from volstead.engine.errors import VolsteadError

    with pytest.raises(VolsteadError, match="action 550 is out of range"):
        GAME.action_name(N, 4, OPTIONS)
    assert N == 550
