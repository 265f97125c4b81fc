"""The Moves phase, rulebook §6: Edge, contests, each move, Heat, Jail, damage, Bosses vs Gangsters.
Each test sets the table up directly and scripts the dice (`dice` fixture)."""

from __future__ import annotations

import pytest
from mc_helpers import asset, blank, g, held, mob, moves, put, put_asset, put_biz

from volstead.games.mafia_chronicles.rules.dice import edge, odds
from volstead.games.mafia_chronicles.rules.moves import damage, success_odds
from volstead.games.mafia_chronicles.state import FIX, MURDER, RoundMods


def ids(s, seat=None):
    return set(s.decision(seat).option_ids)


# ------------------------------------------------------------------ §6.3 Edge
def test_6_3_the_rulebooks_example_rating_1_rolls_3_loses_to_grit_3_rolling_2(dice):
    s = blank()
    put(s, 0, 2, "mickey_doyle")  # Murder 1
    put(s, 1, 2, "carmine_bruno")  # Grit 3
    moves(s, 0)
    s.apply("murder:2", 0)
    dice += [3, 2]
    s.apply("mob:1.2", 0)
    r = s.last_roll
    assert (r["edge"], r["defence"], r["success"], r["damage"]) == (4, 5, False, "no effect")
    assert mob(s, 1, 2).card == g("carmine_bruno") and mob(s, 0, 2).exhausted


def test_6_3_equal_edges_re_roll_both_dice(dice):
    s = blank()
    put(s, 0, 2, "mickey_doyle")  # Murder 1
    put(s, 1, 2, "paulie_greco")  # Grit 2
    moves(s, 0)
    s.apply("murder:2", 0)
    dice += [3, 2, 4, 1]  # 4 v 4: again; 5 v 3
    s.apply("mob:1.2", 0)
    assert s.last_roll["rolls"] == [[3, 2], [4, 1]] and s.last_roll["success"]


def test_6_3_edge_is_at_least_2_so_a_0_grit_defender_rolling_1_ties_a_2():
    assert edge(0, 1) == 2 and edge(5, 5) == 10 and edge(1, 1) == 2


def test_6_3_edge_2_against_0_grit_rolling_1_is_a_tie_not_a_win(dice):
    s = blank()
    put(s, 0, 2, "mickey_doyle")  # Murder 1
    put(s, 1, 2, "eddie_the_ear")  # Grit 0
    moves(s, 0)
    s.apply("murder:2", 0)
    dice += [1, 1, 2, 1]
    s.apply("mob:1.2", 0)
    assert s.last_roll["rolls"] == [[1, 1], [2, 1]] and s.last_roll["success"]


def test_6_3_a_1_rating_cannot_beat_a_5_rating():
    assert odds(1, 0, 5, 0, 0) == 0.0
    assert odds(5, 0, 0, 0, 0) == 1.0
    assert odds(2, 0, 2, 0, 0) == 0.5


def test_the_odds_shown_are_exact_with_re_rolls(dice):
    s = blank()
    put(s, 0, 2, "sal_the_kid")  # Murder 2
    put(s, 1, 2, "rocco_ferraro")  # Grit 3
    win = lose = 0
    for a in range(1, 6):
        for d in range(1, 6):
            win += 2 + a > 3 + d
            lose += 2 + a < 3 + d
    assert success_odds(s, 0, 2, MURDER, ("mob", 1, 2)) == win / (win + lose)
    moves(s, 0)
    s.apply("murder:2", 0)
    label = next(o.label for o in s.decision(0).options if o.id == "mob:1.2")
    assert label.endswith(f"{round(100 * win / (win + lose))}% to succeed")


# ------------------------------------------------------------------ §6.5 legality
def test_6_5_a_move_needs_its_icon_and_a_rating_of_at_least_1():
    s = blank()
    put(s, 0, 2, "sal_the_kid", d_move1=2)  # Murder 2 damaged to 0; Steal 1
    put(s, 1, 2, "paulie_greco")
    moves(s, 0)
    assert "murder:2" not in ids(s) and "steal:2" in ids(s) and "flip:2" not in ids(s)


def test_6_5_a_business_bonus_counts_only_for_an_active_card_in_its_column():
    s = blank()
    put(s, 0, 2, "sal_the_kid")
    put_biz(s, 0, 2, "funeral_parlor")  # +1 Murder
    put(s, 1, 2, "paulie_greco")
    from volstead.games.mafia_chronicles.rules.ratings import grit, move_rating

    assert move_rating(s, s.syn[0], 2, MURDER) == 3
    put_biz(s, 1, 2, "boxing_gym")  # +1 Grit
    assert grit(s, s.syn[1], 2) == 3
    put(s, 1, 2, "paulie_greco", heat=5, jailed=True)
    assert grit(s, s.syn[1], 2) == 2  # a jailed card uses no bonus (§6.8)


def test_3_the_compound_gives_a_star_to_both_moves():
    s = blank()
    put(s, 0, 2, "sal_the_kid")  # Murder 2, Steal 1
    put_biz(s, 0, 2, "compound")
    from volstead.games.mafia_chronicles.rules.ratings import move_rating
    from volstead.games.mafia_chronicles.state import STEAL

    assert (move_rating(s, s.syn[0], 2, MURDER), move_rating(s, s.syn[0], 2, STEAL)) == (3, 2)


def test_6_1_ratings_with_bonuses_count_at_most_5():
    s = blank()
    put(s, 0, 2, "don_salvatore_the_lion_amato")  # Murder 5
    put_biz(s, 0, 2, "funeral_parlor")
    put_asset(s, 0, 2, "tommy_gun")
    from volstead.games.mafia_chronicles.rules.ratings import move_rating

    assert move_rating(s, s.syn[0], 2, MURDER) == 5


def test_6_3_only_fix_targets_ones_own_syndicate():
    s = blank()
    put(s, 0, 2, "sal_the_kid")
    put(s, 0, 3, "paulie_greco", heat=2)
    put(s, 1, 2, "mickey_doyle")
    moves(s, 0)
    s.apply("murder:2", 0)
    assert ids(s) == {"mob:1.2", "back"}


def test_6_10_gangsters_cannot_murder_frame_or_flip_a_boss_but_may_fix_it():
    s = blank()
    put(s, 0, 1, "hattie_simmons")  # a Gangster: Flip 4, Steal 3
    put(s, 0, 2, "sal_the_kid")  # Murder
    put(s, 0, 3, "rosie_malone")  # Frame, Fix
    put(s, 1, 0, "paulie_greco", heat=2)  # seat 1's Boss
    put_biz(s, 1, 0, "bakery")
    put_asset(s, 1, 0, "ledger")
    moves(s, 0)
    assert {"murder:2", "frame:3", "flip:1"}.isdisjoint(ids(s))  # no target left for them
    assert "fix:3" in ids(s)
    s.apply("steal:1", 0)
    assert "asset:1.0" in ids(s)  # a Gangster may steal an Asset in the Boss's column


def test_6_10_bosses_attack_bosses_but_none_is_flipped_or_murdered_in_round_1():
    s = blank()
    put(s, 0, 0, "isabella_the_widow_conti")  # Boss: Frame 4, Murder 4
    put(s, 1, 0, "paulie_greco")
    moves(s, 0, round_=1)
    assert "murder:0" not in ids(s) and "frame:0" in ids(s)
    moves(s, 0, round_=2)
    assert {"murder:0", "frame:0"} <= ids(s)
    s.apply("murder:0", 0)
    assert "mob:1.0" in ids(s)


# ------------------------------------------------------------------ §6.5 Murder
def test_6_5_murdering_a_gangster_pays_100k_and_discards_it(dice):
    s = blank()
    put(s, 0, 2, "mickey_doyle")
    put(s, 1, 2, "paulie_greco")
    moves(s, 0)
    s.apply("murder:2", 0)
    dice += [4, 1]  # 5 v 3
    s.apply("mob:1.2", 0)
    assert s.syn[1].mobs[2] is None and g("paulie_greco") in s.syn[1].gone
    assert s.syn[0].stash == 600 and s.syn[1].lost_murder and s.syn[0].wins[MURDER] == 1
    assert mob(s, 0, 2).heat == 2  # Edge 5: +2


def test_6_5_murdering_a_boss_pays_victory_points_not_money(dice):
    s = blank()
    put(s, 0, 0, "isabella_the_widow_conti")  # Murder 4
    put(s, 1, 0, "sal_the_kid")  # Grit 1
    moves(s, 0)
    s.apply("murder:0", 0)
    dice += [5, 1]  # 9 v 2
    s.apply("mob:1.0", 0)
    assert s.syn[1].mobs[0] is None and s.syn[0].murdered_boss
    assert s.syn[0].stash == 500 and mob(s, 0, 0).heat == 1


# ------------------------------------------------------------------ §6.7, §6.8 Heat and Jail
@pytest.mark.parametrize("roll, heat, money", [(1, 3, 75), (2, 3, 100), (3, 2, 125), (5, 2, 175)])
def test_6_7_heat_after_a_successful_move_by_edge(dice, roll, heat, money):
    s = blank()
    put(s, 0, 2, "little_augie_fenn")  # Smuggle 2
    moves(s, 0)
    dice.append(roll)
    s.apply("smuggle:2", 0)
    assert mob(s, 0, 2).heat == heat and s.syn[0].stash == 500 + money


def test_6_7_edge_8_to_10_gives_1_heat(dice):
    s = blank()
    put(s, 0, 2, "max_adler")  # Smuggle 4
    moves(s, 0)
    dice.append(5)
    s.apply("smuggle:2", 0)
    assert mob(s, 0, 2).heat == 1 and s.syn[0].stash == 500 + 9 * 25


def test_6_8_five_heat_is_jail_at_once_and_heat_never_passes_5(dice):
    s = blank()
    put(s, 0, 2, "little_augie_fenn", heat=4)
    moves(s, 0)
    dice.append(1)
    s.apply("smuggle:2", 0)
    assert mob(s, 0, 2).heat == 5 and mob(s, 0, 2).jailed


def test_6_8_a_jailed_card_cannot_move_and_does_not_defend_its_column(dice):
    s = blank()
    put(s, 0, 2, "mickey_doyle")  # Torch 2
    put(s, 0, 3, "little_augie_fenn", heat=5, jailed=True)
    put(s, 1, 2, "carmine_bruno", heat=5, jailed=True)  # Grit 3, jailed
    put_biz(s, 1, 2, "bakery")
    moves(s, 0)
    assert not any(i.endswith(":3") for i in ids(s))
    s.apply("torch:2", 0)
    dice.append(1)  # unopposed: only the attacker's die (Edge 3)
    s.apply("biz:1.2", 0)
    assert s.syn[1].biz[2] == -1 and s.last_roll["defence"] is None and s.syn[0].stash == 600
    assert mob(s, 1, 2).d_grit == 1  # the column's card takes the Grit damage, jailed or not


def test_frame_cannot_target_a_jailed_card():
    s = blank()
    put(s, 0, 2, "rosie_malone")
    put(s, 1, 2, "paulie_greco", heat=5, jailed=True)
    put(s, 1, 3, "sal_the_kid")
    moves(s, 0)
    s.apply("frame:2", 0)
    assert ids(s) == {"mob:1.3", "back"}


# ------------------------------------------------------------------ §6.9 damage
@pytest.mark.parametrize(
    "variant, rolls, result",
    [
        ("rules-text", [1, 5], "discarded"),  # 3 v 9: difference 6
        ("rules-text", [1, 4], "damaged"),  # 3 v 8: 5
        ("rules-text", [1, 2], "damaged"),  # 3 v 6: 3
        ("rules-text", [2, 2], "no effect"),  # 4 v 6: 2
        ("reference-card", [1, 4], "discarded"),  # 5
        ("reference-card", [2, 4], "damaged"),  # 4 v 8: 4
        ("reference-card", [1, 2], "damaged"),  # 3
        ("reference-card", [3, 2], "no effect"),  # 1
    ],
)
def test_6_9_damage_bands_of_each_variant(dice, variant, rolls, result):
    s = blank(damage_bands=variant)
    put(s, 0, 2, "sal_the_kid")  # Murder 2
    put(s, 1, 2, "don_salvatore_the_lion_amato")  # Grit 4
    moves(s, 0)
    s.apply("murder:2", 0)
    dice += rolls
    s.apply("mob:1.2", 0)
    assert s.last_roll["damage"] == result
    if result == "discarded":
        assert s.syn[0].mobs[2] is None and g("sal_the_kid") in s.syn[0].gone
    else:
        assert mob(s, 0, 2).d_move1 == (1 if result == "damaged" else 0) and mob(s, 0, 2).exhausted


def test_6_9_damage_stacks_down_to_zero_never_below():
    s = blank()
    put(s, 0, 2, "sal_the_kid")  # Murder 2 (move 1), Steal 1 (move 2)
    for _ in range(3):
        damage(s, s.syn[0], 2, 3)
    assert mob(s, 0, 2).d_move2 == 1
    damage(s, s.syn[0], 2, 2)
    damage(s, s.syn[0], 2, 2)
    assert mob(s, 0, 2).d_move1 == 2


def test_6_6_a_failed_fix_never_damages(dice):
    s = blank()
    put(s, 0, 2, "patsy_quinn")  # Fix 2
    put(s, 0, 3, "sal_the_kid", heat=4)
    moves(s, 0)
    s.apply("fix:2", 0)
    dice += [1, 5]  # 3 v 9
    s.apply("mob:0.3", 0)
    assert s.last_roll["damage"] == "no effect" and mob(s, 0, 2).damage == 0 and mob(s, 0, 3).heat == 4


# ------------------------------------------------------------------ §6.5 Torch
def test_6_5_torch_discards_the_business_pays_100k_and_damages_the_columns_grit(dice):
    s = blank()
    put(s, 0, 2, "mickey_doyle")  # Torch 2
    put(s, 1, 2, "paulie_greco")  # Grit 2
    put_biz(s, 1, 2, "casino")
    moves(s, 0)
    s.apply("torch:2", 0)
    dice += [5, 1]  # 7 v 3
    s.apply("biz:1.2", 0)
    assert s.syn[1].biz[2] == -1 and s.syn[0].stash == 600
    assert mob(s, 1, 2).d_grit == 1 and mob(s, 0, 2).heat == 2


# ------------------------------------------------------------------ §6.5 Steal
def test_6_5_a_stash_steal_rolls_against_an_active_underboss():
    s = blank()
    put(s, 0, 2, "frankie_nails")
    put(s, 1, 1, "paulie_greco")
    put(s, 1, 3, "sal_the_kid")
    moves(s, 0)
    s.apply("steal:2", 0)
    assert ids(s) == {"stash:1.1", "back"}


def test_6_5_without_an_underboss_the_thief_picks_a_gangster_and_with_all_jailed_it_is_unopposed():
    s = blank()
    put(s, 0, 2, "frankie_nails")
    put(s, 1, 1, "paulie_greco", heat=5, jailed=True)
    put(s, 1, 2, "sal_the_kid")
    put(s, 1, 3, "mickey_doyle")
    put(s, 2, 0, "rosie_malone")  # seat 2: a Boss but no Gangster: no stash steal
    put(s, 3, 2, "eddie_the_ear", heat=5, jailed=True)
    moves(s, 0)
    s.apply("steal:2", 0)
    assert ids(s) == {"stash:1.2", "stash:1.3", "stash:3", "back"}


def test_6_5_a_stash_steal_takes_edge_x_20k_even_into_debt_and_reveals_the_stash_to_the_thief(dice):
    s = blank()
    put(s, 0, 2, "frankie_nails")  # Steal 2
    put(s, 1, 1, "eddie_the_ear")  # Grit 0
    s.syn[1].stash = 30
    moves(s, 0)
    s.apply("steal:2", 0)
    dice += [3, 1]  # 5 v 2
    s.apply("stash:1.1", 0)
    assert s.syn[0].stash == 600 and s.syn[1].stash == -70 and s.syn[1].went_negative
    assert s.syn[0].known == ((1, -70, 2),)
    assert s.view(0)["syndicates"][0]["known_stashes"] == [{"seat": 1, "stash": -70, "round": 2}]
    assert "known_stashes" not in s.view(2)["syndicates"][0] and s.view(2)["syndicates"][1]["stash"] is None


def test_6_5_an_asset_steal_takes_the_asset_to_a_slot_of_the_thiefs_choice(dice):
    s = blank()
    put(s, 0, 2, "frankie_nails")  # Steal 2
    put(s, 1, 2, "paulie_greco")  # Grit 2
    put_asset(s, 1, 6, "tommy_gun")  # column 2, lower slot
    put_asset(s, 0, 1, "tommy_gun")  # the thief's own copy in column 1
    moves(s, 0)
    s.apply("steal:2", 0)
    dice += [5, 1]
    s.apply("asset:1.6", 0)
    assert s.decision(0).kind == "place_stolen"
    assert set(s.decision(0).option_ids) == {f"slot:{k}" for k in (0, 2, 3, 4, 6, 7)}  # never beside its copy
    s.apply("slot:6", 0)
    assert s.syn[0].assets[6] == asset(1, "tommy_gun") and s.syn[1].assets[6] == -1
    assert mob(s, 1, 2).d_grit == 1 and mob(s, 0, 2).heat == 2


def test_6_5_an_asset_in_an_empty_column_is_stolen_without_a_contest(dice):
    s = blank()
    put(s, 0, 2, "frankie_nails")
    put_asset(s, 1, 3, "ledger")
    for k in range(8):
        if k != 0:
            put_asset(
                s,
                0,
                k,
                ["plans", "spotter", "insider", "tommy_gun", "brass_knuckles", "mouthpiece", "silencer", "crooked_cop"][k],
            )
    moves(s, 0)
    s.apply("steal:2", 0)
    dice.append(2)
    s.apply("asset:1.3", 0)  # one free slot: placed at once
    assert s.syn[0].assets[0] == asset(1, "ledger") and s.last_roll["defence"] is None


def test_an_asset_the_thief_has_no_room_for_is_no_target():
    s = blank()
    put(s, 0, 2, "frankie_nails")
    put_asset(s, 1, 3, "ledger")
    for k in range(8):
        put_asset(
            s, 0, k, ["plans", "spotter", "insider", "tommy_gun", "brass_knuckles", "mouthpiece", "silencer", "crooked_cop"][k]
        )
    moves(s, 0)
    assert "steal:2" not in ids(s)


# ------------------------------------------------------------------ §6.5 Flip
def test_6_5_a_flipped_gangster_joins_energized_and_spares_its_old_syndicate_this_round(dice):
    s = blank()
    put(s, 0, 2, "tony_two_shoes")  # Flip 2
    put(s, 1, 2, "paulie_greco", exhausted=True, heat=2)  # Smarts 0; Murder 2
    put(s, 1, 3, "sal_the_kid")
    put(s, 2, 2, "mickey_doyle")
    moves(s, 0)
    s.apply("flip:2", 0)
    dice += [5, 1]  # 7 v 2
    s.apply("mob:1.2", 0)
    assert set(s.decision(0).option_ids) == {"slot:1", "slot:3"}
    s.apply("slot:3", 0)
    m = mob(s, 0, 3)
    assert (m.card, m.exhausted, m.heat, m.flipped_from) == (g("paulie_greco"), False, 2, 1)
    assert s.syn[1].mobs[2] is None and mob(s, 0, 2).heat == 0  # Flip gives no Heat
    moves(s, 0)
    s.apply("murder:3", 0)
    assert ids(s) == {"mob:2.2", "back"}  # not its former syndicate


def test_6_5_flip_needs_an_empty_gangster_slot_and_a_loyal_card_cannot_be_flipped():
    s = blank()
    put(s, 0, 2, "tony_two_shoes")
    put(s, 1, 2, "margaret_queen_peg_oshea")  # Loyal
    put(s, 1, 3, "paulie_greco")
    moves(s, 0)
    s.apply("flip:2", 0)
    assert ids(s) == {"mob:1.3", "back"}
    put(s, 0, 1, "sal_the_kid")
    put(s, 0, 3, "mickey_doyle")
    moves(s, 0)
    assert "flip:2" not in ids(s)


# ------------------------------------------------------------------ §6.5 Frame
def test_6_5_frame_gives_3_heat_and_100k(dice):
    s = blank()
    put(s, 0, 2, "rosie_malone")  # Frame 2
    put(s, 1, 2, "paulie_greco", heat=2)  # Smarts 0
    moves(s, 0)
    s.apply("frame:2", 0)
    dice += [5, 1]
    s.apply("mob:1.2", 0)
    assert mob(s, 1, 2).heat == 5 and mob(s, 1, 2).jailed and s.syn[0].stash == 600 and mob(s, 0, 2).heat == 0


# ------------------------------------------------------------------ §6.5 Fix
def test_6_5_fix_rolls_against_the_higher_of_heat_and_damage_and_clears_everything(dice):
    s = blank()
    put(s, 0, 2, "patsy_quinn")  # Fix 2
    put(s, 0, 3, "sal_the_kid", heat=1, d_grit=1, d_move1=1)  # damage 2 > Heat 1
    moves(s, 0)
    s.apply("fix:2", 0)
    dice += [2, 2]  # 4 v 4: again; then 5 v 3
    dice += [3, 1]
    s.apply("mob:0.3", 0)
    m = mob(s, 0, 3)
    assert s.last_roll["rolls"] == [[2, 2], [3, 1]] and (m.heat, m.damage) == (0, 0)
    assert s.syn[0].wins[FIX] == 1


def test_6_5_fixing_a_jailed_card_beats_its_heat_alone_no_defence_roll(dice):
    s = blank()
    put(s, 0, 2, "patsy_quinn")  # Fix 2
    put(s, 0, 3, "sal_the_kid", heat=5, jailed=True)
    moves(s, 0)
    s.apply("fix:2", 0)
    dice += [3, 4]  # 5 = 5: the fixer alone re-rolls; 6 > 5
    s.apply("mob:0.3", 0)
    m = mob(s, 0, 3)
    assert s.last_roll["rolls"] == [[3, 0], [4, 0]] and not m.jailed and m.heat == 0


def test_6_5_a_fix_fee_accepted_is_paid_when_the_fix_succeeds(dice):
    s = blank()
    put(s, 0, 2, "patsy_quinn")
    put(s, 1, 2, "sal_the_kid", heat=5, jailed=True)
    moves(s, 0)
    s.apply("fix:2", 0)
    s.apply("mob:1.2", 0)
    d = s.decision()
    assert d.kind == "fix_fee" and d.option_ids == tuple(f"fee:{10 * k}" for k in range(11))
    s.apply("fee:50", 0)
    assert s.decision().seat == 1 and s.decision().option_ids == ("accept", "refuse")
    assert s.view(1)["negotiation"]["fee"] == 50 and "fee" not in s.view(2)["negotiation"]
    dice.append(5)  # 7 > 5
    s.apply("accept", 1)
    assert (s.syn[0].stash, s.syn[1].stash) == (550, 450) and not mob(s, 1, 2).jailed


def test_6_5_a_refused_fee_means_no_fix_and_the_fixer_may_move_again_without_talks(dice):
    s = blank()
    put(s, 0, 2, "patsy_quinn")
    put(s, 1, 2, "sal_the_kid", heat=5, jailed=True)
    moves(s, 0)
    s.apply("fix:2", 0)
    s.apply("mob:1.2", 0)
    s.apply("fee:100", 0)
    s.apply("refuse", 1)
    assert mob(s, 1, 2).jailed and not mob(s, 0, 2).exhausted and mob(s, 0, 2).talked
    assert s.decision().kind == "move" and s.decision().seat == 0
    s.apply("fix:2", 0)
    dice.append(1)  # no fee step: straight to the roll (3 < 5)
    s.apply("mob:1.2", 0)
    assert s.last_roll["move"] == "fix" and not s.last_roll["success"] and s.syn[1].stash == 500


# ------------------------------------------------------------------ §6.5 Smuggle
def test_6_5_smuggle_always_succeeds_even_at_edge_2(dice):
    s = blank()
    put(s, 0, 2, "benny_fingers_lutz")  # Smuggle 1
    moves(s, 0)
    dice.append(1)
    s.apply("smuggle:2", 0)
    assert s.last_roll["success"] and s.syn[0].stash == 550 and mob(s, 0, 2).heat == 3


# ------------------------------------------------------------------ §6 turns
def test_6_moves_go_clockwise_from_the_first_player_one_move_each_skipping_the_spent():
    from mc_helpers import start

    from volstead.games.mafia_chronicles.rules.moves import OpenMoves

    s = blank()
    s.first = 2
    put(s, 0, 2, "sal_the_kid")
    put(s, 0, 3, "mickey_doyle")
    put(s, 2, 2, "paulie_greco")
    put(s, 3, 2, "rosie_malone", exhausted=True)
    s.round = 2
    start(s, OpenMoves(), "moves")
    order = []
    while not held(s):
        d = s.decision()
        order.append(d.seat)
        s.apply(next(i for i in d.option_ids if i.startswith("pass")), d.seat)
    assert order == [2, 0, 0]


def test_6_out_of_moves_exhausts_every_card_left():
    s = blank()
    put(s, 0, 1, "sal_the_kid")
    put(s, 0, 2, "mickey_doyle")
    moves(s, 0)
    s.apply("out", 0)
    assert mob(s, 0, 1).exhausted and mob(s, 0, 2).exhausted and held(s)


def test_going_back_from_a_target_is_allowed_once_a_turn():
    s = blank()
    put(s, 0, 2, "sal_the_kid")
    put(s, 1, 2, "paulie_greco")
    moves(s, 0)
    s.apply("murder:2", 0)
    s.apply("back", 0)
    s.apply("murder:2", 0)
    assert ids(s) == {"mob:1.2"}


def test_5_an_event_may_ban_a_move_for_the_round():
    s = blank()
    put(s, 0, 2, "sal_the_kid")
    put(s, 1, 2, "paulie_greco")
    s.mods = RoundMods(banned_move=MURDER)
    moves(s, 0)
    assert "murder:2" not in ids(s) and "steal:2" in ids(s)
