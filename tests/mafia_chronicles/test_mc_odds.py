"""The outcomes calculator before the roll (§6.4, issue 14: "each Boss/Gangster's moves with the exact
odds of success and the Heat/damage outcomes before you choose"): exact distributions, their words
in the help of the move and target choices, and agreement with what `resolve` really does."""

from __future__ import annotations

from fractions import Fraction as F

from mc_helpers import blank, moves, put, put_asset, put_biz

from volstead.games.mafia_chronicles.rules.dice import DAMAGED, DISCARDED, NO_EFFECT, odds, outcomes
from volstead.games.mafia_chronicles.rules.moves import move_outcomes
from volstead.games.mafia_chronicles.rules.odds import pct
from volstead.games.mafia_chronicles.state import MURDER, STEAL


def helps(s, seat=0):
    return {o.id: o.help for o in s.decision(seat).options}


def test_6_4_rating_1_against_grit_1_exactly():
    """Edges 2–6 each side; of the 20 throws that do not tie, 10 win: at Edge 3 (1), 4 (2), 5 (3), 6 (4)."""
    oc = outcomes(1, 0, 1, 0, 0)
    assert oc.win == {3: F(1, 20), 4: F(2, 20), 5: F(3, 20), 6: F(4, 20)}
    assert oc.fail == {NO_EFFECT: F(7, 20), DAMAGED: F(3, 20)}
    assert oc.success == F(1, 2) == F(odds(1, 0, 1, 0, 0))


def test_6_9_both_damage_variants_exactly():
    """Rating 0 (Edges 2, 2, 3, 4, 5) against Grit 5 (6–10): every throw fails; by Edge difference."""
    assert outcomes(0, 0, 5, 0, 0).fail == {NO_EFFECT: F(3, 25), DAMAGED: F(13, 25), DISCARDED: F(9, 25)}
    assert outcomes(0, 0, 5, 0, 0, variant="reference-card").fail == {
        NO_EFFECT: F(3, 25),
        DAMAGED: F(8, 25),
        DISCARDED: F(14, 25),
    }
    assert outcomes(0, 0, 5, 0, 0).win == {}


def test_6_5_a_fix_against_a_jailed_heat_5_and_an_unopposed_move():
    """Fix 2 (Edges 3–7) against a fixed 5: 6 and 7 win, 3 and 4 lose, 5 is thrown again."""
    assert outcomes(2, 0, 0, 0, 0, fixed=5) == ({6: F(1, 4), 7: F(1, 4)}, {NO_EFFECT: F(1, 2)})
    assert outcomes(3, 1, 0, 0, 0, defended=False).win == {5: F(1, 5), 6: F(1, 5), 7: F(1, 5), 8: F(2, 5)}
    # §6.3 "a rating of 1 cannot successfully perform a move against a 5": 24 throws that do not tie, all lost
    assert outcomes(1, 0, 5, 0, 0) == ({}, {NO_EFFECT: F(5, 24), DAMAGED: F(13, 24), DISCARDED: F(6, 24)})


def test_percent_words_round_half_up_and_never_say_0_or_100_for_what_can_happen():
    assert [pct(F(1, 2)), pct(F(1, 8)), pct(F(1, 200)), pct(F(399, 400)), pct(F(0)), pct(F(1))] == [
        "50%",
        "13%",
        "<1%",
        ">99%",
        "0%",
        "100%",
    ]


def position():
    s = blank()
    put(s, 0, 2, "frankie_nails")  # Smarts 1, Grit 1, Steal 2, Murder 1
    put(s, 0, 3, "gus_varga")  # Smuggle 3, Steal 1
    put(s, 1, 2, "sal_the_kid")  # Grit 1
    put(s, 1, 3, "mickey_doyle", heat=3)  # Grit 2
    return moves(s, 0)


def test_6_4_the_moves_menu_tells_each_moves_exact_odds_before_the_choice():
    h = helps(position())
    assert h["murder:2"] == (
        "2 targets, 29% to 50% to succeed. Likeliest: Sal the Kid (Gangster of The Kearney Mob)"
        " — 50% to succeed: +3 Heat 15%, +2 Heat 35%. Fails 50%: no effect 35%, −1 Murder 15%."
    )
    assert h["smuggle:3"] == (
        "Always succeeds: +3 Heat 20%, +2 Heat 60%, +1 Heat 20%. Pays Smuggle Edge × $25K, $150K on average."
    )
    assert h["pass:2"] == "" and h["out"] == ""


def test_6_4_each_target_tells_its_exact_odds_heat_and_damage():
    s = position()
    s.apply("murder:2", 0)
    h = helps(s)
    # Murder 1 (Edges 2–6) against Grit 2 (3–7): 6 wins of 21 throws that do not tie
    assert h["mob:1.3"] == (
        "29% to succeed: +3 Heat 5%, +2 Heat 24%. Fails 71%: no effect 43%, −1 Murder 29%. "
        "Success: the target is discarded, $100K."
    )
    assert move_outcomes(s, 0, 2, MURDER, ("mob", 1, 3)).win == {4: F(1, 21), 5: F(2, 21), 6: F(3, 21)}
    assert h["back"] == ""


def test_6_8_the_heat_that_jails_is_named_and_a_stash_steal_tells_its_mean_take():
    s = position()
    s.syn[0].set_mob(2, s.syn[0].mobs[2]._replace(heat=3))
    moves(s, 0)
    s.apply("steal:2", 0)
    # Steal 2 (Edges 3–7) against Sal's Grit 1 (2–6): 15 wins of 21; Edges 3–4 +3 Heat, 5–7 +2: both jail at 3
    assert move_outcomes(s, 0, 2, STEAL, ("stash", 1, 2)).win == {3: F(1, 21), 4: F(2, 21), 5: F(3, 21), 6: F(4, 21), 7: F(5, 21)}
    assert helps(s)["stash:1.2"] == (
        "71% to succeed: +3 Heat (Jail) 14%, +2 Heat (Jail) 57%. Fails 29%: no effect 24%, −1 Steal 5%. "
        "Success: Steal Edge × $20K from the stash, $113K on average."
    )  # mean Edge 85/15 × $20K


def test_thick_skin_shows_a_discard_as_damage():
    s = blank()
    put(s, 0, 2, "aldo_ironjaw_rizzo")  # Torch 3 (Edges 4–8); a failed move never discards it
    put(s, 1, 2, "nicola_the_fox_lombardi")  # Grit 4 + 1 from the Brass Knuckles (Edges 6–10)
    put_asset(s, 1, 2, "brass_knuckles")
    put_biz(s, 1, 2, "speakeasy")
    moves(s, 0)
    s.apply("torch:2", 0)
    # 22 throws that do not tie: 3 wins; losses by 1–2: 9, by 3–5: 9, by 6: 1 (a discard, shown as damage)
    assert move_outcomes(s, 0, 2, 1, ("biz", 1, 2)).fail == {NO_EFFECT: F(9, 22), DAMAGED: F(9, 22), DISCARDED: F(1, 22)}
    assert helps(s)["biz:1.2"] == (
        "14% to succeed: +2 Heat 5%, +1 Heat 9%. Fails 86%: no effect 41%, −1 Torch 45%. "
        "Success: the Business is discarded, $100K, −1 Grit to its column."
    )


def test_6_5_a_shipments_odds_and_mean_return_once_both_links_are_chosen():
    s = blank()
    put(s, 0, 2, "gus_varga")  # Smuggle 3 + 1 from the Candy Factory: Edges 6–9 on rolls 2–5
    put_biz(s, 0, 2, "candy_factory")
    put(s, 1, 2, "paulie_greco")  # Smarts 0 + 1 from the Airstrip: mean Edge 4
    put_biz(s, 1, 2, "airstrip")
    put(s, 0, 3, "sal_the_kid")  # Smarts 1: mean Edge 4
    put_biz(s, 0, 3, "street")
    moves(s, 0)
    start = (
        "80% to succeed: +2 Heat 40%, +1 Heat 40%. Fails 20% (a roll of 1): +2 Heat. "
        "Each link's roll of 1 (20%): +2 Heat to that card."
    )
    assert helps(s)["shipment:2"] == start + " Returns total Edge × $40K, split as agreed."
    s.apply("shipment:2", 0)
    s.apply("link:1.2", 0)
    # mean total Edge when it succeeds: 7.5 + 4 + 4 = 15.5, × $40K
    assert helps(s)["link:0.3"] == start + " Returns total Edge × $40K, $620K on average when it succeeds."


def test_the_distribution_is_what_resolve_does_for_every_throw(dice):
    """Each first throw that does not tie, resolved for real: success, Heat and damage as tabled."""
    seen: dict = {}
    for ar in range(1, 6):
        for dr in range(1, 6):
            s = blank()
            put(s, 0, 2, "sal_the_kid")  # Murder 2
            put(s, 1, 2, "rocco_ferraro")  # Grit 3
            put_asset(s, 1, 2, "stool_pigeon")  # +1 to its defence rolls
            moves(s, 0)
            s.apply("murder:2", 0)
            if 2 + ar == min(5, dr + 1) + 3:
                continue
            dice += [ar, dr]
            s.apply("mob:1.2", 0)
            r = s.last_roll
            key = ("win", r["heat"]) if r["success"] else ("fail", r["damage"])
            seen[key] = seen.get(key, 0) + 1
    total = sum(seen.values())
    oc = outcomes(2, 0, 3, 1, 0)
    heat = {e: 3 if e <= 4 else 2 if e <= 7 else 1 for e in oc.win}
    expected: dict = {}
    for e, p in oc.win.items():
        expected[("win", heat[e])] = expected.get(("win", heat[e]), 0) + p
    for res, p in oc.fail.items():
        expected[("fail", ("no effect", "damaged", "discarded")[res])] = p
    assert {k: F(n, total) for k, n in seen.items()} == expected
