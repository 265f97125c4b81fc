"""Production and Scoring (rulebook: Production Phase; Scoring table and Tie Breakers; Cards: Schemes
and Infamy)."""

from __future__ import annotations

import pytest
from prohibition_helpers import after_setup, b, ids, put_building, run, scheme

from volstead.games.prohibition.rules.production import Production
from volstead.games.prohibition.rules.schemes import SchemeWindow, measure
from volstead.games.prohibition.rules.scoring import prestige, score
from volstead.games.prohibition.rules.year import EndYear, Year


def test_stocked_buildings_produce_then_every_tile_flips():
    """Production 2: stocked buildings add their output (Still 2 Booze, Brewery 3, Speakeasy 15 Gs,
    Nightclub 20 Gs, Settlement House -3 Heat); "Flip all of your Buildings to their un-stocked side"."""
    s = after_setup()  # seat 0 Tammany, seat 1 Rum Row (+2 Booze from Stills and Breweries)
    for blk, kind in (
        ("hk2", "still"),
        ("hk3", "brewery"),
        ("hk4", "speakeasy"),
        ("tl1", "nightclub"),
        ("tl2", "settlement"),
        ("les1", "ward"),
    ):
        put_building(s, blk, kind, stocked=True)
    put_building(s, "les2", "nightclub")  # unstocked: nothing
    put_building(s, "li2", "still", stocked=True)
    put_building(s, "li3", "brewery", stocked=True)
    s.gangs[0].heat = 10
    run(s, Production())
    g0, g1 = s.gangs
    assert (g0.booze, g0.gs, g0.heat) == (3 + 2 + 3, 15 + 15 + 20, 7)
    assert g1.booze == 3 + 4 + 5
    assert s.stocked == 0


def test_the_year_advances_and_1926_ends_in_scoring():
    """Production 3-5: advance the Year Marker (the overlay in 1926); after 1926, Scoring."""
    s = after_setup()
    s.gangs[0].booze = s.gangs[1].booze = 0
    s.year = 1925
    run(s, EndYear())
    assert s.year == 1926 and not s.is_over()
    run(s, EndYear())
    assert s.is_over() and s.final is not None and s.phase == "over"


def test_a_whole_year_runs_from_operations_to_the_next_year():
    s = after_setup()
    s.year = 1924
    run(s, Year(1925))
    while not s.is_over() and s.year == 1925:
        s.apply_index(len(s.decision().codes) - 1)
    assert s.year == 1926 and s.gangs[0].gangsters == 5


def board(s):
    """Seat 0: all of Greenwich Village, 6 of the Tenderloin, 1 of Hell's Kitchen (15 Blocks)."""
    s.owner = tuple(-1 for _ in s.owner)
    for name in [f"gv{k}" for k in range(1, 9)] + [f"tl{k}" for k in range(1, 7)] + ["hk1"]:
        s.set_block(b(s, name), owner=0)
    for name in ("li1", "li2", "li3", "les1", "les2"):
        s.set_block(b(s, name), owner=1)


def test_the_scoring_table():
    """Scoring: 20/10/5 PP a Neighborhood with 8/5-7/1-4 Blocks, 1 PP a 5 Gs, 1 a Booze, 3 a building,
    3 a Headline, -1 a month of Jailtime, completed Schemes, Infamy if only you completed it."""
    s = after_setup()
    board(s)
    put_building(s, "gv2", "still")
    put_building(s, "tl2", "speakeasy", stocked=True)
    g = s.gangs[0]
    g.gs, g.booze, g.headlines, g.jail = 37, 4, 2, 5
    g.done = (scheme(s, "corner_the_market"), scheme(s, "turf_war"))
    g.infamy = s.content.infamy_index["lord_of_the_borough"]
    score(s)
    row = s.final[0]
    assert row == {
        "neighborhoods": 20 + 10 + 5,
        "gs": 7,
        "booze": 4,
        "buildings": 6,
        "headlines": 6,
        "jailtime": -5,
        "schemes": 10,
        "infamy": 12,
        "total": 35 + 7 + 4 + 6 + 6 - 5 + 10 + 12,
        "blocks": 15,
        "vault": 37,
        "months": 5,
    }
    res = s.result()
    assert res.winners == (0,) and res.scores[0] == 75.0 and res.factions == ("tammany", "rum_row")


def test_infamy_scores_only_if_no_other_gang_meets_it():
    """Scoring: "Add the PP from your Infamy Card if only you completed it"."""
    s = after_setup()
    board(s)
    s.gangs[0].infamy = s.content.infamy_index["lord_of_the_borough"]
    for k in range(1, 9):
        s.set_block(b(s, f"li{k}"), owner=1)  # seat 1 owns a whole Neighborhood too
    score(s)
    assert s.final[0]["infamy"] == 0


def tie(s, totals_equal=True, **per_seat):
    score(s)
    rows = list(s.final)
    for seat, changes in per_seat.items():
        rows[int(seat[1:])] = dict(rows[int(seat[1:])], **changes)
    if totals_equal:
        for r in rows:
            r["total"] = 50
    s.final = tuple(rows)
    return s.result().winners


def test_tie_breakers_blocks_then_gs_then_least_jailtime():
    """Tie Breakers: most Blocks, then most Gs, then least Jailtime."""
    s = after_setup(3)
    assert tie(s, s0={"blocks": 9}) == (0,)
    s = after_setup(3)
    assert tie(s, s1={"vault": 40}, s2={"vault": 35}) == (1,)
    s = after_setup(3)
    assert tie(s, s0={"months": 3}, s1={"months": 2}, s2={"months": 3}) == (1,)
    s = after_setup(3)
    assert tie(s) == (0, 1, 2)  # shared


def test_a_scheme_is_completed_when_met_and_never_lost():
    """Schemes: earn Prestige when you fulfill the requirement; completed Schemes are face up and cannot be
    lost (nor played as Tactics)."""
    s = after_setup()
    g = s.gangs[0]
    g.hand = (scheme(s, "corner_the_market"), scheme(s, "turf_war"))
    run(s, SchemeWindow(0))
    assert s.is_over()  # nothing met: no question
    put_building(s, "hk2", "speakeasy")  # Corner the Market: a Speakeasy and 4 Booze; 3 Booze so far
    run(s, SchemeWindow(0))
    assert s.is_over()
    g.booze = 4
    run(s, SchemeWindow(0))
    assert ids(s) == ("complete:corner_the_market", "keep")
    s.apply("complete:corner_the_market")
    assert g.done == (scheme(s, "corner_the_market"),) and g.hand == (scheme(s, "turf_war"),) and s.is_over()
    s.set_block(b(s, "hk2"), tile=-1)
    assert g.done == (scheme(s, "corner_the_market"),)
    assert prestige(s, 0)["schemes"] == 5


@pytest.mark.parametrize(
    "what, of, value",
    [
        (0, -1, 15),
        (1, -1, 3),
        (2, -1, 8),
        (3, -1, 1),
        (4, -1, 3),
        (5, 2, 2),
        (6, -1, 2),
        (7, -1, 1),
        (8, -1, 37),
        (9, -1, 4),
        (10, -1, 2),
        (11, -1, 6),
        (12, -1, 1),
        (13, -1, 9),
        (14, -1, 9),
        (15, -1, 5),
        (16, -1, 1),
        (17, -1, 2),
        (18, -1, 3),
        (19, -1, 1),
        (20, -1, 4),
    ],
)
def test_every_requirement_is_counted_on_the_board(what, of, value):
    """docs/prohibition-content.md, Requirements: each count, in models.REQUIREMENTS order."""
    s = after_setup()
    board(s)
    s.goons = tuple(0 for _ in s.goons)
    s.set_block(b(s, "gv1"), goons=4)
    s.set_block(b(s, "gv2"), goons=2)
    put_building(s, "gv3", "speakeasy", stocked=True)
    put_building(s, "gv4", "speakeasy")
    put_building(s, "tl1", "still")
    g = s.gangs[0]
    g.gs, g.booze, g.headlines, g.heat, g.jail = 37, 4, 2, 9, 5
    g.steals, g.torches, g.seizes, g.robberies, g.conflicts_won = 1, 2, 3, 1, 4
    assert measure(s, 0, what, of) == value
