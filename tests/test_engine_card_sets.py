"""engine/card_sets.py: a game's card set as file texts — read, edit keeping the files' comments,
compare, and check with the messages of loading a `cards` folder (issue 38's ground floor)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from volstead.engine import card_sets as cs
from volstead.engine.errors import ContentError
from volstead.games import get_game

CARD_GAMES = ["scarface1920", "prohibition", "mafia_chronicles"]


def test_every_built_in_game_names_its_card_set():
    from volstead.games import _BUILT_IN

    assert sorted(_BUILT_IN) == sorted(CARD_GAMES)
    for name in CARD_GAMES:
        game = get_game(name)
        assert game.card_set_folder() is not None and game.card_set_files()


@pytest.mark.parametrize("name", CARD_GAMES)
def test_the_embedded_set_reads_checks_and_equals_itself(name):
    game = get_game(name)
    cards = cs.embedded_set(game)
    assert list(cards) == list(game.card_set_files())
    cs.check_set(game, cards)  # loads as the game loads it
    assert cs.diff_sets(cards, cards) == []


def _entry(cards, file, key, index):
    return dict(tomllib.loads(cards[file])[key][index])


def test_an_edited_number_is_one_change_and_the_rest_of_the_file_is_kept():
    game = get_game("scarface1920")
    base = cs.embedded_set(game)
    card = _entry(base, "associates.toml", "cards", 0)
    assert (card["id"], card["influence"]) == ("moonshiner", 0)
    variant = dict(base)
    variant["associates.toml"] = cs.replace_entry(base["associates.toml"], "cards", "moonshiner", {**card, "influence": 1})
    changes = cs.diff_sets(base, variant)
    assert [c.text for c in changes] == ["associates.toml: card 'moonshiner': influence 0 → 1"]
    assert changes[0] == cs.Change("associates.toml", "card 'moonshiner'", "influence", 0, 1)
    # one line differs: comments, order and layout are the file's own
    old, new = base["associates.toml"].splitlines(), variant["associates.toml"].splitlines()
    assert len(old) == len(new)
    assert [(a, b) for a, b in zip(old, new) if a != b] == [("influence = 0", "influence = 1")]
    cs.check_set(game, variant)


def test_a_bad_value_gets_the_message_of_loading_the_folder(tmp_path):
    game = get_game("prohibition")
    base = cs.embedded_set(game)
    fed = _entry(base, "feds.toml", "feds", 1)
    variant = {**base, "feds.toml": cs.replace_entry(base["feds.toml"], "feds", "padlock", {**fed, "picker": "left"})}
    expected = "feds.toml: fed 'padlock': picker: Input should be 'self' or 'right' (got 'left')"
    with pytest.raises(ContentError) as checked:
        cs.check_set(game, variant)
    assert str(checked.value) == expected
    cs.write_set(variant, tmp_path)
    with pytest.raises(ContentError) as at_setup:
        game.new_game(1, 4, game.options_from_json({"cards": str(tmp_path)}))
    assert str(at_setup.value) == expected


def test_removing_and_adding_entries_where_the_counts_allow():
    game = get_game("scarface1920")
    base = cs.embedded_set(game)
    fewer = {**base, "associates.toml": cs.remove_entry(base["associates.toml"], "cards", "moonshiner")}
    assert [c.text for c in cs.diff_sets(base, fewer)] == ["associates.toml: card 'moonshiner' removed"]
    with pytest.raises(ContentError, match=r"^associates.toml: the complete set has 60 cards, this file has 59$"):
        cs.check_set(game, fewer)
    copy = {**_entry(base, "associates.toml", "cards", 0), "id": "moonshiner_2", "name": "Moonshiner II"}
    swapped = {**fewer, "associates.toml": cs.add_entry(fewer["associates.toml"], "cards", copy, after=0)}
    assert [c.text for c in cs.diff_sets(base, swapped)] == [
        "associates.toml: card 'moonshiner' removed",
        "associates.toml: card 'moonshiner_2' added",
    ]
    cs.check_set(game, swapped)  # 60 cards again


def test_nested_and_top_level_changes_are_named_by_their_path():
    base = {"x.toml": 'note = "a"\n[[cards]]\nid = "c"\nskill = { effect = "e", args = { n = 1 } }\n'}
    variant = {"x.toml": 'note = "b"\n[[cards]]\nid = "c"\nskill = { effect = "e", args = { n = 2 } }\n'}
    assert [c.text for c in cs.diff_sets(base, variant)] == [
        "x.toml: note 'a' → 'b'",
        "x.toml: card 'c': skill.args.n 1 → 2",
    ]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: cs.replace_entry(s, "cards", "nobody", {}, "associates.toml"), "associates.toml: no card with id 'nobody'"),
        (lambda s: cs.remove_entry(s, "cards", 99, "associates.toml"), "associates.toml: cards has 60 entries, no entry 99"),
        (lambda s: cs.add_entry(s, "decks", {}, file="associates.toml"), "associates.toml: has no list 'decks'"),
    ],
)
def test_an_edit_of_what_is_not_there_is_refused(change, message):
    text = cs.embedded_set(get_game("scarface1920"))["associates.toml"]
    with pytest.raises(ContentError) as e:
        change(text)
    assert str(e.value) == message


def test_a_set_with_a_stranger_or_missing_file_or_bad_toml_is_refused(tmp_path):
    game = get_game("mafia_chronicles")
    base = cs.embedded_set(game)
    with pytest.raises(ContentError, match=r"^help.toml: not a file of the card set of The Mafia Chronicles "):
        cs.check_set(game, {**base, "help.toml": ""})
    with pytest.raises(ContentError, match=r"^events.toml: missing from the card set$"):
        cs.check_set(game, {k: v for k, v in base.items() if k != "events.toml"})
    with pytest.raises(ContentError, match=r"^events.toml: not valid TOML: "):
        cs.diff_sets(base, {**base, "events.toml": "id = "})
    with pytest.raises(ContentError, match=r"^'../x.toml' is not a card-set file name"):
        cs.write_set({"../x.toml": ""}, tmp_path)
    assert not (tmp_path.parent / "x.toml").exists()
    with pytest.raises(ContentError, match=r"^setting.toml: file not found in "):
        cs.read_folder(game, Path(tmp_path))


@pytest.mark.parametrize("name", CARD_GAMES)
def test_a_file_rewritten_with_its_own_data_is_the_same_text(name):
    for file, text in cs.embedded_set(get_game(name)).items():
        assert cs.rewritten(text, tomllib.loads(text), file) == text, file


def test_rewritten_data_keeps_the_comments_and_parses_to_the_data():
    text = cs.embedded_set(get_game("prohibition"))["schemes.toml"]
    data = tomllib.loads(text)
    first = data["schemes"].pop(0)
    data["schemes"].append({**first, "id": "corner_again"})
    data["schemes"][0]["name"] = "Renamed"
    new = cs.rewritten(text, data, "schemes.toml")
    assert tomllib.loads(new) == data
    comments = [line for line in text.splitlines() if line.startswith("#")]
    assert comments and all(line in new.splitlines() for line in comments)
    assert [c.text for c in cs.diff_sets({"schemes.toml": text}, {"schemes.toml": new})] == [
        "schemes.toml: scheme 'corner_the_market' removed",
        f"schemes.toml: scheme {data['schemes'][0]['id']!r}: name {tomllib.loads(text)['schemes'][1]['name']!r} → 'Renamed'",
        "schemes.toml: scheme 'corner_again' added",
    ]
