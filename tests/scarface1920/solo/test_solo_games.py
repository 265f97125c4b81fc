"""Random solo games: invariants, replay of records, views; the Reorganize steal example."""

from __future__ import annotations

import random

import pytest

from volstead import replay
from volstead.games.scarface1920 import GAME
from volstead.games.scarface1920.options import Options
from volstead.games.scarface1920.solo.enforcer import ENFORCER, HUMAN
from volstead.games.scarface1920.solo.turn import EnforcerIncome, reorganize_steal
from volstead.games.scarface1920.state import CARS, CONTROL_MARKERS, RAID_LEVEL, THUGS_PER_GANG, TRUCKS

MAX_DECISIONS = 5_000


def solo_game(seed: int, **options):
    return GAME.new_game(seed=seed, seats=1, options=Options(solo=True, **options))


def check(s) -> None:
    where = f"seed={s.seed} decision #{s.decisions_made}"
    markers = [0, 0]
    for h in s.hoods:
        if h.owner >= 0:
            markers[h.owner] += 1
        assert min(h.speakeasy, h.casino, h.brothel, h.nightclub, h.alcohol, h.guns) >= 0, where
        assert h.basic_businesses <= 3 and h.nightclub <= 1, where
    for kind in ("speakeasy", "casino", "brothel", "nightclub"):
        assert s.businesses_left(kind) >= 0, where
    for p in s.players:
        assert p.thug_total() == THUGS_PER_GANG, (where, p.seat)
        assert min(p.recruits, p.safehouses, p.hq, p.underworld, p.authorities, p.prison, p.job_thugs) >= 0, where
        assert min(p.thugs) >= 0 and min(p.cars) >= 0 and min(p.trucks) >= 0, where
        assert sum(p.cars) <= CARS and sum(p.trucks) <= TRUCKS, where
        assert markers[p.seat] <= CONTROL_MARKERS, where
        assert p.money >= 0, where
        assert s.ness < p.crime <= RAID_LEVEL, where
        for d in p.deals:
            assert min(d.alcohol, d.guns, d.thugs) >= 0, where
            assert d.alcohol + d.guns <= s.content.dealers[d.dealers[0]].storage, where
    # The Enforcer's 36 cards are always somewhere, each once.
    enf = s.enf_deck + s.enf_deck_b + s.enf_deck_c + s.enf_plan + s.enf_discard
    assert sorted(enf) == list(range(36)), where
    assert len(s.enf_plan) <= 3
    if not s.is_over():
        d = s.decision()
        assert d.seat == HUMAN, (where, d.kind)
        assert len(d.codes) >= 1, where


@pytest.mark.parametrize("chunk", range(4))
def test_random_solo_games_keep_invariants_and_replay(chunk):
    for seed in range(chunk, 200, 4):
        s = solo_game(seed)
        rng = random.Random(seed)
        check(s)
        while not s.is_over():
            assert s.decisions_made < MAX_DECISIONS, f"seed {seed} does not end"
            d = s.decision()
            s.apply_index(rng.randrange(len(d.codes)))
            check(s)
        res = s.result()
        assert len(res.scores) == 2 and res.factions[1] == "enforcer"
        rec = s.record()
        assert rec["seats"] == 1 and rec["options"]["solo"] is True
        again = replay(rec)
        assert again.result() == res
        assert again.view(None) == s.view(None)


def test_views_and_determinize_keep_the_enforcer_deck_secret():
    s = solo_game(7)
    rng = random.Random(7)
    for _ in range(60):
        d = s.decision()
        s.apply_index(rng.randrange(len(d.codes)))
    v = s.view(HUMAN)
    assert "enforcer" in v and "deck" not in v["enforcer"]
    assert v["players"][ENFORCER]["money"] == s.players[ENFORCER].money  # no screen in solo
    det = s.determinize(HUMAN, random.Random(1))
    assert sorted(det.enf_deck) == sorted(s.enf_deck)
    assert det.players[ENFORCER].money == s.players[ENFORCER].money
    while not det.is_over():
        dd = det.decision()
        det.apply_index(rng.randrange(len(dd.codes)))


def test_solo_needs_one_seat():
    from volstead.engine.errors import VolsteadError

    with pytest.raises(VolsteadError, match="1 seat"):
        GAME.new_game(seed=1, seats=2, options=Options(solo=True))


def test_setup_removes_multiplayer_only_cards_and_drafts_jobs():
    s = solo_game(3)
    c = s.content
    assert not any(c.jobs[j].multiplayer_only for j in s.job_deck)
    assert not any(c.raids[r].multiplayer_only for r in s.raid_deck)
    assert not any(c.news[n].multiplayer_only for n in s.news_deck)
    assert sorted(s.district_no) == list(range(1, 8))
    assert s.enf_district not in s.police
    him = s.players[ENFORCER]
    assert [c.dealers[d.dealers[0]].id for d in him.deals] == ["gun_runner", "distillery_owner"]
    assert sum(him.cars) == 1 and sum(s.goods_of(ENFORCER)) == 2
    rng = random.Random(0)
    while s.decision().kind != "plan" and s.active != ENFORCER:
        d = s.decision()
        s.apply_index(rng.randrange(len(d.codes)))
    assert len(s.players[HUMAN].jobs) == 3 and len(s.enf_jobs) >= 3  # 3 from the draft (+ his Job actions)
    assert s.turn_number >= 1  # the Enforcer took the first turn


def test_setup_step_15_puts_the_enforcers_starting_goods_in_his_deals():
    """Solo setup, step 15: "If the Neighborhood controlled by the Enforcer requires both alcohol and
    guns, put 1 alcohol and 1 gun in the Enforcer's deals. If the Neighborhood only requires alcohol,
    put 2 alcohol ... If it only requires guns, put 2 guns in his deals": in his Deals (Gun Runner and
    Distillery Owner store 1 each), none on his Neighborhood, where a seize would take them."""
    seen = set()
    for seed in range(60):
        s = solo_game(seed)
        him = s.players[ENFORCER]
        (hood,) = [h for h in s.hoods if h.owner == ENFORCER]
        side = s.content.tiles[hood.tile]
        wants = side.night if hood.night else side.day
        expected = (1, 1) if wants.alcohol and wants.guns else (2, 0) if wants.alcohol else (0, 2)
        assert (sum(d.alcohol for d in him.deals), sum(d.guns for d in him.deals)) == expected
        assert all(d.alcohol + d.guns == 1 for d in him.deals)
        assert (hood.alcohol, hood.guns) == (0, 0)
        seen.add(expected)
    assert (1, 1) in seen


def test_reorganize_steal_rulebook_example():
    """Solo mode, Reorganizing 2: 4 Jobs and 2 News cards in the active space: he steals $8."""
    s = solo_game(5)
    s.enf_jobs = s.job_deck[:4]
    s.news_revealed = 2
    assert reorganize_steal(s) == 8
    s.players[HUMAN].money = 20
    before = s.players[ENFORCER].money
    for h in range(len(s.hoods)):
        if s.hoods[h].owner == ENFORCER:
            s.set_hood(h, speakeasy=0, casino=0, brothel=0, nightclub=0)
    EnforcerIncome().run(s)
    assert s.players[HUMAN].money == 12
    assert s.players[ENFORCER].money == before + 8
