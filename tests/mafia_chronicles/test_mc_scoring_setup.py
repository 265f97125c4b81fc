"""Victory points and the tie-break (rulebook §8), setup (§3), options and bad input."""

from __future__ import annotations

from collections import Counter

import pytest
from mc_helpers import C, blank, put

from volstead.engine import IllegalOptionError, WrongSeatError
from volstead.engine.contract import OptionsError, SetupError
from volstead.games.mafia_chronicles import GAME
from volstead.games.mafia_chronicles.content.loader import A0, B0, DECK
from volstead.games.mafia_chronicles.options import Options
from volstead.games.mafia_chronicles.rules.scoring import points, winners
from volstead.games.mafia_chronicles.state import FIX, FLIP, FRAME, MURDER, SMUGGLE, STEAL, TORCH


# ------------------------------------------------------------------ §8
def test_8_a_clean_syndicate_with_the_only_boss_and_three_gangsters():
    s = blank()
    put(s, 0, 0, "rosie_malone")
    for c in (1, 2, 3):
        put(s, 0, c, "sal_the_kid" if c == 1 else "mickey_doyle" if c == 2 else "paulie_greco")
    put(s, 1, 0, "eddie_the_ear", heat=5, jailed=True)  # not active
    s.syn[0].stash = 1299
    p = points(s, 0)
    assert p == {
        "never_murdered": 5,
        "only_boss": 5,
        "murdered_boss": 0,
        "frames": 0,
        "gangsters": 3,
        "murders_torches": 0,
        "flips_fixes": 0,
        "steals_smuggles": 0,
        "jail": 0,
        "negative": 0,
        "stash": 12,
        "total": 25,
    }


def test_8_move_counts_five_times_and_the_penalties():
    s = blank()
    y = s.syn[1]
    wins = [0] * 7
    wins[MURDER], wins[TORCH], wins[FRAME], wins[FLIP], wins[FIX], wins[STEAL], wins[SMUGGLE] = 3, 2, 5, 4, 1, 2, 3
    y.wins = tuple(wins)
    y.murdered_boss = True
    y.lost_murder = True
    y.went_negative = True
    y.stash = -20
    put(s, 1, 2, "sal_the_kid", heat=5, jailed=True)
    put(s, 1, 3, "paulie_greco", heat=5, jailed=True)
    p = points(s, 1)
    assert p == {
        "never_murdered": 0,
        "only_boss": 0,
        "murdered_boss": 4,
        "frames": 4,
        "gangsters": 0,
        "murders_torches": 3,
        "flips_fixes": 2,
        "steals_smuggles": 2,
        "jail": -2,
        "negative": -5,
        "stash": 0,
        "total": 8,
    }
    wins[FRAME] = 4
    y.wins = tuple(wins)
    assert points(s, 1)["frames"] == 0


def test_8_the_only_boss_must_be_the_only_active_one():
    s = blank()
    put(s, 0, 0, "rosie_malone")
    put(s, 2, 0, "sal_the_kid")
    assert points(s, 0)["only_boss"] == 0 == points(s, 2)["only_boss"]


def test_8_ties_go_to_the_larger_stash_then_are_shared():
    assert winners([10, 12, 12, 3], [900, 400, 600, 0]) == (2,)
    assert winners([10, 12, 12, 3], [900, 600, 600, 0]) == (1, 2)


def test_8_the_result_names_each_condition_and_the_end_stash():
    s = blank()
    s.stack = []
    s.phase = "over"
    r = s.result()
    assert r.scores == (10.0,) * 4 and r.winners == (0, 1, 2, 3)  # $500K and never murdered, all tied
    assert r.factions == ("valenti", "kearney", "stern", "delgado")
    assert r.details[0]["end_stash"] == 500 and r.details[0]["stash"] == 5 and r.details[0]["total"] == 10


# ------------------------------------------------------------------ §3 setup
def test_3_four_gangster_decks_of_25_with_5_of_each_level_and_own_copies_of_the_other_decks():
    s = GAME.new_game(11, 4)
    for k, y in enumerate(s.syn):
        assert len(y.g_deck) == 25 and Counter(C.g_level[x] for x in y.g_deck) == {lv: 5 for lv in range(1, 6)}
        assert y.b_deck == tuple(B0 + k * DECK + i for i in range(DECK))
        assert y.a_deck == tuple(A0 + k * DECK + i for i in range(DECK))
        assert y.stash == 500
    assert sorted(x for y in s.syn for x in y.g_deck) == list(range(100))


def test_3_bosses_are_picked_in_secret_from_ones_own_deck_then_the_markets_are_dealt():
    s = GAME.new_game(11, 4, Options(first_seat=1))
    assert s.phase == "setup" and s.pending_seats() == (0, 1, 2, 3)
    assert set(s.decision(2).codes) == set(s.syn[2].g_deck)
    pick = s.syn[2].g_deck[7]
    s.apply("boss:" + C.gangsters[pick].id, 2)
    assert s.view(0)["syndicates"][2]["columns"][0]["boss_or_gangster"] is None  # not yet revealed
    assert s.view(2)["syndicates"][2]["columns"][0]["boss_or_gangster"]["inst"] == pick
    with pytest.raises(IllegalOptionError):
        s.apply("boss:" + C.gangsters[pick].id, 0)  # another deck's card
    for k in (0, 1, 3):
        s.apply_index(0, k)
    y = s.syn[2]
    assert y.mobs[0].card == pick and len(y.g_row) == 5 and len(y.g_deck) == 19
    assert len(y.b_row) == 5 == len(y.a_row) and s.first == 1 and s.phase == "market" and s.round == 1


def test_3_the_first_player_is_rolled_and_tied_highest_rolls_re_roll(dice):
    s = dice.on(GAME.new_game(5, 4))
    dice += [3, 5, 5, 2, 4, 1]
    for k in range(4):
        s.apply_index(0, k)
    assert s.first == 1 and s.first_rolls == ((3, 5, 5, 2), (-1, 4, 1, -1))


def test_3_the_game_takes_exactly_4_syndicates():
    with pytest.raises(SetupError, match="seats: The Mafia Chronicles takes 4 seats, not 3"):
        GAME.new_game(1, 3)
    assert (GAME.min_seats, GAME.max_seats) == (4, 4)


# ------------------------------------------------------------------ options and bad input
def test_options_are_validated_with_a_message_naming_the_option():
    with pytest.raises(OptionsError, match="option 'damage_bands': Input should be 'rules-text' or 'reference-card'"):
        GAME.options_from_json({"damage_bands": "house"})
    with pytest.raises(OptionsError, match="option 'colour': unknown option"):
        GAME.options_from_json({"colour": "red"})
    with pytest.raises(OptionsError, match="unknown syndicate 'capone'"):
        GAME.options_from_json({"syndicates": ["capone", "valenti", "stern", "delgado"]})
    with pytest.raises(OptionsError, match="syndicate 'valenti' is named for more than one seat"):
        GAME.options_from_json({"syndicates": ["valenti", "valenti", "stern", "delgado"]})
    with pytest.raises(OptionsError, match="for each of the 4 seats, not 2"):
        GAME.options_from_json({"syndicates": ["valenti", "random"]})
    with pytest.raises(OptionsError, match="option 'first_seat'"):
        GAME.options_from_json({"first_seat": 4})
    assert GAME.options_from_json({"syndicates": ["stern", "valenti", "kearney", "delgado"]}).syndicates[0] == "stern"


def test_seats_play_the_syndicates_named_for_them_random_ones_dealt_from_the_rest():
    s = GAME.new_game(1, 4, Options(syndicates=("stern", "valenti", "kearney", "delgado")))
    assert GAME.seat_names(s) == ["The Stern Syndicate", "The Valenti Family", "The Kearney Mob", "The Delgado Crew"]
    dealt = {GAME.new_game(seed, 4, Options(syndicates=("random", "stern", "random", "random"))).syndicates for seed in range(20)}
    assert all(d[1] == 2 and sorted(d) == [0, 1, 2, 3] for d in dealt) and len(dealt) > 1
    s = GAME.new_game(1, 4, Options(syndicates=("random", "stern", "random", "random")))
    assert s.syndicates == GAME.new_game(1, 4, s.options).syndicates  # drawn from the seed


def test_bad_input_is_refused_and_changes_nothing():
    s = GAME.new_game(2, 4)
    before = s.record(), [y.fields() for y in s.syn]
    with pytest.raises(IllegalOptionError, match="option 'boss:nobody' is not legal now; seat 0 must choose one of"):
        s.apply("boss:nobody", 0)
    with pytest.raises(IllegalOptionError):
        s.apply_index(99, 0)
    with pytest.raises(IllegalOptionError):
        s.apply(7, 0)  # type: ignore[arg-type]
    for k in range(4):
        s.apply_index(0, k)
    s.apply("done", 0)
    with pytest.raises(WrongSeatError, match="seat 0 cannot decide now: it is seats 1, 2, 3's decision"):
        s.apply("done", 0)
    s2 = GAME.new_game(2, 4)
    for k in range(4):
        s2.apply_index(0, k)
    s2.apply("done", 0)
    assert s.record() == s2.record() and before[0]["decisions"] == []
