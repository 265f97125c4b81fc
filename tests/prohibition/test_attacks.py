"""Attacks and Conflict (rulebook: Ordering Attacks, Expanding your Turf, Conflict, Stealing Stock,
Torching Buildings, and Seizing Turf, Attacking a Headquarters; Cards: Tactics).

Two gangs as set up: seat 0 (Tammany Regulars) holds hk1 (HQ: 3 Goons, the Guard), hk2-hk4, tl1-2,
les1-2; seat 1 (Rum Row) holds li1 (HQ), li2-li4, tl3-4, les3-4. `dice` queues the rolls."""

from __future__ import annotations

import dataclasses

import pytest
from prohibition_helpers import after_setup, b, ids, put_building, run, scheme

from prohibition_mats import mat_with_bonuses
from volstead.games.prohibition.rules.actions import ActionTurn


def game(**options):
    """The two gangs as set up, with empty hands (no Tactic to offer unless a test deals one)."""
    s = after_setup(**options)
    for g in s.gangs:
        g.hand = ()
    return s


def attack(s, frm, n, target, seat=0):
    run(s, ActionTurn(seat))
    s.apply(f"attack:{frm}")
    s.apply(f"goons:{n}")
    s.apply(f"target:{target}")


def heat(s, seat=0):
    return s.gangs[seat].heat


def test_an_unclaimed_block_is_claimed_at_once_for_one_heat():
    """Ordering Attacks: Goons from one Block and a Gangster to any Block, +1 Heat; Expanding your
    Turf: an unclaimed Block is yours at once."""
    s = game()
    attack(s, "hk1", 2, "gv5")
    assert s.owner[b(s, "gv5")] == 0 and s.goons[b(s, "gv5")] == 2 and s.goons[b(s, "hk1")] == 1
    assert heat(s) == 2 and s.laying_low(b(s, "gv5"), 0)
    assert s.is_over()  # no decision follows (no Conflict, no roll)


def test_goons_with_their_gangster_are_laying_low_and_cannot_attack():
    """Ordering Attacks: "Goons in the same Block as their Gangster are Laying Low and cannot Attack"."""
    s = game()
    attack(s, "hk1", 2, "gv5")
    run(s, ActionTurn(0))
    assert "attack:gv5" not in ids(s) and "attack:hk1" in ids(s)
    assert all(not o.startswith("attack:hk") or o == "attack:hk1" or o == "attack:hk2" for o in ids(s))


def test_undefended_rival_turf_needs_a_four_on_one_die_per_goon(dice):
    """Expanding your Turf: a rival Block without Goons — one die per Goon, any 4+ succeeds (the Block
    with its building and Stock), otherwise Retreat. No Headline without a Conflict."""
    s = game()
    put_building(s, "li4", "brewery", stocked=True)
    s.set_block(b(s, "hk2"), goons=2)
    dice += [1, 3]
    attack(s, "hk2", 2, "li4")
    assert s.decision().kind == "retreat" and s.owner[b(s, "li4")] == 1
    s.apply("to:hk2")
    assert s.goons[b(s, "hk2")] == 2 and s.laying_low(b(s, "hk2"), 0) and s.attack is None
    dice += [2, 4]
    s.gmask = (0,) * len(s.gmask)
    attack(s, "hk2", 2, "li4")
    assert s.owner[b(s, "li4")] == 0 and s.goons[b(s, "li4")] == 2 and s.is_stocked(b(s, "li4"))
    assert s.kind_at(b(s, "li4")) == 1 and s.gangs[0].headlines == 0 and s.gangs[0].seizes == 1


def test_one_conflict_per_block_per_year(dice):
    """Ordering Attacks: "Each Block can only have one Conflict each year"."""
    s = game()
    s.set_block(b(s, "hk2"), goons=3)
    dice += [1, 1, 1, 1]
    attack(s, "hk2", 3, "tl3")
    s.apply("fight")
    s.apply("retreat:hk2")
    run(s, ActionTurn(0))
    s.apply("attack:hk1")
    s.apply("goons:1")
    assert "target:tl3" not in ids(s) and "target:tl4" in ids(s)


def test_a_conflict_round_wipes_out_goons_before_guards(dice):
    """Conflict steps 3 and 5: one die per Unit; each 4+ wipes out one opposing Unit, Goons before
    Guards, into the Hospital; both at once."""
    s = game()
    s.set_block(b(s, "hk2"), goons=4)
    s.set_block(b(s, "tl3"), goons=1, guards=2)
    dice += [6, 4, 2, 1, 5, 3, 3]  # attacker 6 4 2 1, defender 5 3 3
    attack(s, "hk2", 4, "tl3")
    assert s.decision().kind == "fight_or_retreat" and s.decision().seat == 1
    s.apply("fight")
    a = s.attack
    assert (s.goons[b(s, "tl3")], s.guards[b(s, "tl3")]) == (0, 1) and a.goons == 3 and a.lost == 2
    assert (s.gangs[1].hosp_goons, s.gangs[1].hosp_guards, s.gangs[0].hosp_goons) == (1, 1, 1)
    assert s.decision().kind == "press_on" and s.decision().seat == 0


def test_continuing_costs_a_degree_of_heat_each_further_round(dice):
    """Conflict step 1: "Like any other Attack add 1 degree of Heat"; "If the Attacker continues,
    return to step 1" (the first round's degree is the Attack's)."""
    s = game()
    s.set_block(b(s, "hk2"), goons=2)
    s.set_block(b(s, "tl3"), goons=2)
    dice += [1, 1, 1, 1, 1, 1, 1, 1]
    attack(s, "hk2", 2, "tl3")
    assert heat(s) == 2
    s.apply("fight")
    s.apply("continue")
    assert heat(s) == 3 and s.attack.round == 2
    s.apply("fight")
    s.apply("retreat:hk3")
    assert heat(s) == 3 and s.goons[b(s, "hk3")] == 2 and s.laying_low(b(s, "hk3"), 0)
    assert s.gangs[0].conflicts_won == s.gangs[1].conflicts_won == 0  # a retreat is nobody's win


def test_the_defender_wins_when_the_attacker_has_no_goons_even_with_none_left(dice):
    """Conflict: "The Defender wins if the Attacker has no Goons even if the Defender also has no Goons"."""
    s = game()
    hand = s.gangs[1].hand
    dice += [5, 6]
    attack(s, "tl1", 1, "tl3")
    s.apply("fight")
    assert s.units(b(s, "tl3")) == 0 and s.gangs[1].conflicts_won == 1 and s.gangs[0].conflicts_won == 0
    assert s.decision().kind == "retreat"  # the Gangster goes home alone
    s.apply("to:tl2")
    assert s.owner[b(s, "tl3")] == 1 and s.gangs[1].hand == hand  # no Scheme: the defender did not lose
    assert s.laying_low(b(s, "tl2"), 0)


def test_a_defender_who_loses_with_a_unit_lost_draws_a_scheme(dice):
    """Conflict: "If the Defender loses the conflict and at least one unit, they get to draw one Scheme"."""
    s = game()
    s.set_block(b(s, "hk2"), goons=2)
    hand, deck = s.gangs[1].hand, s.scheme_deck
    dice += [4, 4, 1]
    attack(s, "hk2", 2, "tl3")
    s.apply("fight")
    assert s.gangs[0].conflicts_won == 1 and s.gangs[1].hand == tuple(sorted(hand + deck[:1]))
    assert s.decision().kind == "spoils" and ids(s) == ("seize", "withdraw")


def test_a_defender_retreat_leaves_the_block_to_the_attacker_excess_to_the_hospital(dice):
    """Conflict step 2: Retreat by moving Goons to another Block of the Turf; "you cannot exceed the 4
    unit limit—put excess Goons in your Hospital"."""
    s = game()
    s.set_block(b(s, "tl3"), goons=2, guards=1)
    s.set_block(b(s, "li2"), goons=2)
    hand = s.gangs[1].hand
    attack(s, "tl1", 1, "tl3")
    assert "retreat:tl3" not in ids(s)
    s.apply("retreat:li2")
    assert (s.goons[b(s, "li2")], s.guards[b(s, "li2")], s.gangs[1].hosp_goons) == (3, 1, 1)  # Guard first
    assert s.units(b(s, "tl3")) == 0 and s.gangs[1].hand == hand  # no Unit lost: no Scheme
    assert s.decision().kind == "spoils" and s.gangs[0].conflicts_won == 1


def test_steal_takes_the_stock_for_a_headline_then_retreat(dice):
    """Stealing Stock: flip the tile, the Stock to your Vault or Warehouse, Retreat, +1 Headline."""
    s = game()
    put_building(s, "tl3", "speakeasy", stocked=True)
    dice += [4, 1]
    attack(s, "tl1", 1, "tl3")
    s.apply("fight")
    assert ids(s) == ("steal", "torch", "seize", "withdraw")
    s.apply("steal")
    g = s.gangs[0]
    assert (g.booze, g.headlines, g.steals, heat(s)) == (5, 1, 1, 2) and not s.is_stocked(b(s, "tl3"))
    s.apply("to:tl1")
    assert s.owner[b(s, "tl3")] == 1 and s.goons[b(s, "tl1")] == 1 and s.attack is None


def test_torch_destroys_the_tile_for_good_and_returns_the_stock(dice):
    """Torching: discard the tile (no longer available), Retreat; +1 Headline, +1 Heat; the Defender
    returns any Stock to its Vault or Warehouse."""
    s = game()
    tile = put_building(s, "tl3", "nightclub", stocked=True)
    booze = s.gangs[1].booze
    dice += [4, 1]
    attack(s, "tl1", 1, "tl3")
    s.apply("fight")
    s.apply("torch")
    assert s.tile[b(s, "tl3")] == -1 and s.torched == (tile,) and tile % 7 not in s.stacks[3]
    assert s.gangs[1].booze == booze + 3 and s.gangs[0].headlines == 1 and heat(s) == 3


@pytest.mark.parametrize("spoil, heat_after", [("steal", 2 + 3), ("torch", 2 + 1 + 3)])
def test_raiding_a_settlement_house_costs_three_more_heat(dice, spoil, heat_after):
    """Building example, the Settlement House tile: "3 (Heat) if Steal or Torch"."""
    s = game()
    put_building(s, "tl3", "settlement", stocked=True)
    dice += [4, 1]
    attack(s, "tl1", 1, "tl3")
    s.apply("fight")
    s.apply(spoil)
    assert heat(s) == heat_after


def test_seize_rolls_one_die_per_remaining_goon_without_heat(dice):
    """Seizing: roll one die per remaining Goon (no Heat); success takes the Block, building and Stock
    for a Headline and the Goons and Gangster stay; failure: Retreat in shame, no Headline."""
    s = game()
    put_building(s, "tl3", "still", stocked=True)
    s.set_block(b(s, "hk2"), goons=3)
    dice += [5, 5, 1, 1, 3, 4, 2]  # round: 5 5 1 vs 1; seize: 3 4 2
    attack(s, "hk2", 3, "tl3")
    s.apply("fight")
    s.apply("seize")
    g = s.gangs[0]
    assert s.owner[b(s, "tl3")] == 0 and s.goons[b(s, "tl3")] == 3 and s.is_stocked(b(s, "tl3"))
    assert (g.headlines, g.seizes, heat(s)) == (1, 1, 2) and s.laying_low(b(s, "tl3"), 0)
    assert s.is_over() and s.attack is None
    s2 = game()
    dice += [5, 1, 2]  # round: 5 vs 1; seize: 2
    attack(s2, "tl1", 1, "tl3")
    s2.apply("fight")
    s2.apply("seize")
    assert s2.decision().kind == "retreat" and s2.gangs[0].headlines == 0 and s2.owner[b(s2, "tl3")] == 1


def test_a_mat_with_seize_heat_gains_it_on_a_successful_seize_only(dice, tmp_path):
    """Seizing gives no Heat (rulebook); a mat's `seize_heat` (authored) adds that much on success,
    none on a failed roll. The Attack's own degree as ever: 1 + 1, then + 2. The choice says both the
    mat's extra die and its Heat."""
    cards = mat_with_bonuses(tmp_path, "tammany", "seize_heat = 2, seize_dice = 1")
    s = game(cards=cards)
    dice += [5, 1, 4, 1]  # round: 5 vs 1; seize: 4 1
    attack(s, "tl1", 1, "tl3")
    s.apply("fight")
    d = s.decision()
    seize = d.option_ids.index("seize")
    assert d.label_at(seize) == "Try to Seize The Tenderloin 3 (one die per Goon and 1 more, 4+ succeeds)"
    assert "+1 Headline, +2 Heat (to 4) (your mat)" in d.options[seize].help
    s.apply("seize")
    assert s.owner[b(s, "tl3")] == 0 and (s.gangs[0].headlines, heat(s)) == (1, 4)
    s = game(cards=cards)
    dice += [5, 1, 3, 2]  # seize: 3 2, failed
    attack(s, "tl1", 1, "tl3")
    s.apply("fight")
    s.apply("seize")
    assert s.owner[b(s, "tl3")] == 1 and heat(s) == 2


@pytest.mark.parametrize(("vault", "paid"), [(20, 5), (3, 3)])
def test_a_mat_with_seize_gs_pays_them_on_a_successful_seize_only(dice, tmp_path, vault, paid):
    """A mat's `seize_gs` (authored): Gs paid for each successful Seize, all the Vault holds if less;
    nothing for a failed roll."""
    cards = mat_with_bonuses(tmp_path, "tammany", "seize_gs = 5")
    s = game(cards=cards)
    s.gangs[0].gs = vault
    dice += [5, 1, 4]  # round: 5 vs 1; seize: 4
    attack(s, "tl1", 1, "tl3")
    s.apply("fight")
    d = s.decision()
    assert "+1 Headline, -5 Gs (your mat)" in d.options[d.option_ids.index("seize")].help
    s.apply("seize")
    assert s.owner[b(s, "tl3")] == 0 and s.gangs[0].gs == vault - paid
    s = game(cards=cards)
    s.gangs[0].gs = vault
    dice += [5, 1, 3]  # seize: 3, failed
    attack(s, "tl1", 1, "tl3")
    s.apply("fight")
    s.apply("seize")
    assert s.owner[b(s, "tl3")] == 1 and s.gangs[0].gs == vault


def test_hq_call_for_help_pip_and_robbery_once_a_game(dice):
    """Attacking a Headquarters: Call for Help from one other Block under 4 Units; the Defender adds one
    pip to one die in the first round; the winner steals half the Vault, once per game; no Torch, no
    Seize."""
    s = game()
    s.set_block(b(s, "li1"), goons=1, guards=1)  # 2 Units at the HQ
    s.set_block(b(s, "li2"), goons=3)
    s.set_block(b(s, "hk2"), goons=4)
    s.gangs[1].gs = 35
    dice += [6, 6, 6, 6, 3, 1, 2, 2]
    attack(s, "hk2", 4, "li1")
    assert s.decision().kind == "call_for_help" and ids(s)[-1] == "no_help"
    s.apply("help:li2")
    assert ids(s) == ("bring:1:0", "bring:2:0")  # room for 2 more
    s.apply("bring:2:0")
    assert s.units(b(s, "li1")) == 4 and s.goons[b(s, "li2")] == 1
    s.apply("fight")
    assert s.decision().kind == "pip" and s.decision().seat == 1 and ids(s) == ("pip:1", "pip:2", "pip:3")
    s.apply("pip:3")
    assert s.attack.def_dice == (4, 1, 2, 2)
    assert s.gangs[0].hosp_goons == 1 and s.attack.goons == 3 and s.units(b(s, "li1")) == 0
    # won: the HQ is robbed (half of 35 in whole coins: 15), +1 Headline, then Retreat
    assert s.decision().kind == "retreat"
    assert (s.gangs[0].gs, s.gangs[1].gs, s.gangs[1].robbed, s.gangs[0].headlines) == (30, 20, True, 1)
    s.apply("to:hk2")
    assert s.owner[b(s, "li1")] == 1
    # robbed and undefended: no longer a target; defended: a Conflict, but no second robbery
    run(s, ActionTurn(0))
    s.apply("attack:hk1")
    s.apply("goons:1")
    assert "target:li1" not in ids(s)
    s.set_block(b(s, "li1"), goons=1)
    s.conflicted = 0
    s.gangs[1].hand = ()  # the Scheme it drew for losing
    run(s, ActionTurn(0))
    dice += [6, 1]
    s.apply("attack:hk1")
    s.apply("goons:1")
    s.apply("target:li1")
    s.apply("no_help")
    s.apply("fight")
    s.apply("pip:1")
    assert s.decision().kind == "retreat" and s.gangs[1].gs == 20 and s.gangs[0].robberies == 1


def test_an_undefended_hq_is_robbed_not_seized(dice):
    s = game()
    s.set_block(b(s, "li1"), goons=0, guards=0)
    dice += [4]
    attack(s, "tl1", 1, "li1")
    assert s.gangs[1].robbed and s.gangs[1].gs == 10 and s.owner[b(s, "li1")] == 1
    assert s.decision().kind == "retreat"


def test_tactics_defender_first_then_attacker_after_the_roll(dice):
    """Conflict step 4: "After rolling, first the Defender and then the Attacker may play a Tactic";
    Tactics: one Scheme from hand, discarded after."""
    s = game()
    s.gangs[0].hand = (scheme(s, "turf_war"),)  # Reinforcements: 1 extra die
    s.gangs[1].hand = (scheme(s, "stronghold"),)  # Barricade: cancel one hit
    dice += [4, 1, 6]
    attack(s, "tl1", 1, "tl3")
    s.apply("fight")
    assert s.decision().kind == "tactic" and s.decision().seat == 1
    assert ids(s) == ("no_tactic", "tactic:stronghold")
    s.apply("tactic:stronghold")
    assert s.decision().seat == 0
    s.apply("tactic:turf_war")
    # attacker 4 + extra 6 = 2 hits, one cancelled: the defender's Goon falls; its 1 misses
    assert s.units(b(s, "tl3")) == 0 and s.gangs[0].hand == ()
    assert s.gangs[1].hand == s.gangs[1].hand[:1] != (scheme(s, "stronghold"),)  # lost a Unit: drew one
    assert s.scheme_discard[-2:] == (scheme(s, "stronghold"), scheme(s, "turf_war"))


@pytest.mark.parametrize(
    "card, rolls, choices, left",
    [
        # (the attacker's Scheme, dice queued: attacker 2 dice then defender 2, then any rerolls,
        #  pip choices, (attacker Goons, defender Goons) after the round)
        ("beer_baron", [1, 5, 3, 3, 4], [], (2, 0)),  # reroll misses: the 1 becomes a 4
        ("distillery_row", [3, 3, 1, 1], ["pip:3", "pip:3"], (2, 0)),  # two pips: 3 3 -> 4 4
        ("jazz_age", [1, 1, 4, 5], [], (1, 2)),  # -1 on the defender's dice: 4 5 -> 3 4
        ("friends_in_tammany_hall", [1, 1, 4, 5, 1, 6], [], (1, 2)),  # defender rerolls its hits: 1 6
        ("own_the_neighborhood", [6, 1, 1, 1], [], (2, 0)),  # a 6 wipes out two Units
        ("bootleg_empire", [1, 1, 1, 1, 4, 4], [], (2, 0)),  # two extra dice: 4 4
        ("fortress", [1, 1, 4, 5], [], (2, 2)),  # both of the defender's hits cancelled
    ],
)
def test_every_tactic_effect(dice, card, rolls, choices, left):
    s = game()
    s.set_block(b(s, "hk2"), goons=2)
    s.set_block(b(s, "tl3"), goons=2)
    s.gangs[0].hand = (scheme(s, card),)
    s.gangs[1].hand = ()
    dice += rolls
    attack(s, "hk2", 2, "tl3")
    s.apply("fight")
    s.apply("tactic:" + card)
    for c in choices:
        assert s.decision().kind == "pip"
        s.apply(c)
    assert (s.attack.goons, s.goons[b(s, "tl3")]) == left


def test_a_mat_with_attack_pip_adds_a_pip_in_the_first_round_of_its_attacks(dice):
    """Player mat bonus `attack_pip` (authored, docs/prohibition-content.md): one pip on one die in round
    1 of a Conflict the gang starts. The set's Five Points Boys had it until issue 34's tuning at two
    strengths (docs/prohibition-balance.md); a card set may still give it to a mat."""
    s = game(mats=("five_points", "rum_row"))
    bonuses = list(s.content.mat_bonus)
    bonuses[s.gangs[0].mat] = {**bonuses[s.gangs[0].mat], "attack_pip": 1}
    s.content = dataclasses.replace(s.content, mat_bonus=tuple(bonuses))
    dice += [3, 1]
    attack(s, "tl1", 1, "tl3")
    s.apply("fight")
    assert s.decision().kind == "pip" and s.decision().seat == 0
    s.apply("pip:3")
    assert s.units(b(s, "tl3")) == 0


def test_tammany_cannot_attack_its_own_blocks_and_needs_a_turf_marker():
    s = game()
    run(s, ActionTurn(0))
    s.apply("attack:hk1")
    s.apply("goons:1")
    assert not any(o.startswith("target:hk1") or o in ("target:tl1", "target:gv1") for o in ids(s))  # its own
    assert "target:gv2" in ids(s) and "target:hr1" not in ids(s)  # Harlem is not in play with 2 gangs
    s.owner = tuple(0 if o < 0 and x < 40 and x not in s.turf(1) else o for x, o in enumerate(s.owner))
    assert s.markers_left(0) < 0 or s.blocks_of(0) >= 25
    run(s, ActionTurn(0))
    s.apply("attack:hk1")
    s.apply("goons:1")
    # no Turf marker left: only defended rival Blocks (a Conflict) remain targets
    assert all(s.units(b(s, o[7:])) for o in ids(s))


def test_goons_laying_low_cannot_answer_a_call_for_help_but_guards_can(dice):
    """Laying Low: Goons with their Gangster "cannot Attack or respond to a Call for Help"."""
    s = game()
    s.set_block(b(s, "li1"), goons=1, guards=0)
    s.set_block(b(s, "li2"), goons=2, guards=1)
    s.put_gangster(b(s, "li2"), 1)
    attack(s, "hk1", 1, "li1")
    s.apply("help:li2")
    assert ids(s) == ("bring:0:1",)
    s.apply("bring:0:1")
    assert (s.goons[b(s, "li1")], s.guards[b(s, "li1")]) == (1, 1)
    dice += [1, 1, 1]
    s.apply("fight")
    s.apply("pip:1")


def test_five_points_roll_an_extra_die_to_expand_and_seize_that_succeeds_on_5_or_6(dice):
    """Player mat (authored): Five Points Boys roll one extra die to Expand or Seize, which succeeds on
    a 5 or 6 (since the thirty-first session; on 4+ before, docs/prohibition-balance.md)."""
    s = game(mats=("five_points", "rum_row"))
    dice += [1, 4]
    attack(s, "tl1", 1, "li4")
    assert s.owner[b(s, "li4")] == 1 and s.last_roll == (0, "expand", (1, 4))
    s = game(mats=("five_points", "rum_row"))
    run(s, ActionTurn(0))
    s.apply("attack:tl1")
    s.apply("goons:1")
    d = s.decision()
    assert d.options[d.option_ids.index("target:li4")].help == (
        "Undefended: one die per Goon, 4+ succeeds, and 1 more die on 5+: success takes the Block; otherwise you "
        "Retreat (§attacks)."
    )
    dice += [1, 5]
    s.apply("target:li4")
    assert s.owner[b(s, "li4")] == 0 and s.last_roll == (0, "expand", (1, 5))


@pytest.mark.parametrize(
    ("bonuses", "expand_dice", "seize_dice"),
    [
        ("expansion_dice = 1", 2, 2),
        ("expand_dice = 1", 2, 1),
        ("seize_dice = 1", 1, 2),
        ("seize_dice = 2, expansion_dice = 1", 2, 4),
    ],
)
def test_a_mats_extra_dice_to_expand_and_to_seize_are_counted_apart(dice, tmp_path, bonuses, expand_dice, seize_dice):
    """Player mat bonuses (authored, docs/prohibition-content.md): `expand_dice` adds dice to the roll to
    Expand into undefended Turf (Expanding your Turf), `seize_dice` to the roll to Seize after a won
    Conflict (Seizing Turf: one die per remaining Goon), `expansion_dice` to both."""
    cards = mat_with_bonuses(tmp_path, "tammany", bonuses)
    s = game(cards=cards)
    dice += [1] * expand_dice
    attack(s, "tl1", 1, "li4")  # li4 has no Units: the roll to Expand, failed
    assert s.last_roll == (0, "expand", (1,) * expand_dice) and s.owner[b(s, "li4")] == 1
    s = game(cards=cards)
    dice += [5, 1] + [1] * seize_dice  # round: 5 vs 1, tl3's Unit falls; seize: all 1s
    attack(s, "tl1", 1, "tl3")
    s.apply("fight")
    s.apply("seize")
    assert s.last_roll == (0, "seize", (1,) * seize_dice) and s.owner[b(s, "tl3")] == 1


def test_a_mats_extra_dice_may_need_more_than_a_goons(dice, tmp_path):
    """A mat's `extra_dice_need` (authored): its extra dice, rolled after the Goons' dice, succeed only
    on that face or more; the Goons' dice still on 4+. The Seize's label says so."""
    cards = mat_with_bonuses(tmp_path, "tammany", "expansion_dice = 1, extra_dice_need = 5")
    s = game(cards=cards)
    dice += [1, 4]  # the Goon's 1, the mat's 4: not enough
    attack(s, "tl1", 1, "li4")
    assert s.last_roll == (0, "expand", (1, 4)) and s.owner[b(s, "li4")] == 1
    s = game(cards=cards)
    dice += [1, 5]
    attack(s, "tl1", 1, "li4")
    assert s.owner[b(s, "li4")] == 0
    s = game(cards=cards)
    dice += [5, 1, 4, 1]  # round: 5 vs 1; seize: the Goon's 4 succeeds
    attack(s, "tl1", 1, "tl3")
    s.apply("fight")
    d = s.decision()
    assert d.label_at(d.option_ids.index("seize")).endswith("(one die per Goon, 4+ succeeds, and 1 more die on 5+)")
    s.apply("seize")
    assert s.owner[b(s, "tl3")] == 0


def test_the_report_notes_a_seize_left_for_a_withdrawal_and_each_placement(dice):
    """Issue 34, item 1: the simulator's report counts a Seize left for a withdrawal after a won
    Conflict, and each Gangster placement by its space (`reports.play_note`)."""
    from volstead.games.prohibition import GAME

    s = game()
    assert s.decision().kind == "action"
    d = s.decision()
    by_id = {oid: GAME.play_note(s, d, i) for i, oid in enumerate(d.option_ids)}
    assert by_id["attack:tl1"] == "placement: attack" and by_id["space:still"] == "placement: still"
    s.set_block(b(s, "tl3"), goons=2, guards=1)
    s.set_block(b(s, "li2"), goons=2)
    attack(s, "tl1", 1, "tl3")
    s.apply("retreat:li2")
    d = s.decision()
    assert d.kind == "spoils" and "seize" in d.option_ids and d.kind in GAME.play_note_kinds
    notes = {oid: GAME.play_note(s, d, i) for i, oid in enumerate(d.option_ids)}
    assert notes["withdraw"] == "seize declined" and notes["seize"] is None
