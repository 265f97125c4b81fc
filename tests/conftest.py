"""Suite-wide fixtures. `prize_bids` makes the platform's test game (tests/platform_game) known for
one test the way an installed game package is: by its entry point. No platform code knows it."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import volstead.games

PRIZE_BIDS = "prize_bids"
PLATFORM_GAME = Path(__file__).resolve().parent / "platform_game"


@pytest.fixture(scope="session")
def prize_bids_metadata(tmp_path_factory) -> Path:
    """A folder holding the installed metadata of the test game's package as pip would write it:
    the entry points its pyproject.toml declares, and no code (`platform_game` is imported from
    tests/). tests/platform_game/test_as_package.py installs the package itself, with pip."""
    project = tomllib.loads((PLATFORM_GAME / "pyproject.toml").read_text())["project"]
    name, version = project["name"], project["version"]
    folder = tmp_path_factory.mktemp("prize-bids-metadata")
    info = folder / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    groups = "".join(
        f"[{group}]\n" + "".join(f"{key} = {value}\n" for key, value in points.items())
        for group, points in project["entry-points"].items()
    )
    (info / "entry_points.txt").write_text(groups)
    return folder


@pytest.fixture
def prize_bids(prize_bids_metadata, monkeypatch):
    """The test game, found by the registry through its `volstead.games` entry point for the test;
    its `GAME` object."""
    import platform_game

    monkeypatch.syspath_prepend(str(prize_bids_metadata))
    monkeypatch.setattr(volstead.games, "_installed", None)  # the entry points are read again
    assert volstead.games.get_game(PRIZE_BIDS) is platform_game.GAME
    return platform_game.GAME
