"""Setting up the game (rulebook: Setting up the Game; Game Concepts: Turf, Gangsters; Gameplay)."""

from __future__ import annotations

import pytest
from prohibition_helpers import after_setup, b, new

from volstead.engine.errors import VolsteadError
from volstead.games.prohibition import GAME
from volstead.games.prohibition.options import Options


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_each_gang_starts_with_the_rulebook_pieces(seats):
    """Setting up: mat, 3 Gangsters, 6 Goons, 8 Turf markers, an HQ, 1 Guard, three 5 Gs; Heat 1,
    Booze 3, Headlines and Jailtime 0; 2-3 gangs leave out the Neighborhoods marked for 4."""
    s = after_setup(seats)
    assert len(s.content.in_play[seats]) == (56 if seats == 4 else 40)
    for g in s.gangs:
        turf = s.turf(g.seat)
        assert len(turf) == 8 and g.hq in turf
        assert sum(s.goons[x] for x in turf) == 6 and sum(s.guards[x] for x in turf) == 1
        assert (g.gs, g.booze, g.heat, g.headlines, g.jail) == (15, 3, 1, 0, 0)
        assert g.goon_supply == 18 and g.gangsters == 3
        assert all(s.units(x) <= 4 for x in turf)
        assert all(x in s.content.in_play[seats] for x in turf)
    assert s.guard_supply == 50 - seats
    if seats < 4:  # Harlem and Red Hook are left out
        assert b(s, "hr1") not in s.content.in_play[seats] and b(s, "rh8") not in s.content.in_play[seats]


def test_building_stacks_are_built_cheapest_first():
    """Setting up: "Stack each type of Building tile from highest to lowest Construction Cost";
    Ordering Actions: the cost "increases as more are built"."""
    s = after_setup()
    c = s.content
    for k, stack in enumerate(s.stacks):
        costs = [c.tile_cost[k * 7 + t] for t in stack]
        assert len(stack) == 7 and costs == sorted(costs)
    assert [c.tile_cost[t] for t in range(7)] == [5, 5, 10, 10, 15, 15, 20]  # the Stills


def test_scheme_draft_keeps_one_and_passes_the_rest_clockwise():
    """Setting up: deal four Schemes, each gang picks one and passes the remainder clockwise until
    everyone has three; the rest is shuffled into the deck. The picks are secret and simultaneous."""
    s = new(3, seed=4, first_seat=0)
    packets = [g.packet for g in s.gangs]
    assert [len(p) for p in packets] == [4, 4, 4] and len(s.scheme_deck) == 24 - 12
    assert s.in_lanes() and s.pending_seats() == (0, 1, 2)
    picks = [p[1] for p in packets]
    for seat in (2, 0, 1):  # any order of clicks
        s.apply(s.decision(seat).option_ids[1], seat=seat)
    # each gang got the packet of the gang on its right, minus that gang's pick
    for seat in range(3):
        assert s.gangs[seat].hand == (picks[seat],)
        right = (seat - 1) % 3
        assert s.gangs[seat].packet == tuple(x for x in packets[right] if x != picks[right])
    while s.draft_round < 3:
        s.apply_index(0)
    assert all(len(g.hand) == 3 and not g.packet for g in s.gangs)
    assert len(s.scheme_deck) == 24 - 9
    everything = sorted(s.scheme_deck + sum((g.hand for g in s.gangs), ()))
    assert everything == list(range(24))


def test_infamy_two_dealt_one_kept_in_secret():
    """Setting up: two Infamy cards to each gang; each keeps one in secret and discards the other."""
    s = new(2, seed=9, first_seat=1)
    while s.draft_round < 3:
        s.apply_index(0)
    assert s.in_lanes() and s.decision().kind == "keep_infamy"
    dealt = [g.infamy_dealt for g in s.gangs]
    s.apply(s.decision(1).option_ids[1], seat=1)
    s.apply(s.decision(0).option_ids[0], seat=0)
    assert (s.gangs[0].infamy, s.gangs[1].infamy) == (dealt[0][0], dealt[1][1])
    assert sorted(s.infamy_rest + (dealt[0][0], dealt[1][1])) == list(range(12))
    assert s.view(0)["gangs"][1]["infamy"] is None and s.view(1)["gangs"][1]["infamy"] is not None


def test_1921_skips_operations_and_the_starting_gang_goes_first():
    """Gameplay: "You skip the Operations Phase in the first Year, 1921"; the Starting Gang goes first."""
    s = after_setup(3, first_seat=2)
    d = s.decision()
    assert (s.year, s.phase, d.kind, d.seat) == (1921, "actions", "action", 2)
    assert all(g.gangsters_left == 3 and g.heat == 1 for g in s.gangs)


@pytest.mark.parametrize("seats, outpost", [(2, "gv1"), (3, "gv8"), (4, None)])
def test_positions_go_clockwise_from_the_starting_gang_whose_outpost_is_a_fourth_neighborhood(seats, outpost):
    """Setting up: "Place the Turf, HQ, Goons and Guards on the Map per the examples" (the examples
    are missing: authored positions, docs/prohibition-content.md). The first position is the
    Starting Gang's, whoever that is; with 2 or 3 gangs only it starts in four Neighborhoods, the
    fourth an outpost, a Turf Block without units. With 4 gangs every gang starts in three (the
    outpost went: docs/prohibition-balance.md, twenty-seventh session), the Starting Gang's second
    pair `les1`-`les2`."""

    def hoods(s, seat):
        return {s.content.block_ids[x].rstrip("12345678") for x in s.turf(seat)}

    for first in range(seats):
        s = after_setup(seats, first_seat=first)
        assert s.start == first and s.gangs[first].hq == b(s, "hk1")
        if outpost is None:
            assert {b(s, "les1"), b(s, "les2")} <= set(s.turf(first)) and s.owner[b(s, "rh5")] == -1
            assert [len(hoods(s, seat)) for seat in range(seats)] == [3] * seats
        else:
            assert s.owner[b(s, outpost)] == first and s.units(b(s, outpost)) == 0
            assert [len(hoods(s, seat)) for seat in range(seats)] == [4 if seat == first else 3 for seat in range(seats)]
        after = (first + 1) % seats  # the next gang clockwise takes the second position
        assert s.gangs[after].hq == b(s, "li1") and b(s, "tl3") in s.turf(after)


def test_the_starting_gang_is_drawn_when_not_named():
    firsts = {after_setup(4, seed=k, first_seat=None).start for k in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_mats_named_or_dealt():
    s = after_setup(3, mats=("bowery", "random", "tammany"))
    ids = [s.content.mats[g.mat].id for g in s.gangs]
    assert ids[0] == "bowery" and ids[2] == "tammany" and ids[1] in ("rum_row", "five_points")
    assert GAME.seat_names(s)[0] == "Bowery Racketeers"


@pytest.mark.parametrize(
    "bad, message",
    [
        ({"mats": ["martians", "random"]}, "unknown mat 'martians'"),
        ({"mats": ["bowery", "bowery"]}, "mat 'bowery' is named for more than one seat"),
        ({"first_seat": True}, "a seat number, not a boolean"),
        ({"first_seat": -1}, "greater than or equal to 0"),
        ({"variant": "deluxe"}, "unknown option"),
    ],
)
def test_bad_options_are_refused_with_the_option_named(bad, message):
    from volstead.engine.contract import OptionsError

    with pytest.raises(OptionsError, match=message):
        GAME.options_from_json(bad)


@pytest.mark.parametrize(
    "seats, options, message",
    [
        (5, {}, "seats: Prohibition takes 2–4 seats, not 5"),
        (1, {}, "seats: Prohibition takes 2–4 seats, not 1"),
        (2, {"first_seat": 3}, "option 'first_seat': 3 is not a seat of 2"),
        (3, {"mats": ("bowery", "tammany")}, "names 2 mats for 3 seats"),
    ],
)
def test_bad_setups_are_refused(seats, options, message):
    with pytest.raises(VolsteadError, match=message):
        GAME.new_game(1, seats, Options(**options))
