"""Every perk of the authored set (Gangster abilities and Asset perks): content/models.py PerkName."""

from __future__ import annotations

from mc_helpers import blank, mob, moves, put, put_asset, put_biz


def test_roll_adds_to_its_moves_rolls_never_past_5(dice):
    s = blank()
    put(s, 0, 2, "don_salvatore_the_lion_amato")  # Murder 5, +1 to Murder rolls
    put(s, 1, 2, "carmine_bruno")  # Grit 3
    moves(s, 0)
    s.apply("murder:2", 0)
    dice += [2, 5, 5, 1]  # 5+3 = 8 v 8: again; 5+5 (5 + 1 counts 5) = 10 v 4
    s.apply("mob:1.2", 0)
    assert s.last_roll["rolls"] == [[2, 5], [5, 1]] and s.last_roll["edge"] == 10


def test_an_assets_roll_perk_goes_to_its_columns_active_card(dice):
    s = blank()
    put(s, 0, 2, "frankie_nails")  # Steal 2
    put_asset(s, 0, 2, "getaway_car")  # +1 to Steal rolls
    put(s, 1, 1, "carmine_bruno")  # Grit 3
    moves(s, 0)
    s.apply("steal:2", 0)
    dice += [3, 2]  # 2 + 4 = 6 v 5
    s.apply("stash:1.1", 0)
    assert s.last_roll["edge"] == 6 and s.last_roll["success"] and s.syn[0].stash == 500 + 6 * 20


def test_defense_roll_and_menace_change_the_defenders_die(dice):
    s = blank()
    put(s, 0, 2, "mickey_doyle")  # Torch 2
    put(s, 1, 2, "paolo_rinaldi")  # Grit 1, +1 to defence rolls
    put_biz(s, 1, 2, "bakery")
    moves(s, 0)
    s.apply("torch:2", 0)
    dice += [3, 3]  # 5 v 1 + 4 = 5: again
    dice += [4, 1]  # 6 v 1 + 2 = 3
    s.apply("biz:1.2", 0)
    assert s.last_roll["rolls"] == [[3, 3], [4, 1]] and s.last_roll["defence"] == 3
    s = blank()
    put(s, 0, 2, "rosa_dynamite_capelli")  # Torch 5, menace 1
    put(s, 1, 2, "carmine_bruno")  # Grit 3
    put_biz(s, 1, 2, "bakery")
    moves(s, 0)
    s.apply("torch:2", 0)
    dice += [1, 3]  # 6 v 3 + (3 - 1) = 5
    s.apply("biz:1.2", 0)
    assert s.last_roll["defence"] == 5 and s.last_roll["success"]


def test_cool_head_takes_1_off_the_heat_of_a_success(dice):
    s = blank()
    put(s, 0, 2, "ezra_the_ghost_klein")  # Smuggle 4, cool head
    moves(s, 0)
    dice.append(1)  # Edge 5: +2 - 1
    s.apply("smuggle:2", 0)
    assert mob(s, 0, 2).heat == 1
    s = blank()
    put(s, 0, 2, "little_augie_fenn")  # Smuggle 2
    put_asset(s, 0, 6, "crooked_cop")
    moves(s, 0)
    dice.append(1)  # Edge 3: +3 - 1
    s.apply("smuggle:2", 0)
    assert mob(s, 0, 2).heat == 2


def test_thick_skin_turns_a_discard_into_damage(dice):
    s = blank()
    put(s, 0, 2, "aldo_ironjaw_rizzo", d_move1=4)  # Murder 5 damaged to 1
    put(s, 1, 2, "don_salvatore_the_lion_amato")  # Grit 4
    moves(s, 0)
    s.apply("murder:2", 0)
    dice += [1, 5]  # 2 v 9: a difference of 7
    s.apply("mob:1.2", 0)
    assert s.last_roll["damage"] == "damaged" and mob(s, 0, 2).d_move1 == 5


def test_payout_adds_money_to_each_success(dice):
    s = blank()
    put(s, 0, 2, "big_tim_gallagher")  # Murder 4, +$50K a Murder
    put(s, 1, 2, "eddie_the_ear")  # Grit 0
    moves(s, 0)
    s.apply("murder:2", 0)
    dice += [5, 1]
    s.apply("mob:1.2", 0)
    assert s.syn[0].stash == 500 + 100 + 50


def test_loyal_and_connected_work_even_in_jail():
    from volstead.games.mafia_chronicles.rules.market import release_cost
    from volstead.games.mafia_chronicles.rules.ratings import LOYAL, perk_total

    s = blank()
    put(s, 1, 2, "margaret_queen_peg_oshea", heat=5, jailed=True)
    put(s, 1, 3, "frederick_the_judge_whitcombe", heat=5, jailed=True)
    assert perk_total(s, s.syn[1], 2, LOYAL) == 1 and release_cost(s, s.syn[1], 3) == 125
    put(s, 0, 2, "tony_two_shoes")
    moves(s, 0)
    s.apply("flip:2", 0)
    assert set(s.decision(0).option_ids) == {"mob:1.3", "back"}
