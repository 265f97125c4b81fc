"""A defective data file is refused with a message naming the file, the card and the field.

Each test copies the real data folder to tmp_path, plants one defect and loads it
as `default_content` does (real effect registry, real modifiers, complete set).
"""

from __future__ import annotations

import re
import shutil

import pytest

from volstead.engine.errors import ContentError
from volstead.games.scarface1920.content.loader import DATA_DIR, build_content
from volstead.games.scarface1920.effects import EFFECTS
from volstead.games.scarface1920.rules.modifiers import MODIFIERS


@pytest.fixture
def data(tmp_path):
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def load(path):
    return build_content(path, "published", effects=EFFECTS, modifiers=frozenset(MODIFIERS), require_complete=True)


def edit(path, name: str, old: str, new: str, count: int = 1) -> None:
    f = path / name
    text = f.read_text()
    assert text.count(old) >= count, f"{old!r} not in {name}"
    f.write_text(text.replace(old, new, count))


def error(path) -> str:
    with pytest.raises(ContentError) as e:
        load(path)
    return str(e.value)


def card_block(path, name: str, card_id: str) -> tuple[str, str]:
    """(whole file text, the text of the [[cards]] block with this id)."""
    text = (path / name).read_text()
    start = text.index(f'id = "{card_id}"')
    end = text.find("[[cards]]", start)
    return text, text[start : end if end > 0 else len(text)]


def edit_card(path, name: str, card_id: str, old: str, new: str) -> None:
    text, block = card_block(path, name, card_id)
    assert old in block, f"{old!r} not in card {card_id}"
    (path / name).write_text(text.replace(block, block.replace(old, new, 1), 1))


def test_the_untouched_copy_loads(data):
    c = load(data)
    assert len(c.cards) == 100 and len(c.jobs) == 37


def test_typo_in_a_field_name(data):
    edit_card(data, "associates.toml", "brewmaster", "influence = 2", "influense = 2")
    msg = error(data)
    assert msg.startswith("associates.toml")
    assert "'brewmaster'" in msg and "influense" in msg and "Extra inputs are not permitted" in msg


def test_wrong_type(data):
    edit_card(data, "associates.toml", "brewmaster", "stars = 3", 'stars = "three"')
    msg = error(data)
    assert msg.startswith("associates.toml") and "'brewmaster'" in msg and "stars" in msg


def test_wrong_type_in_a_nested_field(data):
    edit_card(data, "dealers.toml", "distillery_owner", "storage = 1", "storage = -1")
    msg = error(data)
    assert msg.startswith("dealers.toml") and "'distillery_owner'" in msg and "storage" in msg


def test_unknown_effect_name(data):
    edit_card(data, "associates.toml", "brewmaster", 'skill = { effect = "gain_goods"', 'skill = { effect = "gain_goodz"')
    msg = error(data)
    assert msg.startswith("associates.toml") and "'brewmaster'" in msg and "skill" in msg
    assert "unknown effect 'gain_goodz'" in msg


def test_args_the_effect_does_not_take(data):
    edit_card(
        data, "associates.toml", "brewmaster", "args = { alcohol = 2, guns = 0, either = 0 }", "args = { alcohol = 2, rum = 1 }"
    )
    msg = error(data)
    assert msg.startswith("associates.toml") and "'brewmaster'" in msg and "skill" in msg
    assert "'gain_goods' does not take these args" in msg and "rum" in msg


def test_missing_required_arg(data):
    edit_card(data, "raids.toml", "tax_audit", '{ effect = "pay", args = { amount = 2 }', '{ effect = "pay", args = {}')
    msg = error(data)
    assert msg.startswith("raids.toml") and "'tax_audit'" in msg and "bands[0]" in msg and "amount" in msg


def test_unknown_effect_inside_a_combo(data):
    edit_card(
        data,
        "jobs.toml",
        "easy_money",
        '{ effect = "draw_jobs", args = { n = 2 } }',
        '{ effect = "draw_jobz", args = { n = 2 } }',
    )
    msg = error(data)
    assert msg.startswith("jobs.toml") and "'easy_money'" in msg and "draw_jobz" in msg


def test_unknown_modifier(data):
    edit_card(data, "jobs.toml", "truck_fleet", "modifiers = { sale_bonus = 2 }", "modifiers = { sale_bonsu = 2 }")
    msg = error(data)
    assert msg.startswith("jobs.toml") and "'truck_fleet'" in msg and "modifiers" in msg
    assert "unknown modifier 'sale_bonsu'" in msg


def test_unknown_modifier_on_news(data):
    edit(data, "news.toml", "modifiers = { business_income = -1 }", "modifiers = { business_tax = -1 }")
    msg = error(data)
    assert msg.startswith("news.toml") and "'capone_convicted'" in msg and "modifiers" in msg and "business_tax" in msg


def test_unknown_crime_type(data):
    edit_card(data, "associates.toml", "brewmaster", 'crime = "bootlegging"', 'crime = "arson"')
    msg = error(data)
    assert msg.startswith("associates.toml") and "'brewmaster'" in msg and "crime" in msg and "arson" in msg


def test_unknown_crime_type_in_matching_requires(data):
    edit_card(data, "associates.toml", "brewmaster", 'requires = ["bootlegging"]', 'requires = ["smuggling"]')
    msg = error(data)
    assert msg.startswith("associates.toml") and "'brewmaster'" in msg and "matching.requires" in msg


def test_count_that_does_not_match_the_complete_set(data):
    edit(
        data,
        "jobs.toml",
        'id = "easy_money"\nname = "Easy Money"\ntype = "instant"\ncount = 2',
        'id = "easy_money"\nname = "Easy Money"\ntype = "instant"\ncount = 3',
    )
    msg = error(data)
    assert msg == "jobs.toml: the complete set has 39 cards, this file has 40"
    assert build_content(data, "published", effects=EFFECTS, modifiers=frozenset(MODIFIERS)) is not None


def test_count_missing_a_card(data):
    text, block = card_block(data, "associates.toml", "brewmaster")
    (data / "associates.toml").write_text(text.replace("[[cards]]\n" + block, "", 1))
    assert "associates.toml: the complete set has 60 cards, this file has 59" == error(data)


def test_duplicate_card_id(data):
    edit_card(data, "associates.toml", "brewmaster", 'id = "brewmaster"', 'id = "moonshiner"')
    msg = error(data)
    assert msg == "associates.toml: card id 'moonshiner' appears twice"


def test_duplicate_id_across_files(data):
    edit_card(data, "associates.toml", "brewmaster", 'id = "brewmaster"', 'id = "outfit_torpedoes"')
    msg = error(data)
    assert msg == "associates.toml: card id 'outfit_torpedoes' is also used in gang_members.toml"


def test_duplicate_job_id(data):
    edit_card(data, "jobs.toml", "bootleg_run", 'id = "bootleg_run"', 'id = "prison_escape"')
    msg = error(data)
    assert msg.startswith("jobs.toml") and "'prison_escape'" in msg and "twice" in msg


def test_asymmetric_adjacency(data):
    edit(data, "board.toml", 'adjacent = ["north_side", "west_side"]', 'adjacent = ["north_side"]')
    msg = error(data)
    assert msg.startswith("board.toml") and "'west_side'" in msg and "'far_north_side'" in msg and "adjacent" in msg


def test_adjacent_district_that_does_not_exist(data):
    edit(data, "board.toml", 'adjacent = ["north_side", "west_side"]', 'adjacent = ["north_side", "west_sid"]')
    msg = error(data)
    assert msg.startswith("board.toml") and "'far_north_side'" in msg and "'west_sid'" in msg


def test_invalid_toml(data):
    edit_card(data, "associates.toml", "brewmaster", "stars = 3", "stars = = 3")
    msg = error(data)
    assert msg.startswith("associates.toml: not valid TOML")
    line = next(i for i, x in enumerate((data / "associates.toml").read_text().splitlines(), 1) if "stars = = 3" in x)
    assert re.search(rf"line {line}\b", msg)


def test_missing_file(data):
    (data / "news.toml").unlink()
    assert error(data).startswith("news.toml: file not found")


def test_job_requirement_vocabulary(data):
    edit_card(data, "jobs.toml", "turf_war", 'what = "thugs_districts"', 'what = "thugs_streets"')
    msg = error(data)
    assert msg.startswith("jobs.toml") and "'turf_war'" in msg and "requires" in msg and "thugs_streets" in msg


def test_an_activation_names_a_known_effect_and_only_a_permanent_job_has_one(data):
    edit_card(data, "jobs.toml", "police_on_the_payroll", 'effect = "move_police"', 'effect = "teleport"')
    msg = error(data)
    assert msg.startswith("jobs.toml") and "'police_on_the_payroll'" in msg and "activate" in msg
    assert "teleport" in msg


def test_an_instant_job_cannot_be_activated(data):
    edit_card(
        data, "jobs.toml", "easy_money", 'type = "instant"', 'type = "instant"\nactivate = { effect = "nothing", text = "x" }'
    )
    msg = error(data)
    assert msg.startswith("jobs.toml") and "only a permanent Job can be activated" in msg
