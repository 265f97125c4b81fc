"""Operations Phase (rulebook: Operation Phase — Collect, Defend, Stock, Warehouse, Generate Heat)."""

from __future__ import annotations

from prohibition_helpers import after_setup, b, clear_units, ids, put_building, run

from volstead.games.prohibition.rules.actions import StartActions
from volstead.games.prohibition.rules.operations import (
    Collect,
    Defend,
    GenerateHeat,
    StockBuildings,
    Warehouse,
)
from volstead.games.prohibition.rules.year import Year


def test_gangsters_each_year_with_a_fourth_in_1923_and_a_fifth_in_1925():
    """Collect your Gangsters: "Add one Gangster in 1923 and 1925"; Laying Low ends."""
    s = after_setup()
    got = {}
    for year in range(1921, 1927):
        s.year = year
        s.put_gangster(b(s, "hk2"), 0)
        run(s, Collect(), StartActions())
        got[year] = s.gangs[0].gangsters_left
        assert s.gmask[b(s, "hk2")] == 0
    assert got == {1921: 3, 1922: 3, 1923: 4, 1924: 4, 1925: 5, 1926: 5}


def test_defend_turf_adds_three_goons_and_the_wiped_out_ones_and_discards_hospital_guards():
    """Defend your Turf: add three Goons and retrieve Wiped Out Goons; discard Guards in the Hospital."""
    s = after_setup()
    g = s.gangs[0]
    g.hosp_goons, g.hosp_guards = 2, 1
    run(s, Defend(0))
    assert g.to_place == 5 and g.goon_supply == 15 and g.hosp_goons == 0 and g.hosp_guards == 0
    assert s.guards_lost == 1
    assert s.decision().kind == "place_goon"
    assert "goon:hk1" not in ids(s)  # the HQ Block already holds 4 Units
    for _ in range(5):
        s.apply("goon:hk3")  # room for 4 only: the fifth goes elsewhere
        if s.goons[b(s, "hk3")] == 4:
            break
    assert s.goons[b(s, "hk3")] == 4 and "goon:hk3" not in ids(s)
    s.apply("goon:hk4")
    assert g.to_place == 0 and s.decision().kind == "move_from"


def test_goons_with_no_room_anywhere_stay_in_the_supply():
    s = after_setup()
    for x in s.turf(0):
        s.set_block(x, goons=4 - s.guards[x])
    g = s.gangs[0]
    supply = g.goon_supply
    run(s, Defend(0))
    assert g.to_place == 0 and g.goon_supply == supply  # 3 taken, 3 returned
    assert s.is_over() or s.decision().kind != "place_goon"


def test_units_move_freely_within_the_turf_never_more_than_four():
    """Defend your Turf: "Freely move all of your Units around your Turf ... never placing more than
    four Units in any one Block". The Units that move are picked up, then put down (Guards first)."""
    s = after_setup()
    s.gangs[0].goon_supply = 0
    run(s, Defend(0))
    assert s.decision().kind == "move_from"
    assert {"lift_goon:hk1", "lift_guard:hk1", "lift_goon:hk2", "done"} <= set(ids(s))
    assert "lift_goon:hk3" not in ids(s)  # no Units there
    s.apply("lift_guard:hk1")
    s.apply("lift_goon:hk2")
    assert (s.guards[b(s, "hk1")], s.goons[b(s, "hk2")]) == (0, 0)
    assert (s.gangs[0].guards_to_place, s.gangs[0].to_place) == (1, 1)
    s.apply("done")
    assert s.decision().kind == "move_to"
    assert all(x.startswith("guard:") for x in ids(s))  # Guards are put down first
    s.apply("guard:hk2")
    assert "goon:hk1" in ids(s)  # hk1 has room again: 3 Goons
    s.apply("goon:hk1")
    assert (s.goons[b(s, "hk1")], s.guards[b(s, "hk1")], s.goons[b(s, "hk2")], s.guards[b(s, "hk2")]) == (4, 0, 0, 1)
    assert (s.gangs[0].guards_to_place, s.gangs[0].to_place) == (0, 0)
    assert s.is_over()  # nothing else was pending


def test_a_goon_and_a_guard_swap_between_two_full_blocks():
    """Every arrangement with at most 4 Units a Block can be reached, even with every Block full."""
    s = after_setup()
    s.gangs[0].goon_supply = 0
    clear_units(s)
    turf = s.turf(0)
    for x in turf:
        s.set_block(x, goons=4)
    hk1, hk2 = b(s, "hk1"), b(s, "hk2")
    s.set_block(hk1, goons=0, guards=4)
    run(s, Defend(0))
    s.apply("lift_guard:hk1")
    s.apply("lift_goon:hk2")
    s.apply("done")
    assert ids(s) == ("guard:hk1", "guard:hk2")  # only the two Blocks with room
    s.apply("guard:hk2")
    assert ids(s) == ("goon:hk1",)
    s.apply_index(0)
    assert (s.goons[hk1], s.guards[hk1], s.goons[hk2], s.guards[hk2]) == (1, 3, 3, 1)
    assert s.is_over()


def test_each_unit_moves_at_most_once_so_defending_is_bounded():
    """Picking up is one-way (a Unit picked up is only put down), so however a gang chooses, Defend
    your Turf takes at most 2 decisions a Unit and one to finish: bots that cannot tell two
    arrangements apart no longer move Units back and forth without end."""
    import random

    for seed in range(20):
        s = after_setup(seed=seed)
        s.gangs[0].goon_supply = 0
        run(s, Defend(0))
        units = sum(s.units(x) for x in s.turf(0))
        rng = random.Random(seed)
        n = 0
        while not s.is_over():
            d = s.decision()
            opts = [i for i, c in enumerate(d.codes) if c != -1] or [0]  # never "done" while it can pick up
            s.apply_index(rng.choice(opts))
            n += 1
        assert n == 2 * units + 1
        assert sum(s.units(x) for x in s.turf(0)) == units
        assert max(s.units(x) for x in s.turf(0)) <= 4


def test_stocking_is_optional_and_never_partial():
    """Stock your Buildings: pay the Gs or Booze for each building you wish to stock; no partial stocking."""
    s = after_setup()
    put_building(s, "hk2", "speakeasy")
    put_building(s, "hk3", "still")
    g = s.gangs[0]
    g.gs, g.booze = 5, 1  # the Speakeasy wants 2 Booze: not enough
    run(s, StockBuildings(0))
    assert ids(s) == ("stock:hk3", "done")
    s.apply("stock:hk3")
    assert g.gs == 0 and s.is_stocked(b(s, "hk3")) and not s.is_stocked(b(s, "hk2"))
    assert s.is_over()  # nothing affordable is left: the step lapses


def test_warehouse_fee_from_the_mat_and_unpaid_booze_is_lost():
    """Warehouse your Booze: pay the mat's fee; "If you cannot pay the full amount, you lose any Booze
    that is not paid for"."""
    s = after_setup()  # seat 0: Tammany (5 Gs up to 4 Booze, 10 up to 8, 15 up to 12...); seat 1: Rum Row
    g0, g1 = s.gangs
    g0.booze, g0.gs = 9, 40
    g1.booze, g1.gs = 9, 40
    run(s, Warehouse())
    assert (g0.booze, g0.gs) == (9, 25)  # 9 Booze: 15 Gs
    assert (g1.booze, g1.gs) == (9, 40)  # Rum Row's mat: no fee for any Booze
    g0.booze, g0.gs = 9, 10
    g1.booze, g1.gs = 30, 0
    run(s, Warehouse())
    assert (g0.booze, g0.gs) == (8, 0)  # keeps the 8 its 10 Gs pay for
    assert (g1.booze, g1.gs) == (30, 0)  # nothing to pay: nothing lost
    g0.booze, g0.gs = 0, 5
    run(s, Warehouse())
    assert g0.gs == 5  # no Booze, no fee


def test_heat_from_every_building_in_the_turf_and_its_badges():
    """Generate Heat: sum the Heat on every building (stocked or not); a badge reached draws a Fed card."""
    s = after_setup()
    put_building(s, "hk2", "brewery")
    put_building(s, "hk3", "nightclub", stocked=True)
    put_building(s, "hk4", "settlement")
    put_building(s, "li2", "still")
    s.gangs[0].heat = s.gangs[0].peak = 5
    run(s, GenerateHeat())
    assert (s.gangs[0].heat, s.gangs[1].heat) == (9, 2)
    assert (s.gangs[0].fed_owed, s.gangs[1].fed_owed) == (1, 0)  # the badge at 8


def test_a_year_after_1921_runs_operations_before_actions():
    """Year Order: Operations (Collect, Defend, Stock, Warehouse, Heat, Feds) then Actions."""
    s = after_setup()
    s.gangs[0].booze = s.gangs[1].booze = 0
    run(s, Year(1922))
    assert s.phase == "operations" and s.decision().kind == "place_goon" and s.decision().seat == 0
