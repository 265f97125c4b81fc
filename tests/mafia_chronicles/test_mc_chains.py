"""Shipments and Heists with their negotiations (rulebook §6.5 Smuggle, Steal)."""

from __future__ import annotations

from mc_helpers import blank, mob, moves, put, put_asset, put_biz

from volstead.games.mafia_chronicles.state import SMUGGLE, STEAL


def ids(s, seat=None):
    return set(s.decision(seat).option_ids)


def shipment_table():
    """Seat 0's Gus Varga (Smuggle 3, +1 from the Candy Factory) starts; seat 1's Airstrip (Paulie,
    Smarts 0 + 1) and seat 0's own Street (Sal, Smarts 1) complete the chain."""
    s = blank()
    put(s, 0, 2, "gus_varga")
    put_biz(s, 0, 2, "candy_factory")
    put(s, 1, 2, "paulie_greco")
    put_biz(s, 1, 2, "airstrip")
    put(s, 0, 3, "sal_the_kid")
    put_biz(s, 0, 3, "street")
    return moves(s, 0)


def to_the_offer(s):
    s.apply("shipment:2", 0)
    assert ids(s) == {"link:1.2", "back"}
    s.apply("link:1.2", 0)
    assert ids(s) == {"link:0.3", "back"}
    s.apply("link:0.3", 0)
    d = s.decision()
    assert (d.seat, d.kind) == (0, "offer") and d.option_ids == tuple(f"offer:{5 * k}" for k in range(11))


def test_6_5_a_shipment_needs_a_candy_factory_column_and_a_full_chain():
    s = shipment_table()
    assert "shipment:2" in ids(s) and "smuggle:2" in ids(s)
    put(s, 1, 2, "paulie_greco", heat=5, jailed=True)  # the Airstrip's card in Jail: the chain is broken
    moves(s, 0)
    assert "shipment:2" not in ids(s) and "smuggle:2" in ids(s)


def test_6_5_an_accepted_offer_is_rolled_and_the_total_split_as_agreed(dice):
    s = shipment_table()
    to_the_offer(s)
    s.apply("offer:20", 0)
    d = s.decision()
    assert (d.seat, d.kind) == (1, "respond") and {"accept", "decline", "counter:50"} <= set(d.option_ids)
    assert "counter:20" not in d.option_ids
    assert s.view(1)["negotiation"]["share_percent"] == 20 and s.view(0)["negotiation"]["share_percent"] == 20
    assert s.view(2)["negotiation"] == {"between": [0, 1], "step": "respond", "move": "shipment"}
    dice += [4, 3, 2]  # Smuggle 4+4 = 8; Airstrip Smarts 1+3 = 4; Street Smarts 1+2 = 3: 15 x $40K = $600K
    s.apply("accept", 1)
    assert s.last_roll["total"] == 15 and s.last_roll["amount"] == 600
    assert (s.syn[0].stash, s.syn[1].stash) == (500 + 480, 500 + 120)
    assert mob(s, 0, 2).heat == 1 and mob(s, 0, 2).exhausted and s.syn[0].wins[SMUGGLE] == 1
    assert not mob(s, 1, 2).exhausted and not mob(s, 0, 3).exhausted  # the links make no move


def test_6_5_a_counter_then_a_final_offer_accepted(dice):
    s = shipment_table()
    to_the_offer(s)
    s.apply("offer:10", 0)
    s.apply("counter:40", 1)
    d = s.decision()
    assert (d.seat, d.kind) == (0, "final_offer") and set(d.option_ids) == {f"final:{5 * k}" for k in range(11)} | {"off"}
    s.apply("final:25", 0)
    assert s.decision().seat == 1 and s.decision().option_ids == ("accept", "refuse")
    dice += [4, 3, 2]
    s.apply("accept", 1)
    assert (s.syn[0].stash, s.syn[1].stash) == (500 + 450, 500 + 150)


def test_6_5_a_declined_refused_or_called_off_deal_rolls_nothing_and_the_card_may_move_again():
    for path in (["decline"], ["counter:50", "off"], ["counter:50", "final:30", "refuse"]):
        s = shipment_table()
        to_the_offer(s)
        s.apply("offer:10", 0)
        for k, step in enumerate(path):
            s.apply(step, 1 if k % 2 == 0 else 0)
        m = mob(s, 0, 2)
        assert not m.exhausted and m.talked and s.syn[0].stash == 500 and s.syn[1].stash == 500
        d = s.decision()
        assert (d.seat, d.kind) == (0, "move") and "shipment:2" not in d.option_ids and "smuggle:2" in d.option_ids
        assert s.last_deal == "The Valenti Family and The Kearney Mob made no deal"


def test_6_5_an_initiators_roll_of_1_fails_the_shipment_with_2_heat(dice):
    s = shipment_table()
    to_the_offer(s)
    s.apply("offer:0", 0)
    dice.append(1)
    s.apply("accept", 1)
    assert not s.last_roll["success"] and mob(s, 0, 2).heat == 2 and s.syn[0].stash == 500
    assert mob(s, 0, 2).exhausted


def test_6_5_a_partners_roll_of_1_gives_it_2_heat_and_the_shipment_goes_on(dice):
    s = shipment_table()
    to_the_offer(s)
    s.apply("offer:0", 0)
    dice += [4, 1, 2]  # 8 + 2 + 3 = 13
    s.apply("accept", 1)
    assert s.last_roll["success"] and s.last_roll["total"] == 13 and mob(s, 1, 2).heat == 2
    assert s.syn[0].stash == 500 + 13 * 40


def test_6_5_a_chain_of_ones_own_cards_needs_no_talks(dice):
    s = shipment_table()
    s.syn[1].set_biz(2, -1)
    put(s, 0, 1, "eddie_the_ear")  # Smarts 2, + 1 from the Airstrip
    put_biz(s, 0, 1, "airstrip")
    moves(s, 0)
    s.apply("shipment:2", 0)
    s.apply("link:0.1", 0)
    dice += [2, 2, 2]  # 6 + 5 + 3
    s.apply("link:0.3", 0)
    assert s.last_roll["total"] == 14 and s.syn[0].stash == 500 + 14 * 40


def heist_table():
    """Seat 0's Bugsy Feld (Steal 3 + 1 from Plans) starts; seat 2's Spotter (Eddie, Smarts 2 + 1)
    and seat 3's Insider (Sal, Smarts 1)."""
    s = blank()
    put(s, 0, 2, "bugsy_feld")
    put_asset(s, 0, 2, "plans")
    put(s, 2, 1, "eddie_the_ear")
    put_asset(s, 2, 1, "spotter")
    put(s, 3, 3, "sal_the_kid")
    put_asset(s, 3, 7, "insider")
    return moves(s, 0)


def test_6_5_a_heist_talks_to_each_partner_clockwise_and_pays_total_edge_x_35k(dice):
    s = heist_table()
    s.apply("heist:2", 0)
    s.apply("link:2.1", 0)
    s.apply("link:3.3", 0)
    assert s.decision().kind == "offer" and s.decision().prompt.endswith("to The Stern Syndicate (a share of the total)")
    s.apply("offer:10", 0)
    s.apply("accept", 2)
    assert s.view(3)["negotiation"]["between"] == [0, 3] and "agreed" in s.view(3)["negotiation"]
    assert s.view(3)["negotiation"]["agreed"] == {}  # seat 2's share is not seat 3's business
    assert s.view(0)["negotiation"]["agreed"] == {"2": 10}
    s.apply("offer:15", 0)
    dice += [5, 2, 3]  # Steal 4+5 = 9; Spotter 3+2 = 5; Insider 1+3 = 4: 18 x $35K = $630K
    s.apply("accept", 3)
    assert s.last_roll["amount"] == 630
    assert [y.stash for y in s.syn] == [500 + 630 - 63 - 94, 500, 500 + 63, 500 + 94]
    assert s.syn[0].wins[STEAL] == 1 and mob(s, 0, 2).heat == 1


def test_6_5_a_heist_initiators_1_fails_it_with_3_heat_and_a_partners_1_gives_it_3(dice):
    s = heist_table()
    s.apply("heist:2", 0)
    s.apply("link:2.1", 0)
    s.apply("link:3.3", 0)
    s.apply("offer:0", 0)
    s.apply("accept", 2)
    s.apply("offer:0", 0)
    dice.append(1)
    s.apply("accept", 3)
    assert mob(s, 0, 2).heat == 3 and not s.last_roll["success"]
    s = heist_table()
    s.apply("heist:2", 0)
    s.apply("link:2.1", 0)
    s.apply("link:3.3", 0)
    s.apply("offer:0", 0)
    s.apply("accept", 2)
    s.apply("offer:0", 0)
    dice += [5, 1, 3]
    s.apply("accept", 3)
    assert mob(s, 2, 1).heat == 3 and s.last_roll["success"]


def test_a_mastermind_adds_to_the_total_edge(dice):
    s = shipment_table()
    put(s, 0, 2, "jack_rum_king_harlan")  # Smuggle 4 (+1), Mastermind 3
    moves(s, 0)
    to_the_offer(s)
    s.apply("offer:0", 0)
    dice += [4, 3, 2]  # 9 + 4 + 3 + 3
    s.apply("accept", 1)
    assert s.last_roll["total"] == 19
