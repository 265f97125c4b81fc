"""`volstead balance RUN...` and the games' report hook (`Game.report_sections`): the simulator's
figures for any game, then the game's own, from plain data the simulator hands it."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from volstead.cli import app
from volstead.engine import RecordError
from volstead.engine.contract import ReportSection
from volstead.sim import SimConfig, run_sim
from volstead.sim.records import RECORDS_FILE, replayed_finals
from volstead.sim.report import write_report
from volstead.sim.runner import load_results

runner = CliRunner()


def write_run(folder, rows, **config):
    folder.mkdir()
    (folder / "sim.json").write_text(json.dumps(config))
    (folder / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))


def test_the_simulators_figures_for_a_game_without_a_hook(tmp_path):
    rows = [
        {"index": 0, "bots": ["a", "b"], "factions": ["x", "y"], "scores": [5, 3], "winners": [0], "decisions": 10,
         "stats": {"turns": 4.0}, "plays": [{"c1": 1}, {}]},
        {"index": 1, "bots": ["b", "a"], "factions": ["y", "x"], "scores": [2, 2], "winners": [0, 1], "decisions": 20,
         "stats": {"turns": 6.0}, "plays": [{}, {"c1": 2}]},
    ]  # fmt: skip
    write_run(tmp_path / "run", rows, game="scarface1920", seats=["a", "b"], seed=7, options={}, cards=["c1", "c2"])
    r = runner.invoke(app, ["balance", str(tmp_path / "run")])
    assert r.exit_code == 0, r.output
    assert r.output == (
        '2 games of scarface1920, seats a, b (rotated), seed 7, options {}\n'
        "win rate by faction, mean score:\n"
        "  x: 75.0% (19.8–97.3%) of 2, mean score 3.5\n"
        "  y: 25.0% (2.7–80.2%) of 2, mean score 2.5\n"
        "win rate by seat position:\n"
        "  seat 0: 75.0% (19.8–97.3%) of 2\n"
        "  seat 1: 25.0% (2.7–80.2%) of 2\n"
        "win rate by bot:\n"
        "  a: 75.0% (19.8–97.3%) of 2\n"
        "  b: 25.0% (2.7–80.2%) of 2\n"
        "win rate by bot and faction, mean score:\n"
        "  a / x: 75.0% (19.8–97.3%) of 2, mean score 3.5\n"
        "  b / y: 25.0% (2.7–80.2%) of 2, mean score 2.5\n"
        "mean per game: decisions 15.0, turns 5.0\n"
        "cards never played: 1 of 2 (c2)\n"
    )  # fmt: skip
    r = runner.invoke(app, ["balance", str(tmp_path / "run"), "--json"])
    fig = json.loads(r.output)
    assert fig["games"] == 2 and fig["game_sections"] == [] and fig["scores_by_faction"]["x"]["mean"] == 3.5


def test_each_bot_as_each_faction_when_bots_of_two_kinds_share_the_tables(tmp_path):
    """Issue 34: whether a faction is weak, or one bot plays it badly, shows in its rate by bot."""
    rows = [
        {"index": 0, "bots": ["ismcts", "greedy"], "factions": ["wolves", "gems"], "scores": [9, 3], "winners": [0]},
        {"index": 1, "bots": ["greedy", "ismcts"], "factions": ["wolves", "gems"], "scores": [8, 4], "winners": [0]},
        {"index": 2, "bots": ["ismcts", "greedy"], "factions": ["gems", "wolves"], "scores": [5, 6], "winners": [1]},
        {"index": 3, "bots": ["greedy", "ismcts"], "factions": ["gems", "wolves"], "scores": [7, 7], "winners": [0, 1]},
    ]  # fmt: skip
    write_run(tmp_path / "run", rows, game="scarface1920", seats=["ismcts", "greedy"], seed=7, options={})
    fig = json.loads(runner.invoke(app, ["balance", str(tmp_path / "run"), "--json"]).output)
    rates = {g: (r["wins"], r["n"]) for g, r in fig["by_bot_faction"].items()}
    assert rates == {
        "greedy / gems": (0.5, 2), "greedy / wolves": (2.0, 2), "ismcts / gems": (0.0, 2), "ismcts / wolves": (1.5, 2)
    }  # fmt: skip
    assert fig["scores_by_bot_faction"]["ismcts / wolves"]["mean"] == 8.0
    write_report(tmp_path / "run", plots=False)
    report = (tmp_path / "run" / "report.md").read_text()
    assert "### By bot and faction" in report and "| ismcts / wolves | 2 | 1.5 | 75.0% |" in report
    # One kind of bot at every seat: the table would repeat "By faction", so there is none.
    same = [{**r, "bots": ["greedy", "greedy"]} for r in rows]
    write_run(tmp_path / "same", same, game="scarface1920", seats=["greedy"] * 2, seed=7, options={})
    assert json.loads(runner.invoke(app, ["balance", str(tmp_path / "same"), "--json"]).output)["by_bot_faction"] == {}


@pytest.fixture
def hooked(prize_bids, monkeypatch):
    """The test game with a report hook that keeps what it was handed; `replay` in `seen` says
    whether it iterates the finals (a game reads them only for what the rows lack)."""
    seen: dict = {"replay": True}

    def report_sections(self, rows, cards, finals):
        seen.update(rows=rows, cards=cards, finals=[state.result() for state in finals] if seen["replay"] else None)
        return [ReportSection("Deals", rates=(("a deal struck", 1.5, 3),), lines=("as the game counts them",), figures={"n": 1})]

    monkeypatch.setattr(type(prize_bids), "report_sections", report_sections)
    return seen


def test_the_hook_is_handed_the_rows_the_cards_and_the_replayed_finals(tmp_path, hooked):
    config = SimConfig("prize_bids", ("random", "greedy"), seed=3, options={"cards": 4})
    run_sim(config, 2, tmp_path / "a")
    run_sim(config, 3, tmp_path / "b", first_game=2)
    r = runner.invoke(app, ["balance", str(tmp_path / "a"), str(tmp_path / "b")])
    assert r.exit_code == 0, r.output
    rows = load_results(tmp_path / "a") + load_results(tmp_path / "b")
    assert hooked["rows"] == rows and hooked["cards"] == []
    assert [list(x.scores) for x in hooked["finals"]] == [row["scores"] for row in rows]  # every game, in order
    assert r.output.endswith("\n\nDeals:\n  a deal struck: 50.0% (12.5–87.5%) of 3\n  as the game counts them\n")
    r = runner.invoke(app, ["balance", str(tmp_path / "a"), "--json"])
    assert json.loads(r.output)["game_sections"] == [
        {"title": "Deals", "rates": {"a deal struck": {"wins": 1.5, "n": 3, "rate": 0.5}}, "lines": ["as the game counts them"],
         "figures": {"n": 1}}
    ]  # fmt: skip


def test_the_report_of_a_run_holds_the_games_sections(tmp_path, hooked):
    run_sim(SimConfig("prize_bids", ("random", "random"), seed=3), 2, tmp_path)
    report = write_report(tmp_path, plots=False).read_text()
    assert report.endswith(
        "## The game's own figures\n\n### Deals\n\n| | trials | successes | rate | 95% CI |\n| --- | ---: | ---: | ---: | --- |\n"
        "| a deal struck | 3 | 1.5 | 50.0% | 12.5% – 87.5% |\n\n- as the game counts them\n"
    )
    assert json.loads((tmp_path / "figures.json").read_text())["game_sections"][0]["title"] == "Deals"
    assert len(hooked["finals"]) == 2


def test_a_record_that_no_longer_replays_leaves_the_simulators_figures(tmp_path, hooked):
    run_sim(SimConfig("prize_bids", ("random", "random"), seed=3), 2, tmp_path)
    lines = (tmp_path / RECORDS_FILE).read_text().splitlines(keepends=True)
    record = json.loads(lines[1])
    record["decisions"] = record["decisions"][:1] + [[0, "no_such_option"]] + record["decisions"][2:]
    (tmp_path / RECORDS_FILE).write_text(lines[0] + json.dumps(record, separators=(",", ":")) + "\n")
    r = runner.invoke(app, ["balance", str(tmp_path)])
    assert r.exit_code == 1 and r.output.startswith("2 games of prize_bids, ") and "Deals" not in r.output
    assert f"error: the game's own figures: game 1 of {tmp_path} does not replay under the run's options (" in r.output
    report = write_report(tmp_path, plots=False).read_text()  # written all the same
    assert f"## The game's own figures\n\nNot computed: game 1 of {tmp_path} does not replay under the run's options (" in report
    assert "### Deals" not in report and "## Elo ladder" in report
    hooked["replay"] = False  # a game that reads the rows alone never meets the record
    r = runner.invoke(app, ["balance", str(tmp_path)])
    assert r.exit_code == 0 and "\nDeals:\n" in r.output


def test_the_finals_are_of_the_runs_game(tmp_path, prize_bids):
    from volstead.games import get_game

    run_sim(SimConfig("prize_bids", ("random", "random"), seed=3), 1, tmp_path)
    with pytest.raises(RecordError, match=re.escape(f"game 0 of {tmp_path} is a record of 'prize_bids', not of 'scarface1920'")):
        next(replayed_finals(get_game("scarface1920"), [tmp_path]))
