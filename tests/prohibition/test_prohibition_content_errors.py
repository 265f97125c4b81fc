"""A defective data file is refused with a message naming the file, the entry and what is wrong.

Each test copies the real data folder to tmp_path, plants one defect and loads it as
`default_content` does."""

from __future__ import annotations

import shutil

import pytest

from volstead.engine.errors import ContentError
from volstead.games.prohibition.content.loader import DATA_DIR, build_content


@pytest.fixture
def data(tmp_path):
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def edit(path, name: str, old: str, new: str, count: int = 1) -> None:
    f = path / name
    text = f.read_text()
    assert text.count(old) >= count, f"{old!r} not in {name}"
    f.write_text(text.replace(old, new, count))


def error(path) -> str:
    with pytest.raises(ContentError) as e:
        build_content(path)
    return str(e.value)


def test_the_untouched_copy_loads(data):
    c = build_content(data)
    assert (len(c.schemes), len(c.feds), len(c.infamy), len(c.mats), len(c.block_ids)) == (24, 8, 12, 4, 56)


def test_a_typo_in_a_field_name_names_the_card(data):
    edit(
        data,
        "schemes.toml",
        'prestige = 5\nrequires = [{ what = "building", n = 1, of = "speakeasy" }',
        'prestig = 5\nrequires = [{ what = "building", n = 1, of = "speakeasy" }',
    )
    msg = error(data)
    assert msg.startswith("schemes.toml: scheme 'corner_the_market'") and "prestig" in msg


def test_an_unknown_requirement(data):
    edit(data, "infamy.toml", 'what = "heat_at_least"', 'what = "notoriety"')
    msg = error(data)
    assert msg.startswith("infamy.toml: infamy 'public_enemy'") and "notoriety" in msg


def test_of_only_goes_with_a_building_requirement(data):
    edit(data, "schemes.toml", '{ what = "blocks", n = 12 }', '{ what = "blocks", n = 12, of = "still" }')
    assert "turf_war" in error(data) and "`of`" in error(data)


def test_an_unknown_tactic_effect(data):
    edit(
        data,
        "schemes.toml",
        'effect = "extra_dice", n = 1, text = "Roll 1 extra die this round." }',
        'effect = "bazooka", n = 1, text = "Boom." }',
    )
    msg = error(data)
    assert msg.startswith("schemes.toml: scheme 'corner_the_market': tactic.effect") and "bazooka" in msg


def test_a_missing_scheme_is_an_incomplete_set(data):
    text = (data / "schemes.toml").read_text()
    start = text.index('[[schemes]]\nid = "street_boss"')
    (data / "schemes.toml").write_text(text[:start])
    assert error(data) == "schemes.toml: the complete set has 24 schemes, this file has 23"


def test_a_duplicate_id(data):
    edit(data, "feds.toml", 'id = "padlock"', 'id = "raid"')
    assert error(data) == "feds.toml: fed id 'raid' appears twice"


def test_an_unknown_fed_loss(data):
    edit(data, "feds.toml", "lose = [{ booze = 3 }]", "lose = [{ wives = 3 }]")
    msg = error(data)
    assert msg.startswith("feds.toml: fed 'dry_agents'") and "unknown loss 'wives'" in msg


def test_stock_lost_before_buildings_is_refused(data):
    edit(data, "feds.toml", "lose = [{ buildings = 1 }, { stock = 1 }]", "lose = [{ stock = 1 }, { buildings = 1 }]")
    assert error(data).startswith("feds.toml: fed 'raid': lose buildings before Stock")


def test_a_fed_card_needs_four_thresholds(data):
    edit(data, "feds.toml", '  { bribe = 45, months = 12, lose = [{ booze = 12 }], text = "Lose 12 Booze" },\n', "")
    msg = error(data)
    assert msg.startswith("feds.toml: fed 'dry_agents': levels") and "at least 4" in msg


def test_building_costs_must_not_fall(data):
    edit(data, "buildings.toml", "costs = [5, 5, 10, 10, 15, 15, 20]", "costs = [5, 10, 5, 10, 15, 15, 20]")
    msg = error(data)
    assert msg.startswith("buildings.toml: building 'still'") and "must not fall" in msg


def test_a_building_stocked_with_both_gs_and_booze(data):
    edit(data, "buildings.toml", "stock = { booze = 2 }", "stock = { booze = 2, gs = 5 }")
    assert "building 'speakeasy': stock" in error(data)


def test_a_setup_block_that_does_not_exist(data):
    edit(data, "board.toml", "goons = { li1 = 3, li2 = 1, tl3 = 1, les3 = 1 }", "goons = { li1 = 3, li9 = 1, tl3 = 1, les3 = 1 }")
    assert error(data) == "board.toml: setups for 2 gangs, position 2: Block 'li9' does not exist"


def test_a_setup_block_out_of_play(data):
    edit(
        data,
        "board.toml",
        'turf = ["hk1", "hk2", "hk3", "hk4", "tl1", "tl2", "les1", "gv1"]',
        'turf = ["hk1", "hk2", "hk3", "hr4", "tl1", "tl2", "les1", "gv1"]',
    )
    assert error(data) == "board.toml: setups for 2 gangs, position 1: Block 'hr4' is not in play with 2 gangs"


def test_a_setup_with_too_many_units_on_a_block(data):
    edit(data, "board.toml", "goons = { hk1 = 3, hk2 = 1, tl1 = 1, les1 = 1 }", "goons = { hk1 = 4, tl1 = 1, les1 = 1 }")
    assert error(data) == "board.toml: setups for 2 gangs, position 1: Block 'hk1' holds 5 Units, more than 4"


def test_two_gangs_cannot_share_a_starting_block(data):
    edit(
        data,
        "board.toml",
        'turf = ["li1", "li2", "li3", "li4", "tl3", "tl4", "les3", "les4"]',
        'turf = ["li1", "li2", "li3", "li4", "tl2", "tl4", "les3", "les4"]',
    )
    assert error(data) == ("board.toml: setups for 2 gangs, position 2: Turf Block 'tl2' belongs to an earlier position")


def test_overlapping_cells(data):
    edit(data, "board.toml", "cells = [[2, 4],", "cells = [[2, 3],")
    assert error(data) == "board.toml: neighborhood 'tl': Block 1 shares cell [2, 3] with hk4"


def test_badges_must_rise(data):
    edit(data, "board.toml", "badges = [8, 15,", "badges = [15, 8,")
    assert error(data).startswith("board.toml: heat: Value error, badges must rise")


def test_a_mat_fee_table_needs_an_open_last_row(data):
    edit(data, "mats.toml", "fees = [{ gs = 0 }]", "fees = [{ upto = 24, gs = 0 }]")
    msg = error(data)
    assert msg.startswith("mats.toml: mat 'rum_row'") and "the last has none" in msg


def test_an_unknown_mat_bonus(data):
    edit(data, "mats.toml", "bonuses = { booze_output = 2 }", "bonuses = { tommy_guns = 1 }")
    msg = error(data)
    assert msg.startswith("mats.toml: mat 'rum_row': bonuses.tommy_guns")


@pytest.mark.parametrize(
    ("bonus", "says"),
    [("extra_dice_need = 7", "a die's face from 2 to 6"), ("seize_gs = 3", "Gs in 5s"), ("seize_heat = -1", "0 or more")],
)
def test_a_mat_bonus_out_of_range(data, bonus, says):
    edit(data, "mats.toml", "bonuses = { booze_output = 2 }", f"bonuses = {{ {bonus} }}")
    msg = error(data)
    assert msg.startswith("mats.toml: mat 'rum_row'") and says in msg


def test_not_toml_and_missing_files(data):
    (data / "feds.toml").write_text("[[feds]\n")
    assert error(data).startswith("feds.toml: not valid TOML")
    (data / "mats.toml").unlink()
    shutil.copy(DATA_DIR / "feds.toml", data / "feds.toml")
    assert error(data).startswith("mats.toml: file not found in")
