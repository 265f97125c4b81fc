"""One test per Enforcer priority rule (rulebook: Solo mode), each on a board built so that
the rule, and only it, decides the outcome; each pins one exact expected result.

Boards: `board()` is a solo game after setup with nothing on the map; `put` lays a named
tile on a Neighborhood slot. District tokens are shuffled (`TOKENS`) so that "lower district
first" reads the tokens, never the board order. The solo map for 2 players has one
Neighborhood per district except the fourth board district, which has two (slots 3 and 4).
"""

from __future__ import annotations

from volstead.engine.step import Step
from volstead.games.scarface1920 import GAME
from volstead.games.scarface1920.effects.pieces import HitThugs
from volstead.games.scarface1920.effects.raids import LoseBusiness, LoseUpgrade, ThugsToPrison
from volstead.games.scarface1920.options import Options
from volstead.games.scarface1920.rules.goods import PayGoods
from volstead.games.scarface1920.rules.sales import SellLoop
from volstead.games.scarface1920.solo import actions as A
from volstead.games.scarface1920.solo import enforcer as E
from volstead.games.scarface1920.solo.enforcer import ENFORCER, HUMAN
from volstead.games.scarface1920.solo.turn import EnforcerAct, EnforcerSales, next_action
from volstead.games.scarface1920.state import Deal

# Board district index -> district token number. Board district 3 (two slots) is number 4.
TOKENS = (6, 2, 5, 4, 1, 7, 3)
TWO_SLOTS = (3, 4)  # the Neighborhood slots of board district 3


class Halt(Step):
    """Sentinel decision: reaching it means everything pushed above it is done."""

    __slots__ = ()
    kind = "halt"

    def seat(self, s):
        return HUMAN

    def options(self, s):
        return ("halt",)

    def choose(self, s, code):
        pass


def run(s, *steps):
    """Replace the stack with Halt + `steps` (bottom first) and run to the next decision."""
    s.stack = [Halt(), *steps]
    s._decision = None
    s._advance()
    return s.decision()


def board():
    """A solo game after setup with a bare board: no owners, goods, businesses, police or pieces."""
    s = GAME.new_game(seed=11, seats=1, options=Options(solo=True))
    s.hoods = tuple(h._replace(owner=-1, speakeasy=0, casino=0, brothel=0, nightclub=0, alcohol=0, guns=0) for h in s.hoods)
    s.police = ()
    s.district_no = TOKENS
    for p in s.players:
        p.thugs = p.cars = p.trucks = (0,) * 7
        p.deals = ()
        p.money = 50
    s.enf_district = d_no(s, 1)
    return s


def d_no(s, n):
    """The board district carrying token n."""
    return s.district_no.index(n)


def slot(s, n):
    """The (first) Neighborhood slot of the district with token n."""
    return next(i for i, h in enumerate(s.hoods) if h.district == d_no(s, n))


def put(s, i, tile_id, owner=ENFORCER, **kw):
    """Lay tile `tile_id` on slot i (owner, goods, businesses as given)."""
    t = next(k for k, x in enumerate(s.content.tiles) if x.id == tile_id)
    s.set_hood(i, tile=t, owner=owner, **kw)
    return i


def dealer(s, dealer_id, **kw):
    return Deal((s.content.dealer_index[dealer_id],), **kw)


def at(n, value=1, s=None):
    """A per-district tuple with `value` in the district with token n."""
    out = [0] * 7
    out[TOKENS.index(n)] = value
    return tuple(out)


def card(s, card_id):
    return next(k for k, c in enumerate(s.solo.cards) if c.id == card_id)


# ================================================================== Changes in the main actions
def test_rule1_deal_takes_an_empty_deal_and_collects_all_deals_with_supply_bonus():
    s = board()
    p = s.players[ENFORCER]
    p.deals = (dealer(s, "gun_runner", thugs=1), dealer(s, "distillery_owner"))
    p.stats = (1, 1, 1, 2, 1, 1)  # Dealers Supply level 2: +1 good per Deal
    levee = put(s, slot(s, 1), "the_levee")  # wants 3 alcohol; each Dealer stores 1 good
    A.ACTIONS["deal"].run(s, 0)
    assert [d.thugs for d in p.deals] == [1, 1]  # the Deal with no thug
    # 3 alcohol + 2 guns + 2 free goods (gun first: fewer received, then alcohol) = 4 + 3: an
    # alcohol then a gun on his Deals (he holds none: alcohol first, alternating), the rest on
    # his Neighborhood.
    assert [(d.alcohol, d.guns) for d in p.deals] == [(1, 0), (0, 1)]
    assert (s.hoods[levee].alcohol, s.hoods[levee].guns) == (3, 2)
    assert not A.ACTIONS["deal"].doable(s, 0)  # all his Deals have a thug: cannot be carried out


def test_rule2_recruitment_uses_safehouses_first():
    s = board()
    p = s.players[ENFORCER]
    p.recruits, p.safehouses, p.hq = 6, 2, 4
    A.ACTIONS["recruit"].run(s, 3)  # 1 thug to the Underworld, then 3 steps
    assert (p.recruits, p.safehouses, p.hq, p.underworld) == (5, 1, 5, 1)


def test_rule2_recruitment_decision_put_to_him_promotes_first():
    from volstead.games.scarface1920.rules.thugs import RecruitSteps

    s = board()
    p = s.players[ENFORCER]
    p.recruits, p.safehouses, p.hq = 6, 1, 4
    run(s, RecruitSteps(ENFORCER, 2))
    assert (p.recruits, p.safehouses, p.hq) == (5, 1, 5)  # promote, then recruit


def test_rule3_job_draws_the_top_job_when_power_allows():
    s = board()
    top = s.job_deck[0]
    jobs = s.enf_jobs
    assert not A.ACTIONS["job"].doable(s, 0)
    A.ACTIONS["job"].run(s, 1)
    assert s.enf_jobs == jobs + (top,)


def test_rule4_dealer_is_never_tucked():
    s = board()
    s.players[ENFORCER].deals = (dealer(s, "gun_runner"),)
    top = s.dealer_deck[0]
    A.ACTIONS["dealer"].run(s, 1)
    assert s.players[ENFORCER].deals[1] == Deal((top,))


def test_rule5_hire_highest_level_then_leftmost():
    s = board()
    stars = s.content.card_stars
    twos = [c for c in s.content.associates_low if stars[c] == 2][:3]
    three = next(c for c in s.content.associates_low if stars[c] == 3)
    s.market_low, s.deck_low, s.market_high, s.deck_high = tuple(twos), (), (), ()
    assert A.hire_target(s, 3) == (0, 0, twos[0])  # three tied 2★: the leftmost
    s.market_low = (twos[0], three, twos[1])
    assert A.hire_target(s, 3) == (0, 1, three)  # a higher level beats leftmost
    assert A.hire_target(s, 2) == (0, 0, twos[0])  # ... if his Power reaches it


def test_rule5_new_card_on_top_for_goods_else_discard():
    s = board()
    put(s, slot(s, 1), "the_levee", alcohol=1)
    b_top, c_top = s.enf_deck_b[0], s.enf_deck_c[0]
    A.gain_enforcer_card(s, "B", 1)
    assert s.enf_deck[0] == b_top and s.goods_of(ENFORCER) == (0, 0)
    A.gain_enforcer_card(s, "C", 2)  # no goods left: face up on his discard pile
    assert s.enf_discard[-1] == c_top


def test_rule6_sales_order_profit_then_fewer_goods_then_lower_district():
    s = board()
    gold = put(s, slot(s, 6), "gold_coast")  # $16
    levee = put(s, slot(s, 2), "the_levee")  # $14, 3 goods
    street = put(s, slot(s, 3), "streeterville")  # $14, 2 goods
    bronze = put(s, slot(s, 5), "bronzeville")  # $9, 2 goods, district 5
    pilsen = put(s, slot(s, 1), "pilsen")  # $9, 2 goods, district 1
    assert E.sale_order(s, [pilsen, bronze, street, levee, gold]) == [[gold], [street], [levee], [pilsen], [bronze]]


def test_rule6_sales_spend_the_neighborhood_before_deals_and_sell_in_order():
    s = board()
    p = s.players[ENFORCER]
    p.deals = (dealer(s, "brewery_owner", alcohol=2),)
    gold = put(s, slot(s, 6), "gold_coast", alcohol=2, guns=1)  # $16: 2 alcohol + 1 gun
    levee = put(s, slot(s, 2), "the_levee", alcohol=2)  # $14: 3 alcohol
    money = p.money
    run(s, EnforcerSales(1, frozenset()))  # Power 1: one sale, the bigger profits
    assert p.money == money + 16 and (s.hoods[gold].alcohol, s.hoods[gold].guns) == (0, 0)
    assert s.hoods[levee].alcohol == 2 and p.deals[0].alcohol == 2
    run(s, EnforcerSales(1, frozenset()))  # the Levee: its 2 alcohol, then 1 from the Deal
    assert p.money == money + 30 and s.hoods[levee].alcohol == 0 and p.deals[0].alcohol == 1


def test_rule6_a_full_tie_is_your_decision():
    s = board()
    a = put(s, TWO_SLOTS[0], "pilsen", alcohol=2)  # same district, $9, 2 alcohol each
    b = put(s, TWO_SLOTS[1], "bronzeville", alcohol=2)
    d = run(s, EnforcerSales(1, frozenset()))
    assert d.kind == "enforcer_tie" and d.seat == HUMAN and set(d.codes) == {a, b}
    s.apply("enforcer:sell:bronzeville")
    assert s.hoods[b].alcohol == 0 and s.hoods[a].alcohol == 2
    assert s.decision().kind == "halt"  # Power 1: one sale only


def test_rule7_remove_control_bigger_profits_then_lower_district():
    s = board()
    gold = put(s, slot(s, 6), "gold_coast", owner=HUMAN)  # $16
    cic = put(s, slot(s, 5), "cicero", owner=HUMAN)  # $15, district 5
    uptown = put(s, slot(s, 2), "uptown", owner=HUMAN)  # $15, district 2
    run(s, A.EnforcerRemoveControl(2))
    assert [s.hoods[i].owner for i in (gold, uptown, cic)] == [-1, -1, HUMAN]


def test_rule7_remove_control_tie_in_one_district_is_your_decision():
    s = board()
    a = put(s, TWO_SLOTS[0], "uptown", owner=HUMAN)  # $15
    b = put(s, TWO_SLOTS[1], "cicero", owner=HUMAN)  # $15, same district
    d = run(s, A.EnforcerRemoveControl(1))
    assert d.kind == "enforcer_tie" and set(d.codes) == {a, b}
    s.apply("enforcer:remove:cicero")
    assert (s.hoods[a].owner, s.hoods[b].owner) == (HUMAN, -1)
    run(s, A.EnforcerRemoveControl(2))  # removing both: nothing to choose
    assert s.hoods[a].owner == -1


def test_rule8_business_markers_fill_the_most_profitable_first():
    s = board()
    gold = put(s, slot(s, 6), "gold_coast")  # $16
    levee = put(s, slot(s, 2), "the_levee")  # $14
    run(s, A.EnforcerBusiness(4))
    assert (s.hoods[gold].basic_businesses, s.hoods[levee].basic_businesses) == (3, 1)


def test_rule8_business_tie_in_one_district_is_your_decision():
    s = board()
    a = put(s, TWO_SLOTS[0], "uptown")
    b = put(s, TWO_SLOTS[1], "cicero")
    d = run(s, A.EnforcerBusiness(2))
    assert d.kind == "enforcer_tie" and set(d.codes) == {a, b}
    s.apply("enforcer:business:cicero")
    assert (s.hoods[a].basic_businesses, s.hoods[b].basic_businesses) == (0, 2)


def test_rule9_sell_to_authorities_spends_by_goods_management():
    s = board()
    p = s.players[ENFORCER]
    p.hq = 1
    levee = put(s, slot(s, 2), "the_levee", alcohol=4)  # 1 surplus alcohol ($14)
    bofy = put(s, slot(s, 5), "back_of_the_yards", guns=2)  # no surplus ($13, the least)
    p.deals = (dealer(s, "brewery_owner", alcohol=1),)
    money = p.money
    A.ACTIONS["sell_authorities"].run(s, 3)
    # Surplus alcohol, then the least profitable Neighborhood's 2 guns; the Deal is last.
    assert (s.hoods[levee].alcohol, s.hoods[bofy].guns, p.deals[0].alcohol) == (3, 0, 1)
    assert p.money == money + 18


def test_rule10_move_thugs_on_foot_then_riders_then_vehicles():
    s = board()
    p = s.players[ENFORCER]
    s.enf_district = 0  # board district 0 is adjacent to 1 and 2
    near, far = 1, 4  # token 2 (adjacent) and token 1 (not adjacent)
    p.thugs = tuple(1 if d in (near, far) else 0 for d in range(7))
    p.cars = tuple(1 if d == far else 0 for d in range(7))
    assert A.move_plan(s, 3) == [("thug", near, 0), ("vehicle", far, 1)]
    assert A.move_plan(s, 1) == [("thug", near, 0)]


def test_rule10_vehicles_alone_last_lower_district_first():
    s = board()
    p = s.players[ENFORCER]
    s.enf_district = 0
    p.trucks = tuple(1 if d in (5, 6) else 0 for d in range(7))  # tokens 7 and 3
    assert A.move_plan(s, 1) == [("vehicle", 6, 0)]  # token 3 before token 7


def test_rule11_seize_prefers_your_neighborhood():
    s = board()
    s.enf_district = d_no(s, 6)  # his token's presence only
    yours = put(s, TWO_SLOTS[0], "pilsen", owner=HUMAN)  # $9, defense 2 + 2
    free = put(s, slot(s, 6), "gold_coast", owner=-1)  # $16, defense 4
    s.players[ENFORCER].thugs = at(4, 1)
    assert A.seize_targets(s, 10) == (yours,)
    _ = free


def test_rule11_seize_bigger_profits_then_higher_defense_then_lower_district():
    s = board()
    s.players[ENFORCER].thugs = tuple(1 if TOKENS[d] in (1, 2, 5, 6) else 0 for d in range(7))  # -1 defense each
    a = put(s, slot(s, 6), "uptown", owner=-1)  # $15, defense 3
    b = put(s, slot(s, 2), "cicero", owner=-1)  # $15, defense 3
    c = put(s, slot(s, 5), "hyde_park", owner=-1)  # $15, defense 4
    put(s, slot(s, 1), "pilsen", owner=-1)  # $9
    assert A.seize_targets(s, 10) == (c,)  # higher defense
    s.set_hood(c, owner=ENFORCER)
    assert A.seize_targets(s, 10) == (b,)  # district 2 before 6
    A.ACTIONS["seize"].run(s, 10)
    assert s.hoods[b].owner == ENFORCER and s.hoods[a].owner == -1


def test_rule11_seize_full_tie_is_your_decision():
    s = board()
    s.players[ENFORCER].thugs = at(4, 1)
    a = put(s, TWO_SLOTS[0], "uptown", owner=-1)
    b = put(s, TWO_SLOTS[1], "cicero", owner=-1)  # same profits, defense and district
    put(s, 5, "pilsen", owner=-1)  # was Little Hell, which sells for more ($16) than these two
    s.stack = [Halt()]
    A.ACTIONS["seize"].run(s, 10)
    s._advance()
    d = s.decision()
    assert d.kind == "enforcer_tie" and set(d.codes) == {a, b}
    s.apply("enforcer:seize:uptown")
    assert (s.hoods[a].owner, s.hoods[b].owner) == (ENFORCER, -1)


def test_rule11_his_vehicles_count_as_cars_for_seizing_and_defending():
    s = board()
    p, you = s.players[ENFORCER], s.players[HUMAN]
    i = put(s, slot(s, 3), "streeterville", owner=-1)  # defense 3
    p.trucks = at(3, 2)
    assert s.defense(i, ENFORCER) == 1  # 3 - 2 trucks
    s.set_hood(i, owner=ENFORCER)
    you.thugs = at(3, 1)
    assert s.defense(i, HUMAN) == 3 + 2 + 2 - 1  # his trucks defend like cars


def test_rule12_upgrade_matches_the_district_number_then_ascending():
    s = board()
    p = s.players[ENFORCER]
    p.money = 100
    s.enf_district = d_no(s, 3)  # stat 3: recruitment
    assert A.upgrade_target(s, 2) == 2
    p.stats = (1, 1, 3, 1, 1, 1)
    assert A.upgrade_target(s, 2) == 3  # recruitment is full: the next stat
    p.stats = (1, 1, 2, 1, 1, 1)
    assert A.upgrade_target(s, 3) == 3  # level 3 needs 4 Power: the next stat at level 1
    assert A.upgrade_target(s, 4) == 2
    assert A.upgrade_target(s, 1) is None  # level 2 needs 2 Power
    s.enf_district = d_no(s, 7)  # no 7th stat: from the first
    p.stats = (1,) * 6
    assert A.upgrade_target(s, 2) == 0


def test_rule12_letters_draw_cards_paid_with_two_goods():
    s = board()
    p = s.players[ENFORCER]
    p.money, p.boss_box = 100, 1  # the next cube removed is box 2: "B"
    put(s, slot(s, 2), "the_levee", alcohol=3)
    b_top = s.enf_deck_b[0]
    A.ACTIONS["upgrade"].run(s, 2)
    assert s.enf_deck[0] == b_top and s.goods_of(ENFORCER) == (1, 0)
    p.boss_box = 4  # box 5: "B", and now 1 good only: discard pile
    b_top = s.enf_deck_b[0]
    A.ACTIONS["upgrade"].run(s, 2)
    assert s.enf_discard[-1] == b_top and s.goods_of(ENFORCER) == (1, 0)


def test_rule13_he_never_removes_thugs_and_a_plan_with_nothing_doable_ends_the_turn():
    s = board()
    assert "remove_thugs" not in A.ACTIONS
    s.players[ENFORCER].hq = 0
    s.players[ENFORCER].money = 0
    s.enf_plan = (card(s, "a01"), card(s, "a02"))  # prison, police, recruit, sell / job, crime, ...
    s.players[ENFORCER].prison = 0
    s.players[ENFORCER].crime = s.ness + 1
    assert next_action(s, 0, 0) is None


def test_void_actions_take_no_cube():
    s = board()
    p = s.players[ENFORCER]
    p.prison, p.hq = 0, 2
    s.enf_plan = (card(s, "a01"), card(s, "a02"))  # line 1: prison (void: nobody in Prison), job
    top = s.job_deck[0]
    s.stack = [Halt()]
    EnforcerAct(0, 0, 1).run(s)
    assert s.enf_cubes == ((0, 1),) and s.enf_jobs[-1] == top
    s.police = ()
    assert not A.ACTIONS["police_next"].doable(s, 0)  # no police car: nothing would change


# ================================================================== Goods management
def test_collecting_specified_goods_then_the_least_received_alternating():
    """Solo "Supplies from the Deals": the free goods start with the type received least (alcohol
    if tied) and alternate from then on — never re-balanced."""
    assert E.collect_order(2, 0, 3) == (3, 2)  # guns (fewer) first, then alcohol, then guns
    assert E.collect_order(0, 0, 3) == (2, 1)  # tied: alcohol first
    assert E.collect_order(1, 3, 1) == (2, 3)
    assert E.collect_order(0, 5, 3) == (2, 6)  # alcohol, gun, alcohol: alternating, not 3 alcohol


def test_storage_alternates_from_the_least_held_good_without_rebalancing():
    """Solo "Goods storage", 1st: "He begins by storing the good he has the least in his Deals
    (beginning with alcohol if tied). He then continues by alternating": Deals holding 0 alcohol
    and 1 gun with 2 spaces left, receiving 2 alcohol and 2 guns, end with 1 alcohol and 2 guns."""
    s = board()
    p = s.players[ENFORCER]
    p.deals = (dealer(s, "brewery_owner", guns=1),)  # storage 3, holds 1 gun
    levee = put(s, slot(s, 2), "the_levee")
    E.store(s, 2, 2)
    assert (p.deals[0].alcohol, p.deals[0].guns) == (1, 2)
    assert (s.hoods[levee].alcohol, s.hoods[levee].guns) == (1, 1)  # the rest: to his Neighborhood


def test_storage_deals_first_least_held_good_alternating():
    s = board()
    p = s.players[ENFORCER]
    p.deals = (dealer(s, "brewery_owner", alcohol=1),)  # storage 3, holds 1 alcohol
    levee = put(s, slot(s, 2), "the_levee")
    E.store(s, 1, 2)
    # Guns first (he holds fewer), then alcohol (tied: alcohol), the Deal is full: the last gun
    # goes to the Neighborhood.
    assert (p.deals[0].alcohol, p.deals[0].guns) == (2, 1)
    assert (s.hoods[levee].alcohol, s.hoods[levee].guns) == (0, 1)


def test_storage_neighborhoods_by_profit_needs_then_balanced_surplus():
    s = board()
    levee = put(s, slot(s, 2), "the_levee")  # $14, 3 alcohol
    pilsen = put(s, slot(s, 5), "pilsen")  # $9, 2 alcohol
    E.store(s, 6, 0)
    assert (s.hoods[levee].alcohol, s.hoods[pilsen].alcohol) == (4, 2)  # 3 + 2, surplus: the Levee
    E.store(s, 3, 0)
    # Pilsen has no surplus: it gets one, then both have 1: the Levee, then Pilsen.
    assert (s.hoods[levee].alcohol, s.hoods[pilsen].alcohol) == (5, 4)


def test_storage_guns_after_alcohol_same_procedure():
    s = board()
    italy = put(s, slot(s, 2), "little_italy")  # $18: 1 alcohol + 2 guns
    bofy = put(s, slot(s, 5), "back_of_the_yards")  # $13: 2 guns
    E.store(s, 2, 5)
    # Alcohol: 1 needed by Little Italy, then 1 surplus to the bigger profits (both at surplus 0).
    assert (s.hoods[italy].alcohol, s.hoods[bofy].alcohol) == (2, 0)
    assert (s.hoods[italy].guns, s.hoods[bofy].guns) == (3, 2)


def test_truck_bonus_only_one_type_wanted():
    s = board()
    levee = put(s, slot(s, 2), "the_levee")  # 3 alcohol
    bofy = put(s, slot(s, 5), "back_of_the_yards")  # 2 guns
    s.players[ENFORCER].trucks = at(2, 1)
    s.players[ENFORCER].cars = at(5, 1)  # a car is a truck too
    assert E.truck_waiver(s, levee) == (1, 0)
    assert E.truck_waiver(s, bofy) == (0, 1)
    s.players[ENFORCER].trucks = at(2, 5)
    assert E.truck_waiver(s, levee) == (3, 0)  # never below 0


def test_truck_bonus_both_wanted_the_greater_amount_alcohol_on_ties():
    s = board()
    italy = put(s, slot(s, 2), "little_italy")  # 1 alcohol + 2 guns
    gold = put(s, slot(s, 5), "gold_coast")  # 2 alcohol + 1 gun
    hell = put(s, slot(s, 1), "greektown")  # 1 + 1
    p = s.players[ENFORCER]
    p.trucks = tuple(1 if d in (d_no(s, 2), d_no(s, 5), d_no(s, 1)) else 0 for d in range(7))
    assert (E.truck_waiver(s, italy), E.truck_waiver(s, gold), E.truck_waiver(s, hell)) == ((0, 1), (1, 0), (1, 0))
    p.trucks = at(2, 2)
    assert E.truck_waiver(s, italy) == (1, 1)  # guns (2 > 1), then tied 1/1: alcohol


def test_an_effect_making_him_sell_uses_his_vehicles_as_trucks():
    s = board()
    p = s.players[ENFORCER]
    levee = put(s, slot(s, 2), "the_levee", alcohol=2)  # wants 3: a car waives 1
    p.cars = at(2, 1)
    money = p.money
    run(s, SellLoop(ENFORCER, 1, frozenset()))  # the shared Make sales step, put to his seat
    assert s.hoods[levee].alcohol == 0 and p.money == money + 14


def test_other_expenditures_surplus_first_guns_on_a_tie():
    s = board()
    levee = put(s, slot(s, 2), "the_levee", alcohol=4)  # 1 surplus alcohol
    bofy = put(s, slot(s, 5), "back_of_the_yards", guns=3)  # 1 surplus gun
    E.spend_goods(s, 1)
    assert (s.hoods[levee].alcohol, s.hoods[bofy].guns) == (4, 2)  # tie: the gun
    E.spend_goods(s, 1)
    assert (s.hoods[levee].alcohol, s.hoods[bofy].guns) == (3, 2)


def test_other_expenditures_larger_surplus_first():
    s = board()
    levee = put(s, slot(s, 2), "the_levee", alcohol=5)  # 2 surplus alcohol
    bofy = put(s, slot(s, 5), "back_of_the_yards", guns=3)  # 1 surplus gun
    E.spend_goods(s, 1)
    assert (s.hoods[levee].alcohol, s.hoods[bofy].guns) == (4, 3)


def test_other_expenditures_least_profitable_neighborhood_then_deals():
    s = board()
    p = s.players[ENFORCER]
    levee = put(s, slot(s, 2), "the_levee", alcohol=3)  # $14, no surplus
    pilsen = put(s, slot(s, 5), "pilsen", alcohol=2)  # $9, no surplus
    p.deals = (dealer(s, "brewery_owner", alcohol=1),)
    E.spend_goods(s, 3)
    assert (s.hoods[pilsen].alcohol, s.hoods[levee].alcohol, p.deals[0].alcohol) == (0, 2, 1)
    E.spend_goods(s, 3)
    assert (s.hoods[levee].alcohol, p.deals[0].alcohol) == (0, 0)


def test_raid_lose_goods_put_to_him_follows_the_expenditure_order():
    s = board()
    levee = put(s, slot(s, 2), "the_levee", alcohol=4)
    pilsen = put(s, slot(s, 5), "pilsen", alcohol=2)
    run(s, PayGoods(ENFORCER, 0, 0, 2))
    assert (s.hoods[levee].alcohol, s.hoods[pilsen].alcohol) == (3, 1)


# ================================================================== Thug management
def test_prison_chart_each_row_in_turn():
    s = board()
    p = s.players[ENFORCER]
    p.recruits, p.safehouses = 6, 2  # never taken
    p.underworld, p.authorities, p.hq = 1, 1, 1
    p.deals = (dealer(s, "gun_runner"), dealer(s, "distillery_owner", thugs=1))
    p.thugs = tuple(1 if d in (d_no(s, 5), d_no(s, 3)) else 0 for d in range(7))
    got = []
    for _ in range(6):
        area = E.chart_pick(s, E.PRISON_CHART)
        got.append(area)
        if area is None:
            break
        if area[0] == "district":
            p.thugs = tuple(x - (d == area[1]) for d, x in enumerate(p.thugs))
        elif area[0] == "deal":
            p.deals = (p.deals[0], p.deals[1]._replace(thugs=0))
        else:
            setattr(p, area[0], 0)
    assert got == [("underworld",), ("authorities",), ("deal", 1), ("district", d_no(s, 3)), ("district", d_no(s, 5)), ("hq",)]
    assert E.chart_pick(s, E.PRISON_CHART) is None


def test_hit_chart_each_row_in_turn():
    s = board()
    p = s.players[ENFORCER]
    p.recruits, p.safehouses = 6, 2
    p.underworld, p.prison, p.authorities, p.hq = 1, 1, 1, 1
    p.deals = (dealer(s, "gun_runner", thugs=1),)
    p.thugs = at(6, 1)
    got = []
    while (area := E.chart_pick(s, E.HIT_CHART)) is not None:
        got.append(area)
        if area[0] == "district":
            p.thugs = (0,) * 7
        elif area[0] == "deal":
            p.deals = (p.deals[0]._replace(thugs=0),)
        else:
            setattr(p, area[0], 0)
    assert got == [("underworld",), ("prison",), ("authorities",), ("deal", 0), ("district", d_no(s, 6)), ("hq",)]


def test_raid_prison_put_to_him_uses_the_chart_among_the_named_areas():
    s = board()
    p = s.players[ENFORCER]
    p.hq, p.authorities = 3, 1
    p.thugs = tuple(1 if d in (d_no(s, 6), d_no(s, 2)) else 0 for d in range(7))
    run(s, ThugsToPrison(ENFORCER, 2, ("districts", "hq", "authorities")))
    assert (p.authorities, p.thugs[d_no(s, 2)], p.thugs[d_no(s, 6)], p.hq, p.prison) == (0, 0, 1, 3, 2)


def test_your_hit_on_his_thugs_takes_the_one_his_chart_gives():
    s = board()
    p = s.players[ENFORCER]
    p.thugs = tuple(1 if d in (d_no(s, 6), d_no(s, 2)) else 0 for d in range(7))
    d = run(s, HitThugs(HUMAN, 1, "any", False))
    assert d.kind == "hit" and d.codes == ((ENFORCER, d_no(s, 2)), None)
    s.apply_index(0)
    assert p.thugs[d_no(s, 2)] == 0 and p.safehouses == 3


def test_your_kill_where_you_are_present_takes_his_lowest_district_there():
    s = board()
    p, you = s.players[ENFORCER], s.players[HUMAN]
    p.thugs = tuple(1 if d in (d_no(s, 6), d_no(s, 2)) else 0 for d in range(7))
    you.thugs = at(6, 1)  # you are present in district 6 only
    d = run(s, HitThugs(HUMAN, 1, "present", True))
    assert d.codes == ((ENFORCER, d_no(s, 6)), None)
    s.apply_index(0)
    assert p.thugs[d_no(s, 6)] == 0 and p.recruits == 7


# ================================================================== Removing gang upgrades
def test_removing_upgrades_level_three_first_from_his_districts_stat():
    s = board()
    p = s.players[ENFORCER]
    p.stats = (2, 3, 1, 3, 1, 2)
    s.enf_district = d_no(s, 3)  # from stat 3 (recruitment) upwards
    run(s, LoseUpgrade(ENFORCER, 3))
    # Level 3: dealers supply (stat 4, first from 3 upwards), then lawyers; then level 2: dealers supply.
    assert p.stats == (2, 2, 1, 1, 1, 2)


def test_removing_upgrades_district_seven_starts_at_the_first_stat():
    s = board()
    p = s.players[ENFORCER]
    p.stats = (2, 1, 1, 1, 1, 2)
    s.enf_district = d_no(s, 7)
    run(s, LoseUpgrade(ENFORCER, 1))
    assert p.stats == (1, 1, 1, 1, 1, 2)
    s.enf_district = d_no(s, 6)
    p.stats = (2, 1, 1, 1, 1, 2)
    run(s, LoseUpgrade(ENFORCER, 1))
    assert p.stats == (2, 1, 1, 1, 1, 1)


def test_raid_business_loss_is_your_decision_for_him():
    s = board()
    a = put(s, slot(s, 2), "the_levee", casino=1)
    b = put(s, slot(s, 5), "pilsen", brothel=1)
    d = run(s, LoseBusiness(ENFORCER, 1))
    assert d.kind == "enforcer_tie" and d.seat == HUMAN and set(d.codes) == {(a, "casino"), (b, "brothel")}
    s.apply("enforcer:lose:pilsen:brothel")
    assert (s.hoods[a].casino, s.hoods[b].brothel) == (1, 0)
    run(s, LoseBusiness(ENFORCER, 1))  # one marker left: nothing to choose
    assert s.hoods[a].casino == 0


# ================================================================== Keywords
def test_next_district_wraps_seven_to_one():
    s = board()
    assert E.next_district(s, d_no(s, 7)) == d_no(s, 1)
    assert E.next_district(s, d_no(s, 3)) == d_no(s, 4)
    s.enf_district = d_no(s, 6)
    assert [s.district_no[d] for d in E.next_order(s)] == [7, 1, 2, 3, 4, 5, 6]


def test_next_moves_each_police_car_to_its_next_district():
    s = board()
    s.police = (d_no(s, 3), d_no(s, 7))
    A.ACTIONS["police_next"].run(s, 0)
    assert sorted(s.district_no[d] for d in s.police) == [1, 4]


def test_next_element_rulebook_casino_example():
    """Keywords, Next: the Enforcer in district 3 with a Casino in districts 2 and 7 sells in 7."""
    s = board()
    s.enf_district = d_no(s, 3)
    c2 = put(s, slot(s, 2), "the_levee", casino=1, alcohol=3)
    c7 = put(s, slot(s, 7), "pilsen", casino=1, alcohol=2)
    money = s.players[ENFORCER].money
    A.ACTIONS["sell_next"].run(s, 0, business="casino")
    assert s.hoods[c7].alcohol == 0 and s.hoods[c2].alcohol == 3
    assert s.players[ENFORCER].money == money + 9


def test_next_element_in_his_own_district_comes_last():
    s = board()
    s.enf_district = d_no(s, 3)
    here = put(s, slot(s, 3), "the_levee", casino=1, alcohol=3)
    c2 = put(s, slot(s, 2), "pilsen", casino=1, alcohol=2)
    assert A._next_hood(s, "casino") == c2
    s.set_hood(c2, alcohol=0)  # no longer able to sell there
    assert A._next_hood(s, "casino") == here


def test_supplied_counts_deals_and_truck_discount():
    s = board()
    p = s.players[ENFORCER]
    levee = put(s, slot(s, 2), "the_levee", alcohol=1)  # wants 3
    assert not E.supplied(s, levee)
    p.deals = (dealer(s, "brewery_owner", alcohol=1),)
    assert not E.supplied(s, levee)  # 2 of 3
    p.trucks = at(2, 1)
    assert E.supplied(s, levee)  # 2 of 3 - 1
    put(s, slot(s, 5), "pilsen", owner=HUMAN, alcohol=9)
    assert not E.supplied(s, slot(s, 5))  # only his own Neighborhoods


def test_supply_unsupplied_takes_the_next_one():
    s = board()
    s.enf_district = d_no(s, 4)
    n2 = put(s, slot(s, 2), "the_levee")
    n5 = put(s, slot(s, 5), "gold_coast")  # next after 4: district 5
    A.ACTIONS["supply_unsupplied"].run(s, 0)
    assert (s.hoods[n5].alcohol, s.hoods[n5].guns) == (2, 1) and s.hoods[n2].alcohol == 0


# ================================================================== Choosing a district, Power
def test_lower_district_first_reads_the_tokens():
    s = board()
    s.players[ENFORCER].thugs = tuple(1 if d in (0, 4) else 0 for d in range(7))  # tokens 6 and 1
    assert E.chart_pick(s, E.PRISON_CHART, {"districts"}) == ("district", 4)


def test_power_adds_stat_plan_bonus_and_individual_bonus():
    s = board()
    s.enf_plan = (card(s, "a02"), card(s, "a03"))  # Overall Power Bonus 1 + 1
    assert E.power_level(s) == 1
    assert E.total_power(s, 2) == 1 + 2 + 2
    assert E.total_power(s, -9) == 0


def test_storage_tie_in_one_district_is_your_decision_when_it_matters():
    s = board()
    a = put(s, TWO_SLOTS[0], "pilsen")  # $9, 2 alcohol
    b = put(s, TWO_SLOTS[1], "bronzeville")  # $9, 2 alcohol, same district
    s.stack, s._decision = [Halt()], None
    E.store(s, 4, 0)  # 2 + 2: the order changes nothing, nobody is asked
    assert (s.hoods[a].alcohol, s.hoods[b].alcohol) == (2, 2) and s.decision().kind == "halt"
    E.store(s, 1, 0)  # one surplus alcohol: which one gets it is yours
    s._decision = None
    d = s.decision()
    assert d.kind == "enforcer_tie" and set(d.codes) == {a, b}
    s.apply("enforcer:store:bronzeville")
    assert (s.hoods[a].alcohol, s.hoods[b].alcohol) == (2, 3)


def test_spending_tie_in_one_district_is_your_decision():
    s = board()
    a = put(s, TWO_SLOTS[0], "pilsen", alcohol=2)
    b = put(s, TWO_SLOTS[1], "bronzeville", alcohol=2)
    s.stack, s._decision = [Halt()], None
    assert E.spend_goods(s, 1) == 1
    s._decision = None
    d = s.decision()
    assert d.kind == "enforcer_tie" and set(d.codes) == {a, b}
    s.apply("enforcer:spend:pilsen")
    assert (s.hoods[a].alcohol, s.hoods[b].alcohol) == (1, 2)


def test_rule12_his_vehicle_upgrade_takes_the_box_money_first_then_bribes_the_police():
    """Upgrade your gang, steps 3 then 4: the bonus of the box the cube leaves is taken before the
    cube goes on the stat; Vehicles: "put it on a district ... If there are any police cars there,
    you will have to pay 2 for each police car"; Cops, Bribery: "for whichever reason ... if you
    want to place your thugs or vehicles ... but don't have enough money to pay for the bribery, you
    cannot place them". His Vehicles level 2 costs $6; the first box of his Boss track pays $4."""
    s = board()
    p = s.players[ENFORCER]
    s.enf_district = d_no(s, 5)  # stat 5: vehicles
    s.police = (s.enf_district, s.enf_district)
    p.money, p.boss_box = 6, 0
    A.ACTIONS["upgrade"].run(s, 2)
    assert p.stats[4] == 2 and sum(p.cars) == 1 and p.cars[s.enf_district] == 1
    assert p.money == 6 - 6 + 4 - 2 * 2  # the $4 of the box pays the two police cars' bribe
    # three police cars: a $6 bribe he cannot pay from $4: the upgrade stands, no vehicle is placed
    s2 = board()
    q = s2.players[ENFORCER]
    s2.enf_district = d_no(s2, 5)
    s2.police = (s2.enf_district,) * 3
    q.money, q.boss_box = 6, 0
    A.ACTIONS["upgrade"].run(s2, 2)
    assert q.stats[4] == 2 and sum(q.cars) + sum(q.trucks) == 0 and q.money == 4
