"""Balance at two strengths (issue 34, item 5): rates side by side, fragile and outside-band flags."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from volstead.cli import app
from volstead.engine.errors import VolsteadError
from volstead.sim import SimConfig, run_sim
from volstead.sim.strengths import side_by_side, strengths_markdown


def rows(winners_by_faction: list[str], factions=("a", "b", "c", "d"), bot="greedy") -> list[dict]:
    """One 4-seat game a winner: factions seated in order, rotated a seat each game."""
    out = []
    for i, winner in enumerate(winners_by_faction):
        seated = factions[i % 4 :] + factions[: i % 4]
        out.append({"index": i, "bots": [bot] * 4, "factions": list(seated), "winners": [seated.index(winner)]})
    return out


def config(bot: str) -> dict:
    return {"game": "g", "seats": [bot] * 4}


def test_rates_side_by_side_with_the_fragile_and_outside_flags():
    weak = rows(["a"] * 10 + ["b"] * 10 + ["c"] * 10 + ["d"] * 10)  # 25 % each
    strong = rows(["a"] * 16 + ["b"] * 8 + ["c"] * 8 + ["d"] * 8, bot="ismcts")  # a 40 %, the others 20 %
    fig = side_by_side(weak, strong, config("greedy"), config("ismcts"))
    by_key = {r["key"]: r for r in fig["factions"]}
    assert by_key["a"]["weak"]["rate"] == 0.25 and by_key["a"]["strong"]["rate"] == 0.4
    assert by_key["a"]["moved"] == pytest.approx(0.15) and by_key["a"]["fragile"]
    assert by_key["b"]["moved"] == pytest.approx(-0.05) and not by_key["b"]["fragile"]  # exactly 5 points: not more
    assert by_key["a"]["outside_band"] == [False, True] and by_key["b"]["outside_band"] == [False, True]
    assert [r["key"] for r in fig["seats"]] == ["0", "1", "2", "3"]
    text = strengths_markdown(fig, "greedy", "ismcts")
    assert "| a | 25.0 % (14.2–40.2, n 40) | 40.0 % (26.3–55.4, n 40) | +15.0 | **fragile**, *outside at ismcts* |" in text
    assert "| b | 25.0 % (14.2–40.2, n 40) | 20.0 % (10.5–34.8, n 40) | -5.0 | *outside at ismcts* |" in text


def test_runs_of_two_games_are_refused():
    with pytest.raises(VolsteadError, match="different games: g and h"):
        side_by_side(rows(["a"]), rows(["a"]), config("greedy"), {"game": "h", "seats": ["x"] * 4})


def test_the_command_pools_each_sides_pieces(tmp_path):
    weak = [tmp_path / "w1", tmp_path / "w2"]
    run_sim(SimConfig("scarface1920", ("random",) * 4, 5, {}, False), 2, weak[0], workers=1)
    run_sim(SimConfig("scarface1920", ("random",) * 4, 5, {}, False), 4, weak[1], workers=1, first_game=2)
    strong = tmp_path / "s"
    run_sim(SimConfig("scarface1920", ("greedy",) * 4, 5, {}, False), 2, strong, workers=1)
    r = CliRunner().invoke(app, ["strengths", "--weak", str(weak[0]), "--weak", str(weak[1]), "--strong", str(strong), "--json"])
    assert r.exit_code == 0, r.output
    fig = json.loads(r.output)
    assert fig["weak"]["games"] == 4 and fig["strong"]["games"] == 2
    assert sum(row["weak"]["n"] for row in fig["seats"]) == 16
    out = tmp_path / "two.md"
    r = CliRunner().invoke(app, ["strengths", "--weak", str(weak[0]), "--strong", str(strong), "--out", str(out)])
    assert r.exit_code == 0 and out.read_text().startswith("## Balance at two strengths: scarface1920")
    r = CliRunner().invoke(app, ["strengths", "--weak", str(weak[0]), "--weak", str(weak[0]), "--strong", str(strong)])
    assert r.exit_code == 2 and "pool runs made as separate ranges" in r.output
