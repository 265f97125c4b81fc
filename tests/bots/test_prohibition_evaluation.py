"""The Prohibition evaluation bots use (src/volstead/games/prohibition/evaluation.py): exact values
on set-up positions, term by term, and what the bots may read."""

from __future__ import annotations

import random

import pytest

from prohibition_mats import mat_with_bonuses
from volstead.bots import GreedyBot, ISMCTSBot, ask_bot
from volstead.games.prohibition import GAME
from volstead.games.prohibition.evaluation import breakdown, evaluate, measures, tables, warehouse_kept, warehouse_pp
from volstead.games.prohibition.options import Options
from volstead.games.prohibition.rules.operations import StockBuildings, Warehouse
from volstead.games.prohibition.rules.schemes import BUILDING, measure
from volstead.games.prohibition.state import ProhibitionState

SHAKEDOWN = 8  # action space index of Shake Down (board.toml: Charm Campaign, Protection Money, Shake Down, ...)


def earlier_rum_row(tmp_path) -> str:
    """The embedded set with Rum Row's mat as it was until the thirtieth session (+1 Gs a Block of
    Extortion; fees 5 Gs up to 6 Booze, 10 up to 12, 15 up to 18, then 20): the worked examples of fees
    paid and Extortion bonuses below need a mat that has them."""
    fees = "[{ upto = 6, gs = 5 }, { upto = 12, gs = 10 }, { upto = 18, gs = 15 }, { gs = 20 }]"
    return mat_with_bonuses(tmp_path, "rum_row", "booze_output = 2, extortion_per_block = 1", fees)


def earlier_tammany(tmp_path) -> str:
    """The embedded set with Tammany's mat as it was until the thirtieth session (Bribes 5 Gs less,
    Charm Campaign 2 degrees more, Take Charge +5 Gs)."""
    return mat_with_bonuses(tmp_path, "tammany", "bribe_discount = 5, charm_extra = 2, take_charge_gs = 5")


def setup(mats=("tammany", "rum_row"), cards: str = "") -> ProhibitionState:
    """2 gangs at 1921's first turn, Schemes and Infamy taken away: seat 0 holds hk1-hk4 (HQ hk1 with
    3 Goons and the Guard, a Goon on hk2), tl1-tl2 (a Goon on tl1), les1-les2 (a Goon on les1);
    seat 1 the same shape on li, tl3-tl4, les3-les4. 15 Gs, 3 Booze, Heat 1 each."""
    s = GAME.new_game(1, len(mats), Options(first_seat=0, mats=mats, cards=cards))
    while s.in_lanes():
        s.apply_index(0)
    for g in s.gangs:
        g.hand, g.infamy = (), -1
    return s


def blk(s, name):
    return s.content.block_index[name]


def put(s, block, kind, stocked=False):
    k = ("still", "brewery", "speakeasy", "nightclub", "settlement", "ward").index(kind)
    s.set_block(blk(s, block), tile=k * 7 + s.stacks[k][0])
    s.stacks = s.stacks[:k] + (s.stacks[k][1:],) + s.stacks[k + 1 :]
    s.set_stocked(blk(s, block), stocked)


def run_steps(s, *steps):
    """Replace the pending steps by these (the first runs first) and run to the first decision."""
    s.stack = list(reversed(steps))
    s._decision, s._pending = None, ()
    s._advance()


def scheme(s, sid):
    return s.content.scheme_index[sid]


def test_card_costs_come_from_the_fed_deck(tmp_path):
    """A card at Threshold I: the mean over the 8 cards of min(Bribe, months, Consequence): RAID! 1.5
    (lose a Stock), Padlock 1.5, Dragnet 1 (a Goon), Tax Man 1 (5 Gs Bribe), Dry Agents 2, Grand Jury 3,
    Wiretap 1, Shake-up 2 -> 13/8. A mat whose Bribes are 5 Gs less (Tammany's until the thirtieth
    session): RAID!, Padlock, Dry Agents, Wiretap and Shake-up 1 (5 Gs), Dragnet and Tax Man free, Grand
    Jury 2 (10 Gs) -> 7/8."""
    c = setup().content
    card = tables(c).card
    assert card[c.mat_index["rum_row"]][0] == 13 / 8
    assert card[c.mat_index["tammany"]][0] == 13 / 8
    c = setup(cards=earlier_tammany(tmp_path)).content
    assert tables(c).card[c.mat_index["tammany"]][0] == 7 / 8


def test_the_setup_position_term_by_term():
    s = setup()
    # Seat 1 (Rum Row): an ordinary position, 4 home Blocks and 2 + 2 shared
    want = {
        "prestige": 21.0,  # 3 Neighborhoods x 5, 15 Gs = 3, 3 Booze
        "production": 0.0,
        "buildings_later": 0.0,
        "warehouse": 0.0,  # Rum Row's mat: no warehouse fee
        "turf": 0.4 * 8 * 6 + 0.4 * 1.0 * (5 * 3 / 4 + 5 / 4 + 5 / 4),  # 6 Extortions to come; 4, 2, 2 Blocks
        "units": 0.9 * 7 + 0.15 * 18,  # 6 Goons and a Guard at 0.3 + 0.6 (the whole game left); 18 in the supply
        # Turf 1 PP a Block (HQ: + half of 15 Gs), halved per Unit on it: li1 2.5/16, li2 tl3 les3 1/2,
        # li3 li4 tl4 les4 1 -> 5.65625, x 0.3
        "exposure": -0.3 * 5.65625,
        "schemes": 0.0,
        # Heat 1 projected to 13 (2 a year from Attacks and Extortion): the badge at 8 at 11/12, at 15 at 1/3;
        # Rum Row pays the full price of a Fed card
        "heat": -(13 / 8) * (11 / 12 + 1 / 3),
        "infamy": 0.0,
        "gangsters": 6.0,  # 3 to place
        "attack": 0.0,  # no Attack being ordered
        "under_way": 0.0,  # no Conflict or Consequence under way
    }
    assert breakdown(s, 1) == pytest.approx(want)
    assert evaluate(s, 1) == pytest.approx(sum(want.values())) == pytest.approx(53.971875)
    # Seat 0 (Tammany), the Starting Gang: its outpost gv1 (no Unit on it) instead of les2
    first = breakdown(s, 0)
    assert first == pytest.approx(
        want
        | {
            "prestige": 26.0,  # 4 Neighborhoods x 5
            # 5 Gs for 3 Booze at each of the 5 Operations to come (1 PP), x 0.7 during the Action Phase
            "warehouse": -0.7 * 5,
            "turf": 0.4 * 8 * 6 + 0.4 * 1.0 * (5 * 3 / 4 + 5 / 4 + 0 + 0),  # 4, 2, 1, 1 Blocks
        }
    )
    assert evaluate(s) == [pytest.approx(54.971875), pytest.approx(53.971875)]


def test_a_stocked_still_scores_its_output_now_and_its_later_years(tmp_path):
    """Rum Row (+2 Booze from Stills; the earlier mat's fees) with a stocked Still on li2: 3 PP for the
    building, 4 Booze this Production, 3 PP a year (4 Booze less the 1 PP its stock costs) for 5 more
    years x 0.65; its Block's worth at risk grows to 8 (1 + 3 for the building + 4 its output); 1 Heat a
    year."""
    s = setup(cards=earlier_rum_row(tmp_path))
    before = breakdown(s, 1)
    put(s, "li2", "still", stocked=True)
    after = breakdown(s, 1)
    delta = {k: after[k] - before[k] for k in after}
    assert delta["prestige"] == 3
    assert delta["production"] == 4
    assert delta["buildings_later"] == pytest.approx(3 * 0.65 * 5)
    assert delta["exposure"] == pytest.approx(-0.3 * (8 - 1) / 2)  # one Goon on li2
    # Heat projected to 18: badge 8 fully, 15 at 3/4, 20 (Threshold II, 3.25 PP) at 1/3
    assert after["heat"] == pytest.approx(-(13 / 8) * (1 + 3 / 4) - 3.25 / 3)
    # the Booze it makes pays Rum Row's fees (5 Gs up to 6, 10 up to 12, 15 up to 18, then 20) at the
    # 5 Operations to come: 3 + 4 = 7, then 2.6 more a year (4 x 0.65): 10, 10, 15, 15, 15 Gs, x 0.7
    assert after["warehouse"] == pytest.approx(-0.7 * (2 + 2 + 3 + 3 + 3))
    assert {k for k, v in delta.items() if v} == {
        "prestige",
        "production",
        "buildings_later",
        "warehouse",
        "exposure",
        "heat",
    }
    assert breakdown(s, 0) == pytest.approx(breakdown(setup(), 0))  # the rival's value is its own
    free = setup()  # the embedded Rum Row pays no fee: the same Still costs it nothing at the Warehouse
    put(free, "li2", "still", stocked=True)
    assert breakdown(free, 1)["warehouse"] == 0.0
    assert breakdown(free, 1) == pytest.approx(after | {"warehouse": 0.0})


@pytest.mark.parametrize("mat, earlier", [("tammany", False), ("rum_row", True), ("rum_row", False)])
def test_the_warehouse_step_is_valued_as_the_rules_take_it(mat, earlier, tmp_path):
    """Warehouse your Booze: "If you cannot pay the full amount, you lose any Booze that is not paid
    for" — what the evaluation foresees the step to keep and cost is what the rules' step does, for
    every Booze and vault up to 30 (Tammany's table, the earlier Rum Row's, today's Rum Row's: none)."""
    s = setup((mat, "bowery"), earlier_rum_row(tmp_path) if earlier else "")
    g = s.gangs[0]
    fees = tables(s.content).fees[g.mat]
    for booze in range(31):
        for gs in range(31):
            g.booze, g.gs = booze, gs
            run_steps(s, Warehouse())
            paid = gs - g.gs
            assert warehouse_kept(fees, booze, gs) == g.booze
            assert warehouse_pp(fees, booze, gs, 0.0, 0.0, 1, True) == pytest.approx(paid / 5 + booze - g.booze)


def test_stocking_that_leaves_the_vault_short_of_the_fee_costs_the_booze(tmp_path):
    """Operations: Stock comes before Warehouse. In 1926's, Rum Row (the earlier mat's fees) with 12 Booze
    and 10 Gs pays 10 Gs to keep them all; stocking its Still (5 Gs, 4 Booze at Production) would leave
    5 Gs, which keep 6 Booze: the other 6 are lost. The evaluation counts them, and the greedy bot does
    not stock."""
    s = setup(cards=earlier_rum_row(tmp_path))
    s.year, s.phase = 1926, "operations"
    put(s, "li2", "still")
    put(s, "hk2", "still")  # Tammany's, so that its Stock step comes before the Warehouse step
    g = s.gangs[1]
    g.booze, g.gs = 12, 10
    run_steps(s, StockBuildings(1), StockBuildings(0), Warehouse())
    assert s.decision().option_ids == ("stock:li2", "done")
    assert breakdown(s, 1)["warehouse"] == pytest.approx(-2.0)  # 10 Gs, the last Warehouse step
    after = s.clone()
    after.apply("stock:li2")
    assert after.decision().seat == 0  # Tammany stocks next: the Warehouse step is still to come
    assert breakdown(after, 1)["warehouse"] == pytest.approx(-(1.0 + 6))  # 5 Gs for 6 Booze, 6 lost
    assert s.decision().option_ids[ask_bot(GreedyBot(1), s)] == "done"
    g.gs = 15  # the vault pays for both: the Still is stocked
    run_steps(s, StockBuildings(1), StockBuildings(0), Warehouse())
    assert s.decision().option_ids[ask_bot(GreedyBot(1), s)] == "stock:li2"


@pytest.mark.parametrize("mats, earlier, gs", [(("tammany", "rum_row"), False, 25), (("rum_row", "tammany"), True, 30)])
def test_extortion_taken_counts_what_production_will_pay(mats, earlier, gs, tmp_path):
    """Shake Down: 3 Gs a Block (the earlier Rum Row mat 4), 8 Blocks, to the nearest 5 Gs, paid at
    Production; this year's Extortion is no longer to come (0.4 PP a Block)."""
    s = setup(mats, earlier_rum_row(tmp_path) if earlier else "")
    before = breakdown(s, 0)
    s.gangs[0].extortion = SHAKEDOWN
    after = breakdown(s, 0)
    assert after["production"] - before["production"] == gs / 5
    assert after["turf"] - before["turf"] == pytest.approx(-0.4 * 8)


def test_a_scheme_in_hand_by_progress_and_a_met_one_is_worth_completing():
    s = setup()
    g = s.gangs[0]
    g.hand = (scheme(s, "war_chest"),)  # 4 PP for 50 Gs in the vault; 15 Gs now: progress 0.3
    assert breakdown(s, 0)["schemes"] == pytest.approx(4 * (0.05 + 0.6 * 0.3**2) + 0.4)
    g.gs = 50
    assert breakdown(s, 0)["schemes"] == pytest.approx(4 * 0.8)  # met: no Tactic counted
    before = evaluate(s, 0)
    g.hand, g.done = (), (scheme(s, "war_chest"),)
    assert evaluate(s, 0) - before == pytest.approx(4 - 4 * 0.8)


def test_fed_cards_owed_cost_a_card_each_at_the_gangs_threshold():
    s = setup()
    g = s.gangs[1]  # Rum Row
    g.heat = g.peak = 25  # Threshold II
    before = breakdown(s, 1)["heat"]
    g.fed_owed = 2
    assert breakdown(s, 1)["heat"] - before == pytest.approx(-2 * 3.25)
    g.fed_owed, g.fed_cards = 0, (0,)
    assert breakdown(s, 1)["heat"] - before == pytest.approx(-3.25)


def test_infamy_counts_while_no_rival_meets_it():
    s = setup()
    g = s.gangs[0]
    g.infamy = s.content.infamy_index["loan_shark"]  # 8 PP for 75 Gs
    g.gs = 75
    # met (0.8) x the rival not meeting it: 15 Gs, progress 0.2 -> 0.05 + 0.6 x 0.04
    assert breakdown(s, 0)["infamy"] == pytest.approx(8 * 0.8 * (1 - (0.05 + 0.6 * 0.2**2)))
    s.gangs[1].gs = 75
    assert breakdown(s, 0)["infamy"] == pytest.approx(8 * 0.8 * 0.2)


def test_a_unit_on_a_building_block_is_worth_more_than_on_bare_turf():
    """Defend your Turf has something to choose by: the Goon from hk2 to the Still on hk3 (undefended,
    worth 1 + 3) rather than to bare hk4."""
    s = setup()
    put(s, "hk3", "still")
    hk2, hk3, hk4 = blk(s, "hk2"), blk(s, "hk3"), blk(s, "hk4")
    s.set_block(hk2, goons=0)
    a = s.clone()
    a.set_block(hk3, goons=1)
    b = s.clone()
    b.set_block(hk4, goons=1)
    # hk3: 4 -> 2 at risk, hk4 stays 1; or hk4: 1 -> 1/2, hk3 stays 4
    assert evaluate(a, 0) - evaluate(b, 0) == pytest.approx(0.3 * (2 - 0.5))


def test_every_seat_at_once_matches_one_seat_and_the_end_is_the_score():
    for seed in (1, 2):
        s = GAME.new_game(seed, 2 + seed)
        rng = random.Random(seed)
        while not s.is_over():
            values = evaluate(s)
            assert values == [evaluate(s, k) for k in range(s.seats)]
            assert values == [sum(breakdown(s, k).values()) for k in range(s.seats)]
            d = s.decision()
            s.apply_index(rng.randrange(len(d.codes)), d.seat)
        assert evaluate(s) == [float(x) for x in s.result().scores]


def test_measures_match_the_rules():
    s = GAME.new_game(3, 4)
    rng = random.Random(3)
    checked = 0
    while not s.is_over():
        if s.decisions_made % 7 == 0:
            m = measures(s)
            for k in range(s.seats):
                for what in range(21):
                    if what == BUILDING:
                        assert m[k][21] == [measure(s, k, BUILDING, of) for of in range(6)]
                    else:
                        assert m[k][what] == measure(s, k, what)
            checked += 1
        d = s.decision()
        s.apply_index(rng.randrange(len(d.codes)), d.seat)
    assert checked > 50


def mid_game(seed, seats=3, after=120, min_options=4):
    s = GAME.new_game(seed, seats)
    rng = random.Random(seed)
    while True:
        d = s.decision()
        if s.decisions_made >= after and len(d.codes) >= min_options and not d.lane and s.gangs[d.seat].hand:
            return s
        s.apply_index(rng.randrange(len(d.codes)), d.seat)


def other_secrets(s, seat):
    """A clone whose rivals hold other Schemes (swapped with the deck) and other Infamy cards."""
    d = s.clone()
    for g in d.gangs:
        if g.seat == seat:
            continue
        if g.hand and d.scheme_deck:
            n = len(g.hand)
            g.hand, d.scheme_deck = tuple(sorted(d.scheme_deck[:n])), d.scheme_deck[n:] + g.hand
        if g.infamy >= 0:
            other = next(x for x in d.infamy_rest)
            d.infamy_rest = tuple(sorted(x for x in d.infamy_rest if x != other) + [g.infamy])
            g.infamy = other
    d._decision = None
    return d


@pytest.mark.parametrize("make", [lambda: GreedyBot(5), lambda: ISMCTSBot(5, iterations=40)], ids=["greedy", "ismcts"])
def test_bots_never_read_rivals_schemes_or_infamy(make):
    """Through the real harness the evaluation only ever sees determinizations: rivals' hidden cards
    changed, the same choice."""
    for seed in (4, 9):
        a = mid_game(seed)
        seat = a.decision().seat
        b = other_secrets(a, seat)
        assert a.view(seat) == b.view(seat)
        assert any((ga.hand, ga.infamy) != (gb.hand, gb.infamy) for ga, gb in zip(a.gangs, b.gangs))
        assert ask_bot(make(), a) == ask_bot(make(), b)


def test_an_attack_being_ordered_is_worth_its_best_target():
    """Choosing the target (2 Goons from the HQ hk1): the best Attack in sight, by `Appraiser.target`:
    a first Block in Red Hook (unclaimed: a new Neighborhood, 5 PP, its 6 Extortions to come
    at 0.4 PP; the 2 Goons on it halve its risk twice; hk1 keeps 2 of its 4 Units; 1 degree of Heat)
    or better. The rival's own value has no Attack term."""
    from volstead.games.prohibition.evaluation import appraiser

    s = setup()
    s.apply("attack:hk1")
    s.apply("goons:2")
    assert s.decision().kind == "attack_target"
    ap = appraiser(s)
    share = (5 + 5 / 6) / 6  # 5 of the 6 Gangsters still to place this year
    hk1_worth = 1 + 15 * 0.2 / 2  # the HQ: half its vault
    gv = ap.target(0, blk(s, "hk1"), 2, blk(s, "rh1"))
    assert gv == pytest.approx(
        (5 + 0.4 * 6 - 0.3 * share * 0.25 - 0.3 * share * hk1_worth * (0.25 - 1 / 16) - ap.heat_cost(0, 1.0), 0.0, 1.0)
    )
    assert breakdown(s, 0)["attack"] == pytest.approx(ap.best_target(0, blk(s, "hk1"), 2)[0])
    assert breakdown(s, 0)["attack"] >= gv[0]
    assert breakdown(s, 1)["attack"] == 0


def test_a_consequence_still_to_be_picked_counts_its_price():
    """RAID! at Threshold III, faced: a building and a Stock, picked by the player on the right."""
    from volstead.games.prohibition.rules.feds import FedCard

    s = setup()
    put(s, "li2", "still", stocked=True)
    put(s, "li3", "brewery", stocked=True)
    raid = s.content.fed_index["raid"]
    s.gangs[1].fed_cards = (raid,)
    s.gangs[1].heat = s.gangs[1].peak = 40  # Threshold III
    s.fed_deck = tuple(x for x in s.fed_deck if x != raid)
    s.stack = [FedCard(1, raid, 2)]
    s._decision, s._pending = None, ()
    s._advance()
    before = evaluate(s, 1)
    s.apply("face")
    assert s.decision().kind == "fed_loss" and s.decision().seat == 0  # the player on the right picks
    assert breakdown(s, 1)["under_way"] == pytest.approx(-(4 + 1.5))
    # the card in hand (a card at Threshold III: 5.0625) is dealt with; its price is now pending
    assert evaluate(s, 1) - before == pytest.approx(5.0625 - 5.5)
