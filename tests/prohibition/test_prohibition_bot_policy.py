"""The bots' odds and policy in Prohibition (odds.py, evaluation.py's Appraiser, policy.py; docs/bots.md):
exact chances of the dice, the expected value of an Attack, and the choices greedy makes by them.

Two gangs as set up (seat 0 Tammany: HQ hk1 with 3 Goons and the Guard; seat 1 Rum Row: HQ li1 the
same), hands emptied unless a test deals one. `dice` queues the rolls."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest
from prohibition_helpers import after_setup, b, put_building, run, scheme

from prohibition_mats import mat_with_bonuses
from volstead.bots import GreedyBot, ask_bot
from volstead.games.prohibition import GAME
from volstead.games.prohibition.evaluation import appraiser, attack_chance, breakdown
from volstead.games.prohibition.odds import conflict, expand_chance, expand_chance_with, round_hits, win_chance
from volstead.games.prohibition.policy import policy_choice
from volstead.games.prohibition.rules.actions import ActionTurn

# ------------------------------------------------------------------ the dice, exactly


def _pip_hits(faces, pips):
    """Hits of `faces` with `pips` put where they make hits (a 3 first, then two on a 2, ...)."""
    hit = sum(1 for f in faces if f >= 4)
    for cost in (1, 2, 3):
        for f in faces:
            if f == 4 - cost and pips >= cost:
                pips -= cost
                hit += 1
    return hit


def _brute_win(a, d, pa=0, pd=0):
    """P(the attacker wins), by enumerating every face of the first round's dice (pips placed) and
    solving the plain rounds after it with exact fractions: a check of `odds.conflict` by another
    road."""
    plain: dict[tuple[int, int], Fraction] = {}

    def w(a, d):  # plain rounds: P(win) = sum over hits of P * next, over 1 - P(nobody hits)
        if a == 0:
            return Fraction(0)
        if d == 0:
            return Fraction(1)
        if (a, d) not in plain:
            half = Fraction(1, 2)
            total = Fraction(0)
            for ha in range(a + 1):
                for hd in range(d + 1):
                    if ha or hd:
                        p = Fraction(_comb(a, ha) * _comb(d, hd)) * half ** (a + d)
                        total += p * w(max(0, a - hd), max(0, d - ha))
            plain[(a, d)] = total / (1 - half ** (a + d))
        return plain[(a, d)]

    if not (pa or pd):
        return w(a, d)
    total = Fraction(0)
    sixth = Fraction(1, 6)
    for faces in product(range(1, 7), repeat=a + d):
        ha, hd = _pip_hits(faces[:a], pa), _pip_hits(faces[a:], pd)
        a2, d2 = max(0, a - hd), max(0, d - ha)
        total += sixth ** (a + d) * w(a2, d2)
    return total


def _comb(n, k):
    from math import comb

    return comb(n, k)


def test_one_goon_against_one_unit():
    """Both hit (1/4: the defender wins, the attacker has no Goon), only the attacker (1/4), only the
    defender (1/4), nobody (1/4: again): the attacker wins 1/3, in 4/3 rounds on average, each side
    losing its Unit 2/3 of the time."""
    c = conflict(1, 1)
    assert c.p_win == pytest.approx(1 / 3) and c.rounds == pytest.approx(4 / 3)
    assert c.lost_a == pytest.approx(2 / 3) and c.lost_d == pytest.approx(2 / 3)
    assert c.win == pytest.approx((0, 1 / 3))
    assert c.hold == pytest.approx((1 / 3, 1 / 3))  # both hit: held with no Unit left; only the defender: with its Unit


def test_the_hq_pip_makes_a_three_a_hit():
    """One Goon against one Unit on its HQ: the defender's die hits on 3+ in the first round (2/3).
    The attacker wins the first round with 1/2 x 1/3, or nobody hits (1/2 x 1/3) and a plain
    Conflict follows (1/3): 1/6 + 1/18 = 2/9."""
    assert win_chance(1, 1, 0, 1) == pytest.approx(2 / 9)
    assert round_hits(1, 1) == pytest.approx((1 / 3, 2 / 3))
    assert round_hits(2, 2)[0] == pytest.approx(1 / 36)  # two pips: only two 1s miss (a 2 takes both)


@pytest.mark.parametrize("a, d, pa, pd", [(1, 4, 0, 1), (2, 3, 0, 1), (2, 3, 1, 1), (3, 2, 1, 0), (2, 2, 2, 0), (4, 3, 0, 0)])
def test_conflict_odds_match_a_brute_force_count(a, d, pa, pd):
    assert win_chance(a, d, pa, pd) == pytest.approx(float(_brute_win(a, d, pa, pd)), abs=1e-12)
    c = conflict(a, d, pa, pd)
    assert sum(c.win) + sum(c.hold) == pytest.approx(1.0)


def test_expand_and_seize_rolls():
    assert expand_chance(1) == 0.5 and expand_chance(2) == 0.75 and expand_chance(0) == 0.0


# ------------------------------------------------------------------ an Attack's chance and value


def game(**options):
    s = after_setup(**options)
    for g in s.gangs:
        g.hand = ()
    return s


def choose_target(s, frm, n, seat=0):
    run(s, ActionTurn(seat))
    s.apply(f"attack:{frm}")
    if s.decision().kind == "attack_goons":
        s.apply(f"goons:{n}")
    assert s.decision().kind == "attack_target"


def test_attack_chance_by_the_games_own_odds():
    """The issue's hopeless Attack: one Goon into an HQ held by three Goons and a Guard, the
    defender's pip in the first round: about 0.01 %. Undefended Turf: any 4+ of one die a Goon.
    Unclaimed: certain."""
    s = game()
    li1 = b(s, "li1")
    assert (s.goons[li1], s.guards[li1]) == (3, 1)
    assert attack_chance(s, 0, 1, li1) == pytest.approx(float(_brute_win(1, 4, 0, 1)), abs=1e-12)
    assert attack_chance(s, 0, 1, li1) < 0.001
    s.set_block(b(s, "li3"), goons=0)
    assert attack_chance(s, 0, 2, b(s, "li3")) == 0.75
    assert attack_chance(s, 0, 1, b(s, "gv5")) == 1.0


@pytest.mark.parametrize(("bonuses", "dice"), [("expand_dice = 1", 3), ("seize_dice = 1", 2), ("expansion_dice = 1", 3)])
def test_attack_chance_on_undefended_turf_counts_the_mats_dice_to_expand_only(tmp_path, bonuses, dice):
    """Expanding your Turf with a mat's extra dice: 2 Goons and `expand_dice` (or `expansion_dice`) 1 roll
    3 dice, 1 - (1/2)**3; `seize_dice` is not for this roll."""
    s = game(cards=mat_with_bonuses(tmp_path, "tammany", bonuses))
    s.set_block(b(s, "li3"), goons=0)
    assert attack_chance(s, 0, 2, b(s, "li3")) == 1 - 0.5**dice == expand_chance(dice)


def test_attack_chance_for_five_points_counts_their_die_on_5_or_6():
    """The set's Five Points Boys (extra die on 5+): 2 Goons into undefended Turf succeed unless both
    Goons' dice miss (1 in 4) and the extra die shows 1-4 (4 in 6): 1 - 1/4 * 4/6 = 5/6."""
    s = game(mats=("five_points", "rum_row"))
    s.set_block(b(s, "li3"), goons=0)
    assert attack_chance(s, 0, 2, b(s, "li3")) == pytest.approx(5 / 6)


@pytest.mark.parametrize("need", [2, 4, 5, 6])
def test_expand_chance_with_extra_dice_that_need_more_by_enumeration(need):
    """A mat's extra dice that succeed on `need`+ (`extra_dice_need`): the chance any die succeeds,
    counted over every face of 2 Goons' dice and 1 extra die."""
    wins = sum(1 for a, b_, c in product(range(1, 7), repeat=3) if a >= 4 or b_ >= 4 or c >= need)
    assert expand_chance_with(2, 1, need) == pytest.approx(wins / 216)


def test_attack_chance_counts_the_best_call_for_help():
    """An HQ with 2 Units (room for 2) and a Block of 3 Goons beside it, no other Unit: 2 of them
    come; none if they are Laying Low."""
    s = game()
    for x in s.turf(1):
        s.set_block(x, goons=0, guards=0)
    s.set_block(b(s, "li1"), goons=1, guards=1)
    s.set_block(b(s, "li2"), goons=3)
    assert attack_chance(s, 0, 3, b(s, "li1")) == pytest.approx(win_chance(3, 4, 0, 1))
    s.put_gangster(b(s, "li2"), 1)  # Laying Low there: no help
    assert attack_chance(s, 0, 3, b(s, "li1")) == pytest.approx(win_chance(3, 2, 0, 1))


def test_the_policy_never_sends_one_goon_into_a_held_hq():
    """With the HQ li1 (3 Goons, a Guard) and unclaimed Blocks in sight, the target is never li1, and
    the evaluation's Attack term is the best target's value."""
    s = game()
    choose_target(s, "hk2", 1)
    d = s.decision()
    chosen = d.codes[policy_choice(s)]
    assert chosen != b(s, "li1") and s.owner[chosen] == -1
    ap = appraiser(s)
    values = [ap.target(0, b(s, "hk2"), 1, t) for t in d.codes]
    best = max(own + ap.harm_weight * harm for own, harm, _ in values)
    assert breakdown(s, 0)["attack"] == pytest.approx(best)
    own, harm, p = ap.target(0, b(s, "hk2"), 1, b(s, "li1"))
    assert p < 0.001 and own < 0


def conflict_won(s, dice, frm="hk2", target="tl3"):
    """Seat 0's 2 Goons beat tl3's one Goon in the first round: the spoils are to choose."""
    s.set_block(b(s, frm), goons=2)
    s.set_block(b(s, target), goons=1, guards=0)
    dice += [4, 1, 1]  # attacker 4 1, defender 1
    run(s, ActionTurn(0))
    s.apply(f"attack:{frm}")
    s.apply("goons:2")
    s.apply(f"target:{target}")
    s.apply("fight")
    assert s.decision().kind == "spoils"


def test_a_free_seize_is_never_declined(dice):
    """A bare Block won: Seize (one die a Goon; no Heat) or withdraw with nothing. A failed Seize
    only retreats, so the Seize is worth more whatever the dice: the policy and greedy take it."""
    s = game()
    conflict_won(s, dice)
    assert s.decision().option_ids == ("seize", "withdraw")
    assert policy_choice(s) == 0
    ap = appraiser(s)
    code, own, harm, stay = ap.spoils(0, 1, b(s, "tl3"), 1)
    assert code == 2 and own == pytest.approx(0.5 * (3 + ap.block_gain(0, b(s, "tl3"), 1))) and own > 0
    assert ask_bot(GreedyBot(3), s) == 0


def test_a_mats_price_for_a_seize_is_priced_in_the_seize(dice, tmp_path):
    """Player mat bonuses `seize_heat` and `seize_gs` (authored, docs/prohibition-content.md): a
    successful Seize draws that much Heat and costs those Gs (5 Gs score 1 PP), so its value is the
    free Seize's less its chance (1 in 2) times what the degrees and the Gs cost."""
    s = game(cards=mat_with_bonuses(tmp_path, "tammany", "seize_heat = 2, seize_gs = 10"))
    conflict_won(s, dice)
    s.gangs[0].gs = 40
    ap = appraiser(s)
    own = ap.spoils(0, 1, b(s, "tl3"), 1)[1]
    free = 0.5 * (3 + ap.block_gain(0, b(s, "tl3"), 1))
    assert ap.heat_cost(0, 2.0) > 0 and own == pytest.approx(free - 0.5 * (ap.heat_cost(0, 2.0) + 2.0))


def test_spoils_of_a_stocked_building_by_value(dice):
    """A stocked Brewery won: Steal (its 5 Gs Stock, a Headline), Torch (a Headline, a degree) or
    Seize (one die a Goon left: the Block, the Brewery, a Headline): the policy takes the option of
    highest value, the gang's gain plus the victim's loss over its rivals (two gangs: in full).
    Rum Row's Brewery (+2 Booze) would pay it 4 PP a year for 5 more years (× 0.65, the years it is
    stocked): with 2 Goons left (3 in 4) the Seize is worth most; with one (1 in 2) burning it for sure
    is worth barely more (13.8 PP against 13.6: since the thirtieth session Tammany's Bribes cost the
    full price, so the Brewery's Heat costs Tammany more; before, the Seize, 14.2 against 13.9)."""
    s = game()
    put_building(s, "tl3", "brewery", stocked=True)
    conflict_won(s, dice)
    assert s.decision().option_ids == ("steal", "torch", "seize", "withdraw")
    ap = appraiser(s)
    assert s.attack.goons == 2
    assert ap.spoils(0, 1, b(s, "tl3"), 2)[0] == 2  # Seize
    assert ap.spoils(0, 1, b(s, "tl3"), 1)[0] == 1  # Torch
    torch = ap._raid(0, 1, b(s, "tl3"))[4]
    seize_own, seize_harm, _ = ap._seize(0, 1, ap._seize_terms(0, 1, b(s, "tl3")))
    assert (round(seize_own + seize_harm, 1), round(torch, 1)) == (13.6, 13.8)
    assert s.decision().option_ids[policy_choice(s)] == "seize"


def test_the_defender_fights_and_the_attacker_presses_on_by_value(dice):
    """tl3 (a Goon, two Guards) attacked by a lone Goon: the defender fights (3 dice to 1). Round
    one: nobody hits; the attacker, a Goon against three Units, retreats rather than go on."""
    s = game()
    s.set_block(b(s, "hk2"), goons=1)
    s.set_block(b(s, "tl3"), goons=1, guards=2)
    run(s, ActionTurn(0))
    s.apply("attack:hk2")
    s.apply("goons:1")  # a single option: still a decision
    s.apply("target:tl3")
    assert s.decision().kind == "fight_or_retreat"
    assert policy_choice(s) == 0  # fight
    dice += [1, 1, 1, 1]
    s.apply("fight")
    assert s.decision().kind == "press_on"
    assert s.decision().option_ids[policy_choice(s)] != "continue"


def test_a_tactic_is_played_when_it_turns_the_round(dice):
    """The attacker's 2 Goons roll 4 and 1 against tl3's Goon and Guard, which roll 5 and 1: with
    Bulletproof Vest (cancel one hit) it keeps both Goons; its Scheme in hand (Putting on the Ritz,
    far from met) is worth less than that."""
    s = game()
    s.gangs[0].hand = (scheme(s, "putting_on_the_ritz"),)
    s.set_block(b(s, "hk2"), goons=2)
    s.set_block(b(s, "tl3"), goons=1, guards=1)
    run(s, ActionTurn(0))
    s.apply("attack:hk2")
    s.apply("goons:2")
    s.apply("target:tl3")
    dice += [4, 1, 5, 1]
    s.apply("fight")
    assert s.decision().kind == "tactic" and s.decision().seat == 0
    assert s.decision().option_ids[policy_choice(s)] == "tactic:putting_on_the_ritz"


# ------------------------------------------------------------------ whole games


def test_four_greedy_games_attack_with_a_chance_and_seize_what_they_win():
    """A four-greedy game (seed 11): no Attack below 25 % by the game's odds, and every Seize on
    offer after a Conflict won is taken or traded for a Steal or Torch, never for nothing."""
    attacks = hopeless = declined = 0
    for seed in (11,):
        s = GAME.new_game(seed, 4)
        bots = [GreedyBot(f"{seed}/{k}") for k in range(4)]
        while not s.is_over():
            d = s.decision()
            i = 0 if len(d.codes) == 1 else ask_bot(bots[d.seat], s, seat=d.seat)
            if d.kind == "attack_target":
                attacks += 1
                hopeless += attack_chance(s, d.seat, d.step.n, d.codes[i]) < 0.25
            elif d.kind == "spoils" and "seize" in d.option_ids and d.option_ids[i] == "withdraw":
                declined += 1
            s.apply_index(i, d.seat)
    assert attacks > 30
    assert hopeless <= 0.02 * attacks
    assert declined == 0


def test_the_greedy_choice_at_a_policy_decision_is_the_policys():
    """Greedy asks the game's policy at its kinds of decision (on its determinization): in random
    positions of a game, at every such decision, the same option."""
    s = GAME.new_game(21, 3)
    rng = random.Random(21)
    bot = GreedyBot(21)
    checked = 0
    while not s.is_over():
        d = s.decision()
        if d.kind in GAME.policy_kinds and len(d.codes) > 1 and d.kind != "tactic":  # tactics: hands are guessed
            j = policy_choice(s)
            if j is not None:
                assert ask_bot(bot, s) == j
                checked += 1
        s.apply_index(rng.randrange(len(d.codes)), d.seat)
    assert checked > 10


# ------------------------------------------------------------------ the simulator's report


def test_the_report_notes_an_attack_below_a_quarter_as_a_long_shot():
    """`volstead sim`'s "long-shot attack" note, at the choice of the target: Rum Row's HQ li1 with
    one Goon and no Unit near to call: one Goon wins 2/9 (the defender's pip in the first round:
    below 25 %, a long shot), two Goons win more than a quarter; an unclaimed Block or the HQ with
    3 Goons and a Guard against 3: none, and a hopeless 1 Goon against it: one."""
    s = game()
    for x in s.turf(1):
        s.set_block(x, goons=0, guards=0)
    li1 = b(s, "li1")
    s.set_block(li1, goons=1)
    s.set_block(b(s, "hk2"), goons=2)
    notes = {}
    for n in (1, 2):
        t = s.clone()
        choose_target(t, "hk2", n)
        d = t.decision()
        assert d.kind in GAME.play_note_kinds
        notes[n] = {oid: GAME.play_note(t, d, i) for i, oid in enumerate(d.option_ids)}
        assert notes[n]["target:gv5"] is None  # unclaimed: certain
    assert attack_chance(s, 0, 1, li1) == pytest.approx(2 / 9) and notes[1]["target:li1"] == "long-shot attack"
    assert attack_chance(s, 0, 2, li1) > 0.25 and notes[2]["target:li1"] is None
    s = game()
    choose_target(s, "hk2", 1)
    d = s.decision()
    assert GAME.play_note(s, d, d.index_of("target:li1")) == "long-shot attack"
