"""One test per Enforcer priority rule (rulebook: Solo mode), each on a board where that
rule alone decides the outcome."""

from __future__ import annotations

from volstead.games.scarface1920 import GAME
from volstead.games.scarface1920.options import Options
from volstead.games.scarface1920.rules.goods import ALCOHOL, GUNS
from volstead.games.scarface1920.solo import actions as A
from volstead.games.scarface1920.solo import enforcer as E
from volstead.games.scarface1920.solo.enforcer import ENFORCER, HUMAN
from volstead.games.scarface1920.solo.turn import ChooseForEnforcer, EnforcerSales, next_action
from volstead.games.scarface1920.state import Deal


def board():
    """A solo game after setup with a bare board: no owners, goods, businesses or police."""
    s = GAME.new_game(seed=11, seats=1, options=Options(solo=True))
    s.hoods = tuple(h._replace(owner=-1, speakeasy=0, casino=0, brothel=0, nightclub=0, alcohol=0, guns=0)
                    for h in s.hoods)
    s.police = ()
    s.district_no = (1, 2, 3, 4, 5, 6, 7)
    for p in s.players:
        p.thugs = p.cars = p.trucks = (0,) * 7
        p.deals = ()
    s.enf_district = 0
    return s


def hood_in(s, d):
    return next(i for i, h in enumerate(s.hoods) if h.district == d)


def own(s, i, seat=ENFORCER, **kw):
    s.set_hood(i, owner=seat, **kw)


def test_rule1_deal_takes_an_empty_deal_and_collects_all_deals():
    s = board()
    c = s.content
    runner, owner = c.dealer_index["gun_runner"], c.dealer_index["distillery_owner"]
    s.players[ENFORCER].deals = (Deal((runner,), thugs=1), Deal((owner,)))
    own(s, hood_in(s, 1))
    assert A.ACTIONS["deal"].doable(s, 0)
    A.ACTIONS["deal"].run(s, 0)
    assert [d.thugs for d in s.players[ENFORCER].deals] == [1, 1]
    assert s.goods_of(ENFORCER) == (3, 2)  # the Distillery Owner's 3 alcohol and the Runner's 2 guns
    assert not A.ACTIONS["deal"].doable(s, 0)  # every Deal has a thug: cannot be carried out


def test_rule2_recruitment_uses_safehouses_first():
    s = board()
    p = s.players[ENFORCER]
    p.recruits, p.safehouses, p.hq = 6, 2, 4
    A.recruit_steps(s, 3)
    assert (p.recruits, p.safehouses, p.hq) == (5, 1, 6)


def test_rule3_job_draws_the_top_job():
    s = board()
    top = s.job_deck[0]
    jobs = len(s.enf_jobs)
    A.ACTIONS["job"].run(s, 1)
    assert s.enf_jobs[-1] == top and len(s.enf_jobs) == jobs + 1
    assert not A.ACTIONS["job"].doable(s, 0)  # Power 0: no


def test_rule4_dealer_is_never_tucked():
    s = board()
    top = s.dealer_deck[0]
    A.ACTIONS["dealer"].run(s, 1)
    assert s.players[ENFORCER].deals[-1] == Deal((top,))


def test_rule5_hire_highest_level_then_leftmost():
    s = board()
    stars = s.content.card_stars
    low = [c for c in s.content.associates_low if stars[c] == 2][:3]
    s.market_low, s.deck_low = tuple(low), ()
    s.market_high, s.deck_high = (), ()
    assert E  # (the leftmost of three tied 2-star Associates)
    assert A.hire_target(s, 3) == (0, 0, low[0])
    s.market_low = (low[0], next(c for c in s.content.associates_low if stars[c] == 3), low[1])
    assert A.hire_target(s, 3)[1] == 1  # a higher level beats leftmost


def test_rule5_hired_card_goes_on_top_for_a_good():
    s = board()
    i = hood_in(s, 1)
    own(s, i, alcohol=1)
    b_top = s.enf_deck_b[0]
    A.gain_enforcer_card(s, "B", 1)
    assert s.enf_deck[0] == b_top and s.goods_of(ENFORCER) == (0, 0)
    c_top = s.enf_deck_c[0]
    A.gain_enforcer_card(s, "C", 2)  # no goods: face up on his discard pile
    assert s.enf_discard[-1] == c_top


def test_rule6_sales_bigger_profits_then_fewer_goods_then_lower_district():
    s = board()
    a, b, c = hood_in(s, 4), hood_in(s, 2), hood_in(s, 5)
    for i in (a, b, c):
        own(s, i)
    groups = E.sale_order(s, [a, b, c])
    prices = [E.profit(s, g[0]) for g in groups]
    assert prices == sorted(prices, reverse=True)


def test_rule6_you_choose_a_tie():
    s = board()
    a, b = hood_in(s, 1), hood_in(s, 2)
    tile_b = s.hoods[b].tile
    s.hoods = tuple(h._replace(tile=tile_b) if k == a else h for k, h in enumerate(s.hoods))
    own(s, a, alcohol=9, guns=9)
    own(s, b, alcohol=9, guns=9)
    # Same tile, same goods: only the district number differs, so it decides.
    assert E.sale_order(s, [b, a]) == [[a], [b]]
    s.district_no = (1, 2, 2, 4, 5, 6, 7)  # a full tie: you choose
    s.stack.append(EnforcerSales(1, frozenset()))
    s.stack.pop().run(s)
    assert isinstance(s.stack[-1], ChooseForEnforcer) and set(s.stack[-1].codes) == {a, b}
    assert s.stack[-1].seat(s) == HUMAN


def test_rule7_remove_control_most_profitable_first():
    s = board()
    a, b = hood_in(s, 1), hood_in(s, 3)
    own(s, a, seat=HUMAN)
    own(s, b, seat=HUMAN)
    best = max((a, b), key=lambda i: (E.profit(s, i), -i))
    A.ACTIONS["remove_control"].run(s, 5)
    assert s.hoods[best].owner == -1 and s.hoods[({a, b} - {best}).pop()].owner == HUMAN


def test_rule8_business_most_profitable_first():
    s = board()
    a, b = hood_in(s, 1), hood_in(s, 3)
    own(s, a)
    own(s, b)
    best = E.owned_by_profit(s)[0]
    A.ACTIONS["business"].run(s, 1)
    assert s.hoods[best].basic_businesses == 1
    assert sum(s.hoods[i].basic_businesses for i in (a, b)) == 1


def test_rule9_sell_to_authorities_spends_surplus_first():
    s = board()
    i = hood_in(s, 1)
    wa, wg = E.wants(s, i)
    own(s, i, alcohol=wa, guns=wg + 1)  # one surplus gun
    money = s.players[ENFORCER].money
    A.ACTIONS["sell_authorities"].run(s, 1)
    assert s.hoods[i].guns == wg and s.hoods[i].alcohol == wa
    assert s.players[ENFORCER].money == money + 6


def test_rule10_move_thugs_on_foot_before_riders_before_vehicles():
    s = board()
    p = s.players[ENFORCER]
    adj = min(s.content.adjacency[0])
    far = next(d for d in range(1, 7) if d not in s.content.adjacency[0])
    p.thugs = tuple(1 if d in (adj, far) else 0 for d in range(7))
    p.cars = tuple(1 if d == far else 0 for d in range(7))
    plan = A.move_plan(s, 3)
    assert plan == [("thug", adj, 0), ("vehicle", far, 1)]


def test_rule11_seize_prefers_your_neighborhood():
    s = board()
    a, b = hood_in(s, 0), hood_in(s, 0) + 0
    d0 = [i for i, h in enumerate(s.hoods) if h.district == 0]
    mine = d0[0]
    own(s, mine, seat=HUMAN)
    assert hood_in(s, 1) != mine
    s.players[ENFORCER].thugs = (0, 5, 0, 0, 0, 0, 0)
    assert A.seize_target(s, 20) == mine
    assert a == b


def test_rule12_upgrade_matches_the_district_number():
    s = board()
    p = s.players[ENFORCER]
    p.money = 100
    s.enf_district = s.district_no.index(3)  # stat 3: recruitment
    assert A.upgrade_target(s, 2) == 2
    p.stats = (1, 1, 3, 1, 1, 1)
    assert A.upgrade_target(s, 2) == 3  # then ascending
    assert A.upgrade_target(s, 1) is None  # level 2 needs 2 Power


def test_rule12_letters_draw_cards():
    s = board()
    p = s.players[ENFORCER]
    p.money, p.boss_box = 100, 1  # the next cube removed is box 2: "B"
    b_top = s.enf_deck_b[0]
    A.ACTIONS["upgrade"].run(s, 2)
    assert b_top in s.enf_discard  # no goods to spend: discard pile


def test_rule13_he_never_removes_thugs():
    assert "remove_thugs" not in A.ACTIONS


def test_goods_collection_alternates_from_the_least_received():
    assert E.collect_order(2, 0, 3) == (3, 2)
    assert E.collect_order(0, 0, 3) == (2, 1)  # tied: alcohol first


def test_goods_storage_needs_then_balanced_surplus():
    s = board()
    a, b = hood_in(s, 1), hood_in(s, 3)
    own(s, a)
    own(s, b)
    first, second = E.owned_by_profit(s)
    need1, need2 = E.wants(s, first)[ALCOHOL], E.wants(s, second)[ALCOHOL]
    E.store(s, need1 + need2 + 2, 0)
    assert s.hoods[first].alcohol == need1 + 1 and s.hoods[second].alcohol == need2 + 1


def test_truck_bonus_on_the_good_wanted_more():
    s = board()
    i = hood_in(s, 1)
    own(s, i)
    s.players[ENFORCER].trucks = (0, 1, 0, 0, 0, 0, 0)
    wa, wg = E.wants(s, i)
    got = E.truck_waiver(s, i)
    if wa and wg:
        assert got == ((1, 0) if wa >= wg else (0, 1))
    else:
        assert got == ((1, 0) if wa else (0, 1))


def test_spending_when_selling_uses_the_neighborhood_before_deals():
    s = board()
    i = hood_in(s, 1)
    own(s, i, alcohol=5)
    s.players[ENFORCER].deals = (Deal((s.content.basic_alcohol,), alcohol=1),)
    assert E.spend_source(s, ALCOHOL, i) == ("hood", i)
    assert E.spend_source(s, GUNS, i) is None or E.spend_source(s, GUNS, i)[0] == "hood"


def test_other_spending_least_profitable_neighborhood_first():
    s = board()
    a, b = hood_in(s, 1), hood_in(s, 3)
    own(s, a)
    own(s, b)
    low = E.owned_by_profit(s, reverse=False)[0]
    for i in (a, b):
        s.set_hood(i, alcohol=E.wants(s, i)[ALCOHOL])  # no surplus
    assert E.spend_source(s, ALCOHOL) == ("hood", low) or E.wants(s, low)[ALCOHOL] == 0


def test_thug_chart_prison_and_hit():
    s = board()
    p = s.players[ENFORCER]
    p.underworld, p.prison, p.authorities = 0, 1, 1
    assert E.chart_pick(s, E.PRISON_CHART) == ("authorities",)
    assert E.chart_pick(s, E.HIT_CHART) == ("prison",)


def test_removing_upgrades_level_three_first():
    s = board()
    s.players[ENFORCER].stats = (2, 1, 1, 3, 1, 2)
    s.enf_district = s.district_no.index(1)
    assert E.downgrade_pick(s, (0, 3, 5)) == 3
    s.players[ENFORCER].stats = (2, 1, 1, 1, 1, 2)
    s.enf_district = s.district_no.index(3)
    assert E.downgrade_pick(s, (0, 5)) == 5  # from his district's stat, ascending, wrapping


def test_next_keyword_and_wrap():
    s = board()
    s.enf_district = s.district_no.index(3)
    assert E.next_district(s, s.district_no.index(7)) == s.district_no.index(1)
    # Casinos in districts 2 and 7, the Enforcer in 3: the next Casino is in 7.
    for d in (1, 6):
        own(s, hood_in(s, d), casino=1, alcohol=9, guns=9)
    assert A._next_hood(s, "casino") == hood_in(s, 6)


def test_supplied_and_unsupplied():
    s = board()
    i = hood_in(s, 1)
    own(s, i)
    assert not E.supplied(s, i)
    A.ACTIONS["supply_unsupplied"].run(s, 0)
    assert E.supplied(s, i)


def test_void_actions_take_no_cube():
    s = board()
    s.players[ENFORCER].hq = 0
    s.enf_plan = s.enf_deck[:2]
    found = next_action(s, 0, 0)
    if found is not None:
        line, pos, power = found
        ln = s.solo.lines[s.enf_plan[pos]][line]
        assert A.ACTIONS[ln.action].doable(s, power, **ln.args)


def test_power_adds_stat_plan_bonus_and_individual_bonus():
    s = board()
    s.enf_plan = s.enf_deck[:2]
    plan = sum(s.solo.cards[c].power for c in s.enf_plan)
    assert E.total_power(s, 2) == E.power_level(s) + plan + 2
