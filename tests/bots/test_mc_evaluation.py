"""The Mafia Chronicles evaluation bots use (evaluation.py) and its negotiation policy (policy.py):
exact values for set positions (docs/bots.md, Mafia Chronicles)."""

from __future__ import annotations

import random

import pytest

from volstead.games.mafia_chronicles import GAME
from volstead.games.mafia_chronicles.content.loader import A0, B0, DECK, default_content
from volstead.games.mafia_chronicles.evaluation import evaluate
from volstead.games.mafia_chronicles.options import Options
from volstead.games.mafia_chronicles.policy import affordable, expected_pot, fix_worth, reserve
from volstead.games.mafia_chronicles.rules.moves import MoveMenu
from volstead.games.mafia_chronicles.state import MafiaState, Mob

C = default_content()


def blank() -> MafiaState:
    """Round 1's Market just opened (seat 0 first), every area and market empty, $500K each."""
    s = GAME.new_game(0, 4, Options(first_seat=0))
    for k in range(4):
        s.apply_index(0, k)
    for y in s.syn:
        y.mobs, y.biz, y.assets = (None,) * 4, (-1,) * 4, (-1,) * 8
        y.stash = 500
    return s


def put(s, seat, col, gid, **markers):
    s.syn[seat].set_mob(col, Mob(C.g_index[gid], **markers))


def put_biz(s, seat, col, bid):
    t = C.b_index[bid]
    s.syn[seat].set_biz(col, B0 + seat * DECK + C.business_deck.index(t))


def put_asset(s, seat, slot, aid):
    t = C.a_index[aid]
    s.syn[seat].set_asset(slot, A0 + seat * DECK + C.asset_deck.index(t))


def moves_turn(s, seat):
    """The Moves phase of round 2, `seat` to move."""
    s.round, s.phase = 2, "moves"
    s.stack = [MoveMenu(seat)]
    s._decision, s._pending = None, ()
    return s


# Rosie Malone as a lone Boss in round 1's Market: Frame 2 and Fix 1 against a typical defence of 2
# (Frame: 1/2 to succeed; Fix: 6/21), 4 Moves phases left, 0.6 expected success a phase for each
# counted condition (reach 2.4 / 5 = 0.48); a Frame costs its victim 1 VP, counted at a third.
REACH = 0.6 * 4 / 5
FRAME_MOVE = 0.5 * (1 + 1 / 3 * 1.0 + 4 / 5 * REACH) - 0.5 * 0.15  # $100K, + 1/3 of the victim's loss
LATER = 0.7 + 0.7**2 + 0.7**3  # rounds 2–4, seen from round 1, × 0.7 a round ahead
ROSIE = 5 + 3 + (1 + LATER) * FRAME_MOVE + 0.05 * (1 + 1)  # never murdered, the only Boss (× 0.6), moves, defence


def test_a_lone_boss_in_round_1_exactly():
    s = blank()
    put(s, 0, 0, "rosie_malone")
    s.syn[0].stash = 900
    assert evaluate(s, 0) == pytest.approx(9 + ROSIE, abs=1e-12)
    assert evaluate(s, 1) == pytest.approx(5 + 5, abs=1e-12)  # $500K and never murdered; no card
    assert evaluate(s) == [evaluate(s, k) for k in range(4)]


def test_a_business_is_worth_its_income_for_the_incomes_left_with_the_boss_bonus():
    s = blank()
    put(s, 0, 0, "rosie_malone")
    before = evaluate(s, 0)
    put_biz(s, 0, 0, "speakeasy")  # $65K + Rosie's Smarts 1 × 10 % = $71K, 4 Incomes left
    assert evaluate(s, 0) - before == pytest.approx((1 + LATER) * 71 / 100, abs=1e-12)
    put_biz(s, 0, 1, "casino")  # nobody in column 2: no income
    assert evaluate(s, 0) - before == pytest.approx((1 + LATER) * 71 / 100, abs=1e-12)


def test_heat_costs_and_a_third_gangster_is_worth_the_condition():
    s = blank()
    put(s, 0, 0, "rosie_malone", heat=2)
    assert evaluate(s, 0) == pytest.approx(5 + ROSIE - 0.35 * 2, abs=1e-12)

    def value(*cards):
        t = blank()
        for col, gid in cards:
            put(t, 0, col, gid)
        return evaluate(t, 0)

    # Mickey and Paulie (Murder/Torch) and Dottie (Frame/Smuggle) share no counted condition, so
    # Dottie adds the same to both states but for the condition: 2.7 for 3 Gangsters, 0.5 x n before.
    two, three = (
        value((1, "mickey_doyle"), (2, "paulie_greco")),
        value((1, "mickey_doyle"), (2, "paulie_greco"), (3, "dottie_fenwick")),
    )
    none, alone = value(), value((3, "dottie_fenwick"))
    assert (three - two) - (alone - none) == pytest.approx((2.7 - 0.5 * 2) - 0.5 * 1, abs=1e-12)


def test_the_game_over_is_the_score_with_the_stash_as_tie_break():
    s = blank()
    put(s, 0, 0, "rosie_malone")
    s.stack, s._decision = [], None
    assert evaluate(s) == [5 + 5 + 5 + 0.05, 5 + 5 + 0.05, 10.05, 10.05]


def test_a_move_under_way_keeps_that_moves_value_for_the_round():
    s = blank()
    put(s, 0, 0, "rosie_malone")
    put(s, 1, 2, "sal_the_kid", heat=2)  # a Frame target, and a Fix target
    moves_turn(s, 0)
    menu = evaluate(s, 0)
    s.apply("frame:0", 0)  # the best of her moves: the same value
    assert s.decision().kind == "target" and evaluate(s, 0) == pytest.approx(menu, abs=1e-12)
    s.apply("back", 0)
    assert evaluate(s, 0) == pytest.approx(menu, abs=1e-12)
    s.apply("fix:0", 0)  # the weaker move: this round is worth the Fix (6/21), not the Frame (1/2)
    reach = 0.6 * 3 / 5  # round 2: 3 Moves phases left
    frame = 0.5 * (1 + 1 / 3 + 4 / 5 * reach) - 0.5 * 0.15
    fix = 6 / 21 * (0.4 + 2 / 5 * reach) - 15 / 21 * 0.15
    assert evaluate(s, 0) == pytest.approx(menu - frame + fix, abs=1e-12)


def test_in_a_secret_phase_a_determinization_takes_every_rival_as_done_as_the_phase_found_it():
    s = blank()
    put(s, 0, 0, "rosie_malone")
    put(s, 2, 0, "sal_the_kid")
    s.apply(next(o for o in s.decision(0).option_ids if o.startswith("buy:")), 0)
    s.apply_index(0, 0) if s.decision(0).kind == "place_card" else None
    s.apply("done", 0)  # seat 0 bought a card and is done; seats 2 and 3 are still deciding
    assert s.pending_seats() == (1, 2, 3)
    det = s.determinize(1, random.Random(3))
    assert det.pending_seats() == (1,) and det.decision().seat == 1  # greedy answers in its own lane
    for k in (0, 2, 3):
        assert det.syn[k].mobs == s.lane_start[k].mobs and det.syn[k].biz == s.lane_start[k].biz
        assert det.syn[k].stash == det.syn[1].stash == 500  # the seat's own stash: the neutral guess
    assert evaluate(det) == evaluate(det.clone())
    det.apply("done", 1)  # the phase closes: the Event is turned
    assert det.phase == "events" and det.round == 1 and det.observer == 1 and s.observer == -1


def test_a_determinizations_seat_values_rivals_in_a_later_secret_phase_as_it_found_them():
    s = blank()
    put(s, 0, 0, "rosie_malone")
    put(s, 2, 0, "sal_the_kid")
    det = s.determinize(1, random.Random(3))
    det.apply("done", 1)  # on to the Event, then the Moves... and in a real game the next Market
    while det.phase != "market" or det.round != 2:
        d = det.decision()
        det.apply_index(d.option_ids.index("out") if "out" in d.option_ids else 0, d.seat)
    assert det.in_lanes() and det.pending_seats() == (0, 1, 2, 3)  # a later phase: rivals deciding
    before = evaluate(det)
    buy = next(o for o in det.decision(0).option_ids if o.startswith("buy:"))
    det.apply(buy, 0)  # a rival's random purchase in the lookahead...
    assert evaluate(det)[0] == before[0]  # ... is not seen by seat 1
    real = det.clone()
    real.observer = -1  # the real game values it
    assert evaluate(real)[0] != before[0]


# ------------------------------------------------------------------ the negotiation policy
def shipment():
    """Seat 0's Gus Varga (Smuggle 3 + 1: Edges 6–9 on rolls 2–5, mean 7.5) starts; seat 1's
    Airstrip (Paulie, Smarts 0 + 1: mean Edge 4) and seat 0's own Street (Sal, Smarts 1: 4)."""
    s = blank()
    put(s, 0, 2, "gus_varga")
    put_biz(s, 0, 2, "candy_factory")
    put(s, 1, 2, "paulie_greco")
    put_biz(s, 1, 2, "airstrip")
    put(s, 0, 3, "sal_the_kid")
    put_biz(s, 0, 3, "street")
    moves_turn(s, 0)
    for oid in ("shipment:2", "link:1.2", "link:0.3"):
        s.apply(oid, 0)
    return s


def test_the_partner_reserve_and_the_first_offer():
    s = shipment()
    chain = s.stack[-1].chain
    assert expected_pot(s, chain) == (7.5 + 4 + 4) * 40 == 620
    # x = (1/3 + 0.2 x 2 Heat x $35K / (0.8 x $620K)) / (4/3) = 0.271: 30 %
    assert reserve(s, chain, 1) == 6
    d = s.decision()
    assert d.option_ids[GAME.negotiation_choice(s, d)] == "offer:30"


def test_respond_counter_final_and_accept():
    s = shipment()
    s.apply("offer:20", 0)
    d = s.decision()
    assert d.option_ids[GAME.negotiation_choice(s, d)] == "counter:35"  # below the reserve: ask 5 % more
    s.apply("counter:35", 1)
    d = s.decision()
    # 0.8 x $620K x 65 % = $322K > Gus's best plain move (a Smuggle 4: $175K less 1.6 Heat x $35K)
    assert affordable(s, s.stack[-1].chain, 1, 7)
    assert d.option_ids[GAME.negotiation_choice(s, d)] == "final:35"
    s.apply("final:25", 0)
    d = s.decision()
    assert d.option_ids[GAME.negotiation_choice(s, d)] == "refuse"  # 25 % < 30 %
    s2 = shipment()
    s2.apply("offer:30", 0)
    d = s2.decision()
    assert d.option_ids[GAME.negotiation_choice(s2, d)] == "accept"


def test_the_initiator_calls_off_what_it_cannot_afford():
    from volstead.games.mafia_chronicles.state import STEAL, RoundMods

    s = shipment()
    s.apply("offer:0", 0)
    s.apply("counter:50", 1)
    chain = s.stack[-1].chain
    assert affordable(s, chain, 1, 10)  # 0.8 x $620K x 50 % = $248K > $119K
    # An Event paying $1M more per Steal: Gus's plain Steal 1 (6/21 to succeed) is worth ~$592K
    s.mods = RoundMods(payout_move=STEAL, payout=2000)
    d = s.decision()
    assert not affordable(s, chain, 1, 10) and not affordable(s, chain, 1, 6)
    assert d.option_ids[GAME.negotiation_choice(s, d)] == "off"
    s.mods = RoundMods(payout_move=STEAL, payout=700)  # ~$298K: the reserve ($347K) still pays, 50 % not
    assert d.option_ids[GAME.negotiation_choice(s, d)] == "final:30"


def test_the_fix_fee_asked_and_answered():
    s = blank()
    put(s, 0, 2, "patsy_quinn")
    put(s, 1, 2, "sal_the_kid", heat=5, jailed=True)
    moves_turn(s, 0)
    assert fix_worth(s, 1, 2) == 250 + 80  # its release fee and its move this round
    s.apply("fix:2", 0)
    s.apply("mob:1.2", 0)
    d = s.decision()
    assert d.option_ids[GAME.negotiation_choice(s, d)] == "fee:100"
    s.apply("fee:100", 0)
    d = s.decision()
    assert d.option_ids[GAME.negotiation_choice(s, d)] == "accept"  # $133K counted ≤ $330K
    t = blank()
    put(t, 0, 2, "patsy_quinn")
    put(t, 1, 2, "sal_the_kid", heat=2, d_grit=1)
    moves_turn(t, 0)
    assert fix_worth(t, 1, 2) == 2 * 35 + 30
    t.apply("fix:2", 0)
    t.apply("mob:1.2", 0)
    d = t.decision()
    assert d.option_ids[GAME.negotiation_choice(t, d)] == "fee:70"  # $70K x 4/3 = $93K ≤ $100K
    t.apply("fee:80", 0)
    d = t.decision()
    assert d.option_ids[GAME.negotiation_choice(t, d)] == "refuse"  # $107K > $100K
    assert GAME.negotiation_choice(t, t.decision()) is not None
    moves_turn(t, 0)
    assert GAME.negotiation_choice(t, t.decision()) is None  # not a negotiation


def test_grit_is_worth_more_against_rivals_who_kill_and_a_thin_stash_risks_the_debt():
    from volstead.games.mafia_chronicles.evaluation import threats

    s = blank()
    put(s, 0, 0, "rosie_malone")
    put(s, 0, 2, "cookie_abrams")  # a Gangster: the stash can be stolen from
    for col, gid in ((1, "sal_the_kid"), (2, "frankie_nails"), (3, "tony_two_shoes")):
        put(s, 1, col, gid)  # Murder+Steal, Steal+Murder, Flip+Steal
    assert threats(s, s.syn, 0) == (2, 1, 3)
    before = evaluate(s, 0)
    put_asset(s, 0, 0, "brass_knuckles")  # +1 Grit to Rosie: 0.05 + 0.4 x 1.5 (none murdered) x (2 + 3/2) / 3 (at most 1)
    assert evaluate(s, 0) - before == pytest.approx(0.65, abs=1e-12)
    s.syn[0].lost_murder = True
    before = evaluate(s, 0)
    s.syn[0].set_asset(0, -1)
    assert before - evaluate(s, 0) == pytest.approx(0.45, abs=1e-12)
    s.syn[0].stash = 200
    rich = evaluate(s, 0)
    s.syn[0].stash = 60  # $90K under the $150K cushion, 3 thieves: 5 x 1 x 90/150 = 3 VP of risk
    assert evaluate(s, 0) - rich == pytest.approx(-1.4 - 3.0, abs=1e-12)
    s.syn[0].went_negative = True  # the −5 is already there: no more risk
    assert evaluate(s, 0) - rich == pytest.approx(-1.4 - 5, abs=1e-12)


def test_a_fix_is_worth_the_worst_off_card_and_a_defence_roll_counts_as_rating():
    from volstead.games.mafia_chronicles.evaluation import own_fix_worth

    s = blank()
    put(s, 0, 0, "rosie_malone", heat=2)
    assert own_fix_worth(s, s.syn[0], 0.35) == pytest.approx(0.7, abs=1e-12)
    put(s, 0, 2, "sal_the_kid", heat=5, jailed=True, d_grit=1)  # $250K to release, its move, a damage point
    assert own_fix_worth(s, s.syn[0], 0.35) == pytest.approx(2.5 + 0.8 + 0.3, abs=1e-12)
    t = blank()
    put(t, 0, 0, "rosie_malone")
    before = evaluate(t, 0)
    put_asset(t, 0, 0, "stool_pigeon")  # +1 to defence rolls: 0.8 x (Grit 0.05 + Smarts 0.05), no rivals
    assert evaluate(t, 0) - before == pytest.approx(0.8 * 0.1, abs=1e-12)


def test_the_memoized_card_profiles_give_the_unmemoized_values_to_the_bit():
    """evaluation.card_profile memoizes what a card's moves are worth by its card, damage and column;
    in every position of four random games (Events, damage, Jail, Assets moved), each active card's
    `profiled_move_value` equals `move_value`, each syndicate's `profiled_income` equals
    `rules/income.income` and the table's threat counts equal `threats`, exactly."""
    from volstead.games.mafia_chronicles.evaluation import (
        FLIP_GAIN,
        Table,
        card_profile,
        move_value,
        profiled_income,
        profiled_move_value,
        threats,
    )
    from volstead.games.mafia_chronicles.rules.income import income

    reach = [0.2, 0.6, 1.0, 0.0]
    checked = moves = 0
    for seed in range(4):
        rng = random.Random(seed)
        s = GAME.new_game(seed, 4)
        while not s.is_over():
            table = Table(s, s.syn)
            for k, y in enumerate(s.syn):
                assert (
                    table.all_violent - table.violent[k],
                    table.all_cunning - table.cunning[k],
                    table.all_thieves - table.thieves[k],
                ) == threats(s, s.syn, k)
                profiles, cols = [], []
                flip_gain = FLIP_GAIN if any(y.mobs[c] is None for c in (1, 2, 3)) else 0.0
                for col, mob in enumerate(y.mobs):
                    if mob is None or mob.jailed:
                        continue
                    prof = card_profile(s, y, col, mob)
                    profiles.append(prof)
                    cols.append(col)
                    for mp in prof.moves:
                        for heat_cost, harm, fix in ((0.35, 2.0, 0.4), (0.35 / 3, 7.0, 1.3)):
                            expected = move_value(s, y, col, mp.move, reach, heat_cost, harm, fix)
                            count_gain = mp.count_share * reach[mp.count]
                            got = profiled_move_value(mp, prof.cool, table, count_gain, flip_gain, heat_cost, harm, fix)
                            assert got == expected, (seed, s.decisions_made, k, col, mp.move)
                            moves += expected != 0.0
                assert profiled_income(table, profiles, cols) == income(s, y).total
                checked += 1
            d = s.decision()
            s.apply_index(rng.randrange(len(d.codes)))
    assert checked > 1000 and moves > 1000
