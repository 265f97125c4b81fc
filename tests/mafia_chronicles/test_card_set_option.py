"""The Mafia Chronicles played with another card set (the `cards` option: a folder of the same five
files; the designer's workbench and `volstead sim --compare` use it), like the other two games."""

from __future__ import annotations

import tomllib

import pytest

from volstead.engine import card_sets
from volstead.engine.errors import ContentError
from volstead.games import get_game

GAME = get_game("mafia_chronicles")


def _cheaper_first_gangster(by: int = 50):
    base = card_sets.embedded_set(GAME)
    data = tomllib.loads(base["gangsters.toml"])
    first = dict(data["gangsters"][0])
    cheaper = {**first, "price": first["price"] - by}
    text = card_sets.replace_entry(base["gangsters.toml"], "gangsters", first["id"], cheaper, "gangsters.toml")
    return {**base, "gangsters.toml": text}, first


def test_a_game_set_up_with_a_folder_plays_its_cards(tmp_path):
    cards, first = _cheaper_first_gangster()
    card_sets.write_set(cards, tmp_path)
    options = GAME.options_from_json({"cards": str(tmp_path)})
    state = GAME.new_game(3, 4, options)
    assert state.content.g_price[0] == first["price"] - 50
    assert GAME.new_game(3, 4).content.g_price[0] == first["price"]
    tables = {t.deck: t for t in GAME.card_tables(options)}
    base_tables = {t.deck: t for t in GAME.card_tables()}
    assert tables.keys() == base_tables.keys() and tables != base_tables


def test_a_folder_the_loader_refuses_is_refused_at_setup(tmp_path):
    cards, _ = _cheaper_first_gangster(by=10_000)  # a negative price
    card_sets.write_set(cards, tmp_path)
    with pytest.raises(ContentError, match=r"^gangsters.toml: gangster '"):
        GAME.new_game(3, 4, GAME.options_from_json({"cards": str(tmp_path)}))


def test_the_lobby_may_not_set_the_folder():
    assert GAME.card_set_option == "cards" and "cards" in GAME.lobby_hidden_options
