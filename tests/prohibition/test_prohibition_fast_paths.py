"""The Action menu's one-pass checks give exactly what their one-at-a-time definitions give
(rulebook: Building Actions, the back page's limits, Ordering Attacks), in every state of seeded random
games. (That a Gang's copy copies every slot: tests/test_engine_part_copies.py, for every game.)"""

from __future__ import annotations

import random

from prohibition_games import new_game

from volstead.games.prohibition.rules.actions import ATTACK, SPACES, action_codes, has_action, space_open
from volstead.games.prohibition.rules.attack import attack_sources, has_target, is_target, targets
from volstead.games.prohibition.rules.building import build_blocks, buildable_kinds, can_build
from volstead.games.prohibition.state import turfs_of


def slow_action_codes(s, seat: int) -> tuple[int, ...]:
    out = [sp for sp in range(SPACES) if space_open(s, seat, sp)]
    if any(is_target(s, seat, b) for b in s.content.in_play[s.seats]):
        out += [ATTACK + b for b in attack_sources(s, seat)]
    return tuple(out)


def slow_build_blocks(s, seat: int, kind: int) -> list[int]:
    limit, hq, lo, hi = s.content.b_limit[kind], s.gangs[seat].hq, kind * 7, kind * 7 + 7
    return [
        b
        for b, o in enumerate(s.owner)
        if o == seat
        and b != hq
        and not (limit and sum(1 for x in range(b >> 3 << 3, (b >> 3 << 3) + 8) if x != b and lo <= s.tile[x] < hi) >= limit)
    ]


def test_one_pass_checks_match_their_definitions_in_random_games():
    checked = 0
    for seed in range(12):
        s = new_game(seed)
        rng = random.Random(seed)
        while not s.is_over():
            if s.phase == "actions":
                for seat in range(s.seats):
                    kinds = buildable_kinds(s, seat)
                    assert kinds == [can_build(s, seat, k) for k in range(6)], f"seed={seed}"
                    assert kinds == [
                        bool(s.stacks[k])
                        and s.gangs[seat].gs >= s.content.tile_cost[k * 7 + s.stacks[k][0]]
                        and bool(build_blocks(s, seat, k))
                        for k in range(6)
                    ]
                    assert action_codes(s, seat) == slow_action_codes(s, seat), f"seed={seed}"
                    assert has_action(s, seat) == bool(action_codes(s, seat))
                    assert s.turf(seat) == s.turfs()[seat] == tuple(b for b, o in enumerate(s.owner) if o == seat)
                    for k in range(6):
                        assert build_blocks(s, seat, k) == slow_build_blocks(s, seat, k)
                        assert build_blocks(s, seat, k, any_one=True) == slow_build_blocks(s, seat, k)[:1]
                    found = targets(s, seat)
                    assert found == [b for b in s.content.in_play[s.seats] if is_target(s, seat, b)]
                    assert has_target(s, seat) == bool(found)
                    checked += 1
            s.apply_index(rng.randrange(len(s.decision().codes)))
    assert checked > 1000


def test_turfs_follow_the_map_through_changes_and_clones():
    """The Turfs are found again when `owner` changes, and a clone carries them with its map."""
    s = new_game(3)
    before = s.turfs()
    assert before == turfs_of(s.owner)
    b = before[0][0]
    s.set_block(b, owner=1)
    assert s.turfs() == turfs_of(s.owner) and b not in s.turf(0) and b in s.turf(1)
    c = s.clone()
    assert c.turfs() is s.turfs()  # the same map: nothing found again
    c.set_block(b, owner=-1)
    assert b not in c.turf(1) and b in s.turf(1)
    assert s.blocks_of(1) == c.blocks_of(1) + 1 == sum(1 for o in s.owner if o == 1)
