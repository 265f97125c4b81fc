"""The registry finds games installed as packages of their own (entry points of the `volstead.games`
group) beside the built-in three, and a broken or clashing package never hides the other games.

Each test writes packages' installed metadata (`*.dist-info` with `entry_points.txt`) and modules
into a folder of its own on sys.path: what `pip install` leaves, read by the same importlib.metadata.
tests/platform_game/test_as_package.py installs the platform's test game for real."""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import volstead.games
from volstead.cli import app
from volstead.games import DEFAULT_GAME, game_names, get_game, installed_games

BUILT_IN = ["mafia_chronicles", "prohibition", "scarface1920"]

GAME_MODULE = """
from volstead.engine.contract import Game, GameOptions


class Options(GameOptions):
    pass


class Plugged(Game):
    name = {name!r}
    title = {title!r}
    min_seats = 2
    max_seats = 3
    Options = Options


GAME = Plugged()
"""


class Site:
    """A folder on sys.path that packages are 'installed' into; the registry reads it afresh."""

    def __init__(self, root: Path):
        self.root = root
        self.modules: list[str] = []

    def add(self, dist: str, entry_points: dict[str, str], modules: dict[str, str] | None = None) -> None:
        info = self.root / f"{dist.replace('-', '_')}-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n")
        lines = "".join(f"{name} = {value}\n" for name, value in entry_points.items())
        (info / "entry_points.txt").write_text(f"[volstead.games]\n{lines}")
        for module, source in (modules or {}).items():
            (self.root / f"{module}.py").write_text(source)
            self.modules.append(module)


def game_module(name: str, title: str = "A Plugged Game") -> str:
    return GAME_MODULE.format(name=name, title=title)


@pytest.fixture
def site(tmp_path, monkeypatch):
    folder = Site(tmp_path / "site")
    folder.root.mkdir()
    monkeypatch.syspath_prepend(str(folder.root))
    monkeypatch.setattr(volstead.games, "_installed", None)  # read the entry points again
    yield folder
    for module in folder.modules:
        sys.modules.pop(module, None)


def warnings_of(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "volstead.games" and r.levelno == logging.WARNING]


def test_a_game_installed_as_a_package_is_found_by_its_entry_point_beside_the_built_in_ones(site, caplog):
    site.add("plugged-game", {"plugged": "plugged_game:GAME"}, {"plugged_game": game_module("plugged")})
    assert game_names() == sorted([*BUILT_IN, "plugged"])
    game = get_game("plugged")
    assert (type(game).__module__, game.title, game.seat_range()) == ("plugged_game", "A Plugged Game", range(2, 4))
    assert installed_games() == {"plugged": game}
    assert get_game(DEFAULT_GAME).name == "scarface1920" and not warnings_of(caplog)


def test_a_built_in_game_is_found_without_reading_any_packages_metadata(site):
    site.add("plugged-game", {"plugged": "plugged_game:GAME"}, {"plugged_game": game_module("plugged")})
    assert get_game("prohibition").name == "prohibition"
    assert volstead.games._installed is None and "plugged_game" not in sys.modules


def test_a_package_that_fails_to_load_is_left_out_with_a_warning_naming_it_and_the_others_stay(site, caplog):
    site.add("broken-game", {"broken": "broken_game:GAME"}, {"broken_game": "raise ImportError('no module named tables')\n"})
    site.add("plugged-game", {"plugged": "plugged_game:GAME"}, {"plugged_game": game_module("plugged")})
    assert game_names() == sorted([*BUILT_IN, "plugged"])
    assert warnings_of(caplog) == [
        "the volstead.games entry point broken = 'broken_game:GAME' of package broken-game 1.0 is ignored: "
        "loading it raised ImportError: no module named tables"
    ]
    with pytest.raises(KeyError, match="unknown game 'broken'; known games: mafia_chronicles, plugged, prohibition"):
        get_game("broken")
    assert len(warnings_of(caplog)) == 1  # read once a process


def test_a_package_clashing_with_a_built_in_game_is_ignored_the_built_in_one_wins(site, caplog):
    site.add("rival-prohibition", {"prohibition": "rival_prohibition:GAME"}, {"rival_prohibition": game_module("prohibition")})
    assert game_names() == BUILT_IN
    assert type(get_game("prohibition")).__module__ == "volstead.games.prohibition"
    assert warnings_of(caplog) == [
        "the volstead.games entry point prohibition = 'rival_prohibition:GAME' of package rival-prohibition 1.0 is "
        "ignored: 'prohibition' is the name of a built-in game, which wins"
    ]
    assert "rival_prohibition" not in sys.modules  # never imported


def test_two_packages_with_one_game_name_the_first_on_the_path_wins(site, tmp_path, monkeypatch, caplog):
    site.add("first-game", {"twice": "first_game:GAME"}, {"first_game": game_module("twice", "First")})
    later = Site(tmp_path / "later")
    later.root.mkdir()
    monkeypatch.setattr(sys, "path", [*sys.path, str(later.root)])  # after the first site
    later.add("second-game", {"twice": "second_game:GAME"}, {"second_game": game_module("twice", "Second")})
    site.modules.append("second_game")
    assert get_game("twice").title == "First"
    assert warnings_of(caplog) == [
        "the volstead.games entry point twice = 'second_game:GAME' of package second-game 1.0 is ignored: "
        "package first-game 1.0 already provides the game 'twice'"
    ]


@pytest.mark.parametrize(
    ("value", "module", "problem"),
    [
        ("odd_game", game_module("odd"), "it loads to a module, not a volstead Game instance (name the instance: module:GAME)"),
        (
            "odd_game:Plugged",
            game_module("odd"),
            "it loads to a type, not a volstead Game instance (name the instance: module:GAME)",
        ),
        ("odd_game:GAME", game_module("other"), "its Game is named 'other'; the entry point must carry the game's name"),
        (
            "odd_game:MISSING",
            game_module("odd"),
            "loading it raised AttributeError: module 'odd_game' has no attribute 'MISSING'",
        ),
    ],
    ids=["module", "class", "misnamed", "no-such-object"],
)
def test_an_entry_point_that_is_not_its_games_instance_is_left_out(site, caplog, value, module, problem):
    site.add("odd-game", {"odd": value}, {"odd_game": module})
    assert game_names() == BUILT_IN
    assert warnings_of(caplog) == [
        f"the volstead.games entry point odd = {value!r} of package odd-game 1.0 is ignored: {problem}"
    ]


def test_a_game_name_that_is_no_url_part_or_argument_as_it_is_is_refused(site, caplog):
    site.add("odd-game", {"Odd-Game": "odd_game:GAME"}, {"odd_game": game_module("Odd-Game")})
    assert game_names() == BUILT_IN
    assert warnings_of(caplog) == [
        "the volstead.games entry point Odd-Game = 'odd_game:GAME' of package odd-game 1.0 is ignored: "
        "a game's name is 1-40 lowercase letters, digits and _, from a letter"
    ]
    assert "odd_game" not in sys.modules


def test_a_registered_game_and_an_unknown_name(site):
    volstead.games.register("registered", "volstead.games.prohibition")
    try:
        assert "registered" in game_names() and get_game("registered") is get_game("prohibition")
    finally:
        volstead.games.unregister("registered")
    with pytest.raises(KeyError) as unknown:
        get_game("nope")
    assert unknown.value.args[0] == "unknown game 'nope'; known games: mafia_chronicles, prohibition, scarface1920"
    with pytest.raises(KeyError) as not_a_name:
        get_game(7)  # type: ignore[arg-type]
    assert not_a_name.value.args[0].startswith("unknown game a int; known games: mafia_chronicles")


def test_volstead_games_lists_the_others_when_a_package_is_broken(site):
    site.add("broken-game", {"broken": "broken_game:GAME"}, {"broken_game": "1 / 0\n"})
    site.add("plugged-game", {"plugged": "plugged_game:GAME"}, {"plugged_game": game_module("plugged")})
    listed = CliRunner().invoke(app, ["games", "--json"])
    assert listed.exit_code == 0, listed.output
    assert [g["name"] for g in json.loads(listed.stdout)] == ["mafia_chronicles", "plugged", "prohibition", "scarface1920"]
    table = CliRunner().invoke(app, ["games"])
    assert table.exit_code == 0 and "A Plugged Game" in table.stdout and "broken" not in table.stdout
