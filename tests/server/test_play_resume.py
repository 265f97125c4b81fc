"""`volstead play` again resumes your unfinished game (README, Quick start); `--new`, or a game
described by seats, seed or options, starts another (issue 12)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from volstead.cli import app
from volstead.server import commands, local_games
from volstead.server.store import Store


@pytest.fixture
def played(tmp_path, monkeypatch):
    """Runs `volstead play ARGS` without serving: the link it would open, and its output."""
    monkeypatch.setenv("VOLSTEAD_DATA", str(tmp_path / "data"))
    db = f"sqlite:///{tmp_path / 'games.db'}"
    opened = []
    monkeypatch.setattr(commands, "_run", lambda app_, host, port, url, open_browser: opened.append(url))

    def play(*args):
        r = CliRunner().invoke(app, ["play", "--no-browser", "--db", db, *args])
        assert r.exit_code == 0, r.output
        return opened[-1], r.output

    play.db = db
    return play


def game_of(url: str) -> str:
    return url.split("/game/")[1].split("?")[0]


def test_play_again_resumes_the_unfinished_game_with_its_seat_link(played):
    first, out = played()
    assert "?token=" in first and "unfinished" not in out
    again, out = played()
    assert again == first and "Your unfinished scarface1920 game" in out and "--new" in out


def test_new_or_a_described_game_starts_another(played):
    first, _ = played()
    assert game_of(played("--new")[0]) != game_of(first)
    assert game_of(played("--seats", "human,random")[0]) not in (game_of(first),)
    latest = local_games.load()[0]["id"]
    assert game_of(played()[0]) == latest  # the newest unfinished one


def test_a_finished_game_is_not_resumed(played):
    first, _ = played()
    store = Store(played.db)
    store.set_status(game_of(first), "finished")
    store.close()
    assert game_of(played()[0]) != game_of(first)


def test_the_links_file_is_private_and_a_broken_one_is_ignored(played, tmp_path):
    played()
    path = local_games.links_file()
    assert path.stat().st_mode & 0o777 == 0o600
    path.write_text("{not json")
    url, out = played()
    assert "?token=" in url and "unfinished" not in out
