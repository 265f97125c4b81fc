"""The engine's content loader (engine/content.py), which every game's `content/loader.py` uses: each
defect of a data file is a ContentError whose message names the file, the entry and the field."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict, Field, model_validator

from volstead.engine.content import content_folder, load_file, singular, unique, unique_across
from volstead.engine.errors import ContentError
from volstead.engine.help import load_rules_help

GAMES = Path(__file__).resolve().parents[1] / "src" / "volstead" / "games"


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Card(Model):
    id: str
    stars: int = Field(ge=1, le=5)
    text: str = ""


class Deck(Model):
    note: str = ""
    cards: list[Card]

    @model_validator(mode="after")
    def _not_empty(self) -> Deck:
        if not self.cards:
            raise ValueError("a deck needs a card")
        return self


class Setup(Model):
    gangs: int
    turf: list[str]


class Board(Model):
    setups: list[Setup]


def write(tmp_path: Path, text: str | bytes, name: str = "deck.toml") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def error(path: Path, model: type[BaseModel] = Deck, **kw) -> str:
    with pytest.raises(ContentError) as e:
        load_file(path, model, **kw)
    return str(e.value)


DECK = """note = "two cards"
[[cards]]
id = "ace"
stars = 5
[[cards]]
id = "deuce"
stars = 2
"""


def test_a_good_file_loads_into_its_model(tmp_path):
    deck = load_file(write(tmp_path, DECK), Deck)
    assert deck == Deck(note="two cards", cards=[Card(id="ace", stars=5), Card(id="deuce", stars=2)])


def test_a_missing_file_names_the_file_and_its_folder(tmp_path):
    assert error(tmp_path / "deck.toml") == f"deck.toml: file not found in {tmp_path}"


def test_a_folder_in_the_files_place_cannot_be_read(tmp_path):
    (tmp_path / "deck.toml").mkdir()
    assert error(tmp_path / "deck.toml") == "deck.toml: cannot be read: Is a directory"


def test_bad_toml_names_the_file_and_the_line(tmp_path):
    msg = error(write(tmp_path, DECK.replace("stars = 2", "stars = = 2")))
    assert re.fullmatch(r"deck\.toml: not valid TOML: [^\n]+ \(at line 7, column 9\)", msg), msg


def test_a_file_not_in_utf8_names_the_byte_and_where_it_is(tmp_path):
    latin1 = DECK.replace('id = "deuce"', 'id = "deuce"\ntext = "Café"').encode("latin-1")
    assert error(write(tmp_path, latin1)) == "deck.toml: not UTF-8 text: byte 0xe9 at line 7, column 12 (save it as UTF-8)"


def test_a_validation_error_names_the_file_the_card_and_the_field(tmp_path):
    assert error(write(tmp_path, DECK.replace("stars = 2", "stars = 9"))) == (
        "deck.toml: card 'deuce': stars: Input should be less than or equal to 5 (got 9)"
    )
    assert error(write(tmp_path, DECK.replace("stars = 2", "starz = 2"))) == (
        "deck.toml: card 'deuce': stars: Field required; card 'deuce': starz: Extra inputs are not permitted (got 2)"
    )


def test_an_entry_without_an_id_is_named_by_its_place_or_by_the_field_the_loader_gives(tmp_path):
    assert error(write(tmp_path, DECK.replace('id = "deuce"\n', ""))) == "deck.toml: cards[1]: id: Field required"
    board = write(tmp_path, '[[setups]]\ngangs = 2\nturf = ["a1"]\n[[setups]]\ngangs = 3\n', "board.toml")
    assert error(board, Board, entry_names={"setups": "gangs"}) == "board.toml: setup with gangs = 3: turf: Field required"
    assert error(board, Board) == "board.toml: setups[1]: turf: Field required"


def test_an_entry_or_a_list_that_is_not_a_table_is_named(tmp_path):
    assert error(write(tmp_path, 'cards = ["ace"]\n')) == (
        "deck.toml: cards[0]: Input should be a valid dictionary or instance of Card (got 'ace')"
    )
    assert error(write(tmp_path, "cards = 3\n")) == "deck.toml: cards: Input should be a valid list (got 3)"
    assert error(write(tmp_path, "[cards]\nid = 3\n")) == "deck.toml: cards: Input should be a valid list"


def test_an_error_of_the_whole_file_is_the_files(tmp_path):
    assert error(write(tmp_path, "cards = []\n")) == "deck.toml: Value error, a deck needs a card"


def test_a_message_lists_three_problems_and_counts_the_rest(tmp_path):
    text = "".join(f'[[cards]]\nid = "c{i}"\nstars = {i + 6}\n' for i in range(5))
    assert error(write(tmp_path, text)) == (
        "deck.toml: card 'c0': stars: Input should be less than or equal to 5 (got 6); "
        "card 'c1': stars: Input should be less than or equal to 5 (got 7); "
        "card 'c2': stars: Input should be less than or equal to 5 (got 8); and 2 more"
    )


def test_a_long_value_is_cut_short(tmp_path):
    msg = error(write(tmp_path, f'[[cards]]\nid = "x"\nstars = "{"nine" * 25}"\n'))
    assert msg == (
        "deck.toml: card 'x': stars: Input should be a valid integer, unable to parse string as an integer "
        f"(got '{('nine' * 25)[:56]}...)"
    )


@pytest.mark.parametrize(
    "key, word",
    [
        ("cards", "card"),
        ("businesses", "business"),
        ("reference_cards", "reference card"),
        ("infamy", "infamy"),
        ("extortion", "extortion"),
        ("districts", "district"),
        ("boss", "boss"),
        ("abilities", "ability"),
        ("matches", "match"),
    ],
)
def test_an_entry_is_named_by_the_singular_of_its_list(key, word):
    assert singular(key) == word


def test_a_duplicate_id_in_one_file():
    unique("feds.toml", "fed", ["raid", "padlock"])
    with pytest.raises(ContentError) as e:
        unique("feds.toml", "fed", ["raid", "padlock", "raid"])
    assert str(e.value) == "feds.toml: fed id 'raid' appears twice"


def test_a_duplicate_id_across_files_names_both():
    files = [("gang_members.toml", ["boss", "torpedo"]), ("associates.toml", ["brewmaster", "torpedo"])]
    with pytest.raises(ContentError) as e:
        unique_across("card", files)
    assert str(e.value) == "associates.toml: card id 'torpedo' is also used in gang_members.toml"
    with pytest.raises(ContentError) as e:
        unique_across("card", [("gang_members.toml", ["boss"]), ("associates.toml", ["ace", "ace"])])
    assert str(e.value) == "associates.toml: card id 'ace' appears twice"
    unique_across("card", [("gang_members.toml", ["boss"]), ("associates.toml", ["ace"])])


def test_the_content_folder_is_the_games_own_or_a_designers_that_exists(tmp_path):
    assert content_folder("", GAMES) == GAMES
    assert content_folder(str(tmp_path), GAMES) == tmp_path
    with pytest.raises(ContentError) as e:
        content_folder(str(tmp_path / "nowhere"), GAMES)
    assert str(e.value) == f"card set folder {str(tmp_path / 'nowhere')!r} does not exist"
    with pytest.raises(ContentError) as e:
        content_folder(str(write(tmp_path, DECK)), GAMES)
    assert str(e.value) == f"card set folder {str(tmp_path / 'deck.toml')!r} is not a folder"


def test_a_bad_help_file_is_named_like_any_data_file(tmp_path):
    path = write(tmp_path, 'note = ""\nsummary = "x"\nturn = ["y"]\nglossary = {}\nkinds = {}\n', "help.toml")
    with pytest.raises(ContentError) as e:
        load_rules_help(path)
    assert str(e.value) == "help.toml: glossary: Dictionary should have at least 1 item after validation, not 0"


def test_no_game_reads_toml_itself():
    """One loader: every game's data files go through engine/content.py."""
    readers = [
        str(path.relative_to(GAMES))
        for path in sorted(GAMES.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, (ast.Import, ast.ImportFrom))
        and any(name == "tomllib" for name in [getattr(node, "module", None), *(a.name for a in node.names)])
    ]
    assert readers == []
