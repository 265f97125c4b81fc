"""Every registered Scarface 1920 effect function, one situation each (docs/effects.md).

Each test builds a position on a bare board (plain data set directly), runs the
effect as the rules do (`EFFECTS[name](state, seat, **args)` with a sentinel
decision under it, then `_advance()`), drives the decisions it pushes through
`option_ids` / `apply`, and asserts the exact result. `@covers(name)` records
which effect a test is about; `test_every_effect_has_a_test` fails when an
effect is registered without one.
"""

from __future__ import annotations

import pytest
from scarface_helpers import (  # noqa: I001  (a sibling module, not a package)
    CENTRAL,
    FAR_NORTH,
    FAR_SOUTH,
    NORTH,
    SOUTH,
    WEST,
    Halt,
    bare_game,
)

from volstead.games.scarface1920.content.models import Effect
from volstead.games.scarface1920.content.tables import COUNTED
from volstead.games.scarface1920.effects import EFFECTS, run_effect
from volstead.games.scarface1920.rules.turn import ActionMenu
from volstead.games.scarface1920.state import Deal, Hood

TESTED: set[str] = set()


def new(seats: int = 2, variant: str = "published", seed: int = 5):
    """A bare board (scarface_helpers.bare_game) with this file's default seed."""
    return bare_game(seats, seed, variant, money=10)


def covers(*names):
    def mark(fn):
        TESTED.update(names)
        return fn

    return mark


# ------------------------------------------------------------------ helpers
def fx(s, name: str, seat: int = 0, **args) -> None:
    """Run an effect the way the rules do, on top of a Halt sentinel."""
    s.stack = [Halt()]
    s._decision = None
    EFFECTS[name](s, seat, **args)
    s._advance()


def kind(s) -> str:
    return s.decision().kind


def ids(s) -> tuple[str, ...]:
    return s.decision().option_ids


def done(s) -> bool:
    return kind(s) == "halt"


def card(s, card_id: str) -> int:
    return s.content.card_index[card_id]


def args_of(s, card_id: str, part: str = "skill") -> dict:
    return dict(getattr(s.content.cards[card(s, card_id)], part).args)


def hood(tile: int, district: int, owner: int = -1, **kw) -> Hood:
    return Hood(tile, district, owner=owner, **kw)


def thugs(**per_district) -> tuple[int, ...]:
    names = ("far_north", "north", "west", "central", "southwest", "south", "far_south")
    return tuple(per_district.get(n, 0) for n in names)


# ------------------------------------------------------------------ money
@covers("gain_money")
def test_gain_money():
    s = new()
    fx(s, "gain_money", amount=4)
    assert done(s) and s.players[0].money == 14 and s.players[1].money == 10


@covers("gain_money_if_crime")
@pytest.mark.parametrize("crime, gained", [(1, 1), (2, 1), (3, 2), (9, 2)])
def test_gain_money_if_crime_wwi_veteran_threshold(crime, gained):
    """WWI Veteran: "Take $1, or $2 if your Crime Rate is at Level 3 or higher" (rulebook skills example)."""
    s = new()
    s.players[0].crime = crime
    fx(s, "gain_money_if_crime", **args_of(s, "wwi_veteran"))
    assert s.players[0].money == 10 + gained


def rich(seats: int = 2):
    """Seat 0 owns a bit of everything (the counts are in EXPECTED_COUNTS)."""
    s = new(seats)
    c = s.content
    s.hoods = (
        hood(0, CENTRAL, 0, night=True, speakeasy=2, casino=1, nightclub=1, alcohol=2, guns=1),
        hood(1, SOUTH, 0, brothel=1, alcohol=1),
        hood(2, WEST, 1, casino=1),
    )
    s.police = (WEST, CENTRAL, CENTRAL)
    p = s.players[0]
    p.thugs = thugs(central=2, west=1)
    p.underworld, p.authorities, p.prison, p.recruits, p.safehouses, p.hq = 1, 2, 3, 1, 0, 1
    p.deals = (Deal((c.basic_alcohol,), alcohol=1, thugs=1), Deal((c.basic_guns, c.dealer_index["distillery_owner"]), guns=1))
    assert p.thug_total() == 12
    p.cars = thugs(central=1)
    p.trucks = thugs(south=2)
    p.discard = p.discard + (card(s, "moonshiner"), card(s, "brewmaster"))  # 1★ + 3★
    p.upgrades_made = 3
    p.crime = 4
    p.money = 20
    return s


EXPECTED_COUNTS = {
    "speakeasy": 2,
    "casino": 1,
    "brothel": 1,
    "nightclub": 1,
    "businesses": 5,
    "control": 2,
    "thugs_districts": 3,
    "thugs_underworld": 1,
    "thugs_authorities": 2,
    "thugs_prison": 3,
    "thugs_hq": 1,
    "deals": 2,
    "dealers": 3,
    "cars": 1,
    "trucks": 2,
    "cars_on_board": 1,
    "trucks_on_board": 2,
    "vehicles_on_board": 3,
    "police_near": 2,
    "alcohol": 4,
    "guns": 2,
    "goods": 6,
    "associates": 2,
    "stars": 4,
    "upgrades": 3,
    "crime_rate": 4,
    "money": 20,
    "districts_present": 3,
}


def test_expected_counts_cover_every_counted_thing():
    assert set(EXPECTED_COUNTS) == set(COUNTED)


@covers("gain_per")
@pytest.mark.parametrize("what", sorted(COUNTED))
def test_gain_per_every_counted_thing(what):
    s = rich()
    fx(s, "gain_per", what=what, amount=2, cap=0)
    assert s.players[0].money == 20 + 2 * EXPECTED_COUNTS[what]
    assert s.players[1].money == 10


@covers("gain_per")
def test_gain_per_cap():
    """Speakeasy Doorman: $1 per Speakeasy, at most $3 (5 Speakeasies give $3)."""
    s = rich()
    s.set_hood(1, speakeasy=3)
    fx(s, "gain_per", **args_of(s, "speakeasy_doorman"))
    assert s.players[0].money == 23


@covers("pay_per")
@pytest.mark.parametrize("what", sorted(COUNTED))
def test_pay_per_every_counted_thing(what):
    s = rich()
    s.players[0].money = 100
    fx(s, "pay_per", what=what, amount=1)
    expected = 100 if what == "money" else EXPECTED_COUNTS[what]  # money counted when paying: 100 × $1
    assert s.players[0].money == 100 - expected


@covers("pay_per")
def test_pay_per_pays_as_much_as_possible():
    """Bail Hearings, band 9–11: $3 per thug in Prison; 3 in Prison is $9, only $5 behind the screen."""
    s = rich()
    s.players[0].money = 5
    fx(s, "pay_per", what="thugs_prison", amount=3)
    assert done(s) and s.players[0].money == 0


@covers("pay")
def test_pay_as_much_as_possible():
    s = new()
    s.players[0].money = 3
    fx(s, "pay", amount=7)
    assert done(s) and s.players[0].money == 0
    s.players[0].money = 9
    fx(s, "pay", amount=7)
    assert s.players[0].money == 2


@covers("steal")
def test_steal_two_players_no_choice_as_much_as_possible():
    s = new()
    s.players[1].money = 3
    fx(s, "steal", amount=6)
    assert done(s)
    assert (s.players[0].money, s.players[1].money) == (13, 0)


@covers("steal")
def test_steal_choose_rival_with_three_players():
    s = new(3)
    fx(s, "steal", amount=6)
    assert kind(s) == "choose_rival" and s.decision().seat == 0
    assert ids(s) == ("rival:1", "rival:2")
    s.apply("rival:2")
    assert done(s)
    assert [p.money for p in s.players] == [16, 10, 4]


@covers("steal_per")
def test_steal_per_street_muggers_thugs_near_rival():
    """Street Muggers: $1 per thug of yours in a district where the chosen rival controls a Neighborhood."""
    s = new(3)
    s.hoods = (hood(0, CENTRAL, 1), hood(1, WEST, 1), hood(2, SOUTH, 2), hood(3, NORTH, 0))
    s.players[0].thugs = thugs(central=2, west=1, south=1, north=3)
    args = args_of(s, "street_muggers")
    assert args == {"what": "thugs_near_rival", "amount": 1}
    fx(s, "steal_per", **args)
    s.apply("rival:1")
    assert [p.money for p in s.players] == [13, 7, 10]
    fx(s, "steal_per", **args)
    s.apply("rival:2")
    assert [p.money for p in s.players] == [14, 7, 9]


@covers("steal_per")
def test_steal_per_other_counts_are_yours_and_capped_by_rival_money():
    s = rich()
    s.players[1].money = 3
    fx(s, "steal_per", what="control", amount=2)  # you control 2: $4 due, the rival has $3
    assert done(s) and (s.players[0].money, s.players[1].money) == (23, 0)


@covers("each_rival_pays")
def test_each_rival_pays_as_much_as_each_has():
    s = new(4)
    s.players[2].money = 1
    s.players[3].money = 0
    fx(s, "each_rival_pays", amount=2)
    assert done(s) and [p.money for p in s.players] == [13, 8, 0, 0]


@covers("each_rival_pays_per")
def test_each_rival_pays_per_city_treasurer_taxes():
    """City Treasurer's matching skill: every rival pays $1 per Neighborhood *they* control."""
    s = new(3)
    s.hoods = (hood(0, CENTRAL, 1), hood(1, WEST, 1), hood(2, SOUTH, 2), hood(3, NORTH, 0), hood(4, FAR_SOUTH, 0))
    s.players[2].money = 0
    fx(s, "each_rival_pays_per", **args_of(s, "city_treasurer", "matching"))
    assert [p.money for p in s.players] == [12, 8, 0]


# ------------------------------------------------------------------ Crime Rate, cards, ring, Plan
@covers("crime")
def test_crime_up_down_floor_and_raid_trigger():
    s = new()
    p = s.players[0]
    s.ness = 2
    p.crime = 5
    fx(s, "crime", amount=2)
    assert p.crime == 7
    fx(s, "crime", amount=-9)  # never to or below Ness: as far as possible
    assert p.crime == 3
    fx(s, "crime", amount=20)
    assert p.crime == 11 and s.raid_pending


@covers("rival_crime")
def test_rival_crime_chooses_among_rivals():
    s = new(3)
    fx(s, "rival_crime", **args_of(s, "outfit_counselor", "matching"))
    assert ids(s) == ("rival:1", "rival:2")
    s.apply("rival:2")
    assert done(s) and [p.crime for p in s.players] == [1, 1, 3]


@covers("draw_jobs")
def test_draw_jobs_top_of_deck_to_face_down_jobs():
    s = new()
    top = s.job_deck[:2]
    rest = s.job_deck[2:]
    fx(s, "draw_jobs", n=2)
    assert s.players[0].jobs == tuple(sorted(top)) and s.job_deck == rest


@covers("draw_cards")
def test_draw_cards_as_many_as_the_deck_holds():
    s = new()
    p = s.players[0]
    p.hand = ()
    p.deck = (card(s, "moonshiner"),)
    fx(s, "draw_cards", n=2)
    assert p.hand == (card(s, "moonshiner"),) and p.deck == ()


@covers("take_family_ring")
def test_take_family_ring_from_a_rival():
    s = new(3)
    s.family_ring = 2
    fx(s, "take_family_ring", seat=1)
    assert s.family_ring == 1


@covers("plan_bonus")
def test_plan_bonus_adds_to_this_turns_plan():
    s = new()
    p = s.players[0]
    p.plan = (card(s, "outfit_ward_heelers"),)  # 0 Muscle, 2 Influence
    s.active = 0
    s.turn_muscle = s.turn_influence = 0
    fx(s, "plan_bonus", muscle=1, influence=2)
    assert (s.muscle(0), s.influence(0)) == (1, 4)


def plan_of(s, seat: int, *card_ids: str) -> None:
    p = s.players[seat]
    p.plan = tuple(card(s, x) for x in card_ids)
    s.active = seat
    s.turn_muscle = s.turn_influence = s.turn_upgrade_discount = s.turn_seize_discount = 0
    s.used_skills = 0
    s.order_done = False


def menu(s, seat: int = 0) -> None:
    s.stack = [Halt(), ActionMenu(seat)]
    s._decision = None
    s._advance()


@covers("upgrade_discount")
def test_upgrade_discount_city_treasurer_in_an_upgrade_order():
    """City Treasurer: "Your Upgrade order this turn costs $3 less": $2 cannot pay any Outfit upgrade
    (lawyers $3, hand size $5) until the skill is used; then hand size costs $2."""
    s = new()
    p = s.players[0]
    p.money = 2
    plan_of(s, 0, "city_treasurer")  # 0 Muscle, 2 Influence
    menu(s)
    assert "order:upgrade" not in ids(s)
    s.apply("skill:0:city_treasurer")
    assert s.turn_upgrade_discount == 3
    assert "order:upgrade" in ids(s)
    s.apply("order:upgrade")
    assert set(ids(s)) == {"upgrade:hand_size", "upgrade:lawyers"}
    labels = {o.id: o.label for o in s.decision().options}  # the discounted cost is what people see
    assert labels["upgrade:hand_size"] == "Upgrade hand size to level 2 ($2, Crime Rate +1)"
    box = s.content.gangs[p.gang].boss_track[0].money
    s.apply("upgrade:hand_size")
    assert p.stats[0] == 2 and p.upgrades_made == 1
    assert p.money == 2 - (5 - 3) + box


@covers("free_seize_bonus")
def test_free_seize_bonus_lowers_defense_this_turn():
    s = new()
    s.hoods = (hood(0, CENTRAL),)  # The Levee: defense 3
    p = s.players[0]
    p.thugs = thugs(central=1)
    plan_of(s, 0, "outfit_torpedoes")  # 1 Muscle: 3 - 1 thug = 2 > 1
    assert s.defense(0, 0) == 2
    fx(s, "free_seize_bonus", amount=1)
    assert s.defense(0, 0) == 1
    menu(s)
    assert "order:seize" in ids(s)
    s.apply("order:seize")
    s.apply("seize:the_levee")
    assert s.hoods[0].owner == 0


@covers("combo")
def test_combo_later_step_runs_after_earlier_steps_decision():
    """Street Muggers' matching skill order reversed: move a police car first (a decision), then take $1
    per police car near you: the count sees the moved car."""
    s = new()
    s.hoods = (hood(0, CENTRAL, 0),)
    s.police = (FAR_NORTH,)
    fx(
        s,
        "combo",
        steps=[
            {"effect": "move_police", "args": {"n": 1, "cost_elsewhere": 0}},
            {"effect": "gain_per", "args": {"what": "police_near", "amount": 1, "cap": 0}},
        ],
    )
    assert kind(s) == "move_police" and s.players[0].money == 10
    s.apply("police:far_north_side:central")
    assert done(s) and s.police == (CENTRAL,) and s.players[0].money == 11


@covers("combo")
def test_combo_street_muggers_matching_in_printed_order():
    s = new()
    s.hoods = (hood(0, CENTRAL, 0),)
    s.police = (CENTRAL, FAR_NORTH)
    fx(s, "combo", **args_of(s, "street_muggers", "matching"))
    assert s.players[0].money == 11  # $1 for the car in Central, before the move
    s.apply("police:central:south_side")
    assert done(s) and s.police == (FAR_NORTH, SOUTH)


@covers("nothing")
def test_nothing_changes_nothing():
    s = rich()
    before = s.view(None)
    fx(s, "nothing")
    assert done(s) and s.view(None) == before


# ------------------------------------------------------------------ goods
@covers("gain_goods")
def test_gain_goods_stored_on_a_deal_with_room():
    s = new()
    s.players[0].deals = (Deal((s.content.basic_alcohol,)),)
    fx(s, "gain_goods", alcohol=1)
    assert done(s) and s.players[0].deals[0].alcohol == 1


@covers("gain_goods")
def test_gain_goods_either_asks_which():
    s = new()
    s.hoods = (hood(0, CENTRAL, 0),)
    fx(s, "gain_goods", **args_of(s, "canadian_contact"))  # 1 gun + 1 either
    assert kind(s) == "extra_goods" and ids(s) == ("extra:0a1g", "extra:1a0g")
    s.apply("extra:1a0g")
    assert done(s) and (s.hoods[0].alcohol, s.hoods[0].guns) == (1, 1)


@covers("gain_goods")
def test_gain_goods_without_room_return_or_replace():
    s = new()
    s.players[0].deals = (Deal((s.content.basic_alcohol,), guns=1),)  # storage 1, full
    fx(s, "gain_goods", alcohol=1)
    assert ids(s) == ("store:replace1", "store:return")
    s.apply("store:replace1")
    assert done(s) and s.players[0].deals[0][1:3] == (1, 0)


@covers("sell_goods")
def test_sell_goods_as_many_as_you_have():
    """Brewmaster's matching skill: sell up to 2 goods for $7; with 1 good, 1 sale."""
    s = new()
    s.players[0].deals = (Deal((s.content.basic_alcohol,), alcohol=1),)
    fx(s, "sell_goods", **args_of(s, "brewmaster", "matching"))
    assert ids(s) == ("sell:alcohol", "stop")
    s.apply("sell:alcohol")
    assert done(s) and s.players[0].money == 17 and s.players[0].deals[0].alcohol == 0


@covers("sell_goods")
def test_sell_goods_may_stop():
    s = new()
    s.players[0].deals = (Deal((s.content.basic_alcohol,), alcohol=1), Deal((s.content.basic_guns,), guns=1))
    fx(s, "sell_goods", n=2, price=8)
    s.apply("sell:gun")
    s.apply("stop")
    assert done(s) and s.players[0].money == 18 and s.goods_of(0) == (1, 0)


@covers("make_sales")
def test_make_sales_one_sale_with_graft():
    """Beer Runner: 1 sale as the Make Sales order: The Levee (3 alcohol, $14), one police car: $2 graft."""
    s = new()
    s.hoods = (hood(0, CENTRAL, 0, alcohol=3), hood(2, WEST, 0, alcohol=2))
    s.police = (CENTRAL,)
    fx(s, "make_sales", **args_of(s, "beer_runner"))
    assert ids(s) == ("sell:the_levee", "sell:bronzeville", "stop")
    s.apply("sell:the_levee")
    assert done(s) and s.players[0].money == 10 + 14 - 2 and s.hoods[0].alcohol == 0
    assert s.hoods[1].alcohol == 2  # n = 1: one sale only


@covers("lose_goods")
def test_lose_goods_as_much_as_possible_and_choice_of_which():
    s = new()
    s.hoods = (hood(0, CENTRAL, 0, guns=1),)
    s.players[0].deals = (Deal((s.content.basic_alcohol,), alcohol=1),)
    fx(s, "lose_goods", n=3)
    assert set(ids(s)) == {"spend:alcohol:deal1", "spend:guns:the_levee"}
    s.apply("spend:guns:the_levee")
    assert done(s) and s.goods_of(0) == (0, 0)


# ------------------------------------------------------------------ police, thugs, businesses
@covers("move_police")
def test_move_police_bodyguards_free_from_your_district_paid_elsewhere():
    """Bodyguards: free from a district where you control a Neighborhood, else spend 1 alcohol/gun."""
    s = new()
    s.hoods = (hood(0, CENTRAL, 0),)
    s.police = (FAR_NORTH, CENTRAL)
    s.players[0].deals = (Deal((s.content.basic_alcohol,), alcohol=1),)
    args = args_of(s, "outfit_bodyguards")
    assert args == {"n": 1, "cost_elsewhere": 1}
    fx(s, "move_police", **args)
    assert "police:central:south_side" in ids(s) and "police:far_north_side:south_side" in ids(s)
    s.apply("police:central:south_side")  # free
    assert done(s) and s.police == (FAR_NORTH, SOUTH) and s.goods_of(0) == (1, 0)
    fx(s, "move_police", **args)
    s.apply("police:far_north_side:north_side")  # paid
    assert done(s) and s.police == (NORTH, SOUTH) and s.goods_of(0) == (0, 0)
    s.police = (FAR_NORTH, CENTRAL)
    fx(s, "move_police", **args)  # no goods left: only the free car moves
    assert {i.split(":")[1] for i in ids(s) if i != "stop"} == {"central"}


@covers("move_police")
def test_move_police_cost_zero_and_nothing_to_move():
    s = new()
    s.police = (FAR_NORTH,)
    fx(s, "move_police", n=1, cost_elsewhere=0)  # Chauffeur: free from anywhere
    s.apply("police:far_north_side:far_south_side")
    assert done(s) and s.police == (FAR_SOUTH,)
    fx(s, "move_police", n=1, cost_elsewhere=1)  # not yours, no goods: the skill lapses
    assert done(s) and s.police == (FAR_SOUTH,)


@covers("recruit")
def test_recruit_steps():
    s = new()
    p = s.players[0]
    p.recruits, p.safehouses, p.hq = 2, 0, 4
    fx(s, "recruit", n=2)
    assert ids(s) == ("recruit:recruit", "recruit:stop")
    s.apply("recruit:recruit")
    assert ids(s) == ("recruit:recruit", "recruit:promote", "recruit:stop")
    s.apply("recruit:promote")
    assert done(s) and (p.recruits, p.safehouses, p.hq) == (1, 0, 5)


@covers("retrieve_thugs")
def test_retrieve_thugs_lieutenants_from_districts_or_deals_only():
    s = new()
    p = s.players[0]
    p.hq, p.authorities = 1, 1
    p.thugs = thugs(central=1)
    p.deals = (Deal((s.content.basic_alcohol,), thugs=1),)
    fx(s, "retrieve_thugs", **args_of(s, "outfit_lieutenants"))
    assert ids(s) == ("retrieve:central", "retrieve:deal1", "stop")
    s.apply("retrieve:deal1")
    s.apply("retrieve:central")
    assert done(s) and p.hq == 3 and p.thugs == (0,) * 7 and p.deals[0].thugs == 0 and p.authorities == 1


@covers("retrieve_thugs")
def test_retrieve_thugs_from_authorities_and_underworld():
    s = new()
    p = s.players[0]
    p.hq, p.authorities, p.underworld = 0, 1, 1
    fx(s, "retrieve_thugs", n=3, sources=["authorities", "underworld"])
    assert ids(s) == ("retrieve:authorities", "retrieve:underworld", "stop")
    s.apply("retrieve:underworld")
    s.apply("retrieve:authorities")
    assert done(s) and (p.hq, p.authorities, p.underworld) == (2, 0, 0)


@covers("retrieve_prison")
def test_retrieve_prison_as_many_as_there_are():
    s = new()
    p = s.players[0]
    p.prison, p.hq = 1, 3
    fx(s, "retrieve_prison", n=3)
    assert done(s) and (p.prison, p.hq) == (0, 4)


@covers("send_thugs")
def test_send_thugs_wwi_veteran_anywhere_for_a_dollar_plus_bribes():
    s = new()
    p = s.players[0]
    s.police = (SOUTH,)
    p.hq = 2
    args = args_of(s, "wwi_veteran", "matching")
    assert args == {"n": 1, "cost": 1, "anywhere": True}
    p.money = 3
    fx(s, "send_thugs", **args)
    assert {i for i in ids(s) if i != "stop"} == {f"send:{d}:1" for d in s.content.district_ids}
    s.apply("send:south_side:1")  # $1 + $2 bribe
    assert done(s) and p.money == 0 and p.thugs[SOUTH] == 1 and p.hq == 1
    p.money = 2
    fx(s, "send_thugs", **args)
    assert "send:south_side:1" not in ids(s) and "send:central:1" in ids(s)


@covers("send_thugs")
def test_send_thugs_only_where_present_unless_anywhere():
    s = new()
    p = s.players[0]
    p.hq = 3
    p.thugs = thugs(west=1)
    fx(s, "send_thugs", n=2, cost=0, anywhere=False)
    assert ids(s) == ("send:west_side:1", "send:west_side:2", "stop")
    s.apply("send:west_side:2")
    assert done(s) and p.thugs[WEST] == 3 and p.hq == 1 and p.money == 10


@covers("hit")
def test_hit_rival_thug_where_present_goes_to_safehouses():
    s = new(3)
    s.players[0].thugs = thugs(central=1)
    s.players[1].thugs = thugs(central=1, south=1)
    s.players[2].thugs = thugs(central=2)
    r = s.players[1]
    before = r.safehouses
    fx(s, "hit", n=1, where="present")
    assert ids(s) == ("hit:1:central", "hit:2:central", "stop")
    s.apply("hit:1:central")
    assert done(s) and r.thugs[CENTRAL] == 0 and r.safehouses == before + 1
    fx(s, "hit", n=1, where="any")
    assert "hit:1:south_side" in ids(s)


@covers("kill")
def test_kill_rival_thug_goes_to_recruits():
    s = new()
    s.players[0].thugs = thugs(central=1)
    r = s.players[1]
    r.thugs = thugs(central=2)
    before = r.recruits
    fx(s, "kill", n=2, where="present")
    s.apply("kill:1:central")
    s.apply("kill:1:central")
    assert done(s) and r.thugs[CENTRAL] == 0 and r.recruits == before + 2


@covers("add_business")
def test_add_business_only_where_there_is_room():
    s = new()
    s.hoods = (hood(0, CENTRAL, 0, speakeasy=2, casino=1), hood(1, WEST, 0, nightclub=1), hood(2, SOUTH, 1))
    fx(s, "add_business", n=1)
    assert ids(s) == ("business:little_italy:speakeasy", "business:little_italy:casino", "business:little_italy:brothel", "stop")
    s.apply("business:little_italy:casino")
    assert done(s) and s.hoods[1].casino == 1


@covers("lose_business")
def test_lose_business_your_choice_as_much_as_possible():
    s = new()
    s.hoods = (hood(0, CENTRAL, 0, casino=1, nightclub=1), hood(1, WEST, 1, brothel=1))
    fx(s, "lose_business", n=2)
    assert ids(s) == ("lose:the_levee:casino",)  # Nightclubs and rivals' markers are safe
    s.apply("lose:the_levee:casino")
    assert done(s) and s.hoods[0].casino == 0 and s.hoods[0].nightclub == 1 and s.hoods[1].brothel == 1


# ------------------------------------------------------------------ Raid effects
@covers("ness_up")
def test_ness_up_pushes_crime_markers():
    s = new(3)
    s.ness = 1
    for p, crime in zip(s.players, (2, 3, 6)):
        p.crime = crime
    fx(s, "ness_up", n=2)
    assert s.ness == 3 and [p.crime for p in s.players] == [4, 4, 6]
    fx(s, "ness_up", n=5)
    assert s.ness == 6 and [p.crime for p in s.players] == [7, 7, 7]


@covers("crime_all")
def test_crime_all_moves_every_marker_without_raid_chain():
    s = new(3)
    s.ness = 2
    for p, crime in zip(s.players, (3, 5, 10)):
        p.crime = crime
    s.in_raid = True
    fx(s, "crime_all", amount=-1)
    assert [p.crime for p in s.players] == [3, 4, 9]
    fx(s, "crime_all", amount=2)
    assert [p.crime for p in s.players] == [5, 6, 11] and not s.raid_pending


@covers("police_to_busiest")
def test_police_to_busiest_moves_from_the_quietest_district():
    s = new()
    s.police = (FAR_NORTH, CENTRAL, SOUTH)
    s.players[0].thugs = thugs(west=2, central=1)
    s.players[1].thugs = thugs(west=1, south=1, far_north=2)
    fx(s, "police_to_busiest", n=1)  # West has 3; Central and South 1 each: Central (lower) gives its car
    assert done(s) and s.police == (FAR_NORTH, WEST, SOUTH)
    fx(s, "police_to_busiest", n=2)  # then South (1), then Far North (2)
    assert s.police == (WEST, WEST, WEST)
    fx(s, "police_to_busiest", n=1)  # all already there
    assert s.police == (WEST, WEST, WEST)


@covers("police_to_busiest")
def test_police_to_busiest_tie_for_most_goes_to_lowest_district():
    s = new()
    s.police = (SOUTH,)
    s.players[0].thugs = thugs(north=2, far_south=2)
    fx(s, "police_to_busiest", n=1)
    assert s.police == (NORTH,)
    s.players[0].thugs = (0,) * 7  # no thugs anywhere: Far North Side (district 0)
    fx(s, "police_to_busiest", n=1)
    assert s.police == (FAR_NORTH,)


@covers("thugs_to_prison")
@pytest.mark.parametrize(
    "source, options",
    [
        ("districts", ("prison:west_side", "prison:central")),
        ("hq", ("prison:hq",)),
        ("authorities", ("prison:authorities",)),
        (["districts", "authorities"], ("prison:west_side", "prison:central", "prison:authorities")),
        (["hq", "authorities", "districts"], ("prison:west_side", "prison:central", "prison:hq", "prison:authorities")),
    ],
)
def test_thugs_to_prison_each_source(source, options):
    s = new()
    p = s.players[0]
    p.thugs = thugs(west=1, central=1)
    p.hq, p.authorities, p.prison = 1, 1, 0
    fx(s, "thugs_to_prison", n=1, source=source)
    assert ids(s) == options
    before = (sum(p.thugs), p.hq, p.authorities)
    s.apply(options[-1])
    after = (sum(p.thugs), p.hq, p.authorities)
    assert done(s) and p.prison == 1 and sum(before) - sum(after) == 1


@covers("thugs_to_prison")
def test_thugs_to_prison_as_many_as_possible():
    s = new()
    p = s.players[0]
    p.hq, p.prison = 2, 0
    fx(s, "thugs_to_prison", n=3, source="hq")
    s.apply("prison:hq")
    s.apply("prison:hq")  # 3 due, 2 in Headquarters: the third lapses
    assert done(s) and (p.hq, p.prison) == (0, 2)
    fx(s, "thugs_to_prison", n=2, source="districts")
    assert done(s) and p.prison == 2


@covers("lose_upgrade")
def test_lose_upgrade_returns_a_cube():
    s = new()
    p = s.players[0]
    p.stats = (2, 1, 1, 1, 2, 1)
    fx(s, "lose_upgrade", n=1)
    assert ids(s) == ("downgrade:hand_size", "downgrade:vehicles")
    s.apply("downgrade:vehicles")
    assert done(s) and p.stats == (2, 1, 1, 1, 1, 1) and p.cubes_lost == 1
    p.stats = (1,) * 6
    fx(s, "lose_upgrade", n=1)  # nothing upgraded: nothing lost
    assert done(s) and p.cubes_lost == 1


@covers("lose_upgrade")
def test_lose_upgrade_only_the_highest():
    s = new()
    p = s.players[0]
    p.stats = (3, 2, 1, 1, 1, 1)
    fx(s, "lose_upgrade", n=1)
    assert ids(s) == ("downgrade:hand_size",)


# ------------------------------------------------------------------ how the rules call an effect
@pytest.mark.parametrize(
    "args, plan",
    [
        ({"muscle": 1, "influence": 2}, (1, 4)),  # every argument by position
        ({"influence": 2}, (0, 4)),  # `muscle` left to its default: `influence` goes by keyword
        ({"muscle": 3}, (3, 2)),
    ],
)
def test_run_effect_binds_the_cards_arguments_once(args, plan):
    """`run_effect` binds a card's effect to its function and arguments at its first run (docs/
    performance-log.md, eleventh session): the same result as the keyword call, run after run."""
    s = new()
    s.players[0].plan = (card(s, "outfit_ward_heelers"),)  # 0 Muscle, 2 Influence
    s.active = 0
    s.turn_muscle = s.turn_influence = 0
    eff = Effect(effect="plan_bonus", args=args, text="a Plan bonus")
    run_effect(s, 0, eff)
    assert (s.muscle(0), s.influence(0)) == plan
    run_effect(s, 0, eff)  # bound now
    assert (s.muscle(0) - plan[0], s.influence(0) - plan[1]) == (plan[0], plan[1] - 2)


# ------------------------------------------------------------------ completeness
def test_every_effect_has_a_test():
    assert TESTED == set(EFFECTS)
