"""The bots' ratings a lobby shows (issue 34, item 7): `volstead ladder --save` writes a game's ratings
file from runs, `Game.bot_ratings()` reads it, and the lobby's game description carries it."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from volstead.cli import app
from volstead.engine.errors import ContentError
from volstead.engine.ratings import RATINGS_FILE, ratings_toml, read_ratings
from volstead.games import get_game
from volstead.sim import SimConfig, run_sim
from volstead.sim.report import elo_ladder
from volstead.sim.runner import load_results


def test_a_ladder_written_as_a_ratings_file_reads_back_exactly(tmp_path):
    ladder = [
        {"bot": "ismcts:200ms", "elo": 1612.04, "games": 1200, "score": 0.7, "low": 1540.55, "high": 1690.21},
        {"bot": "greedy", "elo": 1388.96, "games": 1200, "score": 0.5},
        {"bot": "random", "elo": 1000.0, "games": 1200, "score": 0.1},
    ]
    path = tmp_path / RATINGS_FILE
    path.write_text(ratings_toml('Scarface "1920"', "2026-11-28, three runs", ladder))
    ratings = read_ratings(path)
    assert ratings is not None and ratings.measured == "2026-11-28, three runs"
    assert {k: (v.elo, v.pairings) for k, v in ratings.bots.items()} == {
        "ismcts:200ms": (1612.0, 1200),
        "greedy": (1389.0, 1200),
        "random": (1000.0, 1200),
    }
    assert (ratings.bots["ismcts:200ms"].low, ratings.bots["ismcts:200ms"].high) == (1540.5, 1690.2)
    assert ratings.bots["greedy"].low is None and ratings.bots["greedy"].high is None
    assert read_ratings(tmp_path / "none.toml") is None


def test_a_malformed_ratings_file_is_a_content_error_naming_the_field(tmp_path):
    path = tmp_path / RATINGS_FILE
    path.write_text('measured = "x"\n[bots.greedy]\nelo = "high"\npairings = 3\n')
    with pytest.raises(ContentError, match=r"bot_ratings.toml: bots.greedy.elo: Input should be a valid number"):
        read_ratings(path)


@pytest.mark.parametrize(
    "interval, error",
    [
        ("low = 900.0", "give both ends of the interval"),
        ("low = 1300.0\nhigh = 1200.0", r"low \(1300.0\) is above high \(1200.0\)"),
    ],
)
def test_a_ratings_interval_needs_both_ends_in_order(tmp_path, interval, error):
    path = tmp_path / RATINGS_FILE
    path.write_text(f'measured = "x"\n[bots.greedy]\nelo = 1250.0\npairings = 3\n{interval}\n')
    with pytest.raises(ContentError, match=f"bot_ratings.toml: bots.greedy: .*{error}"):
        read_ratings(path)


def test_a_game_without_a_ratings_file_rates_no_bot_and_one_with_it_each(tmp_path, monkeypatch):
    game = get_game("mafia_chronicles")
    assert game.bot_ratings() == {} or (game.package_dir / "data" / RATINGS_FILE).is_file()
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / RATINGS_FILE).write_text(
        ratings_toml("The Mafia Chronicles", "test", [{"bot": "greedy", "elo": 1234.5, "games": 9}])
    )
    monkeypatch.setattr(type(game), "package_dir", property(lambda self: tmp_path))
    assert game.bot_ratings() == {"greedy": 1234.5}
    assert game.describe()["bot_ratings"] == {"greedy": 1234.5}


def test_ladder_save_writes_the_runs_ratings(tmp_path):
    runs = []
    for name, seats in (("a", ["greedy", "random"]), ("b", ["random", "greedy"])):
        out = tmp_path / name
        run_sim(SimConfig("scarface1920", tuple(seats), 3, {}, False), 4, out, workers=1)
        runs.append(out)
    saved = tmp_path / RATINGS_FILE
    r = CliRunner().invoke(app, ["ladder", *map(str, runs), "--save", str(saved)])
    assert r.exit_code == 0, r.output
    rows = load_results(runs[0]) + load_results(runs[1])
    expected = {e["bot"]: (round(e["elo"], 1), e["games"]) for e in elo_ladder(rows)}
    ratings = read_ratings(saved)
    assert ratings is not None
    assert {k: (v.elo, v.pairings) for k, v in ratings.bots.items()} == expected
    assert "8 games in 2 runs (a; b), tables greedy,random | random,greedy" in ratings.measured
    assert saved.read_text().startswith("# Volstead's own measurement of its bots in Scarface 1920")


def test_ladder_save_refuses_runs_of_two_games(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    run_sim(SimConfig("scarface1920", ("random", "random"), 1, {}, False), 1, a, workers=1)
    run_sim(SimConfig("prohibition", ("random", "random"), 1, {}, False), 1, b, workers=1)
    r = CliRunner().invoke(app, ["ladder", str(a), str(b), "--save", str(tmp_path / "x.toml")])
    assert r.exit_code == 2
    assert "--save needs runs of one game" in r.output and not (tmp_path / "x.toml").exists()


def test_the_lobby_offers_the_ladders_budgets(tmp_path):
    from fastapi.testclient import TestClient

    from volstead.server.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path}/lobby.db")) as client:
        info = client.get("/api/info").json()
    specs = [s["spec"] for s in info["strengths"]]
    assert specs == ["random", "greedy", "ismcts:50ms", "ismcts:200ms", "ismcts:1000ms", "learned"]
    assert all(json.dumps(g["bot_ratings"]) for g in info["games"])
