"""Heat and the Feds (rulebook: Dealing with the Feds — Generating Heat, Reducing your Heat, Fed Cards:
Pay a Bribe, Face the Consequences, Do a Bit, Using Ward Machines; Cards: Feds)."""

from __future__ import annotations

import pytest
from prohibition_helpers import after_setup, b, fed, ids, put_building, run

from prohibition_mats import mat_with_bonuses
from volstead.games.prohibition.rules.actions import ActionTurn
from volstead.games.prohibition.rules.feds import DealFeds, FedCard, ResolveFeds


def game(seats=2, **options):
    s = after_setup(seats, **options)
    for g in s.gangs:
        g.hand = ()
    return s


def test_raid_is_card_1_exactly_as_printed():
    """Fed Cards: the RAID! card the rulebook prints."""
    c = after_setup().content
    raid = c.feds[c.fed_index["raid"]]
    assert (raid.number, raid.name, raid.picker) == (1, "RAID!", "right")
    assert raid.text == "Player on right picks; Lose Stock with Building."
    assert [(lv.bribe, lv.text, lv.months) for lv in raid.levels] == [
        (10, "Lose Stock from one Building", 3),
        (20, "Lose One Building", 5),
        (30, "Lose One Building & Stock from One other Building", 10),
        (50, "Lose Two Buildings", 15),
    ]
    assert [r.lose for r in c.fed_rows[0]] == [((1, 1),), ((0, 1),), ((0, 1), (1, 1)), ((0, 2),)]


@pytest.mark.parametrize("heat, level", [(1, 0), (19, 0), (20, 1), (36, 1), (37, 2), (54, 2), (55, 3), (90, 3)])
def test_outrage_thresholds(heat, level):
    """Outrage Threshold I 1-19, II 20-36, III 37-54, IV from 55."""
    s = after_setup()
    s.gangs[0].heat = heat
    assert s.threshold(0) == level


def test_a_badge_draws_a_card_the_first_time_only():
    """Generating Heat: "The first time your Heat token lands on or passes each badge ... you must draw
    and play a Fed Card" (the reminder marker stops a second draw)."""
    s = after_setup()
    g = s.gangs[0]
    s.add_heat(0, 7)  # 1 -> 8: lands on the badge at 8
    assert g.fed_owed == 1
    s.add_heat(0, 10)  # 8 -> 18: passes 15
    assert g.fed_owed == 2
    s.add_heat(0, -12)
    s.add_heat(0, 12)  # back to 18: both badges marked already
    assert (g.heat, g.peak, g.fed_owed) == (18, 18, 2)
    s.add_heat(0, 3)  # 21: passes 20
    assert g.fed_owed == 3


def test_from_70_two_more_cards_every_five_degrees():
    """Generating Heat: "Starting at 70 degrees you must draw two additional Fed Cards every five degrees"."""
    s = after_setup()
    g = s.gangs[0]
    g.heat = g.peak = 67
    s.add_heat(0, 9)  # 67 -> 76: marks at 70 and 75 (the last badge, 67, was reached before)
    assert g.fed_owed == 4
    s.add_heat(0, 3)  # 79: no mark
    assert g.fed_owed == 4
    s.add_heat(0, 1)  # 80
    assert g.fed_owed == 6


def test_heat_never_goes_below_one():
    """Reducing your Heat: "Your Heat can never go below one—you are still a criminal"."""
    s = after_setup()
    s.add_heat(0, -5)
    assert s.gangs[0].heat == 1


def test_cards_are_drawn_in_turn_order_each_gang_dealing_before_the_next():
    """Generating Heat: "Always draw cards in turn order"."""
    s = game(first_seat=1)
    s.gangs[0].fed_owed = s.gangs[1].fed_owed = 1
    deck = s.fed_deck
    run(s, ResolveFeds())
    assert s.decision().seat == 1 and s.gangs[1].fed_cards == deck[:1] and s.gangs[0].fed_cards == ()
    s.apply("bit")
    assert s.decision().seat == 0 and s.gangs[0].fed_cards == deck[1:2]


def test_several_cards_are_dealt_with_in_the_order_the_gang_chooses():
    """Feds: "If you draw multiple Fed Cards, you may chose in what order and how to deal with them"."""
    s = game()
    s.fed_deck = (fed(s, "tax_man"), fed(s, "raid")) + s.fed_deck[2:]
    s.gangs[0].fed_owed = 2
    run(s, ResolveFeds())
    assert s.decision().kind == "fed_order" and ids(s) == ("fed:tax_man", "fed:raid")
    s.apply("fed:raid")
    assert s.decision().kind == "fed_card" and s.decision().step.card == fed(s, "raid")
    s.apply("bit")
    assert s.decision().step.card == fed(s, "tax_man") and s.fed_discard == (fed(s, "raid"),)


def test_the_fed_deck_reshuffles_its_discards():
    s = game()
    s.fed_discard, s.fed_deck = s.fed_deck, ()
    s.gangs[0].fed_owed = 1
    run(s, ResolveFeds())
    assert len(s.fed_deck) == 7 and s.fed_discard == () and len(s.gangs[0].fed_cards) == 1


def test_bribe_or_do_a_bit():
    """Pay a Bribe (the Threshold's amount) or Do a Bit (the Threshold's months of Jailtime)."""
    s = game(mats=("rum_row", "tammany"))
    g = s.gangs[0]
    g.gs, g.heat = 25, 22  # Threshold II
    g.fed_cards = (fed(s, "raid"),)
    run(s, DealFeds(0))
    assert ids(s) == ("bribe", "bit")  # no building to lose: the Consequence cannot be faced
    s.apply("bribe")
    assert g.gs == 5 and g.fed_cards == () and s.fed_discard == (fed(s, "raid"),)
    g.fed_cards = (fed(s, "raid"),)
    run(s, DealFeds(0))
    assert ids(s) == ("bit",)  # 5 Gs: no Bribe of 20
    s.apply("bit")
    assert g.jail == 5


def test_a_bribe_is_the_cards_price_and_a_mat_discount_takes_5_off(tmp_path):
    """Fed cards: the Bribe at Threshold II of RAID! is 20 Gs, beyond 15 Gs in the vault; a mat whose Bribes
    cost 5 Gs less (the `bribe_discount` key: Tammany Regulars' until the thirtieth session) pays 15."""
    s = game()  # seat 0: Tammany Regulars (no discount)
    s.gangs[0].gs, s.gangs[0].heat = 15, 22
    run(s, FedCard(0, fed(s, "raid"), 1))
    assert "bribe" not in ids(s)
    s = game(cards=mat_with_bonuses(tmp_path, "rum_row", "bribe_discount = 5"), mats=("rum_row", "tammany"))
    g = s.gangs[0]
    g.gs, g.heat = 15, 22
    run(s, FedCard(0, fed(s, "raid"), 1))
    assert "bribe" in ids(s)
    g.fed_cards = (fed(s, "raid"),)
    s.apply("bribe")
    assert g.gs == 0


def test_raid_consequence_is_picked_by_the_player_on_the_right_and_stock_goes_with_the_building():
    """RAID!: "Player on right picks; Lose Stock with Building"; Threshold III: one Building & Stock
    from one other Building. Lost buildings go back to their stacks."""
    s = game(3)
    put_building(s, "hk2", "still", stocked=True)
    tile = put_building(s, "hk3", "brewery", stocked=True)
    put_building(s, "hk4", "speakeasy")
    g = s.gangs[0]
    g.heat = 40
    g.fed_cards = (fed(s, "raid"),)
    run(s, DealFeds(0))
    s.apply("face")
    d = s.decision()
    assert (d.kind, d.seat) == ("fed_loss", 2)  # seat 0's right is seat 2
    assert ids(s) == ("building:hk2", "building:hk3", "building:hk4")
    s.apply("building:hk3")
    assert s.tile[b(s, "hk3")] == -1 and not s.is_stocked(b(s, "hk3")) and s.stacks[1][0] == tile % 7
    assert ids(s) == ("stock:hk2",) and s.decision().seat == 2
    s.apply("stock:hk2")
    assert not s.is_stocked(b(s, "hk2")) and s.is_over()
    assert (g.gs, g.booze, g.jail) == (15, 3, 0)


def test_a_consequence_is_faced_only_in_full():
    """Face the Consequences: "If you cannot face the entire Consequence ... then you must either pay a
    Bribe or Do a Bit"; the picker cannot make a later part impossible."""
    s = game()
    put_building(s, "hk2", "still", stocked=True)
    g = s.gangs[0]
    g.heat = 60  # IV: lose two buildings
    run(s, FedCard(0, fed(s, "raid"), 3))
    assert "face" not in ids(s)
    put_building(s, "hk3", "still")
    run(s, FedCard(0, fed(s, "raid"), 2))  # III: a building and the Stock of another
    g.fed_cards = (fed(s, "raid"),)
    s.apply("face")
    assert ids(s) == ("building:hk3",)  # losing hk2 would leave no Stock to lose


def test_goons_and_gs_consequences():
    s = game()
    g = s.gangs[0]
    g.fed_cards = (fed(s, "shakeup"),)  # I: pay 5 Gs and lose one Goon; the right picks
    run(s, DealFeds(0))
    s.apply("face")
    assert g.gs == 10 and s.decision().seat == 1 and "goon:hk1" in ids(s)
    s.apply("goon:tl1")
    assert s.goons[b(s, "tl1")] == 0 and g.hosp_goons == 1


def test_ward_machine_payoffs_lower_the_threshold_and_discard_below_one():
    """Using Ward Machines: a stocked Ward Machine's Payoff reduces one Fed card by one Threshold; below I
    the card is discarded; several may go on one card; the tile flips after use."""
    s = game()
    put_building(s, "hk2", "ward", stocked=True)
    put_building(s, "les1", "ward", stocked=True)
    g = s.gangs[0]
    g.heat = 25
    g.fed_cards = (fed(s, "raid"),)
    run(s, DealFeds(0))
    assert ids(s)[:2] == ("payoff:hk2", "payoff:les1")
    s.apply("payoff:hk2")
    assert s.decision().step.level == 0 and not s.is_stocked(b(s, "hk2"))
    s.apply("payoff:les1")
    assert g.fed_cards == () and s.fed_discard == (fed(s, "raid"),) and g.jail == 0 and s.is_over()


def test_cards_drawn_in_a_conflict_wait_until_it_is_over(dice):
    """Feds: "If you draw a card during Conflict, do not resolve it until the Conflict is over"."""
    s = game()
    g = s.gangs[0]
    g.heat = g.peak = 7
    s.set_block(b(s, "hk2"), goons=2)
    s.set_block(b(s, "tl3"), goons=2)
    dice += [1, 1, 1, 1, 4, 4, 1, 1]
    run(s, ActionTurn(0), ResolveFeds())
    s.apply("attack:hk2")
    s.apply("goons:2")
    s.apply("target:tl3")  # Heat 8: the badge
    assert g.fed_owed == 1 and s.decision().kind == "fight_or_retreat"
    s.apply("fight")
    s.apply("continue")
    s.apply("fight")
    assert g.fed_owed == 1 and s.decision().kind == "spoils"  # still waiting
    s.apply("withdraw")
    s.apply("to:hk2")
    assert g.fed_owed == 0 and len(g.fed_cards) == 1 and s.decision().kind == "fed_card"


@pytest.mark.parametrize(
    "card, level, before, after",
    [
        ("dry_agents", 1, {"booze": 6}, {"booze": 1}),
        ("grand_jury", 1, {"headlines": 2, "gs": 15}, {"headlines": 1, "gs": 5}),
        ("tax_man", 3, {"gs": 60}, {"gs": 10}),
    ],
)
def test_booze_headline_and_gs_consequences(card, level, before, after):
    """Face the Consequences: "Each Fed Card causes your Gang to lose something important"."""
    s = game()
    g = s.gangs[0]
    for k, v in before.items():
        setattr(g, k, v)
    g.fed_cards = (fed(s, card),)
    run(s, FedCard(0, fed(s, card), level))
    s.apply("face")
    assert {k: getattr(g, k) for k in after} == after and g.fed_cards == () and s.is_over()


def test_a_consequence_beyond_what_the_gang_has_cannot_be_faced():
    s = game()
    s.gangs[0].booze = 4
    run(s, FedCard(0, fed(s, "dry_agents"), 1))  # lose 5 Booze
    assert "face" not in ids(s)
