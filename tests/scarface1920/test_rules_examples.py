"""The worked examples of the Scarface 1920 rule sources, played through the rules code.

Sources: the work-in-progress rulebook (page numbers of its table of contents),
the published rules summary (the default where they disagree) and the
how-to-play transcript. Each test builds the example's position by editing the
state's plain data, then drives the real steps (`decision()` / `apply()`).
"""

from __future__ import annotations

import pytest
from scarface_helpers import (  # noqa: I001  (a sibling module, not a package)
    CENTRAL,
    NORTH,
    SOUTH,
    WEST,
    bare_game,
    card,
    dealer,
    run,
    set_plan,
    tile,
)

from volstead.games.scarface1920.rules import scoring
from volstead.games.scarface1920.rules.raid import RoundAftermath, push_raid
from volstead.games.scarface1920.rules.turn import ActionMenu, LayOutPlan
from volstead.games.scarface1920.state import DEALERS_SUPPLY, LAWYERS, RECRUITMENT, VEHICLES, Deal, Hood


# ------------------------------------------------------------------ helpers
def new(seats: int = 2, variant: str = "published", seed: int = 11):
    """A bare board (scarface_helpers.bare_game) with this file's default seed."""
    return bare_game(seats, seed, variant)


def menu(s, seat: int = 0) -> None:
    s.order_done = False
    run(s, ActionMenu(seat))


def ids(s) -> tuple[str, ...]:
    return s.decision().option_ids


# ------------------------------------------------------------------ 1. Seize
def test_seize_defense_six_example():
    """Rulebook p.15 Seize a Neighborhood, example: 3 printed + 2 brown control + 1 brown thug
    + 1 police car - 1 grey thug = 6; grey needs 6 Muscle; the new owner keeps businesses and goods."""
    s = new()
    grey, brown = 0, 1
    s.hoods = (Hood(tile(s, "the_levee"), CENTRAL, owner=brown, speakeasy=1, casino=1, alcohol=2, guns=1),)
    assert s.content.tiles[s.hoods[0].tile].day.defense == 3
    s.police = (CENTRAL,)
    s.players[brown].thugs = (0, 0, 0, 1, 0, 0, 0)
    s.players[grey].thugs = (0, 0, 0, 1, 0, 0, 0)
    assert s.defense(0, grey) == 6

    set_plan(s, grey, muscle=5, influence=0)
    menu(s)
    assert "order:seize" not in ids(s)

    set_plan(s, grey, muscle=6, influence=0)
    menu(s)
    assert "order:seize" in ids(s)
    s.apply("order:seize")
    assert ids(s) == ("seize:the_levee",)
    s.apply("seize:the_levee")
    h = s.hoods[0]
    assert h.owner == grey
    assert (h.speakeasy, h.casino, h.brothel, h.alcohol, h.guns) == (1, 1, 0, 2, 1)
    assert s.control_markers_left(brown) == 7 and s.control_markers_left(grey) == 6


def test_seize_keeps_a_nightclub():
    """Rulebook p.15 Seize a Neighborhood / p.17 Nightclubs; transcript: the new owner keeps
    businesses and contraband, even a Nightclub, without the Nightclubs upgrade."""
    s = new()
    s.hoods = (Hood(tile(s, "the_levee"), WEST, night=True, owner=1, nightclub=1, brothel=2, alcohol=3),)
    s.players[0].cars = (0, 0, 1, 0, 0, 0, 0)
    # night side printed 4 + 2 rival control - 1 car
    assert s.defense(0, 0) == 5
    set_plan(s, 0, muscle=5, influence=0)
    menu(s)
    s.apply("order:seize")
    s.apply("seize:the_levee")
    h = s.hoods[0]
    assert (h.owner, h.night, h.nightclub, h.brothel, h.alcohol) == (0, True, 1, 2, 3)
    assert s.players[0].stats == (1,) * 6


def test_seize_transcript_neutral_defense_five():
    """How-to-play transcript, Seize: a neutral Neighborhood of defense 5 (printed 4 + 1 police car),
    3 of which the player breaks down with thugs and a car (trucks have no effect): 2 Muscle suffice."""
    s = new()
    s.hoods = (Hood(tile(s, "gold_coast"), SOUTH, casino=1),)
    s.police = (SOUTH,)
    p = s.players[0]
    p.thugs = (0, 0, 0, 0, 0, 2, 0)
    p.cars = (0, 0, 0, 0, 0, 1, 0)
    p.trucks = (0, 0, 0, 0, 0, 1, 0)
    assert s.content.tiles[s.hoods[0].tile].day.defense + 1 == 5
    assert s.defense(0, 0) == 2
    set_plan(s, 0, muscle=1, influence=0)
    menu(s)
    assert "order:seize" not in ids(s)
    set_plan(s, 0, muscle=2, influence=0)
    menu(s)
    s.apply("order:seize")
    s.apply("seize:gold_coast")
    assert s.hoods[0].owner == 0 and s.hoods[0].casino == 1


def test_seize_transcript_rival_defense_eight_blue_needs_four():
    """How-to-play transcript, Seize from a rival: printed 3 + control marker 2 + the owner's 2 thugs
    and car = 8 (its truck adds nothing); blue breaks down 4 with 3 thugs and a car: needs 4 Muscle."""
    s = new()
    blue, owner = 0, 1
    s.hoods = (Hood(tile(s, "little_italy"), NORTH, owner=owner, speakeasy=1, guns=2),)
    o = s.players[owner]
    o.thugs = (0, 2, 0, 0, 0, 0, 0)
    o.cars = (0, 1, 0, 0, 0, 0, 0)
    o.trucks = (0, 1, 0, 0, 0, 0, 0)
    b = s.players[blue]
    b.thugs = (0, 3, 0, 0, 0, 0, 0)
    b.cars = (0, 1, 0, 0, 0, 0, 0)
    assert s.defense(0, blue) == 8 - 4
    set_plan(s, blue, muscle=3, influence=0)
    menu(s)
    assert "order:seize" not in ids(s)
    set_plan(s, blue, muscle=4, influence=0)
    menu(s)
    s.apply("order:seize")
    s.apply("seize:little_italy")
    assert s.hoods[0].owner == blue and s.hoods[0].guns == 2


# ------------------------------------------------------------------ 2. Sales
def _sales_position(s):
    levee, italy = tile(s, "the_levee"), tile(s, "little_italy")
    day = s.content.tiles[levee].day
    assert (day.alcohol, day.guns, day.price) == (3, 0, 14)
    day = s.content.tiles[italy].day
    assert (day.alcohol, day.guns, day.price) == (1, 2, 18)
    s.hoods = (Hood(levee, NORTH, owner=0, brothel=1, alcohol=3), Hood(italy, SOUTH, owner=0, casino=1, alcohol=1))
    p = s.players[0]
    p.deals = (Deal((dealer(s, "alcohol_supplier"),)), Deal((dealer(s, "gun_supplier"),), guns=1))
    p.trucks = (0, 0, 0, 0, 0, 1, 0)
    p.money = 10


def test_sales_of_14_and_18_with_a_truck():
    """Rulebook p.13 Make sales, example: 3 Influence; 3 alcohol from the first Neighborhood -> $14;
    the second Neighborhood's alcohol + 1 gun from a Deal, the truck waiving the second gun -> $18;
    $32 in all, and no third sale since no other Neighborhood is controlled."""
    s = new()
    _sales_position(s)
    set_plan(s, 0, muscle=0, influence=3)
    menu(s)
    s.apply("order:sell")
    assert set(ids(s)) == {"sell:the_levee", "sell:little_italy", "stop"}
    s.apply("sell:the_levee")
    assert set(ids(s)) == {"sell:little_italy", "stop"}
    s.apply("sell:little_italy")
    p = s.players[0]
    assert p.money == 10 + 32
    assert (s.hoods[0].alcohol, s.hoods[1].alcohol) == (0, 0)
    assert [(d.alcohol, d.guns) for d in p.deals] == [(0, 0), (0, 0)]
    # No third sale: the next decision is the action menu, the order is done.
    assert s.decision().kind == "action"
    assert not any(i.startswith("order:") for i in ids(s))
    assert s.sales_made == 2


def test_goods_of_one_neighborhood_never_pay_for_another():
    """Rulebook p.13 Make sales: goods may come from that Neighborhood and/or Deals; transcript:
    goods stored in one Neighborhood can't be sold to a different Neighborhood."""
    s = new()
    levee, bronze = tile(s, "the_levee"), tile(s, "bronzeville")
    s.hoods = (Hood(levee, NORTH, owner=0, alcohol=1), Hood(bronze, WEST, owner=0, alcohol=9))
    s.players[0].deals = (Deal((dealer(s, "alcohol_supplier"),), alcohol=1),)
    set_plan(s, 0, muscle=0, influence=2)
    menu(s)
    s.apply("order:sell")
    # The Levee wants 3 alcohol: 1 there + 1 on the Deal is not enough, Bronzeville's 9 do not count.
    assert set(ids(s)) == {"sell:bronzeville", "stop"}
    s.hoods = (Hood(levee, NORTH, owner=0, alcohol=2), Hood(bronze, WEST, owner=0, alcohol=9))
    menu(s)
    s.apply("order:sell")
    s.apply("sell:the_levee")
    assert s.decision().kind == "pay_goods"
    assert set(ids(s)) == {"spend:alcohol:the_levee", "spend:alcohol:deal1"}


def test_graft_after_each_sale():
    """Rulebook p.13 Make sales and p.20 Cops, Graft: after the sale, spend $2 per police car in
    the district (so the sale's own money can pay it)."""
    s = new()
    levee = tile(s, "the_levee")
    s.hoods = (Hood(levee, CENTRAL, owner=0, alcohol=3),)
    s.police = (CENTRAL, CENTRAL)
    s.players[0].money = 0
    set_plan(s, 0, muscle=0, influence=1)
    menu(s)
    s.apply("order:sell")
    s.apply("sell:the_levee")
    assert s.players[0].money == 14 - 2 * 2


# ------------------------------------------------------------------ 3. Crime Rate and Ness
def test_decrease_crime_rate_stopped_by_ness():
    """Rulebook p.14 Decrease your CR, example: level 5, Ness at 2, 3 Influence -> level 3
    (the marker stays one level ahead of Eliot Ness)."""
    s = new()
    s.ness = 2
    p = s.players[0]
    p.crime = 5
    hq = p.hq
    set_plan(s, 0, muscle=0, influence=3)
    menu(s)
    s.apply("order:reduce_crime")
    assert p.crime == 3
    assert (p.hq, p.authorities) == (hq - 1, 1)


def test_ness_rising_into_a_marker_pushes_it_ahead():
    """Rulebook p.19 End of the round, 2. Increase Eliot Ness: a marker never shares Ness's box;
    it goes one level ahead of him. Ness stops at level 6."""
    s = new(seats=3)
    s.ness = 2
    for p, crime in zip(s.players, (3, 7, 4)):
        p.crime = crime
    s.news_deck = (s.content.news_index["volstead_act_enforced"], s.content.news_last)
    run(s, RoundAftermath())
    assert s.ness == 3
    assert [p.crime for p in s.players] == [4, 7, 4]
    s.ness = 6
    s.raise_ness(1)
    assert s.ness == 6


# ------------------------------------------------------------------ 4. Final scoring
def _end_position(s, money, business_counts, associate_ids):
    hood_tiles = iter(range(len(s.content.tiles)))
    hoods = []
    for seat, (m, counts, assoc) in enumerate(zip(money, business_counts, associate_ids)):
        p = s.players[seat]
        p.money = m
        p.hand = p.deck = p.plan = ()
        p.discard = tuple(card(s, a) for a in assoc)
        for k, n in enumerate(counts):
            night = k == 0 and n == 4
            hoods.append(
                Hood(next(hood_tiles), k + seat, night=night, owner=seat, speakeasy=min(n, 3), nightclub=1 if night else 0)
            )
    s.hoods = tuple(hoods)


EXAMPLE_MONEY = (117, 149, 300, 303)
EXAMPLE_BUSINESSES = ((4, 1), (3, 3), (3, 2), (2, 2))  # 5 / 6 / 5 / 4 markers (a Nightclub in the first)
EXAMPLE_ASSOCIATES = (
    ("brewmaster", "canadian_contact", "speakeasy_doorman", "beer_runner"),  # 3+3+2+2 = 10 stars
    ("fence",),  # 2
    ("safecracker", "truck_hijackers", "madam", "nightclub_owner"),  # 12
    ("casino_manager", "bookie", "tommy_gunner", "strikebreaker"),  # 12
)


def test_final_scoring_example_rulebook_wip():
    """Rulebook p.20 Game end and winner, example (Ed, Carol, David, Lynn): $5 per business marker,
    $1 per Associate level: 152 / 181 / 337 / 335, David wins by 2."""
    s = new(seats=4, variant="rulebook-wip")
    _end_position(s, EXAMPLE_MONEY, EXAMPLE_BUSINESSES, EXAMPLE_ASSOCIATES)
    scoring.end_game(s)
    r = s.result()
    assert [d["businesses"] for d in r.details] == [25, 30, 25, 20]
    assert [d["associates"] for d in r.details] == [10, 2, 12, 12]
    assert [d["card_bonuses"] for d in r.details] == [0, 0, 0, 0]
    assert list(r.scores) == [152, 181, 337, 335]
    assert [d["screen"] for d in r.details] == [117, 149, 300, 303]
    assert list(r.winners) == [2]
    assert r.scores[2] - r.scores[3] == 2


def test_final_scoring_published_and_money_tie_break():
    """Published summary §6 Scoring: $3 per business marker, $2 per Associate star; a tie on the
    total goes to the most money behind the screen. Same positions: 152 / 171 / 339 / 339, Lynn wins."""
    s = new(seats=4)
    _end_position(s, EXAMPLE_MONEY, EXAMPLE_BUSINESSES, EXAMPLE_ASSOCIATES)
    scoring.end_game(s)
    r = s.result()
    assert [d["businesses"] for d in r.details] == [15, 18, 15, 12]
    assert [d["associates"] for d in r.details] == [20, 4, 24, 24]
    assert list(r.scores) == [152, 171, 339, 339]
    assert list(r.winners) == [3]


def test_final_scoring_shared_victory():
    """Published summary §6 / rulebook p.20: tied on total and on money behind the screen: shared."""
    s = new(seats=4)
    _end_position(s, (117, 149, 300, 300), ((4, 1), (3, 3), (3, 2), (3, 2)), EXAMPLE_ASSOCIATES)
    scoring.end_game(s)
    r = s.result()
    assert list(r.scores) == [152, 171, 339, 339]
    assert list(r.winners) == [2, 3]


# ------------------------------------------------------------------ 5. Supply
def test_supply_example_one_muscle():
    """Rulebook p.11 Send 1 thug to a Deal, example 1: with 1 Muscle the Irish Revolutionary
    (2 Muscle) cannot be chosen; the Alcohol Supplier gives 2 alcohol, stored 1 on the Gun Dealer
    and 1 on the Irish Revolutionary (a full Deal takes nothing more)."""
    s = new()
    s.hoods = (Hood(tile(s, "bronzeville"), WEST, owner=0),)
    p = s.players[0]
    p.deals = (
        Deal((dealer(s, "alcohol_supplier"),), guns=1),
        Deal((dealer(s, "gun_supplier"),)),
        Deal((dealer(s, "irish_revolutionary"),)),
    )
    hq = p.hq
    set_plan(s, 0, muscle=1, influence=0)
    menu(s)
    s.apply("order:deal")
    assert ids(s) == ("deal:1:alcohol_supplier", "deal:2:gun_supplier")
    s.apply("deal:1:alcohol_supplier")
    assert p.hq == hq - 1 and p.deals[0].thugs == 1
    assert s.decision().kind == "store_goods"
    assert set(ids(s)) == {"store:deal2", "store:deal3", "store:bronzeville"}
    s.apply("store:deal2")
    assert set(ids(s)) == {"store:deal3", "store:bronzeville"}
    s.apply("store:deal3")
    assert [(d.alcohol, d.guns) for d in p.deals] == [(0, 1), (1, 0), (1, 0)]
    assert s.hoods[0].alcohol == 0
    assert s.decision().kind == "action"


def test_storage_neighborhoods_unlimited_deals_limited():
    """Rulebook p.11 Storage: Deals hold at most their storage value; Neighborhoods hold any number."""
    s = new()
    s.hoods = (Hood(tile(s, "bronzeville"), WEST, owner=0, alcohol=20, guns=7),)
    p = s.players[0]
    p.deals = (Deal((dealer(s, "alcohol_supplier"),), alcohol=1), Deal((dealer(s, "gun_supplier"),), guns=1))
    set_plan(s, 0, muscle=1, influence=0)
    menu(s)
    s.apply("order:deal")
    s.apply("deal:1:alcohol_supplier")
    # Both Deals are full: the only place is the Neighborhood, chosen automatically.
    assert s.hoods[0].alcohol == 22 and s.hoods[0].guns == 7
    assert s.decision().kind == "action"


def test_storage_without_neighborhoods_make_room_or_return():
    """Rulebook p.11 Storage: with no Neighborhood and no room on Deals you may remove stored goods
    to make room; goods not stored go back to the supply."""
    s = new()
    p = s.players[0]
    p.deals = (Deal((dealer(s, "alcohol_supplier"),), alcohol=1), Deal((dealer(s, "gun_supplier"),), guns=1))
    set_plan(s, 0, muscle=1, influence=0)
    menu(s)
    s.apply("order:deal")
    s.apply("deal:1:alcohol_supplier")
    assert set(ids(s)) == {"store:replace2", "store:return"}
    s.apply("store:replace2")  # the gun on Deal 2 goes back to the supply, 1 alcohol takes its place
    # The second alcohol has nowhere to go and nothing of the other type to replace: returned.
    assert s.decision().kind == "action"
    assert [(d.alcohol, d.guns) for d in p.deals] == [(1, 0), (1, 0)]


def test_supply_example_two_dealer_deal():
    """Rulebook p.11 Send 1 thug to a Deal, example 2: 2 Muscle meets the joint requirement of
    Gun Supplier + tucked Distillery Owner (1 + 1); it supplies 3 alcohol + 1 gun; 1 alcohol and
    1 gun fill the two Deals (storage 1 each), the other 2 alcohol go to a Neighborhood."""
    s = new()
    s.hoods = (Hood(tile(s, "bronzeville"), WEST, owner=0),)
    p = s.players[0]
    p.deals = (
        Deal((dealer(s, "gun_supplier"), dealer(s, "distillery_owner"))),
        Deal((dealer(s, "alcohol_supplier"),)),
    )
    set_plan(s, 0, muscle=1, influence=0)
    menu(s)
    s.apply("order:deal")
    assert ids(s) == ("deal:2:alcohol_supplier",)  # 1 Muscle: not the joint requirement of 2

    set_plan(s, 0, muscle=2, influence=0)
    menu(s)
    s.apply("order:deal")
    assert ids(s) == ("deal:1:gun_supplier", "deal:2:alcohol_supplier")
    s.apply("deal:1:gun_supplier")
    s.apply("store:deal2")  # alcohol 1
    s.apply("store:bronzeville")  # alcohol 2
    s.apply("store:bronzeville")  # alcohol 3
    assert s.decision().kind == "store_goods"
    assert set(ids(s)) == {"store:deal1", "store:bronzeville"}
    s.apply("store:deal1")  # the gun
    assert [(d.alcohol, d.guns) for d in p.deals] == [(0, 1), (1, 0)]
    assert (s.hoods[0].alcohol, s.hoods[0].guns) == (2, 0)
    assert p.deals[0].thugs == 1


def test_dealers_supply_bonus_per_dealer_card():
    """Rulebook p.17 Gang stats, Dealer's Supply: the extra goods (your choice of alcohol/guns) are
    received for each Dealer card in the Deal: level 2 (+1) on a 2-Dealer Deal gives 2 extra."""
    s = new()
    s.hoods = (Hood(tile(s, "bronzeville"), WEST, owner=0),)
    p = s.players[0]
    p.deals = (
        Deal((dealer(s, "gun_supplier"), dealer(s, "distillery_owner")), guns=1),
        Deal((dealer(s, "alcohol_supplier"),), alcohol=1),
    )
    p.stats = (1, 1, 1, 2, 1, 1)
    assert s.stat(0, DEALERS_SUPPLY) == 1
    set_plan(s, 0, muscle=2, influence=0)
    menu(s)
    s.apply("order:deal")
    s.apply("deal:1:gun_supplier")
    assert s.decision().kind == "extra_goods"
    assert ids(s) == ("extra:0a2g", "extra:1a1g", "extra:2a0g")
    s.apply("extra:1a1g")
    assert (s.hoods[0].alcohol, s.hoods[0].guns) == (3 + 1, 1 + 1)


# ------------------------------------------------------------------ 6. Recruitment and Upgrade
def test_recruitment_example_four_influence():
    """Rulebook p.12 Recruiting thugs, example: 4 Influence: 3 thugs Recruits -> Safehouses, then
    the fourth step moves 1 Safehouse thug to Headquarters."""
    s = new()
    p = s.players[0]
    assert (p.recruits, p.safehouses, p.hq) == (6, 2, 4)
    set_plan(s, 0, muscle=0, influence=4)
    menu(s)
    s.apply("order:recruit")
    assert (p.hq, p.underworld, p.crime) == (3, 1, 2)
    for _ in range(3):
        s.apply("recruit:recruit")
    s.apply("recruit:promote")
    assert (p.recruits, p.safehouses, p.hq) == (3, 4, 4)
    assert p.thug_total() == 12
    assert s.decision().kind == "action"


def test_upgrade_example_recruitment_level_two():
    """Rulebook p.16 Upgrade your gang, example: 2 Muscle, Recruitment to level 2: spend $4, Crime
    Rate +1, take the cube ahead of the Boss (its bonus money is gained), the Boss advances."""
    s = new()
    p = s.players[0]  # The Chicago Outfit
    gang = s.content.gangs[p.gang]
    up = gang.stats["recruitment"].upgrades[0]
    assert (up.cost, up.muscle, up.influence, up.crime) == (4, 2, 0, 1)
    assert gang.boss_track[0].money == 6
    p.money = 10
    set_plan(s, 0, muscle=2, influence=0)
    menu(s)
    s.apply("order:upgrade")
    assert "upgrade:recruitment" in ids(s)
    assert "upgrade:lawyers" not in ids(s)  # needs 2 Influence
    s.apply("upgrade:recruitment")
    assert p.money == 10 - 4 + 6
    assert p.crime == 2
    assert p.boss_box == 1
    assert s.stat(0, RECRUITMENT) == 2
    assert p.hq == 4  # upgrading sends no thug anywhere
    assert (s.boss_row(0).muscle, s.boss_row(0).influence) == (1, 1)  # box 1 is still row 0

    # The next upgrade vacates box 2 (row 1, a Right-hand box): the Boss row changes.
    set_plan(s, 0, muscle=0, influence=2)
    menu(s)
    s.apply("order:upgrade")
    s.apply("upgrade:lawyers")
    assert p.boss_box == 2
    assert (s.boss_row(0).muscle, s.boss_row(0).influence) == (gang.boss_rows[1].muscle, gang.boss_rows[1].influence)
    assert (gang.boss_rows[1].muscle, gang.boss_rows[1].influence) == (1, 2)
    assert s.decision().kind == "right_hand"
    assert p.money == 12 - 3 + (gang.boss_track[1].money or 0)
    assert s.stat(0, LAWYERS) == 2


def test_upgrade_bonus_money_is_in_hand_before_the_vehicle_and_can_pay_its_bribe():
    """Rulebook p.16 Upgrade your gang, steps 2-4: pay, take the vacated box's bonus, then put the
    cube on the stat; the Vehicles stat's car or truck comes with the cube (transcript: "add it to
    a district containing at least one of your colored pieces ... pay the police a bribe"). With
    only the upgrade's cost in hand, the $6 bonus pays the $4 bribe of the one district where the
    gang is present (2 police cars there)."""
    s = new()
    p = s.players[0]  # The Chicago Outfit: the box ahead of its Boss pays $6
    gang = s.content.gangs[p.gang]
    up = gang.stats["vehicles"].upgrades[0]
    assert gang.boss_track[0].money == 6
    p.thugs = tuple(1 if d == CENTRAL else 0 for d in range(7))
    p.cars = p.trucks = (0,) * 7
    s.police = (CENTRAL, CENTRAL)
    assert s.present_districts(0) == [CENTRAL] and s.bribe(0, CENTRAL) == 4
    p.money = up.cost
    set_plan(s, 0, muscle=max(up.muscle, 3), influence=max(up.influence, 3))
    menu(s)
    s.apply("order:upgrade")
    s.apply("upgrade:vehicles")
    assert s.decision().kind == "place_vehicle"
    assert set(s.decision().option_ids) == {"place:car:central", "place:truck:central"}
    s.apply("place:car:central")
    assert p.money == 6 - 4 and p.cars[CENTRAL] == 1 and p.stats[VEHICLES] == 2


# ------------------------------------------------------------------ 7. Plan Crime Rate
def _hand_of(s, seat, n):
    p = s.players[seat]
    cards = sorted(p.hand + p.deck)
    p.hand, p.deck = tuple(cards[:n]), tuple(cards[n:])
    return p


def _lay_out(s, seat, k, done=True):
    p = s.players[seat]
    run(s, LayOutPlan(seat))
    for _ in range(k):
        s.apply("plan:" + s.content.cards[p.hand[0]].id)
    if done and p.hand:
        s.apply("plan:done")


@pytest.mark.parametrize(("cards", "rise"), [(1, 0), (2, 0), (3, 1), (4, 2)])
def test_plan_crime_rate(cards, rise):
    """Rulebook p.9 Lay out the Plan: Crime Rate + (cards played - 2), never down (4 cards: +2;
    2 cards: +0)."""
    s = new()
    p = _hand_of(s, 0, 5)
    p.crime = 4
    _lay_out(s, 0, cards)
    assert len(p.plan) == cards
    assert p.crime == 4 + rise
    assert s.decision().kind == "action"


def test_plan_reaching_11_raids_after_the_plan():
    """Rulebook p.9 Lay out the Plan, Important, and p.19 Raid!: reaching level 11 triggers a Raid
    once the Plan is laid out (Underworld thugs to Prison, the Raid card applies), then the turn goes on."""
    s = new()
    p = _hand_of(s, 0, 5)
    rival = s.players[1]
    p.crime, rival.crime = 9, 1
    p.money = rival.money = 20
    p.underworld, p.hq = 2, 2
    rival.underworld, rival.hq = 1, 3
    tax = s.content.raid_index["tax_audit"]
    s.raid_deck = (tax,) + tuple(c for c in s.raid_deck if c != tax)
    _lay_out(s, 0, 3, done=False)
    assert p.crime == 9 and p.prison == 0  # nothing happens before the Plan is finished
    s.apply("plan:" + s.content.cards[p.hand[0]].id)
    s.apply("plan:done")
    assert len(p.plan) == 4
    assert (p.prison, p.underworld, rival.prison, rival.underworld) == (2, 0, 1, 0)
    assert p.money == 20 - 10 and rival.money == 20 - 2  # Tax Audit: 9-11 spend $10, 1-4 spend $2
    assert p.crime == 11 - 1 and rival.crime == 1  # Lawyers level 1
    assert s.raid_discard[-1] == tax
    assert s.decision().kind == "action" and s.decision().seat == 0


# ------------------------------------------------------------------ 8. The Raid card example
def test_raid_card_example_bail_hearings():
    """Rulebook p.19 Raid!, example card: overall Ness +1; colour bands spend $1 / $1 / $2 / $3 per
    thug in Prison (levels 1-4 / 5-6 / 7-8 / 9-11); Crime Rate reduction = Lawyers' level.
    Underworld thugs go to Prison first."""
    s = new(seats=4)
    bail = s.content.raid_index["bail_hearings"]
    raid = s.content.raids[bail]
    assert raid.overall.effect == "ness_up" and raid.reduction == "lawyers"
    assert [(b.effect, b.args["amount"]) for b in raid.bands] == [("pay_per", 1), ("pay_per", 1), ("pay_per", 2), ("pay_per", 3)]
    s.raid_deck = (bail,) + s.raid_deck
    crimes = (3, 6, 8, 10)
    prison = (2, 1, 1, 2)
    underworld = (1, 0, 1, 0)
    for p, c, pr, uw in zip(s.players, crimes, prison, underworld):
        p.crime, p.prison, p.underworld, p.money = c, pr, uw, 20
        p.hq -= pr + uw
    s.players[3].stats = (1, 2, 1, 1, 1, 1)
    assert s.stat(3, LAWYERS) == 2
    s.active = 0
    s.stack = []
    push_raid(s)
    s._advance()
    assert s.ness == 1
    assert [p.prison for p in s.players] == [3, 1, 2, 2]
    assert [p.underworld for p in s.players] == [0, 0, 0, 0]
    assert [p.money for p in s.players] == [20 - 3, 20 - 1, 20 - 4, 20 - 6]
    assert [p.crime for p in s.players] == [2, 5, 7, 8]
    assert s.raid_discard[-1] == bail


def test_raid_colour_band_read_after_the_overall_effect():
    """Rulebook p.19 Raid!, steps 3 then 4: resolve the overall effect, then apply each player's colour
    effect based on their Crime Rate. Ness +2 (The Untouchables Strike) pushes a level-3 marker to 5,
    so that player suffers the 5-6 effect (spend $3), not the 1-4 one."""
    s = new()
    card_ = s.content.raid_index["the_untouchables_strike"]
    raid = s.content.raids[card_]
    assert raid.overall.args["n"] == 2 and raid.bands[1].effect == "pay" and raid.bands[0].effect == "nothing"
    s.raid_deck = (card_,) + s.raid_deck
    s.ness = 2
    p = s.players[0]
    p.crime, p.money = 3, 20
    s.players[1].crime = 8
    s.active = 0
    s.stack = []
    push_raid(s)
    s._advance()
    assert s.ness == 4
    assert p.money == 20 - 3
