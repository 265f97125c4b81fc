"""Action Phase (rulebook: Ordering Actions, Building Actions, Extortion Actions, Open Actions, the
Last Year Open Action Overlay; back page: Actions)."""

from __future__ import annotations

from prohibition_helpers import after_setup, b, ids, put_building, run

from volstead.games.prohibition.rules.actions import ActionTurn, NextTurn, StartActions
from volstead.games.prohibition.rules.production import Production


def turn(s, seat=0):
    return run(s, ActionTurn(seat))


def test_building_spaces_once_a_year_for_all_gangs():
    """Building Actions: "Only one Gang can take each Building Action each year"."""
    s = after_setup()
    turn(s)
    s.apply("space:still")
    s.apply("build:hk2")
    turn(s, 1)
    assert "space:still" not in ids(s) and "space:brewery" in ids(s)


def test_extortion_one_per_gang_and_not_one_already_claimed():
    """Extortion Actions: "Each Gang may order only one of the four Extortion actions each year (7) AND
    you may not take an action already claimed by another Gang (8)" (the OCR's "8 of these" is one)."""
    s = after_setup()
    turn(s)
    s.apply("space:protection")
    assert s.gangs[0].heat == 2 and s.gangs[0].extortion >= 0
    turn(s)
    assert not any(x in ids(s) for x in ("space:charm", "space:shakedown", "space:terror", "space:protection"))
    turn(s, 1)
    assert "space:protection" not in ids(s)
    assert {"space:charm", "space:shakedown", "space:terror"} <= set(ids(s))


def test_extortion_heat_is_immediate_and_charm_campaign_cools():
    """Back page: Charm Campaign -5, Shake Down +2, Reign of Terror +4 at once; Heat never below 1."""
    s = after_setup()
    s.gangs[0].heat = 12
    turn(s)
    s.apply("space:charm")
    assert s.gangs[0].heat == 12 - 5 - 2  # Tammany: 2 degrees more
    s.gangs[1].heat = 3
    turn(s, 1)
    s.apply("space:terror")
    assert s.gangs[1].heat == 7
    s.gangs[1].heat, s.gangs[1].extortion = 3, -1
    s.spaces = (0,) * 16
    s.gangs[1].mat = s.content.mat_index["bowery"]
    turn(s, 1)
    s.apply("space:charm")
    assert s.gangs[1].heat == 1


def test_open_spaces_once_per_gang_for_every_gang():
    """Open Actions: "may be ordered by every gang each year" — one Gangster of a gang per space."""
    s = after_setup()
    turn(s)
    s.apply("space:import")
    assert s.gangs[0].booze == 6
    turn(s)
    assert "space:import" not in ids(s)
    turn(s, 1)
    s.apply("space:import")
    assert s.gangs[1].booze == 3 + 3


def test_take_charge_takes_the_marker_15_gs_and_another_gangster_at_once():
    """Back page: Take Charge — take the Starting Marker, 15 Gs, play another Gangster if you can."""
    s = after_setup()
    run(s, StartActions())  # seat 0 starts
    s.apply("space:import")  # seat 0
    assert s.decision().seat == 1
    s.apply("space:take_charge")
    assert s.start == 1 and s.gangs[1].gs == 30 and s.gangs[1].gangsters_left == 2
    assert s.decision().seat == 1 and s.decision().kind == "action"  # at once, before seat 0
    s.apply("space:contract")
    assert s.decision().seat == 0  # the phase goes on clockwise
    s.apply("space:contract")
    # the Marker decides who starts the next Action Phase
    run(s, StartActions())
    assert s.decision().seat == 1


def test_take_charge_with_nothing_left_to_order_gives_no_extra_turn():
    """Back page: Take Charge — "play another Gangster if you can": a gang that has a Gangster left
    but nothing it can order gets no extra turn; the next gang clockwise decides (the Action turn is
    pushed only when the gang has an action open: it never lapses, `ActionTurn.never_lapses`)."""
    s = after_setup()
    run(s, StartActions())  # seat 0 starts
    # every building and Extortion space taken by seat 1, Contract and Import by seat 0, and seat 0's
    # Goons all Laying Low: Take Charge is the one thing seat 0 can order
    s.spaces = tuple(0b10 if sp < 10 else 0b1 if sp in (11, 12) else 0 for sp in range(16))
    s.gmask = tuple(1 if s.owner[x] == 0 else 0 for x in range(len(s.gmask)))
    assert ids(s) == ("space:take_charge",)
    s.apply("space:take_charge")
    assert s.start == 0 and s.gangs[0].gangsters_left == 2
    d = s.decision()
    assert (d.seat, d.kind) == (1, "action")


def test_turns_go_clockwise_until_every_gangster_is_placed():
    s = after_setup(3, first_seat=1)
    run(s, StartActions())
    seats = []
    while not s.is_over():
        d = s.decision()
        if d.kind == "action":
            seats.append(d.seat)
            pick = next(o for o in d.option_ids if o.startswith("space:") and o not in ("space:take_charge",))
            s.apply(pick)
        else:
            s.apply_index(len(d.codes) - 1)
    assert seats == [1, 2, 0] * 3


def test_a_gang_with_nothing_to_order_keeps_its_gangsters_home():
    s = after_setup()
    s.year = 1926
    run(s, StartActions())
    g = s.gangs[0]
    g.gs = 0
    s.spaces = tuple(0b10 if sp in (6, 7, 8, 9) else 0 for sp in range(16))  # every Extortion space taken
    s.gmask = tuple(1 if s.owner[x] == 0 else 0 for x in range(len(s.gmask)))  # every Goon Laying Low
    run(s, NextTurn(0))
    assert g.gangsters_left == 0 and s.decision().seat == 1


def test_building_pays_the_top_tile_adds_heat_and_a_guard_and_may_stock():
    """To order a Building Action: pay the cost on the tile (it rises as more are built), add its Heat,
    place the tile and a Guard on a Turf Block without a building; you may Stock it at once."""
    s = after_setup()
    g = s.gangs[0]
    g.gs = 50
    turn(s)
    assert "space:still" in ids(s)
    s.apply("space:still")
    assert "build:hk1" not in ids(s)  # the HQ Block takes no building
    s.apply("build:hk3")
    assert g.gs == 45 and g.heat == 2 and s.kind_at(b(s, "hk3")) == 0
    assert s.guards[b(s, "hk3")] == 1 and s.guard_supply == 47
    assert ids(s) == ("stock", "leave")
    s.apply("stock")
    assert g.gs == 40 and s.is_stocked(b(s, "hk3"))
    assert s.stacks[0] == (1, 2, 3, 4, 5, 6)


def test_replacing_a_building_returns_its_stock_and_tile():
    """Building Actions: "You may replace an existing building in your turf ... take back the Stock from
    the old Building, you must still pay the Building Cost and add Heat for the new Building"."""
    s = after_setup()
    old = put_building(s, "hk3", "speakeasy", stocked=True)
    g = s.gangs[0]
    g.gs, g.booze = 30, 0
    turn(s)
    s.apply("space:nightclub")
    assert "build:hk3" in ids(s)
    s.apply("build:hk3")
    assert g.gs == 15 and g.booze == 2 and g.heat == 3
    assert s.kind_at(b(s, "hk3")) == 3 and not s.is_stocked(b(s, "hk3"))
    assert s.stacks[2][0] == old - 14  # the Speakeasy tile is back on top of its stack


def test_one_settlement_house_and_one_ward_machine_per_neighborhood_by_any_gang():
    """Back page: "There can only be one Ward Machine and one Settlement House built in each
    Neighborhood by ANY gang"."""
    s = after_setup()
    s.gangs[0].gs = 100
    put_building(s, "tl3", "ward")  # seat 1's Ward Machine in the Tenderloin
    turn(s)
    s.apply("space:ward")
    assert "build:tl1" not in ids(s) and "build:tl2" not in ids(s) and "build:hk2" in ids(s)
    s.apply("build:hk2")
    s.apply("leave")
    s.spaces = (0,) * 16
    turn(s)
    s.apply("space:ward")
    # only the Ward Machine itself may be replaced in Hell's Kitchen
    assert [o for o in ids(s) if o.startswith("build:hk")] == ["build:hk2"]


def test_the_guard_of_a_building_on_a_full_block_goes_elsewhere():
    s = after_setup()
    s.set_block(b(s, "hk2"), goons=4)
    turn(s)
    s.apply("space:still")
    s.apply("build:hk2")
    assert s.decision().kind == "place_guard" and "guard:hk2" not in ids(s)
    s.apply("guard:hk4")
    assert s.guards[b(s, "hk4")] == 1 and s.guards[b(s, "hk2")] == 0


def test_contract_professional_draws_and_reshuffles_the_discards():
    """Open Actions: "If there are no Scheme Cards remaining, shuffle the discards to form a new deck"."""
    s = after_setup()
    hand = s.gangs[0].hand
    s.scheme_discard, s.scheme_deck = s.scheme_deck[:2], ()
    turn(s)
    s.apply("space:contract")
    assert len(s.gangs[0].hand) == len(hand) + 1 and len(s.scheme_deck) == 1 and s.scheme_discard == ()


def test_the_1926_overlay():
    """Last Year Open Action Overlay: no Take Charge or Import Booze; Recruit Goons, Open Drug Store and
    Sponsor Festival; Contract Professional, Recruit Goons and Sponsor Festival cost 10 Gs."""
    s = after_setup()
    s.year = 1926
    g = s.gangs[0]
    g.gs, g.heat, g.gangsters_left = 40, 10, 5
    turn(s)
    opened = {o for o in ids(s) if o.startswith("space:")}
    assert {"space:recruit", "space:drug_store", "space:festival", "space:contract"} <= opened
    assert not {"space:take_charge", "space:import"} & opened
    s.apply("space:festival")
    assert (g.gs, g.heat) == (30, 7)
    turn(s)
    s.apply("space:contract")
    assert g.gs == 20
    turn(s)
    s.apply("space:recruit")
    assert g.gs == 10 and g.to_place == 3 and g.goon_supply == 15
    for _ in range(3):
        s.apply("goon:hk4")
    assert s.goons[b(s, "hk4")] == 3
    s.spaces = s.spaces[:1] + (0b10,) + s.spaces[2:]  # seat 1 took the Brewery space
    turn(s)
    s.apply("space:drug_store")
    assert ids(s) == ("kind:still", "kind:brewery", "kind:speakeasy", "kind:settlement", "kind:ward")
    s.apply("kind:brewery")
    s.apply("build:hk3")
    assert s.kind_at(b(s, "hk3")) == 1 and g.gs == 0


def test_extortion_is_collected_at_production_rounded_to_the_nearest_5():
    """Production 1: blocks x Gs on the space, "rounding to the nearest 5 Gs"."""
    s = after_setup(mats=("tammany", "five_points"))
    turn(s)
    s.apply("space:protection")  # Tammany: 8 Blocks x 2 = 16 -> 15
    turn(s, 1)
    s.apply("space:shakedown")  # Five Points: 8 x 3 = 24 -> 25
    s.set_block(b(s, "gv1"), owner=1)  # 9 x 3 = 27 -> 25
    run(s, Production())
    assert (s.gangs[0].gs, s.gangs[1].gs) == (30, 40)
    s.gangs[1].extortion = 9  # Reign of Terror: 9 x 4 = 36 -> 35
    s.gangs[1].gs = 0
    run(s, Production())
    assert s.gangs[1].gs == 35


def test_bowery_racketeers_take_charge_for_25():
    """Player mat (authored): Bowery Racketeers +10 Gs from Take Charge, nothing more from Extortion."""
    s = after_setup(mats=("bowery", "tammany"))
    turn(s)
    s.apply("space:protection")
    turn(s)
    s.apply("space:take_charge")
    assert s.gangs[0].gs == 15 + 25
    s.gangs[0].gs = 0
    run(s, Production())
    assert s.gangs[0].gs == 15  # 8 Blocks x 2 = 16 -> 15


def test_tammany_regulars_take_charge_for_25():
    """Player mat (authored; +5 since balance step G, +10 since the thirtieth session): Tammany Regulars
    +10 Gs from Take Charge; Rum Row none."""
    s = after_setup(mats=("tammany", "rum_row"))
    turn(s)
    s.apply("space:take_charge")
    assert s.gangs[0].gs == 15 + 25
    s = after_setup(mats=("rum_row", "tammany"))
    turn(s)
    s.apply("space:take_charge")
    assert s.gangs[0].gs == 15 + 15
