"""The Market phase (rulebook §4), Jail release (§6.8), the Boss swap (§6.10), succession (§6.11),
the syndicate area's limits (§3.2) and the debt limit (§3.3)."""

from __future__ import annotations

import json

from mc_helpers import asset, biz, blank, g, market, mob, put, put_asset, start

from volstead.games.mafia_chronicles import GAME
from volstead.games.mafia_chronicles.options import Options
from volstead.games.mafia_chronicles.rules.rounds import EndRound, OpenMarket


def ids(s, seat=None):
    return set(s.decision(seat).option_ids)


def stocked(seat: int = 0):
    """A blank table whose seat has a Boss and a market of cheap cards in each row."""
    s = blank()
    y = s.syn[seat]
    put(s, seat, 0, "rosie_malone")
    y.g_row = (g("sal_the_kid"), g("mickey_doyle"), g("paulie_greco"))
    y.b_row = (biz(seat, "bakery"), biz(seat, "newsstand"), biz(seat, "garage"))
    y.a_row = (asset(seat, "plans"), asset(seat, "plans", 1), asset(seat, "spotter"))
    return s


def test_4_four_purchases_a_market_at_most_two_of_each_type():
    s = market(stocked(), 0)
    buys = [i for i in ids(s) if i.startswith("buy:")]
    assert len(buys) == 9
    for inst in (g("sal_the_kid"), g("mickey_doyle")):
        s.apply(f"buy:{inst}", 0)
        s.apply("slot:1" if inst == g("sal_the_kid") else "slot:2", 0)
    assert not any(i.startswith(f"buy:{g('paulie_greco')}") for i in ids(s))  # 2 Gangsters bought
    for name in ("bakery", "newsstand"):
        s.apply(f"buy:{biz(0, name)}", 0)
        s.apply("slot:0" if name == "bakery" else "slot:1", 0)
    assert s.syn[0].buys == (2, 2, 0)
    assert not any(i.startswith("buy:") for i in ids(s))  # 4 purchases: no Asset either
    assert s.syn[0].stash == 500 - 50 - 50 - 60 - 70


def test_6_10_a_gangster_bought_never_goes_to_the_boss_slot():
    s = stocked()
    s.syn[0].set_mob(0, None)  # even with the Boss slot empty
    market(s, 0)
    s.apply(f"buy:{g('sal_the_kid')}", 0)
    assert ids(s) == {"slot:1", "slot:2", "slot:3"}


def test_3_2_an_asset_never_goes_beside_its_own_copy():
    s = stocked()
    put_asset(s, 0, 1, "plans")
    market(s, 0)
    s.apply(f"buy:{asset(0, 'plans', 1)}", 0)
    assert ids(s) == {f"slot:{k}" for k in (0, 2, 3, 4, 6, 7)}


def test_4_a_card_with_no_room_cannot_be_bought():
    s = stocked()
    for c in (1, 2, 3):
        put(s, 0, c, "eddie_the_ear")
    market(s, 0)
    assert not any(i == f"buy:{g('sal_the_kid')}" for i in ids(s))


def test_3_3_at_a_debt_of_500k_nothing_can_be_bought_and_going_negative_is_marked():
    s = stocked()
    s.syn[0].stash = -500
    market(s, 0)
    assert not any(i.startswith("buy:") for i in ids(s))
    s.syn[0].stash = -499
    s.syn[0].went_negative = False
    market(s, 0)
    s.apply(f"buy:{biz(0, 'garage')}", 0)
    s.apply("slot:3", 0)
    assert s.syn[0].stash == -589 and s.syn[0].went_negative
    assert not any(i.startswith("buy:") for i in ids(s))  # the debt is now past $500K


def test_6_8_release_costs_50k_per_heat_and_resets_heat():
    s = stocked()
    put(s, 0, 2, "sal_the_kid", heat=5, jailed=True, exhausted=True)
    market(s, 0)
    label = next(o.label for o in s.decision(0).options if o.id == "release:2")
    assert label == "Release Sal the Kid from Jail for $250K"
    s.apply("release:2", 0)
    m = mob(s, 0, 2)
    assert (m.heat, m.jailed, m.exhausted, s.syn[0].stash) == (0, False, False, 250)


def test_a_connected_card_is_released_for_25k_per_heat():
    s = stocked()
    put(s, 0, 2, "clara_dunn", heat=5, jailed=True)
    market(s, 0)
    s.apply("release:2", 0)
    assert s.syn[0].stash == 375


def test_6_10_the_boss_swap_once_a_game_before_buying_with_an_active_boss():
    s = stocked()
    put(s, 0, 2, "paulie_greco")
    put(s, 0, 3, "mickey_doyle", heat=5, jailed=True)
    market(s, 0)
    assert {i for i in ids(s) if i.startswith("swap")} == {"swap:2"}  # the jailed one cannot
    s.apply("swap:2", 0)
    assert mob(s, 0, 0).card == g("paulie_greco") and s.syn[0].mobs[2] is None
    assert g("rosie_malone") in s.syn[0].gone and s.syn[0].swapped
    assert not any(i.startswith("swap") for i in ids(s))
    s = stocked()
    put(s, 0, 2, "paulie_greco")
    market(s, 0)
    s.apply(f"buy:{biz(0, 'bakery')}", 0)
    s.apply("slot:0", 0)
    assert not any(i.startswith("swap") for i in ids(s))  # not after a purchase
    s = stocked()
    put(s, 0, 0, "rosie_malone", heat=5, jailed=True)
    put(s, 0, 2, "paulie_greco")
    market(s, 0)
    assert not any(i.startswith("swap") for i in ids(s))  # the Boss must be active


def test_6_11_the_underboss_becomes_boss_when_the_next_market_opens():
    s = blank()
    put(s, 0, 1, "paulie_greco", heat=5, jailed=True)  # a jailed Underboss is promoted too
    put(s, 0, 2, "sal_the_kid")
    put(s, 1, 2, "mickey_doyle")  # seat 1: no Underboss, no promotion
    start(s, OpenMarket(), "market")
    assert mob(s, 0, 0).card == g("paulie_greco") and s.syn[0].mobs[1] is None
    assert s.syn[1].mobs[0] is None and mob(s, 1, 2).card == g("mickey_doyle")


def test_4_the_market_energizes_every_active_card():
    s = blank()
    put(s, 0, 2, "sal_the_kid", exhausted=True)
    put(s, 0, 3, "paulie_greco", exhausted=True, heat=5, jailed=True)
    start(s, OpenMarket(), "market")
    assert not mob(s, 0, 2).exhausted and mob(s, 0, 3).exhausted


def test_4_discarding_gives_nothing_back():
    s = stocked()
    put(s, 0, 2, "paulie_greco")
    put_asset(s, 0, 5, "ledger")
    market(s, 0)
    s.apply("discard:bg:2", 0)
    s.apply("discard:asset:5", 0)
    s.apply("discard:bg:0", 0)  # even the Boss
    y = s.syn[0]
    assert y.mobs == (None,) * 4 and y.assets[5] == -1 and y.stash == 500
    assert set(y.gone) == {g("paulie_greco"), g("rosie_malone"), asset(0, "ledger")}


def test_4_rearranging_swaps_cards_of_a_row_but_never_the_boss_or_a_jailed_card():
    s = stocked()
    put(s, 0, 1, "paulie_greco")
    put(s, 0, 2, "sal_the_kid", heat=5, jailed=True)
    put_asset(s, 0, 0, "plans")
    put_asset(s, 0, 5, "plans", 1)
    market(s, 0)
    moves = {i for i in ids(s) if i.startswith("move:")}
    assert "move:bg:0" not in moves and "move:bg:2" not in moves and "move:bg:1" in moves
    s.apply("move:bg:1", 0)
    assert ids(s) == {"to:3"}  # not the Boss slot, not onto the jailed card
    s.apply("to:3", 0)
    assert mob(s, 0, 3).card == g("paulie_greco") and s.syn[0].mobs[1] is None
    s.apply("move:asset:0", 0)
    assert "to:1" not in ids(s) and "to:4" in ids(s)  # never beside the other Plans (slot 5)
    assert s.syn[0].rearranged == 1


def test_rearranging_stops_after_12_moves_a_market():
    s = stocked()
    put(s, 0, 1, "paulie_greco")
    s.syn[0].rearranged = 12
    market(s, 0)
    assert not any(i.startswith("move:") for i in ids(s))


def test_4_markets_refresh_after_income_with_5_new_cards():
    s = blank()
    y = s.syn[0]
    y.g_row, y.g_deck = (1, 2), (3, 4, 5, 6, 7, 8, 9)
    b_row, a_row, b_deck = y.b_row, y.a_row, y.b_deck
    s.round = 2
    start(s, EndRound(), "income")
    assert y.g_row == (3, 4, 5, 6, 7) and y.g_deck == (8, 9)
    assert y.b_row == b_deck[:5] and y.dropped == (1, 2) + b_row + a_row


def test_the_last_round_does_not_refresh():
    s = blank()
    y = s.syn[0]
    row = y.g_row
    s.round = 4
    start(s, EndRound(), "income")
    assert y.g_row == row


def test_4_purchases_stay_private_until_everyone_is_done():
    s = GAME.new_game(3, 4, Options(first_seat=0))
    for k in range(4):
        s.apply_index(0, k)
    assert s.phase == "market" and s.pending_seats() == (0, 1, 2, 3)
    before = {k: json.dumps(s.view(k)["syndicates"][0], sort_keys=True) for k in (1, 2, 3)}
    public_before = s.view(None)["syndicates"][0]
    inst = s.syn[0].b_row[0]
    s.apply(f"buy:{inst}", 0)
    s.apply("slot:2", 0)
    s.apply("done", 0)
    for k in (1, 2, 3):
        mine = json.loads(before[k])
        now = s.view(k)["syndicates"][0]
        assert now["status"] == "done" and mine["status"] == "deciding"
        mine["status"] = "done"
        assert now == mine  # nothing of the purchase shows
    assert s.view(None)["syndicates"][0] == {**public_before, "status": "done"}
    assert s.view(0)["syndicates"][0]["columns"][2]["business"]["inst"] == inst
    for k in (1, 2, 3):
        s.apply("done", k)
    assert s.view(1)["syndicates"][0]["columns"][2]["business"]["inst"] == inst  # revealed
