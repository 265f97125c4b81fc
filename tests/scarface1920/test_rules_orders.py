"""Scarface 1920 orders, Reorganizing, the end of turn and of the round, and Jobs: one test per rule.

Rule sources: the work-in-progress rulebook (pages of its table of contents),
the published rules summary (the default where they disagree) and the
how-to-play transcript. Positions are built by editing the state's plain data;
the real steps are driven through `decision()` / `apply()`.
"""

from __future__ import annotations

import pytest
from scarface_helpers import (  # noqa: I001  (a sibling module, not a package)
    CENTRAL,
    FAR_NORTH,
    NORTH,
    SOUTH,
    WEST,
    bare_game,
    card,
    dealer,
    job,
    run,
    set_plan,
    tile,
)

from volstead.games.scarface1920.rules import orders
from volstead.games.scarface1920.rules.raid import EndOfRound, push_raid
from volstead.games.scarface1920.rules.turn import ActionMenu, EndTurn, StartTurn
from volstead.games.scarface1920.state import Deal, Hood


# ------------------------------------------------------------------ helpers
def new(seats: int = 2, variant: str = "published", seed: int = 5):
    """A bare board (scarface_helpers.bare_game) with this file's default seed."""
    return bare_game(seats, seed, variant)


def menu(s, seat: int = 0) -> None:
    s.order_done = False
    run(s, ActionMenu(seat))


def ids(s) -> tuple[str, ...]:
    return s.decision().option_ids


def order_ids(s) -> set[str]:
    return {i for i in ids(s) if i.startswith("order:")}


# ------------------------------------------------------------------ Underworld
def test_underworld_order_crime_rate_per_thug_there():
    """Rulebook p.12 Send 1 thug to the Underworld: the thug goes from Headquarters to the Underworld,
    then the Crime Rate rises by the number of your thugs in the Underworld (2 there before: +3)."""
    s = new()
    s.job_deck = (job(s, "bootleg_run"),) + s.job_deck
    p = s.players[0]
    p.underworld, p.hq, p.crime = 2, 2, 3
    set_plan(s, 0, muscle=0, influence=1)
    menu(s)
    s.apply("order:job")
    assert (p.hq, p.underworld) == (1, 3)
    assert p.crime == 3 + 3


def test_underworld_orders_need_a_thug_in_headquarters():
    """Rulebook p.12 / p.14: the thug is taken from your Headquarters: none there, no Underworld or
    Authorities order."""
    s = new()
    p = s.players[0]
    p.recruits += p.hq
    p.hq = 0
    p.crime = 5
    set_plan(s, 0, muscle=0, influence=5)
    menu(s)
    assert order_ids(s) & {f"order:{o}" for o in orders.UNDERWORLD + orders.AUTHORITIES} == set()


# ------------------------------------------------------------------ Hire
def _market(s):
    s.market_low = tuple(card(s, c) for c in ("moonshiner", "speakeasy_doorman", "brewmaster"))
    s.deck_low = tuple(card(s, c) for c in ("bathtub_gin_maker", "canadian_contact", "fence"))
    s.market_high = (card(s, "wholesale_distributor"),)
    s.deck_high = tuple(card(s, c) for c in ("rum_row_captain", "jewel_thief"))


def test_hire_only_up_to_influence_stars_deck_top_included():
    """Rulebook p.13 Hire 1 Associate: a Level equal or lower than the Influence in your Plan;
    transcript: the revealed top card of each deck is one of the six Associates available."""
    s = new()
    _market(s)
    set_plan(s, 0, muscle=0, influence=2)
    menu(s)
    s.apply("order:hire")
    assert set(ids(s)) == {"hire:moonshiner", "hire:speakeasy_doorman", "hire:bathtub_gin_maker"}
    set_plan(s, 0, muscle=0, influence=4)
    menu(s)
    s.apply("order:hire")
    assert set(ids(s)) == {
        "hire:moonshiner",
        "hire:speakeasy_doorman",
        "hire:bathtub_gin_maker",
        "hire:brewmaster",
        "hire:wholesale_distributor",
        "hire:rum_row_captain",
    }


def test_hire_not_offered_when_nothing_is_cheap_enough():
    """Rulebook p.13 Hire 1 Associate: with 1 Influence and no 1★ Associate there is nothing to hire."""
    s = new()
    _market(s)
    s.market_low = tuple(card(s, c) for c in ("speakeasy_doorman", "brewmaster", "fence"))
    s.deck_low = (card(s, "beer_runner"),)
    set_plan(s, 0, muscle=0, influence=1)
    menu(s)
    assert "order:hire" not in order_ids(s)


def test_hire_market_shift_refill_and_family_ring():
    """Rulebook p.13 Hire 1 Associate: cards left of the taken one shift one space right, the deck's
    top card fills the leftmost space, a new top is revealed; take the Family Ring from its holder.
    Published summary: to hand for 1 alcohol (1-3★)."""
    s = new()
    _market(s)
    s.family_ring = 1
    p = s.players[0]
    p.deals = (Deal((dealer(s, "alcohol_supplier"),), alcohol=1),)
    set_plan(s, 0, muscle=0, influence=3)
    menu(s)
    s.apply("order:hire")
    s.apply("hire:speakeasy_doorman")
    assert s.market_low == tuple(card(s, c) for c in ("bathtub_gin_maker", "moonshiner", "brewmaster"))
    assert s.deck_low == tuple(card(s, c) for c in ("canadian_contact", "fence"))
    assert s.family_ring == 0
    assert s.decision().kind == "card_to_hand"
    assert ids(s) == ("to:hand", "to:discard")
    assert p.discard[-1] == card(s, "speakeasy_doorman")  # already his while he chooses
    s.apply("to:hand")
    assert card(s, "speakeasy_doorman") in p.hand
    assert card(s, "speakeasy_doorman") not in p.discard
    assert p.deals[0].alcohol == 0


def test_hire_the_revealed_deck_top():
    """Rulebook p.13 Hire 1 Associate / transcript: hiring the revealed top card leaves the spaces
    as they are and reveals the next card; without the alcohol the card goes to the discard pile."""
    s = new()
    _market(s)
    p = s.players[0]
    set_plan(s, 0, muscle=0, influence=1)
    menu(s)
    s.apply("order:hire")
    s.apply("hire:bathtub_gin_maker")
    assert s.market_low == tuple(card(s, c) for c in ("moonshiner", "speakeasy_doorman", "brewmaster"))
    assert s.deck_low == tuple(card(s, c) for c in ("canadian_contact", "fence"))
    assert p.discard[-1] == card(s, "bathtub_gin_maker")  # no alcohol: no choice, discard pile
    assert s.decision().kind == "action"


def test_hire_four_star_costs_two_alcohol_to_hand():
    """Rulebook p.13 Hire 1 Associate: spend 2 alcohol (4-5★) to add it to your hand; the high row
    refills from its own deck."""
    s = new()
    _market(s)
    p = s.players[0]
    p.deals = (Deal((dealer(s, "alcohol_supplier"),), alcohol=1),)
    set_plan(s, 0, muscle=0, influence=4)
    menu(s)
    s.apply("order:hire")
    s.apply("hire:wholesale_distributor")
    # Only 1 alcohol: the 4★ card cannot go to hand.
    assert p.discard[-1] == card(s, "wholesale_distributor")
    assert s.market_high == (card(s, "rum_row_captain"),) and s.deck_high == (card(s, "jewel_thief"),)

    s2 = new()
    _market(s2)
    p2 = s2.players[0]
    s2.hoods = (Hood(tile(s2, "bronzeville"), WEST, owner=0, alcohol=1),)
    p2.deals = (Deal((dealer(s2, "alcohol_supplier"),), alcohol=1),)
    set_plan(s2, 0, muscle=0, influence=4)
    menu(s2)
    s2.apply("order:hire")
    s2.apply("hire:wholesale_distributor")
    s2.apply("to:hand")
    assert set(ids(s2)) == {"spend:alcohol:deal1", "spend:alcohol:bronzeville"}
    s2.apply("spend:alcohol:deal1")  # the second alcohol has one source left
    assert card(s2, "wholesale_distributor") in p2.hand
    assert p2.deals[0].alcohol == 0 and s2.hoods[0].alcohol == 0


@pytest.mark.parametrize(("seats", "income"), [(2, 1), (3, 2), (4, 3)])
def test_family_ring_income_at_start_of_holders_turn(seats, income):
    """Rulebook p.7 The Family Ring / published summary: at the start of your turn, if you hold it,
    gain $1 / $2 / $3 with 2 / 3 / 4 players; others gain nothing."""
    s = new(seats=seats)
    s.family_ring = 1
    for p in s.players:
        p.money = 10
    run(s, StartTurn(0))
    assert s.players[0].money == 10
    run(s, StartTurn(1))
    assert s.players[1].money == 10 + income
    assert s.decision().seat == 1


# ------------------------------------------------------------------ Job / Dealer
def test_get_a_job_draw_influence_keep_one_rest_to_bottom():
    """Rulebook p.12 Choose 1 Job: draw as many Jobs as your Influence, keep one face down, return
    the others to the bottom of the Jobs deck."""
    s = new()
    names = ("bootleg_run", "arms_for_ireland", "shakedown", "bank_job", "turf_war")
    s.job_deck = tuple(job(s, n) for n in names)
    set_plan(s, 0, muscle=0, influence=3)
    menu(s)
    s.apply("order:job")
    assert ids(s) == ("keep:bootleg_run", "keep:arms_for_ireland", "keep:shakedown")
    s.apply("keep:arms_for_ireland")
    assert s.players[0].jobs == (job(s, "arms_for_ireland"),)
    assert s.job_deck == tuple(job(s, n) for n in ("bank_job", "turf_war", "bootleg_run", "shakedown"))


def test_get_a_dealer_new_deal_or_tucked():
    """Rulebook p.13 Choose 1 Dealer: draw Influence Dealers, keep one, the rest to the bottom; the new
    Dealer makes an independent Deal or is tucked beneath an existing Deal (never on top)."""
    s = new()
    p = s.players[0]
    p.deals = (Deal((dealer(s, "alcohol_supplier"),)), Deal((dealer(s, "gun_supplier"),)))
    s.dealer_deck = tuple(dealer(s, d) for d in ("distillery_owner", "gun_runner", "pharmacist"))
    set_plan(s, 0, muscle=0, influence=2)
    menu(s)
    s.apply("order:dealer")
    assert set(ids(s)) == {f"dealer:{d}:{w}" for d in ("distillery_owner", "gun_runner") for w in ("new", "tuck1", "tuck2")}
    s.apply("dealer:distillery_owner:tuck2")
    assert p.deals[1].dealers == (dealer(s, "gun_supplier"), dealer(s, "distillery_owner"))
    assert len(p.deals) == 2
    assert s.dealer_deck == (dealer(s, "pharmacist"), dealer(s, "gun_runner"))

    s.order_done = False
    set_plan(s, 0, muscle=0, influence=1)
    menu(s)
    s.apply("order:dealer")
    s.apply("dealer:pharmacist:new")
    assert p.deals[2] == Deal((dealer(s, "pharmacist"),))


# ------------------------------------------------------------------ Authorities
def test_add_business_three_basic_per_neighborhood_nightclub_extra():
    """Rulebook p.14 Add business: 1 Speakeasy/Casino/Brothel per Influence on Neighborhoods you
    control; at most 3 basic markers per Neighborhood, a Nightclub is extra (4 in all)."""
    s = new()
    levee, bronze = tile(s, "the_levee"), tile(s, "bronzeville")
    s.hoods = (
        Hood(levee, NORTH, night=True, owner=0, brothel=2, nightclub=1),
        Hood(bronze, WEST, owner=0),
        Hood(tile(s, "pilsen"), SOUTH, owner=1),
    )
    p = s.players[0]
    set_plan(s, 0, muscle=0, influence=3)
    menu(s)
    s.apply("order:business")
    assert "business:pilsen:casino" not in ids(s)
    s.apply("business:the_levee:casino")
    assert not any(i.startswith("business:the_levee") for i in ids(s))
    s.apply("business:bronzeville:speakeasy")
    s.apply("business:bronzeville:speakeasy")
    assert (s.hoods[0].basic_businesses, s.hoods[0].businesses) == (3, 4)
    assert s.hoods[1].speakeasy == 2
    assert (p.authorities, s.decision().kind) == (1, "action")

    s.hoods = (Hood(levee, NORTH, owner=0, speakeasy=1, casino=1, brothel=1),)
    set_plan(s, 0, muscle=0, influence=3)
    menu(s)
    assert "order:business" not in order_ids(s)


@pytest.mark.parametrize(("influence", "offered"), [(1, False), (2, True)])
def test_retrieve_from_prison_needs_two_influence(influence, offered):
    """Rulebook p.14 Retrieve thugs from Prison: at least 2 Influence; all your thugs in Prison go
    back to Headquarters."""
    s = new()
    p = s.players[0]
    p.prison, p.recruits = 3, 3
    set_plan(s, 0, muscle=0, influence=influence)
    menu(s)
    assert ("order:prison" in order_ids(s)) is offered
    if offered:
        s.apply("order:prison")
        assert (p.prison, p.hq, p.authorities) == (0, 4 - 1 + 3, 1)


def test_remove_control_five_influence_per_marker():
    """Rulebook p.14 Remove control: remove 1 control marker per 5 Influence in your Plan."""
    s = new(seats=3)
    s.hoods = (
        Hood(tile(s, "the_levee"), NORTH, owner=1),
        Hood(tile(s, "pilsen"), WEST, owner=2),
        Hood(tile(s, "bronzeville"), SOUTH, owner=0),
    )
    set_plan(s, 0, muscle=0, influence=4)
    menu(s)
    assert "order:remove_control" not in order_ids(s)
    set_plan(s, 0, muscle=0, influence=9)
    menu(s)
    s.apply("order:remove_control")
    assert set(ids(s)) == {"remove:the_levee", "remove:pilsen", "stop"}
    s.apply("remove:pilsen")
    assert s.hoods[1].owner == -1 and s.hoods[0].owner == 1
    assert s.decision().kind == "action"  # 9 Influence: only one marker

    s.hoods = (Hood(tile(s, "the_levee"), NORTH, owner=1), Hood(tile(s, "pilsen"), WEST, owner=2))
    set_plan(s, 0, muscle=0, influence=10)
    menu(s)
    s.apply("order:remove_control")
    s.apply("remove:pilsen")
    s.apply("remove:the_levee")
    assert [h.owner for h in s.hoods] == [-1, -1]
    assert s.control_markers_left(1) == 7 and s.control_markers_left(2) == 7


def test_sell_to_authorities_six_each():
    """Rulebook p.14 Sell for 6 dollars each: 1 good per Influence, $6 each, from Neighborhoods or Deals."""
    s = new()
    p = s.players[0]
    p.money = 10
    p.deals = (Deal((dealer(s, "alcohol_supplier"),), alcohol=1), Deal((dealer(s, "gun_supplier"),), guns=1))
    s.hoods = (Hood(tile(s, "bronzeville"), WEST, owner=0, alcohol=1),)
    set_plan(s, 0, muscle=0, influence=2)
    menu(s)
    s.apply("order:sell_authorities")
    assert set(ids(s)) == {"sell6:alcohol", "sell6:gun", "stop"}
    s.apply("sell6:gun")
    s.apply("sell6:alcohol")
    assert set(ids(s)) == {"spend:alcohol:deal1", "spend:alcohol:bronzeville"}
    s.apply("spend:alcohol:bronzeville")
    assert p.money == 10 + 12
    assert s.goods_of(0) == (1, 0)
    assert s.decision().kind == "action"


# ------------------------------------------------------------------ Send / Move
def test_send_thugs_presence_and_bribes():
    """Rulebook p.15 Send thugs to 1 district: up to Muscle thugs from Headquarters to one district
    where you are present; $2 per police car for each thug sent."""
    s = new()
    s.hoods = (Hood(tile(s, "bronzeville"), CENTRAL, owner=0),)
    s.police = (CENTRAL, FAR_NORTH)
    p = s.players[0]
    p.money = 10
    set_plan(s, 0, muscle=3, influence=0)
    menu(s)
    s.apply("order:send")
    assert set(ids(s)) == {"send:central:1", "send:central:2", "send:central:3"}
    s.apply("send:central:3")
    assert p.thugs[CENTRAL] == 3 and p.hq == 1
    assert p.money == 10 - 2 * 3

    p.money = 3
    p.hq = 4
    p.recruits -= 3
    set_plan(s, 0, muscle=3, influence=0)
    menu(s)
    s.apply("order:send")
    assert ids(s) == ("send:central:1",)  # $3: one bribe of $2 only


def test_move_thugs_adjacent_only_unless_riding_a_vehicle():
    """Rulebook p.15 Move thugs and/or vehicles from 1 district: vehicles go anywhere; thugs only to
    an adjacent district unless they move with a vehicle; 1 Muscle per piece; $2 per police car
    for each piece entering (transcript: 2 thugs + a car across the map = 3 Muscle)."""
    s = new()
    p = s.players[0]
    p.thugs = (2, 0, 0, 0, 0, 0, 0)
    p.cars = (1, 0, 0, 0, 0, 0, 0)
    p.recruits -= 2
    s.police = (SOUTH,)
    p.money = 10
    set_plan(s, 0, muscle=3, influence=0)
    menu(s)
    s.apply("order:move")
    assert ids(s) == ("from:far_north_side",)
    s.apply("from:far_north_side")
    thug_moves = {i for i in ids(s) if i.startswith("move:thug:")}
    assert thug_moves == {"move:thug:north_side", "move:thug:west_side"}
    assert "move:car:far_south_side:2" in ids(s)
    assert "move:car:far_south_side:3" not in ids(s)
    s.apply("move:car:south_side:2")
    assert p.thugs == (0, 0, 0, 0, 0, 2, 0) and p.cars == (0, 0, 0, 0, 0, 1, 0)
    assert p.money == 10 - 2 * 3
    assert s.decision().kind == "action"


def test_move_each_piece_once():
    """Rulebook p.15 Move: pieces are taken from a single district and each moves once (transcript:
    a single piece may not move more than once per order), even with Muscle left."""
    s = new()
    p = s.players[0]
    p.thugs = (1, 0, 0, 0, 0, 0, 0)
    p.recruits -= 1
    set_plan(s, 0, muscle=3, influence=0)
    menu(s)
    s.apply("order:move")
    s.apply("from:far_north_side")
    s.apply("move:thug:north_side")
    assert p.thugs == (0, 1, 0, 0, 0, 0, 0)
    assert s.decision().kind == "action"


def test_a_district_is_offered_to_move_from_exactly_when_a_piece_there_can_move():
    """Rulebook p.15 Move: the districts offered (and the Move order itself) are those with a piece
    that can go somewhere affordable; `can_move_from` answers without building the district's
    menu, and must agree with it everywhere — checked along random 4-player games, for every seat,
    district and Muscle 0–3."""
    import random

    from volstead.games.scarface1920 import GAME
    from volstead.games.scarface1920.rules.thugs import MovePieces, can_move_from

    checked = 0
    for seed in (11, 12):
        s = GAME.new_game(seed=seed, seats=4)
        rng = random.Random(seed)
        while not s.is_over():
            if s.decisions_made % 7 == 0:
                for seat in range(4):
                    for src in range(7):
                        for muscle in range(4):
                            menu = MovePieces(seat, src, muscle).options(s)
                            assert can_move_from(s, seat, src, muscle) == any(c[0] != "stop" for c in menu)
                            checked += 1
                    assert orders.can_move(s, seat) == any(
                        c[0] != "stop" for d in range(7) for c in MovePieces(seat, d, 1).options(s)
                    )
            s.apply_index(rng.randrange(len(s.decision().codes)))
    assert checked > 10_000


# ------------------------------------------------------------------ Remove thugs
def test_remove_thugs_one_per_plan_card_back_to_the_box():
    """Rulebook p.17 Remove thugs (rulebook-wip variant): remove 1 thug per card in your Plan, from
    any area, to the game box."""
    s = new(variant="rulebook-wip")
    p = s.players[0]
    p.prison, p.recruits = 1, 5
    set_plan(s, 0, muscle=0, influence=0, cards=2)
    menu(s)
    s.apply("order:remove_thugs")
    assert "remove:prison" in ids(s) and "remove:recruits" in ids(s)
    s.apply("remove:prison")
    s.apply("remove:hq")
    assert (p.removed, p.prison, p.hq) == (2, 0, 3)
    assert p.thug_total() == 12
    assert s.decision().kind == "action"


def test_remove_thugs_forced_when_nothing_else_in_the_wip_rulebook():
    """Rulebook p.17 Remove thugs (rulebook-wip): if you cannot perform any other action you must
    do this one; the turn cannot end without an order."""
    s = new(variant="rulebook-wip")
    p = s.players[0]
    p.recruits += p.hq
    p.hq = 0
    p.money = 0
    set_plan(s, 0, muscle=0, influence=0)
    menu(s)
    assert order_ids(s) == {"order:remove_thugs"}
    assert "end" not in ids(s)


def test_the_order_is_optional_in_the_published_game_and_remove_thugs_is_no_order():
    """Summary §5 "Players *may* carry out one Order per Action Turn"; transcript "you may complete
    one single order" and its 15 orders: "End your turn" is offered before any order, and with
    nothing else to do it is the only option; Remove thugs is not an order of the published game."""
    s = new()
    p = s.players[0]
    p.recruits += p.hq
    p.hq = 0
    p.money = 0
    set_plan(s, 0, muscle=0, influence=0)
    menu(s)
    assert order_ids(s) == set() and "end" in ids(s)
    s = new()
    set_plan(s, 0, muscle=2, influence=2)
    menu(s)
    assert "end" in ids(s) and "order:remove_thugs" not in ids(s) and order_ids(s)


# ------------------------------------------------------------------ Reorganize
def _reorganize_position(s):
    p = s.players[0]
    p.discard = tuple(sorted(p.hand + p.deck + p.plan))
    p.hand = p.deck = p.plan = ()
    s.hoods = (
        Hood(tile(s, "the_levee"), NORTH, owner=0, speakeasy=1, casino=1, alcohol=3),
        Hood(tile(s, "bronzeville"), WEST, owner=0, brothel=1),
        Hood(tile(s, "pilsen"), SOUTH, owner=1, brothel=2),
    )
    p.deals = (Deal((dealer(s, "alcohol_supplier"),), thugs=1), Deal((dealer(s, "gun_supplier"),)))
    p.recruits, p.safehouses, p.hq = 3, 2, 0
    p.authorities, p.job_thugs, p.prison, p.underworld = 2, 1, 2, 1
    assert p.thug_total() == 12
    p.money = 10
    return p


@pytest.mark.parametrize(("variant", "per_business"), [("published", 3), ("rulebook-wip", 2)])
def test_reorganize(variant, per_business):
    """Rulebook p.18 Reorganizing / published summary: 1. one sale in each Neighborhood (no thug);
    2. $3 per business marker ($2 in the work-in-progress rulebook); 3. thugs back from the
    Authorities, Deals and Jobs, and from Prison up to Lawyers; 4. recruitment steps up to
    Recruitment; 5. reshuffle the discard pile and draw; 6. advance the time marker."""
    s = new(variant=variant)
    p = _reorganize_position(s)
    cards = len(p.discard)
    run(s, StartTurn(0))
    assert s.decision().kind == "sell"
    assert set(ids(s)) == {"sell:the_levee", "stop"}  # Bronzeville has no goods for a sale
    s.apply("sell:the_levee")
    assert s.decision().kind == "recruit"
    assert p.money == 10 + 14 + per_business * 3
    assert (p.authorities, p.job_thugs, p.deals[0].thugs) == (0, 0, 0)
    assert (p.prison, p.underworld) == (1, 1)  # Lawyers 1; the Underworld thug stays
    assert p.hq == 2 + 1 + 1 + 1
    s.apply("recruit:promote")
    assert (p.recruits, p.safehouses, p.hq) == (3, 1, 6)
    assert len(p.hand) == s.hand_size(0) == 3
    assert len(p.deck) == cards - 3 and p.discard == ()
    assert s.time == 1
    assert s.decision().kind == "plan" and s.decision().seat == 1
    assert s.ness == 0 and s.round == 1


def test_reorganize_reaching_the_last_time_space_ends_the_round():
    """Rulebook p.18 Reorganizing 6-7 and p.19 End of the round: the time marker reaching the
    Extra! Extra! space triggers 1. a Raid, 2. Ness +1, 3. the Market refresh (the rightmost card of
    each row to the bottom of its deck, shift right, reveal), 4. the next News card, 5. time back."""
    s = new()
    p = s.players[0]
    p.discard = tuple(sorted(p.hand + p.deck))
    p.hand = p.deck = ()
    p.recruits = p.safehouses = 0
    p.hq = 11
    p.underworld = 1
    for q in s.players:
        q.money = 10
    tax = s.content.raid_index["tax_audit"]
    s.raid_deck = (tax,) + s.raid_deck
    low, dlow, high, dhigh = s.market_low, s.deck_low, s.market_high, s.deck_high
    middle = s.content.news_index["volstead_act_enforced"]
    s.news_deck = (middle, s.content.news_index["beer_wars"], s.content.news_last)
    spaces = s.content.board.time_track_spaces["2"]
    assert spaces == 4

    s.time = spaces - 2
    run(s, StartTurn(0))
    assert s.time == spaces - 1 and s.round == 1 and s.raids_done == 0

    p.discard = tuple(sorted(p.hand + p.deck))
    p.hand = p.deck = ()
    run(s, StartTurn(0))
    assert s.raids_done == 1 and s.raid_discard[-1] == tax
    assert p.prison == 1 and p.underworld == 0
    assert [q.money for q in s.players] == [10 - 2, 10 - 2]  # Tax Audit, levels 1-4
    assert s.ness == 1 and [q.crime for q in s.players] == [2, 2]
    assert s.market_low == (dlow[0],) + low[:2] and s.deck_low == dlow[1:] + (low[2],)
    assert s.market_high == (dhigh[0],) and s.deck_high == dhigh[1:] + high
    assert s.news_active == middle and s.news_revealed == 2
    assert s.time == 0 and s.round == 2
    assert s.decision().kind == "plan" and s.decision().seat == 1


def test_game_ends_when_prohibition_ends_at_the_third_end_of_round():
    """Rulebook p.19 Reveal another News card and p.20 Game end: the game lasts 3 rounds; when
    "Prohibition Ends at Last!" is revealed the game ends at once and the winner is determined."""
    s = new()
    tax = s.content.raid_index["tax_audit"]
    s.raid_deck = (tax, tax, tax) + s.raid_deck
    assert s.news_deck[-1] == s.content.news_last and len(s.news_deck) == 3
    for rnd in (1, 2):
        run(s, EndTurn(0), EndOfRound())
        assert not s.is_over() and s.round == rnd + 1
        assert s.news_active != s.content.news_last
    run(s, EndTurn(0), EndOfRound())
    assert s.news_active == s.content.news_last
    assert s.is_over()
    assert s.is_over() and s.result().winners and s.final is not None


# ------------------------------------------------------------------ End of turn
def test_end_of_turn_discard_plan_draw_without_reshuffle():
    """Rulebook p.18 End of the turn: discard the Plan face up, draw up to Hand Size from your deck;
    if the deck runs out, do not reshuffle the discard pile."""
    s = new()
    p = s.players[0]
    cards = sorted(p.hand + p.deck)
    p.plan, p.deck, p.discard, p.hand = tuple(cards[:2]), (cards[2],), tuple(cards[3:]), ()
    run(s, EndTurn(0))
    assert p.plan == ()
    assert p.discard == tuple(cards[3:]) + tuple(cards[:2])
    assert p.hand == (cards[2],) and p.deck == ()

    s = new()
    p = s.players[0]
    cards = sorted(p.hand + p.deck)
    p.plan, p.hand, p.deck, p.discard = (cards[0],), (cards[1],), tuple(cards[2:]), ()
    run(s, EndTurn(0))
    assert len(p.hand) == 3 and len(p.deck) == len(cards) - 4
    assert p.discard == (cards[0],)


# ------------------------------------------------------------------ Jobs
def test_example_job_easy_money_in_the_action_menu():
    """Rulebook p.12 Choose 1 Job, example Job: Take $4, draw 2 Jobs, -1 Crime Rate; requires 1 thug
    or 1 Associate. An instant Job resolves and goes to the bottom of the Jobs deck."""
    s = new()
    easy = job(s, "easy_money")
    e = s.content.jobs[easy]
    assert e.type == "instant" and len(e.requires) == 2
    p = s.players[0]
    p.jobs = (easy,)
    p.money, p.crime = 10, 4
    top = tuple(job(s, n) for n in ("bootleg_run", "shakedown", "bank_job"))
    s.job_deck = top
    set_plan(s, 0, muscle=0, influence=0)
    menu(s)
    assert "job:easy_money:1" in ids(s) and "job:easy_money:2" not in ids(s)  # no Associate in the Plan
    set_plan(s, 0, muscle=0, influence=0, extra=(card(s, "moonshiner"),))
    menu(s)
    assert {"job:easy_money:1", "job:easy_money:2"} <= set(ids(s))
    s.apply("job:easy_money:1")  # spend a thug
    assert p.hq == 3 and p.job_thugs == 1
    assert p.money == 14 and p.crime == 3
    assert p.jobs == tuple(sorted(top[:2]))
    assert s.job_deck == (top[2], easy)
    assert s.decision().kind == "action" and not s.order_done


def test_job_not_offered_when_not_fulfillable():
    """Rulebook p.12 Fulfilling a Job: you must meet its requirements: no thug in Headquarters and no
    Associate in the Plan, no Easy Money; nor is a reaction window opened."""
    s = new()
    p = s.players[0]
    p.jobs = (job(s, "easy_money"),)
    p.recruits += p.hq
    p.hq = 0
    set_plan(s, 0, muscle=0, influence=0)
    menu(s)
    assert not any(i.startswith("job:") for i in ids(s))
    run(s, EndTurn(0))
    assert s.decision().kind == "plan" and s.decision().seat == 1


def test_job_reaction_window_at_end_of_turn_for_any_player():
    """Rulebook p.12 Fulfilling a Job: not an action, possible at any time, even during another
    player's turn: at the end of a turn each player who can fulfil a Job is asked."""
    s = new()
    rival = s.players[1]
    rival.jobs = (job(s, "easy_money"),)
    rival.money = 10
    s.job_deck = (job(s, "bank_job"), job(s, "turf_war"))
    run(s, EndTurn(0))
    d = s.decision()
    assert (d.kind, d.seat) == ("job_window", 1)
    assert ids(s) == ("job:easy_money:1", "pass")
    s.apply("job:easy_money:1")
    assert rival.money == 14 and rival.job_thugs == 1
    assert s.decision().kind == "plan" and s.decision().seat == 1


def test_job_reaction_window_before_a_raid():
    """Rulebook p.12 Fulfilling a Job (any time) and p.19 Raid!: Jobs may be fulfilled just before a
    Raid resolves; Easy Money's -1 Crime Rate then counts for the colour band (Tax Audit: 9-11 spend
    $10, 7-8 spend $7)."""
    s = new()
    p = s.players[0]
    p.jobs = (job(s, "easy_money"),)
    p.crime, p.money = 9, 20
    tax = s.content.raid_index["tax_audit"]
    s.raid_deck = (tax,) + s.raid_deck
    s.active = 0
    run(s)
    push_raid(s)
    s._advance()
    assert s.decision().kind == "job_window" and s.decision().seat == 0
    s.apply("job:easy_money:1")
    assert p.money == 20 + 4 - 7
    assert p.crime == 8 - 1  # Lawyers 1 after the Raid


def test_job_window_for_rivals_when_an_order_starts_and_none_when_nothing_is_fulfillable():
    """Rulebook p.12 Fulfilling a Job: "at any time, even during another player's turn": when a
    player starts an order, each rival who can fulfil a Job is asked first (before the order's
    choices); a rival who cannot is not asked."""
    s = new(seats=3)
    for p in s.players:
        p.jobs = ()
    s.players[2].jobs, s.players[2].money = (job(s, "easy_money"),), 10
    s.job_deck = (job(s, "bank_job"), job(s, "turf_war"))
    set_plan(s, 0, muscle=0, influence=2)
    menu(s)
    s.apply("order:hire")
    d = s.decision()
    assert (d.kind, d.seat) == ("job_window", 2)  # seat 1 holds no Job: not asked
    gang = s.content.gangs[s.players[0].gang].name
    assert d.prompt == f"You may fulfil a Job ({gang}'s order: {orders.ORDER_LABELS['hire']})"
    s.apply("pass")
    assert (s.decision().kind, s.decision().seat) == ("hire", 0)  # then the order goes on
    s = new(seats=3)
    for p in s.players:
        p.jobs = ()
    set_plan(s, 0, muscle=0, influence=2)
    menu(s)
    s.apply("order:hire")
    assert (s.decision().kind, s.decision().seat) == ("hire", 0)


def test_job_window_before_your_own_reorganize_sales():
    """Rulebook p.12 (any time) and p.18 Reorganizing: a Job that spends goods can be fulfilled
    before the Reorganize sales use them."""
    s = new()
    p = s.players[0]
    p.hand = p.deck = ()
    p.jobs, p.money = (job(s, "easy_money"),), 10
    s.job_deck = (job(s, "bank_job"), job(s, "turf_war"))
    run(s, StartTurn(0))
    d = s.decision()
    assert (d.kind, d.seat, d.prompt) == ("job_window", 0, "You may fulfil a Job (before your Reorganize sales)")


def test_permanent_job_stays_face_up_and_its_modifier_applies():
    """Rulebook p.12 Fulfilling a Job: permanent Jobs stay face up for the rest of the game with an
    ongoing effect (Truck Fleet: +$2 per sale)."""
    s = new()
    fleet = job(s, "truck_fleet")
    assert s.content.jobs[fleet].type == "permanent"
    p = s.players[0]
    p.jobs = (fleet,)
    p.trucks = (0, 0, 0, 0, 0, 1, 1)
    s.hoods = (Hood(tile(s, "the_levee"), NORTH, owner=0, alcohol=3),)
    p.money = 10
    deck = s.job_deck
    set_plan(s, 0, muscle=0, influence=1)
    menu(s)
    s.apply("job:truck_fleet")
    assert p.done_jobs == (fleet,) and p.jobs == () and s.job_deck == deck
    s.apply("order:sell")
    s.apply("sell:the_levee")
    assert p.money == 10 + 14 + 2


def test_a_fulfilled_permanent_job_is_activated_once_a_turn():
    """Summary §5 Jobs: "Activate: Use effect of fulfilled Permanent Job" (Carry out actions:
    "Fulfill or activate Jobs"). Police on the Payroll, once fulfilled, may move a police car from
    the action menu once a turn; the next turn it may again. A permanent Job not yet fulfilled, or
    one with no activation, offers none."""
    s = new()
    payroll, fleet = job(s, "police_on_the_payroll"), job(s, "truck_fleet")
    p = s.players[0]
    p.jobs, p.money = (payroll,), 20
    s.police = (NORTH,)
    set_plan(s, 0, muscle=0, influence=1)
    menu(s)
    assert "activate:police_on_the_payroll" not in ids(s)  # face down: not fulfilled yet
    s.apply("job:police_on_the_payroll")
    p.done_jobs = p.done_jobs + (fleet,)  # Truck Fleet is passive only
    assert "activate:police_on_the_payroll" in ids(s) and "activate:truck_fleet" not in ids(s)
    label = s.decision().options[s.decision().index_of("activate:police_on_the_payroll")].label
    assert label == "Activate Police on the Payroll: Activate once a turn: move 1 police car, free from any district."
    s.apply("activate:police_on_the_payroll")
    assert s.decision().kind == "move_police"
    s.apply(ids(s)[0])  # from the North Side to the first other district
    assert s.police != (NORTH,)
    assert s.decision().kind == "action" and "activate:police_on_the_payroll" not in ids(s)  # once a turn
    s.used_job_actions = frozenset()  # what StartTurn does: a new turn
    menu(s)
    assert "activate:police_on_the_payroll" in ids(s)


# ------------------------------------------------------------------ more order rules
def test_raid_from_an_underworld_order_after_the_action_completes():
    """Rulebook p.12 Send 1 thug to the Underworld: reaching level 11 triggers a Raid, resolved
    immediately after you complete the action (here after the recruitment steps)."""
    s = new()
    p = s.players[0]
    p.crime, p.money = 10, 20
    tax = s.content.raid_index["tax_audit"]
    s.raid_deck = (tax,) + s.raid_deck
    set_plan(s, 0, muscle=0, influence=2)
    menu(s)
    s.apply("order:recruit")
    assert p.crime == 11 and s.raids_done == 0
    s.apply("recruit:promote")
    assert s.raids_done == 0
    s.apply("recruit:promote")
    assert s.raids_done == 1
    assert p.prison == 1 and p.underworld == 0  # the thug just sent is caught
    assert p.money == 20 - 10 and p.crime == 10
    assert s.decision().kind == "action"


def test_no_cards_in_hand_but_some_in_deck_finishes_the_turn():
    """Rulebook p.9 Attention: no cards in hand but some in the deck: finish the turn (draw)
    instead of taking an action or Reorganizing."""
    s = new()
    p = s.players[0]
    cards = sorted(p.hand + p.deck)
    p.hand, p.deck, p.discard = (), tuple(cards[:4]), tuple(cards[4:])
    run(s, StartTurn(0))
    assert p.hand == tuple(sorted(cards[:3])) and p.deck == (cards[3],)
    assert s.time == 0 and s.reorganizations == 0
    assert s.decision().seat == 1


def test_plan_needs_at_least_one_card():
    """Rulebook p.9 Lay out the Plan: you must play cards from your hand; the transcript: at least one."""
    s = new()
    run(s, StartTurn(0))
    assert s.decision().kind == "plan"
    assert "plan:done" not in ids(s)
    s.apply_index(0)
    assert "plan:done" in ids(s)


def test_deal_thug_limit():
    """Rulebook p.11 / transcript: choose a Deal that has fewer thugs on it than its thug limit
    (Alcohol Supplier 1, Irish Revolutionary 2)."""
    s = new()
    s.hoods = (Hood(tile(s, "bronzeville"), WEST, owner=0),)
    p = s.players[0]
    p.deals = (Deal((dealer(s, "alcohol_supplier"),), alcohol=1, thugs=1), Deal((dealer(s, "irish_revolutionary"),), thugs=1))
    p.recruits -= 2
    set_plan(s, 0, muscle=2, influence=0)
    menu(s)
    s.apply("order:deal")
    assert ids(s) == ("deal:2:irish_revolutionary",)
    s.apply("deal:2:irish_revolutionary")
    assert p.deals[1].thugs == 2
    assert set(ids(s)) == {"store:deal2", "store:bronzeville"}
    s.apply("store:deal2")  # 2 guns: 1 on the Deal, the other to the only place left
    assert (p.deals[1].guns, s.hoods[0].guns) == (1, 1)
    set_plan(s, 0, muscle=2, influence=0)
    menu(s)
    assert "order:deal" not in order_ids(s)


def test_seize_needs_presence_and_counts_only_the_owners_pieces():
    """Rulebook p.15 Seize a Neighborhood: only in a district where you are present, never your own;
    the defense counts the controlling rival's thugs and cars, not a third gang's."""
    s = new(seats=3)
    s.hoods = (Hood(tile(s, "pilsen"), SOUTH, owner=1), Hood(tile(s, "bronzeville"), WEST, owner=0))
    s.players[2].thugs = (0, 0, 0, 0, 0, 3, 0)
    assert s.defense(0, 0) == 2 + 2
    set_plan(s, 0, muscle=9, influence=0)
    menu(s)
    assert "order:seize" not in order_ids(s)  # not present in the South Side; Bronzeville is ours
    s.players[0].trucks = (0, 0, 0, 0, 0, 1, 0)
    assert s.defense(0, 0) == 4  # a truck gives presence but no Muscle
    set_plan(s, 0, muscle=4, influence=0)
    menu(s)
    s.apply("order:seize")
    assert ids(s) == ("seize:pilsen",)


def test_a_seize_says_the_defense_left_to_cover_never_below_zero():
    """Rulebook p.15 Seize: the seizer's thugs and cars in the district break down the defense and
    its Muscle makes up the difference; pieces beyond the defense leave nothing to make up (the
    label said "defense -1")."""
    s = new(seats=2)
    s.hoods = (Hood(tile(s, "pilsen"), SOUTH),)  # defense 2, nobody's
    s.players[0].thugs = (0, 0, 0, 0, 0, 3, 0)
    assert s.defense(0, 0) == -1
    set_plan(s, 0, muscle=1, influence=0)
    menu(s)
    s.apply("order:seize")
    assert [o.label for o in s.decision().options] == ["Seize Pilsen (defense 0)"]
    s.players[0].thugs = (0, 0, 0, 0, 0, 1, 0)
    assert [o.label for o in s.decision().options] == ["Seize Pilsen (defense 1)"]


def test_a_raids_colour_band_is_read_after_its_overall_effect():
    """Rulebook p.19 Raid!, steps 3 then 4 (summary §5: "Resolves Overall Effect (all players).
    Applies Colored Effect (based on each player's Crime Rate level)"): Bail Hearings raises Ness
    from 5 to 6, which pushes a Crime Rate of 6 to 7; the band read is 7-8 ($2 a thug in Prison),
    not the 5-6 band of the Raid's start ($1)."""
    s = new()
    for p in s.players:
        p.jobs = ()
    p = s.players[0]
    p.crime, p.prison, p.money = 6, 2, 20
    s.players[1].crime = 8
    s.ness = 5
    s.raid_deck = (s.content.raid_index["bail_hearings"],) + s.raid_deck
    s.active = 0
    run(s)
    push_raid(s)
    s._advance()
    assert s.ness == 6
    assert p.money == 20 - 2 * 2


def test_every_order_says_what_it_does_and_costs_with_this_plan():
    """Issue 12 ("on every option what it does and what it costs"): the action menu's help for an
    Underworld order names the thug and the Crime Rate it costs (WIP p.12: +1 per thug of yours
    there, 1 there already: +2) and what the Plan's Influence buys; End your turn says no order is
    carried out (published: the order is optional)."""
    s = new()
    p = s.players[0]
    p.underworld, p.hq = 1, 3
    set_plan(s, 0, muscle=1, influence=3)
    menu(s)
    help_of = {o.id: o.help for o in s.decision().options}
    assert help_of["order:hire"] == (
        "Costs a thug from Headquarters to the Underworld (Crime Rate +2). Hire an "
        "Associate of up to 3★ from the Market (to your hand for 1 alcohol, 2 for "
        "4–5★); you take the Family Ring. (§underworld)"
    )
    assert help_of["end"].startswith("You carry out no order this turn.")
    assert all(help_of[i] for i in help_of if i.startswith("order:"))


def test_the_action_menu_is_grouped_and_orders_not_possible_say_why():
    """Issue 12: the action menu grouped (skills, Boss skills with uses left, Jobs, orders) and the
    orders you cannot take now shown with the reason (never as options). No thug in Headquarters:
    every Underworld and Authorities order says so (WIP p.12, p.14: they send a thug from there)."""
    s = new()
    p = s.players[0]
    p.recruits += p.hq
    p.hq = 0
    set_plan(s, 0, muscle=0, influence=3)
    menu(s)
    d = s.decision()
    groups = {o.id: o.group for o in d.options}
    assert groups["end"] == "End of turn"
    assert all(g == "Orders (one a turn)" for i, g in groups.items() if i.startswith("order:"))
    reasons = dict((label, reason) for label, reason in ((u["label"], u["reason"]) for u in d.unavailable))
    assert reasons[orders.ORDER_LABELS["hire"]] == "no thug in your Headquarters (§underworld)"
    assert reasons[orders.ORDER_LABELS["reduce_crime"]] == "no thug in your Headquarters (§authorities)"
    assert reasons[orders.ORDER_LABELS["seize"]].startswith("no Neighborhood where you are present")
    assert orders.ORDER_LABELS["remove_thugs"] not in reasons  # not an order of the published game
    assert not set(reasons) & {o.label for o in d.options}
    s.order_done = True
    run(s, ActionMenu(0))
    assert s.decision().unavailable == []  # the order is done: nothing to grey
