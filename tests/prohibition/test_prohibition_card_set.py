"""Another card set from a folder (`-o cards=FOLDER`, for `volstead sim --compare`) and the mat bonus
that cools Booze buildings (player mats: "a unique set of bonuses"; docs/prohibition-content.md)."""

from __future__ import annotations

import pytest
from prohibition_helpers import after_setup, b, put_building, run

from prohibition_mats import mat_with_bonuses
from volstead.engine.errors import VolsteadError
from volstead.games.prohibition import GAME
from volstead.games.prohibition.rules.actions import ActionTurn
from volstead.games.prohibition.rules.operations import GenerateHeat
from volstead.games.prohibition.rules.production import Production


def rum_row_bonuses(tmp_path, bonuses: str):
    """A copy of the embedded set whose Rum Row mat has exactly these bonuses."""
    return mat_with_bonuses(tmp_path, "rum_row", bonuses)


def test_a_card_set_folder_is_the_games_content(tmp_path):
    folder = rum_row_bonuses(tmp_path, "bribe_discount = 40")
    s = after_setup(cards=folder, mats=("rum_row", "tammany"))
    assert s.content.mat_bonus[s.gangs[0].mat] == {"bribe_discount": 40}
    assert after_setup(mats=("rum_row", "tammany")).content.mat_bonus[0] != {"bribe_discount": 40}
    assert GAME.card_set_option == "cards" and "cards" in GAME.lobby_hidden_options
    assert GAME.card_ids(GAME.Options(cards=folder)) == GAME.card_ids()


def test_a_missing_card_set_folder_or_an_unknown_mat_is_refused(tmp_path):
    with pytest.raises(VolsteadError, match="card set folder .* does not exist"):
        GAME.new_game(1, 2, GAME.Options(cards=str(tmp_path / "nowhere")))
    folder = rum_row_bonuses(tmp_path, "booze_output = 1")
    (tmp_path / "set-rum_row" / "mats.toml").write_text(
        (tmp_path / "set-rum_row" / "mats.toml").read_text().replace('id = "bowery"', 'id = "mulberry"')
    )
    with pytest.raises(VolsteadError, match="unknown mat 'bowery' in this card set"):
        GAME.new_game(1, 4, GAME.Options(cards=folder, mats=("bowery", "random", "random", "random")))


def test_booze_heat_cut_cools_stills_and_breweries_only(tmp_path):
    """Generate Heat with the mat bonus: a Still (Heat 1) makes none, a Brewery (2) makes 1, a
    Nightclub (2) its full Heat."""
    s = after_setup(cards=rum_row_bonuses(tmp_path, "booze_heat_cut = 1"), mats=("rum_row", "tammany"))
    put_building(s, "hk2", "brewery")
    put_building(s, "hk3", "nightclub")
    put_building(s, "hk4", "still")
    s.gangs[0].heat = s.gangs[0].peak = 3
    run(s, GenerateHeat())
    assert s.gangs[0].heat == 3 + 1 + 2 + 0


def test_booze_heat_cut_when_building_a_still(tmp_path):
    """To order a Building Action: add its Heat — a Still adds none with the cut."""
    s = after_setup(cards=rum_row_bonuses(tmp_path, "booze_heat_cut = 1"), mats=("rum_row", "tammany"))
    g = s.gangs[0]
    g.gs = 50
    run(s, ActionTurn(0))
    s.apply("space:still")
    s.apply("build:hk3")
    assert g.heat == 1 and s.kind_at(b(s, "hk3")) == 0


def test_import_booze_bonus(tmp_path):
    """Back page: Import Booze brings 3 Booze; a mat's `import_booze` adds to it (a key the authored set
    does not use since balance step D, kept for designers' sets)."""
    s = after_setup(cards=rum_row_bonuses(tmp_path, "import_booze = 2"), mats=("rum_row", "tammany"))
    run(s, ActionTurn(0))
    s.apply("space:import")
    assert s.gangs[0].booze == 3 + 3 + 2


def test_a_mat_can_extort_one_more_per_block(tmp_path):
    """The `extortion_per_block` bonus key (no mat of the embedded set has it since the thirtieth session):
    +1 Gs a Block from Protection Money, Shake Down and Reign of Terror."""
    plain = after_setup(mats=("rum_row", "tammany"))
    bonus = after_setup(cards=rum_row_bonuses(tmp_path, "extortion_per_block = 1"), mats=("rum_row", "tammany"))
    for s in (plain, bonus):
        run(s, ActionTurn(0))
        s.apply("space:protection")
        s.gangs[0].gs = 0
        run(s, Production())
    assert plain.gangs[0].gs == 15  # 8 Blocks x 2 = 16 -> 15
    assert bonus.gangs[0].gs == 25  # 8 Blocks x 3 = 24 -> 25
