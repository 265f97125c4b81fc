"""The Income phase (rulebook §7) and the Event phase (§5) with every authored Event effect."""

from __future__ import annotations

import json

from mc_helpers import C, blank, mob, put, put_asset, put_biz, start

from volstead.games.mafia_chronicles.rules.events import OpenEvents
from volstead.games.mafia_chronicles.rules.income import income
from volstead.games.mafia_chronicles.rules.moves import payout, success_heat
from volstead.games.mafia_chronicles.state import FRAME, MURDER, RoundMods


# ------------------------------------------------------------------ §7 Income
def test_7_only_columns_with_an_active_card_earn_and_the_boss_adds_smarts_x_10_percent():
    s = blank()
    put(s, 0, 0, "rosie_malone")  # Boss, Smarts 1
    put(s, 0, 2, "sal_the_kid")
    put_biz(s, 0, 2, "casino")  # 105
    put_asset(s, 0, 2, "ledger")  # 40
    put(s, 0, 3, "paulie_greco", heat=5, jailed=True)
    put_biz(s, 0, 3, "speakeasy")  # a jailed card earns nothing (§6.8)
    put_biz(s, 0, 1, "bakery")  # no card in the column
    inc = income(s, s.syn[0])
    assert (inc.cards, inc.underboss, inc.boss, inc.total) == (145, 0, 14, 159)


def test_7_the_rulebooks_example_500k_with_a_smarts_5_boss_takes_750k():
    s = blank()
    put(s, 0, 0, "isabella_the_widow_conti")  # Smarts 4, + 1 from the Newsstand
    put_biz(s, 0, 0, "newsstand")  # 30
    put(s, 0, 1, "sal_the_kid")  # the Underboss: $100K
    put_biz(s, 0, 1, "compound")  # 200
    put(s, 0, 2, "tommaso_greco")  # its own income 30
    put_biz(s, 0, 2, "laundry")  # 70
    put(s, 0, 3, "mickey_doyle")
    put_biz(s, 0, 3, "bakery")  # 30
    put_asset(s, 0, 7, "ledger")  # 40
    inc = income(s, s.syn[0])
    assert (inc.cards + inc.underboss, inc.boss, inc.total) == (500, 250, 750)


def test_7_a_jailed_underboss_or_boss_earns_no_bonus():
    s = blank()
    put(s, 0, 0, "isabella_the_widow_conti", heat=5, jailed=True)
    put(s, 0, 1, "sal_the_kid", heat=5, jailed=True)
    put(s, 0, 2, "mickey_doyle")
    put_biz(s, 0, 2, "casino")
    assert income(s, s.syn[0]) == (105, 0, 0)


def test_7_income_is_collected_in_private_in_the_income_phase():
    from volstead.games.mafia_chronicles.rules.income import OpenIncome

    s = blank()
    put(s, 0, 2, "sal_the_kid")
    put_biz(s, 0, 2, "casino")
    start(s, OpenIncome(), "income")
    assert s.pending_seats() == (0, 1, 2, 3) and s.decision(0).options[0].label.startswith("Collect $105K")
    s.apply("collect", 0)
    assert s.syn[0].stash == 605 and s.view(1)["syndicates"][0]["stash"] is None


# ------------------------------------------------------------------ §5 Events
def turn_event(s, event_id: str):
    s.event_deck = (C.e_index[event_id],) + tuple(e for e in s.event_deck if e != C.e_index[event_id])
    s.round = 2
    return start(s, OpenEvents(), "events")


def test_5_one_event_a_round_then_everyone_presses_done():
    s = blank()
    turn_event(s, "street_festival")
    assert s.event == C.e_index["street_festival"] and s.in_lanes() and s.pending_seats() == (0, 1, 2, 3)
    assert [y.stash for y in s.syn] == [550] * 4
    for k in range(4):
        assert s.decision(k).option_ids == ("done",)
        s.apply("done", k)
    assert not s.in_lanes() and s.view(2)["event"]["name"] == "Street Festival"


def test_police_crackdown_heats_cards_with_3_heat_or_more():
    s = blank()
    put(s, 0, 2, "sal_the_kid", heat=3)
    put(s, 1, 2, "paulie_greco", heat=4)
    put(s, 2, 2, "mickey_doyle", heat=2)
    turn_event(s, "police_crackdown")
    assert (mob(s, 0, 2).heat, mob(s, 1, 2).jailed, mob(s, 2, 2).heat) == (4, True, 2)


def test_blind_eye_cools_every_card_not_in_jail():
    s = blank()
    put(s, 0, 2, "sal_the_kid", heat=3)
    put(s, 1, 2, "paulie_greco", heat=5, jailed=True)
    turn_event(s, "blind_eye")
    assert mob(s, 0, 2).heat == 2 and mob(s, 1, 2).heat == 5


def test_tax_audit_takes_10_percent_of_positive_stashes():
    s = blank()
    s.syn[1].stash = 123
    s.syn[2].stash = -40
    turn_event(s, "tax_audit")
    assert [y.stash for y in s.syn] == [450, 111, -40, 450]


def test_round_rules_income_payout_ban_heat_last_the_round():
    s = blank()
    put(s, 0, 2, "sal_the_kid")
    put_biz(s, 0, 2, "casino")
    put(s, 0, 3, "mickey_doyle")
    put_biz(s, 0, 3, "candy_factory")
    turn_event(s, "boom_town")
    assert s.mods == RoundMods(income_business=-1, income_percent=150)
    assert income(s, s.syn[0]).cards == 105 * 3 // 2 + 70 * 3 // 2
    turn_event(s, "sugar_shortage")
    assert income(s, s.syn[0]).cards == 105
    turn_event(s, "mob_funeral")
    assert s.mods.banned_move == MURDER
    turn_event(s, "election_year")
    assert payout(s, s.syn[0], 2, FRAME) == 50
    turn_event(s, "heat_wave")
    assert success_heat(s, s.syn[0], 2, 9) == 2


def test_bail_hearing_lets_each_syndicate_release_in_secret_at_25k_per_heat():
    s = blank()
    put(s, 0, 2, "sal_the_kid", heat=5, jailed=True)
    put(s, 0, 3, "mickey_doyle", heat=5, jailed=True)
    turn_event(s, "bail_hearing")
    assert s.decision(0).kind == "event_choice" and s.decision(1).kind == "event_done"  # nothing to choose
    assert set(s.decision(0).option_ids) == {"release:2", "release:3", "none"}
    view_before = json.dumps(s.view(1), sort_keys=True)
    s.apply("release:2", 0)
    assert json.dumps(s.view(1), sort_keys=True) == view_before  # secret until the phase ends
    assert not mob(s, 0, 2).jailed and s.syn[0].stash == 375
    s.apply("none", 0)
    assert mob(s, 0, 3).jailed and s.decision(0).kind == "event_done"


def test_crooked_sergeant_and_back_alley_doctor_offer_one_paid_fix():
    s = blank()
    put(s, 0, 2, "sal_the_kid", heat=3)
    put(s, 0, 3, "mickey_doyle", d_grit=1, d_move1=1)
    turn_event(s, "crooked_sergeant")
    assert set(s.decision(0).option_ids) == {"bribe:2", "none"}
    s.apply("bribe:2", 0)
    assert mob(s, 0, 2).heat == 1 and s.syn[0].stash == 450 and s.decision(0).kind == "event_done"
    turn_event(s, "back_alley_doctor")
    s.apply("heal:3", 0)
    assert mob(s, 0, 3).damage == 0 and s.syn[0].stash == 400
