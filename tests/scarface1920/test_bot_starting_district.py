"""The bots' starting district (policy.py; docs/bots.md, "Scarface 1920: the starting district").

Rulebook, Player Setup step 14: from the player to the Starting Player's right, counterclockwise,
each player chooses a district with no police cars, puts a vehicle there and a control marker on a
Neighborhood in it. Every bot takes the district whose free tile sells best with the starting
Dealers: its day price over the larger of its alcohol and gun needs, then the higher defense."""

from __future__ import annotations

import pytest
from scarface_helpers import GANGS, NORTH, SOUTH, SOUTHWEST, WEST, tile

from volstead.bots import GreedyBot, ISMCTSBot, ask_bot
from volstead.games import get_game
from volstead.games.scarface1920.options import Options
from volstead.games.scarface1920.policy import policy_choice, starting_worth

GAME = get_game("scarface1920")


def set_up(tiles: dict[int, str], seed: int = 5):
    """A four-player game at its first starting-district decision, the police-free districts'
    tiles replaced by `tiles` (district -> tile id)."""
    s = GAME.new_game(seed, 4, Options(gangs=GANGS))
    assert s.decision().kind == "starting_district"
    s.hoods = tuple(h._replace(tile=tile(s, tiles[h.district])) if h.district in tiles else h for h in s.hoods)
    return s


TILES = {NORTH: "bridgeport", WEST: "greektown", SOUTHWEST: "gold_coast", SOUTH: "little_italy"}


def test_a_tiles_worth_is_its_price_over_its_larger_need_then_defense_then_price():
    s = set_up(TILES)
    c = s.content
    assert starting_worth(c, tile(s, "greektown")) == (12.0, 3, 12)  # 1 alcohol + 1 gun -> $12
    assert starting_worth(c, tile(s, "bridgeport")) == (13 / 3, 3, 13)  # 3 alcohol -> $13
    assert starting_worth(c, tile(s, "gold_coast")) == (8.0, 4, 16)  # 2 alcohol + 1 gun -> $16
    assert starting_worth(c, tile(s, "little_italy")) == (9.0, 3, 18)  # rulebook example: 1 alcohol + 2 guns -> $18
    assert starting_worth(c, tile(s, "back_of_the_yards")) == (6.5, 2, 13)  # 2 guns -> $13


def test_each_picker_in_turn_takes_the_best_selling_tile_left_with_a_truck():
    """Setup step 14: seat 3 (to the Starting Player's right) picks first, seat 0 last."""
    s = set_up(TILES)
    picks = []
    while s.decision().kind in ("starting_district", "starting_goods"):
        d = s.decision()
        if d.kind == "starting_district":
            j = policy_choice(s)
            assert j is not None
            picks.append((d.seat, d.option_ids[j]))
            s.apply_index(j)
        else:
            s.apply_index(0)
    assert picks == [
        (3, "start:west_side:truck"),  # Greektown, 12.0
        (2, "start:south_side:truck"),  # Little Italy, 9.0
        (1, "start:southwest_side:truck"),  # Gold Coast, 8.0
        (0, "start:north_side:truck"),  # Bridgeport, the one left
    ]
    west = next(h for h in s.hoods if h.district == WEST)
    assert (west.tile, west.owner, s.players[3].trucks[WEST]) == (tile(s, "greektown"), 3, 1)


def test_equal_sales_go_to_the_higher_defense():
    # Little Hell (1 alcohol + 2 guns) and Gold Coast (2 alcohol + 1 gun) both sell for $16, 8.0 a
    # Reorganize; Gold Coast defends 4, Little Hell 2
    s = set_up({NORTH: "little_hell", WEST: "bridgeport", SOUTHWEST: "gold_coast", SOUTH: "pilsen"})
    assert starting_worth(s.content, tile(s, "little_hell")) == (8.0, 2, 16)
    d = s.decision()
    assert d.option_ids[policy_choice(s)] == "start:southwest_side:truck"


def test_the_policy_leaves_every_other_decision_to_the_bot():
    s = set_up(TILES)
    while s.decision().kind != "plan":
        s.apply_index(0)
    assert policy_choice(s) is None
    assert GAME.policy_kinds == frozenset({"starting_district", "starting_hood"})


@pytest.mark.parametrize("bot", [GreedyBot(seed=3), ISMCTSBot(seed=3, iterations=30)], ids=["greedy", "ismcts"])
def test_greedy_and_ismcts_take_the_policys_district(bot):
    s = set_up(TILES)
    assert s.decision().option_ids[ask_bot(bot, s)] == "start:west_side:truck"
    assert getattr(bot, "last_iterations", 0) == 0  # the search did not run: the policy answered


def test_in_a_district_with_two_free_tiles_the_better_one():
    """A board of a designer's own may give a starting district two tiles (setup step 14: "a
    Neighborhood tile in that district"): the district goes by its better tile, and so does the tile."""
    s = set_up(TILES)
    west = next(h for h in s.hoods if h.district == WEST)
    s.hoods = s.hoods + (west._replace(tile=tile(s, "pilsen")),)  # Pilsen, 4.5, beside Greektown, 12.0
    assert s.decision().option_ids[policy_choice(s)] == "start:west_side:truck"
    s.apply("start:west_side:truck")
    d = s.decision()
    assert d.kind == "starting_hood" and len(d.codes) == 2
    s.apply_index(policy_choice(s))
    owned = [s.content.tiles[h.tile].id for h in s.hoods if h.owner == 3]
    assert owned == ["greektown"]
