"""A defective data file is refused with a short message naming the file, the card and the field.

Each test copies the real data folder to tmp_path, plants one defect and loads it as
`default_content` does (the real Event effects, the complete-set checks).
"""

from __future__ import annotations

import shutil

import pytest

from volstead.engine.errors import ContentError
from volstead.games.mafia_chronicles.content.loader import DATA_DIR, build_content
from volstead.games.mafia_chronicles.rules.events import EVENT_EFFECTS


@pytest.fixture
def data(tmp_path):
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def load(path):
    return build_content(path, events=EVENT_EFFECTS, require_complete=True)


def edit(path, name: str, old: str, new: str) -> None:
    f = path / name
    text = f.read_text()
    assert old in text, f"{old!r} not in {name}"
    f.write_text(text.replace(old, new, 1))


def edit_card(path, name: str, card_id: str, old: str, new: str) -> None:
    """Replace `old` inside the block of the card with this id."""
    f = path / name
    text = f.read_text()
    start = text.index(f'id = "{card_id}"')
    end = text.find("[[", start)
    end = len(text) if end < 0 else end
    block = text[start:end]
    assert old in block, f"{old!r} not in card {card_id}"
    f.write_text(text[:start] + block.replace(old, new, 1) + text[end:])


def error(path) -> str:
    with pytest.raises(ContentError) as e:
        load(path)
    return str(e.value)


def test_the_untouched_copy_loads_with_the_rulebooks_counts(data):
    c = load(data)
    assert len(c.gangsters) == 100 and [c.g_level.count(k) for k in range(1, 6)] == [20] * 5
    assert len(c.business_deck) == 20 and len(c.asset_deck) == 20 and len(c.event_deck) == 12
    assert {"candy_factory", "airstrip", "street", "compound"} <= set(c.b_index)
    assert {"plans", "spotter", "insider"} <= set(c.a_index)


def test_a_missing_file_and_bad_toml_name_the_file(data):
    (data / "events.toml").unlink()
    assert error(data).startswith("events.toml: file not found")
    (data / "events.toml").write_text("[[events]\n")
    assert error(data).startswith("events.toml: not valid TOML")


def test_a_typo_in_a_field_names_the_card_and_field(data):
    edit_card(data, "gangsters.toml", "sal_the_kid", "smarts =", "smartz =")
    msg = error(data)
    assert msg.startswith("gangsters.toml: gangster 'sal_the_kid': ")
    assert "smartz: Extra inputs are not permitted" in msg


def test_a_rating_above_5_is_refused(data):
    edit_card(data, "gangsters.toml", "sal_the_kid", "grit = 1", "grit = 6")
    assert error(data) == ("gangsters.toml: gangster 'sal_the_kid': grit: Input should be less than or equal to 5 (got 6)")


def test_a_gangster_with_the_same_move_twice_is_refused(data):
    edit_card(data, "gangsters.toml", "sal_the_kid", 'move = "steal"', 'move = "murder"')
    assert "gangster 'sal_the_kid'" in error(data) and "the two moves must differ" in error(data)


def test_an_unknown_move_is_refused(data):
    edit_card(data, "gangsters.toml", "sal_the_kid", 'move = "steal"', 'move = "extort"')
    msg = error(data)
    assert "gangster 'sal_the_kid': moves.1.move" in msg and "'extort'" in msg


def test_duplicate_ids_are_refused(data):
    edit_card(data, "gangsters.toml", "mickey_doyle", 'id = "mickey_doyle"', 'id = "sal_the_kid"')
    assert error(data) == "gangsters.toml: gangster id 'sal_the_kid' appears twice"


def test_an_id_shared_between_files_is_refused(data):
    edit_card(data, "assets.toml", "ledger", 'id = "ledger"', 'id = "laundry"')
    assert error(data) == "assets.toml: card id 'laundry' is also used in businesses.toml"


def test_the_levels_must_be_spread_evenly(data):
    edit_card(data, "gangsters.toml", "sal_the_kid", "level = 1", "level = 2")
    assert error(data) == ("gangsters.toml: level 1 has 19 Gangsters; the decks need 20 (5 per deck, §3)")


def test_a_deck_of_the_wrong_size_is_refused(data):
    edit_card(data, "businesses.toml", "speakeasy", "count = 2", "count = 3")
    assert error(data) == "businesses.toml: the deck has 20 cards (§4), this file has 21 with copies"


def test_the_rulebooks_named_cards_must_be_there(data):
    edit_card(data, "assets.toml", "insider", 'id = "insider"', 'id = "informer"')
    assert error(data) == "assets.toml: the rulebook's 'insider' card is missing"


def test_a_chain_kind_belongs_to_its_named_card_only(data):
    edit_card(data, "businesses.toml", "bakery", 'kind = "other"', 'kind = "airstrip"')
    assert error(data) == (
        "businesses.toml: 'bakery' has the chain kind 'airstrip', which only the rulebook's 'airstrip' card has"
    )


def test_the_compound_is_kept_as_the_rulebook_shows_it(data):
    edit_card(data, "businesses.toml", "compound", "price = 250", "price = 200")
    assert error(data).startswith("businesses.toml: 'compound' must be as the rulebook shows it")


def test_an_unknown_bonus_target_is_refused(data):
    edit_card(data, "businesses.toml", "garage", 'to = "torch"', 'to = "arson"')
    msg = error(data)
    assert msg.startswith("businesses.toml: business 'garage': bonus.0.to: Input should be ") and "'arson'" in msg


def test_perk_arguments_are_checked(data):
    edit_card(data, "assets.toml", "getaway_car", 'move = "steal", ', "")
    assert "asset 'getaway_car': perk: Value error, perk 'roll' needs a move" in error(data)


def test_an_asset_cannot_give_a_gangsters_own_ability(data):
    edit_card(data, "assets.toml", "crooked_cop", 'effect = "cool_head", amount = 1', 'effect = "loyal"')
    assert "asset 'crooked_cop': Value error, perk 'loyal' is a Gangster's own ability" in error(data)


def test_an_unknown_event_effect_is_refused(data):
    edit_card(data, "events.toml", "tax_audit", 'effect = "tax"', 'effect = "audit"')
    msg = error(data)
    assert msg.startswith("events.toml: event 'tax_audit': unknown effect 'audit'; known: ")


def test_event_arguments_must_fit_the_effect(data):
    edit_card(data, "events.toml", "tax_audit", "percent = 10", "rate = 10")
    msg = error(data)
    assert msg.startswith("events.toml: event 'tax_audit': effect 'tax' does not take args {'rate': 10}")


def test_an_event_naming_an_unknown_move_is_refused(data):
    edit_card(data, "events.toml", "mob_funeral", 'move = "murder"', 'move = "whack"')
    assert error(data) == "events.toml: event 'mob_funeral': unknown move 'whack'"


def test_a_syndicate_colour_must_be_a_css_hex_colour(data):
    edit(data, "setting.toml", 'color = "#b03030"', 'color = "red"')
    msg = error(data)
    assert msg.startswith("setting.toml: syndicate 'valenti': color: String should match pattern")
